/* noise.c: see noise.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "noise.h"

double noise_t95(double df)
{
	static const double t[31] = {
		0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};
	if (!(df >= 1))
		return t[1];
	if (df <= 30) {
		int lo = (int)df;
		double f = df - lo;
		return lo >= 30 ? t[30] : t[lo] + f * (t[lo + 1] - t[lo]);
	}
	/* Within 0.002 of the exact quantile from 30 degrees of freedom up. */
	return 1.95996 + 2.5 / df;
}

int noise_block_len(int n)
{
	int b = n / 10;
	if (b < 10)
		b = 10;
	if (b > 20)
		b = 20;
	while (b > 2 && n / b < 3)
		b--;
	return b;
}

static void finish(noise_stat *out, const double *means, int k)
{
	double sum = 0, ss = 0;
	out->blocks = k;
	out->mean = NAN;
	out->rel_se = NAN;
	if (k == 0)
		return;
	for (int i = 0; i < k; i++)
		sum += means[i];
	out->mean = sum / k;
	if (k < 2 || out->mean == 0)
		return;
	for (int i = 0; i < k; i++)
		ss += (means[i] - out->mean) * (means[i] - out->mean);
	out->rel_se = sqrt(ss / (k - 1) / k) / fabs(out->mean);
}

#define NOISE_BLOCKS_MAX 4096

/* Block means of sum(num)/sum(den) per block; den NULL counts each value
 * as 1 (a plain mean).  NAN values are skipped. */
static void blocks(const double *num, const double *den, int n, double scale, noise_stat *out)
{
	double means[NOISE_BLOCKS_MAX];
	int k = 0;
	memset(out, 0, sizeof *out);
	out->n = n;
	out->block = noise_block_len(n);
	/* The blocks end at the last second: a partial block at the start
	 * (ramp-up's tail) is left out rather than the end. */
	for (int end = n; end - out->block >= 0 && k < NOISE_BLOCKS_MAX; end -= out->block) {
		double a = 0, b = 0;
		for (int i = end - out->block; i < end; i++)
			if (!isnan(num[i]) && !(den && isnan(den[i]))) {
				a += num[i];
				b += den ? den[i] : 1;
			}
		if (b > 0)
			means[k++] = a / b * scale;
	}
	finish(out, means, k);
}

void noise_blocks(const double *x, int n, noise_stat *out)
{
	blocks(x, NULL, n, 1, out);
}

void noise_ratio_blocks(const double *num, const double *den, int n, double scale,
			noise_stat *out)
{
	blocks(num, den, n, scale, out);
}

void noise_compare(double a_value, const noise_stat *sa, double b_value, const noise_stat *sb,
		   noise_verdict *v)
{
	memset(v, 0, sizeof *v);
	v->change_pct = v->lo_pct = v->hi_pct = NAN;
	if (isnan(a_value) || isnan(b_value))
		return;
	if (a_value == 0 && b_value == 0) {
		v->change_pct = v->lo_pct = v->hi_pct = 0;
		v->known = 1;
		return;
	}
	if (a_value == 0)
		return;
	double ratio = b_value / a_value;
	v->change_pct = (ratio - 1) * 100;
	if (isnan(sa->rel_se) || isnan(sb->rel_se))
		return;
	/* On the log scale the two relative errors add, and the interval of
	 * the ratio is not symmetric around the change: a halving and a
	 * doubling are the same size. */
	double va = sa->rel_se * sa->rel_se, vb = sb->rel_se * sb->rel_se;
	double se = sqrt(va + vb);
	double df = se > 0 ? (va + vb) * (va + vb) /
		(va * va / (sa->blocks - 1) + vb * vb / (sb->blocks - 1)) : 1e9;
	double h = noise_t95(df) * se;
	double l = log(ratio);
	v->lo_pct = (exp(l - h) - 1) * 100;
	v->hi_pct = (exp(l + h) - 1) * 100;
	v->beyond = v->lo_pct > 0 || v->hi_pct < 0;
	v->known = 1;
}

void noise_text(const noise_verdict *v, const char *who, const char *up, const char *down,
		char *buf, size_t len)
{
	if (!v->known) {
		snprintf(buf, len, "%s", isnan(v->change_pct) ? "n/a" : "too few seconds to judge");
		return;
	}
	if (!v->beyond) {
		snprintf(buf, len, "within noise");
		return;
	}
	snprintf(buf, len, "%s is %.1f%% %s (95%% interval %+.1f..%+.1f%%)", who,
		 fabs(v->change_pct), v->change_pct > 0 ? up : down, v->lo_pct, v->hi_pct);
}
