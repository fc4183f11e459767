/* test_unit_rand.c: unit tests for rand.c (TPC-C random data, clause 2.1.6,
 * 4.3.2).  Statistical bounds are loose enough that a correct generator
 * passes every seed, and tight enough that the usual mistakes (modulo bias,
 * an off-by-one bound, a wrong C_LAST delta, a uniform "NURand") fail. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "tpcc/rand.h"

#include <check.h>
#include "unit.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Pearson chi-square of observed counts against a uniform expectation. */
static double chi_square(const long *obs, int k, long total)
{
	const double e = (double)total / k;
	double x = 0;
	for (int i = 0; i < k; i++)
		x += ((double)obs[i] - e) * ((double)obs[i] - e) / e;
	return x;
}

/* A bound on chi-square with k-1 degrees of freedom that a uniform source
 * exceeds with negligible probability (mean k-1, sd sqrt(2(k-1)); ten sd). */
static double chi_bound(int k)
{
	return (k - 1) + 10.0 * sqrt(2.0 * (k - 1)) + 10.0;
}

START_TEST(test_seed)
{
	tpcc_rng a, b, z;
	rng_seed(&a, 1);
	rng_seed(&b, 1);
	rng_seed(&z, 0);
	/* Seed 0 must still give a live generator. */
	REQUIRE((z.s[0] | z.s[1]) != 0);
	int zero_draws = 0, differ = 0;
	tpcc_rng c;
	rng_seed(&c, 2);
	for (int i = 0; i < 1000; i++) {
		REQUIRE(rng_next(&a) == rng_next(&b));
		zero_draws += rng_next(&z) == 0;
		differ += rng_next(&a) != rng_next(&c);
		(void)rng_next(&b);
	}
	ck_assert_int_lt(zero_draws, 2);
	/* Nearby seeds give unrelated streams. */
	ck_assert_int_gt(differ, 990);
}
END_TEST

START_TEST(test_range_bounds)
{
	tpcc_rng r;
	rng_seed(&r, 7);
	static const int64_t lo[] = { 0, 0, -3, 1, 0, 5, -100 };
	static const int64_t hi[] = { 0, 1, 3, 10, 6, 5, -90 };
	for (size_t t = 0; t < sizeof lo / sizeof lo[0]; t++) {
		const int k = (int)(hi[t] - lo[t] + 1);
		long obs[16] = { 0 };
		const long n = 200000;
		for (long i = 0; i < n; i++) {
			int64_t v = rng_range(&r, lo[t], hi[t]);
			REQUIRE_MSG(v >= lo[t] && v <= hi[t],
			              "rng_range(%lld,%lld) gave %lld",
			              (long long)lo[t], (long long)hi[t],
			              (long long)v);
			obs[v - lo[t]]++;
		}
		for (int i = 0; i < k; i++)
			REQUIRE_MSG(obs[i] > 0, "value %d never drawn", i);
		if (k > 1) {
			double x = chi_square(obs, k, n);
			REQUIRE_MSG(x < chi_bound(k),
			              "chi-square %.1f over [%lld,%lld]", x,
			              (long long)lo[t], (long long)hi[t]);
		}
	}
	/* Reversed range and the full 64-bit range do not misbehave. */
	ck_assert_int_eq(rng_range(&r, 9, 3), 9);
	for (int i = 0; i < 1000; i++)
		(void)rng_range(&r, INT64_MIN, INT64_MAX);
}
END_TEST

/* With n about 2/3 of 2^64, a plain x % n would put the values below
 * 2^64 - n (a third of 2^64) twice as often as the rest: 2/3 of the draws
 * instead of 1/2.  An unbiased bound gives 1/2. */
START_TEST(test_range_unbiased_large)
{
	tpcc_rng r;
	rng_seed(&r, 11);
	const uint64_t n = 0xAAAAAAAAAAAAAAABULL;
	const uint64_t tail = 0 - n; /* 2^64 - n */
	const long draws = 200000;
	long below = 0;
	/* rng_range takes int64_t and n exceeds INT64_MAX, so place the window
	 * at the bottom of the signed range: [INT64_MIN, INT64_MIN + n - 1]. */
	const int64_t lo = INT64_MIN;
	const int64_t hi = (int64_t)((uint64_t)INT64_MIN + (n - 1));
	for (long i = 0; i < draws; i++) {
		uint64_t v = (uint64_t)rng_range(&r, lo, hi) - (uint64_t)lo;
		REQUIRE(v < n);
		below += v < tail;
	}
	double f = (double)below / draws;
	REQUIRE_MSG(f > 0.49 && f < 0.51, "share below 2^64-n = %.4f", f);
}
END_TEST

