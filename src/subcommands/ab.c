/* ab.c: the ab subcommand, an A/B trial inside one run (run/ab_trial.c,
 * which the console's `ab` command runs too): the sweep's run around it,
 * and at the end the segments' table and the verdict line on stdout. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/ab_trial.h"
#include "subcommands.h"
#include "sweep.h"
#include "util/util.h"

static void print(void *ud, const step_result *r, int n)
{
	ab_trial *t = ud;
	printf("ab: A = %s, B = %s, %d of %d segments complete\n", t->label[0], t->label[1],
	       t->used, t->n);
	printf("%4s %4s %10s %10s %10s\n", "seg", "arm", "NOPM", "p95 NO", "p95 Pay");
	for (int i = 0; i < n; i++)
		printf("%4d %4s %10.0f %10.2f %10.2f%s\n", i + 1, ab_trial_is_b(i) ? "B" : "A",
		       r[i].nopm, r[i].p95[TX_NEW_ORDER], r[i].p95[TX_PAYMENT],
		       r[i].complete ? "" : "  (cut short: not used)");
	if (!isnan(t->naive_pct))
		printf("ab: segments 1 and 2 alone (a plain before/after) say NOPM %+.1f%%\n",
		       t->naive_pct);
	printf("ab: %s\n", t->verdict);
	fflush(stdout);
}

static void started(void *ud, engine *e)
{
	ab_trial_start(ud, e);
}

int sub_ab(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	ab_trial *t = calloc(1, sizeof *t);
	step_spec *steps = calloc(STEPS_MAX, sizeof *steps);
	int rc = EX_FAIL;
	if (!t || !steps) {
		snprintf(err, errlen, "out of memory");
	} else if (ab_trial_init(t, c, steps, err, errlen) < 0) {
		rc = EX_USAGE;
	} else {
		sweep_how how = { .name = "ab", .unit = "segment", .started = started,
				  .print = print, .ud = t };
		rc = sweep_run(c, s, steps, t->n, &how, err, errlen);
	}
	free(steps);
	free(t);
	return rc;
}
