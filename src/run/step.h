/* step.h: the steps of a sweep.  A step sets the VU count and server
 * variables, waits its settle time, then measures a window of the run;
 * the window's figures go into the results file's "steps" array as the
 * step ends, and a table of them is printed (and written there) at the
 * end.  The steps run on the caller's thread through the engine's public
 * calls; only the window's folding is the collector's (window.c). */
#ifndef TPCC_STEP_H
#define TPCC_STEP_H

#include <stddef.h>
#include "engine.h"
#include "results/steps.h"

#define STEPS_MAX 256
#define STEP_LINE 240

typedef struct step_spec {
	int vus;                  /* -1: the step leaves the VU count alone */
	long rate;                /* offered TPM (rate.h), 0 a closed loop; -1: left alone */
	int nset;
	struct { char name[64]; char value[128]; } set[STEP_SET_MAX];
	int seconds, settle;
	/* --settle auto: settle until MSER-5 on the step's NOPM since its
	 * change settles, at most settle seconds. */
	int settle_auto;
	/* Before the step, with its VUs stopped, bring the database back to
	 * its snapshot (sweep --reset-between); NULL: not.  0, or -1 with err
	 * filled (the steps end). */
	int (*reset)(void *ud, char *err, size_t errlen);
	void *reset_ud;
	/* After the step is recorded (NULL: nothing): the results so far,
	 * the first n steps' (an A/B trial's running estimate).  It may
	 * rewrite the steps after this one (a capacity search picks its next
	 * rate); nonzero ends the steps here (the search has its answer). */
	int (*after)(void *ud, const step_result *r, int n);
	void *after_ud;
} step_spec;

/* The sweep's steps from sweep.vus, sweep.knob, sweep.rate, sweep.step
 * and sweep.settle: every knob value with every rate with every VU count,
 * the VU count changing fastest.  Returns the count, or -1 with err naming the setting
 * and what was expected. */
int steps_from_config(const tpcc_config *c, step_spec *out, int max, char *err, size_t errlen);

/* An A/B trial's two arms (ab) from sweep.knob (NAME=A,B items apart by
 * ';'), sweep.vus and sweep.rate, each with two values, sweep.segment
 * seconds and sweep.settle.  0, or -1 with err naming the option and what
 * it takes (one value, three, nothing to try). */
int steps_ab_arms(const tpcc_config *c, step_spec *a, step_spec *b, char *err, size_t errlen);

/* Ask the server whether every value the steps set would be taken as
 * asked, before anything changes.  0 all fine; 1 one is refused and -1
 * the server could not be asked, both with err filled. */
int steps_check(engine *e, const step_spec *s, int n, char *err, size_t errlen);

/* Run the steps in order on the started engine, recording each in the
 * results file as it ends.  A run that ends (stop, a signal) ends the
 * steps; the one under way is recorded as cut short.  When the run ends,
 * however it ends, every variable the steps changed (and every one that
 * moved with them) is set back to its value before the first step (the
 * engine's knob journal).  The operator's next (engine_step_ask) ends the
 * step under way early, recorded as ended by "next"; a stop asked so
 * ends the steps after it.  out gets up to n results, *nout how many.
 * Returns 0, or -1 with err filled when a step could not make its change
 * (the steps end). */
int steps_run(engine *e, const step_spec *s, int n, step_result *out, int *nout,
	      char *err, size_t errlen);

/* The table of the first n steps into the results file (steps_run
 * records it after each step, so a run cut short still has the steps
 * done so far). */
void steps_record_table(engine *e, const step_result *r, int n);

/* The table of the steps: a header and one line per step (the setting,
 * NOPM, TPM, p95 New-Order and Payment in ms, errors, NOPM against the
 * first step).  Returns the lines filled (<= max). */
int steps_table(const step_result *r, int n, char lines[][STEP_LINE], int max);

#endif
