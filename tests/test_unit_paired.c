/* test_unit_paired.c: the paired A/B estimate of src/report/noise.c on
 * segment figures with known answers: the balanced order, identical arms
 * (the interval holds 0), a 25% effect under a steady drift (the estimate
 * holds it while the first two segments alone are off by the drift), and
 * the inputs it refuses; and src/run/steady.c's MSER-5 and trend test on
 * a ramp and on a drift. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <math.h>
#include <string.h>
#include "util/noise.h"
#include "run/steady.h"

/* A ripple of about 1% that repeats with no pattern of A and B. */
static double ripple(int i)
{
	static const double r[] = { 1.004, 0.991, 1.008, 0.997, 1.002, 0.989, 1.011, 0.996,
				    1.006, 0.993, 1.001, 1.009 };
	return r[i % 12];
}

START_TEST(test_order)
{
	char s[17];
	for (int i = 0; i < 16; i++)
		s[i] = noise_ab_is_b(i) ? 'B' : 'A';
	s[16] = '\0';
	ck_assert_str_eq(s, "ABBABAABABBABAAB");
}
END_TEST

START_TEST(test_identical)
{
	double y[8];
	int b[8];
	noise_verdict v;
	double det;
	for (int i = 0; i < 8; i++) {
		b[i] = noise_ab_is_b(i);
		y[i] = 50000 * ripple(i);
	}
	ck_assert_int_eq(noise_paired(y, b, 8, &v, &det), 0);
	ck_assert(v.known);
	ck_assert(v.lo_pct <= 0 && v.hi_pct >= 0);
	ck_assert(!v.beyond);
	ck_assert(det > 0 && det < 5);
	char t[256];
	noise_paired_text(&v, det, "NOPM", t, sizeof t);
	ck_assert_ptr_nonnull(strstr(t, "NOPM: no effect larger than"));
	/* Four uneven segments: one degree of freedom, an interval that
	 * rules nothing out, said so rather than as a bound. */
	double y4[4] = { 50000, 20000, 60000, 45000 };
	ck_assert_int_eq(noise_paired(y4, b, 4, &v, &det), 0);
	ck_assert_msg(!v.beyond && det > 100, "%.1f", det);
	noise_paired_text(&v, det, "NOPM", t, sizeof t);
	ck_assert_msg(strstr(t, "no effect shown, and the segments vary too much") &&
		      !strstr(t, "larger than"), "%s", t);
}
END_TEST

START_TEST(test_effect_under_drift)
{
	double y[8];
	int b[8];
	noise_verdict v;
	for (int i = 0; i < 8; i++) {
		b[i] = noise_ab_is_b(i);
		/* The service time rises 4% a segment: NOPM falls with it. */
		y[i] = 50000 / (1 + 0.04 * i) * (b[i] ? 1.25 : 1) * ripple(i);
	}
	ck_assert_int_eq(noise_paired(y, b, 8, &v, NULL), 0);
	ck_assert(v.beyond);
	ck_assert_msg(v.lo_pct <= 25 && v.hi_pct >= 25, "%.2f..%.2f", v.lo_pct, v.hi_pct);
	ck_assert(fabs(v.change_pct - 25) < 2);
	/* A before/after of the first two segments calls part of the drift
	 * the effect's: off by more than the paired interval's half-width. */
	double naive = (y[1] / y[0] - 1) * 100;
	ck_assert(fabs(naive - 25) > (v.hi_pct - v.lo_pct) / 2);
	char t[160];
	noise_paired_text(&v, 0, "NOPM", t, sizeof t);
	ck_assert_ptr_nonnull(strstr(t, "NOPM +2"));
	ck_assert_ptr_nonnull(strstr(t, "(95% CI +"));
}
END_TEST

START_TEST(test_refused)
{
	double y[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	int b[8] = { 0 };
	noise_verdict v;
	ck_assert_int_eq(noise_paired(y, b, 8, &v, NULL), -1);   /* no B */
	for (int i = 0; i < 8; i++)
		b[i] = noise_ab_is_b(i);
	ck_assert_int_eq(noise_paired(y, b, 3, &v, NULL), -1);   /* too few */
	ck_assert(!v.known);
	y[2] = 0;
	ck_assert_int_eq(noise_paired(y, b, 8, &v, NULL), -1);   /* not positive */
}
END_TEST

START_TEST(test_mser5)
{
	double x[120];
	/* A ramp over the first 30 s, then flat with the ripple. */
	for (int i = 0; i < 120; i++)
		x[i] = (i < 30 ? 20000 + 1000.0 * i : 50000) * ripple(i);
	int cut = steady_mser5(x, 120);
	ck_assert_msg(cut >= 25 && cut <= 35, "cut at %d", cut);
	ck_assert_int_eq(steady_mser5(x, 15), -1);   /* too short */
	double pct, lo, hi;
	ck_assert_int_eq(steady_trend(x + 30, 90, &pct, &lo, &hi), 0);
	ck_assert(lo <= 0 && hi >= 0);
	/* Four 5-s blocks are too few to judge a trend by; five are enough. */
	ck_assert_int_eq(steady_trend(x + 30, 24, &pct, &lo, &hi), -1);
	ck_assert_int_eq(steady_trend(x + 30, 25, &pct, &lo, &hi), 0);
	for (int i = 0; i < 120; i++)      /* NOPM falling 10% over the series */
		x[i] = 50000 * (1 - 0.1 * i / 119) * ripple(i);
	ck_assert_int_eq(steady_trend(x, 120, &pct, &lo, &hi), 0);
	ck_assert_msg(pct < -8 && pct > -12 && hi < 0, "%.2f (%.2f..%.2f)", pct, lo, hi);
	/* Halved half-way, with a stall: a ratio, never a fall past -100%. */
	for (int i = 0; i < 120; i++)
		x[i] = (i < 60 ? 50000 : i < 70 ? 0 : 25000) * ripple(i);
	ck_assert_int_eq(steady_trend(x, 120, &pct, &lo, &hi), 0);
	ck_assert_msg(pct < -40 && lo > -100 && lo <= pct && pct <= hi,
		      "%.2f (%.2f..%.2f)", pct, lo, hi);
}
END_TEST

/* A step's NOPM interval never goes under 0, however uneven its blocks. */
START_TEST(test_mean_interval)
{
	double x[20], lo, hi;
	for (int i = 0; i < 20; i++)
		x[i] = i < 10 ? 100 : 20000;
	ck_assert_int_eq(noise_mean_interval(x, 20, &lo, &hi), 0);
	ck_assert_msg(lo >= 0 && lo <= hi && hi > 10050, "%.1f..%.1f", lo, hi);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("paired");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_order);
	tcase_add_test(tc, test_mean_interval);
	tcase_add_test(tc, test_identical);
	tcase_add_test(tc, test_effect_under_drift);
	tcase_add_test(tc, test_refused);
	tcase_add_test(tc, test_mser5);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
