/* test_unit_metrics.c: the Prometheus page (src/metrics/exposition.c):
 * buckets folded from our histogram against an exact count of the same
 * values, cumulative and ending in +Inf = _count, labels escaped, and every
 * line of the page in the text format's shape. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "metrics/exposition.h"
#include "util/utf8.h"
#include "tpcc/rand.h"

#include <check.h>
#include "unit.h"
#include <math.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

static engine_pub *pub_new(void)
{
	engine_pub *p = calloc(1, sizeof *p);
	ck_assert_ptr_nonnull(p);
	p->step = -1;
	return p;
}

/* A bucket straddling a bound counts at the next one, so the folded count
 * at B lies between the values at or below B less one bucket's width (2%
 * at most above 128 us) and those at or below B. */
START_TEST(test_fold_vs_exact)
{
	enum { N = 200000 };
	engine_pub *p = pub_new();
	uint64_t *v = malloc(N * sizeof *v);
	tpcc_rng r;
	rng_seed(&r, 7);
	hist_snap *h = &p->cum.lat[0];
	for (int i = 0; i < N; i++) {
		/* log-uniform from 50 us to 100 s */
		double x = 50.0 * pow(2e6, rng_unit(&r));
		v[i] = (uint64_t)x;
		h->b[hist_bucket(v[i])]++;
		h->count++;
	}
	uint64_t cum[EXPO_NBOUNDS];
	expo_fold(h, cum);
	for (int k = 0; k < EXPO_NBOUNDS; k++) {
		uint64_t b = expo_bounds_us[k], le = 0, below = 0;
		for (int i = 0; i < N; i++) {
			le += v[i] <= b;
			below += v[i] < b - b / 50;
		}
		REQUIRE_MSG(cum[k] <= le && cum[k] >= below,
			    "le %llu us: folded %llu, exact %llu, below a bucket %llu",
			    (unsigned long long)b, (unsigned long long)cum[k],
			    (unsigned long long)le, (unsigned long long)below);
		if (k)
			REQUIRE(cum[k] >= cum[k - 1]);
	}
	REQUIRE(cum[EXPO_NBOUNDS - 1] <= h->count);
	free(v);
	free(p);
}
END_TEST

/* Every line a comment or `name{labels} value`; the buckets of each type
 * non-decreasing and the +Inf one equal to _count. */
