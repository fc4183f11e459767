/* hist_record.c: how much a VU pays per latency sample and per NURand draw.
 * Not a test: it prints nanoseconds per operation and always succeeds.
 *
 *   gcc -std=c11 -D_GNU_SOURCE -O2 -Isrc bench/hist_record.c src/core/histogram.c \
 *       src/tpcc/rand.c -lm -o /tmp/bench_hist && /tmp/bench_hist [ops]
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "core/histogram.h"
#include "tpcc/rand.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const long ops = argc > 1 ? atol(argv[1]) : 100000000L;
	if (ops <= 0) {
		fprintf(stderr, "usage: %s [ops]\n", argv[0]);
		return 2;
	}

	tpcc_rng r;
	rng_seed(&r, 1);

	/* Realistic latencies (log-uniform, 50 us .. 2 s) spread over many
	 * buckets, drawn beforehand so the loop times hist_record alone.  A
	 * power-of-two ring keeps the index a mask, and 64 KiB of values sit
	 * in L2 as they would not in a VU, which is the fair-to-us side. */
	enum { RING = 8192 };
	static uint64_t val[RING];
	for (int i = 0; i < RING; i++)
		val[i] = (uint64_t)exp(log(50.0) +
		                       rng_unit(&r) * (log(2e6) - log(50.0)));

	histogram *h = calloc(1, sizeof *h);
	if (!h) {
		perror("calloc");
		return 1;
	}

	double t0 = now_ns();
	for (long i = 0; i < ops; i++)
		hist_record(h, val[i & (RING - 1)]);
	double t1 = now_ns();
	printf("hist_record: %.2f ns/op (%ld ops, count %llu)\n",
	       (t1 - t0) / (double)ops, ops,
	       (unsigned long long)atomic_load(&h->count));

	/* OL_I_ID: the widest NURand and the one a New-Order draws 5..15
	 * times.  The sum is printed so the loop cannot be optimised away. */
	const int c = (int)rng_range(&r, 0, 8191);
	int64_t sink = 0;
	t0 = now_ns();
	for (long i = 0; i < ops; i++)
		sink += rng_nurand(&r, 8191, c, 1, 100000);
	t1 = now_ns();
	printf("rng_nurand: %.2f ns/op (%ld ops, sum %lld)\n",
	       (t1 - t0) / (double)ops, ops, (long long)sink);

	free(h);
	return 0;
}
