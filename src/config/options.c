/* options.c: the table of every setting (key, command-line name, type,
 * bounds, default, help), and what is driven by it: defaults, setting from
 * text, formatting, the command line, --help and cross-field checks.
 * The config file reader is conf_file.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "options.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

#define FIELD(f) .offset = offsetof(tpcc_config, f), .size = sizeof(((tpcc_config *)0)->f)
#define KNOB_LEN ((int)sizeof(((tpcc_config *)0)->knobs[0]))

/* The one list of settings.  Keys are grouped connection.*, workload.*,
 * run.*, in the order --help and the example config show them.
 * OPT_SCHEDULE is always run.schedule (schedule + nschedule) and OPT_LIST is
 * always run.knobs (knobs + nknobs); their offset/size are informative. */
const opt_def opt_table[] = {
	/* connection */
	{ .key = "connection.driver", .longopt = "driver", .type = OPT_ENUM,
	  .enums = "mysql|sqlite|odbc|null", .def = "sqlite", FIELD(driver),
	  .argname = "DRIVER", .help = "database driver (null: no database, for measuring the engine)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.host", .longopt = "host", .type = OPT_STRING,
	  .def = "", FIELD(host), .argname = "HOST",
	  .help = "MySQL server host name or address (empty: the option files, "
		  "else localhost)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.port", .longopt = "port", .shortopt = 'P',
	  .type = OPT_INT, .min = 0, .max = 65535, .def = "0", FIELD(port),
	  .argname = "PORT", .help = "MySQL server TCP port (0: the driver's default, 3306)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.socket", .longopt = "socket", .shortopt = 'S',
	  .type = OPT_STRING, .def = "", FIELD(socket), .argname = "PATH",
	  .help = "MySQL Unix socket, used when the host is empty or localhost",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.user", .longopt = "user", .shortopt = 'u',
	  .type = OPT_STRING, .def = "", FIELD(user), .argname = "USER",
	  .help = "user to connect as (empty: the option files, else the login name)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.password", .type = OPT_STRING, .def = "",
	  FIELD(password), .secret = 1,
	  .help = "password: config file only (keep it mode 0600), or TPCC_PASSWORD, "
		  "or --ask-password",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.database", .longopt = "database", .shortopt = 'D',
	  .type = OPT_STRING, .def = "tpcc", FIELD(database), .argname = "NAME",
	  .help = "database (schema) that holds the TPC-C tables",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.file", .longopt = "db", .type = OPT_STRING,
	  .def = "tpcc.sqlite", FIELD(db_file), .argname = "FILE",
	  .help = "SQLite database file",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.dsn", .longopt = "dsn", .type = OPT_STRING, .def = "",
	  FIELD(dsn), .argname = "DSN", .help = "ODBC data source name (from odbc.ini)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.odbc", .type = OPT_STRING, .def = "", FIELD(odbc),
	  .help = "full ODBC connection string; used instead of connection.dsn when set",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.dialect", .longopt = "dialect", .type = OPT_ENUM,
	  .enums = "auto|mysql|postgresql|mssql", .def = "auto", FIELD(dialect),
	  .argname = "NAME",
	  .help = "SQL dialect over ODBC (auto: from the DBMS name the driver reports)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.isolation", .longopt = "isolation", .type = OPT_ENUM,
	  .enums = "default|read-committed|repeatable-read|serializable", .def = "default",
	  FIELD(isolation), .argname = "LEVEL",
	  .help = "transaction isolation level for ODBC connections (default: the "
		  "server's)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.ssl_mode", .longopt = "ssl-mode", .type = OPT_ENUM,
	  .enums = "DISABLED|PREFERRED|REQUIRED|VERIFY_CA|VERIFY_IDENTITY",
	  .def = "PREFERRED", FIELD(ssl_mode), .argname = "MODE",
	  .help = "TLS for MySQL connections (with Connector/C 3.3, VERIFY_CA also "
		  "checks the host name, as VERIFY_IDENTITY does)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.ssl_ca", .longopt = "ssl-ca", .type = OPT_STRING,
	  .def = "", FIELD(ssl_ca), .argname = "FILE",
	  .help = "CA certificate file (PEM) for VERIFY_CA and VERIFY_IDENTITY",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.read_option_files", .longopt = "read-option-files",
	  .type = OPT_BOOL, .def = "true", FIELD(read_option_files),
	  .help = "read the [client] group of the MySQL option files (~/.my.cnf)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.connect_timeout", .longopt = "connect-timeout",
	  .type = OPT_INT, .min = 0, .max = 3600, .def = "10", FIELD(connect_timeout),
	  .argname = "SECONDS",
	  .help = "give up a connection attempt after this long (0: the driver's default)",
	  .screen = OPT_SCR_CONNECTION },
	{ .key = "connection.server_pid", .longopt = "server-pid", .type = OPT_INT,
	  .min = 0, .max = 4194304, .def = "0", FIELD(server_pid), .argname = "PID",
	  .help = "pid of the local database server, for the console's CPU figures "
		  "(0: found from the socket or port the server listens on)" },

	/* workload */
	{ .key = "workload.warehouses", .longopt = "warehouses", .shortopt = 'w',
	  .type = OPT_INT, .min = 0, .max = 100000, .def = "0", FIELD(warehouses),
	  .argname = "N", .help = "number of warehouses: build loads N (0: 1); run checks the "
	  "schema holds N (0: whatever it holds)",
	  .screen = OPT_SCR_WORKLOAD },
	{ .key = "workload.mode", .longopt = "mode", .type = OPT_ENUM,
	  .enums = "statements|procedures", .def = "statements", FIELD(mode),
	  .argname = "MODE",
	  .help = "run the transactions as client-side prepared statements or as "
		  "server-side stored procedures",
	  .screen = OPT_SCR_WORKLOAD },
	{ .key = "workload.keying_thinking", .longopt = "keying-thinking",
	  .type = OPT_BOOL, .def = "false", FIELD(keying_thinking),
	  .help = "wait the TPC-C keying and thinking times (clause 5.2.5) "
		  "instead of running flat out",
	  .screen = OPT_SCR_WORKLOAD },
	{ .key = "workload.all_warehouses", .longopt = "all-warehouses",
	  .type = OPT_BOOL, .def = "false", FIELD(all_warehouses),
	  .help = "each transaction picks a warehouse at random instead of the "
		  "VU's home warehouse (more I/O, more contention)",
	  .screen = OPT_SCR_WORKLOAD },
	{ .key = "workload.load_threads", .longopt = "load-threads", .type = OPT_INT,
	  .min = 1, .max = 256, .def = "2", FIELD(load_threads), .argname = "N",
	  .help = "threads loading warehouses in parallel during build",
	  .screen = OPT_SCR_WORKLOAD },
	{ .key = "workload.load_batch", .longopt = "load-batch", .type = OPT_INT,
	  .min = 1, .max = 100000, .def = "1000", FIELD(load_batch), .argname = "ROWS",
	  .help = "rows per multi-row INSERT during build (a commit every 4 INSERTs)",
	  .screen = OPT_SCR_WORKLOAD },

	/* run */
	{ .key = "run.vus", .longopt = "vus", .type = OPT_INT, .min = 1,
	  .max = SCHEDULE_VUS_MAX, .def = "2", FIELD(vus), .argname = "N",
	  .help = "virtual users, each with its own connection",
	  .screen = OPT_SCR_PHASES },
	{ .key = "run.rampup", .longopt = "rampup", .type = OPT_INT, .min = 0,
	  .max = 86400, .def = "10", FIELD(rampup), .argname = "SECONDS",
	  .help = "ramp-up before measuring starts",
	  .screen = OPT_SCR_PHASES },
	{ .key = "run.duration", .longopt = "duration", .type = OPT_INT, .min = 1,
	  .max = 2592000, .def = "60", FIELD(duration), .argname = "SECONDS",
	  .help = "steady (measured) phase",
	  .screen = OPT_SCR_PHASES },
	{ .key = "run.rampdown", .longopt = "rampdown", .type = OPT_INT, .min = 0,
	  .max = 86400, .def = "0", FIELD(rampdown), .argname = "SECONDS",
	  .help = "ramp-down after the steady phase, not measured",
	  .screen = OPT_SCR_PHASES },
	{ .key = "run.extend_step", .longopt = "extend-step", .type = OPT_INT,
	  .min = 1, .max = 86400, .def = "60", FIELD(extend_step), .argname = "SECONDS",
	  .help = "time added to the steady phase by `extend` with no argument",
	  .screen = OPT_SCR_PHASES },
	{ .key = "run.retry_max", .longopt = "retry-max", .type = OPT_INT,
	  .min = 0, .max = 1000, .def = "10", FIELD(retry_max), .argname = "N",
	  .help = "retries of a transaction after a deadlock or serialization "
		  "failure before it counts as an error" },
	{ .key = "run.reconnect_give_up", .longopt = "reconnect-give-up",
	  .type = OPT_INT, .min = 0, .max = 86400, .def = "300",
	  FIELD(reconnect_max_s), .argname = "SECONDS",
	  .help = "stop reconnecting a lost connection after this long (0: never)" },
	{ .key = "run.results_dir", .longopt = "results-dir", .type = OPT_STRING,
	  .def = "./results", FIELD(results_dir), .argname = "DIR",
	  .help = "directory for the results files" },
	{ .key = "run.batch", .longopt = "batch", .type = OPT_BOOL, .def = "false",
	  FIELD(batch),
	  .help = "run without the console even on a terminal: one line per "
		  "report interval, commands from standard input" },
	{ .key = "run.report_interval", .longopt = "report-interval", .type = OPT_INT,
	  .min = 1, .max = 3600, .def = "1", FIELD(report_interval),
	  .argname = "SECONDS", .help = "print every Nth second's line in batch mode "
	  "(each line shows that second, not an average)" },
	{ .key = "run.on_hangup", .longopt = "on-hangup", .type = OPT_ENUM,
	  .enums = "continue|stop", .def = "continue", FIELD(on_hangup), .argname = "WHAT",
	  .help = "when the terminal closes (SIGHUP): continue the run headless to "
		  "its scheduled end, or stop it cleanly (stopped_by \"hangup\")" },
	{ .key = "run.schedule", .type = OPT_SCHEDULE, .def = "", FIELD(schedule),
	  .help = "VU schedule, a list of steps { at = SECONDS; vus = N; } with "
		  "at increasing (empty: run.vus throughout)",
	  .screen = OPT_SCR_PHASES },
	{ .key = "run.knobs", .type = OPT_LIST, .def = "", FIELD(knobs),
	  .help = "server variables for the console's knob panel, e.g. "
		  "[ \"innodb_io_capacity\" ] (empty: the driver's defaults; `set` "
		  "works on any variable)",
	  .screen = OPT_SCR_KNOBS },
};

