/* ab_trial.c: see ab_trial.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ab_trial.h"
#include "results/json.h"

static const char *const fig_keys[AB_FIGS] = {
	"nopm", "p95.new_order", "p95.payment", "p95.order_status", "p95.delivery",
	"p95.stock_level",
};
static const char *const fig_names[AB_FIGS] = {
	"NOPM", "p95 New-Order", "p95 Payment", "p95 Order-Status", "p95 Delivery",
	"p95 Stock-Level",
};

static double fig(const step_result *r, int f)
{
	return f == 0 ? r->nopm : r->p95[f - 1];
}

/* The estimate from the complete segments among r[0..n). */
static void estimate(ab_trial *t, const step_result *r, int n)
{
	double y[STEPS_MAX];
	int b[STEPS_MAX], k;

	for (int f = 0; f < AB_FIGS; f++) {
		k = 0;
		for (int i = 0; i < n; i++)
			if (r[i].complete && r[i].seconds > 0) {
				y[k] = fig(&r[i], f);
				b[k++] = noise_ab_is_b(i);
			}
		ab_est *x = &t->est[f];
		x->known = !noise_paired(y, b, k, &x->v, &x->detectable);
		if (f == 0)
			t->used = k;
	}
	t->naive_pct = NAN;
	if (n >= 2 && r[0].complete && r[1].complete && r[0].nopm > 0)
		t->naive_pct = (r[1].nopm / r[0].nopm - 1) * 100;

	/* One line: NOPM, then p95 New-Order, then any other type's p95 that
	 * moved beyond its interval. */
	size_t used = (size_t)snprintf(t->verdict, sizeof t->verdict, "B:");
	int said = 0;
	for (int f = 0; f < AB_FIGS && used < sizeof t->verdict; f++) {
		ab_est *x = &t->est[f];
		if (f > 1 && !(x->known && x->v.beyond))
			continue;
		char part[200];
		if (!x->known) {
			if (f > 0)
				continue;
			snprintf(part, sizeof part, "too few complete segments to judge (%d)",
				 t->used);
		} else
			noise_paired_text(&x->v, x->detectable, fig_names[f], part, sizeof part);
		used += (size_t)snprintf(t->verdict + used, sizeof t->verdict - used, "%s %s",
					 said ? ";" : "", part);
		said = 1;
	}
}

static void est_json(jbuf *b, const char *key, const ab_est *x)
{
	jb_el_begin(b);
	jb_obj_open(b);
	jb_kv_str(b, "figure", key);
	if (x->known) {
		jb_kv_dbl(b, "change_pct", x->v.change_pct, 2);
		jb_kv_dbl(b, "lo_pct", x->v.lo_pct, 2);
		jb_kv_dbl(b, "hi_pct", x->v.hi_pct, 2);
		jb_kv_bool(b, "excludes_zero", x->v.beyond);
		jb_kv_dbl(b, "detectable_pct", x->detectable, 2);
	} else {
		jb_kv_null(b, "change_pct");
	}
	jb_obj_close(b);
}

