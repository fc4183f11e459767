/* sweep.c: the sweep subcommand: one run whose steady phase is a series of
 * steps (VU counts, a server variable's values, or a grid of both), each
 * settled and then measured, with a table of the steps at the end.  The
 * steps themselves are src/run/step.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "util/noise.h"
#include "run/batch.h"
#include "run/step.h"
#include "instance.h"
#include "serve_metrics.h"
#include "subcommands.h"
#include "sweep.h"
#include "tpcc/schema.h"
#include "tpcc/snapshot.h"

#define STEP_TICKS 4096   /* the most ticks the engine keeps (its ring) */

/* Each step's NOPM 95% interval, from the per-second NOPM of its window
 * (the ticks the engine still holds), as the reports give it. */
static void intervals(engine *e, step_result *r, int n)
{
	tick *tk = malloc(STEP_TICKS * sizeof *tk);
	double *x = malloc(STEP_TICKS * sizeof *x);
	int nt = tk && x ? engine_ticks(e, tk, STEP_TICKS) : 0;
	for (int i = 0; i < n; i++) {
		int m = 0;
		for (int j = 0; j < nt; j++)
			if (tk[j].t > r[i].settled && tk[j].t <= r[i].ended)
				x[m++] = tk[j].nopm;
		/* A window older than the ticks kept is left without one. */
		r[i].nopm_ci = m == r[i].seconds && r[i].seconds > 0 &&
			!noise_mean_interval(x, m, &r[i].nopm_lo, &r[i].nopm_hi);
	}
	free(tk);
	free(x);
}

/* The table onto stdout (steps_run has put it in the results file). */
static void table(const step_result *r, int n)
{
	char (*lines)[STEP_LINE] = malloc((STEPS_MAX + 1) * sizeof *lines);
	if (!lines)
		return;
	int k = steps_table(r, n, lines, STEPS_MAX + 1);
	printf("sweep: %d step%s\n", n, n == 1 ? "" : "s");
	for (int i = 0; i < k; i++)
		printf("%s\n", lines[i]);
	fflush(stdout);
	free(lines);
}

/* step_spec.reset for --reset-between: the run's VUs are stopped, its
 * control connection idle, so the restore need not refuse for them. */
struct reset_ctx {
	const tpcc_config *c;
	signals *s;
};

static int reset_db(void *ud, char *err, size_t errlen)
{
	struct reset_ctx *x = ud;
	snapshot_report r;
	return snapshot_restore(x->c, 1, &x->s->stop, NULL, &r, err, errlen) ? -1 : 0;
}

/* The steps after the run has started; returns the exit code. */
static int sweep_steps(engine *e, const step_spec *steps, int n, step_result *res,
		       const sweep_how *how, char *err, size_t errlen)
{
	int nres = 0;
	char serr[512] = "";
	int failed = steps_run(e, steps, n, res, &nres, serr, sizeof serr) != 0;
	/* Each step's NOPM interval, while the run (and its file) is open. */
	intervals(e, res, nres);
	steps_record_table(e, res, nres);
	/* The steps are the steady phase: their end is the run's. */
	char ign[128];
	engine_start_rampdown(e, ign, sizeof ign);
	run_summary sum;
	int rc = engine_wait(e, &sum, err, errlen);
	engine_status st;
	engine_get_status(e, &st);
	batch_summary(stdout, &sum, st.warehouses, st.results_path);
	if (how && how->print)
		how->print(how->ud, res, nres);
	else
		table(res, nres);
	if (rc)
		return EX_FAIL;
	if (failed) {
		snprintf(err, errlen, "%s: %s", how ? how->name : "sweep", serr);
		return EX_FAIL;
	}
	err[0] = '\0';
	return EX_OK;
}

