/* engine.c: the run.  Locking: e->lock guards the VU list, phases, the tick
 * ring, events and the results file; it is never held across a database
 * call.  e->ctl_lock guards the control connection.  VUs touch shared state
 * only through their own vu_stats and two atomics. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "dialect/dialect.h"
#include "engine.h"
#include "tpcc/mix.h"
#include "tpcc/schema.h"
#include "tpcc/schema_check.h"
#include "dialect/server.h"
#include "tpcc/txn.h"
#include "util/util.h"

#define RING 4096                 /* ticks kept in memory for front ends */
#define EVRING 512                /* events kept in memory for front ends */
#define MAX_ERROR_EVENTS 100      /* then errors are only counted */
#define VU_STACK (512 * 1024)

const char *const vu_state_names[VU_STATE_COUNT] = {
	"starting", "running", "thinking", "retrying", "reconnecting",
	"error", "stopping", "done"
};

typedef struct vu {
	engine *e;
	int id;                   /* 1, 2, ... in order of creation */
	int slot;                 /* decides the home warehouse and district */
	pthread_t th;
	atomic_int stop;
	atomic_int state;
	atomic_int finished;
	int left;                 /* past its last vu_change_settled; e->lock */
	int joined;
	vu_stats *stats;
} vu;

struct engine {
	tpcc_config cfg;
	const db_driver *drv;
	const dialect *d;
	int procedures;           /* workload.mode procedures */
	engine_hooks hooks;
	schema_info schema;
	tpcc_nurand_c c_run;
	char server_version[128];

	pthread_mutex_t lock;
	pthread_cond_t cond;      /* CLOCK_MONOTONIC: wakes the collector */
	vu **vus;
	int nvus, cap;
	int target;
	int next_id;
	int vus_max;
	/* A VU count change not yet fully in effect: since when, for the
	 * "ready" event that tells how long connecting (or leaving) took. */
	uint64_t change_ns;
	int change_pending;       /* 1 asked, 2 its event logged: watch it */
	stats_sum *retired, *cum, *prev, *iv, *steady;

	int phase;
	int t;
	int rampup_end, steady_end, rampdown_end;
	int steady_secs;
	double cpu_steady, cpu_last;
	uint64_t cpu_last_ns;
	int sched_idx;
	int stop_req;
	int ending;               /* VUs are being stopped: no new ones */
	char stop_reason[32];
	atomic_int paused;
	int done;
	int error_events;
	atomic_int session_warned;   /* a run_session statement was refused */

	pthread_t collector;
	int collector_running;
	tick *ring;
	int nticks;
	run_event *evring;
	long nevents;
	run_summary steady_live;  /* the steady phase so far, for front ends */

	results *res;
	char results_path[1024];
	run_info ri;
	run_summary summary;
	char finish_err[512];

	pthread_mutex_t ctl_lock;
	db_conn *ctl;

	/* Durability audit: per district ((w-1)*10 + d-1), the highest o_id
	 * whose New-Order commit the server acknowledged.  Written by any VU
	 * with an atomic max; read when the run ends. */
	atomic_int *acked;
	int vus_lost;             /* VUs that gave up reconnecting */
	int results_failing;      /* the results file could not be written */
	int results_flip;         /* ... and that just changed: tell the operator */
	/* server TPM: the sampler (the monitor, which also samples CPU, disk
	 * and metrics for a console), the reading the last tick used, and the
	 * steady phase's share of the counter */
	monitor *mon;
	int64_t srv_prev;
	uint64_t srv_prev_ns;
	int srv_have_prev;
	double srv_rate;
	int64_t srv_steady_delta;
	uint64_t srv_steady_ns;
};

/* ---- events ------------------------------------------------------------- */

