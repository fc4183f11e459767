/* signals.h: one thread takes SIGINT, SIGTERM and SIGHUP for the whole
 * program and turns them into requests (stop the build or check soon, stop
 * the run cleanly, hand Ctrl-C to the cli's prompt); a second signal forces
 * the exit.  The state it shares with the subcommands lives here, owned by
 * main, never in globals. */
#ifndef TPCC_SUBCOMMANDS_SIGNALS_H
#define TPCC_SUBCOMMANDS_SIGNALS_H

#include <signal.h>
#include <stdatomic.h>
#include "run/engine.h"

typedef struct signals {
	atomic_int stop;            /* build/check: stop soon */
	engine *_Atomic engine;     /* run: engine_stop() it */
	atomic_int hangup;          /* the terminal is gone: do not draw */
	int hangup_stops;           /* run.on_hangup = stop; set before the thread */
	/* While the cli's prompt is up, SIGINT is its to handle (drop the
	 * line typed, or ask before stopping): a byte down this pipe per
	 * signal, made once and never closed, so the signal thread never
	 * writes to a stale fd. */
	int intr_pipe[2];
	atomic_int intr_to_cli;
	sigset_t set;
} signals;

/* Block the signals in this thread (every thread made later inherits the
 * mask), ignore SIGPIPE and SIGXFSZ, and start the thread that takes them.
 * s must outlive the program's threads (main's frame does). */
void signals_start(signals *s, int hangup_stops);

#endif
