/* report_steps.c: see report_steps.h.  The table is rebuilt from each
 * step's figures rather than copied from steps_table, so that a file whose
 * sweep was cut short (no table yet) still gets one. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <stddef.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/noise.h"
#include "report_steps.h"
#include "util/utf8.h"

static double num(const json_t *x)
{
	if (json_is_number(x))
		return json_number_value(x);
	if (json_is_string(x)) {
		/* A server variable is read back as text ("268435456", "ON"). */
		char *end;
		double v = strtod(json_string_value(x), &end);
		if (end != json_string_value(x) && *end == '\0')
			return v;
	}
	return NAN;
}

/* The name of the one variable every step sets, or NULL. */
static const char *common_key(const json_t *st)
{
	const char *key = NULL;
	for (size_t i = 0; i < json_array_size(st); i++) {
		json_t *set = json_object_get(json_array_get(st, i), "set");
		if (json_object_size(set) != 1)
			return NULL;
		const char *k = json_object_iter_key(json_object_iter(set));
		if (key && strcmp(key, k))
			return NULL;
		key = k;
	}
	return key;
}

#define F(field) offsetof(report_step, field)
const report_step_col report_step_cols[] = {
	{ "value", "value", 6, REPORT_CSV, 0, 0, F(value), 0 },
	{ "NOPM", "nopm", 0, REPORT_HTML | REPORT_MD | REPORT_CSV, 0, 0, F(nopm), 0 },
	{ "NOPM 95% interval", "", 0, REPORT_MD, 0, 0, F(nopm_lo), 1 },
	{ "NOPM 95% low", "nopm_lo95", 0, REPORT_HTML, 0, 0, F(nopm_lo), 0 },
	{ "95% high", "nopm_hi95", 0, REPORT_HTML, 0, 0, F(nopm_hi), 0 },
	{ "TPM", "tpm", 0, REPORT_HTML | REPORT_MD | REPORT_CSV, 0, 0, F(tpm), 0 },
	{ "p95 New-Order ms", "p95_new_order_ms", 2, REPORT_HTML | REPORT_MD | REPORT_CSV, 0, 0,
	  F(p95_no), 0 },
	{ "p95 Payment ms", "p95_payment_ms", 2, REPORT_HTML | REPORT_MD | REPORT_CSV, 0, 0,
	  F(p95_pay), 0 },
	{ "errors", "errors", 0, REPORT_HTML | REPORT_MD | REPORT_CSV, 0, 0, F(errors), 0 },
	{ "NOPM / step 1", "ratio", 2, REPORT_HTML | REPORT_MD | REPORT_CSV, 0, 0, F(ratio), 0 },
	{ "complete", "complete", 0, REPORT_CSV, 0, 1, F(complete), 0 },
	{ "offered TPM", "offered_tpm", 0, REPORT_MD | REPORT_CSV, 1, 0, F(offered_tpm), 0 },
	{ "achieved TPM", "achieved_tpm", 0, REPORT_MD | REPORT_CSV, 1, 0, F(achieved_tpm), 0 },
	{ "behind schedule max s", "behind_max_s", 3, REPORT_MD | REPORT_CSV, 1, 0,
	  F(behind_max_s), 0 },
	/* Last in CSV, so the columns before keep their places. */
	{ "NOPM 95% low", "nopm_lo95", 0, REPORT_CSV, 0, 0, F(nopm_lo), 0 },
	{ "NOPM 95% high", "nopm_hi95", 0, REPORT_CSV, 0, 0, F(nopm_hi), 0 },
};
#undef F
const int report_step_ncols = (int)(sizeof report_step_cols / sizeof report_step_cols[0]);

int report_step_col_shown(const report_step_col *c, unsigned writer, const report_step_table *t)
{
	return (c->in & writer) && (!c->rated || t->rated || writer == REPORT_CSV);
}

/* NOPM's 95% interval over the ticks of seconds (from, to]. */
static void interval(const rr_run *r, int from, int to, double *lo, double *hi)
{
	*lo = *hi = NAN;
	if (to <= from || !r->nticks)
		return;
	/* No more seconds than the run has, whatever the file says. */
	long long span = (long long)to - from;
	int cap = span < r->nticks ? (int)span : r->nticks;
	double *x = malloc((size_t)cap * sizeof *x);
	int n = 0;
	if (!x)
		return;
	for (int i = 0; i < r->nticks && n < cap; i++)
		if (r->ticks[i].t > from && r->ticks[i].t <= to)
			x[n++] = r->ticks[i].nopm;
	noise_mean_interval(x, n, lo, hi);
	free(x);
}

double report_step_value(const report_step *s, const report_step_col *c)
{
	const char *p = (const char *)s + c->off;
	if (c->boolean)
		return *(const int *)(const void *)p ? 1 : 0;
	return *(const double *)(const void *)p;
}

void report_step_table_free(report_step_table *t)
{
	free(t->rows);
	t->rows = NULL;
	t->n = 0;
}

void report_step_table_load(const rr_run *r, report_step_table *t)
{
	json_t *st = rr_object(r, "steps");
	size_t n = json_array_size(st);
	memset(t, 0, sizeof *t);
	snprintf(t->swept, sizeof t->swept, "step");
	if (!n || !(t->rows = calloc(n, sizeof *t->rows)))
		return;
	const char *key = common_key(st);
	if (key)
		utf8_copy(t->swept, key, sizeof t->swept);
	for (size_t i = 0; i < n; i++) {
		json_t *e = json_array_get(st, i);
		report_step *s = &t->rows[i];
		json_t *lat = json_object_get(e, "latency_ms"), *errs = json_object_get(e, "errors");
		const char *label = json_string_value(json_object_get(e, "label"));

		s->step = rr_int(json_object_get(e, "step"), (int)i + 1);
		utf8_copy(s->setting, label ? label : "", sizeof s->setting);
		s->value = key ? num(json_object_get(json_object_get(json_object_get(e, "set"), key),
						     "new")) : s->step;
		s->nopm = num(json_object_get(e, "nopm"));
		s->tpm = num(json_object_get(e, "tpm"));
		s->p95_no = num(json_object_get(json_object_get(lat, "new_order"), "p95"));
		s->p95_pay = num(json_object_get(json_object_get(lat, "payment"), "p95"));
		s->errors = errs ? 0 : NAN;
		const char *k;
		json_t *v;
		json_object_foreach(errs, k, v)
			s->errors += num(v);
		s->complete = json_is_true(json_object_get(e, "complete"));
		int from = rr_int(json_object_get(e, "settled"), INT_MIN),
		    to = rr_int(json_object_get(e, "ended"), INT_MIN);
		s->nopm_lo = s->nopm_hi = NAN;
		if (from != INT_MIN && to != INT_MIN)
			interval(r, from, to, &s->nopm_lo, &s->nopm_hi);
		json_t *rate = json_object_get(e, "rate");
		s->offered_tpm = num(json_object_get(rate, "offered_tpm"));
		s->achieved_tpm = num(json_object_get(rate, "achieved_tpm"));
		s->behind_max_s = num(json_object_get(rate, "behind_max_s"));
		s->ratio = t->rows[0].nopm > 0 ? s->nopm / t->rows[0].nopm : NAN;
		t->rated |= s->offered_tpm > 0;
	}
	t->n = (int)n;
}
