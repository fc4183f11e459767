/* test_unit_config.c: the option table, opt_set, the config file loader and
 * the command-line parser.  Check framework; no database needed.
 * The example config is found as $TPCC_SRCDIR/conf/tpcc-console.conf, else
 * conf/tpcc-console.conf relative to the current directory. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <check.h>
#include "unit.h"
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/args.h"
#include "config/conf_file.h"
#include "config/conf_save.h"
#include "config/conn_string.h"
#include "config/conninfo.h"
#include "config/options.h"
#include "config/usage.h"

static char tmpdir[512];
static char errbuf[4096];

static void setup(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "%s/tpcc-conf-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	errbuf[0] = '\0';
	unsetenv("TPCC_PASSWORD");
}

static void teardown(void)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", tmpdir);
}

/* Write text to tmpdir/name with the given mode; return its path (static). */
static char *write_file(const char *name, const char *text, mode_t mode)
{
	static char path[4][PATH_MAX];
	static int slot;
	char *p = path[slot++ % 4];
	FILE *fp;

	snprintf(p, PATH_MAX, "%s/%s", tmpdir, name);
	fp = fopen(p, "w");
	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	fclose(fp);
	ck_assert_int_eq(chmod(p, mode), 0);
	return p;
}

static const char *example_conf(void)
{
	static char path[PATH_MAX];
	const char *src = getenv("TPCC_SRCDIR");

	if (src && *src)
		snprintf(path, sizeof(path), "%s/conf/tpcc-console.conf", src);
	else
		snprintf(path, sizeof(path), "conf/tpcc-console.conf");
	return path;
}

/* Load text as a config file over defaults; return config_load_file's rc. */
static int load_text(tpcc_config *c, const char *text)
{
	const char *path = write_file("t.conf", text, 0600);

	config_defaults(c);
	return config_load_file(c, path, errbuf, sizeof(errbuf));
}

#define ck_assert_err_has(needle) \
	ck_assert_msg(strstr(errbuf, (needle)) != NULL, \
		      "error \"%s\" does not contain \"%s\"", errbuf, (needle))

static int parse(tpcc_config *c, const char **sub, int argc, char **argv)
{
	return config_parse_args(c, argc, argv, sub, errbuf, sizeof(errbuf));
}

#define ARGV(...) (char *[]){ "tpcc-console", __VA_ARGS__, NULL }
#define ARGC(...) ((int)(sizeof((char *[]){ "tpcc-console", __VA_ARGS__ }) / sizeof(char *)))
#define PARSE(c, sub, ...) parse((c), (sub), ARGC(__VA_ARGS__), ARGV(__VA_ARGS__))

/* ---- the table and defaults ---- */

START_TEST(test_defaults)
{
	tpcc_config c;
	char buf[256], err[256];
	size_t i;

	config_defaults(&c);
	ck_assert_str_eq(c.driver, "sqlite");
	ck_assert_str_eq(c.database, "tpcc");
	ck_assert_str_eq(c.db_file, "tpcc.sqlite");
	ck_assert_str_eq(c.ssl_mode, "PREFERRED");
	ck_assert_str_eq(c.mode, "statements");
	ck_assert_str_eq(c.dialect, "auto");
	ck_assert_str_eq(c.isolation, "default");
	ck_assert_str_eq(c.results_dir, "./results");
	ck_assert_str_eq(c.password, "");
	ck_assert_int_eq(c.read_option_files, 1);
	ck_assert_int_eq(c.connect_timeout, 10);
	ck_assert_int_eq(c.warehouses, 0);
	ck_assert_int_eq(c.keying_thinking, 0);
	ck_assert_int_eq(c.all_warehouses, 0);
	ck_assert_int_eq(c.load_threads, 2);
	ck_assert_int_eq(c.load_batch, 1000);
	ck_assert_int_eq(c.vus, 2);
	ck_assert_int_eq(c.rampup, 10);
	ck_assert_int_eq(c.duration, 60);
	ck_assert_int_eq(c.rampdown, 0);
	ck_assert_int_eq(c.extend_step, 60);
	ck_assert_int_eq(c.retry_max, 10);
	ck_assert_int_eq(c.reconnect_max_s, 300);
	ck_assert_int_eq(c.batch, 0);
	ck_assert_int_eq(c.report_interval, 1);
	ck_assert_int_eq(c.nschedule, 0);
	ck_assert_int_eq(c.nknobs, 0);
	ck_assert_int_eq(c.ask_password, 0);
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), 0);

	/* Every default is valid and formats back to itself. */
	for (i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		tpcc_config d;

		config_defaults(&d);
		ck_assert_msg(opt_set(&d, o, o->def, err, sizeof(err)) == 0,
			      "default of %s: %s", o->key, err);
		ck_assert_ptr_nonnull(o->help);
		/* The man page's OPTIONS section is generated from these. */
		ck_assert_msg(o->man && o->man[strlen(o->man) - 1] == '\n',
			      "%s has no man text ending in a newline", o->key);
		ck_assert_ptr_eq(opt_find_key(o->key), o);
		if (o->longopt)
			ck_assert_ptr_eq(opt_find_long(o->longopt), o);
		if (!o->secret) {
			opt_format(&c, o, buf, sizeof(buf));
			ck_assert_msg(strcmp(buf, o->def) == 0, "%s formats as '%s', default '%s'",
				      o->key, buf, o->def);
		}
	}
	ck_assert_ptr_null(opt_find_key("workload.warehouse"));
	ck_assert_ptr_null(opt_find_long("password"));
	ck_assert_ptr_null(opt_find_key("connection.password")->longopt);
}
END_TEST

START_TEST(test_table_keys_unique)
{
	size_t i, j;

	for (i = 0; i < opt_count; i++) {
		for (j = i + 1; j < opt_count; j++) {
			ck_assert_str_ne(opt_table[i].key, opt_table[j].key);
			if (opt_table[i].longopt && opt_table[j].longopt)
				ck_assert_str_ne(opt_table[i].longopt, opt_table[j].longopt);
			if (opt_table[i].shortopt)
				ck_assert_int_ne(opt_table[i].shortopt, opt_table[j].shortopt);
		}
	}
}
END_TEST

/* ---- opt_set ---- */

START_TEST(test_opt_set_int)
{
	tpcc_config c;
	const opt_def *w = opt_find_key("workload.warehouses");
	char err[256];

	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, w, "42", err, sizeof(err)), 0);
	ck_assert_int_eq(c.warehouses, 42);
	ck_assert_int_eq(opt_set(&c, w, "100000", err, sizeof(err)), 0);
	ck_assert_int_eq(opt_set(&c, w, "-1", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "expected an integer from 0 to 100000, got '-1'");
	ck_assert_int_eq(opt_set(&c, w, "100001", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, w, "x", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "expected an integer from 0 to 100000, got 'x'");
	ck_assert_int_eq(opt_set(&c, w, "12x", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, w, "", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, w, " 5", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, w, "5 ", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, w, "99999999999999999999", err, sizeof(err)), -1);
	ck_assert_int_eq(c.warehouses, 100000); /* failures leave it alone */
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.port"), "65536", err,
				 sizeof(err)), -1);
	ck_assert_str_eq(err, "expected an integer from 0 to 65535, got '65536'");
}
END_TEST

