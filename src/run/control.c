/* control.c: what commands call while a run goes on: the VU count, the
 * phases, stop and pause, events (marks among them), and the server over
 * the control connection (variables, metrics, ad-hoc SQL).  Any thread may
 * call these; engine_int.h says which lock guards what. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "dialect/server.h"
#include "engine_int.h"
#include "tpcc/schema.h"
#include "util/utf8.h"
#include "util/util.h"

/* ---- events ------------------------------------------------------------- */

/* An event's text is UTF-8 wherever it goes next (the results file, the
 * batch lines, the screen), cut between two characters: a server's
 * Latin-1 error or a label typed in another locale may be in it. */
static void emit(engine *e, const char *type, const char *fmt, va_list ap)
{
	run_event ev;
	char raw[2 * sizeof ev.text];
	memset(&ev, 0, sizeof ev);
	str_copy(ev.type, type, sizeof ev.type);
	vsnprintf(raw, sizeof raw, fmt, ap);
	utf8_copy(ev.text, raw, sizeof ev.text);
	pthread_mutex_lock(&e->lock);
	ev.t = e->t;
	if (e->res)
		results_event(e->res, &ev);
	e->evring[e->nevents++ % EVRING] = ev;
	pthread_mutex_unlock(&e->lock);
	if (e->hooks.on_event)
		e->hooks.on_event(&ev, e->hooks.ud);
}

void engine_event(engine *e, const char *type, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	emit(e, type, fmt, ap);
	va_end(ap);
}

/* ---- VUs ---------------------------------------------------------------- */

static int apply_target_locked(engine *e, char *err, size_t errlen)
{
	int n = engine_active_locked(e);
	while (n < e->target) {
		if (vu_spawn_locked(e, err, errlen))
			return -1;
		n++;
	}
	for (; n > e->target; n--)
		vu_remove_locked(e);
	return 0;
}

/* With e->lock held: 1, the lock released and err filled, when the run
 * is over (or ending) and takes no more changes; else 0, still held. */
static int over_unlocked(engine *e, char *err, size_t errlen)
{
	if (!e->done && !e->stop_req && !e->ending)
		return 0;
	pthread_mutex_unlock(&e->lock);
	snprintf(err, errlen, "the run is over");
	return 1;
}

int engine_set_vus(engine *e, int n, const char *why, char *err, size_t errlen)
{
	if (n < 0 || n > SCHEDULE_VUS_MAX) {
		snprintf(err, errlen, "VU count must be from 0 to %d, got %d", SCHEDULE_VUS_MAX, n);
		return -1;
	}
	pthread_mutex_lock(&e->lock);
	if (over_unlocked(e, err, errlen))
		return -1;
	int old = e->target;
	uint64_t asked = now_ns();
	e->target = n;
	int rc = apply_target_locked(e, err, errlen);
	if (rc)
		e->target = engine_active_locked(e);
	int now = e->target;
	if (now != old) {
		if (strcmp(why ? why : "", "start"))
			e->vus_moved = 1;
		e->change_ns = asked;
		e->change_pending = 1;
	}
	pthread_mutex_unlock(&e->lock);
	if (now != old) {
		engine_event(e, "vus", "vus %d -> %d (%s)", old, now, why ? why : "operator");
		/* Only now, so "ready" never precedes the change in the log. */
		pthread_mutex_lock(&e->lock);
		if (e->change_pending == 1)
			e->change_pending = 2;
		pthread_mutex_unlock(&e->lock);
		vu_change_settled(e, NULL, 0);
	}
	return rc;
}

/* ---- the offered load ---------------------------------------------------- */

static const char *rate_text(long tpm, char *buf, size_t len)
{
	if (tpm > 0)
		snprintf(buf, len, "%ld", tpm);
	else
		snprintf(buf, len, "off");
	return buf;
}

