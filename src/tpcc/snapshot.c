/* snapshot.c: see snapshot.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "dialect/query.h"
#include "schema.h"
#include "schema_check.h"
#include "snapshot.h"
#include "util/progress.h"
#include "util/util.h"

/* snap_ctx.connect: the configured connection, to another database (or
 * SQLite file) when db names one.  A file is made when missing: the
 * dialect connects only to what it is about to copy into (or what it
 * found there). */
static int connect_to(void *ud, const char *db, db_conn **out, db_error *e)
{
	const tpcc_config *c = ud;
	const db_driver *drv = driver_find(c->driver);
	db_params p;

	if (!drv)
		return db_error_set(e, DB_FATAL, 0, "HY000", "unknown driver '%s'", c->driver);
	db_params_from_config(c, &p);
	if (db && drv->caps.embedded) {
		p.file = db;
	} else if (db) {
		p.database = db;
		p.database_wins = 1;
	}
	p.create = 1;
	return drv->connect(&p, out, e);
}

/* The schema's connection and dialect, the database's name as the server
 * has it, and the snapshot's name. */
typedef struct session {
	const tpcc_config *c;
	db_conn *conn;
	const dialect *d;
	schema_info si;
	char target[OPT_STR_MAX], name[OPT_STR_MAX];
} session;

static void close_session(session *s)
{
	if (s->conn)
		s->conn->drv->disconnect(s->conn);
	s->conn = NULL;
}

/* missing_ok (restore's): a missing embedded database is a session of no
 * schema and no connection, the file made only once there is a snapshot
 * to copy into it. */
static int open_session(const tpcc_config *c, session *s, int missing_ok, char *err,
			size_t errlen)
{
	db_error e;
	int rc = SNAPSHOT_REFUSED;
	memset(s, 0, sizeof *s);
	s->c = c;
	if (schema_connect(c, &s->conn, &e)) {
		s->conn = NULL;
		if (!missing_ok || !db_error_no_database(&e) || !schema_embedded(c)) {
			snprintf(err, errlen, "cannot connect: %s", e.msg);
			return -1;
		}
	}
	if (!(s->d = schema_dialect(c, s->conn, &e))) {
		snprintf(err, errlen, "%s", e.msg);
		goto out;
	}
	if (!s->d->snapshot || !s->d->restore || !s->d->snapshot_info) {
		snprintf(err, errlen, "the %s dialect has no snapshot and restore", s->d->name);
		goto out;
	}
	rc = -1;
	if (!s->d->current_database_sql)
		str_copy(s->target, c->db_file, sizeof s->target);
	else if (!s->conn || query_text(s->conn, s->d->current_database_sql, NULL, s->target,
					sizeof s->target, &e) != 1 || !s->target[0]) {
		snprintf(err, errlen, "cannot tell which database %s is: %s", schema_target_name(c),
			 s->conn ? e.msg : "no connection");
		goto out;
	}
	if (c->snapshot[0])
		str_copy(s->name, c->snapshot, sizeof s->name);
	else
		snprintf(s->name, sizeof s->name, "%s%s", s->target, s->d->snapshot_suffix);
	if (!s->conn)
		return 0;
	s->conn->drv->commit(s->conn, &e);
	if (schema_inspect(s->conn, &s->si, &e)) {
		snprintf(err, errlen, "%s", e.msg);
		goto out;
	}
	return 0;
out:
	close_session(s);
	return rc;
}

static snap_ctx context(session *s, progress *p, FILE *out, const atomic_int *stop)
{
	snap_ctx x = {
		.connect = connect_to, .ud = (void *)s->c, .snapshot = s->name,
		.target = s->target, .threads = s->c->load_threads, .prog = p,
		.progress_out = out, .stop = stop, .map = &s->si.map,
	};
	return x;
}

static void report(session *s, progress *p, uint64_t t0, snapshot_report *r)
{
	str_copy(r->name, s->name, sizeof r->name);
	str_copy(r->target, s->target, sizeof r->target);
	r->warehouses = s->si.warehouses;
	r->done = atomic_load(&p->done);
	r->unit = p->unit ? p->unit : "rows";
	r->seconds = (now_ns() - t0) / 1e9;
}

/* The dialect's snapshot (restore 0) or restore, timed, its progress shown
 * on out; returns as snapshot_take does. */
static int copy(session *s, int restore, int others_quiet, const atomic_int *stop, FILE *out,
		snapshot_report *r, char *err, size_t errlen)
{
	db_error e;
	progress p;
	memset(&p, 0, sizeof p);
	uint64_t t0 = now_ns();
	snap_ctx x = context(s, &p, out, stop);
	x.others_quiet = others_quiet;
	int rc = restore ? s->d->restore(&x, &e) : s->d->snapshot(&x, &e);
	if (p.start_ns)
		progress_finish(&p, rc ? PROGRESS_CUT : PROGRESS_WHOLE);
	report(s, &p, t0, r);
	if (!rc)
		return 0;
	snprintf(err, errlen, "%s %s: %s", restore ? "restore" : "snapshot",
		 rc > 0 ? "refused" : atomic_load(stop) ? "stopped" : "failed", e.msg);
	return rc > 0 ? SNAPSHOT_REFUSED : -1;
}