/* Options counted in seconds take a unit; others do not. */
START_TEST(test_opt_set_seconds)
{
	tpcc_config c;
	const opt_def *d = opt_find_key("run.duration"), *r = opt_find_key("run.rampup");
	char err[256];

	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, d, "5m", err, sizeof(err)), 0);
	ck_assert_int_eq(c.duration, 300);
	ck_assert_int_eq(opt_set(&c, d, "2h", err, sizeof(err)), 0);
	ck_assert_int_eq(c.duration, 7200);
	ck_assert_int_eq(opt_set(&c, d, "30d", err, sizeof(err)), 0);
	ck_assert_int_eq(c.duration, 2592000);
	ck_assert_int_eq(opt_set(&c, d, "90s", err, sizeof(err)), 0);
	ck_assert_int_eq(c.duration, 90);
	ck_assert_int_eq(opt_set(&c, d, "31d", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "expected seconds from 1 to 2592000 (or 90s, 45m, 2h, 1d), got '31d'");
	ck_assert_int_eq(opt_set(&c, d, "0m", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, d, "5x", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, d, "m", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, d, "-5m", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, d, "1.5h", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, d, "99999999999999999999d", err, sizeof(err)), -1);
	ck_assert_int_eq(c.duration, 90);
	ck_assert_int_eq(opt_set(&c, r, "auto:10m", err, sizeof(err)), 0);
	ck_assert_int_eq(c.rampup, 600);
	ck_assert_int_eq(c.rampup_auto, 1);
	ck_assert_int_eq(opt_set(&c, r, "1d", err, sizeof(err)), 0);
	ck_assert_int_eq(c.rampup, 86400);
	ck_assert_int_eq(c.rampup_auto, 0);
	/* Shown and saved as seconds, so the text reads back anywhere. */
	char buf[64];
	opt_format(&c, r, buf, sizeof buf);
	ck_assert_str_eq(buf, "86400");
	ck_assert_int_eq(opt_set(&c, opt_find_key("run.vus"), "5m", err, sizeof(err)), -1);
	ck_assert_int_eq(load_text(&c, "run = { duration = \"2m\"; rampup = 30; };\n"), 0);
	ck_assert_int_eq(c.duration, 120);
	ck_assert_int_eq(c.rampup, 30);
	ck_assert_int_eq(load_text(&c, "run = { duration = \"2q\"; };\n"), -1);
	ck_assert_err_has("t.conf:1: run.duration: expected seconds from 1 to 2592000");
	ck_assert_int_eq(load_text(&c, "sweep = { steps = ( { vus = 1; step = \"2m\"; "
				   "settle = \"30s\"; } ); };\n"), 0);
	ck_assert_str_eq(c.sweep_steps, "vus=1 step=120 settle=30");
	ck_assert_int_eq(load_text(&c, "sweep = { steps = (\n { vus = 1; step = \"2q\"; } ); };\n"),
			 -1);
	ck_assert_err_has("t.conf:2: sweep.steps: step 1: step: expected seconds");
}
END_TEST

START_TEST(test_opt_set_bool)
{
	tpcc_config c;
	const opt_def *b = opt_find_key("run.batch");
	static const char *const yes[] = { "true", "yes", "on", "1", "TRUE", "Yes" };
	static const char *const no[] = { "false", "no", "off", "0", "False" };
	char err[256];
	size_t i;

	config_defaults(&c);
	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		c.batch = 0;
		ck_assert_int_eq(opt_set(&c, b, yes[i], err, sizeof(err)), 0);
		ck_assert_int_eq(c.batch, 1);
	}
	for (i = 0; i < sizeof(no) / sizeof(no[0]); i++) {
		c.batch = 1;
		ck_assert_int_eq(opt_set(&c, b, no[i], err, sizeof(err)), 0);
		ck_assert_int_eq(c.batch, 0);
	}
	ck_assert_int_eq(opt_set(&c, b, "maybe", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "got 'maybe'"));
	ck_assert_ptr_nonnull(strstr(err, "true or false"));
	ck_assert_int_eq(opt_set(&c, b, "2", err, sizeof(err)), -1);
}
END_TEST

START_TEST(test_opt_set_enum_string)
{
	tpcc_config c;
	char err[256], big[OPT_STR_MAX + 10];
	const opt_def *d = opt_find_key("connection.driver");

	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, d, "mysql", err, sizeof(err)), 0);
	ck_assert_str_eq(c.driver, "mysql");
	ck_assert_int_eq(opt_set(&c, d, "postgres", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "expected one of mysql|pg|sqlite|odbc|null, got 'postgres'");
	ck_assert_str_eq(c.driver, "mysql");
	ck_assert_int_eq(opt_set(&c, d, "", err, sizeof(err)), -1);
	/* case-insensitive, stored in the canonical spelling */
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.ssl_mode"), "verify_ca", err,
				 sizeof(err)), 0);
	ck_assert_str_eq(c.ssl_mode, "VERIFY_CA");

	memset(big, 'h', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.host"), big, err, sizeof(err)),
			 -1);
	ck_assert_ptr_nonnull(strstr(err, "too long"));
	big[OPT_STR_MAX - 1] = '\0';
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.host"), big, err, sizeof(err)),
			 0);
	ck_assert_uint_eq(strlen(c.host), OPT_STR_MAX - 1);
	ck_assert_int_eq(opt_set(&c, d, NULL, err, sizeof(err)), -1);
}
END_TEST

/* A dropped terminal keeps a run going unless the operator says stop,
 * from the file or the command line. */
START_TEST(test_on_hangup)
{
	tpcc_config c;
	const char *sub;

	config_defaults(&c);
	ck_assert_str_eq(c.on_hangup, "continue");
	ck_assert_int_eq(load_text(&c, "run = { on_hangup = \"stop\"; };\n"), 0);
	ck_assert_str_eq(c.on_hangup, "stop");
	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--on-hangup=stop"), 0);
	ck_assert_str_eq(c.on_hangup, "stop");
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--on-hangup", "exit"), -1);
	ck_assert_err_has("expected one of continue|stop, got 'exit'");
}
END_TEST

START_TEST(test_opt_set_schedule_list)
{
	tpcc_config c;
	char err[256], buf[512];
	const opt_def *s = opt_find_key("run.schedule");
	const opt_def *k = opt_find_key("run.knobs");

	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, s, "0:2, 60:4,120 : 0", err, sizeof(err)), 0);
	ck_assert_int_eq(c.nschedule, 3);
	ck_assert_int_eq(c.schedule[1].at, 60);
	ck_assert_int_eq(c.schedule[1].vus, 4);
	opt_format(&c, s, buf, sizeof(buf));
	ck_assert_str_eq(buf, "0:2,60:4,120:0");
	ck_assert_int_eq(opt_set(&c, s, "0:2,0:4", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "step 2"));
	ck_assert_int_eq(opt_set(&c, s, "0:10001", err, sizeof(err)), -1);
	ck_assert_int_eq(opt_set(&c, s, "0-2", err, sizeof(err)), -1);
	ck_assert_int_eq(c.nschedule, 3);
	ck_assert_int_eq(opt_set(&c, s, "", err, sizeof(err)), 0);
	ck_assert_int_eq(c.nschedule, 0);

	ck_assert_int_eq(opt_set(&c, k, "innodb_io_capacity, innodb_io_capacity_max", err,
				 sizeof(err)), 0);
	ck_assert_int_eq(c.nknobs, 2);
	ck_assert_str_eq(c.knobs[1], "innodb_io_capacity_max");
	opt_format(&c, k, buf, sizeof(buf));
	ck_assert_str_eq(buf, "innodb_io_capacity,innodb_io_capacity_max");
}
END_TEST

/* Found by fuzz_config: a knob read from a file could hold a tab, a comma or
 * a space, and then did not survive opt_format -> opt_set (nor is it a
 * variable name any server has).  Both ways in now take names only. */