int engine_set_rate(engine *e, long tpm, int keep_backlog, const char *why, char *err,
		    size_t errlen)
{
	char a[24], b[24];
	if (tpm < 0 || tpm > RATE_TPM_MAX) {
		snprintf(err, errlen, "a rate must be from 0 to %ld transactions a minute, got %ld",
			 RATE_TPM_MAX, tpm);
		return -1;
	}
	if (tpm > 0 && e->cfg.keying_thinking) {
		snprintf(err, errlen, "no offered rate with keying and think times, which pace each "
			 "terminal themselves");
		return -1;
	}
	pthread_mutex_lock(&e->lock);
	if (over_unlocked(e, err, errlen))
		return -1;
	long old = rate_tpm(&e->rate);
	rate_set(&e->rate, tpm, now_ns(), keep_backlog);
	/* A VU napping until a start of the old schedule takes one of the
	 * new now, not when the old one would have been due. */
	for (int i = 0; i < e->nvus; i++)
		vu_wake(e->vus[i]);
	pthread_mutex_unlock(&e->lock);
	if (old != tpm)
		engine_event(e, "rate", "rate %s -> %s (%s)", rate_text(old, a, sizeof a),
			     rate_text(tpm, b, sizeof b), why ? why : "operator");
	return 0;
}

long engine_rate(engine *e)
{
	return rate_tpm(&e->rate);
}

/* ---- phases ------------------------------------------------------------- */

int engine_end_rampup(engine *e, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->lock);
	if (e->phase != PH_RAMPUP) {
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "not in ramp-up (phase is %s)", phase_names[e->phase]);
		return -1;
	}
	int shift = e->rampup_end - e->t;
	e->rampup_end -= shift;
	e->steady_end -= shift;
	e->rampdown_end -= shift;
	e->phase = PH_STEADY;
	pthread_mutex_unlock(&e->lock);
	engine_phase_changed(e, PH_RAMPUP, PH_STEADY);
	return 0;
}

int engine_start_rampdown(engine *e, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->lock);
	int from = e->phase;
	if (from != PH_RAMPUP && from != PH_STEADY) {
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "cannot ramp down from phase %s", phase_names[from]);
		return -1;
	}
	int rd = e->rampdown_end - e->steady_end;
	e->rampup_end = e->rampup_end < e->t ? e->rampup_end : e->t;
	e->steady_end = e->t;
	e->rampdown_end = e->t + rd;
	e->phase = engine_phase_at(e, e->t);
	int to = e->phase;
	pthread_cond_broadcast(&e->cond); /* with no ramp-down the run ends now */
	pthread_mutex_unlock(&e->lock);
	engine_phase_changed(e, from, to);
	return 0;
}

int engine_extend(engine *e, int seconds, char *err, size_t errlen)
{
	if (seconds <= 0)
		seconds = e->cfg.extend_step;
	pthread_mutex_lock(&e->lock);
	if (e->phase != PH_RAMPUP && e->phase != PH_STEADY) {
		int ph = e->phase;
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "can only extend during ramp-up or steady (phase is %s)",
			 phase_names[ph]);
		return -1;
	}
	e->steady_end += seconds;
	e->rampdown_end += seconds;
	int left = e->steady_end - e->t;
	pthread_mutex_unlock(&e->lock);
	engine_event(e, "phase", "steady extended by %d s (%d s left)", seconds, left);
	return 0;
}

void engine_stop_async(engine *e, const char *reason)
{
	const char *none = NULL;
	atomic_compare_exchange_strong(&e->stop_async, &none, reason);
	/* Wake the collector now if nobody holds the lock; else it sees the
	 * request when its second is up. */
	if (pthread_mutex_trylock(&e->lock) == 0) {
		pthread_cond_broadcast(&e->cond);
		pthread_mutex_unlock(&e->lock);
	}
}