/* What is there of the snapshot; 0, or -1 with err filled. */
static int find(session *s, snap_info *info, char *err, size_t errlen)
{
	db_error e;
	atomic_int never = 0;
	snap_ctx x = context(s, NULL, NULL, &never);
	if (s->d->snapshot_info(&x, info, &e)) {
		snprintf(err, errlen, "cannot read the snapshot %s: %s", s->name, e.msg);
		return -1;
	}
	return 0;
}

int snapshot_take(const tpcc_config *c, const atomic_int *stop, FILE *progress_out,
		  snapshot_report *r, char *err, size_t errlen)
{
	session s;
	char msg[600], where[OPT_STR_MAX + 16];

	memset(r, 0, sizeof *r);
	int rc = open_session(c, &s, 0, err, errlen);
	if (rc)
		return rc;
	snprintf(where, sizeof where, "%s", schema_target_name(c));
	rc = SNAPSHOT_REFUSED;
	if (!s.si.present) {
		snprintf(err, errlen, "%s holds no TPC-C schema; a snapshot is taken of a finished "
			 "build ('tpcc-console build' first)", where);
		goto out;
	}
	if (!s.si.complete) {
		snprintf(err, errlen, "%s holds %s; no snapshot taken", where,
			 schema_unfinished(&s.si));
		goto out;
	}
	int bad = schema_check_tables(s.conn, &s.si.map, where, msg, sizeof msg);
	if (!bad)
		bad = schema_check_warehouses(s.conn, &s.si.map, s.si.warehouses, where, msg, sizeof msg);
	if (bad) {
		snprintf(err, errlen, "%s; no snapshot taken", msg);
		rc = bad < 0 ? -1 : SNAPSHOT_REFUSED;
		goto out;
	}
	close_session(&s);
	if (find(&s, &r->info, err, errlen)) {
		rc = -1;
		goto out;
	}
	if (r->info.present && !r->info.ours) {
		snprintf(err, errlen, "%s exists and %s; a snapshot replaces only one of its own: "
			 "remove it, or name another with --snapshot", s.name, r->info.note);
		goto out;
	}
	rc = copy(&s, 0, 0, stop, progress_out, r, err, errlen);
out:
	close_session(&s);
	return rc;
}

/* Is the snapshot found one to restore a schema of w warehouses from
 * (w 0: no schema, any)? */
static int judge(const session *s, const snap_info *info, int w, char *err, size_t errlen)
{
	if (!info->present) {
		snprintf(err, errlen, "no snapshot %s of %s: take one with 'tpcc-console snapshot'",
			 s->name, schema_target_name(s->c));
		return SNAPSHOT_REFUSED;
	}
	if (!info->ours) {
		snprintf(err, errlen, "%s is no snapshot to restore: %s", s->name, info->note);
		return SNAPSHOT_REFUSED;
	}
	if (w && info->warehouses != w) {
		snprintf(err, errlen, "the snapshot %s (taken %s) holds %d warehouse%s, the schema "
			 "in %s %d: restore brings back only the schema it was taken of; take a new "
			 "snapshot of this one, or drop it first", s->name, info->taken_at,
			 info->warehouses, info->warehouses == 1 ? "" : "s", schema_target_name(s->c), w);
		return SNAPSHOT_REFUSED;
	}
	return 0;
}

/* The schema as it is, then the snapshot: r->info.  0, SNAPSHOT_REFUSED
 * or -1, err filled. */
static int look(const tpcc_config *c, session *s, int missing_ok, snapshot_report *r, char *err,
		size_t errlen)
{
	memset(r, 0, sizeof *r);
	int rc = open_session(c, s, missing_ok, err, errlen);
	if (rc)
		return rc;
	close_session(s);
	return find(s, &r->info, err, errlen);
}

int snapshot_usable(const tpcc_config *c, int during_run, snapshot_report *r, char *err,
		    size_t errlen)
{
	session s;
	int rc = look(c, &s, 0, r, err, errlen);
	if (rc)
		return rc;
	if (!s.si.present || !s.si.complete) {
		snprintf(err, errlen, "%s holds no finished build to restore between steps",
			 schema_target_name(c));
		return SNAPSHOT_REFUSED;
	}
	str_copy(r->name, s.name, sizeof r->name);
	str_copy(r->target, s.target, sizeof r->target);
	rc = judge(&s, &r->info, s.si.warehouses, err, errlen);
	if (rc || !during_run || !s.d->restore_blocked)
		return rc;
	db_error e;
	atomic_int never = 0;
	snap_ctx x = context(&s, NULL, NULL, &never);
	rc = s.d->restore_blocked(&x, &e);
	if (rc)
		snprintf(err, errlen, "%s: %s", rc > 0 ? "no restore between steps" :
			 "cannot tell whether a restore could run", e.msg);
	return rc > 0 ? SNAPSHOT_REFUSED : rc;
}

int snapshot_restore(const tpcc_config *c, int others_quiet, const atomic_int *stop,
		     FILE *progress_out, snapshot_report *r, char *err, size_t errlen)
{
	session s;
	int rc = look(c, &s, 1, r, err, errlen);
	if (rc)
		return rc;
	rc = judge(&s, &r->info, s.si.present ? s.si.warehouses : 0, err, errlen);
	if (rc)
		return rc;
	s.si.warehouses = r->info.warehouses;
	return copy(&s, 1, others_quiet, stop, progress_out, r, err, errlen);
}
