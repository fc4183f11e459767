/* histogram.h: log-linear latency histogram, microseconds, 1 us .. 134 s with
 * about 1% relative error (64 sub-buckets per power of two above 128 us,
 * one bucket per microsecond below).  Values beyond the top go into the last
 * bucket; the true maximum is kept apart so nothing is clamped silently.
 *
 * One writer per histogram (its VU).  Counts are C11 relaxed atomics so the
 * collector may read them while the VU writes. */
#ifndef TPCC_HISTOGRAM_H
#define TPCC_HISTOGRAM_H

#include <stdatomic.h>
#include <stdint.h>

#define HIST_LINEAR   128   /* exact buckets for 0..127 us */
#define HIST_SUBBITS  6     /* 64 sub-buckets per octave */
#define HIST_MAXEXP   26    /* last full octave 2^26..2^27 us: up to 134 s */
#define HIST_BUCKETS  (HIST_LINEAR + (HIST_MAXEXP - 7 + 1) * (1 << HIST_SUBBITS))

typedef struct histogram {
	_Atomic uint64_t count;
	_Atomic uint64_t sum_us;
	_Atomic uint64_t max_us;
	_Atomic uint64_t b[HIST_BUCKETS];
} histogram;

/* A plain (non-atomic) copy used for merging and percentiles. */
typedef struct hist_snap {
	uint64_t count;
	uint64_t sum_us;
	uint64_t max_us;
	uint64_t b[HIST_BUCKETS];
} hist_snap;

int hist_bucket(uint64_t us);
/* Lower bound and upper bound (exclusive) of a bucket, in microseconds. */
uint64_t hist_bucket_lo(int idx);
uint64_t hist_bucket_hi(int idx);

/* Record one value: called only by the histogram's owner. */
void hist_record(histogram *h, uint64_t us);
/* Copy h into s (relaxed reads: a concurrent record may be half seen, which
 * moves it to the next tick, never loses it). */
void hist_read(const histogram *h, hist_snap *s);
void hist_snap_clear(hist_snap *s);
/* Record one value in a plain copy (its single owner's). */
void hist_snap_record(hist_snap *s, uint64_t us);
/* dst += src */
void hist_snap_add(hist_snap *dst, const hist_snap *src);
/* dst = a - b (b an earlier read of the same cumulative histogram).  The
 * interval's max is the upper bound of its highest non-empty bucket, but never
 * above a's true max. */
void hist_snap_sub(hist_snap *dst, const hist_snap *a, const hist_snap *b);
/* Percentile p in [0,100] in microseconds (bucket mid-point, clamped to max);
 * 0 when empty. */
double hist_percentile(const hist_snap *s, double p);

#endif
