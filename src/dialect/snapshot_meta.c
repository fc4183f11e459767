/* snapshot_meta.c: see snapshot_meta.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "query.h"
#include "snapshot_meta.h"
#include "util/util.h"

#define KEY_TAKEN "snapshot_taken_at"
#define KEY_OF "snapshot_of"
#define OTHERS_WAIT_MS 5000
#define OTHERS_POLL_MS 100

int snap_meta_read(db_conn *conn, snap_info *out, db_error *e)
{
	const db_driver *drv = conn->drv;
	db_stmt *s = NULL;
	char status[32] = "";
	int rc;

	out->present = 1;
	if (drv->prepare(conn, dialect_sql(NULL, Q_META_READ), &s, e) ||
	    drv->execute(s, NULL, 0, NULL, e)) {
		if (s)
			drv->finalize(s);
		if (e->cls == DB_RECONNECT)
			return -1;
		drv->rollback(conn, e);
		snprintf(out->note, sizeof out->note, "it holds no tpcc_meta table");
		return 0;
	}
	while ((rc = drv->fetch(s, e)) == 1) {
		const char *k = drv->col_text(s, 0, NULL), *v = drv->col_text(s, 1, NULL);
		if (!k || !v)
			continue;
		if (!strcmp(k, "warehouses"))
			out->warehouses = atoi(v);
		else if (!strcmp(k, "status"))
			snprintf(status, sizeof status, "%s", v);
		else if (!strcmp(k, KEY_TAKEN))
			snprintf(out->taken_at, sizeof out->taken_at, "%s", v);
		else if (!strcmp(k, KEY_OF))
			snprintf(out->of, sizeof out->of, "%s", v);
	}
	drv->finalize(s);
	drv->commit(conn, e);
	if (rc < 0)
		return -1;
	out->ours = out->taken_at[0] && !strcmp(status, "complete");
	if (!out->ours)
		snprintf(out->note, sizeof out->note, "%s",
			 out->taken_at[0] ? "its schema is not a finished build" :
			 "it is not a snapshot of tpcc-console's (or one that did not finish)");
	return 0;
}

static int meta_put(db_conn *conn, const char *key, const char *value, db_error *e)
{
	const db_driver *drv = conn->drv;
	db_stmt *s;
	db_param p[2] = { db_p_text(key, strlen(key)), db_p_text(value ? value : "", 0) };
	p[1].len = value ? strlen(value) : 0;

	if (drv->prepare(conn, dialect_sql(NULL, Q_META_DELETE), &s, e))
		return -1;
	int rc = drv->execute(s, p, 1, NULL, e);
	drv->finalize(s);
	if (rc || !value)
		return rc;
	if (drv->prepare(conn, dialect_sql(NULL, Q_META_INSERT), &s, e))
		return -1;
	rc = drv->execute(s, p, 2, NULL, e);
	drv->finalize(s);
	return rc;
}

int snap_meta_mark(db_conn *conn, const char *of, db_error *e)
{
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (meta_put(conn, KEY_OF, of, e) || meta_put(conn, KEY_TAKEN, stamp, e))
		return -1;
	return conn->drv->commit(conn, e);
}

int snap_meta_unmark(db_conn *conn, db_error *e)
{
	if (meta_put(conn, KEY_OF, NULL, e) || meta_put(conn, KEY_TAKEN, NULL, e))
		return -1;
	return conn->drv->commit(conn, e);
}

int snap_meta_restoring(db_conn *conn, db_error *e)
{
	snap_info here = { 0 };
	if (snap_meta_read(conn, &here, e))
		return -1;
	if (strstr(here.note, "no tpcc_meta"))
		return 0;
	if (meta_put(conn, "status", "restoring", e))
		return -1;
	return conn->drv->commit(conn, e);
}

int snap_meta_get(db_conn *conn, const char *key, char *buf, size_t len, db_error *e)
{
	int rc = query_text(conn, dialect_sql(NULL, Q_META_GET), key, buf, len, e);
	if (rc < 0) {
		db_error ignored;
		conn->drv->rollback(conn, &ignored);
		return -1;
	}
	return conn->drv->commit(conn, e) ? -1 : rc;
}

int snap_meta_set(db_conn *conn, const char *key, const char *value, db_error *e)
{
	if (meta_put(conn, key, value, e))
		return -1;
	return conn->drv->commit(conn, e);
}

void snap_progress_start(const snap_ctx *x, const char *what, const char *parts_what,
			 const char *unit, uint64_t total, int parts)
{
	progress_start_named(x->prog, what, parts_what, unit, total, parts, x->progress_out);
}

int snap_others_wait(const snap_ctx *x, db_conn *c, const char *sql, const char *db,
		     int commit, char *who, size_t len, db_error *e)
{
	for (unsigned waited = 0;; waited += OTHERS_POLL_MS) {
		int rc = query_text(c, sql, db, who, len, e);
		if (commit && rc >= 0 && c->drv->commit(c, e))
			rc = -1;
		if (rc < 0)
			return -1;
		if (rc != 1 || !who[0])
			return 0;
		if (waited >= OTHERS_WAIT_MS || (x->stop && atomic_load(x->stop)))
			return 1;
		sleep_ms(OTHERS_POLL_MS);
	}
}