START_TEST(test_page_shape)
{
	engine_pub *p = pub_new();
	expo_static st = { .warehouses = 4, .first_w = 1, .last_w = 4 };
	strcpy(st.run, "20261201T000000Z-mysql-4w \"quoted\" \\ back");
	strcpy(st.version, "1.0");
	for (int t = 0; t < TX_COUNT; t++) {
		p->cum.commits[t] = 100u * (t + 1);
		for (int i = 0; i < 3000; i += 7) {
			p->cum.lat[t].b[hist_bucket((uint64_t)i * (t + 3))]++;
			p->cum.lat[t].count++;
		}
	}
	p->sample.nmetrics = 1;
	strcpy(p->sample.metric[0].name, "threads_running");
	p->sample.metric[0].value = 3;
	p->have_sample = 1;
	char *page;
	size_t len;
	ck_assert_int_eq(expo_render(p, &st, 1.5, &page, &len), 0);
	ck_assert_uint_eq(strlen(page), len);
	regex_t line;
	ck_assert_int_eq(regcomp(&line, "^(# (HELP|TYPE) .*|[a-z_]+\\{([a-z_]+=\"([^\"\\\\]|\\\\.)*\",?)+\\} "
				 "[-+0-9.e]+( [0-9]+)?)$", REG_EXTENDED | REG_NOSUB), 0);
	char *save, *l;
	uint64_t last = 0, inf = 0;
	int buckets = 0, counts = 0;
	for (l = strtok_r(page, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		REQUIRE_MSG(!regexec(&line, l, 0, NULL, 0), "not in the text format: %s", l);
		const char *val = strrchr(l, ' ') + 1;
		if (!strncmp(l, "tpcc_latency_seconds_bucket", 27)) {
			uint64_t n = strtoull(val, NULL, 10);
			if (strstr(l, "le=\"0.0001\""))
				last = 0;
			REQUIRE_MSG(n >= last, "buckets go down at %s", l);
			last = n;
			if (strstr(l, "le=\"+Inf\""))
				inf = n;
			buckets++;
		} else if (!strncmp(l, "tpcc_latency_seconds_count", 26)) {
			REQUIRE_MSG(strtoull(val, NULL, 10) == inf, "+Inf is not _count at %s", l);
			counts++;
		}
	}
	ck_assert_int_eq(buckets, TX_COUNT * (EXPO_NBOUNDS + 1));
	ck_assert_int_eq(counts, TX_COUNT);
	regfree(&line);
	free(page);
	free(p);
}
END_TEST

START_TEST(test_labels_and_server)
{
	engine_pub *p = pub_new();
	expo_static st = { .warehouses = 2 };
	strcpy(st.run, "a\"b");
	strcpy(st.label, "x\ny");
	p->have_sample = 1;
	p->sample.nmetrics = 1;
	strcpy(p->sample.metric[0].name, "innodb_data_reads");
	p->sample.metric[0].value = 42;
	p->phase = PH_STEADY;
	p->step = 3;
	char *page;
	size_t len;
	ck_assert_int_eq(expo_render(p, &st, 0, &page, &len), 0);
	ck_assert_ptr_nonnull(strstr(page, "tpcc_commits_total{run=\"a\\\"b\",label=\"x\\ny\",type=\"new_order\"} 0\n"));
	ck_assert_ptr_nonnull(strstr(page, "name=\"innodb_data_reads\"} 42\n"));
	ck_assert_ptr_nonnull(strstr(page, "phase=\"steady\"} 1\n"));
	ck_assert_ptr_nonnull(strstr(page, "phase=\"rampup\"} 0\n"));
	/* The step is the value: a label value a step would make a series
	 * a step. */
	ck_assert_ptr_nonnull(strstr(page, "tpcc_step{run=\"a\\\"b\",label=\"x\\ny\"} 3\n"));
	free(page);
	p->step = -1;
	p->have_sample = 0;
	ck_assert_int_eq(expo_render(p, &st, 0, &page, &len), 0);
	ck_assert_ptr_null(strstr(page, "tpcc_step"));
	ck_assert_ptr_null(strstr(page, "tpcc_server_metric"));
	free(page);
	/* After a tick no sample carries a time of its own: the scrape's. */
	p->ticks = 1;
	p->at_ms = 1796128790123LL;
	ck_assert_int_eq(expo_render(p, &st, 2, &page, &len), 0);
	ck_assert_ptr_nonnull(strstr(page, "type=\"new_order\"} 0\n"));
	ck_assert_ptr_null(strstr(page, "1796128790123"));
	ck_assert_ptr_nonnull(strstr(page, "tpcc_client_cpu_seconds_total{run=\"a\\\"b\",label=\"x\\ny\"} 2\n"));
	free(page);
	free(p);
}
END_TEST

/* A label and a server metric's name that are not UTF-8 (a Latin-1
 * terminal, a server's own character set): the page, which the format
 * says is UTF-8, has U+FFFD in their place. */
START_TEST(test_labels_utf8)
{
	engine_pub *p = pub_new();
	expo_static st = { .warehouses = 1 };
	strcpy(st.run, "r");
	strcpy(st.label, "io\xff cap");
	p->have_sample = 1;
	p->sample.nmetrics = 1;
	strcpy(p->sample.metric[0].name, "caf\xe9");
	char *page;
	size_t len;
	ck_assert_int_eq(expo_render(p, &st, 0, &page, &len), 0);
	ck_assert_uint_eq(utf8_invalid_bytes(page, len), 0);
	ck_assert_ptr_nonnull(strstr(page, "{run=\"r\",label=\"io\xef\xbf\xbd cap\",type=\"new_order\"}"));
	ck_assert_ptr_nonnull(strstr(page, "name=\"caf\xef\xbf\xbd\"}"));
	free(page);
	free(p);
}
END_TEST

static Suite *metrics_suite(void)
{
	Suite *s = suite_create("metrics");
	TCase *tc = tcase_create("core");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_fold_vs_exact);
	tcase_add_test(tc, test_page_shape);
	tcase_add_test(tc, test_labels_and_server);
	tcase_add_test(tc, test_labels_utf8);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return unit_run(metrics_suite());
}
