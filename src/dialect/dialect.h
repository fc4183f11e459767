/* dialect.h: what SQL to say to a given kind of database.  A dialect holds
 * the DDL, the secondary indexes, the statements of the five transactions,
 * the stored procedures and how to call them, and the queries for the
 * server's own counters and settings; the engine never writes SQL text of
 * its own.  One file per dialect:
 * dialect_mysql.c, dialect_pg.c, dialect_mssql.c, dialect_sqlite.c. */
#ifndef TPCC_DIALECT_H
#define TPCC_DIALECT_H

#include <stddef.h>
#include <stdint.h>
#include "drivers/driver.h"
#include "core/sample.h"
#include "core/stats.h"
#include "waits.h"
#include "schema_map.h"
#include <stdatomic.h>
#include <stdio.h>

/* New-Order reads its items and locks its stock rows through IN lists of
 * this many placeholders, and sets its stock rows with CASE lists as long:
 * one prepared statement serves every order size (5 to 15 lines), the
 * unused slots repeating the last real id (an IN list and a CASE both
 * ignore a repeat).  A multi-row INSERT cannot be padded, so the order
 * lines have one statement per row count, prepared when first needed. */
#define DIALECT_SLOTS 15
/* Delivery sets the orders of all ten districts at once: its statements
 * name each order by its full key, ten keys OR-ed (the ones of skipped
 * districts filled with a repeat), which every dialect understands and
 * runs as ten key look-ups. */
#define DIALECT_DISTRICTS 10

/* Snapshot and restore (dialect_*_snapshot.c): a pristine copy of a built
 * schema kept beside it, and the schema brought back to it.  What the
 * dialect is given to do it with: */
typedef struct snap_ctx {
	/* Open a connection to database db of the configured server (a file
	 * for a file dialect), or to the configured database when db is NULL.
	 * The dialect closes what it opens. */
	int (*connect)(void *ud, const char *db, db_conn **out, db_error *e);
	void *ud;
	const char *snapshot;   /* the snapshot's database, or file */
	const char *target;     /* the configured database or file ("": ask the server) */
	int threads;            /* connections copying in parallel */
	struct progress *prog;  /* started by the dialect, finished by the caller */
	FILE *progress_out;     /* where prog draws (NULL: nowhere) */
	const atomic_int *stop; /* non-zero: end early (the snapshot or schema is then partial) */
	/* The caller vouches that the other sessions on the database are idle
	 * (a sweep between steps, its VUs stopped, its control connection
	 * its own): they are not refused for.  A server that cannot copy a
	 * database anyone is connected to (PostgreSQL) still refuses. */
	int others_quiet;
	/* An adopted schema's table names (NULL: ours), for the dialects
	 * that copy table by table. */
	const schema_map *map;
} snap_ctx;

typedef struct snap_info {
	int present;            /* something of the snapshot's name exists */
	int ours;               /* ... and it is a snapshot tpcc-console finished */
	int warehouses;
	char taken_at[32];      /* UTC, ISO 8601 */
	char of[128];           /* the database it was taken of */
	char note[512];         /* why present && !ours, or who blocks a restore */
} snap_info;

/* The statements of statements mode; TXN_SQL_* ids index dialect.stmts. */
enum stmt_id {
	/* New-Order */
	S_NO_WH_CUSTOMER, S_NO_DISTRICT, S_NO_DISTRICT_UPD,
	S_NO_ORDER_INS, S_NO_NEW_ORDER_INS, S_NO_ITEMS,
	S_NO_STOCK_01, S_NO_STOCK_02, S_NO_STOCK_03, S_NO_STOCK_04, S_NO_STOCK_05,
	S_NO_STOCK_06, S_NO_STOCK_07, S_NO_STOCK_08, S_NO_STOCK_09, S_NO_STOCK_10,
	S_NO_STOCK_UPD,
	/* order lines: S_NO_ORDER_LINES + n - 1 inserts n rows */
	S_NO_ORDER_LINES, S_NO_ORDER_LINES_LAST = S_NO_ORDER_LINES + DIALECT_SLOTS - 1,
	/* Payment */
	S_PAY_WAREHOUSE_UPD, S_PAY_DISTRICT_UPD, S_PAY_WH_DISTRICT,
	S_CUST_BY_NAME, S_PAY_CUSTOMER, S_PAY_CUSTOMER_UPD,
	S_PAY_CUSTOMER_UPD_BC, S_PAY_HISTORY_INS,
	/* Order-Status */
	S_OS_CUSTOMER, S_OS_ORDER, S_OS_ORDER_LINES,
	/* Delivery */
	S_DL_NEW_ORDER, S_DL_NEW_ORDER_DEL, S_DL_ORDERS, S_DL_ORDER_UPD,
	S_DL_ORDER_LINE_UPD, S_DL_CUSTOMER_UPD,
	/* Stock-Level */
	S_SL_STOCK_COUNT,
	S_COUNT
};

