/* dialect_mysql_snapshot.c: MariaDB/MySQL's snapshot is a second database
 * on the same server holding a copy of each TPC-C table, made table by
 * table over several connections at once: CREATE TABLE .. LIKE (the same
 * definition, indexes and row format) and one INSERT .. SELECT each, into
 * an empty table with unique and foreign-key checks off, which InnoDB
 * (MariaDB 10.6 on) loads as a bulk insert: sorted index builds and one
 * undo record instead of one a row.  Restore is the same copy the other
 * way, then the build's ANALYZE; the stored procedures stay where they
 * are, since they name the tables only by name, and so does the version
 * tpcc_meta gives for them.  The largest tables go first, so the connections
 * finish together as nearly as the tables allow. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dialect_mysql_snapshot.h"
#include "query.h"
#include "snapshot_meta.h"

/* Largest first; tpcc_meta is copied apart, last. */
static const char *const tables[] = {
	"order_line", "stock", "customer", "history", "orders", "new_order", "item",
	"district", "warehouse"
};
#define NTABLES (int)(sizeof tables / sizeof tables[0])

/* A table's copy waits this long for a lock another session holds (a
 * run's open transaction) before it fails and says so, rather than the
 * server's default of a year. */
static const char *const copy_session[] = {
	"SET SESSION unique_checks = 0",
	"SET SESSION foreign_key_checks = 0",
	"SET SESSION lock_wait_timeout = 60",
	NULL
};

typedef struct copy_job {
	const snap_ctx *x;
	const char *from, *to;        /* databases */
	pthread_mutex_t lock;
	int next;                     /* the next table to take */
	int failed;
	db_error err;                 /* the first failure */
} copy_job;

static int copy_table(db_conn *c, const copy_job *j, const char *t, int64_t *rows, db_error *e)
{
	char sql[600];
	snprintf(sql, sizeof sql, "DROP TABLE IF EXISTS `%s`.`%s`", j->to, t);
	if (db_exec(c, sql, e))
		return -1;
	snprintf(sql, sizeof sql, "CREATE TABLE `%s`.`%s` LIKE `%s`.`%s`", j->to, t, j->from, t);
	if (db_exec(c, sql, e))
		return -1;
	snprintf(sql, sizeof sql, "INSERT INTO `%s`.`%s` SELECT * FROM `%s`.`%s`", j->to, t,
		 j->from, t);
	if (c->drv->exec(c, sql, rows, e))
		return -1;
	return c->drv->commit(c, e);
}

static int take(copy_job *j)
{
	pthread_mutex_lock(&j->lock);
	int i = j->failed || atomic_load(j->x->stop) ? NTABLES : j->next++;
	pthread_mutex_unlock(&j->lock);
	return i;
}

static void fail(copy_job *j, const db_error *e)
{
	pthread_mutex_lock(&j->lock);
	if (!j->failed)
		j->err = *e;
	j->failed = 1;
	pthread_mutex_unlock(&j->lock);
}

static void *copier(void *arg)
{
	copy_job *j = arg;
	db_conn *c = NULL;
	db_error e;
	int i = take(j);

	if (i >= NTABLES)
		return NULL;
	if (j->x->connect(j->x->ud, NULL, &c, &e)) {
		fail(j, &e);
		return NULL;
	}
	for (const char *const *s = copy_session; *s; s++)
		if (db_exec(c, *s, &e)) {
			fail(j, &e);
			goto out;
		}
	for (; i < NTABLES; i = take(j)) {
		int64_t rows = 0;
		const char *t = schema_map_name(j->x->map, tables[i]);
		if (copy_table(c, j, t, &rows, &e)) {
			char what[SCHEMA_NAME_MAX + 16];
			snprintf(what, sizeof what, "copying %s: ", t);
			size_t w = strlen(what), m = strlen(e.msg);
			if (w + m < sizeof e.msg) {
				memmove(e.msg + w, e.msg, m + 1);
				memcpy(e.msg, what, w);
			}
			fail(j, &e);
			break;
		}
		atomic_fetch_add(&j->x->prog->done, (uint64_t)(rows > 0 ? rows : 0));
		atomic_fetch_add(&j->x->prog->parts_done, 1);
	}
out:
	c->drv->disconnect(c);
	return NULL;
}

/* The configured database's name, as the server has it. */
static int target_name(const snap_ctx *x, db_conn *c, char *buf, size_t len, db_error *e)
{
	if (x->target && *x->target)
		snprintf(buf, len, "%s", x->target);
	else if (query_text(c, "SELECT DATABASE()", NULL, buf, len, e) != 1 || !*buf)
		return e->msg[0] ? -1 : db_error_set(e, DB_FATAL, 0, "HY000",
					 "the connection names no database");
	return dialect_valid_name(buf, 0, e);
}

