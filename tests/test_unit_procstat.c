/* test_unit_procstat.c: parsing /proc/stat and /proc/PID/stat lines, and
 * that this process can be found and measured. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <unistd.h>
#include "run/procstat.h"

START_TEST(test_parse_cpu)
{
	cpu_times a, b;
	double u, s, io;
	ck_assert_int_eq(procstat_parse_cpu("cpu  100 20 30 800 50 0 0 0 0 0\n", &a), 0);
	ck_assert_uint_eq(a.user, 120);
	ck_assert_uint_eq(a.sys, 30);
	ck_assert_uint_eq(a.total, 1000);
	ck_assert_int_eq(procstat_parse_cpu("cpu  200 20 80 1400 100 10 10 0\n", &b), 0);
	procstat_host_pct(&a, &b, &u, &s, &io);
	/* 820 jiffies passed: 100 user, 70 sys (50 + irq 10 + softirq 10), 50 iowait. */
	ck_assert_double_eq_tol(u, 100.0 * 100 / 820, 1e-9);
	ck_assert_double_eq_tol(s, 100.0 * 70 / 820, 1e-9);
	ck_assert_double_eq_tol(io, 100.0 * 50 / 820, 1e-9);
	procstat_host_pct(&a, &a, &u, &s, &io);
	ck_assert_double_eq(u, 0);
	ck_assert_int_eq(procstat_parse_cpu("cpu0 1 2 3 4\n", &a), -1);
	ck_assert_int_eq(procstat_parse_cpu("intr 1 2\n", &a), -1);
}
END_TEST

START_TEST(test_parse_pid_stat)
{
	unsigned long long t;
	/* A command name with spaces and a ')' must not shift the fields. */
	const char *line = "1234 (my ) proc) S 1 1234 1234 0 -1 4194560 500 0 0 0 "
			   "700 300 0 0 20 0 8 0 100 0 0\n";
	ck_assert_int_eq(procstat_parse_pid_stat(line, &t), 0);
	ck_assert_uint_eq(t, 1000);
	ck_assert_int_eq(procstat_parse_pid_stat("garbage", &t), -1);
}
END_TEST

START_TEST(test_self)
{
	cpu_times h;
	ck_assert_int_eq(procstat_host(&h), 0);
	ck_assert_uint_gt(h.total, 0);
	ck_assert(procstat_pid_cpu(getpid()) >= 0);
	ck_assert(procstat_pid_cpu(0) < 0 || procstat_pid_cpu(0) >= 0); /* never crashes */
	ck_assert_int_eq(procstat_socket_owner("/nonexistent/socket"), 0);
	ck_assert_int_eq(procstat_pidfile("/nonexistent/pid"), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("procstat");
	TCase *tc = tcase_create("procstat");
	tcase_add_test(tc, test_parse_cpu);
	tcase_add_test(tc, test_parse_pid_stat);
	tcase_add_test(tc, test_self);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