/* The portable statements of the build and the checks (portable.c). */
enum sql_id {
	Q_META_READ, Q_META_GET, Q_META_DELETE, Q_META_INSERT,
	Q_WAREHOUSE_COUNT, Q_WAREHOUSE_MAX,
	Q_DURABILITY_DISTRICT,
	/* the loader's INSERT heads, one per table */
	Q_LOAD_ITEM, Q_LOAD_WAREHOUSE, Q_LOAD_STOCK, Q_LOAD_DISTRICT, Q_LOAD_CUSTOMER,
	Q_LOAD_HISTORY, Q_LOAD_ORDERS, Q_LOAD_ORDER_LINE, Q_LOAD_NEW_ORDER,
	/* the consistency check: the districts' next order id, then the
	 * offending rows of each condition 1..12, in order */
	Q_CONSISTENCY_NEXT_O_ID,
	Q_CONSISTENCY_1, Q_CONSISTENCY_2, Q_CONSISTENCY_3, Q_CONSISTENCY_4, Q_CONSISTENCY_5,
	Q_CONSISTENCY_6, Q_CONSISTENCY_7, Q_CONSISTENCY_8, Q_CONSISTENCY_9, Q_CONSISTENCY_10,
	Q_CONSISTENCY_11, Q_CONSISTENCY_12,
	Q_COUNT
};

/* A row of the console's server pane: a metric the dialect's metrics give,
 * under a label a DBA of that server knows. */
typedef struct dialect_view {
	const char *name;             /* as metrics names it; NULL ends a list */
	const char *label;
	const char *brief;            /* in a narrow pane (80 columns) */
	int rate;                     /* a counter: shown as its change per second */
	double unit;                  /* shown divided by this */
	const char *suffix;
	int gauge;                    /* on the last line, a number without a sparkline */
} dialect_view;

/* A setting the demo changes for a while, then puts back.  The captions
 * narrate the change and the put-back ("synchronous=FULL: every commit
 * waits for the disk; watch NOPM fall"). */
typedef struct dialect_demo_knob {
	const char *name, *value;
	const char *caption, *back_caption;
} dialect_demo_knob;