/* The rows of the tables, from the server's estimates, for the progress
 * bar (exact counts would cost a scan each). */
static uint64_t estimate_rows(db_conn *c, const char *db)
{
	char buf[32];
	db_error e;
	const char sql[] = "SELECT COALESCE(SUM(TABLE_ROWS), 0) FROM information_schema.TABLES"
			   " WHERE TABLE_SCHEMA = ?";
	if (query_text(c, sql, db, buf, sizeof buf, &e) != 1)
		return 0;
	c->drv->commit(c, &e);
	return strtoull(buf, NULL, 10);
}

/* Copy every table of from into to, n connections at once, then
 * tpcc_meta. */
static int copy_all(const snap_ctx *x, db_conn *c, const char *what, const char *from,
		    const char *to, db_error *e)
{
	copy_job j = { .x = x, .from = from, .to = to };
	int n = x->threads < 1 ? 1 : x->threads > NTABLES ? NTABLES : x->threads;
	pthread_t th[NTABLES];
	int started = 0;

	pthread_mutex_init(&j.lock, NULL);
	snap_progress_start(x, what, "tables", "rows", estimate_rows(c, from), NTABLES + 1);
	for (int i = 0; i < n; i++)
		if (pthread_create(&th[started], NULL, copier, &j) == 0)
			started++;
	if (!started)
		copier(&j);
	for (int i = 0; i < started; i++)
		pthread_join(th[i], NULL);
	pthread_mutex_destroy(&j.lock);
	if (j.failed) {
		*e = j.err;
		return -1;
	}
	if (atomic_load(x->stop))
		return db_error_set(e, DB_FATAL, 0, "HY000", "stopped");
	int64_t rows = 0;
	copy_job meta = { .x = x, .from = from, .to = to };
	if (copy_table(c, &meta, "tpcc_meta", &rows, e))
		return -1;
	atomic_fetch_add(&x->prog->parts_done, 1);
	return 0;
}

static int exists(db_conn *c, const char *db, int *tables_out, db_error *e)
{
	/* Holds the schema's name too: up to 64 characters, each up to
	 * three bytes in utf8. */
	char buf[200];
	int rc = query_text(c, "SELECT COUNT(*) FROM information_schema.TABLES WHERE"
			    " TABLE_SCHEMA = ?", db, buf, sizeof buf, e);
	if (rc < 0)
		return -1;
	*tables_out = atoi(buf);
	rc = query_text(c, "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE"
			" SCHEMA_NAME = ?", db, buf, sizeof buf, e);
	c->drv->commit(c, e);
	return rc;
}

/* Sessions of others on the database: a copy beside a run's writes would
 * be no one state of it, and a table dropped under a run fails its VUs. */
static int others(const snap_ctx *x, db_conn *c, const char *db, const char *what, db_error *e)
{
	char who[400];
	if (x->others_quiet)
		return 0;
	int rc = snap_others_wait(x, c, "SELECT LEFT(GROUP_CONCAT(CONCAT('id ', ID, ' (', USER, ', ',"
				  " COMMAND, ')') ORDER BY ID SEPARATOR ', '), 300) FROM"
				  " information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()",
				  db, 1, who, sizeof who, e);
	if (rc == 1)
		db_error_set(e, DB_FATAL, 0, "HY000", "other sessions use %s: %s; %s needs it to "
			     "itself: end them or wait until they are done", db, who, what);
	return rc;
}

int mysql_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e)
{
	db_conn *c, *s;
	int ntables = 0;

	memset(out, 0, sizeof *out);
	if (dialect_valid_name(x->snapshot, 0, e) || x->connect(x->ud, NULL, &c, e))
		return -1;
	int rc = exists(c, x->snapshot, &ntables, e);
	c->drv->disconnect(c);
	if (rc <= 0)
		return rc;
	if (!ntables) {
		out->present = 1;
		snprintf(out->note, sizeof out->note, "it is an empty database");
		return 0;
	}
	if (x->connect(x->ud, x->snapshot, &s, e))
		return -1;
	rc = snap_meta_read(s, out, e);
	s->drv->disconnect(s);
	return rc;
}

/* Restore makes each table again with CREATE TABLE .. LIKE, which leaves
 * foreign keys out: on another tool's schema (adopted) that would alter
 * its tables, so a schema with foreign keys is refused before the copy. */
static int keeps_foreign_keys(db_conn *c, const char *db, db_error *e)
{
	char sql[300];
	int64_t n = 0;
	snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM information_schema.REFERENTIAL_CONSTRAINTS"
		 " WHERE CONSTRAINT_SCHEMA = '%s'", db);
	if (db_query_int(c, sql, &n, e) < 0)
		return -1;
	if (!n)
		return 0;
	return db_error_set(e, DB_FATAL, 0, "HY000", "the adopted schema in %s has %lld foreign "
			    "key%s, which a restore here (CREATE TABLE .. LIKE) would not make again: "
			    "snapshot refused, so that the other tool's tables are never altered",
			    db, (long long)n, n == 1 ? "" : "s");
}

