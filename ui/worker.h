/* worker.h: the console's command threads.  Commands can wait on the
 * database (set, get, sql go over the engine's control connection), so the
 * UI thread only queues them here and reads the reply when it is there: the
 * screen keeps moving while a slow statement runs.  Those run in order on
 * a lane of their own, so stop, vus, status or mark are answered at once
 * even while a set waits for a server that went away. */
#ifndef TPCC_UI_WORKER_H
#define TPCC_UI_WORKER_H

#include <stddef.h>
#include "run/engine.h"

#define WORKER_KNOBS 32

typedef struct worker worker;

typedef struct worker_knob {
	char name[64];
	char value[128];          /* "?" until read; the error when it failed */
	int ok;
	int changed;              /* changed in this run and not put back */
} worker_knob;

int worker_start(engine *e, const char *const *knobs, int nknobs, worker **out,
		 char *err, size_t errlen);
/* Finish the jobs at hand, drop the rest, stop the threads. */
void worker_stop(worker *w);
/* Queue a command line; -1 when the queue is full. */
int worker_command(worker *w, const char *line);
/* Queue a VU count change with a reason ("demo"), no command echo. */
int worker_set_vus(worker *w, int n, const char *why);
/* Queue the demo's change of a setting, and its put-back to the value
 * before the run's first change (journalled "demo"); no reply unless
 * it fails. */
int worker_set_var(worker *w, const char *name, const char *value);
int worker_put_back_var(worker *w, const char *name);
/* Queue the demo's reset: VUs stopped, cfg's schema restored from its
 * snapshot, VUs started again (engine_reset_database). */
int worker_reset_database(worker *w, const tpcc_config *cfg);
/* Queue a re-read of the knobs' values. */
int worker_read_knobs(worker *w);
/* The latest reply: returns its number (0: none yet), fills text and
 * *is_err.  A command that asked to leave sets *quit. */
long worker_reply(worker *w, char *text, size_t len, int *is_err, int *quit);
/* 1 while a job runs or waits. */
int worker_busy(worker *w);
int worker_knobs(worker *w, worker_knob *out, int max);

#endif
