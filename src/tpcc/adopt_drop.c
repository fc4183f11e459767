/* adopt_drop.c: what adopt --apply adds, by name, and drop on an adopted
 * schema, which takes out that and nothing else: the tables are the
 * other tool's, and so are their rows and every index it made. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <strings.h>
#include "adopt.h"
#include "schema.h"

void adopt_index_name(int table, int secondary, char *buf, size_t len)
{
	snprintf(buf, len, "tpcc_%s_%s", schema_map_tables[table], secondary ? "i2" : "key");
}

/* Is index (on their table t) one adopt adds, by the name it gives? */
static int ours(const schema_map *m, const char *t, const char *index)
{
	char name[SCHEMA_NAME_MAX];
	for (int k = 0; k < SM_TABLES; k++) {
		if (strcasecmp(t, schema_map_name(m, schema_map_tables[k])))
			continue;
		for (int secondary = 0; secondary < 2; secondary++) {
			adopt_index_name(k, secondary, name, sizeof name);
			if (!strcasecmp(index, name))
				return 1;
		}
	}
	return 0;
}

/* The DROP INDEX of each index adopt added that is there now. */
static int index_drops(db_conn *c, const dialect *d, const schema_map *m,
		       char drops[][2 * SCHEMA_NAME_MAX + 64], int max, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc, n = 0;

	if (drv->prepare(c, d->adopt_indexes_sql, &s, e) || drv->execute(s, NULL, 0, NULL, e))
		return -1;
	while ((rc = drv->fetch(s, e)) == 1) {
		const char *t = drv->col_text(s, 0, NULL), *i = drv->col_text(s, 1, NULL);
		if (!t || !i || n == max || !ours(m, t, i))
			continue;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
		snprintf(drops[n++], sizeof drops[0], d->adopt_index_drop_fmt, i, t);
#pragma GCC diagnostic pop
	}
	drv->finalize(s);
	if (rc < 0)
		return -1;
	return drv->commit(c, e) ? -1 : n;
}

int adopt_drop(db_conn *c, const dialect *d, const schema_map *m, int *indexes, db_error *e)
{
	char drops[2 * SM_TABLES][2 * SCHEMA_NAME_MAX + 64];

	*indexes = 0;
	if (!d->adopt_drop || !d->adopt_indexes_sql || !d->adopt_index_drop_fmt)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect cannot adopt, so "
				    "it cannot drop an adopted schema", d->name);
	int n = index_drops(c, d, m, drops, 2 * SM_TABLES, e);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (db_exec(c, drops[i], e) || c->drv->commit(c, e))
			return -1;
		++*indexes;
	}
	for (const char *const *s = d->adopt_drop; *s; s++)
		if (db_exec(c, *s, e))
			return -1;
	return c->drv->commit(c, e);
}
