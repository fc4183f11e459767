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

/* Student's t, two-sided 95%, for df degrees of freedom (>= 1). */
double noise_t95(double df);

#endif
