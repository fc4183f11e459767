/* dialect_mysql_waits.c: what the run's sessions wait for on MariaDB and
 * MySQL.  With performance_schema off (MariaDB's default) nothing times the
 * waits, so the sampler looks at each of the run's sessions several times a
 * second: PROCESSLIST's command and state, joined to INNODB_TRX, since an
 * InnoDB row-lock wait shows only there ("LOCK WAIT"), the processlist
 * state being whatever the statement was doing ("Updating").  Beside it,
 * the InnoDB status counters that are waits.
 *
 * With performance_schema on, each second also reads the timed waits of
 * the run's own sessions (events_waits_summary_by_thread_by_event_name
 * joined to threads on the run's database, as the processlist sampling
 * counts them: server-wide summaries would mix in every other session's
 * and the background threads' I/O), and the samples' busy time is split
 * into them, the rest being CPU (wait_refine).  The samples stay, for
 * two things the timed waits cannot tell: when a session is in a
 * statement at all (CPU is time in one on no timed wait), and InnoDB
 * row-lock waits, which MariaDB (10.11) and MySQL do not time as a wait
 * event (no wait/ instrument; the lock wait sits inside the
 * wait/io/table/ handler time, which is all of a statement's engine time
 * and so is no wait): INNODB_TRX's LOCK WAIT stays the row-lock class.
 * A default MariaDB 10.11 times wait/io/file/ (data files, not the redo
 * log: no innodb_log_file events after a run), wait/io/table/,
 * wait/lock/table/ and idle only; the wait/synch/ instruments (mutexes,
 * rw-locks) are off until setup_instruments enables them, and are read
 * when on.  So the log class too stays the samples' commit state where
 * nothing times it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect.h"
#include "query.h"

#define MY_NO_TRX 1        /* w->flags: INNODB_TRX refused (no PROCESS) */
#define MY_NO_SHOW 2       /* w->flags: SHOW PROCESSLIST not preparable */

/* The run's sessions' timed waits, seconds per event so far: the time
 * between statements (idle) and in the handler (wait/io/table/) are no
 * waits of a session in a statement (wait_class_mysql_event). */
const char mysql_wait_timed_sql[] =
	"SELECT w.EVENT_NAME, SUM(w.SUM_TIMER_WAIT) / 1e12"
	" FROM performance_schema.events_waits_summary_by_thread_by_event_name w"
	" JOIN performance_schema.threads t ON t.THREAD_ID = w.THREAD_ID"
	" WHERE t.PROCESSLIST_DB = ? AND t.PROCESSLIST_ID <> CONNECTION_ID()"
	" AND w.COUNT_STAR > 0 AND w.EVENT_NAME <> 'idle'"
	" AND w.EVENT_NAME NOT LIKE 'wait/io/table/%'"
	" GROUP BY w.EVENT_NAME";

/* The sessions are read as SHOW PROCESSLIST, which the server answers
 * from its session list as it stands: information_schema.PROCESSLIST
 * (joined to INNODB_TRX) builds a temporary table of every session
 * first, and at 10 Hz under a run's load that cost the server 1.2 ms a
 * sample against 0.2 ms, most of the monitor's whole cost.  The run's
 * database is picked out here.  Each session's InnoDB transaction, if
 * any, comes from INNODB_TRX, read just before (the two were never one
 * instant: information_schema fills each table on its own). */
static const char my_processlist[] = "SHOW PROCESSLIST";
static const char my_trx[] =
	"SELECT trx_mysql_thread_id, trx_state FROM information_schema.INNODB_TRX";
/* A server that will not prepare SHOW PROCESSLIST: the join, as before. */
static const char my_sessions_trx[] =
	"SELECT p.COMMAND, p.STATE, LEFT(p.INFO, 12), t.trx_state"
	" FROM information_schema.PROCESSLIST p"
	" LEFT JOIN information_schema.INNODB_TRX t ON t.trx_mysql_thread_id = p.ID"
	" WHERE p.DB = ? AND p.ID <> CONNECTION_ID()";
static const char my_sessions[] =
	"SELECT p.COMMAND, p.STATE, LEFT(p.INFO, 12), NULL"
	" FROM information_schema.PROCESSLIST p"
	" WHERE p.DB = ? AND p.ID <> CONNECTION_ID()";

