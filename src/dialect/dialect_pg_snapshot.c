/* dialect_pg_snapshot.c: PostgreSQL's snapshot is a database made with
 * CREATE DATABASE .. TEMPLATE, which copies the template's files whole
 * (STRATEGY FILE_COPY: one checkpoint and a file copy, where the default
 * WAL_LOG of version 15 writes every block through the WAL).  Restore
 * makes a new database from the snapshot the same way, then drops the
 * schema's and renames the new one into its place, so a copy that fails
 * leaves the schema as it was.  Both work over a connection to the
 * server's maintenance database (postgres), in autocommit (CREATE and DROP
 * DATABASE refuse a transaction), and both need the databases they copy
 * or drop to themselves: PostgreSQL copies no database another session is
 * connected to, so those sessions are named and nothing is done. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dialect_pg_snapshot.h"
#include "query.h"
#include "snapshot_meta.h"

static int maintenance(const snap_ctx *x, db_conn **c, db_error *e)
{
	if (x->connect(x->ud, PG_MAINTENANCE_DB, c, e))
		return -1;
	if ((*c)->drv->set_autocommit && (*c)->drv->set_autocommit(*c, 1, e)) {
		(*c)->drv->disconnect(*c);
		return -1;
	}
	return 0;
}

static int target_name(const snap_ctx *x, char *buf, size_t len, db_error *e)
{
	db_conn *c;
	if (x->target && *x->target) {
		snprintf(buf, len, "%s", x->target);
	} else {
		if (x->connect(x->ud, NULL, &c, e))
			return -1;
		int rc = query_text(c, "SELECT current_database()", NULL, buf, len, e);
		c->drv->disconnect(c);
		if (rc != 1)
			return -1;
	}
	return dialect_valid_name(buf, 0, e);
}

int pg_db_exists(db_conn *c, const char *db, db_error *e)
{
	char buf[8];
	return query_text(c, "SELECT 1 FROM pg_database WHERE datname = ?", db, buf, sizeof buf, e);
}

/* No other session may be connected to db: name them when one is still
 * there after snap_others_wait's wait.  An autovacuum worker is none:
 * CREATE and DROP DATABASE end those themselves (and one starts on the
 * tables a sweep's step just changed). */
static int alone(const snap_ctx *x, db_conn *c, const char *db, const char *why, db_error *e)
{
	char who[400];
	int rc = snap_others_wait(x, c, "SELECT left(string_agg(format('pid %s (%s, %s, from %s, %s)',"
				  " pid, usename, coalesce(nullif(application_name, ''), 'no application"
				  " name'), coalesce(host(client_addr), 'the local socket'), state),"
				  " ', ' ORDER BY pid), 300) FROM pg_stat_activity WHERE datname = ?"
				  " AND pid <> pg_backend_pid() AND backend_type <> 'autovacuum worker'",
				  db, 0, who, sizeof who, e);
	if (rc == 1)
		db_error_set(e, DB_FATAL, 0, "55006", "other sessions are connected to database "
			     "%s: %s; %s, and PostgreSQL copies or drops no database another "
			     "session is connected to: end them (pg_terminate_backend) or wait "
			     "until they are done", db, who, why);
	return rc;
}

static int exec_fmt(db_conn *c, db_error *e, const char *fmt, const char *a, const char *b)
{
	char sql[400];
	snprintf(sql, sizeof sql, fmt, a, b);
	return db_exec(c, sql, e);
}

/* Copy template into a new database name, with the progress bar's one part. */
static int copy_db(const snap_ctx *x, db_conn *c, const char *what, const char *template,
		   const char *name, db_error *e)
{
	char size[32] = "0";
	query_text(c, "SELECT pg_database_size(?)", template, size, sizeof size, e);
	uint64_t bytes = strtoull(size, NULL, 10);
	snap_progress_start(x, what, "databases", "bytes", bytes, 1);
	if (exec_fmt(c, e, "CREATE DATABASE \"%s\" TEMPLATE \"%s\" STRATEGY FILE_COPY", name,
		     template))
		return -1;
	atomic_store(&x->prog->done, bytes);
	atomic_store(&x->prog->parts_done, 1);
	return 0;
}

