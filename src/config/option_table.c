/* option_table.c: the one list of every setting (key, command-line name,
 * type, bounds, default, help, config screen).  The config file, the
 * command line, --help, the F2 screens and the man page are all driven by
 * it; what it drives is in options.c, args.c, usage.c and conf_file.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stddef.h>

#include "options.h"

#define FIELD(f) .offset = offsetof(tpcc_config, f), .size = sizeof(((tpcc_config *)0)->f)

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

const char *opt_screen_name(opt_screen s)
{
	static const char *const names[OPT_SCR_COUNT] = {
		[OPT_SCR_NONE] = "Other", [OPT_SCR_CONNECTION] = "Connection",
		[OPT_SCR_WORKLOAD] = "Workload", [OPT_SCR_PHASES] = "Phases and VUs",
		[OPT_SCR_KNOBS] = "Knobs",
	};
	return s >= 0 && s < OPT_SCR_COUNT ? names[s] : "?";
}