START_TEST(test_knob_names)
{
	tpcc_config c;
	char err[256], buf[512];
	const opt_def *k = opt_find_key("run.knobs");

	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, k, "innodb_io_capacity, validate_password.length", err,
				 sizeof(err)), 0);
	ck_assert_int_eq(opt_set(&c, k, "a b", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "item 1: 'a b' is not a variable name"));
	ck_assert_int_eq(opt_set(&c, k, "x, .y", err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "item 2: '.y' is not a variable name"));
	ck_assert_int_eq(opt_set(&c, k, "x;DROP TABLE t", err, sizeof(err)), -1);
	ck_assert_int_eq(c.nknobs, 2);
	ck_assert_str_eq(c.knobs[1], "validate_password.length");

	/* libconfig turns the file's \t into a tab. */
	ck_assert_int_eq(load_text(&c, "run = {\n  knobs = [ \"ok_name\", \"innodb_io\\tcapacity\" ];\n};\n"), -1);
	ck_assert_err_has("t.conf:2: run.knobs item 2: 'innodb_io\tcapacity' is not a variable name");
	ck_assert_int_eq(load_text(&c, "run = { knobs = [ \"a,b\" ]; };\n"), -1);
	ck_assert_err_has("run.knobs item 1: 'a,b' is not a variable name");
	ck_assert_int_eq(load_text(&c, "run = { knobs = [ \"\" ]; };\n"), -1);
	ck_assert_err_has("run.knobs item 1: expected a variable name of 1 to 63 characters, got 0");
	ck_assert_int_eq(load_text(&c, "run = { knobs = [ \"a1\", \"b.c_2\" ]; };\n"), 0);
	opt_format(&c, k, buf, sizeof(buf));
	ck_assert_str_eq(buf, "a1,b.c_2");

	/* config_validate holds a hand-filled struct to the same rule. */
	config_defaults(&c);
	c.nknobs = 1;
	strcpy(c.knobs[0], "a b");
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "run.knobs: item 1: 'a b' is not a variable name"));
}
END_TEST

START_TEST(test_check_schedule)
{
	vu_step ok[] = { { 0, 2 }, { 60, 4 }, { 120, 0 } };
	vu_step back[] = { { 0, 2 }, { 60, 4 }, { 60, 8 } };
	vu_step neg[] = { { -1, 2 } };
	vu_step many[] = { { 0, 10001 } };
	char err[256];
	int bad = -1;

	ck_assert_int_eq(opt_check_schedule(ok, 3, &bad, err, sizeof(err)), 0);
	ck_assert_int_eq(opt_check_schedule(back, 3, &bad, err, sizeof(err)), -1);
	ck_assert_int_eq(bad, 2);
	ck_assert_int_eq(opt_check_schedule(neg, 1, &bad, err, sizeof(err)), -1);
	ck_assert_int_eq(bad, 0);
	ck_assert_int_eq(opt_check_schedule(many, 1, NULL, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "vus"));
}
END_TEST

START_TEST(test_format_secret)
{
	tpcc_config c;
	char buf[64];
	const opt_def *p = opt_find_key("connection.password");

	config_defaults(&c);
	ck_assert_int_eq(p->secret, 1);
	opt_format(&c, p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "");
	strcpy(c.password, "s3cret");
	opt_format(&c, p, buf, sizeof(buf));
	ck_assert_str_eq(buf, "***");
}
END_TEST

/* ---- config files ---- */

START_TEST(test_file_example)
{
	tpcc_config c, d;
	const char *path = example_conf();

	config_defaults(&c);
	ck_assert_msg(config_load_file(&c, path, errbuf, sizeof(errbuf)) == 0,
		      "%s: %s", path, errbuf);
	ck_assert_str_eq(c.config_path, path);
	/* The example shows the defaults, so it changes nothing. */
	config_defaults(&d);
	strcpy(d.config_path, path);
	/* It names the driver, as a saved file does: restore-knobs then
	 * takes the file's, not the results file's. */
	ck_assert_int_eq(c.driver_named, 1);
	d.driver_named = 1;
	ck_assert_int_eq(memcmp(&c, &d, sizeof(c)), 0);
}
END_TEST

START_TEST(test_file_good)
{
	tpcc_config c;

	ck_assert_msg(load_text(&c,
		"# a comment\n"
		"connection = {\n"
		"  driver = \"mysql\";\n"
		"  host = \"db1.example.com\";\n"
		"  port = 3307;\n"
		"  user = \"tpcc\";\n"
		"  password = \"s3cret\";\n"
		"  read_option_files = false;\n"
		"};\n"
		"workload = { warehouses = 100L; mode = \"procedures\"; all_warehouses = true; };\n"
		"run = {\n"
		"  vus = 16;\n"
		"  schedule = ( { at = 0; vus = 2; }, { at = 60; vus = 4; } );\n"
		"  knobs = [ \"innodb_io_capacity\" ];\n"
		"};\n") == 0, "%s", errbuf);
	ck_assert_str_eq(c.driver, "mysql");
	ck_assert_str_eq(c.host, "db1.example.com");
	ck_assert_int_eq(c.port, 3307);
	ck_assert_str_eq(c.user, "tpcc");
	ck_assert_str_eq(c.password, "s3cret");
	ck_assert_int_eq(c.read_option_files, 0);
	ck_assert_int_eq(c.warehouses, 100);
	ck_assert_str_eq(c.mode, "procedures");
	ck_assert_int_eq(c.all_warehouses, 1);
	ck_assert_int_eq(c.vus, 16);
	ck_assert_int_eq(c.nschedule, 2);
	ck_assert_int_eq(c.schedule[0].at, 0);
	ck_assert_int_eq(c.schedule[0].vus, 2);
	ck_assert_int_eq(c.schedule[1].at, 60);
	ck_assert_int_eq(c.schedule[1].vus, 4);
	ck_assert_int_eq(c.nknobs, 1);
	ck_assert_str_eq(c.knobs[0], "innodb_io_capacity");
	ck_assert_int_eq(c.duration, 60); /* untouched keys keep their defaults */
	ck_assert_int_eq(config_validate(&c, errbuf, sizeof(errbuf)), 0);
}
END_TEST

START_TEST(test_file_unknown_key)
{
	tpcc_config c;

	ck_assert_int_eq(load_text(&c, "workload = {\n  warehouses = 2;\n  warehouse = 4;\n};\n"),
			 -1);
	ck_assert_err_has("t.conf:3: ");
	ck_assert_err_has("unknown key 'workload.warehouse'");
	ck_assert_err_has("did you mean 'workload.warehouses'?");
	ck_assert_int_eq(c.warehouses, 0); /* a failed load changes nothing */

	/* a known name in the wrong group, an unknown group */
	ck_assert_int_eq(load_text(&c, "run = { warehouses = 4; };\n"), -1);
	ck_assert_err_has("t.conf:1: unknown key 'run.warehouses' (did you mean "
			  "'workload.warehouses'?)");
	ck_assert_int_eq(load_text(&c, "\n\nconection = { host = \"x\"; };\n"), -1);
	ck_assert_err_has("t.conf:3: unknown key 'conection' (did you mean 'connection'?)");
	ck_assert_int_eq(load_text(&c, "run = { frobnicate = 1; };\n"), -1);
	ck_assert_err_has("unknown key 'run.frobnicate'");
	ck_assert_ptr_null(strstr(errbuf, "did you mean"));

	/* every problem is reported, one per line */
	ck_assert_int_eq(load_text(&c, "run = { vu = 1; };\nworkload = { mode = 3; };\n"), -1);
	ck_assert_err_has("t.conf:1: unknown key 'run.vu'");
	ck_assert_err_has("\n");
	ck_assert_err_has("t.conf:2: workload.mode: expected a string, got an integer");
}
END_TEST

