/* noise.c: see noise.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "noise.h"
#include "util/tdist.h"

double noise_t95(double df)
{
	return tdist_t95(df);
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

int noise_ab_is_b(int i)
{
	static const int abba[4] = { 0, 1, 1, 0 };
	return abba[i % 4] ^ ((i / 4) & 1);
}

/* Solve the 3x3 system m x = r (m symmetric positive definite), and the
 * inverse's [2][2] element; -1 when m is singular. */
static int solve3(double m[3][3], const double r[3], double x[3], double *inv22)
{
	double a[3][4];
	for (int i = 0; i < 3; i++) {
		for (int j = 0; j < 3; j++)
			a[i][j] = m[i][j];
		a[i][3] = r[i];
	}
	for (int col = 0; col < 3; col++) {
		int piv = col;
		for (int i = col + 1; i < 3; i++)
			if (fabs(a[i][col]) > fabs(a[piv][col]))
				piv = i;
		if (fabs(a[piv][col]) < 1e-12)
			return -1;
		for (int j = 0; j < 4; j++) {
			double t = a[col][j];
			a[col][j] = a[piv][j];
			a[piv][j] = t;
		}
		for (int i = 0; i < 3; i++)
			if (i != col) {
				double f = a[i][col] / a[col][col];
				for (int j = col; j < 4; j++)
					a[i][j] -= f * a[col][j];
			}
	}
	for (int i = 0; i < 3; i++)
		x[i] = a[i][3] / a[i][i];
	/* Cramer: inv[2][2] = det of the top-left 2x2 / det m. */
	double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
		m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
		m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
	if (fabs(det) < 1e-12)
		return -1;
	*inv22 = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det;
	return 0;
}

int noise_paired(const double *y, const int *is_b, int n, noise_verdict *v,
		 double *detectable_pct)
{
	double m[3][3] = { { 0 } }, r[3] = { 0 }, x[3], inv22;
	int nb = 0;

	memset(v, 0, sizeof *v);
	v->change_pct = v->lo_pct = v->hi_pct = NAN;
	if (detectable_pct)
		*detectable_pct = NAN;
	if (n < 4)
		return -1;
	for (int i = 0; i < n; i++) {
		if (!(y[i] > 0) || isnan(y[i]))
			return -1;
		double row[3] = { 1, i, is_b[i] ? 1 : 0 }, ly = log(y[i]);
		nb += is_b[i] != 0;
		for (int j = 0; j < 3; j++) {
			r[j] += row[j] * ly;
			for (int k = 0; k < 3; k++)
				m[j][k] += row[j] * row[k];
		}
	}
	if (nb == 0 || nb == n || solve3(m, r, x, &inv22))
		return -1;
	double rss = 0;
	for (int i = 0; i < n; i++) {
		double e = log(y[i]) - (x[0] + x[1] * i + x[2] * (is_b[i] ? 1 : 0));
		rss += e * e;
	}
	int df = n - 3;
	double h = noise_t95(df) * sqrt(rss / df * inv22);
	v->change_pct = (exp(x[2]) - 1) * 100;
	v->lo_pct = (exp(x[2] - h) - 1) * 100;
	v->hi_pct = (exp(x[2] + h) - 1) * 100;
	v->beyond = v->lo_pct > 0 || v->hi_pct < 0;
	v->known = 1;
	if (detectable_pct)
		*detectable_pct = fmax(fabs(v->lo_pct), fabs(v->hi_pct));
	return 0;
}

void noise_paired_text(const noise_verdict *v, double detectable_pct, const char *what,
		       char *buf, size_t len)
{
	if (!v->known)
		snprintf(buf, len, "%s: too few segments to judge", what);
	else if (!v->beyond && detectable_pct > 100)
		/* Four segments leave one degree of freedom: "no effect larger
		 * than +-436516.7%" rules nothing out worth saying. */
		snprintf(buf, len, "%s: no effect shown, and the segments vary too much to rule "
			 "one out (95%% CI %+.1f..%+.1f%%): more segments would narrow it", what,
			 v->lo_pct, v->hi_pct);
	else if (!v->beyond)
		snprintf(buf, len, "%s: no effect larger than \u00b1%.1f%% detectable (95%%)", what,
			 detectable_pct);
	else
		snprintf(buf, len, "%s %+.1f%% (95%% CI %+.1f..%+.1f%%)", what, v->change_pct,
			 v->lo_pct, v->hi_pct);
}

int noise_mean_interval(const double *x, int n, double *lo, double *hi)
{
	noise_stat st;
	*lo = *hi = NAN;
	noise_blocks(x, n, &st);
	if (st.blocks < 2 || isnan(st.rel_se))
		return -1;
	double h = noise_t95(st.blocks - 1) * st.rel_se * st.mean;
	/* A rate is never under 0: a step of two uneven blocks printed
	 * "-523..11293" NOPM.  The bound that says nothing is 0. */
	*lo = fmax(0, st.mean - h);
	*hi = st.mean + h;
	return 0;
}
