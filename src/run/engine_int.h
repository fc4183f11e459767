/* engine_int.h: the run's shared state, for the four files that are the
 * engine and no one else: engine.c (creation, life cycle, the VU pool,
 * phases, snapshots), vu.c (the VU thread), collector.c (the per-second
 * collector) and control.c (what commands call).  Front ends see only
 * engine.h.
 *
 * Two locks, never held together, so neither can wait on the other:
 * e->lock is held for short copies and updates, never across a database
 * call, because a VU that logs an event takes it and must not wait on the
 * server; e->ctl_lock serialises the one control connection, whose calls
 * may take as long as the server does.  Outside both: e->knob_lock, held
 * around a journalled `set` and the put-back (knobs.c), which take the
 * other two in turn inside it, and the journal's own lock, for copies.  VUs on their hot path take
 * neither: they write their own vu_stats and read a few atomics. */
#ifndef TPCC_ENGINE_INT_H
#define TPCC_ENGINE_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"
#include "engine.h"
#include "sysinfo.h"
#include "tpcc/rand.h"
#include "tpcc/schema.h"
#include "knob_journal.h"
#include "wait_sampler.h"
#include "conn_vars.h"
#include "fiber.h"
#include "rate.h"
#include "refusals.h"

#define RING 4096                 /* ticks kept in memory for front ends */
#define EVRING 512                /* events kept in memory for front ends */

typedef struct vu {
	/* Set under e->lock before the thread starts and never again, so
	 * the VU reads them freely. */
	engine *e;
	int id;                   /* 1, 2, ... in order of creation */
	int slot;                 /* decides the home warehouse and district */
	int w_id, d_id;           /* that home (vu_home) */
	pthread_t th;
	/* As a fiber (e->fibers): set by the spawner before the fiber runs,
	 * read by whoever wakes it. */
	_Atomic(fiber *) fib;
	/* e->lock: 0 queued for the spawner, 1 its thread exists (join it),
	 * 2 its fiber exists (release it), -1 it never will (the run ended
	 * first, or its thread or fiber could not be made; finished is set). */
	int born;
	struct vu *next_unborn;        /* e->lock: the spawner's queue */
	/* e->lock: the VU counts in e->unsettled until it has connected
	 * (connected) and, once removed, until it has left (removed). */
	int connected, removed;
	/* Atomics: the VU polls stop and writes state between statements,
	 * where it cannot take a lock a slow front end may hold. */
	atomic_int stop;          /* vu_tell_stop sets it; the VU naps on it */
	atomic_int state;
	atomic_int finished;      /* the thread's last write: join it now */
	long cvars_seen;          /* the VU's own: e->cvars' generation it set */
	int left;                 /* past its last vu_change_settled; e->lock */
	/* Only the thread that stops every VU (engine_stop_all_unlocked)
	 * writes it, while e->ending keeps the list still; the reaper reads
	 * it after, on that same thread. */
	int joined;
	/* e->lock: the end of the run stopped waiting for it (blocked in a
	 * server that does not answer): never joined nor freed while it has
	 * not finished, its counts folded once (folded). */
	int abandoned, folded;
	/* Written only by the VU (relaxed atomics); the collector sums it. */
	vu_stats *stats;
} vu;

struct engine {
	/* Set by engine_create before any thread exists; read-only after,
	 * so every thread reads them without a lock. */
	tpcc_config cfg;
	const db_driver *drv;
	const dialect *d;
	dialect mapped;          /* d naming an adopted schema's tables */
	int procedures;           /* workload.mode procedures */
	engine_hooks hooks;
	schema_info schema;
	tpcc_nurand_c c_run;
	char server_version[128];
	char database[256];         /* as the control connection has it */
	char db_path[4096];         /* a database file's absolute path, for the results */
	int home_first, home_last;  /* workload.warehouse_range, resolved */

	pthread_mutex_t lock;
	pthread_cond_t cond;      /* CLOCK_MONOTONIC: wakes the collector */

