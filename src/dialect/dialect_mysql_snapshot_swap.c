/* dialect_mysql_snapshot_swap.c: MariaDB/MySQL have no RENAME DATABASE,
 * so a snapshot is copied into a side database (<snapshot>_new) and moved
 * into place by one RENAME TABLE, which renames all its tables or none:
 * the old snapshot's tables go to <snapshot>_old in the same statement.
 * The snapshot is so always one whole copy, the old or the new, whatever
 * stops the copy; the side databases are dropped after, and one a kill
 * left behind is dropped by the next snapshot, once it is seen to hold
 * nothing but a copy of ours. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect_mysql_snapshot.h"
#include "query.h"
#include "snapshot_meta.h"

#define NAME_MAX_MY 64          /* MariaDB's limit on a database's name */
#define LIST_MAX 64

typedef struct name_list {
	int n, over;
	char name[LIST_MAX][SCHEMA_NAME_MAX * 3 + 1];
} name_list;

static int add_name(void *ctx, int ncols, const char *const *col)
{
	name_list *l = ctx;
	if (ncols < 1 || !col[0])
		return 0;
	if (l->n == LIST_MAX || strlen(col[0]) >= sizeof l->name[0]) {
		l->over = 1;
		return 0;
	}
	snprintf(l->name[l->n++], sizeof l->name[0], "%s", col[0]);
	return 0;
}

static int tables_of(db_conn *c, const char *db, name_list *l, db_error *e)
{
	memset(l, 0, sizeof *l);
	if (query_rows(c, "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?",
		       db, add_name, l, e) < 0)
		return -1;
	c->drv->commit(c, e);
	if (l->over)
		return db_error_set(e, DB_FATAL, 0, "HY000", "database %s holds more than %d "
				    "tables: not a snapshot's", db, LIST_MAX);
	return 0;
}

int mysql_side_name(const char *snapshot, const char *suffix, char *buf, size_t len,
		    db_error *e)
{
	if (strlen(snapshot) + strlen(suffix) > NAME_MAX_MY ||
	    snprintf(buf, len, "%s%s", snapshot, suffix) >= (int)len) {
		db_error_set(e, DB_FATAL, 0, "42000", "the snapshot's name %s leaves no room for "
			     "its side database (%s%s) in MariaDB's %d characters: name a "
			     "shorter one with --snapshot", snapshot, snapshot, suffix, NAME_MAX_MY);
		return 1;
	}
	return 0;
}

/* Is every table in l one a snapshot of the schema (map m) holds? */
static int only_ours(const name_list *l, const schema_map *m)
{
	for (int i = 0; i < l->n; i++) {
		int known = !strcasecmp(l->name[i], "tpcc_meta");
		for (int k = 0; k < SM_TABLES && !known; k++)
			known = !strcasecmp(l->name[i], schema_map_name(m, schema_map_tables[k]));
		if (!known)
			return 0;
	}
	return 1;
}

int mysql_side_clear(const snap_ctx *x, db_conn *c, const char *side, db_error *e)
{
	char buf[200], sql[300];
	name_list l;
	int rc = query_text(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE"
			    " SCHEMA_NAME = ?", side, buf, sizeof buf, e);
	c->drv->commit(c, e);
	if (rc <= 0)
		return rc;
	if (tables_of(c, side, &l, e))
		return -1;
	/* A copy cut short holds some of the schema's tables; an old
	 * snapshot, a tpcc_meta marked as one (of whatever schema). */
	if (!only_ours(&l, x->map)) {
		snap_info info = { 0 };
		db_conn *s;
		if (x->connect(x->ud, side, &s, e))
			return -1;
		rc = snap_meta_read(s, &info, e);
		s->drv->disconnect(s);
		if (rc)
			return -1;
		if (!info.taken_at[0]) {
			db_error_set(e, DB_FATAL, 0, "HY000", "database %s exists and holds tables "
				     "no snapshot of this schema does; a snapshot copies into it "
				     "first: remove it, or name another snapshot with --snapshot",
				     side);
			return 1;
		}
	}
	snprintf(sql, sizeof sql, "DROP DATABASE `%s`", side);
	return db_exec(c, sql, e);
}

/* Append "`a`.`t` TO `b`.`t`, " for each table of l. */
static void moves(char *sql, size_t len, const name_list *l, const char *a, const char *b)
{
	for (int i = 0; i < l->n; i++) {
		size_t used = strlen(sql);
		snprintf(sql + used, len - used, "%s`%s`.`%s` TO `%s`.`%s`",
			 used > strlen("RENAME TABLE ") ? ", " : "", a, l->name[i], b, l->name[i]);
	}
}

int mysql_side_swap(db_conn *c, const char *fresh, const char *snapshot, const char *old,
		    db_error *e)
{
	name_list *now = malloc(sizeof *now), *next = malloc(sizeof *next);
	char *sql = NULL, ddl[300];
	int rc = -1;

	if (!now || !next) {
		db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
		goto out;
	}
	snprintf(ddl, sizeof ddl, "CREATE DATABASE IF NOT EXISTS `%s`", snapshot);
	if (db_exec(c, ddl, e) || tables_of(c, snapshot, now, e) || tables_of(c, fresh, next, e))
		goto out;
	snprintf(ddl, sizeof ddl, "CREATE DATABASE `%s`", old);
	if (db_exec(c, ddl, e))
		goto out;
	size_t len = (size_t)(now->n + next->n) * 4 * sizeof now->name[0] + 64;
	if (!(sql = malloc(len))) {
		db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
		goto out;
	}
	snprintf(sql, len, "RENAME TABLE ");
	moves(sql, len, now, snapshot, old);
	moves(sql, len, next, fresh, snapshot);
	if (db_exec(c, sql, e))
		goto out;
	snprintf(ddl, sizeof ddl, "DROP DATABASE `%s`", old);
	if (db_exec(c, ddl, e))
		goto out;
	snprintf(ddl, sizeof ddl, "DROP DATABASE `%s`", fresh);
	rc = db_exec(c, ddl, e);
out:
	free(now);
	free(next);
	free(sql);
	return rc;
}
