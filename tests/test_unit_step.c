/* test_unit_step.c: a sweep's steps from its settings (the --vus x --knob
 * grid in its order, the one-by-one text form that --steps and the config
 * file's list become, and the errors that name the setting), and the
 * table printed at the end; capacity's limits and its search (bracket,
 * then bisect) against a server whose answer is known. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <string.h>
#include "config/options.h"
#include "run/capacity.h"
#include "run/step.h"
#include "run/sweep_live.h"

static step_spec specs[STEPS_MAX];

static tpcc_config base(void)
{
	tpcc_config c;
	config_defaults(&c);
	c.sweep_step = 7;
	c.sweep_settle = 3;
	return c;
}

START_TEST(test_grid_order)
{
	tpcc_config c = base();
	char err[512];
	strcpy(c.sweep_vus, "8,32");
	strcpy(c.sweep_knob, "innodb_io_capacity=200,1000,5000");
	int n = steps_from_config(&c, specs, STEPS_MAX, err, sizeof err);
	REQUIRE(n == 6);
	/* Every value with every VU count, the VU count changing fastest. */
	const int vus[] = { 8, 32, 8, 32, 8, 32 };
	const char *const val[] = { "200", "200", "1000", "1000", "5000", "5000" };
	for (int i = 0; i < n; i++) {
		REQUIRE(specs[i].vus == vus[i]);
		REQUIRE(specs[i].nset == 1);
		REQUIRE(!strcmp(specs[i].set[0].name, "innodb_io_capacity"));
		REQUIRE(!strcmp(specs[i].set[0].value, val[i]));
		REQUIRE(specs[i].seconds == 7 && specs[i].settle == 3);
	}
	c.sweep_knob[0] = '\0';
	REQUIRE(steps_from_config(&c, specs, STEPS_MAX, err, sizeof err) == 2);
	REQUIRE(specs[1].vus == 32 && specs[1].nset == 0);
	REQUIRE(steps_from_config(&c, specs, 1, err, sizeof err) == -1);
}
END_TEST

START_TEST(test_text_form)
{
	tpcc_config c = base();
	char err[512];
	strcpy(c.sweep_steps, "vus=4;  vus=8 innodb_io_capacity=1000 settle=0 step=30 ;sync_binlog=0");
	int n = steps_from_config(&c, specs, STEPS_MAX, err, sizeof err);
	REQUIRE(n == 3);
	REQUIRE(specs[0].vus == 4 && specs[0].nset == 0 && specs[0].seconds == 7 && specs[0].settle == 3);
	REQUIRE(specs[1].vus == 8 && specs[1].nset == 1 && specs[1].seconds == 30 && specs[1].settle == 0);
	REQUIRE(!strcmp(specs[1].set[0].name, "innodb_io_capacity") && !strcmp(specs[1].set[0].value, "1000"));
	REQUIRE(specs[2].vus == -1 && specs[2].nset == 1);
}
END_TEST

/* Rates: a list is a dimension of the grid, between the knob values and
 * the VU counts; a step names one as rate=N (off: a closed loop). */
START_TEST(test_rates)
{
	tpcc_config c = base();
	char err[512];
	strcpy(c.sweep_rate, "20000,off");
	strcpy(c.sweep_vus, "8,32");
	strcpy(c.sweep_knob, "innodb_io_capacity=200,1000");
	int n = steps_from_config(&c, specs, STEPS_MAX, err, sizeof err);
	REQUIRE_MSG(n == 8, "%d steps: %s", n, err);
	const long rate[] = { 20000, 20000, 0, 0, 20000, 20000, 0, 0 };
	const int vus[] = { 8, 32, 8, 32, 8, 32, 8, 32 };
	for (int i = 0; i < n; i++) {
		REQUIRE(specs[i].rate == rate[i] && specs[i].vus == vus[i]);
		REQUIRE(!strcmp(specs[i].set[0].value, i < 4 ? "200" : "1000"));
	}
	c = base();
	strcpy(c.sweep_rate, "1000,2000");
	REQUIRE(steps_from_config(&c, specs, STEPS_MAX, err, sizeof err) == 2);
	REQUIRE(specs[0].rate == 1000 && specs[1].rate == 2000 && specs[1].vus == -1);
	c = base();
	strcpy(c.sweep_steps, "vus=4 rate=30000; rate=off; vus=8");
	REQUIRE(steps_from_config(&c, specs, STEPS_MAX, err, sizeof err) == 3);
	REQUIRE(specs[0].rate == 30000 && specs[0].vus == 4);
	REQUIRE(specs[1].rate == 0 && specs[1].vus == -1);
	REQUIRE(specs[2].rate == -1);
}
END_TEST