	/* e->lock: commands add VUs while the collector reaps and sums
	 * them and front ends count them. */
	vu **vus;
	int nvus, cap;
	/* e->lock: which slots active VUs hold (one bit each) and who holds
	 * them, so a new VU takes the lowest free slot and a removal the
	 * highest held one without a scan of every VU. */
	uint64_t slot_used[(SCHEDULE_VUS_MAX + 63) / 64];
	vu *slot_vu[SCHEDULE_VUS_MAX];
	/* e->lock, with spawn_cond: VUs whose threads the spawner has yet to
	 * create, oldest first.  Threads are made outside e->lock, so the
	 * collector, commands and signals never wait on thousands of
	 * pthread_create calls (nor on the connects that follow). */
	vu *unborn, *unborn_tail;
	pthread_cond_t spawn_cond;
	pthread_t spawner;
	/* The VUs' fibers' workers, when the VUs run as fibers (set at
	 * engine_start, freed by engine_destroy). */
	fiber_pool *fibers;
	int spawner_running;      /* the thread that starts and joins it */
	/* e->lock, with e->cond: VU threads made and not yet past their last
	 * write, and how many of those the end of the run left behind; the
	 * end waits (for a bound) until the first is no more than the second. */
	int vus_running, vus_abandoned;
	/* e->lock: VUs of the last change still connecting or leaving; the
	 * change is in effect when it is 0. */
	int unsettled;
	/* e->lock: each slot's home as last given (for the results file), and
	 * whether the VU count ever moved from the one the run started with
	 * (then the terminals were not the spec's throughout). */
	short homes[SCHEDULE_VUS_MAX][2];
	int homes_n;
	int vus_moved;
	int target;
	int next_id;
	/* A VU count change not yet fully in effect: since when, for the
	 * "ready" event that tells how long connecting (or leaving) took. */
	uint64_t change_ns;
	int change_pending;       /* 1 asked, 2 its event logged: watch it */
	int vus_lost;             /* VUs that gave up reconnecting */
	/* Its own leaf lock: VUs refused at their first connect, told by
	 * the collector. */
	refusals refusals;
	int error_events;

	/* e->lock: the collector folds VUs into these each second and the
	 * reaper folds finished VUs into retired, on other threads. */
	stats_sum *retired, *cum, *prev, *iv, *steady;
	/* e->lock: every latency sample taken from the VUs' rings so far
	 * (svc: the service times of an offered load). */
	hist_snap drained[TX_COUNT], drained_svc[TX_COUNT];
	stats_cut cut;            /* e->lock: stats_take's scratch */
	/* The offered load (rate.h): its own atomics; VUs claim starts from
	 * it, commands change it, the collector reads how far behind it is. */
	rate_sched rate;
	/* e->lock, the collector's: the offered load over the steady phase,
	 * and whether the operator was told the VUs fell behind it. */
	rate_sums rate_steady;
	int rate_warned;

	/* e->lock: the collector moves the phases on, commands shift their
	 * ends, front ends read them. */
	int phase;
	int t;
	int rampup_end, steady_end, rampdown_end;
	long long t0_wall_ms;     /* the wall clock at second 0, for engine_pub */
	int sched_idx;
	/* e->lock, with e->cond: a stop must wake the collector at once. */
	int stop_req;
	/* A stop asked where e->lock must not be waited for (the signal
	 * thread): the reason, picked up by the collector within a second. */
	_Atomic(const char *) stop_async;
	int ending;               /* VUs are being stopped: no new ones */
	char stop_reason[32];
	int done;

	/* e->lock: written by the collector, copied by front ends. */
	int steady_secs;
	/* The most VUs connected and working in a steady tick (the
	 * summary's "up to N VUs"): the run's, and its current file's. */
	int steady_vus_max, seg_vus_max;
	double cpu_steady, cpu_last;
	/* Client-bound: the CPU the client asked for at the last tick
	 * (procstat_self_demand), and the steady seconds it wanted nearly
	 * all the cores, or an offered load's schedule fell behind. */
	double demand_last;
	int cb_cpu_secs, cb_behind_secs;
	/* The steady seconds' VU targets and offered rates (-1: none), lowest
	 * and highest, over cb_ticks of them: the verdict quotes a latency
	 * against each VU's share of the schedule only when neither moved. */
	int cb_ticks, cb_vus_lo, cb_vus_hi;
	double cb_rate_lo, cb_rate_hi;
	/* --rampup auto: the second the steady phase started at and the one
	 * MSER-5 found NOPM settled at (-1: not yet / not found). */
	int auto_at, auto_from;
	uint64_t cpu_last_ns;
	tick *ring;
	int nticks;
	run_event *evring;        /* and by whoever logs an event */
	long nevents;
	run_summary steady_live;  /* the steady phase so far, for front ends */
	int results_failing;      /* the results file could not be written */
	int results_flip;         /* ... and that just changed: tell the operator */
	/* server TPM: the reading the last tick used, and the steady phase's
	 * share of the counter; the collector's alone, but under e->lock as
	 * everything it does each second is */
	int64_t srv_prev;
	uint64_t srv_prev_ns;
	int srv_have_prev;
	double srv_rate;
	int64_t srv_steady_delta;
	uint64_t srv_steady_ns;
	/* the monitor sample the last tick recorded, and for how many ticks it
	 * has not changed; the collector's alone, under e->lock */
	int sample_t, sample_age;
	/* the steady phase's waits so far, the collector's alone (under
	 * e->lock); and the waits' source line it last logged as an event
	 * (the collector's, without a lock) */
	wait_sum waits_steady;
	wait_sum waits_all;
	char waits_said[240];
	/* what the results file's header says about the machine; engine_start's */
	sys_info sys;
	char why_server_cpu[160], why_disk[160], why_metrics[160];