static void emit(engine *e, const char *type, const char *fmt, va_list ap)
{
	run_event ev;
	memset(&ev, 0, sizeof ev);
	str_copy(ev.type, type, sizeof ev.type);
	vsnprintf(ev.text, sizeof ev.text, fmt, ap);
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

static enum err_kind err_kind_of(const db_error *err)
{
	/* The driver read its own codes; only their meaning is counted. */
	switch (err->kind) {
	case DB_KIND_DEADLOCK:
		return ERR_DEADLOCK;
	case DB_KIND_LOCK_TIMEOUT:
		return ERR_LOCK_TIMEOUT;
	case DB_KIND_CONNECTION:
		return ERR_CONNECTION;
	case DB_KIND_NONE:
	case DB_KIND_CONSTRAINT:
	case DB_KIND_OTHER:
		break;
	}
	return ERR_OTHER;
}

static int stopping(vu *v)
{
	return atomic_load_explicit(&v->stop, memory_order_relaxed);
}

static void set_state(vu *v, enum vu_state s)
{
	atomic_store_explicit(&v->state, s, memory_order_relaxed);
}

/* Sleep in short slices so a removed VU leaves promptly. */
static void vu_nap(vu *v, double seconds)
{
	uint64_t end = now_ns() + (uint64_t)(seconds * 1e9);
	while (!stopping(v)) {
		uint64_t n = now_ns();
		if (n >= end)
			break;
		uint64_t step = end - n < 50000000u ? end - n : 50000000u;
		sleep_until_ns(n + step);
	}
}

static void vu_error_event(vu *v, const char *what, const db_error *err)
{
	engine *e = v->e;
	pthread_mutex_lock(&e->lock);
	int n = ++e->error_events;
	pthread_mutex_unlock(&e->lock);
	if (n < MAX_ERROR_EVENTS)
		engine_event(e, "error", "vu %d: %s: %s", v->id, what, err->msg);
	else if (n == MAX_ERROR_EVENTS)
		engine_event(e, "error", "further errors are counted but not logged");
}

/* The dialect's session settings on a new VU connection.  They only make
 * the server's work cheaper, so one the server refuses is reported once
 * per run (every VU, and every reconnect, would say the same) and the VU
 * runs without it; a lost connection is the caller's to retry.  Returns
 * 0, or -1 with err filled when the connection went away. */
static int vu_session(vu *v, db_conn *c, db_error *err)
{
	for (const char *const *q = v->e->d->run_session; q && *q; q++) {
		if (db_exec(c, *q, err) == 0)
			continue;
		if (err->cls == DB_RECONNECT)
			return -1;
		if (!atomic_exchange(&v->e->session_warned, 1))
			engine_event(v->e, "warning", "vu %d: %s: %s (running without it)", v->id,
				     *q, err->msg);
	}
	return 0;
}

/* Connect, retrying with capped exponential back-off and jitter while the
 * error says the server may come back.  Returns 0 connected, -1 gave up. */
static int vu_connect(vu *v, tpcc_rng *r, db_conn **c, int is_reconnect)
{
	engine *e = v->e;
	db_params p;
	db_error err;
	double delay = 0.1;
	uint64_t start = now_ns();
	int logged = 0;

	db_params_from_config(&e->cfg, &p);
	while (!stopping(v)) {
		int rc = e->drv->connect(&p, c, &err);
		if (rc == 0 && vu_session(v, *c, &err) != 0) {
			e->drv->disconnect(*c);
			*c = NULL;   /* the caller disconnects what it holds */
			rc = -1;
		}
		if (rc == 0) {
			if (is_reconnect || logged)
				stat_add(&v->stats->reconnects, 1);
			return 0;
		}
		if (err.cls == DB_FATAL && !is_reconnect) {
			vu_error_event(v, "connect", &err);
			return -1;
		}
		if (!logged++)
			vu_error_event(v, "connect (retrying)", &err);
		set_state(v, VU_RECONNECTING);
		if (e->cfg.reconnect_max_s > 0 &&
		    now_ns() - start > (uint64_t)e->cfg.reconnect_max_s * 1000000000u) {
			engine_event(e, "error", "vu %d: gave up reconnecting after %d s", v->id,
				     e->cfg.reconnect_max_s);
			return -1;
		}
		vu_nap(v, delay * (0.75 + 0.5 * rng_unit(r)));
		delay = delay * 2 > 5 ? 5 : delay * 2;
	}
	return -1;
}

static double keying_time(enum txn_type t)
{
	static const double k[TX_COUNT] = { 18, 3, 2, 2, 2 };
	return k[t];
}

static double think_mean(enum txn_type t)
{
	static const double m[TX_COUNT] = { 12, 12, 10, 5, 5 };
	return m[t];
}

static void note_acked(engine *e, int w, int d, int o_id)
{
	atomic_int *a = &e->acked[(w - 1) * 10 + (d - 1)];
	int cur = atomic_load_explicit(a, memory_order_relaxed);
	while (o_id > cur &&
	       !atomic_compare_exchange_weak_explicit(a, &cur, o_id, memory_order_relaxed,
						      memory_order_relaxed))
		;
}

static int vu_active(const vu *v)
{
	return !atomic_load_explicit(&v->stop, memory_order_relaxed);
}

/* Called by a VU when it has connected and when it is about to finish
 * (self: that VU, marked as gone under e->lock, so that this check and the
 * one engine_set_vus makes after logging the change see the same thing;
 * v->finished would not do: reap_locked joins finished VUs under e->lock,
 * so it is set after this, and a check between the two would wait for a
 * VU that never calls again).  Once every active VU is past connecting
 * and every removed one is gone, the change the operator asked for is in
 * effect: say how long it took (the figure HammerDB's users wait minutes
 * for with hundreds of VUs). */
static void vu_change_settled(engine *e, vu *self)
{
	pthread_mutex_lock(&e->lock);
	if (self)
		self->left = 1;
	if (e->change_pending != 2 || e->ending) {
		pthread_mutex_unlock(&e->lock);
		return;
	}
	int ready = 0;
	for (int i = 0; i < e->nvus; i++) {
		vu *v = e->vus[i];
		int st = atomic_load(&v->state);
		if (vu_active(v) ? st == VU_STARTING || st == VU_RECONNECTING : !v->left)
			goto busy;
		ready += vu_active(v) && st != VU_ERROR && st != VU_DONE;
	}
	e->change_pending = 0;
	double secs = (double)(now_ns() - e->change_ns) / 1e9;
	pthread_mutex_unlock(&e->lock);
	engine_event(e, "vus", "vus %d ready in %.2f s", ready, secs);
	return;
busy:
	pthread_mutex_unlock(&e->lock);
}

static void *vu_main(void *arg)
{
	vu *v = arg;
	engine *e = v->e;
	tpcc_rng r;
	deck dk;
	txn_ctx x;
	txn_input in;
	db_error err;
	db_conn *c = NULL;
	txn_terminal term = {
		.w_id = v->slot % e->schema.warehouses + 1,
		.d_id = (v->slot / e->schema.warehouses) % 10 + 1,
		.warehouses = e->schema.warehouses,
		.all_warehouses = e->cfg.all_warehouses,
		.c = e->c_run,
	};

	/* A batch thread does not preempt the running one when it wakes, so
	 * a local server finishes sending its reply before the VU reads it
	 * (see README, "Running").  Best effort: the normal policy works. */
#ifdef SCHED_BATCH
	{
		struct sched_param sp = { .sched_priority = 0 };
		pthread_setschedparam(pthread_self(), SCHED_BATCH, &sp);
	}
#endif
	rng_seed(&r, fresh_seed());
	deck_init(&dk, &r);
	if (vu_connect(v, &r, &c, 0) != 0) {
		set_state(v, stopping(v) ? VU_DONE : VU_ERROR);
		goto out;
	}
	txn_ctx_init(&x, c, e->d, v->stats, e->procedures);
	set_state(v, VU_RUNNING);
	vu_change_settled(e, NULL);

	while (!stopping(v)) {
		if (atomic_load_explicit(&e->paused, memory_order_relaxed)) {
			set_state(v, VU_THINKING);
			vu_nap(v, 0.1);
			continue;
		}
		enum txn_type type = deck_draw(&dk, &r);
		txn_gen(&term, &r, type, &in);
		if (e->cfg.keying_thinking) {
			set_state(v, VU_THINKING);
			vu_nap(v, keying_time(type));
			if (stopping(v))
				break;
		}
		set_state(v, VU_RUNNING);
		uint64_t t0 = now_ns();
		int attempts = 0;
		for (;;) {
			int rc = txn_exec(&x, &in, &err);
			if (rc >= 0) {
				hist_record(&v->stats->lat[type], (now_ns() - t0) / 1000);
				if (rc == 0)
					stat_add(&v->stats->commits[type], 1);
				if (rc == 0 && type == TX_NEW_ORDER)
					note_acked(e, in.w_id, in.d_id, x.last_o_id);
				break;
			}
			stat_add(&v->stats->errors[err_kind_of(&err)], 1);
			if (err.cls == DB_RECONNECT) {
				txn_release(&x);
				c->drv->disconnect(c);
				c = NULL;
				if (vu_connect(v, &r, &c, 1) != 0) {
					stat_add(&v->stats->failed, 1);
					set_state(v, stopping(v) ? VU_STOPPING : VU_ERROR);
					goto out;
				}
				txn_ctx_init(&x, c, e->d, v->stats, e->procedures);
				set_state(v, VU_RUNNING);
			} else if (err.cls != DB_RETRY) {
				stat_add(&v->stats->failed, 1);
				vu_error_event(v, txn_names[type], &err);
				break;
			}
			if (attempts++ >= e->cfg.retry_max || stopping(v)) {
				stat_add(&v->stats->failed, 1);
				if (err.cls == DB_RETRY)
					vu_error_event(v, "gave up retrying", &err);
				break;
			}
			stat_add(&v->stats->retries, 1);
			set_state(v, VU_RETRYING);
		}
		if (e->cfg.keying_thinking && !stopping(v)) {
			set_state(v, VU_THINKING);
			vu_nap(v, rng_think(&r, think_mean(type)));
		}
	}
out:
	if (c) {
		set_state(v, VU_STOPPING);
		txn_release(&x);
		c->drv->disconnect(c);
	}
	if (atomic_load(&v->state) != VU_ERROR)
		set_state(v, VU_DONE);
	vu_change_settled(e, v);
	atomic_store(&v->finished, 1);
	return NULL;
}

/* Lowest slot no active VU holds, so homes stay spread evenly. */
static int free_slot(engine *e)
{
	for (int s = 0;; s++) {
		int used = 0;
		for (int i = 0; i < e->nvus && !used; i++)
			used = vu_active(e->vus[i]) && e->vus[i]->slot == s;
		if (!used)
			return s;
	}
}

static int spawn_locked(engine *e, char *err, size_t errlen)
{
	if (e->nvus == e->cap) {
		int cap = e->cap ? e->cap * 2 : 64;
		vu **n = realloc(e->vus, (size_t)cap * sizeof *n);
		if (!n)
			goto oom;
		e->vus = n;
		e->cap = cap;
	}
	vu *v = calloc(1, sizeof *v);
	if (!v)
		goto oom;
	size_t sz = (sizeof(vu_stats) + 63) & ~(size_t)63;
	v->stats = aligned_alloc(64, sz);
	if (!v->stats) {
		free(v);
		goto oom;
	}
	memset(v->stats, 0, sz);
	v->e = e;
	v->id = ++e->next_id;
	v->slot = free_slot(e);
	atomic_init(&v->state, VU_STARTING);

	pthread_attr_t a;
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, VU_STACK);
	int rc = pthread_create(&v->th, &a, vu_main, v);
	pthread_attr_destroy(&a);
	if (rc) {
		snprintf(err, errlen, "cannot start a VU thread: %s", strerror(rc));
		free(v->stats);
		free(v);
		return -1;
	}
	e->vus[e->nvus++] = v;
	return 0;
oom:
	snprintf(err, errlen, "out of memory starting a VU");
	return -1;
}

