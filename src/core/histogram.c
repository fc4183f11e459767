/* histogram.c: log-linear latency histogram (see histogram.h).
 *
 * Buckets 0..127 hold one microsecond each.  Above that every octave
 * [2^e, 2^(e+1)), e = 7..26, is cut into 64 equal sub-buckets, so a bucket is
 * never wider than 1/64 of its lower bound and its mid-point is within 1/128
 * of any value in it.  Everything from 2^27 us (134 s) up shares the last
 * bucket; the exact maximum is kept apart. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "histogram.h"

#include <math.h>
#include <string.h>

#define SUB (1 << HIST_SUBBITS)
#define FIRST_EXP 7 /* 2^7 == HIST_LINEAR: the first log octave */

_Static_assert(HIST_LINEAR == 1 << FIRST_EXP,
	"linear part must end where the first octave starts");
_Static_assert(HIST_SUBBITS + 1 == FIRST_EXP,
	"first octave's sub-buckets must be 2 us wide, not fractional");

int hist_bucket(uint64_t us)
{
	if (us < HIST_LINEAR)
		return (int)us;
	const int e = 63 - __builtin_clzll(us);
	const int m = (int)((us >> (e - HIST_SUBBITS)) & (SUB - 1));
	const int idx = HIST_LINEAR + (e - FIRST_EXP) * SUB + m;
	return idx < HIST_BUCKETS ? idx : HIST_BUCKETS - 1;
}

uint64_t hist_bucket_lo(int idx)
{
	if (idx < 0)
		return 0;
	if (idx < HIST_LINEAR)
		return (uint64_t)idx;
	if (idx >= HIST_BUCKETS)
		idx = HIST_BUCKETS - 1;
	const int e = FIRST_EXP + (idx - HIST_LINEAR) / SUB;
	const uint64_t m = (uint64_t)((idx - HIST_LINEAR) % SUB);
	return (SUB + m) << (e - HIST_SUBBITS);
}

uint64_t hist_bucket_hi(int idx)
{
	if (idx < 0)
		return 0;
	if (idx < HIST_LINEAR)
		return (uint64_t)idx + 1;
	if (idx >= HIST_BUCKETS)
		idx = HIST_BUCKETS - 1;
	const int e = FIRST_EXP + (idx - HIST_LINEAR) / SUB;
	const uint64_t m = (uint64_t)((idx - HIST_LINEAR) % SUB);
	return (SUB + m + 1) << (e - HIST_SUBBITS);
}

void hist_record(histogram *h, uint64_t us)
{
	const int idx = hist_bucket(us);
	atomic_fetch_add_explicit(&h->b[idx], 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&h->count, 1, memory_order_relaxed);
	atomic_fetch_add_explicit(&h->sum_us, us, memory_order_relaxed);
	/* Only the owner writes, so a load and a store cannot lose a larger
	 * value; no compare-exchange loop is needed. */
	if (us > atomic_load_explicit(&h->max_us, memory_order_relaxed))
		atomic_store_explicit(&h->max_us, us, memory_order_relaxed);
}

void hist_snap_record(hist_snap *s, uint64_t us)
{
	s->b[hist_bucket(us)]++;
	s->count++;
	s->sum_us += us;
	if (us > s->max_us)
		s->max_us = us;
}

void hist_read(const histogram *h, hist_snap *s)
{
	/* count is taken as the sum of the buckets read, not from h->count,
	 * so that a snapshot always agrees with itself: a record that lands
	 * between the reads shows up in the next snapshot instead, and since
	 * each bucket only grows, a later read minus an earlier one never goes
	 * negative bucket by bucket. */
	uint64_t n = 0;
	for (int i = 0; i < HIST_BUCKETS; i++) {
		s->b[i] = atomic_load_explicit(&h->b[i], memory_order_relaxed);
		n += s->b[i];
	}
	s->count = n;
	s->sum_us = atomic_load_explicit(&h->sum_us, memory_order_relaxed);
	s->max_us = atomic_load_explicit(&h->max_us, memory_order_relaxed);
}

void hist_snap_clear(hist_snap *s)
{
	memset(s, 0, sizeof *s);
}

void hist_snap_add(hist_snap *dst, const hist_snap *src)
{
	for (int i = 0; i < HIST_BUCKETS; i++)
		dst->b[i] += src->b[i];
	dst->count += src->count;
	dst->sum_us += src->sum_us;
	if (src->max_us > dst->max_us)
		dst->max_us = src->max_us;
}

void hist_snap_sub(hist_snap *dst, const hist_snap *a, const hist_snap *b)
{
	/* dst may alias a or b: each element is read before it is written. */
	const uint64_t a_max = a->max_us;
	int top = -1;
	for (int i = 0; i < HIST_BUCKETS; i++) {
		const uint64_t v = a->b[i] - b->b[i];
		dst->b[i] = v;
		if (v)
			top = i;
	}
	dst->count = a->count - b->count;
	dst->sum_us = a->sum_us - b->sum_us;
	if (top < 0) {
		dst->max_us = 0;
	} else {
		/* The interval's own maximum is unknown; the highest bucket
		 * bounds it, and a's maximum bounds it too.  The top bucket is
		 * open-ended, so there only a's maximum is a bound. */
		const uint64_t bound = top == HIST_BUCKETS - 1
			? a_max : hist_bucket_hi(top) - 1;
		dst->max_us = bound < a_max ? bound : a_max;
	}
}

double hist_percentile(const hist_snap *s, double p)
{
	if (s->count == 0)
		return 0;
	if (p < 0)
		p = 0;
	if (p > 100)
		p = 100;
	/* Nearest-rank: the smallest value with at least p% of the samples at
	 * or below it.  The small epsilon keeps p * count / 100 from rounding
	 * up past an exact integer (e.g. 95% of 1e5). */
	double want = ceil(p * (double)s->count / 100.0 - 1e-9);
	uint64_t rank = want < 1 ? 1 : (uint64_t)want;
	if (rank > s->count)
		rank = s->count;

	uint64_t seen = 0;
	int idx = -1;
	for (int i = 0; i < HIST_BUCKETS; i++) {
		if (!s->b[i])
			continue;
		idx = i;
		seen += s->b[i];
		if (seen >= rank)
			break;
	}
	/* A hand-built snapshot whose count exceeds its buckets ends on the
	 * highest non-empty bucket; one with no buckets at all has only max. */
	if (idx < 0)
		return (double)s->max_us;

	double v;
	if (idx < HIST_LINEAR)
		v = (double)idx;
	else if (idx == HIST_BUCKETS - 1)
		/* The top bucket is open-ended (it also holds every value past
		 * its nominal bound), so its mid-point means nothing: report
		 * the true maximum rather than under-state the tail. */
		v = (double)s->max_us;
	else
		v = ((double)hist_bucket_lo(idx) + (double)hist_bucket_hi(idx)) / 2;
	if (v > (double)s->max_us)
		v = (double)s->max_us;
	return v;
}
