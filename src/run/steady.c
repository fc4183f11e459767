/* steady.c: see steady.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "core/stats.h"
#include "steady.h"
#include "util/tdist.h"

#define MSER_BATCH 5

int steady_mser5(const double *x, int n)
{
	int k = n / MSER_BATCH;
	if (k < 4)
		return -1;
	double *z = malloc((size_t)k * sizeof *z);
	if (!z)
		return -1;
	for (int j = 0; j < k; j++) {
		z[j] = 0;
		for (int i = 0; i < MSER_BATCH; i++)
			z[j] += x[j * MSER_BATCH + i] / MSER_BATCH;
	}
	/* From the end backwards: the sums of what is left after batch d. */
	double s = 0, ss = 0, best = INFINITY;
	int best_d = -1;
	for (int d = k - 1; d >= 0; d--) {
		s += z[d];
		ss += z[d] * z[d];
		int m = k - d;
		if (d > k / 2 || m < 2)
			continue;
		double stat = (ss - s * s / m) / ((double)m * m);
		if (stat <= best) {   /* ties: the earlier cut keeps more */
			best = stat;
			best_d = d;
		}
	}
	free(z);
	return best_d < 0 ? -1 : best_d * MSER_BATCH;
}

int steady_trend(const double *x, int n, double *pct, double *lo, double *hi)
{
	int b = n >= 100 ? 10 : 5;
	int k = b > 0 ? n / b : 0;
	*pct = *lo = *hi = NAN;
	/* Under five blocks the t interval, on one or two degrees of freedom,
	 * says nothing: a 15-s run printed "-39.3%, 95% -130.1..+51.5%". */
	if (k < 5)
		return -1;
	/* The blocks end at the last second, as noise.c's do. */
	int off = n - k * b;
	double *y = malloc((size_t)k * sizeof *y);
	if (!y)
		return -1;
	double mean = 0;
	for (int j = 0; j < k; j++) {
		y[j] = 0;
		for (int i = 0; i < b; i++)
			y[j] += x[off + j * b + i] / b;
		mean += y[j] / k;
	}
	if (!(mean > 0)) {
		free(y);
		return -1;
	}
	/* The line is fitted to the logarithms, so that the change and its
	 * interval are ratios of the last block's level to the first's: on
	 * NOPM itself, a run that halved printed "-69.3%, 95% -139.2..+0.6%",
	 * a fall past nothing.  A block without New-Orders (a stall) counts
	 * as a hundredth of the mean, a fall the fit cannot miss. */
	double sx = 0, sy = 0, sxx = 0, sxy = 0;
	for (int j = 0; j < k; j++) {
		y[j] = log(fmax(y[j], mean / 100));
		sx += j, sy += y[j], sxx += (double)j * j, sxy += j * y[j];
	}
	double sxx_c = sxx - sx * sx / k;
	double slope = (sxy - sx * sy / k) / sxx_c, icpt = (sy - slope * sx) / k;
	double rss = 0;
	for (int j = 0; j < k; j++) {
		double e = y[j] - (icpt + slope * j);
		rss += e * e;
	}
	free(y);
	double se = k > 2 ? sqrt(rss / (k - 2) / sxx_c) : INFINITY;
	double h = tdist_t95(k - 2) * se, span = k - 1;
	*pct = (exp(slope * span) - 1) * 100;
	*lo = (exp((slope - h) * span) - 1) * 100;
	*hi = (exp((slope + h) * span) - 1) * 100;
	return 0;
}

void steady_find(const int *t, const double *nopm, const int *phase, int n, steady_state *out)
{
	double *x = calloc((size_t)(n ? n : 1), sizeof *x);
	memset(out, 0, sizeof *out);
	out->from_t = -1;
	if (!x)
		return;
	int m = 0, first = -1;
	for (int i = 0; i < n; i++)
		if (phase[i] == PH_RAMPUP || phase[i] == PH_STEADY) {
			if (first < 0)
				first = t[i];
			x[m++] = nopm[i];
		}
	int cut = steady_mser5(x, m);
	if (cut >= 0) {
		out->found = 1;
		out->from_t = first + cut;
	}
	m = 0;
	for (int i = 0; i < n; i++)
		if (phase[i] == PH_STEADY)
			x[m++] = nopm[i];
	out->seconds = m;
	out->trend_known = !steady_trend(x, m, &out->trend_pct, &out->lo_pct, &out->hi_pct);
	out->trending = out->trend_known && (out->lo_pct > 0 || out->hi_pct < 0) &&
		fabs(out->trend_pct) >= STEADY_TREND_PCT;
	free(x);
}
