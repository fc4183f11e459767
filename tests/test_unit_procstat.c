/* test_unit_procstat.c: parsing /proc/stat and /proc/PID/stat lines, and
 * that this process can be found and measured. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include <sys/wait.h>
#include <signal.h>
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

START_TEST(test_parse_pid_stat_tree)
{
	unsigned long long t, r;
	pid_t pp;
	const char *line = "1234 (my ) proc) S 77 1234 1234 0 -1 4194560 500 0 0 0 "
			   "700 300 40 2 20 0 8 0 100 0 0\n";
	ck_assert_int_eq(procstat_parse_pid_stat_tree(line, &pp, &t, &r), 0);
	ck_assert_int_eq(pp, 77);
	ck_assert_uint_eq(t, 1000);
	ck_assert_uint_eq(r, 42);
	ck_assert_int_eq(procstat_parse_pid_stat_tree("1 (x) S 1", &pp, &t, &r), -1);
}
END_TEST

/* A server of processes: a child's CPU counts in its parent's tree while
 * it lives, and still after it has been waited for. */
/* A child that has used some CPU counts in its parent's tree, and still
 * does once reaped.  The child says how much it used, by its own reading:
 * the test asserts on that, not on how long spinning took (under load it
 * takes longer; the case's timeout is generous for that). */
START_TEST(test_tree_cpu)
{
	int fds[2];
	ck_assert_int_eq(pipe(fds), 0);
	pid_t child = fork();
	ck_assert_int_ge(child, 0);
	if (child == 0) {
		double start = procstat_pid_cpu(getpid()), used;
		volatile unsigned long spin = 0;
		while ((used = procstat_pid_cpu(getpid())) - start < 0.05)
			for (int i = 0; i < 100000; i++)
				spin++;
		if (write(fds[1], &used, sizeof used) != (ssize_t)sizeof used)
			_exit(1);
		pause();
		_exit(0);
	}
	double used;
	ck_assert_int_eq(read(fds[0], &used, sizeof used), (ssize_t)sizeof used);
	double self = procstat_pid_cpu(getpid());
	double tree = procstat_tree_cpu(getpid());
	/* /proc counts in clock ticks: one of slack. */
	double tick = 1.0 / (double)sysconf(_SC_CLK_TCK);
	ck_assert_msg(tree - self >= used - tick, "tree %.2f s, self %.2f s, the child used %.2f s",
		      tree, self, used);
	kill(child, SIGKILL);
	ck_assert_int_eq(waitpid(child, NULL, 0), child);
	double after = procstat_tree_cpu(getpid());
	ck_assert_msg(after >= tree - tick, "after waiting %.2f s, before %.2f s", after, tree);
	ck_assert_msg(procstat_tree_cpu(0) < 0, "a pid /proc does not have gives -1");
	close(fds[0]);
	close(fds[1]);
}
END_TEST

START_TEST(test_self)
{
	cpu_times h;
	ck_assert_int_eq(procstat_host(&h), 0);
	ck_assert_uint_gt(h.total, 0);
	ck_assert(procstat_pid_cpu(getpid()) >= 0);
	ck_assert_msg(procstat_pid_cpu(0) < 0, "a pid /proc does not have gives -1");
	ck_assert_int_eq(procstat_socket_owner("/nonexistent/socket"), 0);
	ck_assert_int_eq(procstat_pidfile("/nonexistent/pid"), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("procstat");
	TCase *tc = tcase_create("procstat");
	tcase_set_timeout(tc, 300);   /* the child's CPU comes late on a loaded machine */
	tcase_add_test(tc, test_parse_cpu);
	tcase_add_test(tc, test_parse_pid_stat);
	tcase_add_test(tc, test_parse_pid_stat_tree);
	tcase_add_test(tc, test_tree_cpu);
	tcase_add_test(tc, test_self);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