void engine_stop(engine *e, const char *reason)
{
	pthread_mutex_lock(&e->lock);
	if (!e->stop_req) {
		e->stop_req = 1;
		str_copy(e->stop_reason, reason ? reason : "operator", sizeof e->stop_reason);
	}
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

int engine_stopping(engine *e)
{
	pthread_mutex_lock(&e->lock);
	int s = e->done || e->stop_req || e->ending || atomic_load(&e->stop_async) != NULL;
	pthread_mutex_unlock(&e->lock);
	return s;
}

int engine_pause(engine *e, int paused)
{
	int old = atomic_exchange(&e->paused, paused ? 1 : 0);
	/* The seconds paused are no backlog to catch up on. */
	if (old && !paused)
		rate_restart(&e->rate, now_ns());
	if (old != (paused ? 1 : 0))
		engine_event(e, "pause", paused ? "all VUs paused" : "VUs resumed");
	return 0;
}

/* ---- control connection ------------------------------------------------- */

/* Reconnect the control connection once if the server dropped it. */
static int ctl_retry(engine *e, const db_error *de)
{
	db_error again;
	if (de->cls != DB_RECONNECT || e->ctl_away)
		return 0;
	if (e->ctl)
		e->ctl->drv->disconnect(e->ctl);
	e->ctl = NULL;
	return schema_connect(&e->cfg, &e->ctl, &again) == 0;
}

typedef int (*ctl_fn)(engine *e, void *arg, db_error *de);

/* One call over the control connection, e->ctl_lock held.  The connection
 * sits idle most of a run, so the server may have dropped it (a timeout,
 * a restart): a call that found it gone is made once more on a new one
 * rather than failing the operator's command.  fn returns < 0 with de
 * filled when it failed. */
static int ctl_call(engine *e, ctl_fn fn, void *arg, db_error *de)
{
	int rc = -1;
	if (e->ctl_away) {
		db_error_set(de, DB_RECONNECT, 0, "HY000", "the database is being restored "
			     "(sweep --reset-between): no connection until it is back");
		return -1;
	}
	for (int tries = 0; tries < 2 && rc < 0; tries++) {
		/* A reconnect that failed left none: the server may be back. */
		if (!e->ctl && schema_connect(&e->cfg, &e->ctl, de)) {
			e->ctl = NULL;
			de->cls = DB_RECONNECT;
			break;
		}
		rc = fn(e, arg, de);
		if (rc < 0 && !ctl_retry(e, de))
			break;
	}
	return rc;
}

struct var_args {
	const char *name, *value;
	char *buf;                /* get: the value read; set: the dialect's note */
	size_t len;
};

static int ctl_get_var(engine *e, void *arg, db_error *de)
{
	struct var_args *a = arg;
	return server_get_var(e->ctl, e->d, a->name, a->buf, a->len, de) ? -1 : 0;
}

static int ctl_set_var(engine *e, void *arg, db_error *de)
{
	struct var_args *a = arg;
	return server_set_var(e->ctl, e->d, a->name, a->value, a->buf, a->len, de) ? -1 : 0;
}

struct metrics_args {
	db_metric *m;
	int max;
};

static int ctl_metrics(engine *e, void *arg, db_error *de)
{
	struct metrics_args *a = arg;
	return server_metrics(e->ctl, e->d, a->m, a->max, de);
}

int engine_get_var(engine *e, const char *name, char *buf, size_t len, char *err, size_t errlen)
{
	struct var_args a = { .name = name, .buf = buf, .len = len };
	db_error de;
	pthread_mutex_lock(&e->ctl_lock);
	int rc = ctl_call(e, ctl_get_var, &a, &de);
	if (e->ctl)
		e->drv->commit(e->ctl, &(db_error){ 0 });
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc)
		snprintf(err, errlen, "%s", de.msg);
	return rc;
}

/* The VUs are stopped already (step.c); the sampler's connection and the
 * control connection are what is left of the run's sessions.  The control
 * lock is taken after the monitor has left, so a command the operator
 * typed meanwhile ends first. */
#define LEAVE_WAIT_MS 10000
int engine_leave_database(engine *e, char *err, size_t errlen)
{
	if (!e->d || !e->d->restore_drops_database)
		return 0;
	if (e->mon && monitor_leave(e->mon, LEAVE_WAIT_MS)) {
		monitor_return(e->mon);
		snprintf(err, errlen, "the sampler's connection is still in a query %d s after it "
			 "was asked to close; no reset", LEAVE_WAIT_MS / 1000);
		return -1;
	}
	pthread_mutex_lock(&e->ctl_lock);
	if (e->ctl)
		e->ctl->drv->disconnect(e->ctl);
	e->ctl = NULL;
	e->ctl_away = 1;
	pthread_mutex_unlock(&e->ctl_lock);
	return 0;
}

void engine_return_database(engine *e)
{
	/* Both connect again when next needed (ctl_call, sampler_conn). */
	pthread_mutex_lock(&e->ctl_lock);
	e->ctl_away = 0;
	pthread_mutex_unlock(&e->ctl_lock);
	if (e->mon)
		monitor_return(e->mon);
}

int engine_ctl_lost(engine *e)
{
	pthread_mutex_lock(&e->ctl_lock);
	int lost = e->ctl == NULL;
	pthread_mutex_unlock(&e->ctl_lock);
	return lost;
}