/* A copy that did not finish is dropped; stopped, e says so. */
static void drop_copy(const snap_ctx *x, db_conn *c, const char *fresh, db_error *e)
{
	char sql[200];
	db_error ignored;
	snprintf(sql, sizeof sql, "DROP DATABASE IF EXISTS `%s`", fresh);
	db_exec(c, sql, &ignored);
	if (atomic_load(x->stop))
		db_error_set(e, DB_FATAL, 0, "HY000", "stopped before the copy was whole: the part "
			     "copied is dropped, and the snapshot %s is as it was", x->snapshot);
}

int mysql_snapshot(const snap_ctx *x, db_error *e)
{
	char db[128], sql[300];
	db_conn *c;

	if (dialect_valid_name(x->snapshot, 0, e) || x->connect(x->ud, NULL, &c, e))
		return -1;
	int rc = target_name(x, c, db, sizeof db, e);
	if (!rc && !strcmp(db, x->snapshot))
		rc = db_error_set(e, DB_FATAL, 0, "HY000", "the snapshot cannot be the database itself");
	if (!rc)
		rc = others(x, c, db, "a snapshot", e);
	if (!rc && x->map && !schema_map_is_identity(x->map))
		rc = keeps_foreign_keys(c, db, e);
	/* The copy goes into fresh, marked there, and only then replaces the
	 * snapshot (dialect_mysql_snapshot_swap.c): the old one stays whole
	 * until the new one is. */
	char fresh[128] = "", old[128] = "";
	if (!rc)
		rc = mysql_side_name(x->snapshot, "_new", fresh, sizeof fresh, e);
	if (!rc)
		rc = mysql_side_name(x->snapshot, "_old", old, sizeof old, e);
	/* The side databases are dropped: never the schema's own. */
	if (!rc && (!strcmp(db, fresh) || !strcmp(db, old))) {
		db_error_set(e, DB_FATAL, 0, "HY000", "the snapshot %s would copy by way of the "
			     "database itself (%s): name another with --snapshot", x->snapshot, db);
		rc = 1;
	}
	if (!rc)
		rc = mysql_side_clear(x, c, fresh, e);
	if (!rc)
		rc = mysql_side_clear(x, c, old, e);
	if (rc) {
		c->drv->disconnect(c);
		return rc;
	}
	snprintf(sql, sizeof sql, "CREATE DATABASE `%s`", fresh);
	rc = db_exec(c, sql, e);
	if (!rc)
		rc = copy_all(x, c, "snapshot", db, fresh, e);
	if (!rc) {
		db_conn *s;
		rc = x->connect(x->ud, fresh, &s, e);
		if (!rc) {
			rc = snap_meta_mark(s, db, e);
			s->drv->disconnect(s);
		}
	}
	if (!rc)
		rc = mysql_side_swap(c, fresh, x->snapshot, old, e);
	else
		drop_copy(x, c, fresh, e);
	c->drv->disconnect(c);
	return rc;
}

int mysql_restore(const snap_ctx *x, db_error *e)
{
	char db[128];
	db_conn *c;

	if (dialect_valid_name(x->snapshot, 0, e) || x->connect(x->ud, NULL, &c, e))
		return -1;
	int rc = target_name(x, c, db, sizeof db, e);
	if (!rc)
		rc = others(x, c, db, "a restore", e);
	/* The stored procedures are the database's own, and a restore copies
	 * tables: the row of tpcc_meta that gives their version stays the
	 * database's, or after a build --procedures-only since the snapshot a
	 * run would refuse the procedures it has (or CALL ones it lacks).  No
	 * readable tpcc_meta here: the snapshot's row is all there is. */
	char procs[32];
	int procs_known = -1;
	if (!rc) {
		procs_known = snap_meta_get(c, "procedures", procs, sizeof procs, e);
		if (procs_known < 0 && e->cls == DB_RECONNECT)
			rc = -1;
	}
	if (!rc)
		rc = snap_meta_restoring(c, e);
	if (!rc)
		rc = copy_all(x, c, "restore", x->snapshot, db, e);
	if (!rc && procs_known >= 0)
		rc = snap_meta_set(c, "procedures", procs_known ? procs : NULL, e);
	/* New tables have no index statistics until InnoDB's background
	 * recount gets to them: the build's ANALYZE, again, so the first
	 * statements after a restore are planned as after a build. */
	if (!rc)
		rc = db_exec(c, dialect_mysql.analyze, e) || c->drv->commit(c, e);
	if (!rc)
		rc = snap_meta_unmark(c, e);
	c->drv->disconnect(c);
	return rc;
}