static int active_locked(engine *e)
{
	int n = 0;
	for (int i = 0; i < e->nvus; i++)
		n += vu_active(e->vus[i]);
	return n;
}

static int apply_target_locked(engine *e, char *err, size_t errlen)
{
	int n = active_locked(e);
	while (n < e->target) {
		if (spawn_locked(e, err, errlen))
			return -1;
		n++;
	}
	/* Remove the highest slots first: what stays is still spread evenly. */
	while (n > e->target) {
		vu *best = NULL;
		for (int i = 0; i < e->nvus; i++)
			if (vu_active(e->vus[i]) && (!best || e->vus[i]->slot > best->slot))
				best = e->vus[i];
		atomic_store(&best->stop, 1);
		n--;
	}
	return 0;
}

/* Join finished VUs and fold their counts into e->retired. */
static void reap_locked(engine *e, int all)
{
	int k = 0;
	for (int i = 0; i < e->nvus; i++) {
		vu *v = e->vus[i];
		if (all || atomic_load(&v->finished)) {
			if (!v->joined)
				pthread_join(v->th, NULL);
			if (atomic_load(&v->state) == VU_ERROR && !atomic_load(&v->stop))
				e->vus_lost++;
			stats_accumulate(e->retired, v->stats);
			free(v->stats);
			free(v);
		} else {
			e->vus[k++] = v;
		}
	}
	e->nvus = k;
}

