/* noise.h: is a difference between two series bigger than their own
 * second-to-second variation?  Each series is cut into blocks of 10 to 20
 * seconds and the block means are compared (Welch's t on the means of
 * blocks, so one second's burst does not decide and neighbouring seconds,
 * which are not independent, count as one observation per block).  Used by
 * compare and by the console's before/after of a knob change or mark. */
#ifndef TPCC_NOISE_H
#define TPCC_NOISE_H

#include <stddef.h>

typedef struct noise_stat {
	int n;                 /* seconds used */
	int block;             /* seconds per block */
	int blocks;
	double mean;           /* of the block means */
	double rel_se;         /* standard error of mean / mean; NAN when unknown */
} noise_stat;

/* The block length for n seconds: n/10 kept within 10..20, shorter when
 * that would leave fewer than 3 blocks (at least 2 s, and 2 blocks). */
int noise_block_len(int n);

/* Block statistics of x[0..n) (NAN values skipped within a block). */
void noise_blocks(const double *x, int n, noise_stat *out);

/* The 95% interval of x[0..n)'s mean (a step's per-second NOPM) from its
 * block statistics; 0, or -1 (lo, hi NAN) with fewer than 2 blocks. */
int noise_mean_interval(const double *x, int n, double *lo, double *hi);

/* Block statistics of the ratio sum(num)/sum(den) per block (client CPU
 * per New-Order), scaled by scale. */
void noise_ratio_blocks(const double *num, const double *den, int n, double scale,
			noise_stat *out);

typedef struct noise_verdict {
	double change_pct;     /* (b / a - 1) * 100 of the point estimates */
	double lo_pct, hi_pct; /* its 95% interval */
	int beyond;            /* the interval excludes 0 */
	int known;             /* there was enough to judge */
} noise_verdict;

/* a_value, b_value: the figures compared (a summary's, or the block
 * mean); sa, sb: their series' block statistics, for the noise. */
void noise_compare(double a_value, const noise_stat *sa, double b_value, const noise_stat *sb,
		   noise_verdict *v);

/* "within noise", "+12.3% (95% interval +8.1..+16.4%)" style text: better
 * and worse name the direction ("faster"/"slower", "lower"/"higher"), who
 * the later run ("B"). */
void noise_text(const noise_verdict *v, const char *who, const char *up, const char *down,
		char *buf, size_t len);

/* The effect of B against A from segments measured in turn in one run,
 * A and B in a balanced order (ABBA BAAB ..., noise_ab_is_b): y[i] is
 * segment i's figure (NOPM, a p95), is_b[i] 1 for a B segment.  The
 * segments' logs are fitted by least squares to a level, a straight line
 * in the segment's position, and B's effect:
 *     log y[i] = a + c * i + theta * is_b[i]
 * so a drift that is linear over the run (a database that grows, a
 * machine that slows) is taken out of theta instead of being called an
 * effect, and it is not counted as noise either: the interval is
 * theta's, t on n - 3 degrees of freedom from the residuals.  In a
 * balanced order theta is orthogonal to the line (ABBA's B and A have the
 * same mean position), so it is the plain difference of the arms' log
 * means, drift or none.  Pairs of adjacent segments (t on their
 * differences) would cancel the drift in the mean too, but leave it in
 * their spread and so widen the interval by it, and they need an even
 * count.  On the log scale the interval of a ratio comes out asymmetric,
 * as a halving and a doubling are the same size.
 * v gets the change in percent with its 95% interval; detectable_pct (may
 * be NULL) the largest effect the interval leaves possible, for "no
 * effect larger than +-x% detectable".  0, or -1 (v unknown) when there
 * are fewer than 4 segments, one arm has none, or a figure is not
 * positive. */
int noise_paired(const double *y, const int *is_b, int n, noise_verdict *v,
		 double *detectable_pct);

/* 1 when segment i (from 0) of a balanced A/B order is B: ABBA BAAB ABBA
 * BAAB ... */
int noise_ab_is_b(int i);

/* "NOPM +6.2% (95% CI +3.9..+8.5%)" or "NOPM: no effect larger than
 * +-2.1% detectable (95%)"; what names the figure. */
void noise_paired_text(const noise_verdict *v, double detectable_pct, const char *what,
		       char *buf, size_t len);

/* Student's t, two-sided 95%, for df degrees of freedom (>= 1). */
double noise_t95(double df);

#endif
