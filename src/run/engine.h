/* engine.h: a TPC-C run: the VU pool, phases, the per-second collector, the
 * results file and live control.  Everything a front end (batch lines, the
 * line CLI, the curses console) does goes through these calls; the engine
 * never draws anything itself.
 *
 * Threads: one per VU, one collector (ticks, phases, schedule, reaping VUs),
 * and the caller's.  Control calls may come from any thread. */
#ifndef TPCC_ENGINE_H
#define TPCC_ENGINE_H

#include <stddef.h>
#include "monitor.h"
#include "rate.h"
#include "config/options.h"
#include "results/results.h"
#include "core/stats.h"

typedef struct engine engine;

enum vu_state {
	VU_STARTING, VU_RUNNING, VU_THINKING, VU_RETRYING, VU_RECONNECTING,
	VU_ERROR, VU_STOPPING, VU_DONE, VU_STATE_COUNT
};
extern const char *const vu_state_names[VU_STATE_COUNT];

typedef struct engine_hooks {
	/* Called by the collector thread after each tick is recorded. */
	void (*on_tick)(const tick *t, void *ud);
	/* Called by whichever thread logged the event, after it is recorded. */
	void (*on_event)(const run_event *ev, void *ud);
	void *ud;
} engine_hooks;

/* A consistent copy of the run's state for a front end. */
typedef struct engine_status {
	int phase;
	int t;                    /* seconds since start */
	int phase_left;           /* seconds left in this phase, -1 unknown */
	int vus, vus_target;
	int paused;
	int warehouses;
	char server_version[128];
	char database[256];       /* the one the connection is in */
	char results_path[1024];
	char stopped_by[32];      /* why the run was stopped early, "" if not */
	tick last;                /* the latest tick (zeroed before the first) */
	/* The steady phase so far (NOPM, TPM, percentiles), refreshed every
	 * steady second; zeroed until the first one. */
	run_summary steady;
} engine_status;

/* What the metrics endpoint serves, as of the latest tick: the run's
 * cumulative counters and histograms (every VU, the retired ones too) and
 * the monitor's latest sample.  Published by the collector under a lock of
 * its own that no VU takes (engine_published). */
typedef struct engine_pub {
	long ticks;               /* ticks published so far; 0: nothing yet */
	long long at_ms;          /* wall clock (ms since the epoch) of the tick */
	int t, phase, vus, vus_target, vus_reconnecting;
	int step;                 /* the schedule step in effect, -1: none */
	/* An offered load (--rate, a rate step), as the tick has it: offered
	 * and done a minute, seconds and transactions behind schedule;
	 * offered_tpm <= 0: none. */
	double offered_tpm, achieved_tpm, behind_s;
	uint64_t behind_n;
	stats_sum cum;
	int have_sample;
	mon_sample sample;        /* server metrics: sample.nmetrics of them */
	/* The run's waits so far, every second summed: session-seconds per
	 * class and per event (at most WAIT_ACC_EVENTS names, the rest in
	 * "(more)"), counters for /metrics. */
	wait_sum waits;
} engine_pub;

/* engine_create's answer when the database cannot serve this run as
 * configured (no schema, no SQLite file, a table, column or procedure
 * missing, another warehouse count): the operator's to fix, as a usage
 * error is. */
#define ENGINE_EUNUSABLE (-2)

/* Connects a control connection, checks the schema (present, complete, the
 * nine tables and their columns, the configured warehouse count, the
 * procedures in procedures mode) and opens the results file.  Nothing runs
 * yet.  Returns 0, -1 (e.g. cannot connect) or ENGINE_EUNUSABLE, with err
 * filled. */
int engine_create(const tpcc_config *cfg, const engine_hooks *hooks, engine **out,
		  char *err, size_t errlen);
/* Start the collector and the first VUs. */
int engine_start(engine *e, char *err, size_t errlen);
/* Block until the run is done (phases over or stopped) and the results file
 * is finished.  *summary may be NULL. */
int engine_wait(engine *e, run_summary *summary, char *err, size_t errlen);
void engine_destroy(engine *e);

/* Live control; each returns 0 or -1 with err filled, and logs an event. */
int engine_set_vus(engine *e, int n, const char *why, char *err, size_t errlen);
int engine_end_rampup(engine *e, char *err, size_t errlen);
int engine_start_rampdown(engine *e, char *err, size_t errlen);
int engine_extend(engine *e, int seconds, char *err, size_t errlen);
/* Ask the run to stop; reason is recorded as stopped_by ("signal",
 * "operator"); the call returns at once. */
void engine_stop(engine *e, const char *reason);
/* engine_stop for a thread that must never wait on the engine's lock (the
 * signal thread, which must still see a second signal): the run stops
 * within a second.  reason must outlive the run (a string literal). */