int engine_set_vus(engine *e, int n, const char *why, char *err, size_t errlen)
{
	if (n < 0 || n > 10000) {
		snprintf(err, errlen, "VU count must be from 0 to 10000, got %d", n);
		return -1;
	}
	pthread_mutex_lock(&e->lock);
	if (e->done || e->stop_req || e->ending) {
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "the run is over");
		return -1;
	}
	int old = e->target;
	uint64_t asked = now_ns();
	e->target = n;
	int rc = apply_target_locked(e, err, errlen);
	if (rc)
		e->target = active_locked(e);
	int now = e->target;
	if (now > e->vus_max)
		e->vus_max = now;
	if (now != old) {
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
		vu_change_settled(e, NULL);
	}
	return rc;
}

/* Stop every VU and wait for each to finish its transaction.  Called with
 * e->lock held; returns with it released, because a finishing VU may log an
 * event, which takes the lock.  e->ending freezes the VU list meanwhile. */
static void stop_all_unlocked(engine *e)
{
	e->ending = 1;
	for (int i = 0; i < e->nvus; i++)
		atomic_store(&e->vus[i]->stop, 1);
	pthread_mutex_unlock(&e->lock);
	for (int i = 0; i < e->nvus; i++)
		if (!e->vus[i]->joined) {
			pthread_join(e->vus[i]->th, NULL);
			e->vus[i]->joined = 1;
		}
}

/* ---- phases ------------------------------------------------------------- */

static int phase_at(const engine *e, int t)
{
	if (t < e->rampup_end)
		return PH_RAMPUP;
	if (t < e->steady_end)
		return PH_STEADY;
	if (t < e->rampdown_end)
		return PH_RAMPDOWN;
	return PH_DONE;
}

static void phase_changed(engine *e, int from, int to)
{
	if (from != to)
		engine_event(e, "phase", "phase %s -> %s", phase_names[from], phase_names[to]);
}

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
	phase_changed(e, PH_RAMPUP, PH_STEADY);
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
	e->phase = phase_at(e, e->t);
	int to = e->phase;
	pthread_cond_broadcast(&e->cond); /* with no ramp-down the run ends now */
	pthread_mutex_unlock(&e->lock);
	phase_changed(e, from, to);
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

int engine_pause(engine *e, int paused)
{
	int old = atomic_exchange(&e->paused, paused ? 1 : 0);
	if (old != (paused ? 1 : 0))
		engine_event(e, "pause", paused ? "all VUs paused" : "VUs resumed");
	return 0;
}

/* ---- collector ---------------------------------------------------------- */

static void make_summary(engine *e, run_summary *s)
{
	const stats_sum *st = e->steady;
	memset(s, 0, sizeof *s);
	s->steady_seconds = e->steady_secs;
	s->total_seconds = e->t;
	s->vus_max = e->vus_max;
	uint64_t all = st->audit[AU_NO_ROLLBACKS];
	for (int i = 0; i < TX_COUNT; i++) {
		const hist_snap *h = &st->lat[i];
		s->commits[i] = st->commits[i];
		all += st->commits[i];
		s->p50[i] = hist_percentile(h, 50) / 1000;
		s->p90[i] = hist_percentile(h, 90) / 1000;
		s->p95[i] = hist_percentile(h, 95) / 1000;
		s->p99[i] = hist_percentile(h, 99) / 1000;
		s->max[i] = h->max_us / 1000.0;
		s->avg[i] = h->count ? h->sum_us / 1000.0 / h->count : 0;
	}
	if (e->steady_secs > 0) {
		s->nopm = st->commits[TX_NEW_ORDER] * 60.0 / e->steady_secs;
		s->tpm = all * 60.0 / e->steady_secs;
	}
	memcpy(s->errors, st->errors, sizeof s->errors);
	memcpy(s->audit, st->audit, sizeof s->audit);
	s->failed = st->failed;
	s->retries = st->retries;
	s->reconnects = st->reconnects;
	s->server_tpm = e->srv_steady_ns ? e->srv_steady_delta * 60e9 / e->srv_steady_ns : -1;
	s->client_cpu_s = e->cpu_steady;
	s->cpu_per_1000 = all ? e->cpu_steady * 1000 / all : 0;
	s->cpu_per_1000_no = st->commits[TX_NEW_ORDER] ?
		e->cpu_steady * 1000 / st->commits[TX_NEW_ORDER] : 0;
	char lines[8][96];
	summary_audit_lines(s, e->schema.warehouses, lines, 8, &s->audit_ok);
}

