/* vu.c: one virtual user, a thread with its own connection: it draws
 * transactions from the mix, runs each whole (retried on a deadlock or a
 * lock timeout, reconnected with back-off when the server goes away),
 * records latency in its own vu_stats and naps in short slices so a
 * removed VU leaves promptly.  The engine's shared state it touches is
 * listed in engine_int.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine_int.h"
#include "tpcc/mix.h"
#include "tpcc/txn.h"
#include "util/util.h"

#define MAX_ERROR_EVENTS 100      /* then errors are only counted */
#define VU_STACK (512 * 1024)

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

/* Called by a VU when it has connected and when it is about to finish
 * (self: that VU, marked as gone under e->lock, so that this check and the
 * one engine_set_vus makes after logging the change see the same thing;
 * v->finished would not do: engine_reap_locked joins finished VUs under
 * e->lock, so it is set after this, and a check between the two would
 * wait for a VU that never calls again).  Once every active VU is past connecting
 * and every removed one is gone, the change the operator asked for is in
 * effect: say how long it took (the figure HammerDB's users wait minutes
 * for with hundreds of VUs). */
void vu_change_settled(engine *e, vu *self)
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

void vu_home(const engine *e, int slot, int *w_id, int *d_id)
{
	int n = e->home_last - e->home_first + 1;
	*w_id = e->home_first + slot % n;
	*d_id = (slot / n) % 10 + 1;
}

static void *vu_main(void *arg)
{
	vu *v = arg;
	engine *e = v->e;
	tpcc_rng r;
	mix_deck dk;
	txn_ctx x;
	txn_input in;
	db_error err;
	db_conn *c = NULL;
	txn_terminal term = {
		.warehouses = e->schema.warehouses,
		.all_warehouses = e->cfg.all_warehouses,
		.c = e->c_run,
	};
	vu_home(e, v->slot, &term.w_id, &term.d_id);

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
	mix_init(&dk, &r);
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
		enum txn_type type = mix_draw(&dk, &r);
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

int vu_spawn_locked(engine *e, char *err, size_t errlen)
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