START_TEST(test_file_wrong_type)
{
	tpcc_config c;

	ck_assert_int_eq(load_text(&c, "workload = {\n  warehouses = \"4\";\n};\n"), -1);
	ck_assert_err_has("t.conf:2: workload.warehouses: expected an integer, got a string");
	ck_assert_int_eq(load_text(&c, "run = { batch = 1; };\n"), -1);
	ck_assert_err_has("t.conf:1: run.batch: expected true or false, got an integer");
	ck_assert_int_eq(load_text(&c, "run = { duration = 1.5; };\n"), -1);
	ck_assert_err_has("run.duration: expected an integer");
	ck_assert_int_eq(load_text(&c, "run = 5;\n"), -1);
	ck_assert_err_has("t.conf:1: 'run' must be a group");
	ck_assert_int_eq(load_text(&c, "run = { knobs = [ 1 ]; };\n"), -1);
	ck_assert_err_has("run.knobs item 1: expected a string, got an integer");
	ck_assert_int_eq(load_text(&c, "connection = { driver = \"oracle\"; };\n"), -1);
	ck_assert_err_has("t.conf:1: connection.driver: expected one of mysql|pg|sqlite|odbc|null, "
			  "got 'oracle'");
}
END_TEST

START_TEST(test_file_out_of_range)
{
	tpcc_config c;
	const char *path;
	char want[PATH_MAX + 128];

	path = write_file("r.conf", "workload = {\n\n  warehouses = -3;\n};\n", 0600);
	config_defaults(&c);
	ck_assert_int_eq(config_load_file(&c, path, errbuf, sizeof(errbuf)), -1);
	snprintf(want, sizeof(want),
		 "%s:3: workload.warehouses: expected an integer from 0 to 100000, got -3", path);
	ck_assert_str_eq(errbuf, want);

	/* libconfig 1.5 wraps big literals silently; we do not */
	ck_assert_int_eq(load_text(&c, "workload = { warehouses = 4294967297; };\n"), -1);
	ck_assert_err_has("expected an integer from 0 to 100000, got 4294967297");
	ck_assert_int_eq(load_text(&c, "workload = { warehouses = 4294967297L; };\n"), -1);
	ck_assert_err_has("got 4294967297");
	ck_assert_int_eq(load_text(&c, "connection = { port = 70000; };\n"), -1);
	ck_assert_err_has("connection.port: expected an integer from 0 to 65535, got 70000");
}
END_TEST

START_TEST(test_file_syntax_error)
{
	tpcc_config c;

	ck_assert_int_eq(load_text(&c, "workload = {\n  warehouses = 4;\n  mode = ;\n};\n"), -1);
	ck_assert_err_has("t.conf:3: syntax error");
	ck_assert_int_eq(load_text(&c, "run = { vus = 2; vus = 3; };\n"), -1);
	ck_assert_err_has("t.conf:1: syntax error: duplicate setting name");
}
END_TEST

START_TEST(test_file_missing)
{
	tpcc_config c;
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/nope.conf", tmpdir);
	config_defaults(&c);
	ck_assert_int_eq(config_load_file(&c, path, errbuf, sizeof(errbuf)), -1);
	ck_assert_err_has(path);
	ck_assert_err_has(": cannot read: No such file or directory");
	ck_assert_int_eq(config_load_file(&c, tmpdir, errbuf, sizeof(errbuf)), -1);
	ck_assert_err_has("cannot read");
}
END_TEST

/* Found by fuzz_config: libconfig 1.5 opens an @include of a directory and
 * its scanner then calls exit(2) ("input in flex scanner failed"), ending
 * the process (and this test).  The loader refuses it first. */
START_TEST(test_file_include_directory)
{
	tpcc_config c;
	char sub[PATH_MAX + 8];

	snprintf(sub, sizeof(sub), "%s/sub", tmpdir);
	ck_assert_int_eq(mkdir(sub, 0700), 0);
	ck_assert_int_eq(load_text(&c, "run = { vus = 3; };\n@include \"\"\n"), -1);
	ck_assert_err_has("t.conf:2: @include \"\" names a directory");
	ck_assert_int_eq(c.vus, 2);
	ck_assert_int_eq(load_text(&c, "  @include \"sub\"\n"), -1);
	ck_assert_err_has("t.conf:1: @include \"sub\" names a directory");
	/* A NUL ends the name as libconfig reads it: this names the directory. */
	{
		static const char text[] = "@include \"\0x.conf\"\n";
		char path[PATH_MAX + 16];
		FILE *fp;

		snprintf(path, sizeof(path), "%s/nul.conf", tmpdir);
		ck_assert_ptr_nonnull(fp = fopen(path, "w"));
		ck_assert_int_eq(fwrite(text, 1, sizeof(text) - 1, fp), sizeof(text) - 1);
		fclose(fp);
		ck_assert_int_eq(config_load_file(&c, path, errbuf, sizeof(errbuf)), -1);
		ck_assert_err_has("nul.conf:1: @include \"\" names a directory");
	}
	/* Of an unknown escape libconfig drops the backslash only. */
	ck_assert_int_eq(load_text(&c, "@include \"s\\ub\"\n"), -1);
	ck_assert_err_has("@include \"sub\" names a directory");
	/* A fifo would hang the reader. */
	snprintf(sub, sizeof(sub), "%s/fifo", tmpdir);
	ck_assert_int_eq(mkfifo(sub, 0600), 0);
	ck_assert_int_eq(load_text(&c, "@include \"fifo\"\n"), -1);
	ck_assert_err_has("@include \"fifo\" names a special file");
	/* Deeper down, named where it is. */
	write_file("inner.conf", "run = { vus = 4; };\n\n@include \"sub\"\n", 0600);
	ck_assert_int_eq(load_text(&c, "@include \"inner.conf\"\n"), -1);
	ck_assert_err_has("inner.conf:3: @include \"sub\" names a directory");

	/* Not includes: in comments, in strings, after other text. */
	ck_assert_int_eq(load_text(&c, "/*\n@include \"sub\"\n*/ # @include \"sub\"\n"
				      "// @include \"sub\"\nrun = { vus = 5; };\n"), 0);
	ck_assert_int_eq(c.vus, 5);
	ck_assert_int_eq(load_text(&c, "run = { results_dir = \"a\n@include \\\"sub\\\"\"; };\n"), 0);
	ck_assert_int_eq(load_text(&c, "run = { vus = 6; }; @include \"sub\"\n"), -1);
	ck_assert_err_has("syntax error");

	/* Found by fuzz_config after the fix above (a timeout): a file that
	 * includes itself N times was scanned N^9 times before libconfig's
	 * depth limit; the scan now stops where libconfig does. */
	{
		char self[8 * 24] = "";

		for (int i = 0; i < 8; i++)
			strcat(self, "@include \"self.conf\"\n");
		write_file("self.conf", self, 0600);
	}
	ck_assert_int_eq(load_text(&c, "@include \"self.conf\"\n"), -1);
	ck_assert_err_has("too deep");

	/* A file still includes. */
	write_file("inner.conf", "run = { vus = 7; };\n", 0600);
	ck_assert_int_eq(load_text(&c, "# settings\n@include \"inner.conf\"\n"), 0);
	ck_assert_int_eq(c.vus, 7);
}
END_TEST

/* An error in an included file names it by a path that opens it (the
 * include directory joined), not as its @include wrote it; a missing one
 * is named too, where libconfig says only "cannot open include file". */
