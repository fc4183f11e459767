/* test_unit_histogram.c: unit tests for histogram.c (log-linear latency
 * histogram).  Percentiles are checked against an exact sort of the same
 * values, so a wrong bucket formula or rank rule shows up as error. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "core/histogram.h"
#include "core/stats.h"
#include "tpcc/rand.h"

#include <check.h>
#include "unit.h"
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

/* histogram and hist_snap are 11 KiB each: keep them off the stack. */
static histogram *hist_new(void)
{
	histogram *h = calloc(1, sizeof *h);
	ck_assert_ptr_nonnull(h);
	for (int i = 0; i < HIST_BUCKETS; i++)
		atomic_init(&h->b[i], 0);
	atomic_init(&h->count, 0);
	atomic_init(&h->sum_us, 0);
	atomic_init(&h->max_us, 0);
	return h;
}

static hist_snap *snap_new(void)
{
	hist_snap *s = calloc(1, sizeof *s);
	ck_assert_ptr_nonnull(s);
	return s;
}

static int cmp_u64(const void *a, const void *b)
{
	const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

/* Log-uniform in [lo, hi] microseconds. */
static uint64_t log_uniform(tpcc_rng *r, double lo, double hi)
{
	return (uint64_t)llround(exp(log(lo) + rng_unit(r) * (log(hi) - log(lo))));
}

START_TEST(test_bucket_layout)
{
	ck_assert_int_eq(HIST_BUCKETS, 128 + 20 * 64);
	ck_assert_int_eq(hist_bucket(0), 0);
	ck_assert_int_eq(hist_bucket(127), 127);
	ck_assert_int_eq(hist_bucket(128), 128);
	ck_assert_int_eq(hist_bucket(129), 128);
	ck_assert_int_eq(hist_bucket(130), 129);
	ck_assert_int_eq(hist_bucket(255), 191);
	ck_assert_int_eq(hist_bucket(256), 192);
	ck_assert_int_eq(hist_bucket((1ULL << 27) - 1), HIST_BUCKETS - 1);
	ck_assert_int_eq(hist_bucket(1ULL << 27), HIST_BUCKETS - 1);
	ck_assert_int_eq(hist_bucket(UINT64_MAX), HIST_BUCKETS - 1);

	/* Buckets tile the line: each starts where the last ended, and above
	 * the linear part none is wider than 1/64 of where it starts. */
	ck_assert_uint_eq(hist_bucket_lo(0), 0);
	for (int i = 0; i < HIST_BUCKETS; i++) {
		const uint64_t lo = hist_bucket_lo(i), hi = hist_bucket_hi(i);
		REQUIRE_MSG(lo < hi, "bucket %d: [%llu, %llu)", i,
		            (unsigned long long)lo, (unsigned long long)hi);
		if (i + 1 < HIST_BUCKETS)
			REQUIRE_MSG(hi == hist_bucket_lo(i + 1),
			            "gap after bucket %d", i);
		if (i < HIST_LINEAR)
			REQUIRE(hi - lo == 1);
		else
			REQUIRE_MSG((hi - lo) * 64 <= lo,
			            "bucket %d too wide: [%llu, %llu)", i,
			            (unsigned long long)lo,
			            (unsigned long long)hi);
		REQUIRE(hist_bucket(lo) == i);
		REQUIRE(hist_bucket(hi - 1) == i);
	}
	ck_assert_uint_eq(hist_bucket_hi(HIST_BUCKETS - 1), 1ULL << 27);
}
END_TEST

START_TEST(test_bucket_monotonic)
{
	int prev = 0;
	for (uint64_t v = 0; v < 2000000; v++) {
		const int b = hist_bucket(v);
		REQUIRE_MSG(b >= prev, "bucket(%llu) = %d < %d",
		            (unsigned long long)v, b, prev);
		REQUIRE(b >= 0 && b < HIST_BUCKETS);
		REQUIRE(hist_bucket_lo(b) <= v && v < hist_bucket_hi(b));
		prev = b;
	}
	tpcc_rng r;
	rng_seed(&r, 1);
	for (int i = 0; i < 1000000; i++) {
		const uint64_t v = rng_next(&r) >> rng_range(&r, 0, 63);
		const int b = hist_bucket(v);
		REQUIRE(b >= 0 && b < HIST_BUCKETS);
		REQUIRE(hist_bucket_lo(b) <= v);
		/* Only the open top bucket may hold values past its bound. */
		REQUIRE(v < hist_bucket_hi(b) || b == HIST_BUCKETS - 1);
		const uint64_t w = v + (rng_next(&r) >> 40);
		if (w >= v)
			REQUIRE(hist_bucket(w) >= b);
	}
}
END_TEST

START_TEST(test_empty)
{
	histogram *h = hist_new();
	hist_snap *s = snap_new();
	hist_read(h, s);
	ck_assert_uint_eq(s->count, 0);
	ck_assert(hist_percentile(s, 50) == 0);
	ck_assert(hist_percentile(s, 99) == 0);
	ck_assert(hist_percentile(s, 100) == 0);
	hist_snap_clear(s);
	ck_assert(hist_percentile(s, 0) == 0);
	free(h);
	free(s);
}
END_TEST

START_TEST(test_linear_exact)
{
	histogram *h = hist_new();
	hist_snap *s = snap_new();
	static const uint64_t v[] = { 5, 5, 7, 100, 0 };
	for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
		hist_record(h, v[i]);
	hist_read(h, s);
	ck_assert_uint_eq(s->count, 5);
	ck_assert_uint_eq(s->sum_us, 117);
	ck_assert_uint_eq(s->max_us, 100);
	/* Nearest rank over 0 5 5 7 100. */
	ck_assert(hist_percentile(s, 0) == 0);
	ck_assert(hist_percentile(s, 20) == 0);
	ck_assert(hist_percentile(s, 21) == 5);
	ck_assert(hist_percentile(s, 50) == 5);
	ck_assert(hist_percentile(s, 60) == 5);
	ck_assert(hist_percentile(s, 80) == 7);
	ck_assert(hist_percentile(s, 81) == 100);
	ck_assert(hist_percentile(s, 100) == 100);
	free(h);
	free(s);
}
END_TEST

/* 1e5 log-uniform values from 1 us to 10 s: p50/p95/p99 within 1.6% of the
 * exact nearest-rank value of the sorted array; max exact. */
START_TEST(test_percentiles_vs_sort)
{
	enum { N = 100000 };
	uint64_t *v = malloc(N * sizeof *v);
	ck_assert_ptr_nonnull(v);
	histogram *h = hist_new();
	hist_snap *s = snap_new();
	tpcc_rng r;
	rng_seed(&r, 1234);
	uint64_t sum = 0;
	for (int i = 0; i < N; i++) {
		v[i] = log_uniform(&r, 1, 10e6);
		sum += v[i];
		hist_record(h, v[i]);
	}
	qsort(v, N, sizeof *v, cmp_u64);
	hist_read(h, s);
	ck_assert_uint_eq(s->count, N);
	ck_assert_uint_eq(s->sum_us, sum);
	ck_assert_uint_eq(s->max_us, v[N - 1]);

	static const double ps[] = { 1, 10, 25, 50, 75, 90, 95, 99, 99.9 };
	for (size_t i = 0; i < sizeof ps / sizeof ps[0]; i++) {
		const size_t rank = (size_t)ceil(ps[i] * N / 100.0);
		const double exact = (double)v[rank - 1];
		const double got = hist_percentile(s, ps[i]);
		/* Low percentiles land in the exact linear buckets. */
		const double tol = exact < HIST_LINEAR ? 0 : 0.016 * exact;
		ck_assert_msg(fabs(got - exact) <= tol,
		              "p%g: histogram %.1f, exact %.1f", ps[i], got,
		              exact);
	}
	/* Mid-points are unbiased: over many percentiles the signed error
	 * averages out, where a bucket's lower or upper edge would be off by
	 * about 0.8% every time. */
	double bias = 0;
	int nb = 0;
	for (double p = 20; p < 99.5; p += 0.5) {
		const size_t rank = (size_t)ceil(p * N / 100.0);
		const double exact = (double)v[rank - 1];
		bias += (hist_percentile(s, p) - exact) / exact;
		nb++;
	}
	bias /= nb;
	ck_assert_msg(fabs(bias) < 0.003, "mean relative error %.4f", bias);
	ck_assert(hist_percentile(s, 100) == (double)v[N - 1]);
	free(v);
	free(h);
	free(s);
}
END_TEST

/* Values past the top of the range go to the last bucket, but the maximum
 * stays exact and p100 reports it rather than a bucket mid-point. */
START_TEST(test_beyond_range)
{
	histogram *h = hist_new();
	hist_snap *s = snap_new();
	hist_record(h, 1000);
	hist_record(h, 70000000);   /* 70 s */
	hist_record(h, 500000000);  /* 500 s */
	hist_read(h, s);
	ck_assert_uint_eq(s->max_us, 500000000);
	ck_assert_uint_eq(s->count, 3);
	ck_assert_uint_eq(s->sum_us, 570001000);
	ck_assert_uint_eq(s->b[HIST_BUCKETS - 1], 1);
	ck_assert(hist_percentile(s, 100) == 500000000.0);
	/* 70 s is inside the last octave: mid-point within 1/128. */
	const double p66 = hist_percentile(s, 66);
	ck_assert_msg(fabs(p66 - 70e6) <= 70e6 / 128, "p66 %.0f", p66);

	/* Through a subtraction, the open top bucket keeps a's true max. */
	hist_snap *z = snap_new(), *d = snap_new();
	hist_snap_sub(d, s, z);
	ck_assert_uint_eq(d->max_us, 500000000);
	ck_assert(hist_percentile(d, 100) == 500000000.0);
	free(h);
	free(s);
	free(z);
	free(d);
}
END_TEST

/* Record A values, read; record B values, read; the difference is exactly
 * the histogram of B alone, and adding it back to A gives the total. */
START_TEST(test_snap_add_sub)
{
	histogram *h = hist_new(), *hb = hist_new();
	hist_snap *sa = snap_new(), *sab = snap_new(), *sb = snap_new();
	hist_snap *d = snap_new(), *t = snap_new();
	tpcc_rng r;
	rng_seed(&r, 77);
	for (int i = 0; i < 50000; i++)
		hist_record(h, log_uniform(&r, 1, 60e6));
	hist_read(h, sa);
	uint64_t bmax = 0;
	for (int i = 0; i < 30000; i++) {
		/* B's values are smaller than A's maximum, so the interval max
		 * must come from B's highest bucket, not from a. */
		const uint64_t v = log_uniform(&r, 50, 20000);
		if (v > bmax)
			bmax = v;
		hist_record(h, v);
		hist_record(hb, v);
	}
	hist_read(h, sab);
	hist_read(hb, sb);
	hist_snap_sub(d, sab, sa);

	ck_assert_uint_eq(d->count, 30000);
	ck_assert_uint_eq(d->count, sb->count);
	ck_assert_uint_eq(d->sum_us, sb->sum_us);
	ck_assert_int_eq(memcmp(d->b, sb->b, sizeof d->b), 0);
	/* The interval max is bounded by B's top bucket, never below B's true
	 * max and never above the histogram's. */
	const int top = hist_bucket(bmax);
	ck_assert_uint_eq(d->max_us, hist_bucket_hi(top) - 1);
	ck_assert_uint_ge(d->max_us, bmax);
	ck_assert_uint_le(d->max_us, sab->max_us);
	/* Same buckets, so the same percentiles, except where the clamp to
	 * max differs (B's true max vs the interval's bucket bound). */
	for (int p = 1; p <= 100; p++) {
		const double x = hist_percentile(d, p), y = hist_percentile(sb, p);
		REQUIRE_MSG(p > 95 ? fabs(x - y) <= y / 64 : x == y,
		            "p%d: interval %.1f, direct %.1f", p, x, y);
	}

	hist_snap_clear(t);
	hist_snap_add(t, sa);
	hist_snap_add(t, d);
	ck_assert_uint_eq(t->count, sab->count);
	ck_assert_uint_eq(t->sum_us, sab->sum_us);
	ck_assert_uint_eq(t->max_us, sab->max_us);
	ck_assert_int_eq(memcmp(t->b, sab->b, sizeof t->b), 0);

	/* Nothing new: empty interval, max 0; and dst may alias a. */
	hist_snap_sub(d, sab, sab);
	ck_assert_uint_eq(d->count, 0);
	ck_assert_uint_eq(d->max_us, 0);
	ck_assert(hist_percentile(d, 99) == 0);
	memcpy(t, sab, sizeof *t);
	hist_snap_sub(t, t, sa);
	ck_assert_int_eq(memcmp(t->b, sb->b, sizeof t->b), 0);

	free(h);
	free(hb);
	free(sa);
	free(sab);
	free(sb);
	free(d);
	free(t);
}
END_TEST

/* A reader taking snapshots while the owner records: every snapshot agrees
 * with itself (count = sum of buckets) and each is, bucket by bucket, at
 * least the one before, so per-interval subtraction never wraps. */
struct writer_arg {
	histogram *h;
	long n;
	_Atomic int done;
};

static void *writer(void *p)
{
	struct writer_arg *w = p;
	tpcc_rng r;
	rng_seed(&r, 5);
	for (long i = 0; i < w->n; i++)
		hist_record(w->h, log_uniform(&r, 1, 1e6));
	atomic_store(&w->done, 1);
	return NULL;
}

START_TEST(test_concurrent_read)
{
	struct writer_arg w = { .h = hist_new(), .n = 2000000 };
	atomic_init(&w.done, 0);
	hist_snap *prev = snap_new(), *cur = snap_new(), *d = snap_new();
	pthread_t th;
	ck_assert_int_eq(pthread_create(&th, NULL, writer, &w), 0);
	int reads = 0;
	for (;;) {
		const int done = atomic_load(&w.done);
		hist_read(w.h, cur);
		uint64_t n = 0;
		for (int i = 0; i < HIST_BUCKETS; i++) {
			REQUIRE(cur->b[i] >= prev->b[i]);
			n += cur->b[i];
		}
		REQUIRE(n == cur->count);
		REQUIRE(cur->count >= prev->count);
		hist_snap_sub(d, cur, prev);
		REQUIRE(d->count <= (uint64_t)w.n);
		memcpy(prev, cur, sizeof *cur);
		reads++;
		if (done)
			break;
	}
	pthread_join(th, NULL);
	ck_assert_uint_eq(prev->count, (uint64_t)w.n);
	ck_assert_int_gt(reads, 1);
	free(w.h);
	free(prev);
	free(cur);
	free(d);
}
END_TEST

/* A VU's latencies: a ring the collector drains, histograms only once the
 * ring is full. */
START_TEST(test_vu_ring)
{
	vu_stats *v = calloc(1, sizeof *v);
	hist_snap *lat = calloc(TX_COUNT, sizeof *lat), *svc = calloc(TX_COUNT, sizeof *svc);
	for (int i = 0; i < VU_SAMPLES; i++)
		stats_record(v, (enum txn_type)(i % TX_COUNT), 1000 + (uint64_t)i);
	ck_assert_ptr_null(atomic_load(&v->over));
	stats_drain(v, lat, svc);
	uint64_t n = 0;
	for (int t = 0; t < TX_COUNT; t++)
		n += lat[t].count + svc[t].count * 1000;
	ck_assert_uint_eq(n, VU_SAMPLES);
	ck_assert_uint_eq(lat[(VU_SAMPLES - 1) % TX_COUNT].max_us, 1000 + VU_SAMPLES - 1);
	/* A service time (an offered load's second figure) lands apart, for
	 * the last type too, and a value of 2^28 - 1 us survives the ring. */
	uint64_t sl_n = lat[TX_STOCK_LEVEL].count, sl_max = lat[TX_STOCK_LEVEL].max_us;
	stats_record_service(v, TX_STOCK_LEVEL, ((uint64_t)1 << SAMPLE_US_BITS) - 1);
	stats_record(v, TX_STOCK_LEVEL, 5);
	stats_drain(v, lat, svc);
	ck_assert_uint_eq(svc[TX_STOCK_LEVEL].count, 1);
	ck_assert_uint_eq(svc[TX_STOCK_LEVEL].max_us, ((uint64_t)1 << SAMPLE_US_BITS) - 1);
	ck_assert_uint_eq(lat[TX_STOCK_LEVEL].count, sl_n + 1);
	ck_assert_uint_eq(lat[TX_STOCK_LEVEL].max_us, sl_max);
	ck_assert_uint_eq(svc[TX_NEW_ORDER].count + svc[TX_DELIVERY].count, 0);
	for (int i = 0; i <= VU_SAMPLES; i++)   /* one more than the ring holds */
		stats_record(v, TX_PAYMENT, 7);
	const vu_hists *h = atomic_load(&v->over);
	ck_assert_ptr_nonnull(h);
	ck_assert_uint_eq(atomic_load(&h->lat[TX_PAYMENT].count), 1);
	stats_record(v, TX_DELIVERY, (uint64_t)1 << 40);   /* too long for a sample */
	ck_assert_uint_eq(atomic_load(&h->lat[TX_DELIVERY].max_us), (uint64_t)1 << 40);
	stats_record_service(v, TX_DELIVERY, (uint64_t)1 << 40);
	ck_assert_uint_eq(atomic_load(&h->svc[TX_DELIVERY].count), 1);
	stats_release(v);
	free(v);
	free(lat);
	free(svc);
}
END_TEST

struct ring_writer {
	vu_stats *v;
	int n;
};

static void *ring_writer_main(void *arg)
{
	struct ring_writer *w = arg;
	for (int i = 0; i < w->n; i++)
		stats_record(w->v, (enum txn_type)(i % TX_COUNT), (uint64_t)(i % 5000));
	return NULL;
}

/* Drained while written: nothing lost, nothing counted twice. */
START_TEST(test_vu_ring_concurrent)
{
	struct ring_writer w = { .v = calloc(1, sizeof(vu_stats)), .n = 1000000 };
	hist_snap *lat = calloc(TX_COUNT, sizeof *lat), *svc = calloc(TX_COUNT, sizeof *svc);
	pthread_t th;
	ck_assert_int_eq(pthread_create(&th, NULL, ring_writer_main, &w), 0);
	for (int i = 0; i < 2000; i++)
		stats_drain(w.v, lat, svc);
	pthread_join(th, NULL);
	stats_drain(w.v, lat, svc);
	stats_sum *sum = calloc(1, sizeof *sum);
	stats_cut *cut = calloc(1, sizeof *cut);
	stats_take(sum, w.v, lat, svc, cut);
	free(cut);
	uint64_t n = 0, us = 0;
	for (int t = 0; t < TX_COUNT; t++) {
		n += lat[t].count + sum->lat[t].count;
		us += lat[t].sum_us + sum->lat[t].sum_us;
	}
	uint64_t want = 0;
	for (int i = 0; i < w.n; i++)
		want += (uint64_t)(i % 5000);
	ck_assert_uint_eq(n, (uint64_t)w.n);
	ck_assert_uint_eq(us, want);
	stats_release(w.v);
	free(w.v);
	free(lat);
	free(svc);
	free(sum);
}
END_TEST

struct done_writer {
	vu_stats *v;
	int n;
	atomic_int running;
	atomic_long cuts;   /* the reader's, so far */
};

static void *done_writer_main(void *arg)
{
	struct done_writer *w = arg;
	for (int i = 0; i < w->n; i++) {
		enum txn_type t = (enum txn_type)(i % TX_COUNT);
		stats_done(w->v, t, (uint64_t)(i % 3000), i % 3 ? -1 : 40, t == TX_NEW_ORDER && i % 7 == 0);
		for (volatile int k = 0; k < 100; k++)   /* a VU does more than count */
			;
		/* Every 32, until the reader has cut once more: a reader slower
		 * than this (under TSan) still cuts between the writes, not
		 * only after the last. */
		if (i % 32 == 31) {
			long c = atomic_load(&w->cuts);
			while (atomic_load(&w->cuts) == c)
				sched_yield();
		}
	}
	atomic_store(&w->running, 0);
	return NULL;
}

/* Every cut taken while a VU publishes has as many latencies per type as
 * commits (plus New-Order's rollbacks), and as many service times as the
 * VU gave: a window's histograms and counts agree exactly. */
START_TEST(test_vu_cut_consistent)
{
	struct done_writer w = { .v = calloc(1, sizeof(vu_stats)), .n = 100000, .running = 1 };
	hist_snap *lat = calloc(TX_COUNT, sizeof *lat), *svc = calloc(TX_COUNT, sizeof *svc);
	stats_sum *sum = malloc(sizeof *sum);
	stats_cut *cut = calloc(1, sizeof *cut);
	pthread_t th;
	ck_assert_int_eq(pthread_create(&th, NULL, done_writer_main, &w), 0);
	long cuts = 0, bad = 0;
	int last = 0;
	while (!last) {
		last = !atomic_load(&w.running);
		memset(sum, 0, sizeof *sum);
		stats_take(sum, w.v, lat, svc, cut);
		uint64_t all_lat = 0, all_svc = 0, done = sum->audit[AU_NO_ROLLBACKS];
		for (int t = 0; t < TX_COUNT; t++) {
			uint64_t want = sum->commits[t] + (t == TX_NEW_ORDER ? sum->audit[AU_NO_ROLLBACKS] : 0);
			bad += lat[t].count + sum->lat[t].count != want;
			all_lat += lat[t].count + sum->lat[t].count;
			all_svc += svc[t].count + sum->svc[t].count;
			done += sum->commits[t];
		}
		/* Service times go with every third transaction, counted from 0. */
		bad += all_lat != done || all_svc != (done + 2) / 3;
		cuts += !last;
		atomic_fetch_add(&w.cuts, 1);
	}
	pthread_join(th, NULL);
	ck_assert_int_eq(bad, 0);
	ck_assert_int_ge(cuts, w.n / 32);   /* cuts were taken while it wrote */
	uint64_t n = 0;
	for (int t = 0; t < TX_COUNT; t++)
		n += lat[t].count + sum->lat[t].count;
	ck_assert_uint_eq(n, (uint64_t)w.n);
	stats_release(w.v);
	free(w.v);
	free(lat);
	free(svc);
	free(sum);
	free(cut);
}
END_TEST

static Suite *histogram_suite(void)
{
	Suite *s = suite_create("histogram");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_bucket_layout);
	tcase_add_test(tc, test_bucket_monotonic);
	tcase_add_test(tc, test_empty);
	tcase_add_test(tc, test_linear_exact);
	tcase_add_test(tc, test_percentiles_vs_sort);
	tcase_add_test(tc, test_beyond_range);
	tcase_add_test(tc, test_snap_add_sub);
	tcase_add_test(tc, test_concurrent_read);
	tcase_add_test(tc, test_vu_ring);
	tcase_add_test(tc, test_vu_ring_concurrent);
	tcase_add_test(tc, test_vu_cut_consistent);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(histogram_suite());
}