int mysql_wait_open(db_conn *c, wait_src *w, db_error *e)
{
	char ps[16] = "";
	int64_t n;
	db_error ign;
	w->kind = WS_SAMPLED;
	w->flags = 0;
	w->limited = 0;
	w->refine = 0;
	if (query_text(c, "SELECT @@performance_schema", NULL, ps, sizeof ps, &ign) != 1)
		ps[0] = '\0';
	/* INNODB_TRX wants the PROCESS privilege; without it the processlist
	 * still shows the sessions of the run's own user. */
	if (db_query_int(c, "SELECT COUNT(*) FROM information_schema.INNODB_TRX", &n, e) < 0) {
		if (e->cls == DB_RECONNECT)
			return -1;
		w->flags |= MY_NO_TRX;
		w->limited = 1;
	}
	/* performance_schema on and its summary readable (SELECT on it). */
	if (!strcmp(ps, "1")) {
		wait_reading r = { .n = 0 };
		if (mysql_wait_timed(c, w, &r, e) == 0)
			w->refine = 1;
		else if (e->cls == DB_RECONNECT)
			return -1;
	}
	if (w->refine)
		/* Short enough for the pane's title at 120 columns. */
		snprintf(w->label, sizeof w->label, "performance_schema timed waits + %s",
			 w->flags & MY_NO_TRX ? "PROCESSLIST" : "INNODB_TRX");
	else
		snprintf(w->label, sizeof w->label, "PROCESSLIST%s at 10 Hz",
			 w->flags & MY_NO_TRX ? "" : " + INNODB_TRX");
	if (w->flags & MY_NO_TRX)
		snprintf(w->note, sizeof w->note, "waits: no PROCESS privilege: INNODB_TRX is "
			 "refused, so row-lock waits count as CPU (GRANT PROCESS ON *.* to see them)");
	else if (w->refine)
		snprintf(w->note, sizeof w->note, "waits: performance_schema timed waits of the "
			 "run's sessions; row locks and CPU from 10 Hz INNODB_TRX/PROCESSLIST "
			 "samples (InnoDB row-lock waits are not timed there)");
	else if (!strcmp(ps, "1"))
		snprintf(w->note, sizeof w->note, "waits: sampled from the processlist "
			 "(performance_schema's timed waits refused: GRANT SELECT ON "
			 "performance_schema.* gives them)");
	else
		snprintf(w->note, sizeof w->note, "waits: sampled at 10 Hz (performance_schema is "
			 "OFF; performance_schema=ON, a restart, gives timed waits)");
	return 0;
}

/* The transactions INNODB_TRX listed: at most a run's sessions, and a
 * session past the last one held is taken for one without. */
#define MY_TRX_MAX 4096

typedef struct my_trx_row {
	int64_t id;      /* first: by_id compares it */
	int lock_wait;
} my_trx_row;

typedef struct sample_ctx {
	wait_acc *a;
	const char *database;
	int64_t self;
	int ntrx;
	my_trx_row trx[MY_TRX_MAX];
} sample_ctx;

static int trx_row(void *ctx, int n, const char *const *col)
{
	sample_ctx *s = ctx;
	if (n < 2 || !col[0] || s->ntrx >= MY_TRX_MAX)
		return 0;
	s->trx[s->ntrx].id = strtoll(col[0], NULL, 10);
	s->trx[s->ntrx].lock_wait = col[1] && !strcasecmp(col[1], "LOCK WAIT");
	s->ntrx++;
	return 0;
}

static int by_id(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	return (x > y) - (x < y);
}

static void classify(sample_ctx *s, const char *command, const char *state, const char *info,
		     const char *trx_state)
{
	char ev[WAIT_EVENT_NAME];
	int cls = wait_class_mysql_session(command, state, info, trx_state, ev, sizeof ev);
	if (cls >= 0)
		wait_acc_session(s->a, cls, ev);
}

/* SHOW PROCESSLIST: Id, User, Host, db, Command, Time, State, Info (and
 * on MariaDB Progress), on MySQL as on MariaDB. */
static int processlist_row(void *ctx, int n, const char *const *col)
{
	sample_ctx *s = ctx;
	if (n < 8 || !col[0] || !col[3] || strcasecmp(col[3], s->database))
		return 0;
	int64_t id = strtoll(col[0], NULL, 10);
	if (id == s->self)
		return 0;
	const my_trx_row *t = bsearch(&id, s->trx, (size_t)s->ntrx, sizeof s->trx[0], by_id);
	classify(s, col[4], col[6], col[7], !t ? NULL : t->lock_wait ? "LOCK WAIT" : "RUNNING");
	return 0;
}

static int session_row(void *ctx, int n, const char *const *col)
{
	if (n >= 4)
		classify(ctx, col[0], col[1], col[2], col[3]);
	return 0;
}

