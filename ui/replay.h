/* replay.h: the console over a finished run's results file (replay). */
#ifndef TPCC_UI_REPLAY_H
#define TPCC_UI_REPLAY_H

#include <stdatomic.h>
#include <stddef.h>
#include "results/results_read.h"

typedef struct replay_opts {
	atomic_int *stop;         /* set by the signal thread: leave */
	atomic_int *hangup;       /* set on SIGHUP: nobody is left to watch, leave */
} replay_opts;

/* Play r (against, may be NULL: its NOPM as a ghost line) until q or stop;
 * the terminal is restored on return.  0, or -1 with err when the console
 * could not start. */
int replay_run(const rr_run *r, const rr_run *against, const replay_opts *o, char *err,
	       size_t errlen);

#endif