/* The server's TPM from its counter's latest reading against the one the
 * previous tick used; the sampler's clock, not the tick's, times it.  No
 * new reading yet: the last rate stands.  -1 when there is no counter. */
static void server_rate_locked(engine *e, tick *tk, int phase)
{
	int64_t v;
	uint64_t at;

	tk->server_tpm = -1;
	if (!e->mon || !monitor_txn_counter(e->mon, &v, &at))
		return;
	if (e->srv_have_prev && at > e->srv_prev_ns) {
		int64_t delta = v - e->srv_prev;
		uint64_t ns = at - e->srv_prev_ns;
		e->srv_rate = delta * 60e9 / ns;
		if (phase == PH_STEADY) {
			e->srv_steady_delta += delta;
			e->srv_steady_ns += ns;
		}
	}
	if (!e->srv_have_prev || at > e->srv_prev_ns) {
		e->srv_prev = v;
		e->srv_prev_ns = at;
	}
	if (e->srv_have_prev)
		tk->server_tpm = e->srv_rate;
	e->srv_have_prev = 1;
}

/* Fold one second into a tick; called with e->lock held. */
static void collect_locked(engine *e, tick *tk, int phase)
{
	memset(e->cum, 0, sizeof *e->cum);
	stats_sum_add(e->cum, e->retired);
	for (int i = 0; i < e->nvus; i++)
		stats_accumulate(e->cum, e->vus[i]->stats);
	stats_diff(e->iv, e->cum, e->prev);
	stats_sum *t = e->prev;
	e->prev = e->cum;
	e->cum = t;

	uint64_t n = now_ns();
	double cpu = process_cpu_seconds();
	double wall = (n - e->cpu_last_ns) / 1e9;

	memset(tk, 0, sizeof *tk);
	tk->t = e->t;
	tk->phase = phase;
	tk->vus = active_locked(e);
	tk->vus_target = e->target;
	for (int i = 0; i < e->nvus; i++)
		tk->vus_reconnecting += atomic_load(&e->vus[i]->state) == VU_RECONNECTING;
	stats_fill_tick(tk, e->iv, 1.0);
	server_rate_locked(e, tk, phase);
	tk->cpu_client = wall > 0 ? 100.0 * (cpu - e->cpu_last) / wall : 0;
	if (phase == PH_STEADY) {
		stats_sum_add(e->steady, e->iv);
		e->steady_secs++;
		e->cpu_steady += cpu - e->cpu_last;
		/* Once a second is cheap, and a front end then copies figures
		 * instead of merging histograms on every redraw. */
		make_summary(e, &e->steady_live);
	}
	e->cpu_last = cpu;
	e->cpu_last_ns = n;
	e->ring[e->nticks % RING] = *tk;
	e->nticks++;
	if (e->res) {
		int failing = results_tick(e->res, tk) != 0;
		if (failing != e->results_failing) {
			e->results_failing = failing;
			e->results_flip = 1;
		}
	}
}