typedef struct dialect {
	const char *name;             /* "mysql", "sqlite" */
	/* CREATE DATABASE statement with one %s for the name, or NULL when the
	 * database is a file (sqlite). */
	const char *create_database;
	const char *drop_database;
	/* Where a database is created from a connection to another one
	 * (PostgreSQL), that one's name, and what creates the database name
	 * there only when it is missing: 1 made, 0 there already, -1 failed
	 * (e says why).  NULL: create_database runs on a connection to no
	 * database and says IF NOT EXISTS itself. */
	const char *maintenance_database;
	int (*create_missing_database)(db_conn *c, const char *name, db_error *e);
	/* Where the database is a file here, the name of its write-ahead log:
	 * the database file's name with this added (NULL: none).  The console
	 * shows both files' sizes. */
	const char *log_suffix;
	/* The server variables the knob panel and the command line's
	 * completion offer when run.knobs names none (NULL-terminated, or
	 * NULL for none): what a DBA tuning this server's I/O turns first. */
	const char *const *knobs;
	/* The demo's story (NULL, or ended by a NULL name): settings it
	 * changes and puts back, each with what to watch.  Ones whose effect
	 * a DBA can see from across a room on a small schema. */
	const struct dialect_demo_knob *demo_knobs;
	/* The console's server pane: its title ("InnoDB") and its rows in
	 * order, ended by a NULL name.  NULL: the pane lists the metrics by
	 * the names metrics gives them. */
	const char *view_title;
	const dialect_view *view;
	/* The server variables a DBA compares between two runs (buffer pool,
	 * log size, flush settings, I/O capacity), read once at the start of a
	 * run into the results file's system.server_variables; those that
	 * fail to read (another version) are left out.  NULL-terminated. */
	const char *const *compare_vars;
	/* Statements run on every build connection before loading (NULL ends). */
	const char *const *load_session;
	/* Statements run on every VU connection before its first transaction
	 * (NULL ends, or NULL for none): session settings that make the
	 * server's work per transaction cheaper.  One the server refuses is
	 * reported once and the VU goes on without it; a lost connection is
	 * reconnected as any other. */
	const char *const *run_session;
	const char *const *create_tables;   /* NULL-terminated */
	const char *const *create_indexes;  /* after loading */
	const char *const *drop_tables;
	const char *analyze;                /* after indexes, or NULL */
	int select_for_update;              /* keep " FOR UPDATE" in statements */
	/* A statement's own text where the standard one does not do, indexed
	 * by stmt_id (NULL entries: the standard text), or NULL for none. */
	const char *const *stmt_text;
	/* The same for the portable statements, indexed by sql_id. */
	const char *const *sql_text;
	/* A bulk load statement per loaded table, indexed by its Q_LOAD_*
	 * sql_id, reading rows in the server's text format with the columns
	 * of the INSERT head (NULL: none; used where the driver has copy_in). */
	const char *const *copy_text;
	/* Timestamps are bound as text "YYYY-MM-DD HH:MM:SS"; where the server
	 * will not assign text to a timestamp column, the placeholder is
	 * wrapped in this printf pattern (one %s for the '?'). */
	const char *timestamp_param;
	/* The same for an integer that decides a CASE's type (the values of
	 * New-Order's stock update), where the server would otherwise take an
	 * untyped parameter for text; NULL: a plain '?'. */
	const char *int_param;
	/* ... and for a money amount a CASE yields (Delivery's credits). */
	const char *money_param;
	int backslash_escapes;              /* '\' escapes in string literals */

	/* Stored procedures (NULL when the dialect has none): the statements
	 * that drop and create them, in order (drop_tables drops them too), and for each transaction the
	 * text of one call, with '?' for the inputs in this order:
	 *   new_order    w_id, d_id, c_id, ol_cnt, all_local, items, supply_w,
	 *                quantities (the last three comma-separated, in line
	 *                order) -> one row: rolled_back (0/1), o_id; where
	 *                proc_rolled_back says the rollback is raised, the
	 *                row may be o_id alone
	 *                With proc_lines_json instead: w_id, d_id, c_id,
	 *                ol_cnt, all_local, the lines as a JSON array of
	 *                numbers, each a line's supply_w, item (6 digits),
	 *                quantity (2 digits) and the index of its stock row
	 *                in the next array (2 digits, from 0) written one
	 *                after the other, and
	 *                the stock rows as one of supply_w, item (6 digits),
	 *                summed quantity (3 digits) and line count (2 digits),
	 *                one per distinct (item, supply_w), sorted.
	 *   payment      w_id, d_id, c_w_id, c_d_id, c_id, byname, c_last,
	 *                h_amount -> c_id
	 *   order_status w_id, d_id, c_id, byname, c_last -> c_id, o_id, lines
	 *   delivery     w_id, carrier_id -> districts skipped
	 *   stock_level  w_id, d_id, threshold -> items below the threshold
	 * Each call is one transaction: the procedure commits its own work
	 * (or the connection runs it in autocommit).  The client reads the
	 * first column (New-Order: the first two); with proc_tracked_session
	 * the row may hold only the first. */
	const char *const *create_procedures;
	const char *proc_call[TX_COUNT];
	/* How many routines of the given name ('?') the connected database
	 * holds: one row, one integer.  Each of dialect_proc_names is looked
	 * up before a procedures run.  proc_kind names them in messages
	 * ("procedure", "function"). */
	const char *proc_exists_sql;
	const char *proc_kind;
	int proc_lines_json;
	/* Whether a failed New-Order call is the procedure's rollback, the
	 * spec's, raised out of the call after the work was rolled back:
	 * then it is a rolled-back New-Order, not an error.  NULL: the
	 * procedure returns rolled_back = 1 instead. */
	int (*proc_rolled_back)(const db_error *e);
	/* Statements run on a connection before its first call when the
	 * driver has caps.tracked_row (NULL: none): the procedures then send
	 * no result set, and put the row's first column in a session-tracked
	 * variable of their call's OK packet instead.  A call answered by one
	 * packet costs the client one wake-up and the server one send, where
	 * a result set and the OK after it came as two, and the second made
	 * the client's kernel send a bare ACK.  A server that refuses them
	 * keeps sending rows.  proc_untracked undoes them, for a call that
	 * came back with neither a row nor the tracked value (a proxy that
	 * drops session tracking): the calls send their rows from then on. */
	const char *const *proc_tracked_session;
	const char *proc_untracked;
	/* Recorded in tpcc_meta when the procedures are created: a run refuses
	 * procedures of another version (a changed signature would otherwise
	 * fail on the first call, or worse, read its inputs wrongly).  0 is
	 * taken as 1. */
	int proc_version;

	/* The server's knowledge below is read the same way on every path to
	 * the server (native driver or ODBC): drivers only run statements.
	 * Where one query is not enough (fallbacks between server versions,
	 * statements that cannot be parameters), a function does it and wins
	 * over the SQL text. */
	/* The server's own count of committed + rolled-back transactions:
	 * one row, one integer.  NULL (both): no counter. */
	const char *txn_counter_sql;
	int (*txn_counter)(db_conn *c, int64_t *out, db_error *e);
	/* Server metrics: rows of (name, number); the function returns how
	 * many it filled (<= max) or -1. */
	const char *metrics_sql;
	int (*metrics)(db_conn *c, db_metric *out, int max, db_error *e);
	/* A server setting's current value: one '?' for its name. */
	const char *get_var_sql;
	int (*get_var)(db_conn *c, const char *name, char *buf, size_t len, db_error *e);
	/* The setting that names the server's data directory, to find the
	 * disk under it when the server is local.  NULL: none. */
	const char *datadir_var;
	/* 1 when a setting set_var changes belongs to the connection it ran
	 * on (SQLite's pragmas) rather than to the server: the engine then
	 * sets it on every VU connection too (src/run/conn_vars.h). */
	int vars_per_connection;
	/* Change a server setting; note gets what the user should know about
	 * when and where it takes effect (may be left empty).  On return, a
	 * change the server makes for every session is in effect on c, so
	 * reading it back on c reads the new value. */
	int (*set_var)(db_conn *c, const char *name, const char *value, char *note,
		       size_t notelen, db_error *e);
	/* name's entry in the server's own record of changed settings, the
	 * one set_var writes (postgresql.auto.conf): 1 there is one (buf gets
	 * its value as written), 0 none, -1 error.  NULL: set_var keeps no
	 * such record (SET GLOBAL), so a value goes back by set_var. */
	int (*saved_var)(db_conn *c, const char *name, char *buf, size_t len, db_error *e);
	/* Remove name's entry there, the server's configuration files ruling
	 * it again (ALTER SYSTEM RESET); in effect on c on return, as with
	 * set_var. */
	int (*unsave_var)(db_conn *c, const char *name, char *note, size_t notelen, db_error *e);
	/* Before a sweep changes anything: would set_var take this value as
	 * asked, now, without a restart?  0 yes; 1 no, with why filled (an
	 * unknown or read-only variable, a value the server would refuse or
	 * clamp); -1 could not ask.  NULL: only reading the variable back
	 * (get_var) is checked. */
	int (*check_var)(db_conn *c, const char *name, const char *value, char *why,
			 size_t whylen, db_error *e);
	/* After set_var: is value in effect yet?  1 yes, 0 not yet (status
	 * may say what the server is doing, e.g. resizing the buffer pool),
	 * -1 error.  NULL: the variable reads back as value (compared as
	 * text, or as numbers). */
	int (*in_effect)(db_conn *c, const char *name, const char *value, char *status,
			 size_t statuslen, db_error *e);
	/* The variables the server may move when name changes (and says so
	 * only in a warning), NULL-terminated; NULL: none known. */
	const char *const *(*dependents)(const char *name);

	/* Snapshot and restore (NULL: the dialect has none).  Each returns 0;
	 * 1 when other sessions use a database it must have to itself (e
	 * names them); or -1 with e filled (a message the operator can act
	 * on).
	 * snapshot_info fills what exists of x->snapshot.  snapshot replaces
	 * an older snapshot of tpcc-console's (never anything else) with a
	 * copy of the configured schema as it is; restore makes the schema the
	 * snapshot's again, the stored procedures kept.  Neither may run
	 * while another session uses the schema (a run's VUs). */
	int (*snapshot_info)(const snap_ctx *x, snap_info *out, db_error *e);
	int (*snapshot)(const snap_ctx *x, db_error *e);
	int (*restore)(const snap_ctx *x, db_error *e);
	/* Would restore find the databases it needs to itself now?  0 yes,
	 * 1 no (e names the sessions), -1 could not ask; NULL: it needs
	 * none to itself.  Asked before a sweep that restores between steps
	 * starts, so that another's session stops it before its first step. */
	int (*restore_blocked)(const snap_ctx *x, db_error *e);
	/* The snapshot's default name from the configured database or file
	 * ("tpcc_snapshot", "tpcc.sqlite.snapshot"). */
	const char *snapshot_suffix;
	/* restore makes the database again (PostgreSQL), so no connection may
	 * be open on it: a run restoring between its steps closes all of its
	 * own first (engine_leave_database). */
	int restore_drops_database;
	/* The name of the database a connection reached: one row, one text
	 * (NULL: the dialect's database is a file). */
	const char *current_database_sql;

	/* Wait sampling (waits.h), on the sampler's connection, never a VU's.
	 * wait_open decides how: w->database names the run's database, whose
	 * sessions count; it fills w->kind (WS_NONE: no waits here), w->label
	 * and, for the operator, w->note (a missing privilege, a better
	 * source a restart would give).  NULL: no waits from the server.
	 * wait_sample (WS_SAMPLED) counts each of the run's sessions of one
	 * snapshot into a; wait_timed (WS_TIMED) reads the cumulative wait
	 * seconds by event into r.  wait_counters reads the counters that go
	 * with the waits (each a row of name and value; the first ngauges
	 * names listed in wait_gauges are gauges), returns how many or -1. */
	int (*wait_open)(db_conn *c, wait_src *w, db_error *e);
	int (*wait_sample)(db_conn *c, wait_src *w, wait_acc *a, db_error *e);
	int (*wait_timed)(db_conn *c, wait_src *w, wait_reading *r, db_error *e);
	int (*wait_counters)(db_conn *c, wait_src *w, wait_counter *out, int max, db_error *e);
	/* adopt (src/tpcc/adopt*.c): reading another tool's schema.  Each
	 * query takes no parameter and reads the connected database (or
	 * schema).  NULL: the dialect cannot adopt. */
	const char *adopt_tables_sql;    /* rows: table name */
	/* rows: table, index, its columns comma-separated in key order */
	const char *adopt_indexes_sql;
	/* rows: a privilege adopt --apply needs and the user lacks (none: all
	 * there) */
	const char *adopt_privileges_sql;
	/* CREATE INDEX, built online where the server can: printf with the
	 * index's name, the table and the columns, in that order. */
	const char *adopt_index_fmt;
	/* DROP INDEX for an index adopt added: printf with its name and its
	 * table, in that order (the table may go unused). */
	const char *adopt_index_drop_fmt;
	/* What drop runs on an adopted schema besides those indexes: our
	 * stored procedures, then tpcc_meta (last, so a drop cut short still
	 * knows the schema is adopted); never a table of the other tool's.
	 * NULL-terminated. */
	const char *const *adopt_drop;
	/* A fresh 16-byte key, for a history table keyed by a column we never
	 * set (go-tpc's row_id); NULL: none. */
	const char *adopt_random_key;
	/* The table definitions adopt compares before and after --apply are
	 * the test's business; the map this dialect speaks through, NULL for
	 * our own names.  Set only in a copy (dialect_mapped). */
	const schema_map *map;
} dialect;