const size_t opt_count = sizeof(opt_table) / sizeof(opt_table[0]);

/* Command-line options that are not config keys. */
enum cli_kind { CLI_CONFIG = 1, CLI_ASKPASS, CLI_DURABILITY, CLI_SCRIPT, CLI_PROCS_ONLY, CLI_HELP, CLI_VERSION };

typedef struct cli_opt {
	const char *longopt;
	char shortopt;
	enum cli_kind kind;
	const char *argname; /* NULL: a flag */
	const char *help;
} cli_opt;

static const cli_opt cli_table[] = {
	{ "config", 'c', CLI_CONFIG, "FILE",
	  "read settings from FILE; the other options override it" },
	{ "ask-password", 'p', CLI_ASKPASS, NULL,
	  "prompt for the database password on the terminal" },
	{ "durability", 0, CLI_DURABILITY, "RUN.json",
	  "check: verify that every New-Order the run's results file says was "
	  "acknowledged is in the database with all its lines" },
	{ "script", 's', CLI_SCRIPT, "FILE",
	  "cli: run the commands in FILE first, one per line" },
	{ "procedures-only", 0, CLI_PROCS_ONLY, NULL,
	  "build: (re)create the stored procedures only, on a loaded schema" },
	{ "help", 'h', CLI_HELP, NULL, "show this help and exit" },
	{ "version", 'V', CLI_VERSION, NULL, "show the version and exit" },
};

