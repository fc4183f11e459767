/* dialect_pg_snapshot.c: PostgreSQL's snapshot is a database made with
 * CREATE DATABASE .. TEMPLATE, which copies the template's files whole
 * (STRATEGY FILE_COPY: one checkpoint and a file copy, where the default
 * WAL_LOG of version 15 writes every block through the WAL).  A snapshot
 * copies into <snapshot>_new, marks it there, and only then renames the
 * old snapshot to <snapshot>_old and the new one into its place in one
 * transaction (ALTER DATABASE .. RENAME may run in one, CREATE and DROP
 * may not), so whatever stops it the snapshot is one whole copy, the old
 * or the new; a side database a kill left is dropped by the next
 * snapshot.  Restore makes a new database from the snapshot the same way,
 * then drops the schema's and renames the new one into its place, so a
 * copy that fails leaves the schema as it was.  Both work over a
 * connection to the server's maintenance database (postgres), in
 * autocommit (CREATE and DROP DATABASE refuse a transaction), and both
 * need the databases they copy or drop to themselves: PostgreSQL copies
 * no database another session is connected to, so those sessions are
 * named and nothing is done. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dialect_pg_snapshot.h"
#include "query.h"
#include "snapshot_meta.h"

/* NAMEDATALEN - 1: PostgreSQL cuts a longer name short (with a notice),
 * and a side database's name cut short could be the snapshot's own. */
#define PG_NAME_MAX 63

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

/* The side database snapshot is copied into or moved out to: its name
 * with suffix, in buf; 1 refused when that is too long. */
static int side_name(const char *snapshot, const char *suffix, char *buf, size_t len,
		     db_error *e)
{
	if (strlen(snapshot) + strlen(suffix) <= PG_NAME_MAX &&
	    snprintf(buf, len, "%s%s", snapshot, suffix) < (int)len)
		return 0;
	db_error_set(e, DB_FATAL, 0, "42622", "the snapshot's name %s leaves no room for its "
		     "side database (%s%s) in PostgreSQL's %d characters: name a shorter one "
		     "with --snapshot", snapshot, snapshot, suffix, PG_NAME_MAX);
	return 1;
}

/* Drop side, left by a snapshot cut short, when it holds a copy of a
 * finished build (marked as a snapshot or not yet): 0; 1 refused when it
 * holds anything else, or another session is on it; -1 on error. */
static int side_clear(const snap_ctx *x, db_conn *c, const char *side, db_error *e)
{
	char status[32] = "";
	db_conn *s;
	int rc = pg_db_exists(c, side, e);
	if (rc <= 0)
		return rc;
	if ((rc = alone(x, c, side, "a snapshot drops it (one cut short left it)", e)))
		return rc;
	if (x->connect(x->ud, side, &s, e))
		return -1;
	rc = snap_meta_get(s, "status", status, sizeof status, e);
	s->drv->disconnect(s);
	if (rc < 0 && e->cls == DB_RECONNECT)
		return -1;
	if (rc != 1 || strcmp(status, "complete")) {
		db_error_set(e, DB_FATAL, 0, "55000", "database %s exists and holds no copy of a "
			     "finished build; a snapshot copies into it first: remove it, or name "
			     "another snapshot with --snapshot", side);
		return 1;
	}
	return exec_fmt(c, e, "DROP DATABASE \"%s\"%s", side, "");
}

/* snapshot (when there is one) to old and fresh to snapshot, all or
 * nothing, then old dropped. */
static int swap(db_conn *c, const char *fresh, const char *snapshot, const char *old,
		db_error *e)
{
	db_error ignored;
	int had = pg_db_exists(c, snapshot, e);
	if (had < 0 || (c->drv->set_autocommit && c->drv->set_autocommit(c, 0, e)))
		return -1;
	int rc = had ? exec_fmt(c, e, "ALTER DATABASE \"%s\" RENAME TO \"%s\"", snapshot, old) : 0;
	if (!rc)
		rc = exec_fmt(c, e, "ALTER DATABASE \"%s\" RENAME TO \"%s\"", fresh, snapshot);
	if (!rc)
		rc = c->drv->commit(c, e);
	else
		c->drv->rollback(c, &ignored);
	if (c->drv->set_autocommit && c->drv->set_autocommit(c, 1, rc ? &ignored : e))
		rc = -1;
	if (!rc && had)
		rc = exec_fmt(c, e, "DROP DATABASE \"%s\"%s", old, "");
	return rc;
}

/* Copy db into fresh and mark it there: 0, or -1 with fresh dropped
 * (stopped: e says the snapshot is as it was). */
static int fresh_copy(const snap_ctx *x, db_conn *c, const char *db, const char *fresh,
		      db_error *e)
{
	db_conn *s;
	int rc = copy_db(x, c, "snapshot", db, fresh, e);
	if (!rc && x->stop && atomic_load(x->stop))
		rc = db_error_set(e, DB_FATAL, 0, "HY000", "stopped");
	if (!rc && !(rc = x->connect(x->ud, fresh, &s, e))) {
		rc = snap_meta_mark(s, db, e);
		s->drv->disconnect(s);
	}
	if (!rc)
		return 0;
	db_error ignored;
	exec_fmt(c, &ignored, "DROP DATABASE IF EXISTS \"%s\"%s", fresh, "");
	if (x->stop && atomic_load(x->stop))
		db_error_set(e, DB_FATAL, 0, "HY000", "stopped before the copy was whole: the copy "
			     "is dropped, and the snapshot %s is as it was", x->snapshot);
	return -1;
}

int pg_snapshot(const snap_ctx *x, db_error *e)
{
	char db[128], fresh[PG_NAME_MAX + 1], old[PG_NAME_MAX + 1];
	db_conn *c;

	if (dialect_valid_name(x->snapshot, 0, e) || target_name(x, db, sizeof db, e))
		return -1;
	if (!strcmp(db, x->snapshot))
		return db_error_set(e, DB_FATAL, 0, "HY000", "the snapshot cannot be the database itself");
	int rc = side_name(x->snapshot, "_new", fresh, sizeof fresh, e);
	if (!rc)
		rc = side_name(x->snapshot, "_old", old, sizeof old, e);
	/* The side databases are dropped: never the schema's own. */
	if (!rc && (!strcmp(db, fresh) || !strcmp(db, old))) {
		db_error_set(e, DB_FATAL, 0, "HY000", "the snapshot %s would copy by way of the "
			     "database itself (%s): name another with --snapshot", x->snapshot, db);
		rc = 1;
	}
	if (rc)
		return rc;
	if (maintenance(x, &c, e))
		return -1;
	rc = alone(x, c, db, "a snapshot copies it", e);
	if (!rc)
		rc = alone(x, c, x->snapshot, "a new snapshot replaces the old one", e);
	if (!rc)
		rc = side_clear(x, c, fresh, e);
	if (!rc)
		rc = side_clear(x, c, old, e);
	if (!rc)
		rc = fresh_copy(x, c, db, fresh, e);
	/* The old snapshot stays until the new one is whole and marked. */
	if (!rc)
		rc = swap(c, fresh, x->snapshot, old, e);
	c->drv->disconnect(c);
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