	/* Atomics: VUs read paused and set session_warned on their hot path,
	 * where e->lock would make them wait on one another. */
	atomic_int paused;
	atomic_int session_warned;   /* a run_session statement was refused */
	/* Settings the dialect keeps per connection, for every VU's. */
	conn_vars cvars;

	/* e->lock: a sweep step's measured window (window.c), NULL until
	 * the first; the collector folds ticks into it, the step reads it. */
	engine_window *win;
	/* e->lock: the sweep step under way (its number), -1 between steps
	 * and outside a sweep; the metrics endpoint's tpcc_step. */
	int step_now;

	/* e->lock: a copy of every step recorded, for front ends (NULL until
	 * the first), how many, and a count of the changes. */
	engine_step *steps;
	int nsteps;
	long steps_gen;
	/* e->lock: an A/B trial's segment count (0: the steps are a sweep's,
	 * or none) and its latest verdict line, for front ends. */
	int ab_segments;
	char ab_verdict[768];
	/* job.c: the front end's job (engine_job_start).  job_started and
	 * job_th: e->lock; job_running: the job's thread clears it last;
	 * step_ask: the operator's next or stop for the step under way. */
	pthread_t job_th;
	int job_started;
	atomic_int job_running;
	void *(*job_fn)(void *);
	void *job_arg;
	atomic_int step_ask;

	/* Its own lock (knob_journal.h); restore_at_end: a sweep asked that
	 * the journal be put back when the run ends. */
	knob_journal journal;
	atomic_int restore_at_end;
	/* knob_lock serialises a journalled change with the put-back, so a
	 * step's change cannot land after the run's put-back; once
	 * knobs_closed (the put-back began) changes are refused.  Taken
	 * before ctl_lock and e->lock, never while holding either. */
	pthread_mutex_t knob_lock;
	int knobs_closed;

	/* The thread that calls engine_start, engine_wait and engine_destroy
	 * owns these. */
	pthread_t collector;
	int collector_running;

	/* e->lock once threads run (events and ticks are written from any
	 * thread); opened by engine_start before any of them. */
	results *res;
	/* The results file's path: set by engine_start, and by a roll-over
	 * (roll.c) under e->lock. */
	char results_path[1024];
	run_info ri;
	/* roll.c, the collector's (e->lock where the tick writes them): the
	 * current file's steady sums, seconds, CPU and first second, for its
	 * own summary; the roll-over bound in bytes (0: never) and the files
	 * kept (the current one counted); the finished files of this run
	 * still on disk, oldest first; whether rolling failed and stopped. */
	stats_sum *seg;
	int seg_secs, seg_from_t;
	double seg_cpu;
	long roll_bytes;
	int roll_keep, roll_off;
	char (*kept)[1024];
	int nkept;
	char continues[256];
	/* Written by the collector under e->lock before done; read by
	 * engine_wait after joining it. */
	run_summary summary;
	char finish_err[512];

	/* e->ctl_lock: one connection, commands from any thread; ctl_away:
	 * engine_leave_database closed it and none is opened until
	 * engine_return_database. */
	pthread_mutex_t ctl_lock;
	db_conn *ctl;
	int ctl_away;

	/* Durability audit: per district ((w-1)*10 + d-1), the highest o_id
	 * whose New-Order commit the server acknowledged.  Written by any VU
	 * with an atomic max; read when the run ends. */
	atomic_int *acked;
	/* The sampler of server TPM, CPU, disk and metrics: set by
	 * engine_start before the collector starts, cleared by engine_wait
	 * after it ends, so the collector reads it without a lock. */
	monitor *mon;
	/* The driver's own waits, summed by the VUs (atomics), read by the
	 * monitor: it outlives both. */
	wait_totals drv_waits;

	/* e->pub_lock, a leaf lock (nothing is taken while it is held):
	 * the collector writes pub once a tick and engine_published copies
	 * it for the metrics endpoint.  No VU takes it. */
	pthread_mutex_t pub_lock;
	engine_pub *pub;
};

/* Counts toward e->target until asked to stop, though a stopped VU may
 * still be finishing its transaction. */
static inline int vu_active(const vu *v)
{
	return !atomic_load_explicit(&v->stop, memory_order_relaxed);
}

/* A name ending in _locked is called with e->lock held, _unlocked with it
 * held and returns with it released. */

