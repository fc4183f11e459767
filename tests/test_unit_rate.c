/* test_unit_rate.c: the offered load's schedule (src/run/rate.c): starts
 * evenly spaced whichever thread takes them, none taken twice; a change of
 * rate keeps a backlog and invalidates the old schedule's starts; how far
 * behind it is; the console's rate words; when a rate counts as achieved. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "run/rate.h"

#define S 1000000000ull

START_TEST(test_closed_loop)
{
	rate_sched r;
	unsigned ep;
	rate_init(&r);
	REQUIRE(rate_claim(&r, &ep) == 0);
	REQUIRE(rate_tpm(&r) == 0);
	double b;
	uint64_t n;
	rate_behind(&r, 100 * S, &b, &n);
	REQUIRE(b == 0 && n == 0);
	rate_destroy(&r);
}
END_TEST

START_TEST(test_schedule)
{
	rate_sched r;
	unsigned ep, ep2;
	rate_init(&r);
	rate_set(&r, 6000, 10 * S, 1);              /* 100 a second: every 10 ms */
	REQUIRE(rate_tpm(&r) == 6000);
	REQUIRE(rate_claim(&r, &ep) == 10 * S);
	REQUIRE(rate_claim(&r, &ep2) == 10 * S + 10000000);
	REQUIRE(ep == ep2 && rate_current(&r, ep));
	/* Taken up to 10.02 s; at 10.5 s the start due at 10.02 s waits 0.48 s,
	 * and 49 are due (10.02 .. 10.50). */
	double b;
	uint64_t n;
	rate_behind(&r, 10 * S + S / 2, &b, &n);
	REQUIRE_MSG(b > 0.479 && b < 0.481, "behind %f", b);
	REQUIRE_MSG(n == 49, "due %llu", (unsigned long long)n);
	/* Ahead of schedule: nothing due. */
	rate_behind(&r, 10 * S, &b, &n);
	REQUIRE(b == 0 && n == 0);
	/* A change while behind keeps the backlog: the new schedule starts at
	 * the old one's next start; the old epoch is no longer current. */
	rate_set(&r, 60000, 20 * S, 1);
	REQUIRE(!rate_current(&r, ep));
	REQUIRE(rate_claim(&r, &ep) == 10 * S + 20000000);
	REQUIRE(rate_claim(&r, &ep) == 10 * S + 21000000);   /* 1 ms apart now */
	/* A change while ahead starts from now. */
	rate_set(&r, 60, 5 * S, 1);
	REQUIRE(rate_claim(&r, &ep) == 5 * S);
	REQUIRE(rate_claim(&r, &ep) == 6 * S);
	/* A restart drops the backlog; off is a closed loop again. */
	rate_restart(&r, 50 * S);
	REQUIRE(rate_claim(&r, &ep) == 50 * S);
	/* Afresh: a backlog dropped. */
	rate_set(&r, 6000, 100 * S, 0);
	REQUIRE(rate_claim(&r, &ep) == 100 * S);
	rate_set(&r, 0, 60 * S, 1);
	REQUIRE(rate_claim(&r, &ep) == 0 && rate_current(&r, ep));
	rate_destroy(&r);
}
END_TEST

#define CLAIMS 200000
static rate_sched shared;
static uint64_t got[4][CLAIMS];

static void *claimer(void *arg)
{
	uint64_t *out = arg;
	unsigned ep;
	for (int i = 0; i < CLAIMS; i++)
		out[i] = rate_claim(&shared, &ep);
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Four threads at once: every start once, none skipped. */
START_TEST(test_concurrent_claims)
{
	pthread_t th[4];
	rate_init(&shared);
	rate_set(&shared, 60000000, S, 0);          /* every 1 us */
	for (int i = 0; i < 4; i++)
		REQUIRE(pthread_create(&th[i], NULL, claimer, got[i]) == 0);
	for (int i = 0; i < 4; i++)
		pthread_join(th[i], NULL);
	uint64_t *all = malloc(sizeof got);
	memcpy(all, got, sizeof got);
	qsort(all, 4 * CLAIMS, sizeof *all, cmp_u64);
	for (int i = 0; i < 4 * CLAIMS; i++)
		REQUIRE_MSG(all[i] == S + (uint64_t)i * 1000, "start %d is %llu", i,
			    (unsigned long long)all[i]);
	free(all);
	rate_destroy(&shared);
}
END_TEST

START_TEST(test_parse_and_met)
{
	long v;
	char err[256];
	REQUIRE(rate_parse("30000", &v, err, sizeof err) == 0 && v == 30000);
	REQUIRE(rate_parse("off", &v, err, sizeof err) == 0 && v == 0);
	REQUIRE(rate_parse("0", &v, err, sizeof err) == 0 && v == 0);
	const char *bad[] = { "", "-1", "1.5", "12k", "100000001", "99999999999999999999" };
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		REQUIRE_MSG(rate_parse(bad[i], &v, err, sizeof err) == -1, "'%s' taken", bad[i]);
		REQUIRE(strstr(err, "expected transactions per minute"));
	}
	REQUIRE(rate_met(1000, 960, 0.2));
	REQUIRE(!rate_met(1000, 940, 0.2));      /* under 95% */
	REQUIRE(!rate_met(1000, 1000, 1.5));     /* ending behind */
}
END_TEST

int main(void)
{
	Suite *s = suite_create("rate");
	TCase *tc = tcase_create("rate");
	tcase_add_test(tc, test_closed_loop);
	tcase_add_test(tc, test_schedule);
	tcase_add_test(tc, test_concurrent_claims);
	tcase_add_test(tc, test_parse_and_met);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