START_TEST(test_unit_interval)
{
	tpcc_rng r;
	rng_seed(&r, 3);
	double sum = 0;
	const int n = 1000000;
	for (int i = 0; i < n; i++) {
		double u = rng_unit(&r);
		REQUIRE(u >= 0.0 && u < 1.0);
		sum += u;
	}
	ck_assert_double_eq_tol(sum / n, 0.5, 0.002);
}
END_TEST

/* NURand over 1e6 draws for each A of the specification: always in [x, y],
 * and far from uniform. */
START_TEST(test_nurand)
{
	static const struct { int A; int64_t x, y; } f[] = {
		{ 255, 0, 999 }, { 1023, 1, 3000 }, { 8191, 1, 100000 },
	};
	tpcc_rng r;
	rng_seed(&r, 2024);
	for (size_t t = 0; t < 3; t++) {
		const int64_t k = f[t].y - f[t].x + 1;
		long *cnt = calloc((size_t)k, sizeof *cnt);
		ck_assert_ptr_nonnull(cnt);
		const int c = (int)rng_range(&r, 0, f[t].A);
		const long n = 1000000;
		for (long i = 0; i < n; i++) {
			int64_t v = rng_nurand(&r, f[t].A, c, f[t].x, f[t].y);
			REQUIRE_MSG(v >= f[t].x && v <= f[t].y,
			              "NURand(%d,%lld,%lld) C=%d gave %lld",
			              f[t].A, (long long)f[t].x,
			              (long long)f[t].y, c, (long long)v);
			cnt[v - f[t].x]++;
		}
		long max = 0;
		for (int64_t i = 0; i < k; i++)
			if (cnt[i] > max)
				max = cnt[i];
		/* A uniform source's busiest value stays within a few
		 * standard deviations of n / k; NURand's is many times it. */
		const double expect = (double)n / (double)k;
		REQUIRE_MSG(max > 3 * expect + 5 * sqrt(expect),
		              "NURand(%d) looks uniform: max %ld vs %.0f",
		              f[t].A, max, expect);
		free(cnt);
	}
}
END_TEST

/* The C_LAST table of 2.1.6: 1e6 draws of NURand(255, 0, 999) with one C.
 * The busiest last-name number is drawn over 5x as often as uniform (1000),
 * and the rarest well under it. */
START_TEST(test_nurand_c_last_skew)
{
	tpcc_rng r;
	rng_seed(&r, 99);
	static long cnt[1000];
	memset(cnt, 0, sizeof cnt);
	const int c = (int)rng_range(&r, 0, 255);
	for (long i = 0; i < 1000000; i++)
		cnt[rng_nurand(&r, 255, c, 0, 999)]++;
	long max = 0, min = 1000000;
	for (int i = 0; i < 1000; i++) {
		if (cnt[i] > max)
			max = cnt[i];
		if (cnt[i] < min)
			min = cnt[i];
	}
	REQUIRE_MSG(max > 5000, "top bucket %ld", max);
	REQUIRE_MSG(min < 500, "bottom bucket %ld", min);
}
END_TEST

START_TEST(test_c_last_valid)
{
	ck_assert_int_eq(nurand_c_last_valid(0, 65), 1);
	ck_assert_int_eq(nurand_c_last_valid(65, 0), 1);
	ck_assert_int_eq(nurand_c_last_valid(0, 64), 0);
	ck_assert_int_eq(nurand_c_last_valid(0, 119), 1);
	ck_assert_int_eq(nurand_c_last_valid(0, 120), 0);
	ck_assert_int_eq(nurand_c_last_valid(0, 96), 0);
	ck_assert_int_eq(nurand_c_last_valid(200, 104), 0); /* 96 */
	ck_assert_int_eq(nurand_c_last_valid(10, 122), 0);  /* 112 */
	ck_assert_int_eq(nurand_c_last_valid(10, 107), 1);  /* 97 */
	ck_assert_int_eq(nurand_c_last_valid(255, 136), 1); /* 119 */
	ck_assert_int_eq(nurand_c_last_valid(100, 100), 0);
	ck_assert_int_eq(nurand_c_last_valid(200, 300), 0); /* out of range */
	ck_assert_int_eq(nurand_c_last_valid(-1, 70), 0);
}
END_TEST