static void *collector_main(void *arg)
{
	engine *e = arg;
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);

	uint64_t t0 = now_ns();
	pthread_mutex_lock(&e->lock);
	e->cpu_last = process_cpu_seconds();
	e->cpu_last_ns = t0;
	for (;;) {
		/* Absolute deadlines: ticks never drift. */
		uint64_t deadline = t0 + (uint64_t)(e->t + 1) * 1000000000u;
		struct timespec ts = { .tv_sec = (time_t)(deadline / 1000000000u),
				       .tv_nsec = (long)(deadline % 1000000000u) };
		while (!e->stop_req && now_ns() < deadline)
			if (pthread_cond_timedwait(&e->cond, &e->lock, &ts) == ETIMEDOUT)
				break;
		if ((e->stop_req && now_ns() < deadline) || e->phase == PH_DONE)
			break; /* a partial second is not a tick */

		int phase = e->phase;
		e->t++;
		reap_locked(e, 0);
		tick tk;
		collect_locked(e, &tk, phase);

		/* Phase for the next second, and the VU schedule. */
		e->phase = phase_at(e, e->t);
		int newphase = e->phase;
		int sched_vus = -1;
		while (e->sched_idx < e->cfg.nschedule &&
		       e->cfg.schedule[e->sched_idx].at <= e->t)
			sched_vus = e->cfg.schedule[e->sched_idx++].vus;
		int lost_all = e->target > 0 && e->vus_lost > 0 && active_locked(e) == 0;
		if (lost_all && !e->stop_req) {
			e->stop_req = 1;
			str_copy(e->stop_reason, "connection lost", sizeof e->stop_reason);
		}
		int flip = e->results_flip, failing = e->results_failing;
		e->results_flip = 0;
		int stop = e->stop_req || newphase == PH_DONE;
		pthread_mutex_unlock(&e->lock);

		if (lost_all)
			engine_event(e, "error", "every VU gave up reconnecting after %d s: ending the run",
				     e->cfg.reconnect_max_s);
		if (flip)
			engine_event(e, "error", failing ?
				     "cannot write the results file %s (disk full?); the run goes on and "
				     "the file is caught up when writing works again" :
				     "the results file %s is being written again", e->results_path);

		if (e->hooks.on_tick)
			e->hooks.on_tick(&tk, e->hooks.ud);
		phase_changed(e, phase, newphase);
		if (sched_vus >= 0 && !stop) {
			char err[256];
			if (engine_set_vus(e, sched_vus, "schedule", err, sizeof err))
				engine_event(e, "error", "schedule: %s", err);
		}
		pthread_mutex_lock(&e->lock);
		if (stop || e->stop_req)
			break;
	}
	int vus = active_locked(e);
	stop_all_unlocked(e);
	if (vus)
		engine_event(e, "vus", "vus %d -> 0 (run ending)", vus);
	pthread_mutex_lock(&e->lock);
	reap_locked(e, 1);
	e->target = 0;
	make_summary(e, &e->summary);
	for (int i = 0; i < TX_COUNT; i++)
		e->summary.run_commits[i] = e->retired->commits[i];
	e->summary.run_rollbacks = e->retired->audit[AU_NO_ROLLBACKS];
	e->summary.run_failed = e->retired->failed;
	if (e->res)
		results_set_durability(e->res, e->acked, e->schema.warehouses);
	const char *by = e->stop_req ? e->stop_reason : NULL;
	if (e->res)
		results_finish(e->res, &e->summary, by, e->finish_err, sizeof e->finish_err);
	e->done = 1;
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
	return NULL;
}

/* Everything a run needs of the database, found out before a VU starts
 * so that a wrong database costs a message, not a run of errors.
 * ENGINE_EUNUSABLE names what is missing and what to do. */
static int usable_schema(engine *e, const tpcc_config *cfg, char *err, size_t errlen)
{
	char where[OPT_STR_MAX + 16];
	db_error de;
	int rc;

	if (!strcmp(cfg->driver, "odbc") && cfg->odbc[0])
		snprintf(where, sizeof where, "the ODBC connection's database");
	else
		snprintf(where, sizeof where, "database %s", schema_target_name(cfg));

	if (e->procedures && !e->d->create_procedures) {
		/* Better to refuse than to run statements under another name. */
		snprintf(err, errlen, "workload.mode procedures: the %s dialect has no stored "
			 "procedures; use --mode statements", e->d->name);
		return ENGINE_EUNUSABLE;
	}
	if (schema_inspect(e->ctl, &e->schema, &de)) {
		snprintf(err, errlen, "cannot read the schema: %s", de.msg);
		return -1;
	}
	if (!e->schema.present) {
		snprintf(err, errlen, "no TPC-C schema in %s (no tpcc_meta table): run 'tpcc-console "
			 "build' first, or point the connection at the database that holds it", where);
		return ENGINE_EUNUSABLE;
	}
	if (!e->schema.complete) {
		snprintf(err, errlen, "the schema's build did not finish: run 'tpcc-console drop' "
			 "and 'tpcc-console build' again");
		return ENGINE_EUNUSABLE;
	}
	if (e->schema.warehouses < 1) {
		snprintf(err, errlen, "tpcc_meta has no warehouse count: not a tpcc-console schema?");
		return ENGINE_EUNUSABLE;
	}
	if (cfg->warehouses > 0 && cfg->warehouses != e->schema.warehouses) {
		snprintf(err, errlen, "the schema has %d warehouses but %d are configured: "
			 "set workload.warehouses (or --warehouses) to %d, or rebuild",
			 e->schema.warehouses, cfg->warehouses, e->schema.warehouses);
		return ENGINE_EUNUSABLE;
	}
	if (e->drv->caps.no_server)
		return 0;
	if ((rc = schema_check_tables(e->ctl, where, err, errlen)) ||
	    (rc = schema_check_warehouses(e->ctl, e->schema.warehouses, where, err, errlen)))
		return rc < 0 ? -1 : ENGINE_EUNUSABLE;
	if (!e->procedures)
		return 0;
	if (!e->d->proc_exists_sql && !e->schema.procedures) {
		snprintf(err, errlen, "the schema has no stored procedures: run 'tpcc-console build "
			 "--procedures-only' first");
		return ENGINE_EUNUSABLE;
	}
	rc = schema_check_procedures(e->ctl, e->d, where, err, errlen);
	if (rc)
		return rc < 0 ? -1 : ENGINE_EUNUSABLE;
	if (e->schema.procedures && e->schema.procedures != schema_proc_version(e->d)) {
		snprintf(err, errlen, "the stored procedures in %s are version %d, this tpcc-console "
			 "calls version %d: run 'tpcc-console build --procedures-only' with the same "
			 "connection options to replace them", where, e->schema.procedures,
			 schema_proc_version(e->d));
		return ENGINE_EUNUSABLE;
	}
	return 0;
}

/* ---- life cycle ------------------------------------------------------------ */