/* vu.c */
/* One more VU, in the lowest slot no active VU holds, queued for the
 * spawner to start its thread. */
int vu_spawn_locked(engine *e, char *err, size_t errlen);
/* Tell a VU to stop, waking it if it naps. */
void vu_tell_stop(vu *v);
/* Wake a napping VU to look again (the offered load changed). */
void vu_wake(vu *v);
/* Stop the active VU in the highest slot (there must be one). */
void vu_remove_locked(engine *e);
/* The spawner thread's body; arg is the engine. */
void *vu_spawner_main(void *arg);
/* Whether the VUs run as fibers (workload.terminals, the driver's
 * caps.waits): 1, 0, or -1 with err when fibers were asked for where they
 * cannot be. */
int vu_use_fibers(const tpcc_config *cfg, const db_driver *drv, char *err, size_t errlen);
/* The fibers' workers, sized for this machine. */
fiber_pool *vu_fiber_pool(engine *e, char *err, size_t errlen);
/* A VU connected (leaving 0) or is leaving (1), or (self NULL) a change
 * was logged: log "ready" once the VU count change is fully in effect.
 * Takes e->lock. */
void vu_change_settled(engine *e, vu *self, int leaving);

/* The home warehouse and district of VU slot s: the first warehouses of
 * the instance's range get one VU each before any gets a second. */
void vu_home(const engine *e, int slot, int *w_id, int *d_id);

/* collector.c: the collector thread's body; arg is the engine. */
void *collector_main(void *arg);

/* window.c: fold tick tk (interval iv, cpu seconds of this process) into
 * the open window, if tk falls in it.  e->lock held. */
void window_tick_locked(engine *e, const tick *tk, const stats_sum *iv, double cpu);

/* control.c: 1 once the run is stopping or over (a stop asked, a signal
 * among them), with no lock held: a wait for the server ends then. */
int engine_stopping(engine *e);
/* control.c: 1 when the control connection is gone and could not be made
 * again (the server is away); the next call tries again. */
int engine_ctl_lost(engine *e);
/* control.c: set_var over the control connection, nothing journalled. */
int engine_ctl_set_var(engine *e, const char *name, const char *value, char *note,
		       size_t notelen, char *err, size_t errlen);
/* control.c: a journal entry put back (server_put_back_var), nothing
 * journalled; whether it is back (server_var_is_back: 1, 0, -1); and
 * name's entry in the server's record of changed settings, as
 * VAR_SAVED_* (unknown also when it could not be read: the put-back then
 * sets the old value, as for a server that keeps no record). */
int engine_ctl_put_back_var(engine *e, const knob_entry *k, char *note, size_t notelen,
			    char *err, size_t errlen);
int engine_ctl_var_is_back(engine *e, const knob_entry *k, char *now, size_t nowlen,
			   char *err, size_t errlen);
int engine_ctl_saved_var(engine *e, const char *name, char *text, size_t textlen);
/* job.c: join the job's thread, if one was started (engine_wait and
 * engine_destroy, after the collector ended). */
void engine_job_join(engine *e);
/* knobs.c: at the run's end, with no lock held: put the journal back when
 * a sweep or run.restore_knobs asked. */
void engine_restore_if_asked(engine *e);

/* engine.c: the VU pool and the phases, which the collector, the control
 * calls and the life cycle all move */
int engine_active_locked(engine *e);
/* Returns how many VU threads it joined. */
int engine_reap_locked(engine *e, int all);
#define STOP_GRACE_ASKED_MS 500   /* then the monitor's 200 ms, the results file */
#define STOP_GRACE_END_MS 10000
/* Stop every VU and wait for each to finish, for at most grace_ms; the
 * ones still in the server then are left behind (vu->abandoned). */
void engine_stop_all_unlocked(engine *e, int grace_ms);
int engine_phase_at(const engine *e, int t);
void engine_phase_changed(engine *e, int from, int to);

/* collector.c: a summary of the steady sums st over secs seconds with
 * cpu client CPU seconds and at most vus_max VUs running (the run's, or a
 * rolled file's); and where NOPM
 * settled in the ring's ticks from second from_t on; e->lock held. */
void engine_make_summary(engine *e, run_summary *s, const stats_sum *st, int secs, double cpu,
			 int vus_max);
void engine_steady_summary(engine *e, run_summary *s, int from_t);
/* roll.c: after a tick, without a lock: finish the results file and go on
 * in a new one when it has passed run.results_roll_kb. */
void engine_roll_results(engine *e);
/* A rolled run's file, e->lock held: the summary of its own seconds. */
void engine_part_summary(engine *e, run_summary *s);

#endif