START_TEST(test_file_include_errors)
{
	tpcc_config c;
	char want[PATH_MAX + 80];

	snprintf(want, sizeof(want), "%s/inc", tmpdir);
	ck_assert_int_eq(mkdir(want, 0700), 0);
	write_file("inc/part.conf", "run = { vus = ;\n", 0600);
	ck_assert_int_eq(load_text(&c, "@include \"inc/part.conf\"\n"), -1);
	snprintf(want, sizeof(want), "%s/inc/part.conf:1: syntax error", tmpdir);
	ck_assert_err_has(want);
	write_file("inc/part.conf", "\nrun = { vus = \"x\"; };\n", 0600);
	ck_assert_int_eq(load_text(&c, "@include \"inc/part.conf\"\n"), -1);
	snprintf(want, sizeof(want), "%s/inc/part.conf:2: run.vus: expected an integer", tmpdir);
	ck_assert_err_has(want);
	ck_assert_int_eq(load_text(&c, "\n@include \"inc/nope.conf\"\n"), -1);
	snprintf(want, sizeof(want), "t.conf:2: @include \"inc/nope.conf\": cannot read "
		 "%s/inc/nope.conf: No such file or directory", tmpdir);
	ck_assert_err_has(want);
}
END_TEST

START_TEST(test_file_bad_schedule)
{
	tpcc_config c;

	ck_assert_int_eq(load_text(&c,
		"run = {\n"
		"  schedule = (\n"
		"    { at = 0; vus = 2; },\n"
		"    { at = 60; vus = 4; },\n"
		"    { at = 60; vus = 8; }\n"
		"  );\n"
		"};\n"), -1);
	ck_assert_err_has("t.conf:5: run.schedule: step 3: at 60 is not after");
	ck_assert_int_eq(c.nschedule, 0);

	ck_assert_int_eq(load_text(&c, "run = { schedule = ( { at = 0; vus = 10001; } ); };\n"),
			 -1);
	ck_assert_err_has("run.schedule step 1: vus: expected an integer from 0 to 10000");
	ck_assert_int_eq(load_text(&c, "run = { schedule = ( { at = 0; } ); };\n"), -1);
	ck_assert_err_has("needs both 'at' (seconds) and 'vus'");
	ck_assert_int_eq(load_text(&c, "run = { schedule = ( { at = 0; vus = 1; users = 3; } ); };\n"),
			 -1);
	ck_assert_err_has("unknown key 'users'");
	ck_assert_int_eq(load_text(&c, "run = { schedule = 5; };\n"), -1);
	ck_assert_err_has("run.schedule: expected a list of groups");
	ck_assert_int_eq(load_text(&c, "run = { schedule = ( { at = -5; vus = 1; } ); };\n"), -1);
	ck_assert_int_eq(load_text(&c, "run = { schedule = (); knobs = []; };\n"), 0);
}
END_TEST

START_TEST(test_file_password_mode)
{
	tpcc_config c;
	const char *open_file, *closed_file, *no_pw;

	open_file = write_file("open.conf", "connection = { password = \"s3cret\"; };\n", 0644);
	closed_file = write_file("closed.conf", "connection = { password = \"s3cret\"; };\n", 0600);
	no_pw = write_file("nopw.conf", "run = { vus = 3; };\n", 0644);

	config_defaults(&c);
	ck_assert_int_eq(config_load_file(&c, open_file, errbuf, sizeof(errbuf)), 0);
	ck_assert_int_eq(config_file_exposes_password(open_file, &c), 1);
	config_defaults(&c);
	ck_assert_int_eq(config_load_file(&c, closed_file, errbuf, sizeof(errbuf)), 0);
	ck_assert_int_eq(config_file_exposes_password(closed_file, &c), 0);
	/* a password from the environment does not make a 0644 file a leak */
	config_defaults(&c);
	ck_assert_int_eq(config_load_file(&c, no_pw, errbuf, sizeof(errbuf)), 0);
	strcpy(c.password, "fromenv");
	ck_assert_int_eq(config_file_exposes_password(no_pw, &c), 0);
	ck_assert_int_eq(config_file_exposes_password(NULL, &c), 0);
}
END_TEST

/* ---- the command line ---- */

START_TEST(test_args_before_after)
{
	tpcc_config c;
	const char *sub = NULL;

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "-w", "8", "run", "--vus", "16", "--batch",
			       "--host=db1", "-uadmin", "--no-read-option-files", "-p"), 0);
	ck_assert_str_eq(sub, "run");
	ck_assert_int_eq(c.warehouses, 8);
	ck_assert_int_eq(c.vus, 16);
	ck_assert_int_eq(c.batch, 1);
	ck_assert_str_eq(c.host, "db1");
	ck_assert_str_eq(c.user, "admin");
	ck_assert_int_eq(c.read_option_files, 0);
	ck_assert_int_eq(c.ask_password, 1);

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "build", "--warehouses=3", "--batch", "--no-batch",
			       "--ssl-mode", "required", "-w4"), 0);
	ck_assert_str_eq(sub, "build");
	ck_assert_int_eq(c.warehouses, 4); /* the last one wins */
	ck_assert_int_eq(c.batch, 0);
	ck_assert_str_eq(c.ssl_mode, "REQUIRED");

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "--batch=off", "--load-th=8", "--", "check"), 0);
	ck_assert_str_eq(sub, "check");
	ck_assert_int_eq(c.batch, 0);
	ck_assert_int_eq(c.load_threads, 8);

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "--vus=3"), 0);
	ck_assert_ptr_null(sub);
}
END_TEST

START_TEST(test_args_errors)
{
	tpcc_config c;
	const char *sub = "x";

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--foo"), -1);
	ck_assert_str_eq(errbuf, "unknown option '--foo' (see --help)");
	ck_assert_ptr_null(sub);
	ck_assert_int_eq(PARSE(&c, &sub, "--foo=bar"), -1);
	ck_assert_str_eq(errbuf, "unknown option '--foo' (see --help)");
	ck_assert_int_eq(PARSE(&c, &sub, "-x"), -1);
	ck_assert_str_eq(errbuf, "unknown option '-x' (see --help)");
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--host"), -1);
	ck_assert_str_eq(errbuf, "option '--host' needs a value");
	ck_assert_int_eq(PARSE(&c, &sub, "--host", "--port", "3306"), -1);
	ck_assert_str_eq(errbuf, "option '--host' needs a value");
	ck_assert_int_eq(PARSE(&c, &sub, "-w"), -1);
	ck_assert_str_eq(errbuf, "option '-w' needs a value");
	/* A negative number is the option's value, refused by its range. */
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--rate", "-5"), -1);
	ck_assert_str_eq(errbuf, "option '--rate': expected an integer from 0 to 100000000, got '-5'");
	/* Words after the subcommand are its files; the subcommand table says
	 * whether it takes any. */
	ck_assert_int_eq(PARSE(&c, &sub, "compare", "a.json", "--json", "b.json"), 0);
	ck_assert_int_eq(c.nfiles, 2);
	ck_assert_str_eq(c.files[1], "b.json");
	ck_assert_int_eq(c.json, 1);
	ck_assert_int_eq(PARSE(&c, &sub, "--warehouses=-1"), -1);
	ck_assert_str_eq(errbuf, "option '--warehouses': expected an integer from 0 to 100000, "
			 "got '-1'");
	ck_assert_int_eq(PARSE(&c, &sub, "--batch=maybe"), -1);
	ck_assert_err_has("option '--batch': expected true or false");
	ck_assert_int_eq(PARSE(&c, &sub, "--no-batch=yes"), -1);
	ck_assert_str_eq(errbuf, "option '--no-batch' takes no value");
	ck_assert_int_eq(PARSE(&c, &sub, "--r"), -1);
	ck_assert_err_has("ambiguous option '--r', could be:");
	ck_assert_int_eq(PARSE(&c, &sub, "--mode=fast"), -1);
	ck_assert_str_eq(errbuf, "option '--mode': expected one of statements|procedures, "
			 "got 'fast'");
	ck_assert_int_eq(c.warehouses, 0); /* nothing was applied */
}
END_TEST

