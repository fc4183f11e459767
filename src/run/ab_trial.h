/* ab_trial.h: an A/B trial inside one run, the part the ab subcommand and
 * the console's `ab` command share.  A and B (a server variable's values,
 * VU counts, offered rates: whatever a sweep step sets) take turns in
 * segments in a balanced order (ABBA BAAB ...), each settled and then
 * measured as a sweep's step; after each segment the effect of B against
 * A on NOPM and on each type's p95 is estimated from the segments so far
 * (util/noise.c's paired estimate, with its 95% interval), written to the
 * results file's "ab" section and said in an "ab" event. */
#ifndef TPCC_RUN_AB_TRIAL_H
#define TPCC_RUN_AB_TRIAL_H

#include <stddef.h>
#include "config/options.h"
#include "engine.h"
#include "step.h"
#include "util/noise.h"

/* The figures a verdict is given on: NOPM, then each type's p95. */
#define AB_FIGS (1 + TX_COUNT)

typedef struct ab_est {
	noise_verdict v;
	double detectable;
	int known;
} ab_est;

typedef struct ab_trial {
	engine *e;                /* ab_trial_start's, before the first segment */
	int n;                    /* segments asked for */
	char label[2][160];       /* A's and B's settings */
	int seconds, settle;
	ab_est est[AB_FIGS];
	double naive_pct;         /* segment 2 against segment 1 alone; NAN */
	int used;                 /* complete segments the estimate has */
	char verdict[768];
} ab_trial;

/* The trial of c's settings (sweep.knob, sweep.vus or sweep.rate with two
 * values each, sweep.segments, sweep.segment, sweep.settle) into t and
 * its segments into steps (STEPS_MAX of them), each calling back to t
 * when it ends.  Returns the segment count, or -1 with err naming the
 * option and what it takes. */
int ab_trial_init(ab_trial *t, const tpcc_config *c, step_spec *steps, char *err,
		  size_t errlen);

/* The trial runs on e from now: front ends learn of it (engine_ab). */
void ab_trial_start(ab_trial *t, engine *e);

/* Is segment i (from 0) one of B's? */
int ab_trial_is_b(int i);

#endif
