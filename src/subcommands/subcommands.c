/* subcommands.c: the subcommand table and what reads it: lookup, dispatch
 * and the --help list. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "config/usage.h"
#include "drivers/driver.h"
#include "subcommands.h"
#include "tpcc/schema.h"

const subcommand subcommands[] = {
	{ "build", sub_build, 0, "create the TPC-C tables and load --warehouses warehouses",
	  "Create the TPC-C tables and load\n"
	  ".B \\-\\-warehouses\n"
	  "warehouses (0 means 1) with\n"
	  ".B \\-\\-load\\-threads\n"
	  "connections in parallel, then create the secondary indexes\n"
	  "(customer_i2, orders_i2) and record the build in the table tpcc_meta.\n"
	  "One thread loads the item table and each warehouse is one unit of work,\n"
	  "so more than\n"
	  ".IR warehouses +1\n"
	  "threads gain nothing.\n"
	  "Rows go in as multi-row INSERTs of\n"
	  ".B \\-\\-load\\-batch\n"
	  "rows, with a commit after every fourth\n"
	  "(with the pg driver, PostgreSQL's COPY from the client, ten times as many rows each,\n"
	  "streamed from memory in PostgreSQL's text format).\n"
	  "One warehouse is about 600,000 rows.\n"
	  "With the mysql and pg drivers the database is created first if it does not\n"
	  "exist (pg: from a connection to the postgres database, by a user with\n"
	  "CREATEDB; a database that a conninfo names, or PGDATABASE or PGSERVICE\n"
	  "where\n"
	  ".B \\-\\-database\n"
	  "is not on the command line, must exist); an ODBC data source must name an\n"
	  "existing database.\n"
	  "A SQLite file is created by build alone (and by\n"
	  ".B restore\n"
	  "from a snapshot into a file not there); the other subcommands say that a\n"
	  "missing file does not exist rather than leave an empty one (the console\n"
	  "offers to build it, demo builds it).\n"
	  "Where the dialect has stored procedures (mysql, postgresql, mssql) they\n"
	  "are created too.\n"
	  "With\n"
	  ".B \\-\\-procedures\\-only\n"
	  "only the procedures are dropped and created again, on a finished build.\n"
	  "A target that already holds a TPC-C schema, complete or not, is refused\n"
	  "(exit 1): use\n"
	  ".B drop\n"
	  "first.\n"
	  "An interrupted build leaves a partial load that must be dropped.\n", 0, 0 },
	{ "run", sub_run, 0, "run the workload (ramp-up, steady, ramp-down): on a terminal "
	  "in the full-screen console, else (or with --batch) one line of figures per "
	  "second, commands typed on stdin steering it",
	  "Run the workload through its phases\n"
	  ".RB ( rampup ,\n"
	  ".BR steady ,\n"
	  ".BR rampdown )\n"
	  "and write the results file.\n"
	  "The schema must be complete, and if\n"
	  ".B \\-\\-warehouses\n"
	  "is not 0 it must equal the number of warehouses built.\n"
	  "Only the steady phase counts toward the summary.\n", 0, 0 },
	{ "sweep", sub_sweep, 0, "one run in steps: each sets the VUs (--vus 1,2,4) and/or a "
	  "server variable (--knob NAME=V1,V2), settles (--settle), is measured (--step); "
	  "a table of the steps at the end",
	  "One run whose steady phase is a series of steps, printing a table of\n"
	  "them at the end and writing each step into the results file's\n"
	  ".B steps\n"
	  "array as it ends.\n"
	  "A step sets the VU count\n"
	  ".RB ( \\-\\-vus\n"
	  "with a list, e.g.\n"
	  ".BR 1,2,4,8 )\n"
	  "and/or a server variable\n"
	  ".RB ( \\-\\-knob\n"
	  ".IR name = v1 , v2 ,...;\n"
	  "with both, every value with every VU count, the VU count changing\n"
	  "fastest), waits\n"
	  ".B \\-\\-settle\n"
	  "seconds, then measures\n"
	  ".B \\-\\-step\n"
	  "seconds: NOPM, TPM, p50/p95/p99/max per transaction type from the\n"
	  "window's merged histograms, errors by class, retries, client CPU per\n"
	  "1,000 New-Orders and the server's metrics averaged over the window.\n"
	  "The table has one line per step: the setting, NOPM, TPM, p95 of\n"
	  "New-Order and Payment in ms, errors, and NOPM against the first step.\n"
	  "Before the first step every value is checked with the server: an\n"
	  "unknown or read-only variable, or a value the server would refuse or\n"
	  "clamp, or a PostgreSQL setting that needs a restart, exits 2 with the\n"
	  "reason and changes nothing.\n"
	  "After a change the step's settle time starts once the server has the\n"
	  "value in effect (a buffer-pool resize finished, a reload read), and the\n"
	  "step records how long that took.\n"
	  "Steps can also be given one by one\n"
	  ".RB ( \\-\\-steps ,\n"
	  "or a list in the configuration file: see\n"
	  ".BR sweep.steps ).\n"
	  "Each variable it changed, and each one the server moved along with it,\n"
	  "is set back to its value before the sweep when the steps\n"
	  "end, also when a signal or\n"
	  ".B stop\n"
	  "ends them early; after a client killed with SIGKILL,\n"
	  ".B restore\\-knobs\n"
	  "puts them back from the results file.\n"
	  "Ramp-up\n"
	  ".RB ( \\-\\-rampup )\n"
	  "comes before the first step;\n"
	  ".B \\-\\-duration\n"
	  "and the VU schedule are not used.\n"
	  "Per-second lines are printed as in\n"
	  ".BR \"run \\-\\-batch\" .\n", 0, 0 },
	{ "ab", sub_ab, 0, "an A/B trial in one run: A and B (--knob NAME=A,B, --vus A,B, "
	  "--rate A,B) in turns ABBA BAAB ... (--segments, --segment, --settle); B's effect on "
	  "NOPM and p95 with its 95% interval",
	  "One run whose steady phase is an A/B trial: A's and B's settings take\n"
	  "turns in\n"
	  ".B \\-\\-segments\n"
	  "segments (at least 4, default 8) in the balanced order ABBA BAAB\n"
	  "ABBA \\&..., each settled for\n"
	  ".B \\-\\-settle\n"
	  "seconds (dropped) and then measured for\n"
	  ".B \\-\\-segment\n"
	  "seconds, as a sweep's step.\n"
	  "A and B are given by\n"
	  ".BI \"\\-\\-knob \" name = a , b\n"
	  "(again for more variables),\n"
	  ".BI \"\\-\\-vus \" a , b\n"
	  "and\n"
	  ".BI \"\\-\\-rate \" a , b ;\n"
	  "each takes exactly two values.\n"
	  "The effect of B against A on NOPM and on each transaction type's p95 is\n"
	  "estimated from the segments' figures: their logarithms are fitted by\n"
	  "least squares to a level, a straight line in the segment's position\n"
	  "and B's effect, so that a drift linear over the run cancels instead of\n"
	  "being called an effect (in the balanced order it cancels exactly),\n"
	  "and the 95% interval is Student's t on n\\-3 degrees of freedom of\n"
	  "the residuals.\n"
	  "The verdict is one line, e.g.\n"
	  ".B \"B: NOPM +6.2% (95% CI +3.9..+8.5%); p95 New-Order -11.0% (95% CI -17.0..-5.0%)\"\n"
	  "or\n"
	  ".BR \"NOPM: no effect larger than \\(+-2.1% detectable (95%)\" ;\n"
	  "the running estimate is an event after each segment.\n"
	  "The results file gets an\n"
	  ".B ab\n"
	  "section (the segments, the estimates, the verdict) as each segment\n"
	  "ends, and the segments are its\n"
	  ".B steps .\n"
	  "Every value is checked with the server before the first segment (exit\n"
	  "2, nothing changed, when one is refused), and every variable is put\n"
	  "back as a sweep puts it back, on every way the run ends.\n", 0, 0 },
	{ "capacity", sub_capacity, 0, "the highest offered rate the server holds within "
	  "latency limits at --vus N (--limit TYPE.PCT=TIME, --steps N): the latency-throughput "
	  "curve and its knee",
	  "One run that searches the offered rate (an open loop, latency counted\n"
	  "from each transaction's intended start; see\n"
	  ".BR \\-\\-rate )\n"
	  "for the highest one that holds every limit at\n"
	  ".B \\-\\-vus\n"
	  "VUs: each\n"
	  ".B \\-\\-limit\n"
	  "(default: the TPC-C specification's 90th-percentile bounds, 5 s and\n"
	  "20 s for Stock-Level), and the rate achieved (at least 95% of it, at\n"
	  "most a second behind schedule at the step's end).\n"
	  "Each step is a sweep's step, settled for\n"
	  ".B \\-\\-settle\n"
	  "seconds and measured for\n"
	  ".BR \\-\\-step .\n"
	  "Step 1 runs the VUs flat out: no offered rate beats that with those VUs,\n"
	  "so it is the first rate tried.\n"
	  "A rate that holds is followed by one 25% higher until one fails, a rate\n"
	  "that fails by half of it until one holds; then the bracket is halved\n"
	  "until it is within 1% or\n"
	  ".B \\-\\-steps\n"
	  "(here a number, 2 to 64, default 10) steps are spent.\n"
	  ".B \\-\\-knob\n"
	  ".IB name = value\n"
	  "(again for more) sets a variable for the whole search, put back after.\n"
	  "Prints the latency-throughput curve (each rate tried, what was\n"
	  "achieved, each limit's figure, whether it held and why not) and the\n"
	  "knee: the highest rate that held.\n"
	  "The results file gets a\n"
	  ".B capacity\n"
	  "section as each step ends; the report draws the curve.\n"
	  "A limit naming an unknown transaction or percentile, a time without\n"
	  ".B ms\n"
	  "or\n"
	  ".BR s ,\n"
	  "or\n"
	  ".B \\-\\-steps\n"
	  "below 2 is refused with exit 2 before anything runs.\n", 0, 0 },
	{ "restore-knobs", sub_restore_knobs, 0, "put back the server variables a run's "
	  "results file (RUN.json) says it changed and did not put back (after kill -9 of "
	  "the client)",
	  "Read the\n"
	  ".B knob_journal\n"
	  "of the results file\n"
	  ".I RUN.json\n"
	  "(written as the run goes, so a client killed with SIGKILL leaves it) and\n"
	  "set every server variable it names as changed and not put back to its\n"
	  "value before the run: the variables asked for first, the last changed\n"
	  "first, then those the server moved with them.\n"
	  "A PostgreSQL setting that had no entry in postgresql.auto.conf before\n"
	  "the run goes back by ALTER SYSTEM RESET, one that had gets its entry\n"
	  "back, so the file is left as the run found it.\n"
	  "When the options name no driver (on the command line or in a\n"
	  "configuration file), the connection is the run's, as the file\n"
	  "records it: driver, host, port, socket, user, database (the password\n"
	  "as ever from the configuration file, TPCC_PASSWORD or the prompt);\n"
	  "an option given still wins over the file.\n"
	  "Options that name another driver than the run's are refused.\n"
	  "Prints a line per variable (put back, or already at its old value);\n"
	  "exits 1 if one could not be put back, 2 if the file is not a results\n"
	  "file or was written by a run on another driver.\n", 1, 1 },
	{ "demo", sub_demo, 1, "the console on a 1-warehouse SQLite schema (built if "
	  "missing), telling a captioned story of VU steps and setting changes, looping until q",
	  "The console over the configured database (SQLite\n"
	  ".I ./tpcc.sqlite\n"
	  "by default), building a 1-warehouse schema first when there is none,\n"
	  "then running with 5 s of ramp-up and an open-ended steady phase\n"
	  "that tells a story until\n"
	  ".B q\n"
	  "and\n"
	  ".BR y ,\n"
	  "one step every\n"
	  ".B \\-\\-demo\\-step\n"
	  "seconds (20): VUs 1, 2 and 4; then each of the database's demo\n"
	  "settings changed for two steps and put back (SQLite:\n"
	  ".BR synchronous =FULL;\n"
	  "MySQL:\n"
	  ".B innodb_flush_log_at_trx_commit\n"
	  "and\n"
	  ".BR innodb_io_capacity ;\n"
	  "PostgreSQL:\n"
	  ".BR synchronous_commit ),\n"
	  "through the knob journal, so each is a marker, an event with its\n"
	  "before/after verdict, and is put back however the demo ends; then 8 VUs\n"
	  "and 2, and round again.\n"
	  "A caption on the message row says what each step changed and what to\n"
	  "watch.\n"
	  "A VU change of the operator's (a key, or a typed\n"
	  ".BR vus )\n"
	  "pauses the story's VU steps and changes (a setting it changed is still\n"
	  "put back on time), and the header and the message row say so;\n"
	  ".B d\n"
	  "resumes it.\n"
	  "With\n"
	  ".B \\-\\-kiosk\n"
	  "it opens in the kiosk view.\n"
	  "Needs a terminal.\n", 0, 0 },
	{ "cli", sub_cli, 0, "run with a tpcc> prompt instead of the console (-s FILE runs "
	  "a command script first)",
	  "Like\n"
	  ".BR run ,\n"
	  "with a\n"
	  ".B tpcc>\n"
	  "prompt (libedit: history, Tab completion) instead of the console;\n"
	  ".B \\-s\n"
	  ".I file\n"
	  "runs a command script first, echoing each line as\n"
	  ".BI \"tpcc> \" command\\c\n"
	  "\\&.\n"
	  "The run's events print between commands.\n"
	  ".B quit\n"
	  "or the end of input stops the run, and the summary follows; when the\n"
	  "run ends by itself the prompt leaves without waiting for a line.\n"
	  "Ctrl-C drops the line typed; at an empty prompt it says how to stop,\n"
	  "and a second Ctrl-C stops the run as a signal does (exit status 130).\n"
	  "Without a terminal, SIGINT stops the run at once.\n", 0, 0 },
	{ "adopt", sub_adopt, 0, "recognise a TPC-C schema another tool built; --apply makes it ours to run",
	  "Inspect a TPC-C schema another tool built and say which tool's layout it\n"
	  "is: HammerDB or go-tpc (the specification's table names; go-tpc's history\n"
	  "has a row_id key on MySQL, and on PostgreSQL its index names, idx_h_w_id\n"
	  "and idx_order, tell it), tpcc-mysql\n"
	  ".RB ( new_orders ),\n"
	  "sysbench-tpcc (every name ending in its table set's number,\n"
	  ".BR warehouse1 ;\n"
	  ".B \\-\\-table\\-set\n"
	  "picks one set) or BenchBase\n"
	  ".RB ( oorder ).\n"
	  "It reports the warehouse count (counted), each table's rows against the\n"
	  "specification's, the indexes our statements need and which are missing,\n"
	  "whether our stored procedures are there, and the consistency conditions\n"
	  "that read only districts and warehouses (1, 2, 3, 8, 9, 11), affordable\n"
	  "without our indexes on a database of any size; a condition that does not\n"
	  "hold is a departure of the other tool's load, not an error.\n"
	  "Then it prints the exact DDL\n"
	  ".B \\-\\-apply\n"
	  "would run: the missing indexes (built online: ALGORITHM=INPLACE LOCK=NONE\n"
	  "on MySQL/MariaDB, CONCURRENTLY on PostgreSQL), our tpcc_meta table with the\n"
	  "schema map (the other tool's table names), and our stored procedures under\n"
	  "our own names, their tables renamed.\n"
	  "It never alters or drops the other tool's tables or indexes.\n"
	  "Once those are done,\n"
	  ".B \\-\\-apply\n"
	  "checks all twelve conditions, read-only, a line each on stderr as it goes\n"
	  "(those that read every customer and order line take long at scale), and\n"
	  "records in tpcc_meta which it checked\n"
	  ".RB ( findings_checked )\n"
	  "and which did not hold, on how many rows\n"
	  ".RB ( findings ).\n"
	  ".B check\n"
	  "then names each such condition as the other tool's departure, with its\n"
	  "rows and the first of them, and does not count it as a failure; more rows\n"
	  "than adopt found fail it, as a condition does that held at adopt.\n"
	  "SIGINT or SIGTERM during that check lets the running condition finish and\n"
	  "keeps the adoption; the rest are recorded as not checked,\n"
	  ".B check\n"
	  "calls one of them that does not hold undetermined (neither the other\n"
	  "tool's nor a run's; exit status 1), and adopt exits 130.\n"
	  "Run\n"
	  ".B adopt \\-\\-apply\n"
	  "again before any run to check them: after a run, what it finds would be\n"
	  "recorded as the other tool's.\n"
	  "After\n"
	  ".B adopt \\-\\-apply\n"
	  ".BR run ,\n"
	  ".BR sweep ,\n"
	  ".BR check ,\n"
	  ".B snapshot\n"
	  "and\n"
	  ".B restore\n"
	  "name the other tool's tables through the map.\n"
	  "A missing table or column is named and adopt exits 2; a privilege\n"
	  ".B \\-\\-apply\n"
	  "needs and the user lacks is named, and\n"
	  ".B \\-\\-apply\n"
	  "then changes nothing and exits 1.\n", 0, 0 },
	{ "check", sub_check, 0, "check the TPC-C consistency conditions (clause 3.3.2)",
	  "Check the twelve consistency conditions of TPC-C clause 3.3.2 and print\n"
	  ".BR pass ,\n"
	  ".B FAIL\n"
	  "(with the number of offending rows and the first of them) or\n"
	  ".B skipped\n"
	  "for each.\n"
	  "Condition 11 holds only on a fresh load and is skipped once a New-Order\n"
	  "has been committed.\n"
	  "Money is compared with 0.005 of tolerance.\n"
	  "A condition's number is printed before its query runs.\n"
	  "SIGINT or SIGTERM lets the running condition finish, marks the rest\n"
	  ".BR \"not checked\" ,\n"
	  "prints which were checked and which not, and exits 130.\n"
	  "On a schema\n"
	  ".B adopt \\-\\-apply\n"
	  "made ours, a condition that did not hold on the other tool's load when it\n"
	  "was adopted, on no more rows now, is printed\n"
	  ".B departs\n"
	  "(that tool's, not a failure); one adopt did not reach is\n"
	  ".B does not hold\n"
	  "and undetermined.\n"
	  "The exit status is 0 when no condition fails and none is undetermined.\n"
	  "A build that did not finish is not checked (exit 1): drop it and build\n"
	  "again.\n", 0, 0 },
	{ "snapshot", sub_snapshot, 0, "keep a copy of the built schema (--snapshot NAME) that "
	  "restore brings back",
	  "Copy the schema, a finished build, into its snapshot\n"
	  ".RB ( \\-\\-snapshot ;\n"
	  "an older snapshot there is replaced), so that\n"
	  ".B restore\n"
	  "can bring the schema back to this state before each run or sweep step.\n"
	  "First the quick check: tpcc_meta says the build finished, the nine\n"
	  "tables have the columns the transactions name, and the warehouse table\n"
	  "holds warehouses 1 to\n"
	  ".IR W .\n"
	  "A schema that fails it, or a database (or file) of the snapshot's name\n"
	  "that is not a snapshot of tpcc-console's, is refused with the reason\n"
	  "(exit 2).\n"
	  "MariaDB and MySQL: a second database on the same server, each table\n"
	  "made with CREATE TABLE .. LIKE and filled with one INSERT .. SELECT,\n"
	  ".B \\-\\-load\\-threads\n"
	  "tables at a time, largest first, into\n"
	  ".IB NAME _new\n"
	  "and moved into place with one RENAME TABLE once whole, so a snapshot\n"
	  "cut short (Ctrl-C, an error) leaves the older one as it was and its\n"
	  "part copy is dropped.\n"
	  "PostgreSQL: CREATE DATABASE .. TEMPLATE (STRATEGY FILE_COPY) into\n"
	  ".IB NAME _new\n"
	  "and, once whole, renamed into place in one transaction (the old one\n"
	  "renamed out and dropped after), so a snapshot cut short or failed\n"
	  "leaves the older one as it was; a side database a kill left is dropped\n"
	  "by the next snapshot when it holds a copy of a build.  The copy\n"
	  "needs the schema's database to itself: other sessions still connected\n"
	  "to it after 5 seconds (the wait PostgreSQL's own DROP DATABASE allows\n"
	  "them) are named and nothing is done (exit 2); it works over the server's\n"
	  ".B postgres\n"
	  "database.\n"
	  "SQLite: the online backup API, into a file beside the database.\n"
	  "On MariaDB and MySQL other sessions on the database (still there after\n"
	  "the same 5 seconds) are refused too:\n"
	  "a copy under a run's writes would be no one state of it.\n"
	  "The snapshot records when it was taken, of which database, and its\n"
	  "warehouse count, in its copy of tpcc_meta; it is marked finished last,\n"
	  "so one cut short is never restored from.\n"
	  "A progress bar shows the tables (or pages, or bytes) copied.\n", 0, 0 },
	{ "restore", sub_restore, 0, "bring the schema back to its snapshot (see snapshot)",
	  "Bring the schema back to its snapshot\n"
	  ".RB ( \\-\\-snapshot ),\n"
	  "the stored procedures kept, so a run starts from the data the snapshot\n"
	  "was taken of;\n"
	  ".B check\n"
	  "passes after it as after a build.\n"
	  "Refused with the reason (exit 2) when there is no snapshot, when it did\n"
	  "not finish, when its warehouse count differs from the schema's (a schema\n"
	  "dropped meanwhile takes any), and when other sessions use the database.\n"
	  "MariaDB and MySQL: each table dropped, made again LIKE the snapshot's\n"
	  "and filled with one INSERT .. SELECT,\n"
	  ".B \\-\\-load\\-threads\n"
	  "at a time, with tpcc_meta saying\n"
	  ".B restoring\n"
	  "meanwhile, so a restore cut short leaves a schema a run refuses (restore\n"
	  "again).\n"
	  "The procedures are not copied, so tpcc_meta keeps the database's record\n"
	  "of their version: after a\n"
	  ".B build \\-\\-procedures\\-only\n"
	  "since the snapshot, runs go on using the new ones.\n"
	  "PostgreSQL: a new database made from the snapshot (CREATE DATABASE with\n"
	  "the snapshot as its TEMPLATE), then the old one dropped and the new one\n"
	  "renamed into its place and given its owner: the old database's own\n"
	  "settings (ALTER DATABASE with SET) and grants are not carried over.\n"
	  "SQLite: the online backup API, into the database file in place.\n", 0, 0 },
	{ "drop", sub_drop, 0, "drop the TPC-C tables",
	  "Drop the stored procedures and the TPC-C tables.\n"
	  "A MySQL database itself is kept; a SQLite file keeps its size.\n"
	  "On a schema\n"
	  ".B adopt \\-\\-apply\n"
	  "made ours, only what it added goes (the indexes it named tpcc_*, our\n"
	  "stored procedures and tpcc_meta): the tables, their rows and indexes\n"
	  "are the other tool's and are left in place.\n"
	  "Where there is no TPC-C schema (no tpcc_meta table, or no SQLite file)\n"
	  "drop says so, drops nothing (not even tables of the same names another\n"
	  "tool made) and exits 0, as on a database where nothing is left to drop.\n", 0, 0 },
	{ "compare", sub_compare, 0, "compare results files: NOPM, TPM, p95/p99, client CPU "
	  "and errors of each later run against the first, with a noise verdict",
	  "Read two or more results files and print, for each later run against the\n"
	  "first (A): NOPM, TPM, p95 and p99 per transaction type, client CPU seconds\n"
	  "per 1,000 New-Orders and errors per minute of the steady phase, each with\n"
	  "its change and a verdict:\n"
	  ".RB \\(dq within\\ noise \\(dq\n"
	  "or\n"
	  ".RI \\(dqB\\ is\\  X %\\ faster\\ (95%\\ interval\\  Y .. Z %)\\(dq .\n"
	  "The noise is each run's own: its steady seconds are cut into blocks of 10\n"
	  "to 20 s and the block means compared (Welch's t on the log of the ratio),\n"
	  "so one second's burst does not decide.\n"
	  "Exit 0; 3 when a\n"
	  ".B \\-\\-fail\\-if\n"
	  "gate broke (the change past its bound and beyond noise); 2 when a file is\n"
	  "not a results file.\n"
	  "A file without a summary (a run killed, a file cut short) is compared on\n"
	  "its steady ticks, and its note says so.\n"
	  "Runs under different offered loads (one with\n"
	  ".BR \\-\\-rate ,\n"
	  "another without, or another rate) are named with each one's offered and\n"
	  "achieved TPM and its most seconds behind schedule before the figures.\n"
	  "With\n"
	  ".B \\-\\-merge\n"
	  ".IR n ,\n"
	  "the files\n"
	  ".I n\n"
	  "at a time are the client instances of one run, and the runs so merged\n"
	  "are compared.\n", ARGS_FILES_MAX, 2 },
	{ "report", sub_report, 0, "turn results files into one self-contained HTML page "
	  "(-o FILE), or CSV or Markdown (--format)",
	  "Read one or more results files and write a report to\n"
	  ".B \\-o\n"
	  ".I file\n"
	  "(standard output without it).\n"
	  "The HTML (the default) is one self-contained page: inline SVG charts and\n"
	  "CSS, no scripts, nothing fetched, readable printed and on a phone.\n"
	  "For one run: the summary (NOPM, TPM, server TPM, latency per type,\n"
	  "errors, retries, the audit bounds); NOPM and TPM each second with a\n"
	  "1-minute moving average and every event (phase, VU change, knob, mark)\n"
	  "as a labelled line; p95 and p99 per type over time; the steady latency\n"
	  "distribution per type from the histograms; host, client and server CPU,\n"
	  "the data disk's IOPS and ms per I/O and the server's metrics over time;\n"
	  "the run, the system and the server's variables; the steps of a sweep\n"
	  "with NOPM per step; the events.\n"
	  "A run or step under an offered load\n"
	  ".RB ( \\-\\-rate )\n"
	  "adds its offered and achieved TPM and its most seconds behind schedule\n"
	  "to the summary and the step table, and the CSV each second's offered\n"
	  "rate and backlog.\n"
	  "For several runs: the series overlaid, aligned at the start of each\n"
	  "run's steady phase, the summaries side by side with a ratio against the\n"
	  "first, and every setting, system or server variable that differs; and\n"
	  "the runs' waits over their steady phases side by side: a bar per run,\n"
	  "100% stacked by wait class, labelled with its busy sessions (the\n"
	  "classes' sum), and a table of each class's average active sessions and\n"
	  "share of them, with the top event (a run whose file has no waits says\n"
	  "\\(dqno waits recorded\\(dq).\n"
	  ".B \\-\\-format csv\n"
	  "writes the per-second series, the events and the steps;\n"
	  ".B \\-\\-format md\n"
	  "the summary and step tables as Markdown.\n"
	  "For several runs both add the table of their waits (CSV: every class,\n"
	  "its share from 0 to 1, a run without waits as source none).\n"
	  "With\n"
	  ".B \\-\\-merge\n"
	  ".IR n ,\n"
	  "the files\n"
	  ".I n\n"
	  "at a time are the client instances of one run (each its own\n"
	  ".BR \\-\\-warehouse\\-range ),\n"
	  "added second by second into one run on the wall clock.\n"
	  "What a file lacks (format 1, a run killed, a file cut short) is said on\n"
	  "stderr; a file that is not a results file is refused, exit 2.\n", ARGS_FILES_MAX, 1 },
	{ "replay", sub_replay, 1, "the console over a finished run's results file: 1x, 10x, "
	  "60x or paused, seek with the arrows (--against B.json: a ghost line)",
	  "The console over a finished run: the same panes and chart, drawn from\n"
	  "the results file at the replay's clock, events as they happened.\n"
	  "Space (or\n"
	  ".BR p )\n"
	  "pauses and resumes;\n"
	  ".BR 1 ,\n"
	  ".B 2\n"
	  "and\n"
	  ".B 3\n"
	  "play at 1x, 10x and 60x; Left and Right seek 10 s,\n"
	  ".B <\n"
	  "and\n"
	  ".B >\n"
	  "(or shifted arrows) 60 s, Home and End to the start and the end;\n"
	  ".B T\n"
	  "hides and shows a sweep's step table, which fills in as the steps end,\n"
	  "as it did in the run;\n"
	  ".B q\n"
	  "leaves.\n"
	  "With\n"
	  ".B \\-\\-against\n"
	  ".IR B.json ,\n"
	  "B's NOPM is drawn as the chart's dotted line (in place of TPM), aligned\n"
	  "at the start of each run's steady phase.\n"
	  "Needs a terminal.\n", 1, 1 },
	{ "runs", sub_runs, 0, "list the runs in a results directory (default run.results_dir), "
	  "newest first",
	  "List the results files in\n"
	  ".I dir\n"
	  "(default\n"
	  ".BR run.results_dir ),\n"
	  "newest first: when, label, database and version, warehouses, the most VUs,\n"
	  "mode, steady seconds, NOPM and how the run ended\n"
	  ".RB ( complete ,\n"
	  ".BI stopped: \\ reason ,\n"
	  ".B unfinished\n"
	  "for a run killed before its summary,\n"
	  ".B cut short\n"
	  "for a file that ends mid-tick).\n"
	  "With\n"
	  ".BR \\-\\-json ,\n"
	  "a JSON array of the same.\n"
	  "Files that are not results files are named on stderr and skipped.\n", 1, 0 },
};

const size_t subcommand_count = sizeof subcommands / sizeof subcommands[0];

const subcommand subcommand_default = {
	"", sub_console, 1, "the console over the configured schema; when there is none "
	"it offers to build it first",
	"With no subcommand on a terminal:\n"
	".B run\n"
	"in the console.\n"
	"When the console (no subcommand, or\n"
	".B run\n"
	"on a terminal) finds no TPC-C schema, it asks whether to build\n"
	".I W\n"
	"warehouses (workload.warehouses, else 1) and on\n"
	".B y\n"
	"builds them, with a progress bar, rows per second, warehouses done and\n"
	"time left, before the run starts;\n"
	".B n\n"
	"leaves.\n", 0, 0
};

const subcommand *subcommand_find(const char *name, char *err, size_t errlen)
{
	size_t pos = 0;

	for (size_t i = 0; i < subcommand_count; i++)
		if (!strcmp(subcommands[i].name, name))
			return &subcommands[i];
	pos += (size_t)snprintf(err, errlen, "unknown subcommand '%s' (", name);
	for (size_t i = 0; i < subcommand_count && pos < errlen; i++)
		pos += (size_t)snprintf(err + pos, errlen - pos, "%s%s", i ? ", " : "",
					subcommands[i].name);
	if (pos < errlen)
		snprintf(err + pos, errlen - pos, ")");
	return NULL;
}

int subcommand_on_terminal(void)
{
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

int subcommand_ready(const subcommand *sc, const tpcc_config *c, char *err, size_t errlen)
{
	if (c->nfiles > sc->max_files) {
		const char *w = c->files[sc->max_files];
		snprintf(err, errlen, "unexpected argument '%.60s%s'", w, strlen(w) > 60 ? "..." : "");
		return EX_USAGE;
	}
	if (c->nfiles < sc->min_files) {
		snprintf(err, errlen, "%s needs %s results file%s (see --help)", sc->name,
			 sc->min_files > 1 ? "two" : "a", sc->min_files > 1 ? "s" : "");
		return EX_USAGE;
	}
	if (sc->needs_terminal && !subcommand_on_terminal()) {
		if (sc == &subcommand_default)
			snprintf(err, errlen, "no subcommand; try 'tpcc-console run --batch' or "
				 "'tpcc-console --help'");
		else
			snprintf(err, errlen, "%s needs a terminal; %s", sc->name,
				 sc->fn == sub_replay ? "for a run's pictures without one, use 'report'" :
				 "for a headless run use 'run --batch'");
		return EX_USAGE;
	}
	/* Only the cli reads a script: elsewhere it would be ignored unsaid. */
	if (c->script[0] && sc->fn != sub_cli) {
		snprintf(err, errlen, "option '-s' (--script) is for cli: 'tpcc-console cli -s %.200s'",
			 c->script);
		return EX_USAGE;
	}
	const db_driver *drv = driver_find(c->driver);
	if (!drv) {
		snprintf(err, errlen, "driver '%s' is not available in this build (have: %s)",
			 c->driver, driver_names());
		return EX_USAGE;
	}
	if (drv->check_params) {
		db_params p;
		db_error e;
		db_params_from_config(c, &p);
		if (drv->check_params(&p, &e)) {
			snprintf(err, errlen, "%s", e.msg);
			return EX_USAGE;
		}
	}
	return EX_OK;
}

void subcommands_usage(FILE *out)
{
	fputs("\nSubcommands:\n", out);
	for (size_t i = 0; i < subcommand_count; i++) {
		int n = fprintf(out, "  %s", subcommands[i].name);
		usage_wrap(out, n, 12, subcommands[i].help);
	}
	char text[256];
	snprintf(text, sizeof text, "With no subcommand on a terminal: %s.", subcommand_default.help);
	usage_wrap(out, 0, 0, text);
	fputs("Options may come before or after the subcommand.\n", out);
}