START_TEST(test_args_password_refused)
{
	tpcc_config c;
	const char *sub;
	static const char msg[] = "passwords are not accepted on the command line; use the "
				  "config file, TPCC_PASSWORD or --ask-password";

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "--password", "s3cret"), -1);
	ck_assert_str_eq(errbuf, msg);
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--password=s3cret"), -1);
	ck_assert_str_eq(errbuf, msg);
	ck_assert_ptr_null(strstr(errbuf, "s3cret"));
	ck_assert_int_eq(PARSE(&c, &sub, "-ps3cret"), -1); /* mysql's habit */
	ck_assert_str_eq(errbuf, msg);
	ck_assert_str_eq(c.password, "");
}
END_TEST

START_TEST(test_args_config_then_override)
{
	tpcc_config c;
	const char *sub;
	char *path = write_file("w.conf",
		"workload = { warehouses = 5; load_threads = 7; };\n"
		"run = { vus = 9; };\n", 0600);

	config_defaults(&c);
	/* -c comes after --warehouses, yet the command line still wins */
	ck_assert_int_eq(PARSE(&c, &sub, "--warehouses=12", "run", "-c", path), 0);
	ck_assert_int_eq(c.warehouses, 12);
	ck_assert_int_eq(c.load_threads, 7);
	ck_assert_int_eq(c.vus, 9);
	ck_assert_str_eq(c.config_path, path);

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "--config", path, "--vus", "3"), 0);
	ck_assert_int_eq(c.warehouses, 5);
	ck_assert_int_eq(c.vus, 3);

	/* a broken file stops the parse with its own message */
	path = write_file("bad.conf", "workload = { warehouse = 5; };\n", 0600);
	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "-c", path, "run"), -1);
	ck_assert_err_has(":1: unknown key 'workload.warehouse'");
}
END_TEST

START_TEST(test_args_tpcc_password)
{
	tpcc_config c;
	const char *sub;
	char *with_pw = write_file("pw.conf", "connection = { password = \"file\"; };\n",
					 0600);

	setenv("TPCC_PASSWORD", "fromenv", 1);
	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "run"), 0);
	ck_assert_str_eq(c.password, "fromenv");

	/* the file's password wins over the environment */
	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "-c", with_pw), 0);
	ck_assert_str_eq(c.password, "file");
	unsetenv("TPCC_PASSWORD");
}
END_TEST

START_TEST(test_args_help_version)
{
	tpcc_config c;
	const char *sub;

	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--help"), ARGS_HELP);
	ck_assert_int_eq(PARSE(&c, &sub, "-h"), ARGS_HELP);
	ck_assert_int_eq(PARSE(&c, &sub, "--version"), ARGS_VERSION);
	ck_assert_int_eq(PARSE(&c, &sub, "-V"), ARGS_VERSION);
}
END_TEST

/* The program's top layer lists its subcommands; a stand-in here. */
static void usage_subcommands(FILE *out)
{
	fputs("Subcommands:\n  build  ...\n  drop   ...\n", out);
}

/* The man page's paragraph for an option is written by hand (roff) beside
 * the row: it must still name the row's range, default and every value it
 * takes, so changing the row without the text fails here. */
START_TEST(test_man_text_matches_table)
{
	char want[160];

	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		const char *man = o->man;

		if (o->type == OPT_INT) {
			snprintf(want, sizeof want, "%ld to %ld", o->min, o->max);
			ck_assert_msg(strstr(man, want), "%s: man text lacks the range '%s'", o->key, want);
		}
		if (o->type == OPT_INT || o->type == OPT_BOOL) {
			char alt[64];
			snprintf(want, sizeof want, "Default %s", o->def);
			snprintf(alt, sizeof alt, "%s (the default", o->def);
			ck_assert_msg(strstr(man, want) || strstr(man, alt),
				      "%s: man text lacks the default %s", o->key, o->def);
		}
		if (o->type == OPT_ENUM) {
			/* roff writes a '-' in a value as "\-" */
			for (const char *p = o->enums; *p;) {
				size_t n = strcspn(p, "|"), k = 0;
				for (size_t j = 0; j < n && k + 3 < sizeof want; j++) {
					if (p[j] == '-')
						want[k++] = '\\';
					want[k++] = p[j];
				}
				want[k] = '\0';
				ck_assert_msg(strstr(man, want), "%s: man text lacks the value %s",
					      o->key, want);
				p += n + (p[n] == '|');
			}
		}
	}
}
END_TEST

START_TEST(test_usage_text)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	size_t i;

	ck_assert_ptr_nonnull(f);
	config_usage(f, usage_subcommands);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "Usage: tpcc-console [SUBCOMMAND] [OPTIONS]"));
	ck_assert_ptr_nonnull(strstr(text, "build"));
	ck_assert_ptr_nonnull(strstr(text, "drop"));
	ck_assert_ptr_nonnull(strstr(text, "--ask-password"));
	ck_assert_ptr_nonnull(strstr(text, "--[no-]batch"));
	for (i = 0; i < opt_count; i++)
		ck_assert_msg(strstr(text, opt_table[i].key) != NULL, "--help misses %s",
			      opt_table[i].key);
	/* no line wider than a terminal */
	for (char *p = text, *nl; *p; p = nl + 1) {
		nl = strchr(p, '\n');
		ck_assert_ptr_nonnull(nl);
		ck_assert_msg(nl - p <= 79, "long line: %.*s", (int)(nl - p), p);
	}
	free(text);
}
END_TEST

START_TEST(test_validate)
{
	tpcc_config c;
	char err[256];

	config_defaults(&c);
	c.db_file[0] = '\0';
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "connection.file"));

	config_defaults(&c);
	strcpy(c.driver, "odbc");
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "connection.dsn"));
	strcpy(c.dsn, "tpcc");
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), 0);

	config_defaults(&c);
	c.nschedule = 2;
	c.schedule[0] = (vu_step){ 0, 2 };
	c.schedule[1] = (vu_step){ 10, 20000 };
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "run.schedule"));

	config_defaults(&c);
	c.warehouses = -1;
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "workload.warehouses"));

	config_defaults(&c);
	strcpy(c.mode, "procedures");
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), -1);
	strcpy(c.driver, "mysql");
	ck_assert_int_eq(config_validate(&c, err, sizeof(err)), 0);
}
END_TEST

START_TEST(test_odbc_password_redacted)
{
	char out[256];
	tpcc_config c;

	conn_string_redact("DSN=pg;UID=bob;PWD=s3cret;Port=5432", out, sizeof out);
	ck_assert_str_eq(out, "DSN=pg;UID=bob;PWD=***;Port=5432");
	conn_string_redact("Driver={MariaDB};password={a;b}", out, sizeof out);
	ck_assert_str_eq(out, "Driver={MariaDB};password=***");
	conn_string_redact("DSN=x", out, sizeof out);
	ck_assert_str_eq(out, "DSN=x");
	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.odbc"), "DSN=x;Pwd=hunter2",
				 errbuf, sizeof errbuf), 0);
	opt_format(&c, opt_find_key("connection.odbc"), out, sizeof out);
	ck_assert_ptr_null(strstr(out, "hunter2"));
	ck_assert_str_eq(out, "DSN=x;Pwd=***");
}
END_TEST

/* Every option formats the same after a save and a load, except the
 * password, which is there only when asked for. */
