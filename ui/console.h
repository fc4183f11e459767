/* console.h: the full-screen console, the front end a DBA watches a run in.
 * It draws from snapshots, sends every change through the command worker,
 * and leaves when the run is over and the operator (or a signal) says so. */
#ifndef TPCC_UI_CONSOLE_H
#define TPCC_UI_CONSOLE_H

#include <stdatomic.h>
#include <stddef.h>
#include "run/engine.h"

typedef struct console_opts {
	int demo;                 /* loop the demo VU schedule until q */
	atomic_int *stop;         /* set by the signal thread: leave when done */
	atomic_int *hangup;       /* set by the signal thread: the terminal is gone */
	const char *history;      /* NULL: ~/.tpcc-console_history */
} console_opts;

/* Run the console over a started engine until the run is over and it is
 * time to leave.  The terminal is restored on return; after a hangup it is
 * let go of untouched, and the console returns at once while the run goes
 * on (a demo, which would go on for a month, is stopped).  Returns 0, or -1
 * with err filled when the console could not start (the run then goes on
 * without it: the caller decides). */
int console_run(engine *e, const tpcc_config *cfg, const console_opts *o, char *err, size_t errlen);

/* Async-signal-safe: give the terminal back now, for a forced exit. */
void console_emergency(void);

#endif