int engine_ctl_set_var(engine *e, const char *name, const char *value, char *note,
		       size_t notelen, char *err, size_t errlen)
{
	struct var_args a = { .name = name, .value = value, .buf = note, .len = notelen };
	db_error de;

	pthread_mutex_lock(&e->ctl_lock);
	int rc = ctl_call(e, ctl_set_var, &a, &de);
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc)
		snprintf(err, errlen, "set %s: %s", name, de.msg);
	else if (e->d->vars_per_connection && conn_vars_note(&e->cvars, name, value))
		snprintf(note, notelen, "only the control connection has it: %d settings are "
			 "carried to the VUs at most", CONN_VARS_MAX);
	return rc;
}

/* A journal entry's put-back and its check, over the control
 * connection (server.h's server_put_back_var, server_var_is_back). */
struct back_args {
	const knob_entry *k;
	char *buf;                /* put back: the dialect's note; is back: the value read */
	size_t len;
	int saved;                /* saved: what server_saved_var found */
};

static int ctl_put_back(engine *e, void *arg, db_error *de)
{
	struct back_args *a = arg;
	return server_put_back_var(e->ctl, e->d, a->k->name, a->k->old, a->k->saved,
				   a->k->saved_text, a->buf, a->len, de) ? -1 : 0;
}

static int ctl_is_back(engine *e, void *arg, db_error *de)
{
	struct back_args *a = arg;
	return server_var_is_back(e->ctl, e->d, a->k->name, a->k->old, a->k->saved,
				  a->k->saved_text, a->buf, a->len, de);
}

static int ctl_saved(engine *e, void *arg, db_error *de)
{
	struct back_args *a = arg;
	return server_saved_var(e->ctl, e->d, a->k->name, &a->saved, a->buf, a->len, de);
}

/* fn over the control connection, under its lock. */
static int back_call(engine *e, ctl_fn fn, struct back_args *a, db_error *de)
{
	pthread_mutex_lock(&e->ctl_lock);
	int rc = ctl_call(e, fn, a, de);
	pthread_mutex_unlock(&e->ctl_lock);
	return rc;
}

int engine_ctl_put_back_var(engine *e, const knob_entry *k, char *note, size_t notelen,
			    char *err, size_t errlen)
{
	struct back_args a = { .k = k, .buf = note, .len = notelen };
	db_error de;

	int rc = back_call(e, ctl_put_back, &a, &de);
	if (rc)
		snprintf(err, errlen, "put back %s: %s", k->name, de.msg);
	else if (e->d->vars_per_connection && conn_vars_note(&e->cvars, k->name, k->old))
		snprintf(note, notelen, "only the control connection has it: %d settings are "
			 "carried to the VUs at most", CONN_VARS_MAX);
	return rc;
}

int engine_ctl_var_is_back(engine *e, const knob_entry *k, char *now, size_t nowlen,
			   char *err, size_t errlen)
{
	struct back_args a = { .k = k, .buf = now, .len = nowlen };
	db_error de;

	int rc = back_call(e, ctl_is_back, &a, &de);
	if (rc < 0)
		snprintf(err, errlen, "%s: %s", k->name, de.msg);
	return rc;
}

int engine_ctl_saved_var(engine *e, const char *name, char *text, size_t textlen)
{
	knob_entry k;
	str_copy(k.name, name, sizeof k.name);
	struct back_args a = { .k = &k, .buf = text, .len = textlen, .saved = VAR_SAVED_UNKNOWN };
	db_error de;

	return back_call(e, ctl_saved, &a, &de) ? VAR_SAVED_UNKNOWN : a.saved;
}

struct check_args {
	const char *name, *value;
	char *why;
	size_t len;
};

static int ctl_check_var(engine *e, void *arg, db_error *de)
{
	struct check_args *a = arg;
	return server_check_var(e->ctl, e->d, a->name, a->value, a->why, a->len, de);
}

int engine_check_var(engine *e, const char *name, const char *value, char *err, size_t errlen)
{
	char why[512] = "";
	struct check_args a = { .name = name, .value = value, .why = why, .len = sizeof why };
	db_error de;

	pthread_mutex_lock(&e->ctl_lock);
	int rc = ctl_call(e, ctl_check_var, &a, &de);
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc < 0)
		snprintf(err, errlen, "cannot check %s: %s", name, de.msg);
	else if (rc > 0)
		snprintf(err, errlen, "%s = %s: %s", name, value, why);
	return rc;
}