static void require_same(const tpcc_config *a, const tpcc_config *b, int with_password)
{
	char va[1200], vb[1200];

	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (o->secret)
			continue;
		opt_format(a, o, va, sizeof va);
		opt_format(b, o, vb, sizeof vb);
		if (o->offset == offsetof(tpcc_config, odbc) && !with_password) {
			ck_assert_str_eq(b->odbc, "DSN=x;UID=bob");
			continue;
		}
		ck_assert_msg(strcmp(va, vb) == 0, "%s: saved %s, loaded %s", o->key, va, vb);
	}
	ck_assert_str_eq(b->password, with_password ? a->password : "");
}

START_TEST(test_save_round_trip)
{
	static const char *const set[][2] = {
		{ "connection.driver", "mysql" }, { "connection.host", "db \"one\"\\x" },
		{ "connection.port", "3307" }, { "connection.user", "bob" },
		{ "connection.password", "s3cr\"et" }, { "connection.odbc", "DSN=x;PWD=hunter2;UID=bob" },
		{ "connection.ssl_mode", "REQUIRED" }, { "connection.read_option_files", "false" },
		{ "workload.warehouses", "42" }, { "workload.mode", "procedures" },
		{ "workload.keying_thinking", "true" }, { "run.vus", "9" }, { "run.rampup", "3" },
		{ "run.duration", "77" }, { "run.schedule", "0:2,30:4,60:1" },
		{ "run.knobs", "innodb_io_capacity,max_connections" },
	};
	tpcc_config c, back;
	char path[600], warn[400];
	struct stat st;

	config_defaults(&c);
	for (size_t i = 0; i < sizeof set / sizeof set[0]; i++)
		ck_assert_msg(opt_set(&c, opt_find_key(set[i][0]), set[i][1], errbuf, sizeof errbuf) == 0,
			      "%s: %s", set[i][0], errbuf);
	snprintf(path, sizeof path, "%s/saved.conf", tmpdir);
	for (int with_pw = 0; with_pw < 2; with_pw++) {
		ck_assert_msg(config_save_file(&c, path, with_pw, warn, sizeof warn, errbuf,
					       sizeof errbuf) == 0, "%s", errbuf);
		config_defaults(&back);
		ck_assert_msg(config_load_file(&back, path, errbuf, sizeof errbuf) == 0, "%s", errbuf);
		require_same(&c, &back, with_pw);
		ck_assert_int_eq(stat(path, &st), 0);
		if (with_pw)
			ck_assert_int_eq(st.st_mode & 0777, 0600);
	}
	/* A file others could read is replaced by a private one, with a word. */
	ck_assert_int_eq(chmod(path, 0644), 0);
	ck_assert_int_eq(config_save_file(&c, path, 1, warn, sizeof warn, errbuf, sizeof errbuf), 0);
	ck_assert_ptr_nonnull(strstr(warn, "readable by others"));
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0600);
	/* Without the password, the mode the owner chose stays. */
	ck_assert_int_eq(chmod(path, 0640), 0);
	ck_assert_int_eq(config_save_file(&c, path, 0, warn, sizeof warn, errbuf, sizeof errbuf), 0);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 0777, 0640);
	/* A directory that is not there: an error, no file. */
	snprintf(path, sizeof path, "%s/no/such/dir.conf", tmpdir);
	ck_assert_int_eq(config_save_file(&c, path, 0, warn, sizeof warn, errbuf, sizeof errbuf), -1);
	ck_assert_ptr_nonnull(strstr(errbuf, "cannot create"));
}
END_TEST

START_TEST(test_odbc_password_stripped)
{
	char out[256];

	conn_string_strip_password("DSN=pg;UID=bob;PWD=s3cret;Port=5432", out, sizeof out);
	ck_assert_str_eq(out, "DSN=pg;UID=bob;Port=5432");
	conn_string_strip_password("Password={a;b};DSN=x;", out, sizeof out);
	ck_assert_str_eq(out, "DSN=x;");
	conn_string_strip_password("DSN=x;UID=y", out, sizeof out);
	ck_assert_str_eq(out, "DSN=x;UID=y");
}
END_TEST

/* libpq's two forms: key=value (quoted or not) and the URI's user:secret@
 * and ?password=. */
START_TEST(test_conninfo_password)
{
	char out[256];
	char argv_word[] = "postgresql://bob:s3cr%40t@db1:5432/tpcc?sslmode=require&password=two";
	tpcc_config c;

	conninfo_redact("host=db1 password=s3cret dbname=tpcc", out, sizeof out);
	ck_assert_str_eq(out, "host=db1 password=*** dbname=tpcc");
	conninfo_redact("password = 'a b\\' c' host=x", out, sizeof out);
	ck_assert_str_eq(out, "password = *** host=x");
	conninfo_redact("postgresql://bob:pw@db1/tpcc", out, sizeof out);
	ck_assert_str_eq(out, "postgresql://bob:***@db1/tpcc");
	conninfo_redact("postgres://bob@db1/tpcc?password=pw&sslmode=disable", out, sizeof out);
	ck_assert_str_eq(out, "postgres://bob@db1/tpcc?password=***&sslmode=disable");
	conninfo_redact("postgresql://db1/tpcc", out, sizeof out);
	ck_assert_str_eq(out, "postgresql://db1/tpcc");
	conninfo_redact("host=db1 passwordx=1", out, sizeof out);
	ck_assert_str_eq(out, "host=db1 passwordx=1");

	conninfo_strip_password("host=db1 password=s3cret dbname=tpcc", out, sizeof out);
	ck_assert_str_eq(out, "host=db1  dbname=tpcc");
	conninfo_strip_password("postgresql://bob:pw@db1/tpcc?password=pw&sslmode=disable", out,
				sizeof out);
	ck_assert_str_eq(out, "postgresql://bob@db1/tpcc?sslmode=disable");

	ck_assert_int_eq(conninfo_mask_in_place(argv_word), 2);
	ck_assert_str_eq(argv_word,
			 "postgresql://bob:********@db1:5432/tpcc?sslmode=require&password=***");

	config_defaults(&c);
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.conninfo"),
				 "host=x password=hunter2", errbuf, sizeof errbuf), 0);
	opt_format(&c, opt_find_key("connection.conninfo"), out, sizeof out);
	ck_assert_str_eq(out, "host=x password=***");
}
END_TEST

START_TEST(test_every_screen_has_options)
{
	int count[OPT_SCR_COUNT] = { 0 };

	for (size_t i = 0; i < opt_count; i++)
		count[opt_table[i].screen]++;
	for (int s = 1; s < OPT_SCR_COUNT; s++)
		ck_assert_msg(count[s] > 0, "screen %s has no options", opt_screen_name((opt_screen)s));
	ck_assert_int_eq(opt_find_key("workload.warehouses")->screen, OPT_SCR_WORKLOAD);
	ck_assert_int_eq(opt_find_key("run.schedule")->screen, OPT_SCR_PHASES);
	ck_assert_int_eq(opt_find_key("run.knobs")->screen, OPT_SCR_KNOBS);
}
END_TEST

/* --warehouse-range and --start-at: what parses, and what each refusal
 * says. */