int mysql_wait_sample(db_conn *c, wait_src *w, wait_acc *a, db_error *e)
{
	sample_ctx *s = malloc(sizeof *s);
	if (!s)
		return db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
	s->a = a;
	s->database = w->database;
	s->self = c->drv->conn_id ? c->drv->conn_id(c) : -1;
	s->ntrx = 0;
	int rc = 0;
	if (!(w->flags & (MY_NO_SHOW | MY_NO_TRX))) {
		rc = query_rows(c, my_trx, NULL, trx_row, s, e);
		qsort(s->trx, (size_t)s->ntrx, sizeof s->trx[0], by_id);
	}
	if (!rc && !(w->flags & MY_NO_SHOW)) {
		rc = query_rows(c, my_processlist, NULL, processlist_row, s, e);
		if (rc && e->cls != DB_RECONNECT) {
			/* Not preparable here: the join from now on. */
			w->flags |= MY_NO_SHOW;
			rc = 0;
		}
	}
	if (!rc && (w->flags & MY_NO_SHOW))
		rc = query_rows(c, w->flags & MY_NO_TRX ? my_sessions : my_sessions_trx,
				w->database, session_row, s, e);
	free(s);
	if (rc)
		return -1;
	wait_acc_snapshot(a);
	return 0;
}

typedef struct timed_ctx {
	wait_reading *r;
} timed_ctx;

static int timed_row(void *ctx, int n, const char *const *col)
{
	timed_ctx *t = ctx;
	wait_reading *r = t->r;
	if (n < 2 || !col[0] || !col[1] || r->n >= WAIT_TIMED_MAX)
		return 0;
	int cls = wait_class_mysql_event(col[0]);
	if (cls < 0)
		return 0;
	snprintf(r->ev[r->n].name, sizeof r->ev[r->n].name, "%s", col[0]);
	r->ev[r->n].cls = cls;
	r->ev[r->n].s = strtod(col[1], NULL);
	r->n++;
	return 0;
}

int mysql_wait_timed(db_conn *c, wait_src *w, wait_reading *r, db_error *e)
{
	timed_ctx t = { r };
	r->n = 0;
	return query_rows(c, mysql_wait_timed_sql, w->database, timed_row, &t, e) ? -1 : 0;
}

/* The counters that are waits; the pending ones are gauges. */
static const struct { const char *status, *name; int gauge; } my_counters[] = {
	{ "INNODB_ROW_LOCK_TIME", "row_lock_time_ms", 0 },
	{ "INNODB_ROW_LOCK_WAITS", "row_lock_waits", 0 },
	{ "INNODB_LOG_WAITS", "log_waits", 0 },
	{ "INNODB_BUFFER_POOL_WAIT_FREE", "buffer_pool_wait_free", 0 },
	{ "INNODB_DATA_PENDING_FSYNCS", "data_pending_fsyncs", 1 },
	{ "INNODB_OS_LOG_PENDING_FSYNCS", "log_pending_fsyncs", 1 },
};
#define NCOUNTERS (sizeof my_counters / sizeof my_counters[0])

typedef struct counter_ctx {
	wait_counter *out;
	int n, max;
} counter_ctx;

static int counter_row(void *ctx, const char *name, double value)
{
	counter_ctx *k = ctx;
	for (size_t i = 0; i < NCOUNTERS && k->n < k->max; i++)
		if (!strcasecmp(name, my_counters[i].status)) {
			snprintf(k->out[k->n].name, sizeof k->out[k->n].name, "%s", my_counters[i].name);
			k->out[k->n].value = value;
			k->out[k->n].gauge = my_counters[i].gauge;
			k->n++;
		}
	return 0;
}

int mysql_wait_counters(db_conn *c, wait_src *w, wait_counter *out, int max, db_error *e)
{
	static const char *const q[] = {
		"SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
		" WHERE VARIABLE_NAME IN ('INNODB_ROW_LOCK_TIME', 'INNODB_ROW_LOCK_WAITS',"
		" 'INNODB_LOG_WAITS', 'INNODB_BUFFER_POOL_WAIT_FREE', 'INNODB_DATA_PENDING_FSYNCS',"
		" 'INNODB_OS_LOG_PENDING_FSYNCS')",
		"SELECT UPPER(VARIABLE_NAME), VARIABLE_VALUE FROM performance_schema.global_status"
		" WHERE VARIABLE_NAME IN ('Innodb_row_lock_time', 'Innodb_row_lock_waits',"
		" 'Innodb_log_waits', 'Innodb_buffer_pool_wait_free', 'Innodb_data_pending_fsyncs',"
		" 'Innodb_os_log_pending_fsyncs')",
	};
	(void)w;
	for (size_t i = 0; i < sizeof q / sizeof q[0]; i++) {
		counter_ctx k = { out, 0, max };
		if (query_pairs(c, q[i], counter_row, &k, e) == 0)
			return k.n;
		if (e->cls == DB_RECONNECT)
			break;
	}
	return -1;
}