/* err says which setting, which step and what was expected. */
static void refused(tpcc_config *c, const char *want)
{
	char err[512] = "";
	REQUIRE(steps_from_config(c, specs, STEPS_MAX, err, sizeof err) == -1);
	if (!strstr(err, want))
		ck_abort_msg("error '%s' lacks '%s'", err, want);
}

START_TEST(test_errors)
{
	tpcc_config c = base();
	refused(&c, "nothing to sweep");
	strcpy(c.sweep_vus, "1,0,4");
	refused(&c, "sweep.vus (--vus): expected VU counts from 1 to 10000");
	strcpy(c.sweep_vus, "1,2,");
	refused(&c, "a comma at the end");
	c = base();
	strcpy(c.sweep_knob, "innodb_io_capacity");
	refused(&c, "sweep.knob (--knob): expected NAME=V1,V2");
	strcpy(c.sweep_knob, "innodb_io_capacity=1,,2");
	refused(&c, "an empty value");
	strcpy(c.sweep_knob, "bad name=1");
	refused(&c, "sweep.knob (--knob):");
	c = base();
	strcpy(c.sweep_steps, "vus=4; ; vus=8");
	refused(&c, "step 2 is empty");
	strcpy(c.sweep_steps, "vus=x");
	refused(&c, "step 1: vus: expected an integer from 1 to 10000, got 'x'");
	strcpy(c.sweep_steps, "vus=1 step=0");
	refused(&c, "step: expected seconds from 1 to 86400 (or 90s, 45m, 2h, 1d), got '0'");
	strcpy(c.sweep_steps, "vus=1 step=2m settle=30s");
	{
		char err[512] = "";
		REQUIRE(steps_from_config(&c, specs, STEPS_MAX, err, sizeof err) == 1 &&
			specs[0].seconds == 120 && specs[0].settle == 30);
	}
	strcpy(c.sweep_steps, "vus=1 a=1 b=2 c=3 d=4 e=5");
	refused(&c, "at most 4 variables a step");
	strcpy(c.sweep_vus, "1,2");
	refused(&c, "not both");
	c = base();
	strcpy(c.sweep_rate, "1000,lots");
	refused(&c, "sweep.rate (--rate): expected transactions per minute from 0 to 100000000");
	strcpy(c.sweep_rate, "1000,,2000");
	refused(&c, "sweep.rate (--rate): expected rates in transactions per minute");
	strcpy(c.sweep_rate, "1000,");
	refused(&c, "sweep.rate (--rate)");
	c = base();
	strcpy(c.sweep_steps, "vus=2 rate=-3");
	refused(&c, "step 1: rate: expected transactions per minute");
}
END_TEST