START_TEST(test_range_and_start)
{
	char err[256];
	int f, l;
	long long at;

	ck_assert_int_eq(opt_warehouse_range("", 8, &f, &l, err, sizeof err), 0);
	ck_assert(f == 1 && l == 8);
	ck_assert_int_eq(opt_warehouse_range("3-5", 8, &f, &l, err, sizeof err), 0);
	ck_assert(f == 3 && l == 5);
	ck_assert_int_eq(opt_warehouse_range("7-7", 0, &f, &l, err, sizeof err), 0);
	ck_assert_int_eq(opt_warehouse_range("5-3", 8, &f, &l, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "FIRST-LAST"));
	ck_assert_int_eq(opt_warehouse_range("0-3", 8, &f, &l, err, sizeof err), -1);
	ck_assert_int_eq(opt_warehouse_range("3", 8, &f, &l, err, sizeof err), -1);
	ck_assert_int_eq(opt_warehouse_range("3-9", 8, &f, &l, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "the schema has 8 warehouses"));

	const long long now = 1796131190; /* 2026-12-01T13:19:50Z */
	ck_assert_int_eq(opt_start_at("", now, &at, err, sizeof err), 0);
	ck_assert(at == now);
	ck_assert_int_eq(opt_start_at("+30", now, &at, err, sizeof err), 0);
	ck_assert(at == now + 30);
	ck_assert_int_eq(opt_start_at("2026-12-01T13:20:00Z", now, &at, err, sizeof err), 0);
	ck_assert(at == now + 10);
	ck_assert_int_eq(opt_start_at("13:21:00", now, &at, err, sizeof err), 0);
	ck_assert(at == now + 70);
	ck_assert_int_eq(opt_start_at("13:00:00", now, &at, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "already past"));
	ck_assert_int_eq(opt_start_at("2026-12-03T13:20:00Z", now, &at, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "more than a day ahead"));
	ck_assert_int_eq(opt_start_at("soon", now, &at, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "HH:MM:SS"));
	ck_assert_int_eq(opt_start_at("+x", now, &at, err, sizeof err), -1);
}
END_TEST

/* An offered load: run.rate, a config file's step rate, --rate with a
 * list for a sweep; never with keying and think times. */
START_TEST(test_rate)
{
	tpcc_config c;
	const char *sub = "x";
	char err[256];

	config_defaults(&c);
	ck_assert_int_eq(c.rate, 0);
	ck_assert_msg(load_text(&c, "run = { rate = 30000; };\n"
				   "sweep = { steps = ( { vus = 4; rate = 20000; }, { rate = 0; } ); };\n") == 0,
		      "%s", errbuf);
	ck_assert_int_eq(c.rate, 30000);
	ck_assert_str_eq(c.sweep_steps, "vus=4 rate=20000; rate=0");
	config_defaults(&c);
	ck_assert_int_eq(PARSE(&c, &sub, "sweep", "--rate", "1000,2000"), 0);
	ck_assert_str_eq(c.sweep_rate, "1000,2000");
	ck_assert_int_eq(c.rate, 0);
	ck_assert_int_eq(PARSE(&c, &sub, "run", "--rate", "1000"), 0);
	ck_assert_int_eq(c.rate, 1000);
	ck_assert_int_eq(opt_check_rate(&c, 0, err, sizeof err), 0);
	c.keying_thinking = 1;
	ck_assert_int_eq(opt_check_rate(&c, 0, err, sizeof err), -1);
	ck_assert_ptr_nonnull(strstr(err, "--rate and --keying-thinking exclude each other"));
	c.rate = 0;
	ck_assert_int_eq(opt_check_rate(&c, 0, err, sizeof err), 0);
	ck_assert_int_eq(opt_check_rate(&c, 1, err, sizeof err), -1);
}
END_TEST

/* A database the user names wins over PGDATABASE (drivers/pg.c), so the
 * config must tell it from the default: set by the command line, not
 * by the defaults or a file, and not by a value that was refused. */
START_TEST(test_database_given)
{
	tpcc_config c;
	const char *sub = NULL;
	char err[256];

	config_defaults(&c);
	ck_assert_int_eq(c.database_given, 0);
	ck_assert_int_eq(opt_set(&c, opt_find_key("connection.database"),
				 "this-name-is-far-too-long-for-the-field-"
				 "this-name-is-far-too-long-for-the-field-"
				 "this-name-is-far-too-long-for-the-field-"
				 "this-name-is-far-too-long-for-the-field-"
				 "this-name-is-far-too-long-for-the-field-"
				 "this-name-is-far-too-long-for-the-field-"
				 "this-name-is-far-too-long-for-the-field-", err, sizeof err), -1);
	ck_assert_int_eq(c.database_given, 0);
	ck_assert_int_eq(PARSE(&c, &sub, "--database", "tpcc"), 0);
	ck_assert_int_eq(c.database_given, 1);
	/* A file's database is not the user's word: saved files and the
	 * example name the default. */
	ck_assert_int_eq(load_text(&c, "connection: { database = \"tpcc\"; };\n"), 0);
	ck_assert_int_eq(c.database_given, 0);
}
END_TEST

/* restore-knobs takes the results file's driver only when nobody named
 * one: not the default, but the command line and a file both name it. */
START_TEST(test_driver_named)
{
	tpcc_config c;
	const char *sub = NULL;

	config_defaults(&c);
	ck_assert_int_eq(c.driver_named, 0);
	ck_assert_int_eq(PARSE(&c, &sub, "--host", "db1"), 0);
	ck_assert_int_eq(c.driver_named, 0);
	ck_assert_int_eq(PARSE(&c, &sub, "--driver", "sqlite"), 0);
	ck_assert_int_eq(c.driver_named, 1);
	config_defaults(&c);
	ck_assert_int_eq(load_text(&c, "connection: { driver = \"pg\"; };\n"), 0);
	ck_assert_int_eq(c.driver_named, 1);
}
END_TEST

static Suite *config_suite(void)
{
	Suite *s = suite_create("config");
	TCase *t = tcase_create("options");
	TCase *f = tcase_create("file");
	TCase *a = tcase_create("args");

	tcase_add_checked_fixture(t, setup, teardown);
	tcase_add_checked_fixture(f, setup, teardown);
	tcase_add_checked_fixture(a, setup, teardown);
	tcase_add_test(t, test_defaults);
	tcase_add_test(t, test_database_given);
	tcase_add_test(t, test_driver_named);
	tcase_add_test(t, test_odbc_password_redacted);
	tcase_add_test(t, test_odbc_password_stripped);
	tcase_add_test(t, test_conninfo_password);
	tcase_add_test(t, test_every_screen_has_options);
	tcase_add_test(f, test_save_round_trip);
	tcase_add_test(t, test_table_keys_unique);
	tcase_add_test(t, test_opt_set_int);
	tcase_add_test(t, test_opt_set_seconds);
	tcase_add_test(t, test_opt_set_bool);
	tcase_add_test(t, test_opt_set_enum_string);
	tcase_add_test(t, test_on_hangup);
	tcase_add_test(t, test_opt_set_schedule_list);
	tcase_add_test(t, test_knob_names);
	tcase_add_test(t, test_range_and_start);
	tcase_add_test(f, test_rate);
	tcase_add_test(t, test_check_schedule);
	tcase_add_test(t, test_format_secret);
	tcase_add_test(t, test_validate);
	tcase_add_test(t, test_usage_text);
	tcase_add_test(t, test_man_text_matches_table);
	tcase_add_test(f, test_file_example);
	tcase_add_test(f, test_file_good);
	tcase_add_test(f, test_file_unknown_key);
	tcase_add_test(f, test_file_wrong_type);
	tcase_add_test(f, test_file_out_of_range);
	tcase_add_test(f, test_file_syntax_error);
	tcase_add_test(f, test_file_missing);
	tcase_add_test(f, test_file_include_directory);
	tcase_add_test(f, test_file_include_errors);
	tcase_add_test(f, test_file_bad_schedule);
	tcase_add_test(f, test_file_password_mode);
	tcase_add_test(a, test_args_before_after);
	tcase_add_test(a, test_args_errors);
	tcase_add_test(a, test_args_password_refused);
	tcase_add_test(a, test_args_config_then_override);
	tcase_add_test(a, test_args_tpcc_password);
	tcase_add_test(a, test_args_help_version);
	suite_add_tcase(s, t);
	suite_add_tcase(s, f);
	suite_add_tcase(s, a);
	return s;
}

int main(void)
{
	return unit_run(config_suite());
}