static void record(ab_trial *t, const step_result *r, int n)
{
	jbuf b;
	char order[STEPS_MAX + 1];
	for (int i = 0; i < t->n && i < STEPS_MAX; i++)
		order[i] = noise_ab_is_b(i) ? 'B' : 'A';
	order[t->n < STEPS_MAX ? t->n : STEPS_MAX] = '\0';
	jb_init(&b);
	jb_obj_open(&b);
	jb_kv_str(&b, "a", t->label[0]);
	jb_kv_str(&b, "b", t->label[1]);
	jb_kv_str(&b, "order", order);
	jb_kv_int(&b, "segments", t->n);
	jb_kv_int(&b, "segment_seconds", t->seconds);
	jb_kv_int(&b, "settle_seconds", t->settle);
	jb_kv_str(&b, "method", "least squares on the segments' logs: level + linear drift in "
		  "the segment's position + B's effect; t on n-3 df, 95%");
	jb_key(&b, "segment_figures");
	jb_arr_open(&b);
	for (int i = 0; i < n; i++) {
		jb_el_begin(&b);
		jb_obj_open(&b);
		jb_kv_int(&b, "segment", i + 1);
		jb_kv_str(&b, "arm", noise_ab_is_b(i) ? "B" : "A");
		jb_kv_int(&b, "step", r[i].index);
		jb_kv_int(&b, "from", r[i].settled);
		jb_kv_int(&b, "to", r[i].ended);
		jb_kv_bool(&b, "complete", r[i].complete);
		jb_kv_dbl(&b, "nopm", r[i].nopm, 1);
		jb_key(&b, "p95");
		jb_obj_open(&b);
		for (int x = 0; x < TX_COUNT; x++)
			jb_kv_dbl(&b, txn_names[x], r[i].p95[x], 3);
		jb_obj_close(&b);
		jb_obj_close(&b);
	}
	jb_arr_close(&b);
	jb_kv_int(&b, "segments_used", t->used);
	jb_key(&b, "estimates");
	jb_arr_open(&b);
	for (int f = 0; f < AB_FIGS; f++)
		est_json(&b, fig_keys[f], &t->est[f]);
	jb_arr_close(&b);
	/* What a before/after of one change would have said from the first
	 * A segment and the B segment after it: beside the estimate, it
	 * shows how much drift a plain comparison takes for an effect. */
	if (isnan(t->naive_pct))
		jb_kv_null(&b, "before_after_nopm_pct");
	else
		jb_kv_dbl(&b, "before_after_nopm_pct", t->naive_pct, 2);
	jb_kv_str(&b, "verdict", t->verdict);
	jb_obj_close(&b);
	if (b.s.p)
		engine_record_ab(t->e, b.s.p);
	jb_free(&b);
}

static int after(void *ud, const step_result *r, int n)
{
	ab_trial *t = ud;
	estimate(t, r, n);
	record(t, r, n);
	engine_ab_state(t->e, t->n, t->verdict);
	if (t->est[0].known)
		engine_event(t->e, "ab", "after %d of %d segments: %s", n, t->n, t->verdict);
	return 0;
}

/* "vus=8 innodb_flush_log_at_trx_commit=2" */
static void arm_label(const step_spec *s, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	if (s->vus >= 0)
		used += (size_t)snprintf(buf, len, "vus=%d", s->vus);
	if (s->rate >= 0 && used < len)
		used += (size_t)snprintf(buf + used, len - used, "%srate=%ld", used ? " " : "",
					 s->rate);
	for (int i = 0; i < s->nset && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s=%s", used ? " " : "",
					 s->set[i].name, s->set[i].value);
}

void ab_trial_start(ab_trial *t, engine *e)
{
	t->e = e;
	engine_ab_state(e, t->n, t->verdict);
}

int ab_trial_is_b(int i)
{
	return noise_ab_is_b(i);
}

int ab_trial_init(ab_trial *t, const tpcc_config *c, step_spec *steps, char *err,
		  size_t errlen)
{
	step_spec arm[2];
	if (steps_ab_arms(c, &arm[0], &arm[1], err, errlen))
		return -1;
	memset(t, 0, sizeof *t);
	t->n = c->ab_segments;
	t->seconds = c->ab_segment;
	t->settle = c->sweep_settle;
	t->naive_pct = NAN;
	arm_label(&arm[0], t->label[0], sizeof t->label[0]);
	arm_label(&arm[1], t->label[1], sizeof t->label[1]);
	snprintf(t->verdict, sizeof t->verdict, "B: no segment measured");
	for (int i = 0; i < t->n; i++) {
		steps[i] = arm[noise_ab_is_b(i)];
		steps[i].after = after;
		steps[i].after_ud = t;
	}
	return t->n;
}