START_TEST(test_table)
{
	step_result r[2];
	char lines[3][STEP_LINE];
	memset(r, 0, sizeof r);
	r[0].index = 1;
	strcpy(r[0].label, "vus=1");
	r[0].nopm = 1000;
	r[0].tpm = 2300;
	r[0].p95[TX_NEW_ORDER] = 12.5;
	r[0].p95[TX_PAYMENT] = 8.25;
	r[0].complete = 1;
	r[1] = r[0];
	r[1].index = 2;
	strcpy(r[1].label, "vus=2 a_rather_long_variable_name_for_a_column=123456");
	r[1].nopm = 1500;
	r[1].errors[ERR_DEADLOCK] = 2;
	r[1].errors[ERR_OTHER] = 1;
	r[1].complete = 0;
	REQUIRE(steps_table(r, 2, lines, 3) == 3);
	REQUIRE(strstr(lines[0], "NOPM") && strstr(lines[0], "ratio"));
	/* The label column is as wide as the longest label. */
	REQUIRE(strstr(lines[2], "a_rather_long_variable_name_for_a_column=123456 "));
	REQUIRE(strstr(lines[1], " 1000 ") && strstr(lines[1], " 12.50 ") && strstr(lines[1], " 8.25 "));
	REQUIRE(strstr(lines[1], " 1.00"));
	REQUIRE(strstr(lines[2], " 1500 ") && strstr(lines[2], " 3 ") && strstr(lines[2], " 1.50"));
	REQUIRE(strstr(lines[2], "(cut short)"));
	REQUIRE(!strstr(lines[1], "(cut short)"));
	strcpy(r[1].ended_by, "next");
	REQUIRE(steps_table(r, 2, lines, 3) == 3);
	REQUIRE(strstr(lines[2], "(ended early)") && !strstr(lines[2], "(cut short)"));
	/* The header's columns line up with the rows'. */
	REQUIRE(strlen(lines[0]) == strlen(lines[1]));
	REQUIRE(strstr(lines[0], "NOPM") - lines[0] + 4 == strstr(lines[1], "1000") - lines[1] + 4);
	REQUIRE(!strstr(lines[0], "offered"));
	/* Under an offered load the rate asked for stands beside the TPM,
	 * and a step the VUs could not keep up with says so. */
	r[0].offered_tpm = 2400;
	r[0].rate_met = 1;
	r[1].offered_tpm = 90000;
	r[1].rate_met = 0;
	REQUIRE(steps_table(r, 2, lines, 3) == 3);
	REQUIRE(strstr(lines[0], "offered") && strstr(lines[1], " 2400 "));
	REQUIRE(strstr(lines[2], " 90000 ") && strstr(lines[2], "(not achieved)"));
	REQUIRE(!strstr(lines[1], "not achieved"));
	REQUIRE(strstr(lines[0], "offered") - lines[0] + 7 == strstr(lines[1], " 2400 ") - lines[1] + 5);
}
END_TEST

/* The console's `sweep` words become the sweep settings through the
 * option table, and then the same steps as the subcommand's. */
START_TEST(test_live_args)
{
	tpcc_config c = base(), out;
	char err[512];
	strcpy(c.sweep_vus, "64");   /* the run's own: never the command's */
	REQUIRE(sweep_live_args(&c, "vus=1,2 knob=innodb_io_capacity=200,400 step=5 settle=0",
				&out, err, sizeof err) == 0);
	REQUIRE(!strcmp(out.sweep_vus, "1,2") && !strcmp(out.sweep_knob, "innodb_io_capacity=200,400"));
	REQUIRE(out.sweep_step == 5 && out.sweep_settle == 0);
	REQUIRE(steps_from_config(&out, specs, STEPS_MAX, err, sizeof err) == 4);
	REQUIRE(specs[3].vus == 2 && !strcmp(specs[3].set[0].value, "400") && specs[3].seconds == 5);
	/* The subcommand's spelling, and defaults from the run's settings. */
	REQUIRE(sweep_live_args(&c, "  --vus 4,8 --settle=2 ", &out, err, sizeof err) == 0);
	REQUIRE(!strcmp(out.sweep_vus, "4,8") && out.sweep_settle == 2 && out.sweep_step == 7);
	/* steps= takes the rest of the line, spaces and all. */
	REQUIRE(sweep_live_args(&c, "step=9 steps=vus=4; vus=8 sync_binlog=0  ", &out, err,
				sizeof err) == 0);
	REQUIRE(!strcmp(out.sweep_steps, "vus=4; vus=8 sync_binlog=0"));
	REQUIRE(steps_from_config(&out, specs, STEPS_MAX, err, sizeof err) == 2);
	REQUIRE(specs[1].nset == 1 && specs[1].seconds == 9);
	/* What is wrong, and what was expected. */
	REQUIRE(sweep_live_args(&c, "vus=1 bogus=5", &out, err, sizeof err) == -1);
	REQUIRE(strstr(err, "unknown argument 'bogus=5'") && strstr(err, "expected vus="));
	REQUIRE(sweep_live_args(&c, "step=0", &out, err, sizeof err) == -1);
	REQUIRE(strstr(err, "sweep: step: expected seconds from 1 to 86400 (or 90s, 45m, 2h, 1d), got '0'"));
	REQUIRE(sweep_live_args(&c, "--settle", &out, err, sizeof err) == -1);
	REQUIRE(strstr(err, "settle: missing value"));
}
END_TEST

