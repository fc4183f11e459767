/* dialect_pg_waits.c: what the run's backends wait for on PostgreSQL:
 * pg_stat_activity sampled several times a second (its wait_event_type
 * and wait_event; an active backend with none is on CPU, as
 * pg_wait_sampling counts it), and beside it the WAL's write and sync
 * counts and the locks not granted. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dialect.h"
#include "query.h"

int pg_wait_open(db_conn *c, wait_src *w, db_error *e)
{
	char v[16] = "";
	w->kind = WS_SAMPLED;
	w->limited = 0;
	snprintf(w->label, sizeof w->label, "pg_stat_activity at 10 Hz");
	/* Without pg_read_all_stats (or superuser) another role's backends
	 * show no wait events: the run's own role's still do. */
	int got = query_text(c, "SELECT CASE WHEN pg_has_role(current_user, 'pg_read_all_stats',"
			     " 'USAGE') THEN 1 ELSE 0 END", NULL, v, sizeof v, e);
	if (got < 0)
		return e->cls == DB_RECONNECT ? -1 : 0;
	if (strcmp(v, "1")) {
		w->limited = 1;
		snprintf(w->note, sizeof w->note, "waits: role lacks pg_read_all_stats: only this "
			 "role's backends are sampled (GRANT pg_read_all_stats to see every one)");
	}
	return 0;
}

static int session_row(void *ctx, int n, const char *const *col)
{
	wait_acc *a = ctx;
	char ev[WAIT_EVENT_NAME];
	if (n < 3)
		return 0;
	int cls = wait_class_pg(col[0], col[1], col[2]);
	if (cls < 0)
		return 0;
	if (col[1] && col[2])
		snprintf(ev, sizeof ev, "%s:%s", col[1], col[2]);
	else
		snprintf(ev, sizeof ev, "%s", cls == WC_NETWORK ? "idle in transaction" : "CPU");
	wait_acc_session(a, cls, ev);
	return 0;
}

int pg_wait_sample(db_conn *c, wait_src *w, wait_acc *a, db_error *e)
{
	(void)w;
	/* This database's client backends but the sampler's own; the
	 * statistics snapshot is per transaction, which the caller ends. */
	int rc = query_rows(c, "SELECT state, wait_event_type, wait_event FROM pg_stat_activity"
			    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
			    " AND backend_type = 'client backend'", NULL, session_row, a, e);
	if (rc)
		return -1;
	wait_acc_snapshot(a);
	return 0;
}

typedef struct counter_ctx {
	wait_counter *out;
	int n, max;
} counter_ctx;

static int counter_row(void *ctx, const char *name, double value)
{
	counter_ctx *k = ctx;
	if (k->n < k->max) {
		snprintf(k->out[k->n].name, sizeof k->out[k->n].name, "%s", name);
		k->out[k->n].value = value;
		k->out[k->n].gauge = !strcmp(name, "ungranted_locks");
		k->n++;
	}
	return 0;
}

int pg_wait_counters(db_conn *c, wait_src *w, wait_counter *out, int max, db_error *e)
{
	(void)w;
	counter_ctx k = { out, 0, max };
	/* pg_stat_wal's write and sync counts are 14's; the locks anyone's. */
	if (query_pairs(c, "SELECT 'wal_write', CAST(wal_write AS FLOAT8) FROM pg_stat_wal"
			" UNION ALL SELECT 'wal_sync', CAST(wal_sync AS FLOAT8) FROM pg_stat_wal"
			" UNION ALL SELECT 'ungranted_locks', CAST(COUNT(*) AS FLOAT8) FROM pg_locks"
			" WHERE NOT granted", counter_row, &k, e) == 0)
		return k.n;
	if (e->cls == DB_RECONNECT)
		return -1;
	/* The failed statement spoilt the transaction the next one needs. */
	c->drv->rollback(c, &(db_error){ 0 });
	k.n = 0;
	if (query_pairs(c, "SELECT 'ungranted_locks', CAST(COUNT(*) AS FLOAT8) FROM pg_locks"
			" WHERE NOT granted", counter_row, &k, e) == 0)
		return k.n;
	return -1;
}