void engine_stop_async(engine *e, const char *reason);
int engine_pause(engine *e, int paused);
/* Record an event (mark, command echo, ...). */
void engine_event(engine *e, const char *type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A measured window of a sweep's step: the collector folds the ticks
 * from..to (run seconds, inclusive) into it, histograms merged. */
typedef struct engine_window {
	int from, to;             /* as asked; to may be moved (engine_window_end) */
	int seconds;              /* ticks folded in so far */
	stats_sum s;
	double cpu_s;             /* this process's CPU over those ticks */
	double server_tpm_sum;    /* over the ticks that had a reading */
	int server_ticks;
	int vus_min, vus_max;
	rate_sums offered;        /* an offered load's figures in the window */
	int nmetrics;             /* the monitor's samples in the window */
	int metric_samples;
	int sample_t;             /* the monitor's last sample taken (its clock) */
	db_metric metric[MON_METRICS_MAX];  /* values summed */
	double rate[MON_METRICS_MAX];       /* rates summed */
	wait_sum waits;                     /* the server's waits, each sample once */
} engine_window;
/* Open the one window over the ticks from..to; a window still open is
 * replaced.  -1 when out of memory. */
int engine_window_open(engine *e, int from, int to, char *err, size_t errlen);
/* Copy what the window holds so far; 1 once its last tick is in. */
int engine_window_read(engine *e, engine_window *out);
/* End the window at the tick the run is at (a step ended early). */
void engine_window_close(engine *e);
/* The run's second and whether it is over, cheaply, for a step's waits. */
void engine_clock(engine *e, int *t, int *done);
/* A step into the results file's "steps" (results_step: final fixes it);
 * the table of them.  Both do nothing once the file is finished. */
void engine_record_step(engine *e, const step_result *s, int final);
void engine_record_steps_table(engine *e, const char *const *lines, int n);
/* An A/B trial's section of the results file, a JSON object (results_ab). */
void engine_record_ab(engine *e, const char *json_object);
/* An A/B trial's segment count and its latest verdict line, said by the
 * trial as it starts and after each segment; engine_ab gives them to a
 * front end: the segment count (0: no trial), the verdict into out. */
void engine_ab_state(engine *e, int segments, const char *verdict);
int engine_ab(engine *e, char *out, size_t len);
/* A capacity search's section (results_capacity). */
void engine_record_capacity(engine *e, const char *json_object);

/* What the engine keeps of each step recorded (engine_record_step), for a
 * front end's step table and chart: the step as last recorded, whether it
 * is finished, and the window it measures (from..to, run seconds; 0 0
 * until it opens). */
#define ENGINE_STEPS_MAX 256
typedef struct engine_step {
	step_result r;
	int final;
	int from, to;
} engine_step;
/* Copy up to max of them, in order; returns the count.  *gen (may be
 * NULL) changes whenever one does, so a front end copies only then. */
int engine_steps(engine *e, engine_step *out, int max, long *gen);
/* Only the count and the generation, cheaply. */
int engine_steps_gen(engine *e, long *gen);

/* A front end's job that drives the run from a thread of its own through
 * these calls (the console's live sweep, run/sweep_live.h).  While it
 * runs the run is its: the steady phase does not end by the clock (the
 * job ends it, with engine_start_rampdown, or a stop does) and the VU
 * schedule stands aside.  The engine joins it in engine_wait and
 * engine_destroy, so a job never outlives its engine.  One at a time, and
 * only in ramp-up or steady: -1 with err otherwise. */
int engine_job_start(engine *e, void *(*fn)(void *), void *arg, char *err, size_t errlen);
/* 1 while the job runs. */
int engine_job_running(engine *e);
/* Wait up to ms milliseconds for the job to end; 1 when none runs. */
int engine_job_wait(engine *e, int ms);

/* What the operator asks of a sweep's step under way: end it now and go
 * on with the next (next), or end it and the sweep (stop).  -1 with err
 * when no step is under way.  The step's runner takes the request
 * (engine_step_asked reads and clears it). */
enum { STEP_ASK_NONE, STEP_ASK_NEXT, STEP_ASK_END };
int engine_step_ask(engine *e, int what, char *err, size_t errlen);
int engine_step_asked(engine *e);

/* Bring the database back to its snapshot under a running run: stop the
 * VUs (each finishes its transaction and disconnects, so no lock of theirs
 * is left for the restore to wait on), leave the database where the
 * restore makes it again (engine_leave_database), call restore, come back,
 * and start the VUs again when keep_vus.  Logged as events that start with
 * what ("step 3", "demo"); *seconds (may be NULL) gets the time it took. */
int engine_reset_database(engine *e, int keep_vus, const char *what,
			  int (*restore)(void *ud, char *err, size_t errlen), void *ud,
			  double *seconds, char *err, size_t errlen);
/* For a restore that makes the database again (the dialect's
 * restore_drops_database; a no-op for the others): with the VUs stopped,
 * close the run's control and sampler connections and open none until
 * engine_return_database.  The ticks go on meanwhile, without server
 * metrics or server TPM; commands that need the server are refused.
 * -1 with err when the sampler did not let go (nothing is then closed). */
int engine_leave_database(engine *e, char *err, size_t errlen);
void engine_return_database(engine *e);

/* Server variables and ad-hoc SQL over the control connection. */
int engine_get_var(engine *e, const char *name, char *buf, size_t len, char *err, size_t errlen);
int engine_set_var(engine *e, const char *name, const char *value, char *err, size_t errlen);
/* engine_set_var, journalled as changed by `by` ("set", "step 3"); was
 * (may be NULL) gets the value before.  A server that is away is waited
 * for, up to run.reconnect_give_up. */
int engine_set_var_by(engine *e, const char *name, const char *value, const char *by,
		      char *was, size_t waslen, char *err, size_t errlen);
/* Put name back to its value before the run's first change of it, as a
 * change journalled by `by` that the journal then marks put back; -1
 * with err when it was never changed or the server refused. */
int engine_put_back_var(engine *e, const char *name, const char *by, char *err, size_t errlen);
/* Put back every variable in the knob journal (see knob_journal.h);
 * -1 with err naming what could not be. */
int engine_restore_knobs(engine *e, char *err, size_t errlen);
/* Offer tpm transactions a minute over all VUs from now (rate.h), 0: a
 * closed loop again; logs a "rate" event (why: "operator", "step 2").
 * keep_backlog: transactions already late stay due (rate_set).  Refused
 * with keying and think times. */
int engine_set_rate(engine *e, long tpm, int keep_backlog, const char *why, char *err,
		    size_t errlen);
/* The rate offered now, 0 none. */
long engine_rate(engine *e);
/* Put the journal back when the run ends, however it ends (a sweep). */
void engine_restore_at_end(engine *e);
/* 1 when name was changed in this run and not put back. */
int engine_knob_changed(engine *e, const char *name);
/* Would engine_set_var take value as asked?  0 yes; 1 no and -1 could not
 * ask, both with err filled.  Changes nothing on the server. */
int engine_check_var(engine *e, const char *name, const char *value, char *err, size_t errlen);
/* After engine_set_var: 1 value is in effect, 0 not yet (status says what
 * the server reports), -1 with err filled. */
int engine_var_in_effect(engine *e, const char *name, const char *value, char *status,
			 size_t statuslen, char *err, size_t errlen);
/* The server's metrics (dialect's or driver's), one "name value" a line. */
int engine_metrics(engine *e, char *out, size_t outlen, char *err, size_t errlen);
/* Run a statement; a result's first rows are formatted into out. */
int engine_sql(engine *e, const char *sql, char *out, size_t outlen, char *err, size_t errlen);

void engine_get_status(engine *e, engine_status *st);
/* The run's dialect (picked from the server an ODBC connection reached). */
const dialect *engine_dialect(const engine *e);
/* Copy up to max of the latest ticks, oldest first; returns the count. */
int engine_ticks(engine *e, tick *out, int max);
/* Copy up to max of the latest events, oldest first; returns the count.
 * *total (may be NULL) gets how many were ever logged, so a front end can
 * tell whether anything is new. */
int engine_events(engine *e, run_event *out, int max, long *total);
/* VU states, one byte each (enum vu_state), up to max; returns the count. */
int engine_vu_states(engine *e, unsigned char *out, int max);
int engine_is_done(engine *e);
/* The home warehouses of this instance's VUs (workload.warehouse_range). */
void engine_home_range(const engine *e, int *first, int *last);
/* The run's --label (run.label, "" none), fixed for the engine's life. */
const char *engine_label(const engine *e);
/* The run's configuration, fixed for the engine's life. */
const tpcc_config *engine_config(const engine *e);
/* Copy what the collector last published.  Takes only the publication
 * lock, which the collector holds for one copy a second: a scrape never
 * waits on e->lock, which VUs take to log events. */
void engine_published(engine *e, engine_pub *out);
/* The run's monitor (server TPM, and CPU, disk and metrics for a front end
 * that calls monitor_watch on it), from engine_start until engine_wait;
 * NULL before, after, or when its thread could not start. */
monitor *engine_monitor(engine *e);

#endif
