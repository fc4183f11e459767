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
	  .enums = "mysql|pg|sqlite|odbc|null", .def = "sqlite", FIELD(driver),
	  .named_offset = offsetof(tpcc_config, driver_named),
	  .argname = "DRIVER", .help = "database driver (null: no database, for measuring the engine)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = ".BR mysql ,\n"
		 ".B pg\n"
		 "(PostgreSQL through libpq; see\n"
		 ".BR \\-\\-conninfo ),\n"
		 ".BR sqlite ,\n"
		 ".B odbc\n"
		 "or\n"
		 ".B null\n"
		 "(no database: every statement succeeds at once, for measuring the\n"
		 "engine itself;\n"
		 ".BI \\-\\-database= n\n"
		 "pretends a schema of\n"
		 ".I n\n"
		 "warehouses).\n"
		 "Default\n"
		 ".BR sqlite .\n"
		 "The odbc driver goes through unixODBC; the SQL dialect follows the DBMS\n"
		 "name the data source reports (see\n"
		 ".BR \\-\\-dialect ).\n" },
	{ .key = "connection.host", .longopt = "host", .type = OPT_STRING,
	  .def = "", FIELD(host), .argname = "HOST",
	  .help = "server host name or address (empty: mysql, the option files, else "
		  "localhost; pg, PGHOST, else the Unix socket)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "Server host name or address, for the mysql and pg drivers.\n"
		 "Empty (the default): for mysql, the option files, else localhost;\n"
		 "for pg, what libpq finds (the conninfo, PGHOST, PGSERVICE), else the\n"
		 "Unix socket.\n" },
	{ .key = "connection.port", .longopt = "port", .shortopt = 'P',
	  .type = OPT_INT, .min = 0, .max = 65535, .def = "0", FIELD(port),
	  .argname = "PORT", .help = "server TCP port (0: the driver's default: mysql 3306; "
		  "pg PGPORT, else 5432)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "Server TCP port, 0 to 65535, for the mysql and pg drivers.\n"
		 "Default 0: the library's default (mysql: the option files, else 3306;\n"
		 "pg: the conninfo, PGPORT or PGSERVICE, else 5432).\n" },
	{ .key = "connection.socket", .longopt = "socket", .shortopt = 'S',
	  .type = OPT_STRING, .def = "", FIELD(socket), .argname = "PATH",
	  .help = "MySQL Unix socket, used when the host is empty or localhost",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "MySQL Unix socket, used when the host is empty or localhost.\n"
		 "Default: the library's.\n" },
	{ .key = "connection.user", .longopt = "user", .shortopt = 'u',
	  .type = OPT_STRING, .def = "", FIELD(user), .argname = "USER",
	  .help = "user to connect as (empty: mysql, the option files; pg, PGUSER; "
		  "else the login name)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "User to connect as (for odbc, the UID given to the data source).\n"
		 "Empty (the default): for mysql, the option files, for pg, the conninfo,\n"
		 "PGUSER or PGSERVICE; else the login name.\n" },
	{ .key = "connection.password", .type = OPT_STRING, .def = "",
	  FIELD(password), .secret = 1,
	  .help = "password: config file only (keep it mode 0600), or TPCC_PASSWORD, "
		  "or --ask-password",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "The database password.\n"
		 "Keep the file mode 0600: a file that holds a password and is readable\n"
		 "by group or others draws a warning.\n" },
	{ .key = "connection.database", .longopt = "database", .shortopt = 'D',
	  .type = OPT_STRING, .def = "tpcc", FIELD(database), .argname = "NAME",
	  .given_offset = offsetof(tpcc_config, database_given),
	  .help = "database (schema) that holds the TPC-C tables",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "Database that holds the TPC-C tables (MySQL and MariaDB: the schema).\n"
		 "Default\n"
		 ".BR tpcc .\n"
		 "For pg, a database that\n"
		 ".B \\-\\-conninfo\n"
		 "names wins over\n"
		 ".BR \\-\\-database ;\n"
		 "PGSERVICE or PGDATABASE wins over a configuration file's or the\n"
		 "default, but not over a database typed on the command line or the\n"
		 "Connection screen, as with psql's\n"
		 ".BR \\-d .\n"
		 "(A configuration file saved from the console names every setting,\n"
		 "the default database among them.)\n" },
	{ .key = "connection.snapshot", .longopt = "snapshot", .type = OPT_STRING, .def = "",
	  FIELD(snapshot), .argname = "NAME",
	  .help = "snapshot and restore: the snapshot's database (default DATABASE_snapshot) "
		  "or, for SQLite, file (default FILE.snapshot)",
	  .man = "Where\n"
		 ".B snapshot\n"
		 "keeps its copy of the schema and\n"
		 ".B restore\n"
		 "(and\n"
		 ".BR \"sweep \\-\\-reset\\-between\" )\n"
		 "reads it: a database on the same server (MariaDB, MySQL, PostgreSQL),\n"
		 "by default the schema's database's name with\n"
		 ".B _snapshot\n"
		 "added, or for SQLite a file, by default the database file's name with\n"
		 ".B .snapshot\n"
		 "added.\n" },
	{ .key = "connection.file", .longopt = "db", .type = OPT_STRING,
	  .def = "tpcc.sqlite", FIELD(db_file), .argname = "FILE",
	  .help = "SQLite database file",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "SQLite database file, created if missing.\n"
		 "Default\n"
		 ".IR tpcc.sqlite .\n" },
	{ .key = "connection.dsn", .longopt = "dsn", .type = OPT_STRING, .def = "",
	  FIELD(dsn), .argname = "DSN", .help = "ODBC data source name (from odbc.ini)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "ODBC data source name, from\n"
		 ".IR odbc.ini .\n"
		 "The user and password are added as UID and PWD.\n" },
	{ .key = "connection.odbc", .type = OPT_STRING, .def = "", FIELD(odbc),
	  .help = "full ODBC connection string; used instead of connection.dsn when set",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "A full ODBC connection string, used instead of\n"
		 ".BR connection.dsn .\n" },
	{ .key = "connection.conninfo", .longopt = "conninfo", .type = OPT_STRING, .def = "",
	  FIELD(conninfo), .argname = "CONNINFO",
	  .help = "pg: a libpq connection string or postgresql:// URI (PG* variables, "
		  "PGSERVICE and ~/.pgpass fill in the rest)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "For\n"
		 ".BR \\-\\-driver=pg :\n"
		 "a libpq connection string\n"
		 "(\\(lqhost=db1 port=5432 dbname=tpcc sslmode=verify\\-full\\(rq)\n"
		 "or URI\n"
		 "(\\(lqpostgresql://tpcc@db1:5432/tpcc\\(rq),\n"
		 "read by libpq as psql reads its own.\n"
		 "What it leaves out comes from\n"
		 ".BR \\-\\-host ,\n"
		 ".BR \\-\\-port ,\n"
		 ".B \\-\\-user\n"
		 "and\n"
		 ".B \\-\\-ssl\\-mode\n"
		 "when they are given (they win over the string), then from libpq's\n"
		 "environment: PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE, PGSERVICE\n"
		 "with\n"
		 ".IR pg_service.conf ,\n"
		 "PGPASSFILE or\n"
		 ".IR ~/.pgpass .\n"
		 "The database is\n"
		 ".B \\-\\-database\n"
		 "unless the string names one, or PGSERVICE or PGDATABASE does and\n"
		 ".B \\-\\-database\n"
		 "was not typed on the command line or the Connection screen.\n"
		 "A password in the string is shown and recorded as ***, is left out of\n"
		 "saved configuration files, and is overwritten in the process's\n"
		 "command line as soon as it is read (ps and /proc/PID/cmdline show\n"
		 "asterisks); TPCC_PASSWORD, the configuration file or\n"
		 ".I ~/.pgpass\n"
		 "keep it off the command line altogether.\n"
		 "A string libpq cannot parse is a configuration error (exit 2).\n" },
	{ .key = "connection.dialect", .longopt = "dialect", .type = OPT_ENUM,
	  .enums = "auto|mysql|postgresql|mssql", .def = "auto", FIELD(dialect),
	  .argname = "NAME",
	  .help = "SQL dialect over ODBC (auto: from the DBMS name the driver reports)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = ".B auto\n"
		 "(the default: from SQLGetInfo(SQL_DBMS_NAME), PostgreSQL, MySQL, MariaDB\n"
		 "or Microsoft SQL Server),\n"
		 ".BR mysql ,\n"
		 ".B postgresql\n"
		 "or\n"
		 ".BR mssql .\n"
		 "The mssql dialect is untested against a live server.\n" },
	{ .key = "connection.isolation", .longopt = "isolation", .type = OPT_ENUM,
	  .enums = "default|read-committed|repeatable-read|serializable", .def = "default",
	  FIELD(isolation), .argname = "LEVEL",
	  .help = "transaction isolation level for ODBC connections (default: the "
		  "server's)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = ".BR default ,\n"
		 ".BR read\\-committed ,\n"
		 ".B repeatable\\-read\n"
		 "or\n"
		 ".B serializable\n"
		 "for ODBC connections.\n" },
	{ .key = "connection.ssl_mode", .longopt = "ssl-mode", .type = OPT_ENUM,
	  .enums = "DISABLED|PREFERRED|REQUIRED|VERIFY_CA|VERIFY_IDENTITY",
	  .def = "PREFERRED", FIELD(ssl_mode), .argname = "MODE",
	  .help = "TLS for MySQL and pg connections (MySQL: PREFERRED is plain text on "
		  "the local socket and loopback addresses; with Connector/C 3.3, VERIFY_CA "
		  "also checks the host name, as VERIFY_IDENTITY does; pg: libpq's sslmode, "
		  "PREFERRED leaving it to PGSSLMODE)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "TLS for MySQL and pg connections:\n"
		 ".B DISABLED\n"
		 "(plain text),\n"
		 ".B PREFERRED\n"
		 "(the default: TLS if the server offers it, except to this machine: on\n"
		 "the local socket and to a loopback address such as 127.0.0.1 or ::1 it\n"
		 "is plain text, since the bytes never leave the machine and encryption\n"
		 "would tax both sides of every round trip),\n"
		 ".B REQUIRED\n"
		 "(TLS or no connection, certificate not verified),\n"
		 ".B VERIFY_CA\n"
		 "and\n"
		 ".B VERIFY_IDENTITY\n"
		 "(TLS, server certificate verified against\n"
		 ".BR \\-\\-ssl\\-ca ,\n"
		 "host name checked; with MariaDB Connector/C the two behave the same).\n"
		 "For pg they are libpq's sslmode\n"
		 ".BR disable ,\n"
		 ".BR require ,\n"
		 ".B verify\\-ca\n"
		 "and\n"
		 ".BR verify\\-full ,\n"
		 "and\n"
		 ".B PREFERRED\n"
		 "leaves the choice to libpq (the conninfo, PGSSLMODE or PGSERVICE,\n"
		 "else prefer);\n"
		 ".B \\-\\-ssl\\-ca\n"
		 "is its sslrootcert.\n" },
	{ .key = "connection.ssl_ca", .longopt = "ssl-ca", .type = OPT_STRING,
	  .def = "", FIELD(ssl_ca), .argname = "FILE",
	  .help = "CA certificate file (PEM) for VERIFY_CA and VERIFY_IDENTITY",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "CA certificate file (PEM) for the VERIFY modes.\n" },
	{ .key = "connection.read_option_files", .longopt = "read-option-files",
	  .type = OPT_BOOL, .def = "true", FIELD(read_option_files),
	  .help = "read the [client] group of the MySQL option files (~/.my.cnf)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "Read the [client] group of the MySQL option files (the system ones and\n"
		 ".IR ~/.my.cnf )\n"
		 "first; settings left empty here are taken from them.\n"
		 "Default true.\n" },
	{ .key = "connection.connect_timeout", .longopt = "connect-timeout",
	  .type = OPT_INT, .min = 0, .max = 3600, .def = "10", FIELD(connect_timeout),
	  .argname = "SECONDS", .seconds = 1,
	  .help = "give up a connection attempt after this long (0: the driver's default)",
	  .screen = OPT_SCR_CONNECTION,
	  .man = "Give up a MySQL connection attempt after this long, 0 to 3600;\n"
		 "0: the library default.\n"
		 "Default 10.\n" },
	{ .key = "connection.server_pid", .longopt = "server-pid", .type = OPT_INT,
	  .min = 0, .max = 4194304, .def = "0", FIELD(server_pid), .argname = "PID",
	  .help = "pid of the local database server, for the console's CPU figures "
		  "(0: found from the socket or port the server listens on)",
	  .man = "The local database server's process id, 0 to 4194304, for the console's CPU\n"
		 "pane;\n"
		 "0 (the default): found from the owner of the socket or TCP port the\n"
		 "server listens on, else from its pid file.\n" },

	/* workload */
	{ .key = "workload.warehouses", .longopt = "warehouses", .shortopt = 'w',
	  .type = OPT_INT, .min = 0, .max = 100000, .def = "0", FIELD(warehouses),
	  .argname = "N", .help = "number of warehouses: build loads N (0: 1); run checks the "
	  "schema holds N (0: whatever it holds)",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "Number of warehouses, 0 to 100000.\n"
		 ".B build\n"
		 "loads\n"
		 ".I n\n"
		 "(0: 1);\n"
		 ".B run\n"
		 "refuses to start unless the schema holds\n"
		 ".I n\n"
		 "(0: whatever was built).\n"
		 "Default 0.\n" },
	{ .key = "workload.mode", .longopt = "mode", .type = OPT_ENUM,
	  .enums = "statements|procedures", .def = "statements", FIELD(mode),
	  .argname = "MODE",
	  .help = "run the transactions as client-side prepared statements or as "
		  "server-side stored procedures",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = ".B statements\n"
		 "(client-side prepared statements; the default) or\n"
		 ".B procedures\n"
		 "(one stored-procedure call per transaction, in autocommit, on the same\n"
		 "inputs; mysql, postgresql and mssql dialects).\n"
		 "sqlite refuses it with exit 2; a schema without procedures, with one\n"
		 "missing, or with procedures of another version than this program calls\n"
		 "makes\n"
		 ".B run\n"
		 "exit 2 and name\n"
		 ".BR \"build \\-\\-procedures\\-only\" .\n" },
	{ .key = "workload.pipeline", .longopt = "pipeline", .type = OPT_BOOL, .def = "true",
	  FIELD(pipeline),
	  .help = "statements mode: send a transaction's independent statements "
		  "together, one round trip for each group (pg and mysql drivers)",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "In statements mode, send the statements of a transaction that do not\n"
		 "wait for each other's results back to back and read their results\n"
		 "after one flush: New-Order's customer, item and stock reads, then its\n"
		 "stock updates with the district, then its inserts with the commit;\n"
		 "Payment's reads, then its updates and insert with the commit;\n"
		 "Delivery's ten districts at once.\n"
		 "The pg driver does it with libpq's pipeline mode, which libpq 14 and\n"
		 "later have (with any server version). The mysql driver sends each group\n"
		 "as one multi-statement query, its parameters written into the text as\n"
		 "literals and its COMMIT or ROLLBACK with it; the server parses that text\n"
		 "where it would have executed prepared statements. Other drivers, and the\n"
		 "pg driver on an older libpq, run the same statements one round trip each, as\n"
		 ".B \\-\\-no\\-pipeline\n"
		 "does everywhere.\n"
		 "The transactions are the same either way: a failed statement fails\n"
		 "its transaction, which is rolled back and retried whole.\n"
		 "Default true.\n" },
	{ .key = "workload.rollback_percent", .longopt = "rollback-percent", .type = OPT_INT,
	  .min = 1, .max = 100, .def = "1", FIELD(rollback_pct), .argname = "N",
	  .help = "percent of New-Orders that name an unused item and roll back "
		  "(the spec's 1; more only to test rollbacks)",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "Percent of New-Orders, 1 to 100, whose last line names an item that\n"
		 "does not exist, so that the transaction rolls back whole (clause\n"
		 "2.4.1.4 asks for 1).\n"
		 "More than 1 is for testing that rollbacks leave nothing behind; the\n"
		 "audit bounds then report the share as out of bounds.\n"
		 "Default 1.\n" },
	{ .key = "workload.keying_thinking", .longopt = "keying-thinking",
	  .type = OPT_BOOL, .def = "false", FIELD(keying_thinking),
	  .help = "wait the TPC-C keying and thinking times (clause 5.2.5) "
		  "instead of running flat out",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "Wait the TPC-C keying time before and the think time after each\n"
		 "transaction (clause 5.2.5) instead of running flat out.\n"
		 "Default false.\n" },
	{ .key = "workload.terminals", .longopt = "terminals", .type = OPT_ENUM,
	  .enums = "auto|threads|fibers", .def = "auto", FIELD(terminals), .argname = "HOW",
	  .help = "run each VU as a thread of its own, or as a fiber on a few "
		  "threads (auto: fibers where the driver can, but for the null driver "
		  "without keying and think times)",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "How the VUs run.\n"
		 ".B threads\n"
		 "gives each VU a thread of its own, blocked in its naps and in its\n"
		 "server's replies.\n"
		 ".B fibers\n"
		 "runs the VUs as small tasks on one worker thread per CPU (at most 8),\n"
		 "each worker sleeping on a timer heap and an epoll set until one of its\n"
		 "VUs has something to do; the mysql driver then uses Connector/C's\n"
		 "non-blocking calls, and the null driver never blocks.\n"
		 "A keyed terminal spends nearly all its time waiting, so thousands of\n"
		 "them cost a fraction of the CPU as fibers that they cost as threads;\n"
		 "they are spread over all the workers.\n"
		 "VUs without keying and think times are packed eight to a worker,\n"
		 "which then sleeps only when all eight wait for their server: a\n"
		 "sixth to a quarter less client CPU per transaction than a thread each.\n"
		 "Other drivers block the worker they run on, so\n"
		 ".B fibers\n"
		 "is refused for them with exit 2.\n"
		 ".B auto\n"
		 "(the default) means fibers on the mysql driver, and on the null\n"
		 "driver with\n"
		 ".BR \\-\\-keying\\-thinking ;\n"
		 "threads otherwise (the null driver's unkeyed VUs never wait, and want\n"
		 "a CPU each).\n" },
	{ .key = "workload.all_warehouses", .longopt = "all-warehouses",
	  .type = OPT_BOOL, .def = "false", FIELD(all_warehouses),
	  .help = "each transaction picks a warehouse at random instead of the "
		  "VU's home warehouse (more I/O, more contention)",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "Each transaction picks a random warehouse instead of the VU's home\n"
		 "warehouse.\n"
		 "Default false.\n" },
	{ .key = "workload.warehouse_range", .longopt = "warehouse-range", .type = OPT_STRING,
	  .def = "", FIELD(warehouse_range), .argname = "FIRST-LAST",
	  .help = "this instance's VUs call warehouses FIRST to LAST home (remote "
		  "ones still over all of them), so several clients split one run",
	  .man = "The VUs of this instance take their home warehouses from\n"
		 ".I first\n"
		 "to\n"
		 ".I last\n"
		 "only (1-based, within the schema's warehouses), spread over them as\n"
		 "over all warehouses otherwise; remote warehouses (order lines supplied\n"
		 "elsewhere, payments of other warehouses' customers) are still chosen\n"
		 "over all of them, as the specification says.\n"
		 "Several instances, on one host or many, with disjoint ranges and the\n"
		 "same\n"
		 ".B \\-\\-start\\-at\n"
		 "run one benchmark between them; Prometheus adds up their\n"
		 ".B /metrics\n"
		 "(see\n"
		 ".BR PROMETHEUS ).\n"
		 "Not with\n"
		 ".BR \\-\\-all\\-warehouses .\n"
		 "Empty (the default): every warehouse.\n" },
	{ .key = "run.start_at", .longopt = "start-at", .type = OPT_STRING,
	  .def = "", FIELD(start_at), .argname = "TIME",
	  .help = "begin the run's phases at TIME, UTC (YYYY-MM-DDTHH:MM:SSZ or "
		  "HH:MM:SS today) or +SECONDS from now, so several instances start together",
	  .man = "Connect and check the schema now, then wait until\n"
		 ".I time\n"
		 "to start the VUs and the phases, so that several instances begin\n"
		 "together:\n"
		 ".B YYYY\\-MM\\-DDTHH:MM:SSZ\n"
		 "or\n"
		 ".B HH:MM:SS\n"
		 "(today), both UTC, or\n"
		 ".BI + seconds\n"
		 "from now.\n"
		 "A time already past, or more than a day ahead, is an error.\n"
		 "A signal while waiting ends the command before the run starts.\n"
		 "Empty (the default): at once.\n" },
	{ .key = "workload.load_threads", .longopt = "load-threads", .type = OPT_INT,
	  .min = 1, .max = 256, .def = "2", FIELD(load_threads), .argname = "N",
	  .help = "threads loading warehouses in parallel during build",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "Connections loading in parallel during\n"
		 ".BR build ,\n"
		 "1 to 256; one takes the item table, the others one warehouse at a time.\n"
		 "Default 2.\n" },
	{ .key = "workload.load_batch", .longopt = "load-batch", .type = OPT_INT,
	  .min = 1, .max = 100000, .def = "1000", FIELD(load_batch), .argname = "ROWS",
	  .help = "rows per multi-row INSERT during build (a commit every 4 INSERTs)",
	  .screen = OPT_SCR_WORKLOAD,
	  .man = "Rows per INSERT statement during\n"
		 ".BR build ,\n"
		 "1 to 100000; a commit follows every fourth statement.\n"
		 "Default 1000.\n" },

	/* run */
	{ .key = "run.vus", .longopt = "vus", .type = OPT_INT, .min = 1,
	  .max = SCHEDULE_VUS_MAX, .def = "2", FIELD(vus), .argname = "N",
	  .help = "virtual users, each with its own connection",
	  .screen = OPT_SCR_PHASES,
	  .man = "Virtual users at the start, 1 to 10000.\n"
		 "Default 2.\n" },
	{ .key = "run.rampup", .longopt = "rampup", .type = OPT_INT, .min = 0,
	  .max = 86400, .def = "10", FIELD(rampup), .argname = "SECONDS|auto[:MAX]",
	  .seconds = 1,
	  .auto_offset = offsetof(tpcc_config, rampup_auto), .auto_max = 600,
	  .help = "ramp-up before measuring starts (auto: until NOPM settles, MSER-5, at most "
		  "MAX s, default 600)",
	  .screen = OPT_SCR_PHASES,
	  .man = "Ramp-up, not measured, 0 to 86400.\n"
		 ".B auto\n"
		 "or\n"
		 ".BI auto: max\n"
		 "ends it when the run finds its steady state: every 5 s the NOPM of the\n"
		 "ramp-up so far is put to MSER-5 (the warm-up truncation rule the\n"
		 "summary's steady state uses: 5-s batches, cut where the standard\n"
		 "error of what is left is least),\n"
		 "and the steady phase starts once the rule settles within the first\n"
		 "half of it (so, at the earliest, 20 s in, and about as long after\n"
		 "the warm-up's end as the warm-up lasted), or after\n"
		 ".I max\n"
		 "seconds (default 600), whichever comes first.\n"
		 "An event says which, and the results file's\n"
		 ".B summary.steady_state.auto_rampup\n"
		 "records it.\n"
		 "Default 10.\n" },
	{ .key = "run.duration", .longopt = "duration", .type = OPT_INT, .min = 1,
	  .max = 2592000, .def = "60", FIELD(duration), .argname = "SECONDS",
	  .seconds = 1,
	  .help = "steady (measured) phase",
	  .screen = OPT_SCR_PHASES,
	  .man = "Steady phase, the measured one, 1 to 2592000.\n"
		 "Default 60.\n" },
	{ .key = "run.rampdown", .longopt = "rampdown", .type = OPT_INT, .min = 0,
	  .max = 86400, .def = "0", FIELD(rampdown), .argname = "SECONDS", .seconds = 1,
	  .help = "ramp-down after the steady phase, not measured",
	  .screen = OPT_SCR_PHASES,
	  .man = "Ramp-down after the steady phase, not measured, 0 to 86400.\n"
		 "Default 0.\n" },
	{ .key = "run.extend_step", .longopt = "extend-step", .type = OPT_INT,
	  .min = 1, .max = 86400, .def = "60", FIELD(extend_step), .argname = "SECONDS",
	  .seconds = 1,
	  .help = "time added to the steady phase by `extend` with no argument",
	  .screen = OPT_SCR_PHASES,
	  .man = "What\n"
		 ".B extend\n"
		 "adds to the steady phase when given no argument, 1 to 86400.\n"
		 "Default 60.\n" },
	{ .key = "run.rate", .longopt = "rate", .type = OPT_INT, .min = 0,
	  .max = 100000000, .def = "0", FIELD(rate), .argname = "TPM",
	  .help = "offer TPM transactions a minute over all VUs (open loop), latency "
		  "counted from each one's intended start (0: every VU flat out)",
	  .man = "An offered load: the VUs together start\n"
		 ".I tpm\n"
		 "transactions a minute, 0 to 100000000, on a fixed schedule (transaction\n"
		 ".I k\n"
		 "is due\n"
		 ".IR k \\(mu60/ tpm\n"
		 "seconds after the start, whichever VU takes it), instead of each VU\n"
		 "running flat out.\n"
		 "The mix still picks each transaction's type.\n"
		 "Latency is counted from a transaction's intended start, so a stall\n"
		 "shows in every transaction it delayed (the correction for coordinated\n"
		 "omission); the service time, from when the transaction really began,\n"
		 "is kept beside it.\n"
		 "Each second the results file has the rate offered and how far behind\n"
		 "schedule the VUs are; the summary and every sweep step compare the\n"
		 "offered rate with the achieved one and say\n"
		 ".B not achieved\n"
		 "when the VUs could not keep up (achieved under 95% of offered, or more\n"
		 "than a second behind schedule at the end): more VUs, or a lower rate,\n"
		 "are needed then.\n"
		 "Not with\n"
		 ".BR \\-\\-keying\\-thinking ,\n"
		 "whose terminals pace themselves.\n"
		 "Default 0: a closed loop.\n" },
	{ .key = "run.retry_max", .longopt = "retry-max", .type = OPT_INT,
	  .min = 0, .max = 1000, .def = "10", FIELD(retry_max), .argname = "N",
	  .help = "retries of a transaction after a deadlock or serialization "
		  "failure before it counts as an error",
	  .man = "Retries of a transaction after a deadlock or lock timeout before it\n"
		 "counts as failed, 0 to 1000.\n"
		 "Default 10.\n" },
	{ .key = "run.reconnect_give_up", .longopt = "reconnect-give-up",
	  .type = OPT_INT, .min = 0, .max = 86400, .def = "300",
	  FIELD(reconnect_max_s), .argname = "SECONDS", .seconds = 1,
	  .help = "stop reconnecting a lost or refused connection after this long (0: never)",
	  .man = "A VU that lost its connection, or whose first connect the server\n"
		 "refused (at its max_connections, say), stops retrying after this long,\n"
		 "0 to 86400; 0: never.\n"
		 "Default 300.\n" },
	{ .key = "run.results_dir", .longopt = "results-dir", .type = OPT_STRING,
	  .def = "./results", FIELD(results_dir), .argname = "DIR",
	  .help = "directory for the results files",
	  .man = "Directory for results files, created (mode 0750) if missing.\n"
		 "Default\n"
		 ".IR ./results .\n" },
	{ .key = "run.results_roll_kb", .longopt = "results-roll-kb", .type = OPT_INT,
	  .min = 0, .max = 100000000, .def = "0", FIELD(results_roll_kb), .argname = "KB",
	  .help = "roll the results file over past this size: finish it and go on "
		  "in a new one (0: never; demo: 16384 when 0)",
	  .man = "When the results file has grown past this many KB, finish it (complete,\n"
		 "with a summary of its own seconds, \"stopped_by\": \"rolled over\") and\n"
		 "go on in a new file that names it in \"run.continues\"; only the last\n"
		 ".B run.results_keep\n"
		 "files of the run stay on disk.  For a run left going for days, such as an\n"
		 "unattended\n"
		 ".BR demo ,\n"
		 "whose disk use and memory then stay bounded.  The bound is on what the\n"
		 "run has written so far: finishing a file adds its summary and latency\n"
		 "histograms, some tens of KB, so a finished file is that much larger, and\n"
		 "a run that ends under the bound ends with one file a little over it.\n"
		 "0 to 100000000, 0 never;\n"
		 "the demo rolls over at 16384 KB when this is 0.\n"
		 "Default 0.\n" },
	{ .key = "run.results_keep", .longopt = "results-keep", .type = OPT_INT,
	  .min = 1, .max = 1000, .def = "8", FIELD(results_keep), .argname = "N",
	  .help = "files of a rolling run kept on disk, the current one counted",
	  .man = "How many of a rolling run's results files (see\n"
		 ".BR run.results_roll_kb )\n"
		 "stay on disk, the one being written counted: older ones this run wrote\n"
		 "are removed as it rolls over.  1 to 1000.\n"
		 "Default 8.\n" },
	{ .key = "run.batch", .longopt = "batch", .type = OPT_BOOL, .def = "false",
	  FIELD(batch),
	  .help = "run without the console even on a terminal: one line per "
		  "report interval, commands from standard input",
	  .man = "Run without the console even on a terminal: one line per report\n"
		 "interval, commands from standard input.\n"
		 "Default false.\n" },
	{ .key = "run.demo_step", .longopt = "demo-step", .type = OPT_INT,
	  .min = 1, .max = 3600, .def = "20", FIELD(demo_step), .argname = "SECONDS",
	  .seconds = 1,
	  .help = "seconds per step of demo's story (a setting stands two steps)",
	  .man = "The length of one step of the\n"
		 ".B demo\n"
		 "subcommand's story, 1 to 3600: VUs change every step, and each\n"
		 "setting the story changes stands for two steps before it is put back.\n"
		 "Default 20.\n" },
	{ .key = "run.demo_max_db", .longopt = "demo-max-db", .type = OPT_INT,
	  .min = 0, .max = 1000000, .def = "1024", FIELD(demo_max_db), .argname = "MB",
	  .help = "demo on a database file: restore its snapshot when the file passes "
		  "this size, at the story's next loop (0: never)",
	  .man = "For a demo on a database kept in a file here (SQLite): when the file\n"
		 "has grown past this many MB, the story's next loop begins by stopping\n"
		 "the VUs, restoring the snapshot the demo took of the freshly built\n"
		 "schema, and starting them again, so a demo left running for days keeps\n"
		 "its disk use bounded; 0 to 1000000, 0 never.\n"
		 "Default 1024.\n" },
	{ .key = "run.kiosk", .longopt = "kiosk", .type = OPT_BOOL, .def = "false",
	  FIELD(kiosk),
	  .help = "open the console in its kiosk view: NOPM in large digits, the "
		  "chart, the latest change and its verdict, the demo's caption",
	  .man = "Open the console in its kiosk view, for a screen watched from a\n"
		 "distance: the current NOPM in large block digits, the throughput\n"
		 "chart over most of the screen, the latest change with its before/after\n"
		 "verdict, and the demo's caption.\n"
		 ".B K\n"
		 "toggles it in any run.\n"
		 "Default false.\n" },
	{ .key = "run.report_interval", .longopt = "report-interval", .type = OPT_INT,
	  .min = 1, .max = 3600, .def = "1", FIELD(report_interval),
	  .argname = "SECONDS", .seconds = 1,
	  .help = "print every Nth second's line in batch mode "
	  "(each line shows that second, not an average)",
	  .man = "Print a line only once every\n"
		 ".I seconds\n"
		 "seconds, 1 to 3600; the line shows the figures of that one second, not\n"
		 "an average.\n"
		 "The results file always gets every second.\n"
		 "Default 1.\n" },
	{ .key = "run.label", .longopt = "label", .type = OPT_STRING, .def = "",
	  FIELD(label), .argname = "TEXT",
	  .help = "a name for the run, kept in its results file and shown in the console "
		  "header, by runs, report and compare",
	  .man = "A name for the run (\\(dqio_capacity 2000\\(dq, \\(dqafter the firmware update\\(dq),\n"
		 "kept in the results file's\n"
		 ".BR run.label ,\n"
		 "shown in the console's header and by\n"
		 ".BR runs ,\n"
		 ".B report\n"
		 "and\n"
		 ".BR compare .\n"
		 "Default empty.\n" },
	{ .key = "run.tags", .longopt = "tag", .type = OPT_STRING, .def = "", FIELD(tags),
	  .argname = "K=V", .repeat = 1, .check = opt_check_tags,
	  .help = "a key=value tag for the run, kept in its results file (repeatable: "
		  "--tag disk=nvme --tag fw=2.1)",
	  .man = "A tag\n"
		 ".IB key = value\n"
		 "for the run, kept in the results file's\n"
		 ".B run.tags\n"
		 "object, to group and tell runs apart later.\n"
		 "Repeat the option for more tags; in the config file, a comma-separated\n"
		 "list (\\(dqdisk=nvme,fw=2.1\\(dq).\n"
		 "The first\n"
		 ".B \\-\\-tag\n"
		 "on the command line replaces the file's tags, the next ones add to them.\n"
		 "A key is letters, digits,\n"
		 ".BR _ ,\n"
		 ".B .\n"
		 "and\n"
		 ".BR \\- .\n"
		 "Default empty.\n" },
	{ .key = "run.on_hangup", .longopt = "on-hangup", .type = OPT_ENUM,
	  .enums = "continue|stop", .def = "continue", FIELD(on_hangup), .argname = "WHAT",
	  .help = "when the terminal closes (SIGHUP): continue the run headless to "
		  "its scheduled end, or stop it cleanly (stopped_by \"hangup\")",
	  .man = "What SIGHUP (the terminal closed) does:\n"
		 ".B continue\n"
		 "lets the run go on headless to its scheduled end and finish its results\n"
		 "file (the console stops drawing; output to the dead terminal is dropped);\n"
		 ".B stop\n"
		 "stops it cleanly with\n"
		 ".B stopped_by\n"
		 "\\(dqhangup\\(dq and exit status 130.\n"
		 "Default continue.\n" },
	{ .key = "run.metrics_listen", .longopt = "metrics-listen", .type = OPT_STRING,
	  .def = "", FIELD(metrics_listen), .argname = "[ADDR:]PORT",
	  .help = "serve Prometheus metrics at http://ADDR:PORT/metrics during the run "
		  "(no address: 127.0.0.1; empty: off)",
	  .man = "Serve the run's figures in the Prometheus text format at\n"
		 ".BI http:// addr : port /metrics\n"
		 "while it runs (see\n"
		 ".BR METRICS ).\n"
		 "A port alone (or\n"
		 ".BI : port \\fR)\n"
		 "listens on 127.0.0.1 only;\n"
		 ".BI 0.0.0.0: port\n"
		 "or\n"
		 ".BI [::]: port\n"
		 "on every address.\n"
		 "At most 64 connections at once, each closed after 5 idle seconds;\n"
		 "a request with a body is refused unread.\n"
		 "Empty (the default): no endpoint.\n" },
	{ .key = "run.schedule", .type = OPT_SCHEDULE, .def = "", FIELD(schedule),
	  .help = "VU schedule, a list of steps { at = SECONDS; vus = N; } with "
		  "at increasing (empty: run.vus throughout)",
	  .screen = OPT_SCR_PHASES,
	  .man = "A VU schedule:\n"
		 ".RS\n"
		 ".PP\n"
		 ".EX\n"
		 "schedule = ( { at = 0; vus = 4; }, { at = 60; vus = 8; } );\n"
		 ".EE\n"
		 ".PP\n"
		 ".B at\n"
		 "is seconds from the start of the run, strictly increasing;\n"
		 ".B vus\n"
		 "is 0 to 10000; at most 64 steps.\n"
		 "A step at 0 replaces\n"
		 ".BR run.vus .\n"
		 "Empty (the default):\n"
		 ".B run.vus\n"
		 "throughout.\n"
		 ".RE\n" },
	{ .key = "run.restore_knobs", .longopt = "restore-knobs", .type = OPT_BOOL,
	  .def = "false", FIELD(restore_knobs),
	  .help = "put every server variable `set` changed back when the run ends "
		  "(a sweep always does)",
	  .man = "When the run ends, however it ends (its phases over,\n"
		 ".BR stop ,\n"
		 "a signal), set every server variable that\n"
		 ".B set\n"
		 "changed, and every one the server moved with it, back to its value\n"
		 "before the run's first change.\n"
		 "A\n"
		 ".B sweep\n"
		 "always does this for the variables its steps change.\n"
		 "The results file's\n"
		 ".B knob_journal\n"
		 "names each changed variable with its old value as the run goes, for\n"
		 ".B restore\\-knobs\n"
		 "after a client that died.\n"
		 "Default false: changes stay.\n" },
	{ .key = "sweep.vus", .type = OPT_STRING, .def = "", FIELD(sweep_vus),
	  .argname = "N,N,...",
	  .help = "sweep: the VU counts to step through, e.g. \"1,2,4,8\" (on the "
		  "command line --vus with a list; empty: run.vus)",
	  .man = "The VU counts a\n"
		 ".B sweep\n"
		 "steps through, comma-separated, each 1 to 10000, e.g.\n"
		 ".BR \"1,2,4,8\" .\n"
		 "On the command line,\n"
		 ".B \\-\\-vus\n"
		 "given a list sets this key (and a single number sets\n"
		 ".BR run.vus ,\n"
		 "which a sweep then holds throughout).\n"
		 "With\n"
		 ".B sweep.knob\n"
		 "the steps are a grid: every knob value with every VU count, the VU\n"
		 "count changing fastest.\n"
		 "Default empty:\n"
		 ".BR run.vus .\n" },
	{ .key = "sweep.knob", .longopt = "knob", .type = OPT_STRING, .def = "",
	  FIELD(sweep_knob), .argname = "NAME=V1,V2,...", .repeat = 2,
	  .help = "sweep: a server variable and the values to step through, e.g. "
		  "innodb_io_capacity=200,1000,5000",
	  .man = "A server variable and the values a\n"
		 ".B sweep\n"
		 "sets it to in turn, e.g.\n"
		 ".BR innodb_io_capacity=200,1000,5000 ;\n"
		 "sizes may be written 256M or 2G.\n"
		 "Every value is checked with the server before the first step (an\n"
		 "unknown or read-only variable, a value out of range or not among the\n"
		 "choices is refused with exit 2, and nothing is changed).\n"
		 "For\n"
		 ".BR ab ,\n"
		 ".IB NAME = A , B\n"
		 "gives the variable's value in A's and B's segments; the option may be\n"
		 "given again for more variables (in the file, the items apart by\n"
		 ".BR \"; \" ).\n"
		 "Default empty: no variable.\n" },
	{ .key = "sweep.rate", .type = OPT_STRING, .def = "", FIELD(sweep_rate),
	  .argname = "TPM,TPM,...",
	  .help = "sweep: the offered loads to step through, transactions a minute, e.g. "
		  "\"20000,40000,60000\" (on the command line --rate with a list; empty: run.rate)",
	  .man = "The offered loads a\n"
		 ".B sweep\n"
		 "steps through, transactions a minute over all VUs, comma-separated, each\n"
		 "0 to 100000000 or\n"
		 ".B off\n"
		 "(0 and off: a closed loop), e.g.\n"
		 ".BR \"20000,40000,60000\" ;\n"
		 "see\n"
		 ".BR \\-\\-rate .\n"
		 "On the command line,\n"
		 ".B \\-\\-rate\n"
		 "given a list sets this key (and a single number sets\n"
		 ".BR run.rate ,\n"
		 "which a sweep then holds throughout).\n"
		 "With\n"
		 ".B sweep.vus\n"
		 "and\n"
		 ".B sweep.knob\n"
		 "the steps are a grid, the VU count changing fastest, then the rate.\n"
		 "Each step's schedule starts afresh, without the backlog of the step\n"
		 "before (the\n"
		 ".B rate\n"
		 "command keeps it).\n"
		 "Each step's figures and the table compare the offered rate with the\n"
		 "achieved one and say\n"
		 ".B not achieved\n"
		 "when the VUs could not keep up; p95 is then counted from each\n"
		 "transaction's intended start, which makes the table a\n"
		 "latency-against-throughput curve.\n"
		 "Default empty:\n"
		 ".BR run.rate .\n" },
	{ .key = "sweep.step", .longopt = "step", .type = OPT_INT, .min = 1,
	  .max = 86400, .def = "60", FIELD(sweep_step), .argname = "SECONDS",
	  .seconds = 1,
	  .help = "sweep: seconds each step is measured, after its settle time",
	  .man = "Seconds each step of a\n"
		 ".B sweep\n"
		 "is measured, after its settle time, 1 to 86400.\n"
		 "Default 60.\n" },
	{ .key = "sweep.settle", .longopt = "settle", .type = OPT_INT, .min = 0,
	  .max = 86400, .def = "15", FIELD(sweep_settle), .argname = "SECONDS|auto[:MAX]",
	  .seconds = 1,
	  .auto_offset = offsetof(tpcc_config, settle_auto), .auto_max = 600,
	  .help = "sweep: seconds after a step's change before its measuring starts (auto: "
		  "until NOPM is steady, MSER-5, at most MAX s, default 600)",
	  .man = "Seconds after a step's change (VUs connected, variable set) before\n"
		 "its measured window starts, 0 to 86400.\n"
		 ".B auto\n"
		 "or\n"
		 ".BI auto: max\n"
		 "settles each step (of a\n"
		 ".BR sweep ,\n"
		 "an\n"
		 ".B ab\n"
		 "or a\n"
		 ".BR capacity )\n"
		 "until NOPM since its change is steady by the rule\n"
		 ".B \\-\\-rampup auto\n"
		 "uses (MSER-5, tried every 5 s from 20 s on), or for\n"
		 ".I max\n"
		 "seconds (default 600); an event says which, and the step's record in\n"
		 "the results file has\n"
		 ".B settle_by\n"
		 "and\n"
		 ".BR settle_found .\n"
		 "A step's own\n"
		 ".BI settle= n\n"
		 "in\n"
		 ".B \\-\\-steps\n"
		 "is fixed.\n"
		 "Default 15.\n" },
	{ .key = "sweep.segments", .longopt = "segments", .type = OPT_INT, .min = 4,
	  .max = 256, .def = "8", FIELD(ab_segments), .argname = "N",
	  .help = "ab: segments of the trial, A and B in turn (ABBA BAAB ...), at least 4",
	  .man = "How many segments an\n"
		 ".B ab\n"
		 "trial runs, A and B in the balanced order ABBA BAAB ABBA ..., 4 to 256.\n"
		 "Default 8.\n" },
	{ .key = "sweep.segment", .longopt = "segment", .type = OPT_INT, .min = 1,
	  .max = 86400, .def = "60", FIELD(ab_segment), .argname = "SECONDS",
	  .seconds = 1,
	  .help = "ab: seconds each segment is measured, after its settle time (--settle)",
	  .man = "Seconds each segment of an\n"
		 ".B ab\n"
		 "trial is measured, after its settle time\n"
		 ".RB ( sweep.settle ),\n"
		 "1 to 86400.\n"
		 "Default 60.\n" },
	{ .key = "sweep.limit", .longopt = "limit", .type = OPT_STRING, .def = "",
	  FIELD(sweep_limit), .argname = "TYPE.PCT=TIME", .repeat = 2,
	  .help = "capacity: a latency limit the rate found must hold, e.g. new_order.p90=5s "
		  "(repeatable; none: TPC-C's 90th-percentile bounds)",
	  .man = "A latency limit a\n"
		 ".B capacity\n"
		 "search holds, as\n"
		 ".IB type . percentile = time :\n"
		 ".I type\n"
		 "one of\n"
		 ".BR new_order ,\n"
		 ".BR payment ,\n"
		 ".BR order_status ,\n"
		 ".B delivery\n"
		 "and\n"
		 ".BR stock_level ;\n"
		 ".I percentile\n"
		 "one of\n"
		 ".BR p50 ,\n"
		 ".BR p90 ,\n"
		 ".BR p95 ,\n"
		 ".B p99\n"
		 "and\n"
		 ".BR max ;\n"
		 ".I time\n"
		 "a number with\n"
		 ".B ms\n"
		 "or\n"
		 ".BR s ,\n"
		 "e.g.\n"
		 ".BR new_order.p90=5s \" or \" payment.p99=200ms .\n"
		 "The option may be given again for more limits (in the file, the items\n"
		 "apart by\n"
		 ".BR \"; \" ).\n"
		 "Latency counts from each transaction's intended start (the offered\n"
		 "load's corrected latency).\n"
		 "Default empty: the 90th-percentile bounds of the TPC-C specification\n"
		 "(clause 5.2.5.4): 5 s for New-Order, Payment, Order-Status and\n"
		 "Delivery, 20 s for Stock-Level.\n" },
	{ .key = "sweep.reset_between", .longopt = "reset-between", .type = OPT_BOOL,
	  .def = "false", FIELD(sweep_reset),
	  .help = "sweep: restore the snapshot (see snapshot) before every step, the VUs "
		  "stopped meanwhile",
	  .man = "Before every step of a sweep, stop the VUs, bring the schema back to\n"
		 "its snapshot (as\n"
		 ".B restore\n"
		 "does; take one with\n"
		 ".B snapshot\n"
		 "first), then start the step's VUs again, so every step starts from the\n"
		 "same data.\n"
		 "The sweep refuses to start (exit 2) without a snapshot of the\n"
		 "schema's warehouse count.\n"
		 "Each step's record in the results file says it was reset and how long\n"
		 "the restore took\n"
		 ".RB ( reset_s );\n"
		 "the restore is outside the step's settle time and window.\n"
		 "On PostgreSQL, whose restore makes the database again, the run also\n"
		 "closes its control and sampler connections for the restore (the\n"
		 "seconds meanwhile have no server metrics or server TPM); a session of\n"
		 "anyone else's on the database makes the step fail, naming its pid,\n"
		 "application_name and client address.\n"
		 "Default false: the steps of one run continue on the same data.\n" },
	{ .key = "sweep.steps", .longopt = "steps", .type = OPT_STRING, .def = "",
	  FIELD(sweep_steps), .argname = "STEPS",
	  .help = "sweep: the steps one by one, e.g. \"vus=4; vus=8 innodb_io_capacity=1000 "
		  "step=30\" (in the file also a list of groups); instead of sweep.vus "
		  "and sweep.knob",
	  .man = "A sweep's steps one by one, instead of\n"
		 ".B sweep.vus\n"
		 "and\n"
		 ".BR sweep.knob :\n"
		 "steps apart by\n"
		 ".BR ; ,\n"
		 "each a few\n"
		 ".IB name = value\n"
		 "apart by spaces:\n"
		 ".B vus\n"
		 "(the VU count),\n"
		 ".B rate\n"
		 "(an offered load, transactions a minute, or\n"
		 ".BR off ;\n"
		 "see\n"
		 ".BR \\-\\-rate ),\n"
		 ".B settle\n"
		 "and\n"
		 ".B step\n"
		 "(seconds, defaults\n"
		 ".B sweep.settle\n"
		 "and\n"
		 ".BR sweep.step ),\n"
		 "anything else a server variable, e.g.\n"
		 ".BR \"vus=4; vus=8 innodb_io_capacity=1000 step=30; vus=8 rate=20000\" .\n"
		 "A step that names no\n"
		 ".B vus\n"
		 "keeps the VUs it finds, one that names no\n"
		 ".B rate\n"
		 "the offered load.\n"
		 "In the configuration file also a list of groups:\n"
		 ".RS\n"
		 ".PP\n"
		 ".EX\n"
		 "steps = ( { vus = 4; },\n"
		 "          { vus = 8; set = { innodb_io_capacity = 1000; }; step = 30; },\n"
		 "          { vus = 8; rate = 20000; } );\n"
		 ".EE\n"
		 ".RE\n"
		 ".IP\n"
		 "At most 4 variables a step and 256 steps.\n"
		 "For\n"
		 ".BR capacity ,\n"
		 ".B \\-\\-steps\n"
		 "is a number instead: the most steps its search takes, 2 to 64\n"
		 "(default 10).\n"
		 "Default empty.\n" },
	{ .key = "run.knobs", .type = OPT_LIST, .def = "", FIELD(knobs),
	  .help = "server variables for the console's knob panel, e.g. "
		  "[ \"innodb_io_capacity\" ] (empty: the driver's defaults; `set` "
		  "works on any variable)",
	  .screen = OPT_SCR_KNOBS,
	  .man = "A list of server variable names, e.g.\n"
		 ".BR \"[ \\(dqinnodb_io_capacity\\(dq ]\" ,\n"
		 "shown with their values in the console's knob panel\n"
		 ".RB ( k \", \" F3 );\n"
		 "empty (the default): the driver's defaults.\n"
		 ".B set\n"
		 "works on any variable, listed or not.\n" },
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
