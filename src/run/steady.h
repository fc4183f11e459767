/* steady.h: where a run's throughput settles, found from the run rather
 * than guessed, and whether its steady phase really was steady.
 *
 * The rule is MSER-5 (White, 1997; White, Cobb and Spratt, 2000), the
 * standard simple warm-up truncation rule of simulation output analysis:
 * the per-second NOPM is cut into batches of 5 s, and the run is
 * truncated at the batch d that minimises the squared standard error of
 * the mean of what is left, sum((z_j - mean)^2) / (k - d)^2 over batches
 * d..k-1.  It needs no model of the warm-up's shape (a ramp, a cache
 * filling, a burst of checkpoints all show as batches far from the
 * level), no threshold to tune, and costs nothing; batching by 5 damps
 * the second-to-second noise that would make a single-second rule cut at
 * a random dip.  d is searched over the first half only, as the rule
 * asks: an optimum in the second half says the series has not settled.
 *
 * A trend test then judges the steady phase: its block means (10 s, 5 s
 * in a phase under 100 s) are
 * fitted to a straight line on a log scale (blocks, because neighbouring
 * seconds are not independent; logarithms, so that a change is a ratio
 * and its interval never passes -100%), and the change the line makes
 * across the phase is stated with its 95% interval; the phase is called
 * not steady when that interval excludes 0 and the change is at least
 * STEADY_TREND_PCT.  An interval reaching past STEADY_UNEVEN_PCT on
 * either side that does include 0 shows neither a trend nor its
 * absence. */
#ifndef TPCC_STEADY_H
#define TPCC_STEADY_H

#define STEADY_TREND_PCT 5.0
#define STEADY_UNEVEN_PCT 10.0

typedef struct steady_state {
	int found;          /* MSER-5 settled within the first half */
	int from_t;         /* the run's second NOPM settled at (-1: not found) */
	int trend_known;    /* the steady phase had enough blocks to judge */
	int seconds;        /* the steady phase's, the trend's span */
	double trend_pct, lo_pct, hi_pct;  /* NOPM's change across it, 95% */
	int trending;       /* not steady */
} steady_state;

/* MSER-5 on x[0..n): the truncation in seconds (a multiple of 5), or -1
 * when n is under 20 s or the optimum is in the second half. */
int steady_mser5(const double *x, int n);

/* NOPM's change across x[0..n) (a steady phase's per-second NOPM) in
 * percent of its mean, with its 95% interval; 0, or -1 when there are
 * fewer than 5 blocks (25 s). */
int steady_trend(const double *x, int n, double *pct, double *lo, double *hi);

/* Both on a run's ticks: nopm[i] of second t[i] in phase[i] (enum
 * phase); MSER-5 over the ramp-up and steady seconds, the trend over the
 * steady ones. */
void steady_find(const int *t, const double *nopm, const int *phase, int n, steady_state *out);

#endif