START_TEST(test_cap_limits)
{
	cap_limit l[CAP_LIMITS_MAX];
	char err[256];
	ck_assert_int_eq(cap_limits_parse("", l, CAP_LIMITS_MAX, err, sizeof err), TX_COUNT);
	ck_assert_str_eq(l[4].name, "stock_level.p90");
	ck_assert(l[4].ms == 20000 && l[0].ms == 5000);
	ck_assert_int_eq(cap_limits_parse("new_order.p90=5s; payment.p99=200ms", l,
					  CAP_LIMITS_MAX, err, sizeof err), 2);
	ck_assert(l[0].ms == 5000 && l[1].ms == 200 && l[1].pct == CAP_P99);
	ck_assert_int_eq(cap_limits_parse("neworder.p90=5s", l, CAP_LIMITS_MAX, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "unknown transaction 'neworder'"));
	ck_assert_int_eq(cap_limits_parse("payment.p91=5s", l, CAP_LIMITS_MAX, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "unknown percentile 'p91'"));
	ck_assert_int_eq(cap_limits_parse("payment.max=5", l, CAP_LIMITS_MAX, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "with a unit"));
	ck_assert_int_eq(cap_limits_parse("payment.max=5s;payment.max=1s", l, CAP_LIMITS_MAX, err,
					  sizeof err), -1);
	ck_assert_int_eq(cap_budget_parse("", err, sizeof err), CAP_STEPS_DEFAULT);
	ck_assert_int_eq(cap_budget_parse("1", err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "--steps"));
	ck_assert_int_eq(cap_budget_parse("vus=4", err, sizeof err), -1);
}
END_TEST

/* A server that holds any rate up to cap and no more; the search, fed
 * its verdicts, ends within its budget at a knee within resolution. */
static long search(double ceiling, long cap, int budget, cap_search *s, int *steps)
{
	step_result r[CAP_STEPS_MAX];
	memset(r, 0, sizeof r);
	cap_search_init(s, budget);
	r[0].complete = 1;
	r[0].tpm = ceiling;
	long next = cap_search_next(s, r, 1, 0);
	int n = 1;
	while (next) {
		r[n].complete = 1;
		r[n].rate = next;
		n++;
		next = cap_search_next(s, r, n, next <= cap);
	}
	*steps = n;
	return s->lo;
}

START_TEST(test_cap_search)
{
	cap_search s;
	int n;
	/* The knee below the ceiling: halve to bracket, then bisect to 1%. */
	long k = search(100000, 61000, 20, &s, &n);
	ck_assert(k <= 61000 && k >= 61000 * (1 - 2 * CAP_RESOLUTION));
	ck_assert_str_eq(s.stopped, "resolved");
	ck_assert_int_le(n, 20);
	/* The ceiling holds: look 25% above it, then bisect. */
	k = search(50000, 55000, 20, &s, &n);
	ck_assert(k <= 55000 && k >= 55000 * (1 - 2 * CAP_RESOLUTION));
	/* The budget ends it, with the best rate found so far. */
	k = search(100000, 61000, 4, &s, &n);
	ck_assert_int_eq(n, 4);
	ck_assert_str_eq(s.stopped, "step budget spent");
	ck_assert(k == 50000 && s.hi == 75000);
	/* Nothing holds: it gives up, no knee. */
	k = search(100000, 10, 40, &s, &n);
	ck_assert(k == 0 && s.stopped[0]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("step");
	TCase *tc = tcase_create("step");
	tcase_add_test(tc, test_grid_order);
	tcase_add_test(tc, test_text_form);
	tcase_add_test(tc, test_rates);
	tcase_add_test(tc, test_errors);
	tcase_add_test(tc, test_table);
	tcase_add_test(tc, test_live_args);
	tcase_add_test(tc, test_cap_limits);
	tcase_add_test(tc, test_cap_search);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
