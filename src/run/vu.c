/* vu.c: one virtual user, a thread with its own connection: it draws
 * transactions from the mix, runs each whole (retried on a deadlock or a
 * lock timeout, reconnected with back-off when the server goes away),
 * records latency in its own vu_stats and naps on its stop flag so a
 * removed VU leaves promptly.  The engine's shared state it touches is
 * listed in engine_int.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/futex.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include "engine_int.h"
#include "tpcc/mix.h"
#include "tpcc/txn.h"
#include "util/util.h"

#define MAX_ERROR_EVENTS 100      /* then errors are only counted */
#define VU_STACK (512 * 1024)
/* A fiber's: mapped, and only what it touches is memory. */
#define VU_FIBER_STACK (256 * 1024)
/* How late a keyed terminal's nap may end: seconds-long naps lose nothing
 * to it (the spec's shortest, 2 s, by 1%), and the kernel ends the naps
 * that fall in one such window with one timer interrupt, not one each. */
#define VU_NAP_SLACK_NS (20 * 1000 * 1000)

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

/* Release: what the VU counted before (a reconnect) is seen with it. */
static void set_state(vu *v, enum vu_state s)
{
	atomic_store_explicit(&v->state, s, memory_order_release);
}

/* Sleep until the time is up or the VU is told to stop, so a removed VU
 * leaves at once.  A futex on v->stop itself: a nap that times out costs
 * one system call and wakes nobody.  (A condition variable's mutex, taken
 * back after the wait, always ends in a futex wake, and with ten thousand
 * VUs asleep each wake walked a long hash chain of them: a quarter of a
 * core at the spec's rate.) */
static void nap_until(vu *v, uint64_t end, const rate_sched *r, unsigned epoch)
{
	int fib = atomic_load_explicit(&v->fib, memory_order_relaxed) != NULL;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000u),
			       .tv_nsec = (long)(end % 1000000000u) };
	while (!stopping(v) && now_ns() < end && (!r || rate_current(r, epoch))) {
		if (fib)   /* its worker's timer heap; a wake (vu_wake) ends it */
			fiber_sleep_until(end);
		else if (syscall(SYS_futex, &v->stop, FUTEX_WAIT_BITSET_PRIVATE, 0, &ts, NULL,
				 FUTEX_BITSET_MATCH_ANY) && errno == ETIMEDOUT)
			break;
	}
}

static void vu_nap(vu *v, double seconds)
{
	nap_until(v, now_ns() + (uint64_t)(seconds * 1e9), NULL, 0);
}

/* Its nap ends: a fiber's through its worker; a thread's, or a fiber's
 * before it runs (which looks at stop before its first nap), by the futex. */