/* A copy of base in out that names tables through m (NULL or the identity:
 * base itself is returned; a NULL base: the portable statements only). */
const dialect *dialect_mapped(const dialect *base, const schema_map *m, dialect *out);
/* sql with d's map applied, in buf (sql itself when d has none). */
const char *dialect_map_sql(const dialect *d, const char *sql, char *buf, size_t len);


/* The dialect a native driver's server speaks (its db_driver.dialect);
 * NULL for odbc, whose dialect depends on the server it reaches, and for
 * a NULL driver. */
const dialect *dialect_for_driver(const db_driver *drv);
/* By configured name: mysql, postgresql, mssql, sqlite. */
const dialect *dialect_by_name(const char *name);
/* From the DBMS name a connection reports (SQL_DBMS_NAME), or NULL. */
const dialect *dialect_for_dbms(const char *dbms_name);
/* The SQL text of a statement for this dialect, written to buf. */
const char *dialect_stmt_sql(const dialect *d, enum stmt_id id, char *buf, size_t len);
/* A portable statement's text for this dialect; d may be NULL where the
 * caller has no dialect at hand (the standard text then). */
const char *dialect_sql(const dialect *d, enum sql_id id);
/* A select of no rows that fails unless table has every one of cols. */
const char *dialect_probe_sql(const dialect *d, const char *cols, const char *table, char *buf,
			      size_t len);
