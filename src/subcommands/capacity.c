/* capacity.c: the capacity subcommand: the highest offered rate a server
 * holds within latency limits at a given VU count, searched with a
 * sweep's steps (src/run/capacity.c picks each step's rate as the one
 * before ends).  Prints the latency-throughput curve and its knee; the
 * results file gets a "capacity" section as each step ends. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results/json.h"
#include "run/capacity.h"
#include "run/rate.h"
#include "run/step.h"
#include "subcommands.h"
#include "sweep.h"
#include "util/util.h"

typedef struct cap_run {
	engine *e;
	step_spec *steps;
	int vus;
	cap_limit lim[CAP_LIMITS_MAX];
	int nlim;
	cap_search s;
	int held[CAP_STEPS_MAX];
	char why[CAP_STEPS_MAX][256];
} cap_run;

/* The curve: the offered-rate steps (all but step 1), by rate. */
static int curve(const step_result *r, int n, int *idx)
{
	int k = 0;
	for (int i = 1; i < n; i++) {
		int j = k++;
		while (j > 0 && r[idx[j - 1]].rate > r[i].rate) {
			idx[j] = idx[j - 1];
			j--;
		}
		idx[j] = i;
	}
	return k;
}

/* The step the knee is (the highest rate that held), -1 none. */
static int knee(const cap_run *c, const step_result *r, int n)
{
	int best = -1;
	for (int i = 1; i < n; i++)
		if (c->held[i] && (best < 0 || r[i].rate > r[best].rate))
			best = i;
	return best;
}

static void record(cap_run *c, const step_result *r, int n)
{
	jbuf b;
	int idx[CAP_STEPS_MAX], k = curve(r, n, idx), kn = knee(c, r, n);
	jb_init(&b);
	jb_obj_open(&b);
	jb_kv_int(&b, "vus", c->vus);
	jb_kv_int(&b, "steps_budget", c->s.budget);
	jb_kv_int(&b, "steps_taken", n);
	jb_key(&b, "limits");
	jb_arr_open(&b);
	for (int i = 0; i < c->nlim; i++) {
		jb_el_begin(&b);
		jb_obj_open(&b);
		jb_kv_str(&b, "figure", c->lim[i].name);
		jb_kv_dbl(&b, "max_ms", c->lim[i].ms, 3);
		jb_obj_close(&b);
	}
	jb_arr_close(&b);
	jb_kv_dbl(&b, "rate_met_share", RATE_MET_SHARE, 2);
	jb_kv_dbl(&b, "rate_met_behind_s", RATE_MET_BEHIND_S, 1);
	jb_kv_dbl(&b, "ceiling_tpm", c->s.ceiling, 1);
	jb_key(&b, "curve");
	jb_arr_open(&b);
	for (int j = 0; j < k; j++) {
		const step_result *x = &r[idx[j]];
		jb_el_begin(&b);
		jb_obj_open(&b);
		jb_kv_int(&b, "step", x->index);
		jb_kv_int(&b, "offered_tpm", x->rate);
		jb_kv_dbl(&b, "achieved_tpm", x->achieved_tpm, 1);
		jb_kv_dbl(&b, "nopm", x->nopm, 1);
		jb_kv_dbl(&b, "behind_end_s", x->behind_end_s, 3);
		jb_key(&b, "latency_ms");
		jb_obj_open(&b);
		for (int i = 0; i < c->nlim; i++)
			jb_kv_dbl(&b, c->lim[i].name, cap_figure(x, &c->lim[i]), 3);
		jb_obj_close(&b);
		jb_kv_bool(&b, "held", c->held[idx[j]]);
		if (c->held[idx[j]])
			jb_kv_null(&b, "failed");
		else
			jb_kv_str(&b, "failed", c->why[idx[j]]);
		jb_obj_close(&b);
	}
	jb_arr_close(&b);
	if (kn < 0) {
		jb_kv_null(&b, "knee_tpm");
		jb_kv_null(&b, "knee_nopm");
	} else {
		jb_kv_int(&b, "knee_tpm", r[kn].rate);
		jb_kv_dbl(&b, "knee_nopm", r[kn].nopm, 1);
	}
	if (c->s.hi)
		jb_kv_int(&b, "failed_above_tpm", c->s.hi);
	else
		jb_kv_null(&b, "failed_above_tpm");
	if (c->s.stopped[0])
		jb_kv_str(&b, "ended", c->s.stopped);
	else
		jb_kv_null(&b, "ended");
	jb_obj_close(&b);
	if (b.s.p)
		engine_record_capacity(c->e, b.s.p);
	jb_free(&b);
}

static int after(void *ud, const step_result *r, int n)
{
	cap_run *c = ud;
	int i = n - 1, held = 0;
	if (i > 0) {
		held = cap_holds(&r[i], c->lim, c->nlim, c->why[i], sizeof c->why[i]);
		c->held[i] = held;
		engine_event(c->e, "capacity", "%ld TPM offered: %s%s", r[i].rate,
			     held ? "held every limit" : "failed: ", held ? "" : c->why[i]);
	}
	long next = cap_search_next(&c->s, r, n, held);
	record(c, r, n);
	if (!next)
		return 1;
	c->steps[n].rate = next;
	return 0;
}

static void started(void *ud, engine *e)
{
	((cap_run *)ud)->e = e;
}