void vu_wake(vu *v)
{
	fiber *f = atomic_load(&v->fib);
	if (f)
		fiber_wake(f);
	else
		syscall(SYS_futex, &v->stop, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

/* Under an offered load (rate.h), the intended start of this VU's next
 * transaction, waited for; 0 in a closed loop.  A start of a schedule the
 * operator changed meanwhile (the waker: engine_set_rate) is dropped for
 * one of the new. */
static uint64_t vu_turn(vu *v)
{
	unsigned epoch;
	uint64_t due;
	while ((due = rate_claim(&v->e->rate, &epoch)) && !stopping(v)) {
		if (due > now_ns()) {
			set_state(v, VU_THINKING);
			nap_until(v, due, &v->e->rate, epoch);
		}
		if (rate_current(&v->e->rate, epoch))
			break;
	}
	return due;
}

void vu_tell_stop(vu *v)
{
	atomic_store(&v->stop, 1);
	vu_wake(v);
}

static void vu_error_event(vu *v, const char *what, const db_error *err)
{
	engine *e = v->e;
	/* A VU told to stop says no more: its errors are the stop's echo, and
	 * one the run's end left behind must not reach a finished file. */
	if (stopping(v))
		return;
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
	if (!v->e->d->run_session)
		return 0;
	for (const char *const *q = v->e->d->run_session; *q; q++) {
		if (db_exec(c, *q, err) == 0)
			continue;
		if (err->cls == DB_RECONNECT)
			return -1;
		if (!stopping(v) && !atomic_exchange(&v->e->session_warned, 1))
			engine_event(v->e, "warning", "vu %d: %s: %s (running without it)", v->id,
				     *q, err->msg);
	}
	/* With autocommit off the settings ran in a transaction, and on
	 * PostgreSQL a SET is undone with it: the first transaction's
	 * rollback would take them away.  Commit them on their own; should
	 * that fail, the first transaction still starts from a clean one. */
	if (v->e->drv->commit(c, err) != 0) {
		if (err->cls == DB_RECONNECT)
			return -1;
		(void)v->e->drv->rollback(c, err);
	}
	return 0;
}

/* A VU's first connect failed: counted once among the errors however
 * often it is retried, and, when it is retried, told with the other VUs
 * the server refused (refusals.h) rather than by each VU. */
static void first_connect_failed(vu *v, const db_error *err)
{
	stat_add(&v->stats->errors[err_kind_of(err)], 1);
	if (err->cls != DB_FATAL)
		refusals_begin(&v->e->refusals, err->msg);
}

/* Connect, retrying with capped exponential back-off and jitter while the
 * error says the server may come back (it went away, or it is at its
 * connection limit, which the operator may raise), for at most
 * run.reconnect_give_up.  A reconnect's failures were counted with the
 * lost connection, and are told VU by VU; a first connect's as above.
 * Returns 0 connected, -1 gave up. */
static int vu_connect(vu *v, tpcc_rng *r, db_conn **c, int is_reconnect)
{
	engine *e = v->e;
	db_params p;
	db_error err;
	double delay = 0.1;
	uint64_t start = now_ns();
	int failed = 0;   /* attempts so far that failed */
	int refused = 0;  /* a first connect told among the refusals */
	enum refusal_end how = REFUSAL_STOPPED;

	db_params_from_config(&e->cfg, &p);
	_Static_assert(DB_WAIT_READ == FIBER_READ && DB_WAIT_WRITE == FIBER_WRITE &&
		       DB_WAIT_KEEP == FIBER_KEEP && DB_WAIT_NEW == FIBER_NEW,
		       "the driver's wait flags are the fibers'");
	if (atomic_load_explicit(&v->fib, memory_order_relaxed))
		p.wait_fd = fiber_wait_fd;
	while (!stopping(v)) {
		int rc = e->drv->connect(&p, c, &err);
		if (rc == 0 && vu_session(v, *c, &err) != 0) {
			e->drv->disconnect(*c);
			*c = NULL;   /* the caller disconnects what it holds */
			rc = -1;
		}
		if (rc == 0) {
			/* A new connection has none of the run's settings yet. */
			v->cvars_seen = 0;
			if (is_reconnect || failed)
				stat_add(&v->stats->reconnects, 1);
			how = REFUSAL_JOINED;
			break;
		}
		if (!failed++ && !is_reconnect) {
			first_connect_failed(v, &err);
			refused = err.cls != DB_FATAL;
		}
		if (err.cls == DB_FATAL && !is_reconnect) {
			vu_error_event(v, "connect", &err);
			how = REFUSAL_GAVE_UP;
			break;
		}
		if (failed == 1 && is_reconnect)
			vu_error_event(v, "connect (retrying)", &err);
		set_state(v, VU_RECONNECTING);
		if (e->cfg.reconnect_max_s > 0 &&
		    now_ns() - start > (uint64_t)e->cfg.reconnect_max_s * 1000000000u) {
			if (!stopping(v) && is_reconnect)
				engine_event(e, "error", "vu %d: gave up reconnecting after %d s",
					     v->id, e->cfg.reconnect_max_s);
			how = REFUSAL_GAVE_UP;
			break;
		}
		vu_nap(v, delay * (0.75 + 0.5 * rng_unit(r)));
		delay = delay * 2 > 5 ? 5 : delay * 2;
	}
	if (refused)
		refusals_end(&e->refusals, how);
	return how == REFUSAL_JOINED ? 0 : -1;
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

/* Called by a VU when it has connected (self NULL: the connect is its
 * first, or it would not call) and when it is about to finish (self:
 * that VU), and by engine_set_vus after logging a change.  Once every VU
 * the last changes added has connected and every one they removed is
 * gone, the change the operator asked for is in effect: say how long it
 * took (the figure HammerDB's users wait minutes for with hundreds of
 * VUs).  e->unsettled counts what is missing, so the check does not
 * walk thousands of VUs on each of thousands of connects. */
static void settle_locked(engine *e, vu *self, int connected)
{
	if (connected && !self->connected) {
		self->connected = 1;
		e->unsettled--;
	}
	if (!connected) {
		if (!self->connected) {   /* gave up, or stopped, before connecting */
			self->connected = 1;
			e->unsettled--;
		}
		if (self->removed) {
			self->removed = 0;
			e->unsettled--;
		}
		self->left = 1;
	}
}

void vu_change_settled(engine *e, vu *self, int leaving)
{
	pthread_mutex_lock(&e->lock);
	if (self)
		settle_locked(e, self, !leaving);
	if (e->change_pending != 2 || e->ending || e->unsettled > 0) {
		pthread_mutex_unlock(&e->lock);
		return;
	}
	int ready = 0;
	for (int i = 0; i < e->nvus; i++) {
		int st = atomic_load(&e->vus[i]->state);
		ready += vu_active(e->vus[i]) && st != VU_ERROR && st != VU_DONE;
	}
	e->change_pending = 0;
	double secs = (double)(now_ns() - e->change_ns) / 1e9;
	pthread_mutex_unlock(&e->lock);
	engine_event(e, "vus", "vus %d ready in %.2f s", ready, secs);
}

/* The terminal's home warehouse and district, from its slot, among this
 * instance's home warehouses (home_first..home_last: all W unless
 * --warehouse-range gave a part).  With keying and thinking on and 10
 * terminals per home warehouse configured, the spec's assignment (clause
 * 4.2.2: terminal i on the range's warehouse i/10, district i%10+1);
 * otherwise homes spread over the warehouses first, so that any number of
 * VUs loads them evenly (slot s on warehouse s%n, district (s/n)%10+1: the
 * same 10 x n pairs, in another order).  A slot beyond 10 x n shares a
 * home. */
void vu_home(const engine *e, int slot, int *w_id, int *d_id)
{
	int n = e->home_last - e->home_first + 1;
	if (e->cfg.keying_thinking && e->cfg.vus == 10 * n && slot < 10 * n) {
		*w_id = e->home_first + slot / 10;
		*d_id = slot % 10 + 1;
	} else {
		*w_id = e->home_first + slot % n;
		*d_id = (slot / n) % 10 + 1;
	}
}

/* What a VU works with from its connect to its end. */
typedef struct vu_work {
	vu *v;
	tpcc_rng r;
	mix_deck dk;
	txn_terminal term;
	txn_ctx x;
	txn_input in;
	enum txn_type type;
	db_conn *c;           /* NULL: not connected */
} vu_work;

/* After a lost connection: connect again (with back-off) and carry on
 * with the same inputs.  -1: gave up, or told to stop meanwhile; the
 * transaction counts as failed and the VU ends. */
static int vu_reconnect(vu_work *w)
{
	vu *v = w->v;
	engine *e = v->e;
	txn_release(&w->x);
	w->c->drv->disconnect(w->c);
	w->c = NULL;
	if (vu_connect(v, &w->r, &w->c, 1) != 0) {
		stat_add(&v->stats->failed, 1);
		set_state(v, stopping(v) ? VU_STOPPING : VU_ERROR);
		return -1;
	}
	txn_ctx_init(&w->x, w->c, e->d, v->stats, e->procedures, e->cfg.pipeline);
	set_state(v, VU_RUNNING);
	return 0;
}

/* One transaction, retried whole after a deadlock or lock timeout and
 * after a reconnect, up to run.retry_max times; its latency counted from
 * due (an offered load's intended start; 0: a closed loop, from now).
 * -1: the connection is lost for good and the VU ends. */
static int vu_transaction(vu_work *w, uint64_t due)
{
	vu *v = w->v;
	engine *e = v->e;
	db_error err;
	uint64_t t0 = now_ns();
	int attempts = 0;
	for (;;) {
		int rc = txn_exec(&w->x, &w->in, &err);
		if (rc >= 0) {
			/* From the intended start: a stall shows in all it delayed. */
			uint64_t end = now_ns();
			stats_done(v->stats, w->type, (end - (due ? due : t0)) / 1000,
				   due ? (int64_t)((end - t0) / 1000) : -1, rc != 0);
			if (rc == 0 && w->type == TX_NEW_ORDER)
				note_acked(e, w->in.w_id, w->in.d_id, w->x.last_o_id);
			wait_totals_take(&e->drv_waits, w->c);
			return 0;
		}
		stat_add(&v->stats->errors[err_kind_of(&err)], 1);
		if (err.cls == DB_RECONNECT) {
			if (vu_reconnect(w))
				return -1;
		} else if (err.cls != DB_RETRY) {
			stat_add(&v->stats->failed, 1);
			vu_error_event(v, txn_names[w->type], &err);
			return 0;
		}
		if (attempts++ >= e->cfg.retry_max || stopping(v)) {
			stat_add(&v->stats->failed, 1);
			if (err.cls == DB_RETRY)
				vu_error_event(v, "gave up retrying", &err);
			return 0;
		}
		stat_add(&v->stats->retries, 1);
		set_state(v, VU_RETRYING);
	}
}

/* Draw the next transaction and its inputs. */
static void vu_draw(vu_work *w)
{
	w->type = mix_draw(&w->dk, &w->r);
	txn_gen(&w->term, &w->r, w->type, &w->in);
}

/* The loop of transactions until the VU is told to stop, or loses its
 * connection for good. */
static void vu_loop(vu_work *w)
{
	vu *v = w->v;
	engine *e = v->e;
	int keyed = 0;   /* type and in drawn, and keyed in the last think time */
	while (!stopping(v)) {
		if (atomic_load_explicit(&e->paused, memory_order_relaxed)) {
			set_state(v, VU_THINKING);
			vu_nap(v, 0.1);
			continue;
		}
		uint64_t due = vu_turn(v);   /* 0: a closed loop */
		if (stopping(v))
			break;
		if (!keyed) {
			vu_draw(w);
			if (e->cfg.keying_thinking) {
				set_state(v, VU_THINKING);
				vu_nap(v, keying_time(w->type));
				if (stopping(v))
					break;
			}
		}
		keyed = 0;
		/* A `set` of a per-connection setting reaches this VU here,
		 * between two transactions. */
		db_error err;
		if (conn_vars_apply(&e->cvars, &v->cvars_seen, e->d, w->c, &err))
			vu_error_event(v, "setting", &err);
		set_state(v, VU_RUNNING);
		if (vu_transaction(w, due))
			return;
		if (e->cfg.keying_thinking && !stopping(v)) {
			/* The think time and the next transaction's keying time
			 * are one nap: nothing the terminal does lies between
			 * them, and with thousands of terminals each nap's
			 * timer, sleep and wake-up was the most of the client's
			 * CPU per transaction.  (No offered rate comes between:
			 * it is refused with keying and think times.) */
			double nap = rng_think(&w->r, think_mean(w->type));
			vu_draw(w);
			keyed = 1;
			set_state(v, VU_THINKING);
			vu_nap(v, nap + keying_time(w->type));
		}
	}
}

/* The VU's end: disconnect, say it is done, and tell whoever waits. */
static void vu_end(vu_work *w)
{
	vu *v = w->v;
	engine *e = v->e;
	if (w->c) {
		set_state(v, VU_STOPPING);
		txn_release(&w->x);
		w->c->drv->disconnect(w->c);
	}
	if (atomic_load(&v->state) != VU_ERROR)
		set_state(v, VU_DONE);
	vu_change_settled(e, v, 1);
	/* The last write: whoever sees finished may join and free v. */
	pthread_mutex_lock(&e->lock);
	e->vus_running--;
	if (v->abandoned)
		e->vus_abandoned--;
	atomic_store(&v->finished, 1);
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

static void vu_run(vu *v)
{
	engine *e = v->e;
	vu_work w = {
		.v = v,
		.term = {
			.warehouses = e->schema.warehouses,
			.all_warehouses = e->cfg.all_warehouses,
			.rollback_pct = e->cfg.rollback_pct,
			.c = e->c_run,
			.w_id = v->w_id,
			.d_id = v->d_id,
		},
		.type = TX_NEW_ORDER,
	};

	rng_seed(&w.r, fresh_seed());
	mix_init(&w.dk, &w.r);
	if (vu_connect(v, &w.r, &w.c, 0) != 0) {
		set_state(v, stopping(v) ? VU_DONE : VU_ERROR);
	} else {
		txn_ctx_init(&w.x, w.c, e->d, v->stats, e->procedures, e->cfg.pipeline);
		set_state(v, VU_RUNNING);
		vu_change_settled(e, v, 0);
		vu_loop(&w);
	}
	vu_end(&w);
}

/* A thread that runs VUs, one (its own) or many (a fiber worker). */
static void vu_thread_setup(void *arg)
{
	const engine *e = arg;
	/* A batch thread does not preempt the running one when it wakes, so
	 * a local server finishes sending its reply before the VU reads it
	 * (see README, "Running").  Best effort: the normal policy works. */
#ifdef SCHED_BATCH
	struct sched_param sp = { .sched_priority = 0 };
	pthread_setschedparam(pthread_self(), SCHED_BATCH, &sp);
#endif
	if (e->cfg.keying_thinking)
		prctl(PR_SET_TIMERSLACK, VU_NAP_SLACK_NS, 0, 0, 0);
}

static void *vu_thread_main(void *arg)
{
	vu *v = arg;
	pthread_setname_np(pthread_self(), "tpcc-vu");   /* not the spawner's name */
	vu_thread_setup(v->e);
	vu_run(v);
	return NULL;
}

static void vu_fiber_main(void *arg)
{
	vu_run(arg);
}

/* Whether the VUs run as fibers: asked for, or (auto) on a driver that
 * never blocks its thread, for keyed terminals, and for unkeyed VUs where
 * a server answers (not the null driver's made-up answers, whose unkeyed
 * VUs never wait and want a CPU each).  A VU that waits for its server in
 * its own thread sleeps and is woken once a call, and on a virtual machine
 * that trip through the scheduler is most of the client's CPU per call
 * (doc/performance-history-2026.md, T).  -1 with err: asked for where the
 * driver would block every VU of a worker behind one. */
int vu_use_fibers(const tpcc_config *cfg, const db_driver *drv, char *err, size_t errlen)
{
	if (!strcmp(cfg->terminals, "threads"))
		return 0;
	/* p outlives the call: what blocks_thread returns may point into it. */
	db_params p;
	const char *blocks = NULL;
	if (drv->caps.waits && drv->blocks_thread) {
		db_params_from_config(cfg, &p);
		blocks = drv->blocks_thread(&p);
	}
	if (!strcmp(cfg->terminals, "fibers")) {
		if (!drv->caps.waits)
			snprintf(err, errlen, "workload.terminals fibers: the %s driver waits for "
				 "its server by blocking its thread, which would stop every VU of "
				 "a fiber worker; use threads (or auto)", drv->name);
		else if (blocks)
			snprintf(err, errlen, "workload.terminals fibers: %s; a VU waiting so "
				 "would stop every VU of its fiber worker; use threads (or auto)",
				 blocks);
		else
			return 1;
		return -1;
	}
	return drv->caps.waits && !blocks && (cfg->keying_thinking || !drv->caps.no_server);
}

/* Unkeyed VUs to a worker before the next takes any.  An unkeyed VU keeps
 * its server busy and costs the client a tenth of that or less (a CALL's
 * 40 us against a server's 0.4 ms and more; a statement transaction's
 * 0.2 ms against its 2 ms), so eight keep a worker at most about half
 * busy, and a worker sleeps only when all eight wait: 8 VUs on one worker
 * cost 10-21% less client CPU per New-Order than on two, with the same
 * NOPM (MariaDB, W=4, both modes; doc/performance-history-2026.md, T). */
#define VU_UNKEYED_PER_WORKER 8

/* The fibers' workers: one a CPU, at most 8, set up as a VU's thread.
 * Keyed terminals, which mostly nap, are spread over all of them;
 * unkeyed VUs packed VU_UNKEYED_PER_WORKER to a worker, the others idle
 * until more VUs come. */
fiber_pool *vu_fiber_pool(engine *e, char *err, size_t errlen)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	n = n < 1 ? 1 : n > 8 ? 8 : n;
	fiber_pool *p = fiber_pool_new((int)n, VU_FIBER_STACK, vu_thread_setup, e, "tpcc-vus",
				       err, errlen);
	if (p && !e->cfg.keying_thinking)
		fiber_pool_pack(p, VU_UNKEYED_PER_WORKER);
	return p;
}

/* ---- the VU pool's slots and threads ------------------------------------ */

static int lowest_free_slot(const engine *e)
{
	for (size_t i = 0; i < sizeof e->slot_used / sizeof e->slot_used[0]; i++)
		if (~e->slot_used[i])
			return (int)(i * 64) + __builtin_ctzll(~e->slot_used[i]);
	return -1;
}

static int highest_used_slot(const engine *e)
{
	for (size_t i = sizeof e->slot_used / sizeof e->slot_used[0]; i-- > 0;)
		if (e->slot_used[i])
			return (int)(i * 64) + 63 - __builtin_clzll(e->slot_used[i]);
	return -1;
}

static void slot_take(engine *e, vu *v, int s)
{
	e->slot_used[s / 64] |= (uint64_t)1 << (s % 64);
	e->slot_vu[s] = v;
	v->slot = s;
}

/* Highest slot first: what stays is still spread evenly. */
void vu_remove_locked(engine *e)
{
	int s = highest_used_slot(e);
	vu *v = e->slot_vu[s];
	e->slot_used[s / 64] &= ~((uint64_t)1 << (s % 64));
	e->slot_vu[s] = NULL;
	vu_tell_stop(v);
	if (!v->left) {
		v->removed = 1;
		e->unsettled++;
	}
}

int vu_spawn_locked(engine *e, char *err, size_t errlen)
{
	int s = lowest_free_slot(e);
	if (s < 0) {
		snprintf(err, errlen, "no free VU slot (at most %d VUs)", SCHEDULE_VUS_MAX);
		return -1;
	}
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
	slot_take(e, v, s);
	vu_home(e, s, &v->w_id, &v->d_id);
	e->homes[s][0] = (short)v->w_id;
	e->homes[s][1] = (short)v->d_id;
	if (s >= e->homes_n)
		e->homes_n = s + 1;
	atomic_init(&v->state, VU_STARTING);
	e->unsettled++;
	e->vus[e->nvus++] = v;
	if (e->unborn_tail)
		e->unborn_tail->next_unborn = v;
	else
		e->unborn = v;
	e->unborn_tail = v;
	pthread_cond_signal(&e->spawn_cond);
	return 0;
oom:
	snprintf(err, errlen, "out of memory starting a VU");
	return -1;
}

/* A VU that will never run: the reaper frees it, nobody joins it. */
static void stillborn_locked(engine *e, vu *v)
{
	v->born = -1;
	atomic_store(&v->state, VU_DONE);
	settle_locked(e, v, 0);
	atomic_store(&v->finished, 1);
}

/* The spawner: creates the queued VUs' threads one by one with e->lock
 * released, so that starting ten thousand of them holds up nobody; when
 * the run ends (e->ending) the rest never start. */
void *vu_spawner_main(void *arg)
{
	engine *e = arg;
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_setname_np(pthread_self(), "tpcc-spawner");
	pthread_attr_t a;
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, VU_STACK);

	pthread_mutex_lock(&e->lock);
	for (;;) {
		while (!e->unborn && !e->ending)
			pthread_cond_wait(&e->spawn_cond, &e->lock);
		vu *v = e->unborn;
		if (!v)
			break;
		e->unborn = v->next_unborn;
		if (!e->unborn)
			e->unborn_tail = NULL;
		if (e->ending) {
			stillborn_locked(e, v);
			continue;
		}
		pthread_mutex_unlock(&e->lock);
		int rc = 0;
		char ferr[128] = "";
		if (e->fibers) {
			fiber *f = fiber_new(e->fibers, vu_fiber_main, v, ferr, sizeof ferr);
			if (f) {
				atomic_store(&v->fib, f);
				fiber_start(f);
			} else {
				rc = -1;
			}
		} else {
			rc = pthread_create(&v->th, &a, vu_thread_main, v);
		}
		pthread_mutex_lock(&e->lock);
		if (rc) {
			stillborn_locked(e, v);
			if (!e->ending && vu_active(v)) {
				/* Its slot goes, or the count would stay short of the target. */
				e->slot_used[v->slot / 64] &= ~((uint64_t)1 << (v->slot % 64));
				e->slot_vu[v->slot] = NULL;
				vu_tell_stop(v);
				e->target--;
			}
			pthread_mutex_unlock(&e->lock);
			engine_event(e, "error", "cannot start a VU %s: %s", e->fibers ? "fiber" : "thread",
				     e->fibers ? ferr : strerror(rc));
			pthread_mutex_lock(&e->lock);
		} else {
			v->born = e->fibers ? 2 : 1;
			e->vus_running++;
		}
	}
	pthread_mutex_unlock(&e->lock);
	pthread_attr_destroy(&a);
	return NULL;
}
