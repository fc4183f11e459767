/* test_unit_command.c: the command language's parser: lookup by unique
 * prefix, argument counts, rest-of-line arguments, and the errors an
 * operator sees.  (Execution against a live engine is covered by the
 * integration tests.) */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <stdio.h>
#include <string.h>
#include "run/command.h"

static char err[512];

static const command_def *parse_ok(const char *line, cmd_args *a)
{
	const command_def *d = NULL;
	int rc = command_parse(line, &d, a, err, sizeof err);
	ck_assert_msg(rc == 1, "'%s' should parse, got %d: %s", line, rc, err);
	return d;
}

static void parse_err(const char *line, const char *expect)
{
	const command_def *d = NULL;
	cmd_args a;
	err[0] = '\0';
	int rc = command_parse(line, &d, &a, err, sizeof err);
	ck_assert_msg(rc == -1, "'%s' should fail", line);
	ck_assert_msg(strstr(err, expect), "'%s': error '%s' lacks '%s'", line, err, expect);
}

START_TEST(test_basic)
{
	cmd_args a;
	const command_def *d = parse_ok("vus 16", &a);
	ck_assert_str_eq(d->name, "vus");
	ck_assert_int_eq(a.argc, 1);
	ck_assert_str_eq(a.argv[0], "16");
	d = parse_ok("   extend   ", &a);
	ck_assert_str_eq(d->name, "extend");
	ck_assert_int_eq(a.argc, 0);
}
END_TEST

START_TEST(test_empty_and_comment)
{
	const command_def *d;
	cmd_args a;
	ck_assert_int_eq(command_parse("", &d, &a, err, sizeof err), 0);
	ck_assert_int_eq(command_parse("   \t", &d, &a, err, sizeof err), 0);
	ck_assert_int_eq(command_parse("# vus 3", &d, &a, err, sizeof err), 0);
}
END_TEST

START_TEST(test_prefix)
{
	cmd_args a;
	ck_assert_str_eq(parse_ok("ext 30", &a)->name, "extend");
	ck_assert_str_eq(parse_ok("ma hello", &a)->name, "mark");
	ck_assert_str_eq(parse_ok("sq select 1", &a)->name, "sql");
	parse_err("s", "ambiguous command 's', could be:");
	parse_err("st", "stop");
	parse_err("st", "status");
	parse_err("frobnicate", "unknown command 'frobnicate'");
}
END_TEST

START_TEST(test_rest_of_line)
{
	cmd_args a;
	const command_def *d = parse_ok("sql  SELECT  a, b FROM t WHERE x = 'y z'  ", &a);
	ck_assert_str_eq(d->name, "sql");
	ck_assert_int_eq(a.argc, 1);
	ck_assert_str_eq(a.argv[0], "SELECT  a, b FROM t WHERE x = 'y z'");
	d = parse_ok("set innodb_io_capacity 2000", &a);
	ck_assert_int_eq(a.argc, 2);
	ck_assert_str_eq(a.argv[0], "innodb_io_capacity");
	ck_assert_str_eq(a.argv[1], "2000");
	d = parse_ok("set sql_mode STRICT_ALL_TABLES,NO_ZERO_DATE", &a);
	ck_assert_str_eq(a.argv[1], "STRICT_ALL_TABLES,NO_ZERO_DATE");
	d = parse_ok("mark before io change", &a);
	ck_assert_str_eq(a.argv[0], "before io change");
}
END_TEST

START_TEST(test_arg_counts)
{
	parse_err("vus", "usage: vus N|+N|-N");
	parse_err("vus 1 2", "too many arguments");
	parse_err("set innodb_io_capacity", "usage: set VARIABLE VALUE");
	parse_err("stop now", "too many arguments");
	parse_err("mark", "missing argument");
}
END_TEST

START_TEST(test_vus_value)
{
	int n;
	ck_assert_int_eq(command_vus_value("8", 4, &n, err, sizeof err), 0);
	ck_assert_int_eq(n, 8);
	ck_assert_int_eq(command_vus_value("+3", 4, &n, err, sizeof err), 0);
	ck_assert_int_eq(n, 7);
	ck_assert_int_eq(command_vus_value("-4", 4, &n, err, sizeof err), 0);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(command_vus_value("-5", 4, &n, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "from 0 to 10000"));
	/* The count it would make, with what it was made from, not "got -1". */
	ck_assert_msg(strstr(err, "-5 from 4 VUs would make -1") != NULL, "%s", err);
	ck_assert_int_eq(command_vus_value("ten", 4, &n, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "expected N, +N or -N, got 'ten'"));
	ck_assert_int_eq(command_vus_value("+", 4, &n, err, sizeof err), -1);
	ck_assert_int_eq(command_vus_value("3x", 4, &n, err, sizeof err), -1);
	ck_assert_int_eq(command_vus_value("10001", 4, &n, err, sizeof err), -1);
}
END_TEST

