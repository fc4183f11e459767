/* sweep_live.h: a sweep, or an A/B trial, started during a run (the
 * `sweep` and `ab` commands), on a
 * thread the engine owns (engine_job_start), so whatever gave the command
 * (the console, the cli prompt, batch standard input) stays live while
 * the steps run.  It is the sweep subcommand's sweep: the same steps
 * (step.c) from the same settings, checked with the server before the
 * first; when its last step ends, the run ramps down and ends, and the
 * variables it changed are put back as the run finishes. */
#ifndef TPCC_RUN_SWEEP_LIVE_H
#define TPCC_RUN_SWEEP_LIVE_H

#include <stddef.h>
#include "config/options.h"
#include "engine.h"

/* The sweep settings of words ("vus=1,2,4 step=30 settle=10", or the
 * subcommand's "--vus 1,2,4 --step 30"): each is a sweep.* option, named
 * by its key's last part or its long option, set through the option table
 * on a copy of base with no steps of its own.  "steps=" takes the rest of
 * the line.  Returns 0, or -1 with err saying what was expected. */
int sweep_live_args(const tpcc_config *base, const char *words, tpcc_config *out,
		    char *err, size_t errlen);

/* Parse words, check every value with the server, and start the steps.
 * out gets what was started; -1 with err (bad words, a value the server
 * refuses, a sweep under way, a run past steady). */
int sweep_live_start(engine *e, const char *words, char *out, size_t outlen, char *err,
		     size_t errlen);

/* The same for an A/B trial (ab_trial.h): words as the ab subcommand's
 * ("knob=innodb_io_capacity=200,2000 segments=8 segment=60 settle=15");
 * each segment's estimate is an "ab" event and the results file's "ab"
 * section, as the subcommand's. */
int ab_live_start(engine *e, const char *words, char *out, size_t outlen, char *err,
		  size_t errlen);

#endif
