/* capacity.c: see capacity.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "capacity.h"
#include "rate.h"
#include "util/util.h"

const char *const cap_pct_names[CAP_PCT_COUNT] = { "p50", "p90", "p95", "p99", "max" };

/* TPC-C clause 5.2.5.4: 90% of each type within these seconds. */
static const double spec_p90_s[TX_COUNT] = { 5, 5, 5, 5, 20 };

/* "5s", "200ms", "0.5s" into ms; -1 when it is not a positive number
 * with one of those units. */
static double parse_time(const char *v)
{
	char *end;
	errno = 0;
	double x = strtod(v, &end);
	if (end == v || errno || !(x > 0) || !isfinite(x))
		return -1;
	if (!strcmp(end, "ms"))
		return x;
	if (!strcmp(end, "s"))
		return x * 1000;
	return -1;
}

static int parse_one(char *item, cap_limit *l, char *err, size_t errlen)
{
	char *eq = strchr(item, '='), *dot = strchr(item, '.');
	if (!eq || !dot || dot > eq) {
		snprintf(err, errlen, "capacity: --limit '%s': expected TYPE.PERCENTILE=TIME, e.g. "
			 "new_order.p90=5s or payment.p99=200ms", item);
		return -1;
	}
	*dot = *eq = '\0';
	l->type = -1;
	for (int t = 0; t < TX_COUNT; t++)
		if (!strcmp(item, txn_names[t]))
			l->type = t;
	if (l->type < 0) {
		snprintf(err, errlen, "capacity: --limit: unknown transaction '%s' (expected "
			 "new_order, payment, order_status, delivery or stock_level)", item);
		return -1;
	}
	l->pct = -1;
	for (int p = 0; p < CAP_PCT_COUNT; p++)
		if (!strcmp(dot + 1, cap_pct_names[p]))
			l->pct = p;
	if (l->pct < 0) {
		snprintf(err, errlen, "capacity: --limit %s: unknown percentile '%s' (expected p50, "
			 "p90, p95, p99 or max)", item, dot + 1);
		return -1;
	}
	l->ms = parse_time(eq + 1);
	if (l->ms < 0) {
		snprintf(err, errlen, "capacity: --limit %s.%s: expected a time above 0 with a unit, "
			 "ms or s (e.g. 200ms, 5s), got '%s'", item, dot + 1, eq + 1);
		return -1;
	}
	snprintf(l->name, sizeof l->name, "%s.%s", txn_names[l->type], cap_pct_names[l->pct]);
	return 0;
}

int cap_limits_parse(const char *text, cap_limit *out, int max, char *err, size_t errlen)
{
	int n = 0;
	if (!text[0]) {
		for (int t = 0; t < TX_COUNT && n < max; t++, n++) {
			out[n] = (cap_limit){ .type = t, .pct = CAP_P90, .ms = spec_p90_s[t] * 1000 };
			snprintf(out[n].name, sizeof out[n].name, "%s.p90", txn_names[t]);
		}
		return n;
	}
	char buf[1024];
	str_copy(buf, text, sizeof buf);
	for (char *save = NULL, *w = strtok_r(buf, ";", &save); w; w = strtok_r(NULL, ";", &save)) {
		w += strspn(w, " \t");
		size_t l = strlen(w);
		while (l && (w[l - 1] == ' ' || w[l - 1] == '\t'))
			w[--l] = '\0';
		if (!l)
			continue;
		if (n == max) {
			snprintf(err, errlen, "capacity: --limit: at most %d limits", max);
			return -1;
		}
		if (parse_one(w, &out[n], err, errlen))
			return -1;
		for (int i = 0; i < n; i++)
			if (!strcmp(out[i].name, out[n].name)) {
				snprintf(err, errlen, "capacity: --limit names %s twice", out[n].name);
				return -1;
			}
		n++;
	}
	if (!n) {
		snprintf(err, errlen, "capacity: --limit: expected TYPE.PERCENTILE=TIME, got '%s'",
			 text);
		return -1;
	}
	return n;
}

int cap_budget_parse(const char *text, char *err, size_t errlen)
{
	if (!text[0])
		return CAP_STEPS_DEFAULT;
	char *end;
	errno = 0;
	long v = strtol(text, &end, 10);
	if (end == text || *end || errno || v < 2 || v > CAP_STEPS_MAX) {
		snprintf(err, errlen, "capacity: --steps: expected the most steps the search may take, "
			 "a whole number from 2 to %d, got '%s'", CAP_STEPS_MAX, text);
		return -1;
	}
	return (int)v;
}

double cap_figure(const step_result *r, const cap_limit *l)
{
	const double *v = l->pct == CAP_P50 ? r->p50 : l->pct == CAP_P90 ? r->p90 :
		l->pct == CAP_P95 ? r->p95 : l->pct == CAP_P99 ? r->p99 : r->max;
	return v[l->type];
}

int cap_holds(const step_result *r, const cap_limit *l, int nl, char *why, size_t whylen)
{
	size_t used = 0;
	why[0] = '\0';
	if (!r->complete)
		used += (size_t)snprintf(why, whylen, "cut short");
	else if (!r->rate_met && used < whylen)
		used += (size_t)snprintf(why, whylen, "rate not achieved (%.0f of %.0f TPM, %.1f s "
					 "behind)", r->achieved_tpm, r->offered_tpm,
					 r->behind_end_s);
	for (int i = 0; i < nl && used < whylen; i++) {
		double v = cap_figure(r, &l[i]);
		if (v > l[i].ms)
			used += (size_t)snprintf(why + used, whylen - used, "%s%s %.0f ms > %.0f",
						 used ? "; " : "", l[i].name, v, l[i].ms);
	}
	return !why[0];
}

void cap_search_init(cap_search *s, int budget)
{
	memset(s, 0, sizeof *s);
	s->budget = budget;
}

static long stop(cap_search *s, const char *why)
{
	str_copy(s->stopped, why, sizeof s->stopped);
	return 0;
}

long cap_search_next(cap_search *s, const step_result *r, int n, int held)
{
	const step_result *last = &r[n - 1];
	if (!last->complete)
		return stop(s, "the run ended");
	if (n == 1) {
		s->ceiling = last->tpm;
		if (s->ceiling < CAP_RATE_MIN)
			return stop(s, "the VUs flat out committed next to nothing");
	} else {
		s->measured++;
		long rate = last->rate;
		if (held && rate > s->lo)
			s->lo = rate;
		if (!held && (!s->hi || rate < s->hi))
			s->hi = rate;
	}
	if (n >= s->budget)
		return stop(s, "step budget spent");
	if (n == 1)
		return lround(s->ceiling);
	if (!s->hi)
		return (long)(s->lo * 1.25);
	if (!s->lo) {
		long next = s->hi / 2;
		return next < CAP_RATE_MIN ? stop(s, "no rate held, down to the least tried") : next;
	}
	if (s->hi - s->lo <= s->lo * CAP_RESOLUTION)
		return stop(s, "resolved");
	return (s->lo + s->hi) / 2;
}