START_TEST(test_c_run)
{
	tpcc_rng r;
	rng_seed(&r, 5);
	int seen_delta[120] = { 0 };
	long up = 0, down = 0;
	for (long i = 0; i < 100000; i++) {
		tpcc_nurand_c load, run;
		nurand_c_load(&r, &load);
		REQUIRE(load.c_last >= 0 && load.c_last <= 255);
		REQUIRE(load.c_id >= 0 && load.c_id <= 1023);
		REQUIRE(load.ol_i_id >= 0 && load.ol_i_id <= 8191);
		nurand_c_run(&r, &load, &run);
		REQUIRE(run.c_last >= 0 && run.c_last <= 255);
		REQUIRE(run.c_id >= 0 && run.c_id <= 1023);
		REQUIRE(run.ol_i_id >= 0 && run.ol_i_id <= 8191);
		int d = abs(run.c_last - load.c_last);
		REQUIRE_MSG(d >= 65 && d <= 119 && d != 96 && d != 112,
		              "load %d run %d", load.c_last, run.c_last);
		REQUIRE(nurand_c_last_valid(load.c_last, run.c_last));
		seen_delta[d]++;
		if (run.c_last > load.c_last)
			up++;
		else
			down++;
	}
	/* Every valid delta is reachable; both directions are used. */
	for (int d = 65; d <= 119; d++)
		REQUIRE_MSG((seen_delta[d] > 0) == (d != 96 && d != 112),
		              "delta %d seen %d times", d, seen_delta[d]);
	REQUIRE(up > 20000 && down > 20000);
	/* Every possible load value, including the edges. */
	for (int c = 0; c <= 255; c++) {
		tpcc_nurand_c load = { c, 0, 0 }, run;
		for (int i = 0; i < 50; i++) {
			nurand_c_run(&r, &load, &run);
			REQUIRE(nurand_c_last_valid(c, run.c_last));
		}
	}
}
END_TEST

START_TEST(test_lastname)
{
	char buf[16];
	ck_assert_uint_eq(tpcc_lastname(0, buf), 9);
	ck_assert_str_eq(buf, "BARBARBAR");
	ck_assert_uint_eq(tpcc_lastname(371, buf), 13);
	ck_assert_str_eq(buf, "PRICALLYOUGHT");
	ck_assert_uint_eq(tpcc_lastname(999, buf), 12);
	ck_assert_str_eq(buf, "EINGEINGEING");
	ck_assert_uint_eq(tpcc_lastname(123, buf), 12);
	ck_assert_str_eq(buf, "OUGHTABLEPRI");
	ck_assert_uint_eq(tpcc_lastname(777, buf), 15);
	ck_assert_str_eq(buf, "CALLYCALLYCALLY");
	ck_assert_uint_eq(tpcc_lastname(5, buf), 9);
	ck_assert_str_eq(buf, "BARBARESE");
	ck_assert_uint_eq(tpcc_lastname(80, buf), 11);
	ck_assert_str_eq(buf, "BARATIONBAR");
	for (int i = 0; i < 1000; i++)
		REQUIRE(tpcc_lastname(i, buf) == strlen(buf));
}
END_TEST

START_TEST(test_astring_nstring)
{
	tpcc_rng r;
	rng_seed(&r, 17);
	char buf[512];
	long chars[256] = { 0 };
	long total = 0;
	int len_seen[51] = { 0 };
	for (int i = 0; i < 100000; i++) {
		size_t n = rng_astring(&r, buf, 26, 50);
		REQUIRE(n >= 26 && n <= 50);
		REQUIRE(strlen(buf) == n);
		len_seen[n]++;
		for (size_t j = 0; j < n; j++) {
			unsigned char ch = (unsigned char)buf[j];
			REQUIRE_MSG((ch >= 'a' && ch <= 'z') ||
			              (ch >= 'A' && ch <= 'Z') ||
			              (ch >= '0' && ch <= '9'), "char %d", ch);
			chars[ch]++;
			total++;
		}
	}
	for (int n = 26; n <= 50; n++)
		ck_assert_int_gt(len_seen[n], 0);
	/* All 62 characters, evenly. */
	long obs[62];
	int k = 0;
	for (int ch = 0; ch < 256; ch++)
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9'))
			obs[k++] = chars[ch];
	ck_assert_int_eq(k, 62);
	REQUIRE(chi_square(obs, 62, total) < chi_bound(62));

	long digits[10] = { 0 };
	total = 0;
	for (int i = 0; i < 100000; i++) {
		size_t n = rng_nstring(&r, buf, 16, 16);
		REQUIRE(n == 16 && strlen(buf) == 16);
		for (size_t j = 0; j < n; j++) {
			REQUIRE(buf[j] >= '0' && buf[j] <= '9');
			digits[buf[j] - '0']++;
			total++;
		}
	}
	REQUIRE(chi_square(digits, 10, total) < chi_bound(10));

	/* Edges: empty, fixed length, reversed. */
	ck_assert_uint_eq(rng_astring(&r, buf, 0, 0), 0);
	ck_assert_str_eq(buf, "");
	ck_assert_uint_eq(rng_nstring(&r, buf, 300, 300), 300);
	ck_assert_uint_eq(strlen(buf), 300);
	ck_assert_uint_eq(rng_astring(&r, buf, 10, 5), 10);
}
END_TEST