int pg_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e)
{
	db_conn *c, *s;
	memset(out, 0, sizeof *out);
	if (dialect_valid_name(x->snapshot, 0, e) || maintenance(x, &c, e))
		return -1;
	int rc = pg_db_exists(c, x->snapshot, e);
	c->drv->disconnect(c);
	if (rc <= 0)
		return rc;
	if (x->connect(x->ud, x->snapshot, &s, e))
		return -1;
	rc = snap_meta_read(s, out, e);
	s->drv->disconnect(s);
	return rc;
}

int pg_snapshot(const snap_ctx *x, db_error *e)
{
	char db[128];
	db_conn *c, *s;

	if (dialect_valid_name(x->snapshot, 0, e) || target_name(x, db, sizeof db, e))
		return -1;
	if (!strcmp(db, x->snapshot))
		return db_error_set(e, DB_FATAL, 0, "HY000", "the snapshot cannot be the database itself");
	if (maintenance(x, &c, e))
		return -1;
	int rc = alone(x, c, db, "a snapshot copies it", e);
	if (!rc)
		rc = alone(x, c, x->snapshot, "a new snapshot replaces the old one", e);
	if (!rc)
		rc = exec_fmt(c, e, "DROP DATABASE IF EXISTS \"%s\"%s", x->snapshot, "");
	if (!rc)
		rc = copy_db(x, c, "snapshot", db, x->snapshot, e);
	c->drv->disconnect(c);
	if (rc)
		return rc;
	if (x->connect(x->ud, x->snapshot, &s, e))
		return -1;
	rc = snap_meta_mark(s, db, e);
	s->drv->disconnect(s);
	return rc;
}

/* Both databases a restore needs to itself: the schema's and the snapshot. */
static int restore_alone(const snap_ctx *x, db_conn *c, const char *db, const char *snapshot,
			 db_error *e)
{
	int rc = alone(x, c, db, "a restore drops it", e);
	return rc ? rc : alone(x, c, snapshot, "a restore copies the snapshot", e);
}

int pg_restore_blocked(const snap_ctx *x, db_error *e)
{
	char db[128];
	db_conn *c;
	if (dialect_valid_name(x->snapshot, 0, e) || target_name(x, db, sizeof db, e) ||
	    maintenance(x, &c, e))
		return -1;
	int rc = restore_alone(x, c, db, x->snapshot, e);
	c->drv->disconnect(c);
	return rc;
}

int pg_restore(const snap_ctx *x, db_error *e)
{
	char db[128], fresh[160], owner[128] = "";
	db_conn *c, *t;

	if (dialect_valid_name(x->snapshot, 0, e) || target_name(x, db, sizeof db, e))
		return -1;
	if (maintenance(x, &c, e))
		return -1;
	snprintf(fresh, sizeof fresh, "%s_restoring", db);
	int rc = restore_alone(x, c, db, x->snapshot, e);
	/* The schema's owner owns the new one, as a DBA's grants expect. */
	if (!rc && query_text(c, "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE"
			      " datname = ?", db, owner, sizeof owner, e) < 0)
		rc = -1;
	if (!rc && owner[0])
		rc = dialect_valid_name(owner, 0, e);
	if (!rc)
		rc = exec_fmt(c, e, "DROP DATABASE IF EXISTS \"%s\"%s", fresh, "");
	if (!rc)
		rc = copy_db(x, c, "restore", x->snapshot, fresh, e);
	if (!rc && owner[0])
		rc = exec_fmt(c, e, "ALTER DATABASE \"%s\" OWNER TO \"%s\"", fresh, owner);
	if (!rc)
		rc = exec_fmt(c, e, "DROP DATABASE IF EXISTS \"%s\"%s", db, "");
	if (!rc)
		rc = exec_fmt(c, e, "ALTER DATABASE \"%s\" RENAME TO \"%s\"", fresh, db);
	c->drv->disconnect(c);
	if (rc)
		return rc;
	if (x->connect(x->ud, NULL, &t, e))
		return -1;
	rc = snap_meta_unmark(t, e);
	t->drv->disconnect(t);
	return rc;
}