#define CLI_COUNT (sizeof(cli_table) / sizeof(cli_table[0]))

static const char password_refused[] =
	"passwords are not accepted on the command line; use the config file, "
	"TPCC_PASSWORD or --ask-password";

/* ---- small helpers ---- */

static void errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

static int str_copy_checked(char *dst, const char *src, size_t size)
{
	size_t n = strlen(src);
	if (n >= size)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

static void *field(tpcc_config *c, const opt_def *o)
{
	return (char *)c + o->offset;
}

static const void *cfield(const tpcc_config *c, const opt_def *o)
{
	return (const char *)c + o->offset;
}

/* Longest stretch of a user's value quoted back in a message. */
#define QUOTE_MAX 60

static int quote_len(const char *s)
{
	size_t n = strlen(s);
	return n > QUOTE_MAX ? QUOTE_MAX : (int)n;
}

static const char *quote_ellipsis(const char *s)
{
	return strlen(s) > QUOTE_MAX ? "..." : "";
}

/* Whole-string decimal integer in [min, max]. */
static int parse_long(const char *s, long min, long max, long *out)
{
	const char *p = s;
	char *end;
	long v;

	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0" };
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -1;
}

/* Find s among "a|b|c" ignoring case; copy the canonical spelling. */
static int match_enum(const char *enums, const char *s, char *out, size_t outlen)
{
	const char *p = enums;
	size_t n = strlen(s);

	while (*p != '\0') {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len == n && n > 0 && strncasecmp(p, s, n) == 0) {
			if (len >= outlen)
				return -1;
			memcpy(out, p, len);
			out[len] = '\0';
			return 0;
		}
		p += len;
		if (*p == '|')
			p++;
	}
	return -1;
}

