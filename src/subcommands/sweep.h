/* sweep.h: one run whose steady phase is a list of steps (src/run/step.c),
 * as sweep and ab run it: the checks before anything changes, the run,
 * the steps, the summary. */
#ifndef TPCC_SUB_SWEEP_H
#define TPCC_SUB_SWEEP_H

#include <stddef.h>
#include "run/step.h"
#include "signals.h"

typedef struct sweep_how {
	const char *name;         /* "ab": in messages */
	const char *unit;         /* "segment" */
	/* Once the engine is made and every value checked, before it starts
	 * (NULL: nothing). */
	void (*started)(void *ud, engine *e);
	/* After the run: print the steps (NULL: the sweep's table). */
	void (*print)(void *ud, const step_result *r, int n);
	void *ud;
} sweep_how;

/* Run steps[0..n) as the steady phase of one run (how NULL: a sweep's);
 * returns the exit code, err filled when it is not EX_OK.  steps may get
 * their reset hook (sweep.reset_between). */
int sweep_run(tpcc_config *c, signals *s, step_spec *steps, int n, const sweep_how *how,
	      char *err, size_t errlen);

#endif