static int ctl_in_effect(engine *e, void *arg, db_error *de)
{
	struct check_args *a = arg;
	return server_in_effect(e->ctl, e->d, a->name, a->value, a->why, a->len, de);
}

int engine_var_in_effect(engine *e, const char *name, const char *value, char *status,
			 size_t statuslen, char *err, size_t errlen)
{
	struct check_args a = { .name = name, .value = value, .why = status, .len = statuslen };
	db_error de;

	pthread_mutex_lock(&e->ctl_lock);
	int rc = ctl_call(e, ctl_in_effect, &a, &de);
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc < 0)
		snprintf(err, errlen, "%s: %s", name, de.msg);
	return rc;
}

int engine_metrics(engine *e, char *out, size_t outlen, char *err, size_t errlen)
{
	db_metric m[32];
	struct metrics_args a = { .m = m, .max = 32 };
	db_error de;
	size_t used = 0;

	out[0] = '\0';
	pthread_mutex_lock(&e->ctl_lock);
	int n = ctl_call(e, ctl_metrics, &a, &de);
	pthread_mutex_unlock(&e->ctl_lock);
	if (n < 0) {
		snprintf(err, errlen, "metrics: %s", de.msg);
		return -1;
	}
	if (n == 0)
		snprintf(out, outlen, "no server metrics for %s", e->d->name);
	for (int i = 0; i < n && used < outlen; i++) {
		int k = snprintf(out + used, outlen - used, "%s %.0f\n", m[i].name, m[i].value);
		used += k > 0 ? (size_t)k : 0;
	}
	return 0;
}

int engine_sql(engine *e, const char *sql, char *out, size_t outlen, char *err, size_t errlen)
{
	db_error de;
	db_stmt *s = NULL;
	size_t used = 0;
	int rc = -1;

	out[0] = '\0';
	pthread_mutex_lock(&e->ctl_lock);
	if (!e->ctl) {
		ctl_retry(e, &(db_error){ .cls = DB_RECONNECT });
		if (!e->ctl) {
			snprintf(err, errlen, "no control connection");
			goto done;
		}
	}
	const db_driver *d = e->drv;
	int64_t affected = 0;
	if (d->prepare(e->ctl, sql, &s, &de) != 0) {
		/* Some statements cannot be prepared (MySQL: many SHOWs); send
		 * them as text. */
		if (de.cls == DB_RECONNECT || d->exec(e->ctl, sql, &affected, &de) != 0)
			goto fail;
		snprintf(out, outlen, "ok, %lld rows affected", (long long)affected);
		rc = 0;
		goto commit;
	}
	if (d->execute(s, NULL, 0, &affected, &de) != 0)
		goto fail;
	int cols = d->column_count(s), rows = 0, f;
	while ((f = d->fetch(s, &de)) == 1) {
		if (rows < 20) {
			for (int c = 0; c < cols && used + 2 < outlen; c++) {
				size_t len = 0;
				const char *v = d->col_isnull(s, c) ? "NULL" : d->col_text(s, c, &len);
				if (v && !len)
					len = strlen(v);
				int n = snprintf(out + used, outlen - used, "%s%.*s", c ? "\t" : "",
						 (int)len, v ? v : "");
				used += n > 0 ? (size_t)n : 0;
				if (used >= outlen)
					used = outlen - 1;
			}
			if (used + 2 < outlen)
				out[used++] = '\n', out[used] = '\0';
		}
		rows++;
	}
	if (f < 0)
		goto fail;
	if (cols == 0)
		snprintf(out, outlen, "ok, %lld rows affected", (long long)affected);
	else if (rows > 20 && used + 40 < outlen)
		snprintf(out + used, outlen - used, "... %d rows in all\n", rows);
	rc = 0;
	goto commit;
fail:
	snprintf(err, errlen, "%s", de.msg);
	if (de.cls == DB_RECONNECT)
		ctl_retry(e, &de);
commit:
	if (s)
		d->finalize(s);
	if (e->ctl)
		d->commit(e->ctl, &de);
done:
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc == 0)
		engine_event(e, "sql", "%.200s", sql);
	return rc;
}
