/* adopt_detect.c: telling the tools' layouts apart by their table names.
 * Each tool's names are its documented schema's: tpcc-mysql names the
 * new-order table new_orders; sysbench-tpcc makes N sets of tables, each
 * name ending in its set's number (warehouse1, new_orders1, ...);
 * BenchBase names the orders table oorder; HammerDB and go-tpc both use
 * the specification's names, and go-tpc keys its history by a row_id
 * column of its own on MySQL, while on PostgreSQL (no row_id there) its
 * index names tell it: idx_h_w_id on history, idx_order on orders. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "adopt.h"

int adopt_read_tables(db_conn *c, const dialect *d, adopt_tables *t, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc;

	t->n = 0;
	if (drv->prepare(c, d->adopt_tables_sql, &s, e) || drv->execute(s, NULL, 0, NULL, e))
		return -1;
	while ((rc = drv->fetch(s, e)) == 1) {
		const char *v = drv->col_text(s, 0, NULL);
		if (v && t->n < (int)(sizeof t->name / sizeof t->name[0]) &&
		    strlen(v) < SCHEMA_NAME_MAX) {
			snprintf(t->name[t->n], SCHEMA_NAME_MAX, "%s", v);
			for (char *p = t->name[t->n]; *p; p++)
				if (*p >= 'A' && *p <= 'Z')
					*p = (char)(*p - 'A' + 'a');
			t->n++;
		}
	}
	drv->finalize(s);
	drv->commit(c, e);
	return rc < 0 ? -1 : 0;
}

int adopt_has(const adopt_tables *t, const char *name)
{
	for (int i = 0; i < t->n; i++)
		if (!strcasecmp(t->name[i], name))
			return 1;
	return 0;
}

/* Does table have column col?  A select of no rows fails when not. */
static int has_column(db_conn *c, const char *table, const char *col)
{
	char sql[256];
	db_stmt *s = NULL;
	db_error e;
	dialect_probe_sql(NULL, col, table, sql, sizeof sql);
	int ok = c->drv->prepare(c, sql, &s, &e) == 0 && c->drv->execute(s, NULL, 0, NULL, &e) == 0;
	if (s)
		c->drv->finalize(s);
	if (ok)
		c->drv->commit(c, &e);
	else
		c->drv->rollback(c, &e);
	return ok;
}

/* Is there an index named index on table?  From the dialect's list of
 * indexes (table, index, columns); no list, or a failing one: no. */
static int has_index(db_conn *c, const dialect *d, const char *table, const char *index)
{
	const db_driver *drv = c->drv;
	db_stmt *s = NULL;
	db_error e;
	int found = 0;
	if (!d->adopt_indexes_sql)
		return 0;
	if (drv->prepare(c, d->adopt_indexes_sql, &s, &e) == 0 &&
	    drv->execute(s, NULL, 0, NULL, &e) == 0) {
		while (!found && drv->fetch(s, &e) == 1) {
			const char *t = drv->col_text(s, 0, NULL), *i = drv->col_text(s, 1, NULL);
			found = t && i && !strcasecmp(t, table) && !strcasecmp(i, index);
		}
	}
	if (s)
		drv->finalize(s);
	drv->rollback(c, &e);
	return found;
}

/* The sysbench-tpcc sets: the numbers n of every warehouse<n>. */
static int sysbench_sets(const adopt_tables *t, int *sets, int max)
{
	int n = 0;
	for (int i = 0; i < t->n && n < max; i++) {
		const char *p = t->name[i];
		if (strncmp(p, "warehouse", 9) || !p[9])
			continue;
		char *end;
		long v = strtol(p + 9, &end, 10);
		if (*end || v < 1 || p[9] == '0')
			continue;
		sets[n++] = (int)v;
	}
	return n;
}

static void set_names(adopt_layout *o, const char *suffix, const char *new_order,
		      const char *orders)
{
	char to[SCHEMA_NAME_MAX];
	for (int i = 0; i < SM_TABLES; i++) {
		const char *base = schema_map_tables[i];
		if (i == SM_NEW_ORDER)
			base = new_order;
		else if (i == SM_ORDERS)
			base = orders;
		snprintf(to, sizeof to, "%s%s", base, suffix);
		schema_map_set(&o->map, schema_map_tables[i], to);
	}
}

/* Who loaded it: the layout as described on adopt's "layout:" line, the
 * tool as named in a sentence, and the id tpcc_meta records. */
static void set_tool(adopt_layout *o, const char *tool, const char *who, const char *id)
{
	snprintf(o->tool, sizeof o->tool, "%s", tool);
	snprintf(o->who, sizeof o->who, "%s", who);
	snprintf(o->id, sizeof o->id, "%s", id);
}

int adopt_detect(db_conn *c, const dialect *d, const adopt_tables *t, int set,
		 adopt_layout *o, char *msg, size_t len)
{
	int sets[64];
	int ns = sysbench_sets(t, sets, 64);

	memset(o, 0, sizeof *o);
	if (ns) {
		int pick = 0;
		for (int i = 0; i < ns; i++)
			if (set ? sets[i] == set : sets[i] < sets[pick])
				pick = i;
		if (set && sets[pick] != set) {
			snprintf(msg, len, "--table-set %d: there is no table warehouse%d here "
				 "(sysbench-tpcc sets found: %d of them, the lowest warehouse%d)",
				 set, set, ns, sets[0]);
			return -1;
		}
		char suffix[16];
		snprintf(suffix, sizeof suffix, "%d", sets[pick]);
		set_names(o, suffix, "new_orders", "orders");
		char tool[48];
		snprintf(tool, sizeof tool, "sysbench-tpcc, table set %d", sets[pick]);
		set_tool(o, tool, "sysbench-tpcc", "sysbench-tpcc");
		if (ns > 1)
			snprintf(o->note, sizeof o->note, "%d sets of tables (--tables %d); "
				 "--table-set N adopts another", ns, ns);
	} else if (adopt_has(t, "oorder")) {
		set_names(o, "", "new_order", "oorder");
		set_tool(o, "BenchBase", "BenchBase", "benchbase");
	} else if (adopt_has(t, "new_orders")) {
		set_names(o, "", "new_orders", "orders");
		set_tool(o, "tpcc-mysql", "tpcc-mysql", "tpcc-mysql");
	} else if (adopt_has(t, "warehouse") || adopt_has(t, "new_order") ||
		   adopt_has(t, "order_line")) {
		set_names(o, "", "new_order", "orders");
		if (adopt_has(t, "history") && has_column(c, "history", "row_id")) {
			set_tool(o, "go-tpc (history keyed by row_id)", "go-tpc", "go-tpc");
			if (d->adopt_random_key) {
				snprintf(o->map.extra_table, SCHEMA_NAME_MAX, "history");
				snprintf(o->map.extra_col, SCHEMA_NAME_MAX, "row_id");
				snprintf(o->map.extra_val, sizeof o->map.extra_val, "%s",
					 d->adopt_random_key);
			}
		} else if (adopt_has(t, "history") &&
			   (has_index(c, d, "history", "idx_h_w_id") ||
			    has_index(c, d, "orders", "idx_order"))) {
			set_tool(o, "go-tpc (its index names)", "go-tpc", "go-tpc");
		} else {
			set_tool(o, "standard names (HammerDB or go-tpc)", "HammerDB or go-tpc",
				 "hammerdb");
		}
	} else {
		snprintf(msg, len, "no TPC-C tables here (none of warehouse, new_order, new_orders, "
			 "oorder, warehouse1)");
		return 1;
	}
	snprintf(o->map.layout, sizeof o->map.layout, "%s", o->id);
	return 0;
}