int engine_create(const tpcc_config *cfg, const engine_hooks *hooks, engine **out,
		  char *err, size_t errlen)
{
	engine *e = calloc(1, sizeof *e);
	db_error de;
	pthread_condattr_t ca;

	if (!e) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	e->cfg = *cfg;
	if (hooks)
		e->hooks = *hooks;
	pthread_mutex_init(&e->lock, NULL);
	pthread_mutex_init(&e->ctl_lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&e->cond, &ca);
	pthread_condattr_destroy(&ca);
	e->retired = calloc(1, sizeof(stats_sum));
	e->cum = calloc(1, sizeof(stats_sum));
	e->prev = calloc(1, sizeof(stats_sum));
	e->iv = calloc(1, sizeof(stats_sum));
	e->steady = calloc(1, sizeof(stats_sum));
	e->ring = calloc(RING, sizeof(tick));
	e->evring = calloc(EVRING, sizeof(run_event));
	if (!e->retired || !e->cum || !e->prev || !e->iv || !e->steady || !e->ring || !e->evring) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	e->drv = driver_find(cfg->driver);
	if (!e->drv) {
		snprintf(err, errlen, "driver '%s' is not available (have: %s)", cfg->driver,
			 driver_names());
		goto fail;
	}
	if (schema_connect(cfg, 0, &e->ctl, &de)) {
		snprintf(err, errlen, "cannot connect: %s", de.msg);
		goto fail;
	}
	/* Over ODBC the dialect is known only now, from the server. */
	e->d = schema_dialect(cfg, e->ctl, &de);
	if (!e->d) {
		snprintf(err, errlen, "%s", de.msg);
		goto fail;
	}
	e->procedures = !strcmp(cfg->mode, "procedures");
	str_copy(e->server_version, e->drv->server_version(e->ctl), sizeof e->server_version);
	int rc = usable_schema(e, cfg, err, errlen);
	if (rc) {
		engine_destroy(e);
		return rc;
	}
	e->acked = calloc((size_t)e->schema.warehouses * 10, sizeof *e->acked);
	if (!e->acked) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	tpcc_rng r;
	rng_seed(&r, fresh_seed());
	nurand_c_run(&r, &e->schema.c_load, &e->c_run);
	*out = e;
	return 0;
fail:
	engine_destroy(e);
	return -1;
}

int engine_start(engine *e, char *err, size_t errlen)
{
	e->ri.driver = e->cfg.driver;
	e->ri.dialect = e->drv->caps.no_server ? e->drv->name : e->d->name;
	e->ri.server_version = e->server_version;
	e->ri.database = !strcmp(e->cfg.driver, "sqlite") ? e->cfg.db_file : e->cfg.database;
	e->ri.warehouses = e->schema.warehouses;
	e->ri.mode = e->cfg.mode;
	e->ri.cfg = &e->cfg;
	timestamp_iso_utc(e->ri.started_at);
	if (results_open(&e->res, e->cfg.results_dir, &e->ri, e->results_path,
			 sizeof e->results_path, err, errlen))
		return -1;

	e->rampup_end = e->cfg.rampup;
	e->steady_end = e->rampup_end + e->cfg.duration;
	e->rampdown_end = e->steady_end + e->cfg.rampdown;
	e->phase = phase_at(e, 0);
	int vus = e->cfg.vus;
	if (e->cfg.nschedule > 0 && e->cfg.schedule[0].at == 0) {
		vus = e->cfg.schedule[0].vus;
		e->sched_idx = 1;
	}
	engine_event(e, "phase", "phase idle -> %s", phase_names[e->phase]);
	char note[600], merr[200];
	if (monitor_start(&e->cfg, e->d, &e->mon, note, sizeof note, merr, sizeof merr))
		engine_event(e, "info", "no server TPM and no monitor: %s", merr);
	else if (note[0])
		engine_event(e, "info", "%s", note);
	if (engine_set_vus(e, vus, "start", err, errlen))
		return -1;
	if (pthread_create(&e->collector, NULL, collector_main, e)) {
		snprintf(err, errlen, "cannot start the collector thread");
		return -1;
	}
	e->collector_running = 1;
	return 0;
}

int engine_wait(engine *e, run_summary *summary, char *err, size_t errlen)
{
	if (e->collector_running) {
		pthread_join(e->collector, NULL);
		e->collector_running = 0;
	}
	monitor_stop(e->mon);
	e->mon = NULL;
	if (summary)
		*summary = e->summary;
	if (e->finish_err[0]) {
		snprintf(err, errlen, "%s", e->finish_err);
		return -1;
	}
	return 0;
}

void engine_destroy(engine *e)
{
	if (!e)
		return;
	if (e->collector_running) {
		engine_stop(e, "shutdown");
		pthread_join(e->collector, NULL);
	}
	pthread_mutex_lock(&e->lock);
	stop_all_unlocked(e);
	pthread_mutex_lock(&e->lock);
	if (e->retired)
		reap_locked(e, 1);
	pthread_mutex_unlock(&e->lock);
	monitor_stop(e->mon);
	if (e->ctl)
		e->ctl->drv->disconnect(e->ctl);
	results_close(e->res);
	free(e->vus);
	free(e->retired);
	free(e->cum);
	free(e->prev);
	free(e->iv);
	free(e->steady);
	free(e->ring);
	free(e->acked);
	free(e->evring);
	pthread_mutex_destroy(&e->lock);
	pthread_mutex_destroy(&e->ctl_lock);
	pthread_cond_destroy(&e->cond);
	free(e);
}