/* Found by fuzz_command: a relative step near LONG_MAX overflowed
 * current + step.  The wrapped sum happened to be rejected, so this fails
 * only under UBSan (the sanitizer pass of scripts/test.sh). */
START_TEST(test_vus_value_huge)
{
	int n = 42;
	ck_assert_int_eq(command_vus_value("+9223372036854775807", 1, &n, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "from 0 to 10000"));
	ck_assert_int_eq(command_vus_value("-9223372036854775807", 1, &n, err, sizeof err), -1);
	ck_assert_int_eq(command_vus_value("-9223372036854775808", 1, &n, err, sizeof err), -1);
	ck_assert_int_eq(command_vus_value("+2147483647", 2147483647, &n, err, sizeof err), -1);
	ck_assert_int_eq(command_vus_value("-2147483647", 0, &n, err, sizeof err), -1);
	ck_assert_int_eq(command_vus_value("9223372036854775807", 0, &n, err, sizeof err), -1);
	ck_assert_int_eq(n, 42);
	ck_assert_int_eq(command_vus_value("-2147483647", 2147483647, &n, err, sizeof err), 0);
	ck_assert_int_eq(n, 0);
}
END_TEST

/* Found by fuzz_command: a word longer than an argument's buffer was cut
 * short silently (`get` or `set` then named another variable). */
START_TEST(test_long_word)
{
	char line[2 * CMD_ARG_LEN + 16];
	cmd_args a;

	snprintf(line, sizeof line, "get %0*d", CMD_ARG_LEN, 7);
	parse_err(line, "get: argument 1 too long (at most 1023 characters)");
	snprintf(line, sizeof line, "set %0*d 1", CMD_ARG_LEN + 5, 7);
	parse_err(line, "set: argument 1 too long");
	snprintf(line, sizeof line, "get %0*d", CMD_ARG_LEN - 1, 7);
	parse_ok(line, &a);
	ck_assert_int_eq((int)strlen(a.argv[0]), CMD_ARG_LEN - 1);
	/* A name too long for any command is unknown, not cut to a prefix. */
	snprintf(line, sizeof line, "vus%0*d 3", 80, 0);
	parse_err(line, "unknown command");
}
END_TEST

START_TEST(test_complete)
{
	const char *out[64];
	int n = command_complete("s", out, 64);
	ck_assert_int_eq(n, 5); /* set sql status sweep stop */
	n = command_complete("vu", out, 64);
	ck_assert_int_eq(n, 1);
	ck_assert_str_eq(out[0], "vus");
	ck_assert_int_eq(command_complete("zz", out, 64), 0);
	ck_assert_int_eq((int)command_complete("", out, 64), (int)command_count);
}
END_TEST

START_TEST(test_table_sane)
{
	/* Every command has usage and help, and no name is a prefix clash
	 * that makes a full name ambiguous. */
	for (size_t i = 0; i < command_count; i++) {
		cmd_args a;
		const command_def *d;
		ck_assert_ptr_nonnull(command_table[i].usage);
		ck_assert_ptr_nonnull(command_table[i].help);
		ck_assert_ptr_nonnull(command_table[i].exec);
		ck_assert_int_le(command_table[i].min_args, command_table[i].max_args);
		int rc = command_parse(command_table[i].name, &d, &a, err, sizeof err);
		ck_assert_msg(rc == 1 || strstr(err, "missing argument"), "%s: %s", command_table[i].name, err);
	}
}
END_TEST

START_TEST(test_uses_server)
{
	/* The console runs these apart: a server that does not answer must
	 * never hold up stop, vus, status or mark. */
	ck_assert_int_eq(command_uses_server("set innodb_io_capacity 300"), 1);
	ck_assert_int_eq(command_uses_server("  sq select 1"), 1);
	ck_assert_int_eq(command_uses_server("get x"), 1);
	ck_assert_int_eq(command_uses_server("metrics"), 1);
	const char *engine_only[] = { "stop", "status", "vus 1", "mark m", "quit", "pause",
				      "help set", "set", "bogus", "", "# set x 1" };
	for (size_t i = 0; i < sizeof engine_only / sizeof *engine_only; i++)
		ck_assert_msg(!command_uses_server(engine_only[i]), "%s", engine_only[i]);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("command");
	TCase *tc = tcase_create("parse");
	tcase_add_test(tc, test_basic);
	tcase_add_test(tc, test_empty_and_comment);
	tcase_add_test(tc, test_prefix);
	tcase_add_test(tc, test_rest_of_line);
	tcase_add_test(tc, test_arg_counts);
	tcase_add_test(tc, test_vus_value);
	tcase_add_test(tc, test_vus_value_huge);
	tcase_add_test(tc, test_long_word);
	tcase_add_test(tc, test_complete);
	tcase_add_test(tc, test_table_sane);
	tcase_add_test(tc, test_uses_server);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