START_TEST(test_zip)
{
	tpcc_rng r;
	rng_seed(&r, 23);
	char buf[10];
	for (int i = 0; i < 10000; i++) {
		memset(buf, 'x', sizeof buf);
		rng_zip(&r, buf);
		REQUIRE(strlen(buf) == 9);
		for (int j = 0; j < 4; j++)
			REQUIRE(buf[j] >= '0' && buf[j] <= '9');
		REQUIRE(strcmp(buf + 4, "11111") == 0);
	}
}
END_TEST

START_TEST(test_data_original)
{
	tpcc_rng r;
	rng_seed(&r, 31);
	char buf[51];
	long orig = 0;
	const long n = 100000;
	for (long i = 0; i < n; i++) {
		size_t len = rng_data_original(&r, buf, 26, 50);
		REQUIRE(len >= 26 && len <= 50);
		REQUIRE(strlen(buf) == len);
		orig += strstr(buf, "ORIGINAL") != NULL;
	}
	REQUIRE_MSG(orig >= 9500 && orig <= 10500, "ORIGINAL in %ld", orig);

	/* Shortest legal range: the marker fills the whole string. */
	orig = 0;
	for (long i = 0; i < n; i++) {
		size_t len = rng_data_original(&r, buf, 8, 8);
		REQUIRE(len == 8);
		orig += strcmp(buf, "ORIGINAL") == 0;
	}
	REQUIRE_MSG(orig >= 9500 && orig <= 10500, "ORIGINAL in %ld", orig);
}
END_TEST

START_TEST(test_permutation)
{
	tpcc_rng r;
	rng_seed(&r, 37);
	enum { N = 3000 };
	static int p[N];
	static char seen[N + 1];
	rng_permutation(&r, p, N);
	memset(seen, 0, sizeof seen);
	int fixed = 0;
	for (int i = 0; i < N; i++) {
		REQUIRE(p[i] >= 1 && p[i] <= N);
		REQUIRE(seen[p[i]] == 0);
		seen[p[i]] = 1;
		fixed += p[i] == i + 1;
	}
	/* A shuffle leaves about one element in place, not thousands. */
	ck_assert_int_lt(fixed, 20);

	/* Every position of a small permutation takes every value evenly. */
	long pos[5][5] = { { 0 } };
	for (int t = 0; t < 100000; t++) {
		int q[5];
		rng_permutation(&r, q, 5);
		for (int i = 0; i < 5; i++)
			pos[i][q[i] - 1]++;
	}
	for (int i = 0; i < 5; i++)
		REQUIRE(chi_square(pos[i], 5, 100000) < chi_bound(5));

	int one;
	rng_permutation(&r, &one, 1);
	ck_assert_int_eq(one, 1);
	rng_permutation(&r, NULL, 0);
}
END_TEST

START_TEST(test_think)
{
	tpcc_rng r;
	rng_seed(&r, 41);
	static const double means[] = { 12.0, 5.0, 0.25 };
	for (size_t t = 0; t < 3; t++) {
		const double mean = means[t];
		const long n = 1000000;
		double sum = 0;
		long capped = 0;
		for (long i = 0; i < n; i++) {
			double v = rng_think(&r, mean);
			REQUIRE(v >= 0 && v <= 10 * mean);
			sum += v;
			capped += v == 10 * mean;
		}
		/* Truncation at 10x takes e^-10 of the mass: negligible. */
		REQUIRE_MSG(fabs(sum / n - mean) < 0.02 * mean,
		              "mean %.4f wanted %.4f", sum / n, mean);
		/* P(X > 10 mean) = e^-10: about 45 in 1e6. */
		REQUIRE_MSG(capped < 200, "capped %ld", capped);
	}
	REQUIRE(rng_think(&r, 0) == 0);
	REQUIRE(rng_think(&r, -1) == 0);
}
END_TEST

static Suite *rand_suite(void)
{
	Suite *s = suite_create("rand");
	TCase *tc = tcase_create("core");
	/* The statistical tests draw millions of values; sanitizer builds
	 * need more than Check's default 4 s. */
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_seed);
	tcase_add_test(tc, test_range_bounds);
	tcase_add_test(tc, test_range_unbiased_large);
	tcase_add_test(tc, test_unit_interval);
	tcase_add_test(tc, test_nurand);
	tcase_add_test(tc, test_nurand_c_last_skew);
	tcase_add_test(tc, test_c_last_valid);
	tcase_add_test(tc, test_c_run);
	tcase_add_test(tc, test_lastname);
	tcase_add_test(tc, test_astring_nstring);
	tcase_add_test(tc, test_zip);
	tcase_add_test(tc, test_data_original);
	tcase_add_test(tc, test_permutation);
	tcase_add_test(tc, test_think);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(rand_suite());
}