int sweep_run(tpcc_config *c, signals *s, step_spec *steps, int n, const sweep_how *how,
	      char *err, size_t errlen)
{
	step_result *res = calloc(STEPS_MAX, sizeof *res);
	engine_hooks h = { 0 };
	batch_out b;
	engine *e = NULL;
	endpoint *ep = NULL;
	int rc = EX_FAIL, mfd = -1;
	const char *name = how ? how->name : "sweep", *unit = how ? how->unit : "step";

	if (!res) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	long long start_at;
	if (instance_check(c, &start_at, err, errlen)) {
		rc = EX_USAGE;
		goto out;
	}
	int rated = 0;
	for (int i = 0; i < n; i++)
		rated |= steps[i].rate > 0;
	if (opt_check_rate(c, rated, err, errlen)) {
		rc = EX_USAGE;
		goto out;
	}
	struct reset_ctx rx = { c, s };
	if (c->sweep_reset) {
		snapshot_report sr;
		int ok = snapshot_usable(c, 1, &sr, err, errlen);
		if (ok) {
			rc = ok == SNAPSHOT_REFUSED ? EX_USAGE : EX_FAIL;
			goto out;
		}
		for (int i = 0; i < n; i++)
			steps[i].reset = reset_db, steps[i].reset_ud = &rx;
	}
	/* The run starts as the first step asks, so that step changes no
	 * VU count, and its steady phase lasts until the steps end it. */
	if (steps[0].vus >= 0)
		c->vus = steps[0].vus;
	if (steps[0].rate >= 0)   /* the ramp-up then runs at the first step's load */
		c->rate = (int)steps[0].rate;
	c->nschedule = 0;
	c->duration = 2592000;
	c->rampdown = 0;
	rc = serve_metrics_bind(c, &mfd, err, errlen);
	if (rc != EX_OK)
		goto out;
	rc = EX_FAIL;
	batch_init(&b, stdout, c->report_interval);
	batch_hooks(&b, &h);
	int made = engine_create(c, &h, &e, err, errlen);
	if (made) {
		rc = made == ENGINE_EUNUSABLE ? EX_USAGE : EX_FAIL;
		e = NULL;
		goto out;
	}
	/* Every value is put to the server before anything changes. */
	int bad = steps_check(e, steps, n, err, errlen);
	if (bad) {
		rc = bad > 0 ? EX_USAGE : EX_FAIL;
		goto out;
	}
	int total = 0;
	for (int i = 0; i < n; i++)
		total += steps[i].settle + steps[i].seconds;
	engine_status st;
	engine_get_status(e, &st);
	printf("%s: %s on %s, %d warehouse%s, %d %s%s (%d s each: settle %s%d, measure %d), "
	       "about %d s after a %s%d s ramp-up, %s mode\n",
	       name, st.server_version, schema_target_name(c), st.warehouses,
	       st.warehouses == 1 ? "" : "s", n, unit, n == 1 ? "" : "s",
	       steps[0].settle + steps[0].seconds, steps[0].settle_auto ? "auto, at most " : "",
	       steps[0].settle, steps[0].seconds, total, c->rampup_auto ? "at most " : "",
	       c->rampup, c->mode);
	if (how && how->started)
		how->started(how->ud, e);
	atomic_store(&s->engine, e);
	if (instance_wait(start_at, s)) {
		atomic_store(&s->engine, NULL);
		rc = EX_SIGNAL;
		goto out;
	}
	if (engine_start(e, err, errlen)) {
		atomic_store(&s->engine, NULL);
		goto out;
	}
	if (engine_monitor(e))
		monitor_watch(engine_monitor(e));
	engine_get_status(e, &st);
	printf("results: %s\n", st.results_path);
	ep = serve_metrics_start(e, c, mfd);
	mfd = -1;   /* the endpoint's now */
	fflush(stdout);
	rc = sweep_steps(e, steps, n, res, how, err, errlen);
	endpoint_stop(ep);
	atomic_store(&s->engine, NULL);
	if (rc == EX_OK && atomic_load(&s->stop))
		rc = EX_SIGNAL;
out:
	if (mfd >= 0)
		close(mfd);
	if (e)
		engine_destroy(e);
	free(res);
	return rc;
}

int sub_sweep(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	step_spec *steps = calloc(STEPS_MAX, sizeof *steps);
	if (!steps) {
		snprintf(err, errlen, "out of memory");
		return EX_FAIL;
	}
	int n = steps_from_config(c, steps, STEPS_MAX, err, errlen);
	int rc = n < 0 ? EX_USAGE : sweep_run(c, s, steps, n, NULL, err, errlen);
	free(steps);
	return rc;
}