static const char *skip_space(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* ---- schedule and knob lists ---- */

int opt_check_schedule(const vu_step *steps, int n, int *bad, char *err, size_t errlen)
{
	int i;

	if (n < 0 || n > SCHEDULE_MAX) {
		if (bad)
			*bad = n > 0 ? SCHEDULE_MAX : 0;
		errf(err, errlen, "at most %d schedule steps, got %d", SCHEDULE_MAX, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (steps[i].at < 0) {
			errf(err, errlen, "step %d: at must be 0 or more seconds, got %d",
			     i + 1, steps[i].at);
			goto fail;
		}
		if (i > 0 && steps[i].at <= steps[i - 1].at) {
			errf(err, errlen, "step %d: at %d is not after the previous "
			     "step's %d (steps must be in increasing time order)",
			     i + 1, steps[i].at, steps[i - 1].at);
			goto fail;
		}
		if (steps[i].vus < 0 || steps[i].vus > SCHEDULE_VUS_MAX) {
			errf(err, errlen, "step %d: vus must be from 0 to %d, got %d",
			     i + 1, SCHEDULE_VUS_MAX, steps[i].vus);
			goto fail;
		}
	}
	return 0;
fail:
	if (bad)
		*bad = i;
	return -1;
}

/* "AT:VUS[,AT:VUS...]", e.g. "0:2,60:4"; empty clears the schedule. */
static int set_schedule(tpcc_config *c, const char *value, char *err, size_t errlen)
{
	vu_step steps[SCHEDULE_MAX];
	const char *p = skip_space(value);
	int n = 0;

	while (*p != '\0') {
		long at, vus;
		char *end;

		if (n == SCHEDULE_MAX) {
			errf(err, errlen, "at most %d schedule steps", SCHEDULE_MAX);
			return -1;
		}
		if (!isdigit((unsigned char)*p))
			goto syntax;
		errno = 0;
		at = strtol(p, &end, 10);
		if (errno != 0 || at > INT_MAX)
			goto syntax;
		p = skip_space(end);
		if (*p != ':')
			goto syntax;
		p = skip_space(p + 1);
		if (!isdigit((unsigned char)*p))
			goto syntax;
		errno = 0;
		vus = strtol(p, &end, 10);
		if (errno != 0 || vus > INT_MAX)
			goto syntax;
		steps[n].at = (int)at;
		steps[n].vus = (int)vus;
		n++;
		p = skip_space(end);
		if (*p == ',')
			p = skip_space(p + 1);
		else if (*p != '\0')
			goto syntax;
	}
	if (opt_check_schedule(steps, n, NULL, err, errlen) < 0)
		return -1;
	memcpy(c->schedule, steps, (size_t)n * sizeof(steps[0]));
	c->nschedule = n;
	return 0;
syntax:
	errf(err, errlen, "expected AT:VUS steps separated by commas (e.g. 0:2,60:4), "
	     "got '%.*s%s'", quote_len(value), value, quote_ellipsis(value));
	return -1;
}

int opt_check_knob(const char *name, char *err, size_t errlen)
{
	size_t i, n = strlen(name);

	if (n == 0 || n >= (size_t)KNOB_LEN) {
		errf(err, errlen, "expected a variable name of 1 to %d characters, got %zu",
		     KNOB_LEN - 1, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)name[i];

		if (isalnum(ch) || ch == '_' || (ch == '.' && i > 0))
			continue;
		errf(err, errlen, "'%.*s%s' is not a variable name (letters, digits, _ and .)",
		     quote_len(name), name, quote_ellipsis(name));
		return -1;
	}
	return 0;
}

/* "a,b,c"; empty clears the list. */
static int set_list(tpcc_config *c, const char *value, char *err, size_t errlen)
{
	char items[KNOBS_MAX][sizeof(c->knobs[0])];
	char msg[160];
	const char *p = value;
	int n = 0;

	while (*p != '\0') {
		const char *comma = strchr(p, ',');
		const char *end = comma ? comma : p + strlen(p);
		size_t len;

		p = skip_space(p);
		if (p > end)
			p = end;
		while (end > p && isspace((unsigned char)end[-1]))
			end--;
		len = (size_t)(end - p);
		if (len > 0) {
			if (n == KNOBS_MAX) {
				errf(err, errlen, "at most %d items", KNOBS_MAX);
				return -1;
			}
			if (len >= sizeof(items[0])) {
				errf(err, errlen, "item '%.*s...' is too long (at most %d characters)",
				     (int)(len > 40 ? 40 : len), p, KNOB_LEN - 1);
				return -1;
			}
			memcpy(items[n], p, len);
			items[n][len] = '\0';
			if (opt_check_knob(items[n], msg, sizeof(msg)) < 0) {
				errf(err, errlen, "item %d: %s", n + 1, msg);
				return -1;
			}
			n++;
		}
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	memcpy(c->knobs, items, (size_t)n * sizeof(items[0]));
	c->nknobs = n;
	return 0;
}

/* ---- the table's operations ---- */

const opt_def *opt_find_key(const char *key)
{
	size_t i;

	if (key == NULL)
		return NULL;
	for (i = 0; i < opt_count; i++)
		if (strcmp(opt_table[i].key, key) == 0)
			return &opt_table[i];
	return NULL;
}

const opt_def *opt_find_long(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < opt_count; i++)
		if (opt_table[i].longopt && strcmp(opt_table[i].longopt, name) == 0)
			return &opt_table[i];
	return NULL;
}

int opt_set(tpcc_config *c, const opt_def *o, const char *value, char *err, size_t errlen)
{
	long v;
	int b;

	if (value == NULL) {
		errf(err, errlen, "missing value");
		return -1;
	}
	switch (o->type) {
	case OPT_INT:
		if (parse_long(value, o->min, o->max, &v) < 0) {
			errf(err, errlen, "expected an integer from %ld to %ld, got '%.*s%s'",
			     o->min, o->max, quote_len(value), value, quote_ellipsis(value));
			return -1;
		}
		*(int *)field(c, o) = (int)v;
		return 0;
	case OPT_BOOL:
		if (parse_bool(value, &b) < 0) {
			errf(err, errlen, "expected true or false (or yes/no, on/off, 1/0), "
			     "got '%.*s%s'", quote_len(value), value, quote_ellipsis(value));
			return -1;
		}
		*(int *)field(c, o) = b;
		return 0;
	case OPT_STRING:
		if (strlen(value) >= o->size) {
			errf(err, errlen, "too long: at most %zu characters, got %zu",
			     o->size - 1, strlen(value));
			return -1;
		}
		memcpy(field(c, o), value, strlen(value) + 1);
		return 0;
	case OPT_ENUM:
		if (match_enum(o->enums, value, field(c, o), o->size) < 0) {
			errf(err, errlen, "expected one of %s, got '%.*s%s'", o->enums,
			     quote_len(value), value, quote_ellipsis(value));
			return -1;
		}
		return 0;
	case OPT_SCHEDULE:
		return set_schedule(c, value, err, errlen);
	case OPT_LIST:
		return set_list(c, value, err, errlen);
	}
	errf(err, errlen, "internal error: option %s has an unknown type", o->key);
	return -1;
}

/* Append to buf at *pos, never past len; keeps buf terminated. */
static void append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*pos >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *pos, len - *pos, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	*pos += (size_t)n;
	if (*pos >= len)
		*pos = len;
}

/* Copy an ODBC connection string, KEY=VALUE;..., with the password pairs
 * (PWD= or Password=) masked as "***" or, with drop, left out.  Values in
 * {braces} may hold ';'. */
static void conn_string_filter(const char *in, char *out, size_t len, int drop)
{
	size_t o = 0;
	const char *p = in;
	if (!len)
		return;
	while (*p && o + 1 < len) {
		const char *eq = strchr(p, '=');
		if (!eq)
			break;
		size_t klen = (size_t)(eq - p);
		const char *v = eq + 1, *end = v;
		if (*v == '{') {
			end = strchr(v, '}');
			end = end ? end + 1 : v + strlen(v);
		}
		while (*end && *end != ';')
			end++;
		int secret = (klen == 3 && !strncasecmp(p, "PWD", 3)) ||
			     (klen == 8 && !strncasecmp(p, "Password", 8));
		const char *pair = p;
		p = *end == ';' ? end + 1 : end;
		if (secret && drop)
			continue;
		const char *sep = o && out[o - 1] != ';' ? ";" : "";
		int n = secret ? snprintf(out + o, len - o, "%s%.*s=***", sep, (int)klen, pair)
			       : snprintf(out + o, len - o, "%s%.*s", sep, (int)(end - pair), pair);
		if (n < 0 || (size_t)n >= len - o) {
			o = len - 1;
			break;
		}
		o += (size_t)n;
	}
	/* A trailing ';' of the original is kept: drivers accept both. */
	if (*in && in[strlen(in) - 1] == ';' && o && out[o - 1] != ';' && o + 1 < len)
		out[o++] = ';';
	out[o] = '\0';
}

void conn_string_redact(const char *in, char *out, size_t len)
{
	conn_string_filter(in, out, len, 0);
}

void conn_string_strip_password(const char *in, char *out, size_t len)
{
	conn_string_filter(in, out, len, 1);
}

const char *opt_screen_name(opt_screen s)
{
	static const char *const names[OPT_SCR_COUNT] = {
		[OPT_SCR_NONE] = "Other", [OPT_SCR_CONNECTION] = "Connection",
		[OPT_SCR_WORKLOAD] = "Workload", [OPT_SCR_PHASES] = "Phases and VUs",
		[OPT_SCR_KNOBS] = "Knobs",
	};
	return s >= 0 && s < OPT_SCR_COUNT ? names[s] : "?";
}

void opt_format(const tpcc_config *c, const opt_def *o, char *buf, size_t len)
{
	size_t pos = 0;
	int i;

	if (buf == NULL || len == 0)
		return;
	buf[0] = '\0';
	switch (o->type) {
	case OPT_INT:
		append(buf, len, &pos, "%d", *(const int *)cfield(c, o));
		break;
	case OPT_BOOL:
		append(buf, len, &pos, "%s", *(const int *)cfield(c, o) ? "true" : "false");
		break;
	case OPT_STRING:
	case OPT_ENUM:
		if (o->secret)
			append(buf, len, &pos, "%s",
			       *(const char *)cfield(c, o) != '\0' ? "***" : "");
		else if (o->offset == offsetof(tpcc_config, odbc))
			conn_string_redact((const char *)cfield(c, o), buf, len);
		else
			append(buf, len, &pos, "%.*s", (int)o->size, (const char *)cfield(c, o));
		break;
	case OPT_SCHEDULE:
		for (i = 0; i < c->nschedule && i < SCHEDULE_MAX; i++)
			append(buf, len, &pos, "%s%d:%d", i ? "," : "",
			       c->schedule[i].at, c->schedule[i].vus);
		break;
	case OPT_LIST:
		for (i = 0; i < c->nknobs && i < KNOBS_MAX; i++)
			append(buf, len, &pos, "%s%.*s", i ? "," : "", KNOB_LEN, c->knobs[i]);
		break;
	}
}

void config_defaults(tpcc_config *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	/* The defaults are checked by the unit tests, so this cannot fail. */
	for (i = 0; i < opt_count; i++)
		(void)opt_set(c, &opt_table[i], opt_table[i].def ? opt_table[i].def : "",
			      NULL, 0);
}

/* ---- the command line ---- */

/* What one command-line word (or word pair) named. */
typedef struct argopt {
	const opt_def *o;    /* a table option, or NULL */
	const cli_opt *cli;  /* a command-line-only option, or NULL */
	int negate;          /* --no-NAME of a boolean */
	char shown[72];      /* as the user wrote it, for messages */
} argopt;

static int takes_value(const argopt *a)
{
	if (a->cli)
		return a->cli->argname != NULL;
	return a->o->type != OPT_BOOL;
}

/* Does name[0..len) equal (exact) or begin (prefix) pre+cand? */
static int name_match(const char *name, size_t len, const char *pre, const char *cand,
		      int *exact)
{
	size_t pl = strlen(pre), cl = strlen(cand);

	if (len < pl || strncmp(name, pre, pl) != 0)
		return 0;
	if (len - pl > cl || strncmp(name + pl, cand, len - pl) != 0)
		return 0;
	*exact = (len - pl == cl);
	return 1;
}

/* Resolve a long option name (exact, --no-NAME for booleans, or a unique
 * prefix).  name is not terminated at len (it may go on with "=value"). */
static int resolve_long(const char *name, size_t len, argopt *a, char *err, size_t errlen)
{
	argopt cand[2 * 64];
	int ncand = 0, i, exact;
	size_t k;
	char list[512];
	size_t pos = 0;

	memset(a, 0, sizeof(*a));
	snprintf(a->shown, sizeof(a->shown), "--%.*s", (int)(len > 60 ? 60 : len), name);
	if (len >= 4 && (name_match(name, len, "", "password", &exact) ||
			 (len == 6 && strncmp(name, "passwd", 6) == 0))) {
		errf(err, errlen, "%s", password_refused);
		return -1;
	}
	if (len == 0) {
		errf(err, errlen, "unknown option '--=' (see --help)");
		return -1;
	}
	for (k = 0; k < opt_count; k++) {
		const opt_def *o = &opt_table[k];

		if (o->longopt == NULL || o->secret)
			continue;
		if (name_match(name, len, "", o->longopt, &exact)) {
			if (exact) {
				a->o = o;
				snprintf(a->shown, sizeof(a->shown), "--%s", o->longopt);
				return 0;
			}
			if (ncand < (int)(sizeof(cand) / sizeof(cand[0]))) {
				memset(&cand[ncand], 0, sizeof(cand[0]));
				cand[ncand].o = o;
				snprintf(cand[ncand].shown, sizeof(cand[0].shown), "--%s", o->longopt);
				ncand++;
			}
		}
		if (o->type == OPT_BOOL && name_match(name, len, "no-", o->longopt, &exact)) {
			if (exact) {
				a->o = o;
				a->negate = 1;
				snprintf(a->shown, sizeof(a->shown), "--no-%s", o->longopt);
				return 0;
			}
			if (ncand < (int)(sizeof(cand) / sizeof(cand[0]))) {
				memset(&cand[ncand], 0, sizeof(cand[0]));
				cand[ncand].o = o;
				cand[ncand].negate = 1;
				snprintf(cand[ncand].shown, sizeof(cand[0].shown), "--no-%s",
					 o->longopt);
				ncand++;
			}
		}
	}
	for (k = 0; k < CLI_COUNT; k++) {
		if (name_match(name, len, "", cli_table[k].longopt, &exact)) {
			if (exact) {
				a->cli = &cli_table[k];
				snprintf(a->shown, sizeof(a->shown), "--%s", cli_table[k].longopt);
				return 0;
			}
			if (ncand < (int)(sizeof(cand) / sizeof(cand[0]))) {
				memset(&cand[ncand], 0, sizeof(cand[0]));
				cand[ncand].cli = &cli_table[k];
				snprintf(cand[ncand].shown, sizeof(cand[0].shown), "--%s",
					 cli_table[k].longopt);
				ncand++;
			}
		}
	}
	if (ncand == 1) {
		*a = cand[0];
		return 0;
	}
	if (ncand == 0) {
		errf(err, errlen, "unknown option '%s' (see --help)", a->shown);
		return -1;
	}
	list[0] = '\0';
	for (i = 0; i < ncand; i++)
		append(list, sizeof(list), &pos, "%s%s", i ? ", " : "", cand[i].shown);
	errf(err, errlen, "ambiguous option '%s', could be: %s", a->shown, list);
	return -1;
}

static int resolve_short(char ch, argopt *a, char *err, size_t errlen)
{
	size_t k;

	memset(a, 0, sizeof(*a));
	snprintf(a->shown, sizeof(a->shown), "-%c", ch);
	for (k = 0; k < opt_count; k++) {
		if (opt_table[k].shortopt == ch && ch != 0 && !opt_table[k].secret) {
			a->o = &opt_table[k];
			return 0;
		}
	}
	for (k = 0; k < CLI_COUNT; k++) {
		if (cli_table[k].shortopt == ch) {
			a->cli = &cli_table[k];
			return 0;
		}
	}
	if (isprint((unsigned char)ch))
		errf(err, errlen, "unknown option '-%c' (see --help)", ch);
	else
		errf(err, errlen, "unknown option (byte 0x%02x) (see --help)", (unsigned char)ch);
	return -1;
}

typedef struct argstate {
	int pass;              /* 0: structure, -c, --help; 1: apply values */
	const char *config;    /* last -c FILE */
	int help, version;
	const char *subcmd;
} argstate;

/* One option with its value (NULL for a flag used bare). */
static int apply(tpcc_config *c, argstate *st, const argopt *a, const char *value,
		 char *err, size_t errlen)
{
	char msg[256];

	if (a->cli) {
		switch (a->cli->kind) {
		case CLI_CONFIG:
			if (st->pass == 0)
				st->config = value;
			break;
		case CLI_ASKPASS:
			if (st->pass == 1)
				c->ask_password = 1;
			break;
		case CLI_DURABILITY:
			/* value is never NULL: --durability has an argname, so
			 * walk_args found it one; said for the analyzer, which
			 * cannot read the option table. */
			if (st->pass == 1 && value && str_copy_checked(c->durability_file, value,
								       sizeof c->durability_file)) {
				errf(err, errlen, "option '--durability': path too long");
				return -1;
			}
			break;
		case CLI_SCRIPT:
			if (st->pass == 1)
				snprintf(c->script, sizeof c->script, "%s", value);
			break;
		case CLI_PROCS_ONLY:
			if (st->pass == 1)
				c->procedures_only = 1;
			break;
		case CLI_HELP:
			st->help = 1;
			break;
		case CLI_VERSION:
			st->version = 1;
			break;
		}
		return 0;
	}
	if (st->pass == 0)
		return 0;
	if (a->o->type == OPT_BOOL && value == NULL)
		value = a->negate ? "false" : "true";
	if (opt_set(c, a->o, value, msg, sizeof(msg)) < 0) {
		errf(err, errlen, "option '%s': %s", a->shown, msg);
		return -1;
	}
	return 0;
}

/* A separate word can be an option's value unless it looks like an option
 * itself ("--host --port 3306" is a missing host, not a host "--port"). */
static int can_be_value(const char *w)
{
	return w != NULL && !(w[0] == '-' && w[1] != '\0');
}

static int walk_args(tpcc_config *c, int argc, char **argv, argstate *st,
		     char *err, size_t errlen)
{
	int i, only_words = 0;

	for (i = 1; i < argc; i++) {
		const char *w = argv[i];
		argopt a;

		if (w == NULL)
			break;
		if (only_words || w[0] != '-' || w[1] == '\0') {
			if (st->pass == 0) {
				if (st->subcmd != NULL) {
					errf(err, errlen, "unexpected argument '%.*s%s'",
					     quote_len(w), w, quote_ellipsis(w));
					return -1;
				}
				st->subcmd = w;
			}
			continue;
		}
		if (strcmp(w, "--") == 0) {
			only_words = 1;
			continue;
		}
		if (w[1] == '-') {
			const char *name = w + 2;
			const char *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			const char *value = NULL;

			if (resolve_long(name, len, &a, err, errlen) < 0)
				return -1;
			if (eq != NULL) {
				if (!takes_value(&a) && (a.cli != NULL || a.negate)) {
					errf(err, errlen, "option '%s' takes no value", a.shown);
					return -1;
				}
				value = eq + 1;
			} else if (takes_value(&a)) {
				if (i + 1 >= argc || !can_be_value(argv[i + 1])) {
					errf(err, errlen, "option '%s' needs a value", a.shown);
					return -1;
				}
				value = argv[++i];
			}
			if (apply(c, st, &a, value, err, errlen) < 0)
				return -1;
			continue;
		}
		/* One or more short options: flags may be grouped (-Vh); an option
		 * that takes a value ends the group (-w4 or -w 4). */
		for (const char *p = w + 1; *p != '\0'; p++) {
			const char *value = NULL;

			if (resolve_short(*p, &a, err, errlen) < 0)
				return -1;
			if (a.cli && a.cli->kind == CLI_ASKPASS && p[1] != '\0') {
				/* mysql's -pSECRET habit */
				errf(err, errlen, "%s", password_refused);
				return -1;
			}
			if (takes_value(&a)) {
				if (p[1] != '\0') {
					value = p + 1;
				} else if (i + 1 < argc && can_be_value(argv[i + 1])) {
					value = argv[++i];
				} else {
					errf(err, errlen, "option '%s' needs a value", a.shown);
					return -1;
				}
			}
			if (apply(c, st, &a, value, err, errlen) < 0)
				return -1;
			if (value != NULL)
				break;
		}
	}
	return 0;
}

int config_parse_args(tpcc_config *c, int argc, char **argv, const char **subcmd,
		      char *err, size_t errlen)
{
	argstate st;
	tpcc_config work;
	const char *pw;

	if (subcmd)
		*subcmd = NULL;
	if (err && errlen)
		err[0] = '\0';
	memset(&st, 0, sizeof(st));
	if (walk_args(c, argc, argv, &st, err, errlen) < 0)
		return -1;
	if (st.help) {
		config_usage(stdout);
		return 1;
	}
	if (st.version) {
		printf("tpcc-console %s\n", PACKAGE_VERSION);
		return 2;
	}
	/* Work on a copy so a failure leaves c as it was. */
	work = *c;
	if (st.config != NULL) {
		if (st.config[0] == '\0') {
			errf(err, errlen, "option '--config' needs a file name");
			return -1;
		}
		if (config_load_file(&work, st.config, err, errlen) < 0)
			return -1;
	}
	st.pass = 1;
	if (walk_args(&work, argc, argv, &st, err, errlen) < 0)
		return -1;
	pw = getenv("TPCC_PASSWORD");
	if (pw != NULL && work.password[0] == '\0') {
		if (strlen(pw) >= sizeof(work.password)) {
			errf(err, errlen, "TPCC_PASSWORD is too long (at most %zu characters)",
			     sizeof(work.password) - 1);
			return -1;
		}
		memcpy(work.password, pw, strlen(pw) + 1);
	}
	*c = work;
	if (subcmd)
		*subcmd = st.subcmd;
	return 0;
}

/* ---- --help ---- */

#define HELP_COL 32   /* where the help text starts */
#define HELP_WIDTH 79

/* Print text word-wrapped from column col (the cursor is at column at). */
static void print_wrapped(FILE *out, int at, int col, const char *text)
{
	const char *p = text;

	if (at > col - 2) {
		fputc('\n', out);
		at = 0;
	}
	fprintf(out, "%*s", col - at, "");
	at = col;
	while (*p != '\0') {
		const char *e = p;
		int len;

		while (*e != '\0' && *e != ' ')
			e++;
		len = (int)(e - p);
		if (at > col && at + 1 + len > HELP_WIDTH) {
			fprintf(out, "\n%*s", col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', out);
			at++;
		}
		fprintf(out, "%.*s", len, p);
		at += len;
		p = e;
		while (*p == ' ')
			p++;
	}
	fputc('\n', out);
}

static void usage_option(FILE *out, const opt_def *o)
{
	char left[96], text[640];
	size_t pos = 0;
	int n;

	if (o->longopt == NULL) {
		n = snprintf(left, sizeof(left), "  %s", o->key);
	} else if (o->type == OPT_BOOL) {
		n = snprintf(left, sizeof(left), "  %c%c%s--[no-]%s",
			     o->shortopt ? '-' : ' ', o->shortopt ? o->shortopt : ' ',
			     o->shortopt ? ", " : "  ", o->longopt);
	} else {
		n = snprintf(left, sizeof(left), "  %c%c%s--%s=%s",
			     o->shortopt ? '-' : ' ', o->shortopt ? o->shortopt : ' ',
			     o->shortopt ? ", " : "  ", o->longopt,
			     o->argname ? o->argname : "VALUE");
	}
	append(text, sizeof(text), &pos, "%s", o->help);
	switch (o->type) {
	case OPT_INT:
		append(text, sizeof(text), &pos, "; %ld to %ld, default %s", o->min, o->max,
		       o->def);
		break;
	case OPT_BOOL:
		append(text, sizeof(text), &pos, "; default %s", o->def);
		break;
	case OPT_ENUM:
		append(text, sizeof(text), &pos, "; one of ");
		for (const char *p = o->enums; *p != '\0'; p++) {
			if (*p == '|')
				append(text, sizeof(text), &pos, ", ");
			else
				append(text, sizeof(text), &pos, "%c", *p);
		}
		append(text, sizeof(text), &pos, ", default %s", o->def);
		break;
	case OPT_STRING:
		if (o->def && o->def[0] && !o->secret)
			append(text, sizeof(text), &pos, "; default \"%s\"", o->def);
		break;
	case OPT_SCHEDULE:
	case OPT_LIST:
		break;
	}
	if (o->longopt)
		append(text, sizeof(text), &pos, " [%s]", o->key);
	fputs(left, out);
	print_wrapped(out, n, HELP_COL, text);
}

static void usage_section(FILE *out, const char *prefix, const char *title)
{
	size_t i, plen = strlen(prefix);

	fprintf(out, "\n%s:\n", title);
	for (i = 0; i < opt_count; i++)
		if (opt_table[i].longopt && strncmp(opt_table[i].key, prefix, plen) == 0)
			usage_option(out, &opt_table[i]);
}

void config_usage(FILE *out)
{
	size_t i;

	fputs("Usage: tpcc-console [SUBCOMMAND] [OPTIONS]\n"
	      "\n"
	      "A TPC-C benchmark console: build a TPC-C database, run the workload "
	      "while\nwatching throughput (NOPM, TPM), latency and CPU second by "
	      "second, change\nvirtual users and server variables live, and keep "
	      "every run as a results file.\n"
	      "\n"
	      "Subcommands:\n"
	      "  build     create the TPC-C tables and load --warehouses warehouses\n"
	      "  run       run the workload (ramp-up, steady, ramp-down): on a terminal\n"
	      "            in the full-screen console, else (or with --batch) one line\n"
	      "            of figures per second, commands typed on stdin steering it\n"
	      "  demo      the console on a 1-warehouse SQLite schema (built if missing),\n"
	      "            VUs looping 1, 2, 4, 8 and back until q\n"
	      "  cli       run with a tpcc> prompt instead of the console (-s FILE runs\n"
	      "            a command script first)\n"
	      "  check     check the TPC-C consistency conditions (clause 3.3.2)\n"
	      "  drop      drop the TPC-C tables\n"
	      "With no subcommand on a terminal: the console over the configured\n"
	      "schema; when there is none it offers to build it first.\n"
	      "Options may come before or after the subcommand.\n"
	      "\n"
	      "General options:\n", out);
	for (i = 0; i < CLI_COUNT; i++) {
		const cli_opt *k = &cli_table[i];
		char left[64];
		int n = k->shortopt ?
			snprintf(left, sizeof(left), "  -%c, --%s%s%s", k->shortopt, k->longopt,
				 k->argname ? "=" : "", k->argname ? k->argname : "") :
			snprintf(left, sizeof(left), "      --%s%s%s", k->longopt,
				 k->argname ? "=" : "", k->argname ? k->argname : "");

		fputs(left, out);
		print_wrapped(out, n, HELP_COL, k->help);
	}
	usage_section(out, "connection.", "Connection options");
	usage_section(out, "workload.", "Workload options");
	usage_section(out, "run.", "Run options");
	fputs("\nConfig-file-only settings:\n", out);
	for (i = 0; i < opt_count; i++)
		if (opt_table[i].longopt == NULL)
			usage_option(out, &opt_table[i]);
	fputs("\n"
	      "Every option is also a key of the config file, shown in brackets. The file\n"
	      "(libconfig syntax) groups them as connection = { ... }; workload = { ... };\n"
	      "run = { ... }; see conf/tpcc-console.conf for a documented example. Options\n"
	      "given on the command line override the file. Values are given as\n"
	      "--name=VALUE or --name VALUE (a value that starts with '-' needs the\n"
	      "'=' form); boolean options take --name or --no-name; long options may\n"
	      "be shortened to any unique prefix.\n"
	      "\n"
	      "Passwords are never accepted on the command line: put the password in\n"
	      "the config file (readable only by you), in TPCC_PASSWORD, or use\n"
	      "--ask-password. With the mysql driver, ~/.my.cnf [client] also works.\n"
	      "\n"
	      "Environment:\n", out);
	fputs("  TPCC_PASSWORD", out);
	print_wrapped(out, 15, HELP_COL, "database password, used when the config file "
		      "gives none");
	fputs("\n"
	      "Examples:\n"
	      "  tpcc-console build --driver=sqlite --db=/tmp/tpcc.sqlite -w 2\n"
	      "  tpcc-console -c mysql.conf build --warehouses=100 --load-threads=8\n"
	      "  tpcc-console -c mysql.conf run --vus=32 --duration=600 --batch\n"
	      "  tpcc-console -c mysql.conf check\n"
	      "  tpcc-console demo\n", out);
}

/* ---- cross-field checks ---- */

int config_validate(const tpcc_config *c, char *err, size_t errlen)
{
	char msg[256], canon[64];
	size_t i;
	int bad, k;

	/* Every field within its own bounds (the struct may have been filled
	 * by hand or changed live). */
	for (i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		const void *f = cfield(c, o);

		switch (o->type) {
		case OPT_INT:
			if (*(const int *)f < o->min || *(const int *)f > o->max) {
				errf(err, errlen, "%s: expected an integer from %ld to %ld, got %d",
				     o->key, o->min, o->max, *(const int *)f);
				return -1;
			}
			break;
		case OPT_BOOL:
			if (*(const int *)f != 0 && *(const int *)f != 1) {
				errf(err, errlen, "%s: expected true or false", o->key);
				return -1;
			}
			break;
		case OPT_STRING:
		case OPT_ENUM:
			if (memchr(f, '\0', o->size) == NULL) {
				errf(err, errlen, "%s: value is not terminated", o->key);
				return -1;
			}
			if (o->type == OPT_ENUM &&
			    match_enum(o->enums, f, canon, sizeof(canon)) < 0) {
				errf(err, errlen, "%s: expected one of %s, got '%s'", o->key,
				     o->enums, (const char *)f);
				return -1;
			}
			break;
		case OPT_SCHEDULE:
			if (opt_check_schedule(c->schedule, c->nschedule, &bad, msg,
					       sizeof(msg)) < 0) {
				errf(err, errlen, "%s: %s", o->key, msg);
				return -1;
			}
			break;
		case OPT_LIST:
			if (c->nknobs < 0 || c->nknobs > KNOBS_MAX) {
				errf(err, errlen, "%s: at most %d items, got %d", o->key,
				     KNOBS_MAX, c->nknobs);
				return -1;
			}
			for (k = 0; k < c->nknobs; k++) {
				if (memchr(c->knobs[k], '\0', sizeof(c->knobs[k])) == NULL) {
					errf(err, errlen, "%s: item %d is not terminated",
					     o->key, k + 1);
					return -1;
				}
				if (opt_check_knob(c->knobs[k], msg, sizeof(msg)) < 0) {
					errf(err, errlen, "%s: item %d: %s", o->key, k + 1, msg);
					return -1;
				}
			}
			break;
		}
	}

	if (strcmp(c->driver, "sqlite") == 0) {
		if (c->db_file[0] == '\0') {
			errf(err, errlen, "driver sqlite needs a database file: set "
			     "connection.file (--db)");
			return -1;
		}
		if (strcmp(c->mode, "procedures") == 0) {
			errf(err, errlen, "workload.mode procedures needs stored procedures, "
			     "which sqlite does not have; use --mode=statements");
			return -1;
		}
	} else if (strcmp(c->driver, "odbc") == 0) {
		if (c->dsn[0] == '\0' && c->odbc[0] == '\0') {
			errf(err, errlen, "driver odbc needs a data source: set connection.dsn "
			     "(--dsn) or connection.odbc");
			return -1;
		}
	} else if (strcmp(c->driver, "mysql") == 0) {
		if (c->database[0] == '\0') {
			errf(err, errlen, "driver mysql needs a database: set "
			     "connection.database (--database)");
			return -1;
		}
	}
	if (c->warehouses < 0) {
		errf(err, errlen, "workload.warehouses must be 0 or more");
		return -1;
	}
	return 0;
}