/* A count of table's rows: one row, one integer. */
const char *dialect_count_sql(const dialect *d, const char *table, char *buf, size_t len);
/* Short name of a statement, for error messages. */
const char *dialect_stmt_name(enum stmt_id id);

/* The TPC-C tables, children before parents, so a database with foreign
 * keys added by a DBA still drops cleanly. */
#define DIALECT_DROP_TABLES \
	"DROP TABLE IF EXISTS order_line", "DROP TABLE IF EXISTS new_order", \
	"DROP TABLE IF EXISTS orders", "DROP TABLE IF EXISTS history", \
	"DROP TABLE IF EXISTS customer", "DROP TABLE IF EXISTS stock", \
	"DROP TABLE IF EXISTS item", "DROP TABLE IF EXISTS district", \
	"DROP TABLE IF EXISTS warehouse", "DROP TABLE IF EXISTS tpcc_meta"

extern const char *const dialect_std_drop[];
/* The routines create_procedures makes, in every dialect that has them
 * (NULL-terminated). */
extern const char *const dialect_proc_names[];
extern const dialect dialect_mysql;
extern const dialect dialect_pg;
/* dialect_pg_set.c: dialect_pg's set_var, saved_var and unsave_var. */
int pg_set_var(db_conn *c, const char *name, const char *value, char *note, size_t notelen,
	       db_error *e);