static void print(void *ud, const step_result *r, int n)
{
	cap_run *c = ud;
	int idx[CAP_STEPS_MAX], k = curve(r, n, idx), kn = knee(c, r, n);
	printf("capacity: %d VUs flat out made %.0f TPM (NOPM %.0f); the curve, latency from "
	       "each transaction's intended start (ms):\n", c->vus, c->s.ceiling,
	       n ? r[0].nopm : 0.0);
	printf("%10s %10s %10s", "offered", "achieved", "NOPM");
	for (int i = 0; i < c->nlim; i++)
		printf(" %*s", (int)strlen(c->lim[i].name) > 9 ? (int)strlen(c->lim[i].name) : 9,
		       c->lim[i].name);
	printf("  holds\n");
	for (int j = 0; j < k; j++) {
		const step_result *x = &r[idx[j]];
		printf("%10ld %10.0f %10.0f", x->rate, x->achieved_tpm, x->nopm);
		for (int i = 0; i < c->nlim; i++)
			printf(" %*.1f", (int)strlen(c->lim[i].name) > 9 ? (int)strlen(c->lim[i].name) :
			       9, cap_figure(x, &c->lim[i]));
		printf("  %s%s\n", c->held[idx[j]] ? "yes" : "no: ", c->held[idx[j]] ? "" :
		       c->why[idx[j]]);
	}
	if (kn < 0)
		printf("capacity: no rate tried held every limit (%s)\n",
		       c->s.stopped[0] ? c->s.stopped : "the search did not finish");
	else {
		printf("capacity: knee at %ld TPM offered (NOPM %.0f), the highest rate that held "
		       "every limit", r[kn].rate, r[kn].nopm);
		if (c->s.hi)
			printf("; %ld failed", c->s.hi);
		printf(" (%d of %d steps, %s)\n", n, c->s.budget,
		       c->s.stopped[0] ? c->s.stopped : "cut short");
		if (r[kn].rate >= 0.95 * c->s.ceiling)
			printf("capacity: the knee is at what the VUs made flat out, the server's "
			       "limit or theirs: more VUs would tell\n");
	}
	fflush(stdout);
}

/* --knob NAME=V (again for more): held through the search, set at step 1. */
static int knobs(const char *list, step_spec *s, char *err, size_t errlen)
{
	char buf[OPT_STR_MAX], msg[256];
	str_copy(buf, list, sizeof buf);
	for (char *save = NULL, *k = strtok_r(buf, ";", &save); k; k = strtok_r(NULL, ";", &save)) {
		k += strspn(k, " ");
		char *eq = strchr(k, '=');
		if (!eq || eq == k || !eq[1] || strchr(eq, ',')) {
			snprintf(err, errlen, "capacity: --knob: expected NAME=VALUE, one value held "
				 "through the search, got '%s'", k);
			return -1;
		}
		*eq = '\0';
		if (opt_check_knob(k, msg, sizeof msg)) {
			snprintf(err, errlen, "capacity: --knob: %s", msg);
			return -1;
		}
		if (s->nset == STEP_SET_MAX || strlen(k) >= sizeof s->set[0].name ||
		    strlen(eq + 1) >= sizeof s->set[0].value) {
			snprintf(err, errlen, "capacity: --knob: at most %d variables, names under 64 "
				 "and values under 128 characters", STEP_SET_MAX);
			return -1;
		}
		str_copy(s->set[s->nset].name, k, sizeof s->set[0].name);
		str_copy(s->set[s->nset++].value, eq + 1, sizeof s->set[0].value);
	}
	return 0;
}

/* Everything from the options, before anything runs. */
static int setup(const tpcc_config *cf, cap_run *c, char *err, size_t errlen)
{
	if (cf->sweep_vus[0]) {
		snprintf(err, errlen, "capacity: --vus takes one VU count, the search's (got '%s')",
			 cf->sweep_vus);
		return -1;
	}
	if (cf->sweep_rate[0] || cf->rate > 0) {
		snprintf(err, errlen, "capacity: the search picks the offered rate itself: no --rate");
		return -1;
	}
	int budget = cap_budget_parse(cf->sweep_steps, err, errlen);
	if (budget < 0)
		return -1;
	c->nlim = cap_limits_parse(cf->sweep_limit, c->lim, CAP_LIMITS_MAX, err, errlen);
	if (c->nlim < 0)
		return -1;
	cap_search_init(&c->s, budget);
	c->vus = cf->vus;
	step_spec *s = c->steps;
	memset(s, 0, (size_t)budget * sizeof *s);
	for (int i = 0; i < budget; i++) {
		s[i].vus = -1;
		s[i].rate = 1;        /* picked as the step before ends */
		s[i].seconds = cf->sweep_step;
		s[i].settle = cf->sweep_settle;
		s[i].settle_auto = cf->settle_auto;
		s[i].after = after;
		s[i].after_ud = c;
	}
	s[0].vus = cf->vus;
	s[0].rate = 0;                /* flat out: the ceiling */
	return knobs(cf->sweep_knob, &s[0], err, errlen);
}

int sub_capacity(tpcc_config *cf, signals *sg, char *err, size_t errlen)
{
	cap_run *c = calloc(1, sizeof *c);
	step_spec *steps = calloc(CAP_STEPS_MAX, sizeof *steps);
	int rc = EX_FAIL;
	if (!c || !steps) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	c->steps = steps;
	if (setup(cf, c, err, errlen)) {
		rc = EX_USAGE;
		goto out;
	}
	sweep_how how = { .name = "capacity", .unit = "step", .started = started,
			  .print = print, .ud = c };
	rc = sweep_run(cf, sg, steps, c->s.budget, &how, err, errlen);
out:
	free(steps);
	free(c);
	return rc;
}