/* ---- control connection ------------------------------------------------- */

/* Reconnect the control connection once if the server dropped it. */
static int ctl_retry(engine *e, const db_error *de)
{
	db_error again;
	if (de->cls != DB_RECONNECT)
		return 0;
	if (e->ctl)
		e->ctl->drv->disconnect(e->ctl);
	e->ctl = NULL;
	return schema_connect(&e->cfg, 0, &e->ctl, &again) == 0;
}

int engine_get_var(engine *e, const char *name, char *buf, size_t len, char *err, size_t errlen)
{
	db_error de;
	int rc = -1;
	pthread_mutex_lock(&e->ctl_lock);
	for (int tries = 0; tries < 2 && rc; tries++) {
		if (!e->ctl) {
			db_error_set(&de, DB_FATAL, 0, "HY000", "no control connection");
			break;
		}
		rc = server_get_var(e->ctl, e->d, name, buf, len, &de);
		if (rc && !ctl_retry(e, &de))
			break;
	}
	if (e->ctl)
		e->drv->commit(e->ctl, &(db_error){ 0 });
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc)
		snprintf(err, errlen, "%s", de.msg);
	return rc;
}

int engine_set_var(engine *e, const char *name, const char *value, char *err, size_t errlen)
{
	char old[256] = "?", now[256] = "?", note[256] = "";
	db_error de;
	int rc = -1;

	engine_get_var(e, name, old, sizeof old, err, errlen);
	pthread_mutex_lock(&e->ctl_lock);
	for (int tries = 0; tries < 2 && rc; tries++) {
		if (!e->ctl) {
			db_error_set(&de, DB_FATAL, 0, "HY000", "no control connection");
			break;
		}
		rc = server_set_var(e->ctl, e->d, name, value, note, sizeof note, &de);
		if (rc && !ctl_retry(e, &de))
			break;
	}
	pthread_mutex_unlock(&e->ctl_lock);
	if (rc) {
		snprintf(err, errlen, "set %s: %s", name, de.msg);
		return -1;
	}
	if (engine_get_var(e, name, now, sizeof now, err, errlen))
		str_copy(now, value, sizeof now);
	engine_event(e, "knob", "set %s %s -> %s%s%s", name, old, now, note[0] ? ": " : "", note);
	return 0;
}

int engine_metrics(engine *e, char *out, size_t outlen, char *err, size_t errlen)
{
	db_metric m[32];
	db_error de;
	int n = -1;
	size_t used = 0;

	out[0] = '\0';
	pthread_mutex_lock(&e->ctl_lock);
	for (int tries = 0; tries < 2 && n < 0; tries++) {
		if (!e->ctl) {
			db_error_set(&de, DB_FATAL, 0, "HY000", "no control connection");
			break;
		}
		n = server_metrics(e->ctl, e->d, m, 32, &de);
		if (n < 0 && !ctl_retry(e, &de))
			break;
	}
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

/* ---- snapshots ------------------------------------------------------------ */

void engine_get_status(engine *e, engine_status *st)
{
	memset(st, 0, sizeof *st);
	pthread_mutex_lock(&e->lock);
	st->phase = e->phase;
	st->t = e->t;
	int end = e->phase == PH_RAMPUP ? e->rampup_end : e->phase == PH_STEADY ? e->steady_end :
		  e->phase == PH_RAMPDOWN ? e->rampdown_end : -1;
	st->phase_left = end >= 0 ? end - e->t : -1;
	st->vus = active_locked(e);
	st->vus_target = e->target;
	st->paused = atomic_load(&e->paused);
	st->warehouses = e->schema.warehouses;
	str_copy(st->server_version, e->server_version, sizeof st->server_version);
	str_copy(st->results_path, e->results_path, sizeof st->results_path);
	if (e->stop_req)
		str_copy(st->stopped_by, e->stop_reason, sizeof st->stopped_by);
	if (e->nticks)
		st->last = e->ring[(e->nticks - 1) % RING];
	st->steady = e->steady_live;
	pthread_mutex_unlock(&e->lock);
}

int engine_ticks(engine *e, tick *out, int max)
{
	pthread_mutex_lock(&e->lock);
	int n = ring_latest(out, e->ring, sizeof *out, e->nticks, RING, max);
	pthread_mutex_unlock(&e->lock);
	return n;
}

int engine_events(engine *e, run_event *out, int max, long *total)
{
	pthread_mutex_lock(&e->lock);
	int n = ring_latest(out, e->evring, sizeof *out, e->nevents, EVRING, max);
	if (total)
		*total = e->nevents;
	pthread_mutex_unlock(&e->lock);
	return n;
}

int engine_vu_states(engine *e, unsigned char *out, int max)
{
	pthread_mutex_lock(&e->lock);
	int n = 0;
	for (int i = 0; i < e->nvus && n < max; i++)
		out[n++] = (unsigned char)atomic_load(&e->vus[i]->state);
	pthread_mutex_unlock(&e->lock);
	return n;
}

monitor *engine_monitor(engine *e)
{
	return e->mon;
}

int engine_is_done(engine *e)
{
	pthread_mutex_lock(&e->lock);
	int d = e->done;
	pthread_mutex_unlock(&e->lock);
	return d;
}