int pg_saved_var(db_conn *c, const char *name, char *buf, size_t len, db_error *e);
int pg_unsave_var(db_conn *c, const char *name, char *note, size_t notelen, db_error *e);
/* dialect_pg_vars.c: dialect_pg's check_var and in_effect. */
int pg_check_var(db_conn *c, const char *name, const char *value, char *why, size_t whylen,
		 db_error *e);
int pg_in_effect(db_conn *c, const char *name, const char *value, char *status,
		 size_t statuslen, db_error *e);
/* dialect_pg_waits.c, dialect_mysql_waits.c, dialect_mssql_waits.c: the
 * dialects' wait slots. */
int pg_wait_open(db_conn *c, wait_src *w, db_error *e);
int pg_wait_sample(db_conn *c, wait_src *w, wait_acc *a, db_error *e);
int pg_wait_counters(db_conn *c, wait_src *w, wait_counter *out, int max, db_error *e);
int mysql_wait_open(db_conn *c, wait_src *w, db_error *e);
int mysql_wait_sample(db_conn *c, wait_src *w, wait_acc *a, db_error *e);
int mysql_wait_counters(db_conn *c, wait_src *w, wait_counter *out, int max, db_error *e);
int mysql_wait_timed(db_conn *c, wait_src *w, wait_reading *r, db_error *e);
extern const char mysql_wait_timed_sql[];
int mssql_wait_open(db_conn *c, wait_src *w, db_error *e);
int mssql_wait_timed(db_conn *c, wait_src *w, wait_reading *r, db_error *e);
extern const char mssql_wait_stats_sql[];
/* dialect_pg_server.c: dialect_pg's metrics, by server version. */
int pg_server_metrics(db_conn *c, db_metric *out, int max, db_error *e);
/* Does a setting read back as read mean the value asked?  Equal as text
 * (case aside) or as numbers. */
int dialect_same_value(const char *read, const char *asked);
/* Cut a row read as one text at each '|' into up to max fields (s is
 * written); returns how many. */
int dialect_split(char *s, char **f, int max);
/* Is v one of a comma-separated list, case aside?  dialect_list_index:
 * its place in the list (from 0), or -1. */
int dialect_in_list(const char *v, const char *list);
int dialect_list_index(const char *v, const char *list);
extern const dialect dialect_mssql;
extern const dialect dialect_sqlite;

/* Validate a setting's name before it is spliced into SQL: letters,
 * digits, '_' and (allow_dot) '.'. */
int dialect_valid_name(const char *name, int allow_dot, db_error *e);
/* Write value as a quoted SQL string literal ('' for a quote); returns
 * -1 when it does not fit. */
int dialect_quote(const char *value, char *out, size_t len);
/* A plain decimal number, optionally signed, with fraction and exponent:
 * a setting's value that goes into SQL unquoted. */
int dialect_is_number(const char *v);

#endif
