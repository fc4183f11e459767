/* test_drivers.c: integration tests of the database drivers, through the
 * driver vtable only, against real databases.
 *
 * SQLite tests always run, on a database in a fresh temporary directory.
 * MySQL/MariaDB tests run when TPCC_TEST_MYSQL_SOCKET names a server socket
 * (see tests/mariadb-server.sh, which prints the variables):
 *   TPCC_TEST_MYSQL_SOCKET   unix socket of the server
 *   TPCC_TEST_MYSQL_USER     user on the socket (default root)
 *   TPCC_TEST_MYSQL_PASSWORD its password (default none)
 *   TPCC_TEST_MYSQL_DB       database to work in (default tpcc_test)
 *   TPCC_TEST_MYSQL_HOST, TPCC_TEST_MYSQL_PORT, TPCC_TEST_MYSQL_TCP_USER,
 *   TPCC_TEST_MYSQL_TCP_PASSWORD   optional, for the TCP and TLS tests
 *
 * Each test runs in its own process (Check's fork mode), so a crash fails
 * one test, not the run.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "drivers/driver.h"
#include "drivers/loopback.h"
#include "drivers/mysql_splice.h"
#include "dialect/server.h"
#include "dialect/dialect.h"
#include "run/conn_vars.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct target {
	const char *name;
	const db_driver *drv;
	db_params p;
} target;

static target targets[2];
static int ntargets;
static target *mysql_target;
static target *sqlite_target;

static char tmpdir[PATH_MAX];
static char sqlite_file[PATH_MAX + 16];
static char mysql_socket[PATH_MAX];

/* ---- helpers --------------------------------------------------------- */

static db_conn *xconnect(const target *t)
{
	db_conn *c = NULL;
	db_error e;

	db_error_clear(&e);
	int rc = t->drv->connect(&t->p, &c, &e);
	ck_assert_msg(rc == 0, "%s: connect failed: %s", t->name, e.msg);
	ck_assert_ptr_nonnull(c);
	ck_assert_ptr_eq(c->drv, t->drv);
	return c;
}

static void xexec(db_conn *c, const char *sql)
{
	db_error e;

	db_error_clear(&e);
	ck_assert_msg(c->drv->exec(c, sql, NULL, &e) == 0, "%s: exec '%s' failed: %s",
		      c->drv->name, sql, e.msg);
}

static int64_t xexec_aff(db_conn *c, const char *sql)
{
	db_error e;
	int64_t aff = -12345;

	ck_assert_msg(c->drv->exec(c, sql, &aff, &e) == 0, "%s: exec '%s' failed: %s",
		      c->drv->name, sql, e.msg);
	return aff;
}

static db_stmt *xprepare(db_conn *c, const char *sql)
{
	db_stmt *s = NULL;
	db_error e;

	ck_assert_msg(c->drv->prepare(c, sql, &s, &e) == 0, "%s: prepare '%s' failed: %s",
		      c->drv->name, sql, e.msg);
	ck_assert_ptr_nonnull(s);
	return s;
}

static int64_t xexecute(db_stmt *s, const db_param *p, int n)
{
	db_error e;
	int64_t aff = -12345;
	const db_driver *d = s->conn->drv;

	ck_assert_msg(d->execute(s, p, n, &aff, &e) == 0, "%s: execute failed: %s",
		      d->name, e.msg);
	return aff;
}

static int xfetch(db_stmt *s)
{
	db_error e;
	const db_driver *d = s->conn->drv;
	int rc = d->fetch(s, &e);

	ck_assert_msg(rc >= 0, "%s: fetch failed: %s", d->name, e.msg);
	return rc;
}

static int64_t xquery_int(db_conn *c, const char *sql)
{
	int64_t v = -1;
	db_error e;
	int rc = db_query_int(c, sql, &v, &e);

	ck_assert_msg(rc == 1, "%s: query '%s' returned %d: %s", c->drv->name, sql, rc,
		      rc < 0 ? e.msg : "no row");
	return v;
}

static void xbegin(db_conn *c, int write)
{
	db_error e;
	ck_assert_msg(c->drv->begin(c, write, &e) == 0, "%s: begin: %s", c->drv->name, e.msg);
}

static void xcommit(db_conn *c)
{
	db_error e;
	ck_assert_msg(c->drv->commit(c, &e) == 0, "%s: commit: %s", c->drv->name, e.msg);
}

static void xrollback(db_conn *c)
{
	db_error e;
	ck_assert_msg(c->drv->rollback(c, &e) == 0, "%s: rollback: %s", c->drv->name, e.msg);
}

/* Server settings are the dialect's: the native driver's own. */
static int tget(db_conn *c, const char *name, char *buf, size_t len, db_error *e)
{
	return server_get_var(c, dialect_for_driver(c->drv), name, buf, len, e);
}

static int tset(db_conn *c, const char *name, const char *value, db_error *e)
{
	char note[256];
	return server_set_var(c, dialect_for_driver(c->drv), name, value, note,
			      sizeof note, e);
}

static void sleep_ms(long ms)
{
	struct timespec ts = { .tv_sec = ms / 1000, .tv_nsec = (ms % 1000) * 1000000L };
	while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
		;
}

/* ---- registry and error helpers --------------------------------------- */

START_TEST(test_registry)
{
	const db_driver *m = driver_find("mysql");
	const db_driver *s = driver_find("sqlite");

	ck_assert_ptr_nonnull(m);
	ck_assert_ptr_nonnull(s);
	ck_assert_str_eq(m->name, "mysql");
	ck_assert_str_eq(s->name, "sqlite");
	ck_assert_ptr_null(driver_find("nosuch"));
	ck_assert_ptr_null(driver_find(NULL));
	ck_assert_ptr_null(driver_find(""));
	ck_assert_str_eq(driver_names(), "mysql pg odbc sqlite null");
	ck_assert_ptr_nonnull(driver_find("odbc"));
	ck_assert_ptr_nonnull(driver_find("pg"));

	ck_assert_int_eq(m->caps.multirow_insert, 1);
	ck_assert_int_eq(m->caps.select_for_update, 1);
	ck_assert_int_eq(m->caps.procedures, 1);
	ck_assert_int_eq(m->caps.single_writer, 0);
	ck_assert_int_eq(s->caps.single_writer, 1);
	ck_assert_int_eq(s->caps.select_for_update, 0);
	ck_assert_int_eq(s->caps.procedures, 0);
	ck_assert_ptr_nonnull(m->call_proc);
	ck_assert_ptr_null(s->call_proc);
	ck_assert_ptr_nonnull(s->conn_id);
}
END_TEST

/* The null driver knows no workload: it answers from what it is handed. */
START_TEST(test_null_answers)
{
	static const char *const meta[] = { "tables", NULL, "state", "done", NULL };
	const db_fake fake = { .missing_key = 42, .meta_table = "m_t", .meta_rows = meta,
			       .keyed_params = 4, .keyed_from = 1, .keyed_stride = 2 };
	const db_driver *d = driver_find("null");
	db_params p = { .driver = "null", .database = "7", .fake = &fake };
	db_param k[4] = { db_p_int(1), db_p_int(5), db_p_int(1), db_p_int(5) };
	db_conn *c;
	db_stmt *s;
	db_error e;

	ck_assert_int_eq(d->connect(&p, &c, &e), 0);
	ck_assert_int_eq(d->prepare(c, "SELECT k, v FROM m_t", &s, &e), 0);
	ck_assert_int_eq(d->execute(s, NULL, 0, NULL, &e), 0);
	ck_assert_int_eq(d->fetch(s, &e), 1);
	ck_assert_str_eq(d->col_text(s, 0, NULL), "tables");
	ck_assert_str_eq(d->col_text(s, 1, NULL), "7");
	ck_assert_int_eq(d->fetch(s, &e), 1);
	ck_assert_str_eq(d->col_text(s, 1, NULL), "done");
	ck_assert_int_eq(d->fetch(s, &e), 0);
	d->finalize(s);
	/* The missing key: no row. */
	ck_assert_int_eq(d->prepare(c, "SELECT a FROM t WHERE a = ?", &s, &e), 0);
	ck_assert_int_eq(d->execute(s, (db_param[]){ db_p_int(42) }, 1, NULL, &e), 0);
	ck_assert_int_eq(d->fetch(s, &e), 0);
	ck_assert_int_eq(d->execute(s, (db_param[]){ db_p_int(41) }, 1, NULL, &e), 0);
	ck_assert_int_eq(d->fetch(s, &e), 1);
	d->finalize(s);
	/* The keyed read: a row per distinct key among parameters 1 and 3. */
	ck_assert_int_eq(d->prepare(c, "SELECT x FROM t WHERE ? ? ? ?", &s, &e), 0);
	ck_assert_int_eq(d->execute(s, k, 4, NULL, &e), 0);
	ck_assert_int_eq(d->fetch(s, &e), 1);
	ck_assert_int_eq(d->col_int(s, 0), 5);
	ck_assert_int_eq(d->fetch(s, &e), 0);
	d->finalize(s);
	d->disconnect(c);
}
END_TEST

START_TEST(test_error_helpers)
{
	db_error e;
	char big[1000];

	ck_assert_str_eq(db_errclass_name(DB_OK), "ok");
	ck_assert_str_eq(db_errclass_name(DB_RETRY), "retry");
	ck_assert_str_eq(db_errclass_name(DB_RECONNECT), "reconnect");
	ck_assert_str_eq(db_errclass_name(DB_FATAL), "fatal");
	ck_assert_str_eq(db_errclass_name((db_errclass)99), "unknown");

	ck_assert_int_eq(db_error_set(&e, DB_RETRY, 1213, "40001", "x=%d", 7), -1);
	ck_assert_int_eq(e.cls, DB_RETRY);
	ck_assert_int_eq(e.native, 1213);
	ck_assert_str_eq(e.sqlstate, "40001");
	ck_assert_str_eq(e.msg, "x=7");
	/* Without a driver's reading, the class's plainest kind. */
	ck_assert_int_eq(e.kind, DB_KIND_DEADLOCK);
	db_error_kind_set(&e, DB_KIND_LOCK_TIMEOUT, 1205, "HY000", "t");
	ck_assert_int_eq(e.cls, DB_RETRY);
	ck_assert_str_eq(e.sqlstate, "HY000");
	db_error_kind_set(&e, DB_KIND_CONSTRAINT, 1062, "23000", "t");
	ck_assert_int_eq(e.cls, DB_FATAL);
	db_error_kind_set(&e, DB_KIND_CONNECTION, 2013, "HY000", "t");
	ck_assert_int_eq(e.cls, DB_RECONNECT);
	ck_assert_str_eq(db_errkind_name(DB_KIND_LOCK_TIMEOUT), "lock timeout");

	db_error_set(&e, DB_FATAL, 0, NULL, "%s", "n");
	ck_assert_str_eq(e.sqlstate, "HY000");
	db_error_set(&e, DB_FATAL, 0, "4200099", "%s", "n");
	ck_assert_str_eq(e.sqlstate, "42000");

	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	db_error_set(&e, DB_FATAL, 0, "HY000", "%s", big);
	ck_assert_uint_eq(strlen(e.msg), sizeof(e.msg) - 1);

	db_error_clear(&e);
	ck_assert_int_eq(e.cls, DB_OK);
	ck_assert_int_eq(e.native, 0);
	ck_assert_str_eq(e.msg, "");

	/* Integers as text, as snprintf's %lld writes them, the ends of the
	 * range included; and back. */
	const int64_t ints[] = { 0, 7, -7, 10, 99999, -100001, INT64_MAX, INT64_MIN };
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		char got[32], want[32];
		int n = db_int_to_text(got, ints[i]);
		got[n] = '\0';
		snprintf(want, sizeof want, "%lld", (long long)ints[i]);
		ck_assert_str_eq(got, want);
		ck_assert(db_text_to_int(got) == ints[i]);
	}
}
END_TEST

/* ---- generic tests, run once per target -------------------------------- */

START_TEST(test_connect)
{
	target *t = &targets[_i];
	db_conn *c = xconnect(t);
	const char *v = t->drv->server_version(c);

	ck_assert_ptr_nonnull(v);
	ck_assert_msg(strlen(v) > 0, "%s: empty server version", t->name);
	if (t == sqlite_target) {
		ck_assert_msg(strncmp(v, "SQLite ", 7) == 0, "sqlite version '%s'", v);
		ck_assert_int_eq(t->drv->conn_id(c), -1);
	} else {
		ck_assert_msg(t->drv->conn_id(c) > 0, "mysql conn_id");
	}
	ck_assert_int_eq(xquery_int(c, "SELECT 1"), 1);
	t->drv->disconnect(c);
}
END_TEST

START_TEST(test_types_and_rows)
{
	target *t = &targets[_i];
	const db_driver *d = t->drv;
	db_conn *c = xconnect(t);
	db_stmt *ins, *sel, *del;
	const char *txt;
	size_t len;

	xexec(c, "DROP TABLE IF EXISTS t_types");
	xexec(c, "CREATE TABLE t_types (id INTEGER PRIMARY KEY, i BIGINT, d DOUBLE, "
		 "s VARCHAR(100), n VARCHAR(10))");
	ins = xprepare(c, "INSERT INTO t_types (id, i, d, s, n) VALUES (?, ?, ?, ?, ?)");
	{
		/* Text need not be NUL-terminated: only len bytes count. */
		db_param p[] = { db_p_int(1), db_p_int(-9000000000000LL), db_p_dbl(3.25),
				 db_p_text("hello world", 5), db_p_null() };
		ck_assert_int_eq(xexecute(ins, p, 5), 1);
	}
	{
		db_param p[] = { db_p_int(2), db_p_int(0), db_p_dbl(-1e10),
				 db_p_text("", 0), db_p_text("it's \"q\"", 8) };
		ck_assert_int_eq(xexecute(ins, p, 5), 1);
	}
	{
		db_param p[] = { db_p_int(3), db_p_null(), db_p_null(), db_p_null(),
				 db_p_null() };
		ck_assert_int_eq(xexecute(ins, p, 5), 1);
	}
	xcommit(c);

	sel = xprepare(c, "SELECT id, i, d, s, n FROM t_types ORDER BY id");
	ck_assert_int_eq(d->column_count(sel), 5);
	ck_assert_int_eq(xexecute(sel, NULL, 0), 0);

	ck_assert_int_eq(xfetch(sel), 1);
	ck_assert_int_eq(d->col_int(sel, 0), 1);
	ck_assert_msg(d->col_int(sel, 1) == -9000000000000LL, "%s: bigint", t->name);
	ck_assert_double_eq(d->col_double(sel, 2), 3.25);
	txt = d->col_text(sel, 3, &len);
	ck_assert_ptr_nonnull(txt);
	ck_assert_uint_eq(len, 5);
	ck_assert_str_eq(txt, "hello");
	ck_assert_int_eq(d->col_isnull(sel, 3), 0);
	ck_assert_int_eq(d->col_isnull(sel, 4), 1);
	ck_assert_ptr_null(d->col_text(sel, 4, &len));
	ck_assert_uint_eq(len, 0);
	/* Numbers read as text too. */
	txt = d->col_text(sel, 0, NULL);
	ck_assert_str_eq(txt, "1");
	/* Out of range columns are NULL, not a crash. */
	ck_assert_int_eq(d->col_isnull(sel, 5), 1);
	ck_assert_int_eq(d->col_isnull(sel, -1), 1);
	ck_assert_int_eq(d->col_int(sel, 9), 0);

	ck_assert_int_eq(xfetch(sel), 1);
	ck_assert_int_eq(d->col_int(sel, 0), 2);
	ck_assert_double_eq(d->col_double(sel, 2), -1e10);
	txt = d->col_text(sel, 3, &len);
	ck_assert_ptr_nonnull(txt);
	ck_assert_uint_eq(len, 0);
	ck_assert_int_eq(d->col_isnull(sel, 3), 0);
	ck_assert_str_eq(d->col_text(sel, 4, NULL), "it's \"q\"");

	ck_assert_int_eq(xfetch(sel), 1);
	ck_assert_int_eq(d->col_int(sel, 0), 3);
	for (int i = 1; i < 5; i++)
		ck_assert_int_eq(d->col_isnull(sel, i), 1);
	ck_assert_int_eq(d->col_int(sel, 1), 0);
	ck_assert_double_eq(d->col_double(sel, 2), 0.0);

	ck_assert_int_eq(xfetch(sel), 0);
	ck_assert_int_eq(xfetch(sel), 0);

	/* Affected rows: matched rows, including an unchanged value. */
	ck_assert_int_eq(xexec_aff(c, "UPDATE t_types SET i = 0 WHERE id <= 2"), 2);
	ck_assert_int_eq(xexec_aff(c, "UPDATE t_types SET i = 5 WHERE id = 99"), 0);
	del = xprepare(c, "DELETE FROM t_types WHERE id = ?");
	{
		db_param p[] = { db_p_int(3) };
		ck_assert_int_eq(xexecute(del, p, 1), 1);
		ck_assert_int_eq(xexecute(del, p, 1), 0);
	}
	/* DDL does not report a stale count. */
	ck_assert_int_eq(xexec_aff(c, "CREATE TABLE IF NOT EXISTS t_types2 (a INT)"), 0);
	xexec(c, "DROP TABLE t_types2");
	xcommit(c);

	/* Re-executing the select with parameters of each type. */
	d->finalize(sel);
	sel = xprepare(c, "SELECT COUNT(*) FROM t_types WHERE id >= ? AND d < ? AND s <> ?");
	{
		db_param p[] = { db_p_int(1), db_p_dbl(100.0), db_p_text("zzz", 3) };
		for (int k = 0; k < 3; k++) {
			xexecute(sel, p, 3);
			ck_assert_int_eq(xfetch(sel), 1);
			ck_assert_int_eq(d->col_int(sel, 0), 2);
		}
	}

	d->finalize(ins);
	d->finalize(sel);
	d->finalize(del);
	d->disconnect(c);
}
END_TEST

START_TEST(test_long_text)
{
	target *t = &targets[_i];
	const db_driver *d = t->drv;
	db_conn *c = xconnect(t);
	static const size_t lens[] = { 3, 5000, 70000, 10, 0, 70001, 200000 };
	const size_t nl = sizeof(lens) / sizeof(lens[0]);
	char *buf = malloc(200001);
	db_stmt *ins, *sel;

	for (size_t i = 0; i < 200000; i++)
		buf[i] = (char)('a' + i % 26);
	xexec(c, "DROP TABLE IF EXISTS t_long");
	xexec(c, "CREATE TABLE t_long (id INTEGER PRIMARY KEY, body MEDIUMTEXT, tag VARCHAR(4))");
	ins = xprepare(c, "INSERT INTO t_long VALUES (?, ?, ?)");
	for (size_t i = 0; i < nl; i++) {
		db_param p[] = { db_p_int((int64_t)i), db_p_text(buf, lens[i]),
				 db_p_text("ab", 2) };
		xexecute(ins, p, 3);
	}
	xcommit(c);

	sel = xprepare(c, "SELECT id, body, tag, LENGTH(body) FROM t_long ORDER BY id");
	for (int round = 0; round < 2; round++) {
		xexecute(sel, NULL, 0);
		for (size_t i = 0; i < nl; i++) {
			size_t len = 12345;
			const char *b;

			ck_assert_int_eq(xfetch(sel), 1);
			ck_assert_int_eq(d->col_int(sel, 0), (int64_t)i);
			b = d->col_text(sel, 1, &len);
			ck_assert_msg(len == lens[i], "%s: row %zu length %zu, want %zu",
				      t->name, i, len, lens[i]);
			ck_assert_ptr_nonnull(b);
			ck_assert_msg(memcmp(b, buf, len) == 0, "%s: row %zu body differs",
				      t->name, i);
			ck_assert_int_eq(b[len], '\0');
			ck_assert_str_eq(d->col_text(sel, 2, NULL), "ab");
			ck_assert_int_eq(d->col_int(sel, 3), (int64_t)lens[i]);
		}
		ck_assert_int_eq(xfetch(sel), 0);
	}
	d->finalize(ins);
	d->finalize(sel);
	d->disconnect(c);
	free(buf);
}
END_TEST

START_TEST(test_query_int)
{
	target *t = &targets[_i];
	db_conn *c = xconnect(t);
	db_error e;
	int64_t v = 99;

	xexec(c, "DROP TABLE IF EXISTS t_qi");
	xexec(c, "CREATE TABLE t_qi (a INT, b DECIMAL(12,2))");
	xexec(c, "INSERT INTO t_qi VALUES (7, 12.75)");
	xexec(c, "INSERT INTO t_qi VALUES (-3, -0.5)");
	xcommit(c);
	ck_assert_int_eq(xquery_int(c, "SELECT 42"), 42);
	ck_assert_int_eq(xquery_int(c, "SELECT SUM(a) FROM t_qi"), 4);
	ck_assert_int_eq(xquery_int(c, "SELECT b FROM t_qi WHERE a = 7"), 12);
	ck_assert_int_eq(xquery_int(c, "SELECT b FROM t_qi WHERE a = -3"), 0);
	ck_assert_int_eq(db_query_int(c, "SELECT NULL", &v, &e), 0);
	ck_assert_int_eq(db_query_int(c, "SELECT a FROM t_qi WHERE a > 100", &v, &e), 0);
	ck_assert_int_eq(v, 99);
	ck_assert_int_eq(db_query_int(c, "SELEC 1", &v, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(xquery_int(c, "SELECT COUNT(*) FROM t_qi"), 2);
	t->drv->disconnect(c);
}
END_TEST

START_TEST(test_errors)
{
	target *t = &targets[_i];
	const db_driver *d = t->drv;
	db_conn *c = xconnect(t);
	db_stmt *s = NULL;
	db_error e;

	db_error_clear(&e);
	ck_assert_int_eq(d->exec(c, "THIS IS NOT SQL", NULL, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_ne(e.native, 0);
	ck_assert_msg(strlen(e.msg) > 10, "%s: message '%s'", t->name, e.msg);
	ck_assert_int_eq((int)strlen(e.sqlstate), 5);
	if (t == mysql_target) {
		ck_assert_int_eq(e.native, 1064);
		ck_assert_str_eq(e.sqlstate, "42000");
		ck_assert_msg(strncmp(e.msg, "mysql error 1064 (42000): ", 26) == 0,
			      "format: %s", e.msg);
	}

	db_error_clear(&e);
	ck_assert_int_eq(d->prepare(c, "SELECT FROM WHERE", &s, &e), -1);
	ck_assert_ptr_null(s);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_msg(e.msg[0], "empty message");

	ck_assert_int_eq(d->prepare(c, "SELECT * FROM no_such_table_x", &s, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(e.kind, DB_KIND_OTHER);

	xexec(c, "DROP TABLE IF EXISTS t_err");
	xexec(c, "CREATE TABLE t_err (id INTEGER PRIMARY KEY)");
	xexec(c, "INSERT INTO t_err VALUES (1)");
	xcommit(c);
	xbegin(c, 1);
	s = xprepare(c, "INSERT INTO t_err VALUES (?)");
	{
		db_param p[] = { db_p_int(1) };
		ck_assert_int_eq(d->execute(s, p, 1, NULL, &e), -1);
		ck_assert_int_eq(e.cls, DB_FATAL);
		ck_assert_int_ne(e.native, 0);
		/* A duplicate key: each driver reads its own number as one. */
		ck_assert_msg(e.kind == DB_KIND_CONSTRAINT, "%s: duplicate key is %s: %s", t->name,
			      db_errkind_name(e.kind), e.msg);
		/* Wrong parameter count is an error, not a crash. */
		ck_assert_int_eq(d->execute(s, p, 0, NULL, &e), -1);
		ck_assert_int_eq(e.cls, DB_FATAL);
		p[0] = db_p_int(2);
		ck_assert_int_eq(xexecute(s, p, 1), 1);
	}
	xrollback(c);
	d->finalize(s);

	/* The connection is still fine after all that. */
	ck_assert_int_eq(xquery_int(c, "SELECT COUNT(*) FROM t_err"), 1);
	d->disconnect(c);
}
END_TEST

/* Unread rows must not wedge the connection: other statements, commit and
 * re-execution all work with a result half read. */
START_TEST(test_partial_reads)
{
	target *t = &targets[_i];
	const db_driver *d = t->drv;
	db_conn *c = xconnect(t);
	db_stmt *a, *b;

	xexec(c, "DROP TABLE IF EXISTS t_part");
	xexec(c, "CREATE TABLE t_part (id INT PRIMARY KEY, v INT)");
	for (int i = 1; i <= 5; i++) {
		char sql[64];
		snprintf(sql, sizeof(sql), "INSERT INTO t_part VALUES (%d, %d)", i, i * 10);
		xexec(c, sql);
	}
	xcommit(c);

	a = xprepare(c, "SELECT id FROM t_part ORDER BY id");
	b = xprepare(c, "SELECT v FROM t_part WHERE id = ?");
	xexecute(a, NULL, 0);
	ck_assert_int_eq(xfetch(a), 1);
	ck_assert_int_eq(d->col_int(a, 0), 1);
	{
		db_param p[] = { db_p_int(4) };
		xexecute(b, p, 1);
		ck_assert_int_eq(xfetch(b), 1);
		ck_assert_int_eq(d->col_int(b, 0), 40);
	}
	ck_assert_int_eq(xexec_aff(c, "UPDATE t_part SET v = v + 1 WHERE id = 5"), 1);
	xcommit(c);

	/* Re-execute discards the rest and starts over. */
	xexecute(a, NULL, 0);
	for (int i = 1; i <= 5; i++) {
		ck_assert_int_eq(xfetch(a), 1);
		ck_assert_int_eq(d->col_int(a, 0), i);
	}
	ck_assert_int_eq(xfetch(a), 0);

	/* reset, then finalize with unread rows. */
	xexecute(a, NULL, 0);
	ck_assert_int_eq(xfetch(a), 1);
	d->reset(a);
	ck_assert_int_eq(xquery_int(c, "SELECT v FROM t_part WHERE id = 5"), 51);
	xexecute(a, NULL, 0);
	ck_assert_int_eq(xfetch(a), 1);
	d->finalize(a);
	ck_assert_int_eq(xquery_int(c, "SELECT COUNT(*) FROM t_part"), 5);
	xcommit(c);
	d->finalize(b);
	d->disconnect(c);
}
END_TEST

START_TEST(test_transactions)
{
	target *t = &targets[_i];
	db_conn *a = xconnect(t), *b = xconnect(t);

	xexec(a, "DROP TABLE IF EXISTS t_txn");
	xexec(a, "CREATE TABLE t_txn (id INT PRIMARY KEY, v INT)");
	xcommit(a);

	/* Uncommitted work is invisible to others... */
	xbegin(a, 1);
	xexec(a, "INSERT INTO t_txn VALUES (1, 1)");
	xbegin(b, 0);
	ck_assert_int_eq(xquery_int(b, "SELECT COUNT(*) FROM t_txn"), 0);
	xcommit(b);
	/* ...visible to its own transaction... */
	ck_assert_int_eq(xquery_int(a, "SELECT COUNT(*) FROM t_txn"), 1);
	xcommit(a);
	/* ...and to everyone once committed. */
	xbegin(b, 0);
	ck_assert_int_eq(xquery_int(b, "SELECT COUNT(*) FROM t_txn"), 1);
	xcommit(b);

	/* Rollback undoes. */
	xbegin(a, 1);
	xexec(a, "INSERT INTO t_txn VALUES (2, 2)");
	xexec(a, "UPDATE t_txn SET v = 100 WHERE id = 1");
	ck_assert_int_eq(xquery_int(a, "SELECT COUNT(*) FROM t_txn"), 2);
	xrollback(a);
	xbegin(a, 0);
	ck_assert_int_eq(xquery_int(a, "SELECT COUNT(*) FROM t_txn"), 1);
	ck_assert_int_eq(xquery_int(a, "SELECT v FROM t_txn WHERE id = 1"), 1);
	xcommit(a);

	/* commit/rollback with nothing open are harmless. */
	xcommit(a);
	xrollback(a);
	xrollback(a);

	t->drv->disconnect(a);
	t->drv->disconnect(b);
}
END_TEST

/* Statements finalized after their connection closed (as the engine may do
 * after a reconnect) must not crash; using them is an error. */
START_TEST(test_stmt_outlives_conn)
{
	target *t = &targets[_i];
	const db_driver *d = t->drv;
	db_conn *c = xconnect(t);
	db_stmt *s1 = xprepare(c, "SELECT 1"), *s2 = xprepare(c, "SELECT 2");
	db_error e;

	xexecute(s1, NULL, 0);
	ck_assert_int_eq(xfetch(s1), 1);
	d->finalize(s2);
	d->disconnect(c);
	ck_assert_int_eq(d->execute(s1, NULL, 0, NULL, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(d->fetch(s1, &e), 0);
	ck_assert_int_eq(d->col_isnull(s1, 0), 1);
	d->reset(s1);
	d->finalize(s1);
}
END_TEST

/* Concurrent writers with the retry contract: every increment lands once. */
#define CONC_THREADS 6
#define CONC_TXNS    150

struct conc_arg {
	target *t;
	int id;
	int retries;
	int failures;
	char msg[600];
};

static void *conc_worker(void *p)
{
	struct conc_arg *a = p;
	const db_driver *d = a->t->drv;
	db_conn *c;
	db_stmt *up = NULL;
	db_error e;

	if (d->connect(&a->t->p, &c, &e) < 0) {
		snprintf(a->msg, sizeof(a->msg), "connect: %s", e.msg);
		a->failures++;
		return NULL;
	}
	if (d->prepare(c, "UPDATE t_conc SET v = v + 1 WHERE id = ?", &up, &e) < 0) {
		snprintf(a->msg, sizeof(a->msg), "prepare: %s", e.msg);
		a->failures++;
		d->disconnect(c);
		return NULL;
	}
	for (int i = 0; i < CONC_TXNS; i++) {
		db_param p[] = { db_p_int((a->id + i) % 3) };
		for (;;) {
			int64_t aff = 0;
			if (d->begin(c, 1, &e) == 0 &&
			    d->execute(up, p, 1, &aff, &e) == 0 &&
			    d->commit(c, &e) == 0) {
				if (aff != 1) {
					snprintf(a->msg, sizeof(a->msg), "affected %lld",
						 (long long)aff);
					a->failures++;
				}
				break;
			}
			db_error e2;
			d->rollback(c, &e2);
			if (e.cls != DB_RETRY) {
				snprintf(a->msg, sizeof(a->msg), "%s: %s",
					 db_errclass_name(e.cls), e.msg);
				a->failures++;
				break;
			}
			a->retries++;
		}
	}
	d->finalize(up);
	d->disconnect(c);
	return NULL;
}

START_TEST(test_concurrent_writers)
{
	target *t = &targets[_i];
	db_conn *c = xconnect(t);
	pthread_t th[CONC_THREADS];
	struct conc_arg args[CONC_THREADS];

	xexec(c, "DROP TABLE IF EXISTS t_conc");
	xexec(c, "CREATE TABLE t_conc (id INT PRIMARY KEY, v INT)");
	xexec(c, "INSERT INTO t_conc VALUES (0, 0)");
	xexec(c, "INSERT INTO t_conc VALUES (1, 0)");
	xexec(c, "INSERT INTO t_conc VALUES (2, 0)");
	xcommit(c);
	for (int i = 0; i < CONC_THREADS; i++) {
		args[i] = (struct conc_arg){ .t = t, .id = i };
		ck_assert_int_eq(pthread_create(&th[i], NULL, conc_worker, &args[i]), 0);
	}
	for (int i = 0; i < CONC_THREADS; i++) {
		pthread_join(th[i], NULL);
		ck_assert_msg(args[i].failures == 0, "%s: worker %d: %s", t->name, i, args[i].msg);
	}
	ck_assert_int_eq(xquery_int(c, "SELECT SUM(v) FROM t_conc"), CONC_THREADS * CONC_TXNS);
	t->drv->disconnect(c);
}
END_TEST

/* A batch (db_batch, pipelined where the driver can: MySQL as one
 * multi-statement query) gives each statement's rows and counts to the
 * caller in order, keeps strings that look like SQL (quotes, a ?, a
 * comment) exact, commits with its last statement, stops the server at a
 * failing statement with that statement's error, and leaves the
 * connection ready for the next command. */
struct batch_seen {
	int calls, stop_at;
	int64_t affected[8];
	char text[8][64];
	double d[8];
};

static int batch_cb(void *arg, int i, db_stmt *s, int64_t affected, db_error *e)
{
	struct batch_seen *b = arg;
	const db_driver *d = s->conn->drv;

	(void)e;
	b->calls++;
	if (i >= 0 && i < 8) {
		b->affected[i] = affected;
		if (d->fetch(s, e) == 1) {
			size_t len = 0;
			const char *t = d->col_text(s, 0, &len);
			snprintf(b->text[i], sizeof b->text[i], "%.*s", (int)len, t ? t : "");
			b->d[i] = d->col_double(s, 1);
		}
	}
	return i == b->stop_at ? 1 : 0;
}

START_TEST(test_batches)
{
	const target *t = &targets[_i];
	db_conn *c = xconnect(t), *o = xconnect(t);
	const char *odd = "it's \"quoted\" -- ? /* not */ # a \\ back";
	db_error e;
	uint64_t rt0 = 0;

	xexec(c, "DROP TABLE IF EXISTS t_batch");
	xexec(c, "CREATE TABLE t_batch (id INT PRIMARY KEY, v VARCHAR(60), d DOUBLE)");
	xcommit(c);
	db_stmt *ins = xprepare(c, "INSERT INTO t_batch (id, v, d) VALUES (?, ?, ?)");
	db_stmt *upd = xprepare(c, "UPDATE t_batch SET d = d + ? WHERE id >= ?");
	db_stmt *sel = xprepare(c, "SELECT v, d FROM t_batch WHERE id = ? /* a ? here is no placeholder */");
	const db_param p1[] = { db_p_int(1), db_p_text(odd, strlen(odd)), db_p_dbl(0.1) };
	const db_param p2[] = { db_p_int(2), db_p_text("x", 1), db_p_dbl(1e-7) };
	const db_param pu[] = { db_p_dbl(1.5), db_p_int(1) };
	const db_param ps[] = { db_p_int(1) };
	db_batch_item it[] = { { ins, p1, 3 }, { ins, p2, 3 }, { upd, pu, 2 }, { sel, ps, 1 } };
	struct batch_seen b = { .stop_at = -1 };

	xbegin(c, 1);
	if (t->drv->round_trips)
		rt0 = t->drv->round_trips(c);
	db_error_clear(&e);
	ck_assert_msg(db_batch(c, 1, it, 4, DB_BATCH_COMMIT, batch_cb, &b, &e) == 0,
		      "%s: batch: %s", t->name, e.msg);
	if (t->drv->execute_batch && t->drv->round_trips)
		ck_assert_int_eq(t->drv->round_trips(c) - rt0, 1);
	ck_assert_int_eq(b.calls, 4);
	ck_assert_int_eq(b.affected[0], 1);
	ck_assert_int_eq(b.affected[2], 2);
	ck_assert_str_eq(b.text[3], odd);
	ck_assert_double_eq_tol(b.d[3], 1.6, 1e-9);
	/* Committed with the batch: another connection sees both rows. */
	ck_assert_int_eq(xquery_int(o, "SELECT COUNT(*) FROM t_batch"), 2);
	xcommit(o);

	/* Doubles go into the text in a form that reads back as the same
	 * double: money in cents, and the rest. */
	const double dv[] = { 3 * 12.34, -5.5, 0.1, 1e-7, 123456.789, 1e300, -0.0 };
	enum { ND = sizeof dv / sizeof dv[0] };
	db_param pd[ND][3];
	db_batch_item di[ND];
	for (int i = 0; i < ND; i++) {
		pd[i][0] = db_p_int(10 + i);
		pd[i][1] = db_p_text("d", 1);
		pd[i][2] = db_p_dbl(dv[i]);
		di[i] = (db_batch_item){ ins, pd[i], 3 };
	}
	xbegin(c, 1);
	ck_assert_msg(db_batch(c, 1, di, ND, DB_BATCH_COMMIT, NULL, NULL, &e) == 0,
		      "%s: batch of doubles: %s", t->name, e.msg);
	db_stmt *sd = xprepare(c, "SELECT d FROM t_batch WHERE id = ?");
	for (int i = 0; i < ND; i++) {
		const db_param pi[] = { db_p_int(10 + i) };
		xexecute(sd, pi, 1);
		ck_assert_int_eq(xfetch(sd), 1);
		ck_assert_msg(t->drv->col_double(sd, 0) == dv[i], "%s: %.17g came back as %.17g",
			      t->name, dv[i], t->drv->col_double(sd, 0));
		t->drv->reset(sd);
	}
	t->drv->finalize(sd);
	xexec(c, "DELETE FROM t_batch WHERE id >= 10");
	xcommit(c);

	/* The second insert fails (a duplicate key): the first ran, the
	 * select after it did not, and a rollback undoes the first. */
	const db_param p3[] = { db_p_int(3), db_p_text("y", 1), db_p_dbl(2) };
	db_batch_item bad[] = { { ins, p3, 3 }, { ins, p1, 3 }, { sel, ps, 1 } };
	memset(&b, 0, sizeof b);
	b.stop_at = -1;
	xbegin(c, 1);
	db_error_clear(&e);
	ck_assert_int_eq(db_batch(c, 1, bad, 3, DB_BATCH_COMMIT, batch_cb, &b, &e), -1);
	ck_assert_int_eq(b.calls, 1);
	ck_assert_msg(e.msg[0] != '\0', "%s: the failed batch says why", t->name);
	xrollback(c);
	ck_assert_int_eq(xquery_int(c, "SELECT COUNT(*) FROM t_batch"), 2);
	xcommit(c);

	/* The caller needs no more after the first result: the rest still
	 * ran (pipelined) or was not sent (one by one), and the connection
	 * takes the next command either way. */
	const db_param ps2[] = { db_p_int(2) };
	db_batch_item two[] = { { sel, ps, 1 }, { sel, ps2, 1 } };
	memset(&b, 0, sizeof b);
	b.stop_at = 0;
	xbegin(c, 0);
	ck_assert_int_eq(db_batch(c, 1, two, 2, DB_BATCH_OPEN, batch_cb, &b, &e), 0);
	ck_assert_int_eq(b.calls, 1);
	ck_assert_int_eq(xquery_int(c, "SELECT COUNT(*) FROM t_batch WHERE id = 2"), 1);
	xcommit(c);

	/* A batch that ends in a rollback leaves nothing behind; the
	 * statement then runs prepared again as before. */
	const db_param p5[] = { db_p_int(5), db_p_text("z", 1), db_p_dbl(5) };
	db_batch_item rb[] = { { ins, p5, 3 } };
	xbegin(c, 1);
	ck_assert_int_eq(db_batch(c, 1, rb, 1, DB_BATCH_ROLLBACK, NULL, NULL, &e), 0);
	ck_assert_int_eq(xquery_int(c, "SELECT COUNT(*) FROM t_batch"), 2);
	xcommit(c);
	xexecute(sel, ps, 1);
	ck_assert_int_eq(xfetch(sel), 1);
	size_t len = 0;
	const char *v = t->drv->col_text(sel, 0, &len);
	ck_assert_int_eq((int)len, (int)strlen(odd));
	ck_assert_int_eq(memcmp(v, odd, len), 0);
	t->drv->reset(sel);
	xcommit(c);

	t->drv->finalize(ins);
	t->drv->finalize(upd);
	t->drv->finalize(sel);
	t->drv->disconnect(o);
	t->drv->disconnect(c);
}
END_TEST

/* ---- SQLite only -------------------------------------------------------- */

START_TEST(test_sqlite_busy)
{
	const db_driver *d = sqlite_target->drv;
	db_conn *a = xconnect(sqlite_target), *b = xconnect(sqlite_target);
	db_error e;
	char buf[64];

	xexec(a, "CREATE TABLE IF NOT EXISTS t_busy (id INT)");
	ck_assert_int_eq(tset(b, "busy_timeout", "100", &e), 0);
	ck_assert_int_eq(tget(b, "busy_timeout", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "100");

	xbegin(a, 1);
	xexec(a, "INSERT INTO t_busy VALUES (1)");
	db_error_clear(&e);
	ck_assert_int_eq(d->begin(b, 1, &e), -1);
	ck_assert_int_eq(e.cls, DB_RETRY);
	ck_assert_int_eq(e.kind, DB_KIND_LOCK_TIMEOUT);
	ck_assert_int_eq(e.native & 0xff, 5 /* SQLITE_BUSY */);
	ck_assert_str_eq(e.sqlstate, "40001");
	/* Readers still read under WAL. */
	xbegin(b, 0);
	ck_assert_int_eq(xquery_int(b, "SELECT COUNT(*) FROM t_busy"), 0);
	xcommit(b);
	xrollback(a);
	xbegin(b, 1);
	xexec(b, "INSERT INTO t_busy VALUES (2)");
	xcommit(b);
	ck_assert_int_eq(xquery_int(a, "SELECT COUNT(*) FROM t_busy"), 1);
	d->disconnect(a);
	d->disconnect(b);
}
END_TEST

/* Writers in this process queue for SQLite's one write lock instead of
 * polling for it: a writer whose busy timeout (100 ms) is far shorter than
 * another thread's transaction (300 ms) still gets the lock when that one
 * commits, where SQLite's busy handler alone gave up with SQLITE_BUSY. */
struct queued_arg {
	int rc;
	char msg[600];
};

static void *queued_writer(void *p)
{
	struct queued_arg *a = p;
	const db_driver *d = sqlite_target->drv;
	db_conn *c = xconnect(sqlite_target);
	db_error e;

	a->rc = tset(c, "busy_timeout", "100", &e);
	if (a->rc == 0 && (a->rc = d->begin(c, 1, &e)) == 0 &&
	    (a->rc = d->exec(c, "INSERT INTO t_queue VALUES (2)", NULL, &e)) == 0)
		a->rc = d->commit(c, &e);
	if (a->rc)
		snprintf(a->msg, sizeof a->msg, "%s", e.msg);
	d->disconnect(c);
	return NULL;
}

START_TEST(test_sqlite_writers_queue)
{
	const db_driver *d = sqlite_target->drv;
	db_conn *a = xconnect(sqlite_target);
	struct queued_arg q = { 0 };
	pthread_t th;
	const struct timespec hold = { 0, 300 * 1000 * 1000 };

	xexec(a, "DROP TABLE IF EXISTS t_queue");
	xexec(a, "CREATE TABLE t_queue (id INT)");
	xbegin(a, 1);
	xexec(a, "INSERT INTO t_queue VALUES (1)");
	ck_assert_int_eq(pthread_create(&th, NULL, queued_writer, &q), 0);
	/* The transaction's length, not a synchronisation: the other
	 * writer passes whether it came during it or after. */
	nanosleep(&hold, NULL);
	xcommit(a);
	pthread_join(th, NULL);
	ck_assert_msg(q.rc == 0, "the queued writer failed: %s", q.msg);
	ck_assert_int_eq(xquery_int(a, "SELECT COUNT(*) FROM t_queue"), 2);
	/* One thread, two connections, one after the other: the turn this
	 * thread holds lets its other connection write (no wait on itself). */
	db_conn *b = xconnect(sqlite_target);
	for (int i = 0; i < 3; i++) {
		xbegin(a, 1);
		xexec(a, "INSERT INTO t_queue VALUES (3)");
		xcommit(a);
		xbegin(b, 1);
		xexec(b, "INSERT INTO t_queue VALUES (4)");
		xcommit(b);
	}
	ck_assert_int_eq(xquery_int(a, "SELECT COUNT(*) FROM t_queue"), 8);
	d->disconnect(b);
	d->disconnect(a);
}
END_TEST

/* A pragma belongs to its connection: what a `set` noted reaches another
 * connection when it next looks, and a new connection gets all of it. */
START_TEST(test_sqlite_conn_vars)
{
	const db_driver *d = sqlite_target->drv;
	db_conn *a = xconnect(sqlite_target), *b = xconnect(sqlite_target);
	conn_vars cv;
	long seen_a = 0, seen_b = 0;
	db_error e;
	char buf[64];

	ck_assert_int_eq(dialect_sqlite.vars_per_connection, 1);
	conn_vars_init(&cv);
	ck_assert_int_eq(conn_vars_apply(&cv, &seen_a, &dialect_sqlite, a, &e), 0);
	ck_assert_int_eq(conn_vars_note(&cv, "synchronous", "FULL"), 0);
	ck_assert_int_eq(conn_vars_note(&cv, "cache_size", "-4000"), 0);
	ck_assert_int_eq(tget(a, "synchronous", buf, sizeof buf, &e), 0);
	ck_assert_str_eq(buf, "1");   /* not yet: a has not looked */
	ck_assert_int_eq(conn_vars_apply(&cv, &seen_a, &dialect_sqlite, a, &e), 0);
	ck_assert_int_eq(tget(a, "synchronous", buf, sizeof buf, &e), 0);
	ck_assert_str_eq(buf, "2");
	ck_assert_int_eq(tget(a, "cache_size", buf, sizeof buf, &e), 0);
	ck_assert_str_eq(buf, "-4000");
	/* The put-back is a change like any other. */
	ck_assert_int_eq(conn_vars_note(&cv, "synchronous", "1"), 0);
	ck_assert_int_eq(conn_vars_apply(&cv, &seen_a, &dialect_sqlite, a, &e), 0);
	ck_assert_int_eq(conn_vars_apply(&cv, &seen_b, &dialect_sqlite, b, &e), 0);
	ck_assert_int_eq(tget(a, "synchronous", buf, sizeof buf, &e), 0);
	ck_assert_str_eq(buf, "1");
	ck_assert_int_eq(tget(b, "cache_size", buf, sizeof buf, &e), 0);
	ck_assert_str_eq(buf, "-4000");
	conn_vars_destroy(&cv);
	d->disconnect(a);
	d->disconnect(b);
}
END_TEST

START_TEST(test_sqlite_vars)
{
	const db_driver *d = sqlite_target->drv;
	db_conn *c = xconnect(sqlite_target);
	db_error e;
	char buf[64];

	ck_assert_int_eq(tget(c, "journal_mode", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "wal");
	ck_assert_int_eq(tget(c, "synchronous", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "1");
	ck_assert_int_eq(tget(c, "foreign_keys", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "0");
	ck_assert_int_eq(tset(c, "cache_size", "10000", &e), 0);
	ck_assert_int_eq(tget(c, "cache_size", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "10000");
	ck_assert_int_eq(tset(c, "cache_size", "-2000", &e), 0);
	ck_assert_int_eq(tget(c, "cache_size", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "-2000");
	ck_assert_int_eq(tset(c, "foreign_keys", "ON", &e), 0);
	ck_assert_int_eq(tget(c, "foreign_keys", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "1");
	ck_assert_int_eq(tset(c, "journal_mode", "wal", &e), 0);
	ck_assert_int_eq(tget(c, "cache_size", buf, 2, &e), -1);

	ck_assert_int_eq(tset(c, "cache_size; DROP TABLE x", "1", &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(tget(c, "", buf, sizeof(buf), &e), -1);
	ck_assert_int_eq(tget(c, "no_such_pragma_x", buf, sizeof(buf), &e), -1);
	d->disconnect(c);
}
END_TEST

START_TEST(test_sqlite_cantopen)
{
	target t = *sqlite_target;
	db_conn *c = NULL;
	db_error e;

	t.p.file = "/nonexistent-dir-tpcc/x.db";
	ck_assert_int_eq(t.drv->connect(&t.p, &c, &e), -1);
	ck_assert_ptr_null(c);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(e.native & 0xff, 14 /* SQLITE_CANTOPEN */);
	/* Not asked to create it, a missing file is "no such database",
	 * and nothing is left behind. */
	char missing[PATH_MAX + 32];
	snprintf(missing, sizeof missing, "%s.missing", sqlite_file);
	t.p.file = missing;
	t.p.create = 0;
	ck_assert_int_eq(t.drv->connect(&t.p, &c, &e), -1);
	ck_assert_str_eq(e.sqlstate, "3D000");
	ck_assert_int_eq(access(missing, F_OK), -1);
	t.p.create = 1;
	t.p.file = NULL;
	ck_assert_int_eq(t.drv->connect(&t.p, &c, &e), -1);
}
END_TEST

/* ---- MySQL only ----------------------------------------------------------- */

static void mysql_setup_rows(db_conn *c, const char *table)
{
	char sql[256];

	snprintf(sql, sizeof(sql), "DROP TABLE IF EXISTS %s", table);
	xexec(c, sql);
	snprintf(sql, sizeof(sql), "CREATE TABLE %s (id INT PRIMARY KEY, v INT) ENGINE=InnoDB",
		 table);
	xexec(c, sql);
	snprintf(sql, sizeof(sql), "INSERT INTO %s VALUES (1, 0), (2, 0)", table);
	xexec(c, sql);
	xcommit(c);
}

START_TEST(test_mysql_lock_wait_timeout)
{
	const db_driver *d = mysql_target->drv;
	db_conn *a = xconnect(mysql_target), *b = xconnect(mysql_target);
	db_error e;

	mysql_setup_rows(a, "t_lock");
	xexec(b, "SET SESSION innodb_lock_wait_timeout = 1");
	ck_assert_int_eq(xexec_aff(a, "UPDATE t_lock SET v = 1 WHERE id = 1"), 1);
	db_error_clear(&e);
	ck_assert_int_eq(d->exec(b, "UPDATE t_lock SET v = 2 WHERE id = 1", NULL, &e), -1);
	ck_assert_int_eq(e.cls, DB_RETRY);
	ck_assert_int_eq(e.kind, DB_KIND_LOCK_TIMEOUT);
	ck_assert_int_eq(e.native, 1205);
	ck_assert_msg(strstr(e.msg, "1205") != NULL, "msg: %s", e.msg);
	xrollback(b);
	xcommit(a);
	/* The same through a prepared statement. */
	ck_assert_int_eq(xexec_aff(a, "UPDATE t_lock SET v = 3 WHERE id = 2"), 1);
	{
		db_stmt *s = xprepare(b, "UPDATE t_lock SET v = ? WHERE id = ?");
		db_param p[] = { db_p_int(4), db_p_int(2) };
		ck_assert_int_eq(d->execute(s, p, 2, NULL, &e), -1);
		ck_assert_int_eq(e.cls, DB_RETRY);
		ck_assert_int_eq(e.kind, DB_KIND_LOCK_TIMEOUT);
		ck_assert_int_eq(e.native, 1205);
		xrollback(b);
		xrollback(a);
		ck_assert_int_eq(xexecute(s, p, 2), 1);
		xcommit(b);
		d->finalize(s);
	}
	ck_assert_int_eq(xquery_int(a, "SELECT v FROM t_lock WHERE id = 2"), 4);
	d->disconnect(a);
	d->disconnect(b);
}
END_TEST

struct dl_arg {
	db_conn *c;
	int rc;
	db_error e;
	_Atomic int done;
};

static void *dl_worker(void *p)
{
	struct dl_arg *a = p;
	a->rc = a->c->drv->exec(a->c, "UPDATE t_dead SET v = v + 1 WHERE id = 2", NULL, &a->e);
	a->done = 1;
	return NULL;
}

START_TEST(test_mysql_deadlock)
{
	const db_driver *d = mysql_target->drv;
	db_conn *a = xconnect(mysql_target), *b = xconnect(mysql_target);
	db_conn *mon = xconnect(mysql_target);
	struct dl_arg arg = { .c = a };
	pthread_t th;
	db_error eb;
	char q[256];
	int rcb, waiting = 0;

	mysql_setup_rows(a, "t_dead");
	xexec(a, "SET SESSION innodb_lock_wait_timeout = 20");
	xexec(b, "SET SESSION innodb_lock_wait_timeout = 20");
	ck_assert_int_eq(xexec_aff(a, "UPDATE t_dead SET v = v + 1 WHERE id = 1"), 1);
	ck_assert_int_eq(xexec_aff(b, "UPDATE t_dead SET v = v + 1 WHERE id = 2"), 1);
	snprintf(q, sizeof(q), "SELECT COUNT(*) FROM information_schema.INNODB_TRX "
		 "WHERE trx_mysql_thread_id = %lld", (long long)d->conn_id(b));
	ck_assert_int_eq(xquery_int(mon, q), 1);
	xcommit(mon);
	snprintf(q, sizeof(q), "SELECT COUNT(*) FROM information_schema.INNODB_TRX "
		 "WHERE trx_state = 'LOCK WAIT' AND trx_mysql_thread_id = %lld",
		 (long long)d->conn_id(a));
	ck_assert_int_eq(pthread_create(&th, NULL, dl_worker, &arg), 0);
	/* Readiness poll, bounded: wait until A is blocked on B's row.  Not
	 * faster than every 100 ms: InnoDB refreshes its INNODB_TRX cache only
	 * after 100 ms without readers, so rapid polling reads a stale table
	 * forever. */
	for (int i = 0; i < 100 && !waiting && !arg.done; i++) {
		sleep_ms(150);
		waiting = xquery_int(mon, q) > 0;
		xcommit(mon);
	}
	if (!waiting) {
		int done = arg.done;
		xrollback(b);
		pthread_join(th, NULL);
		ck_abort_msg("connection A never blocked (update done %d, rc %d %s)", done,
			     arg.rc, arg.rc ? arg.e.msg : "");
	}
	rcb = d->exec(b, "UPDATE t_dead SET v = v + 1 WHERE id = 1", NULL, &eb);
	if (rcb == 0)
		xcommit(b);
	else
		xrollback(b);
	pthread_join(th, NULL);
	if (arg.rc == 0)
		xcommit(a);
	else
		xrollback(a);
	/* Exactly one of them is the victim. */
	ck_assert_msg((rcb == 0) != (arg.rc == 0), "rc a=%d b=%d", arg.rc, rcb);
	if (rcb < 0) {
		ck_assert_int_eq(eb.cls, DB_RETRY);
		ck_assert_int_eq(eb.kind, DB_KIND_DEADLOCK);
		ck_assert_int_eq(eb.native, 1213);
		ck_assert_str_eq(eb.sqlstate, "40001");
	} else {
		ck_assert_int_eq(arg.e.cls, DB_RETRY);
		ck_assert_int_eq(arg.e.kind, DB_KIND_DEADLOCK);
		ck_assert_int_eq(arg.e.native, 1213);
		ck_assert_str_eq(arg.e.sqlstate, "40001");
	}
	d->disconnect(a);
	d->disconnect(b);
	d->disconnect(mon);
}
END_TEST

START_TEST(test_mysql_killed)
{
	const db_driver *d = mysql_target->drv;
	db_conn *a = xconnect(mysql_target), *b = xconnect(mysql_target);
	db_stmt *s = xprepare(a, "SELECT ?");
	db_error e;
	char sql[64];
	int64_t id = d->conn_id(a);

	ck_assert_int_eq(xquery_int(b, "SELECT COUNT(*) FROM information_schema.PROCESSLIST "
				       "WHERE ID = CONNECTION_ID()"), 1);
	ck_assert_msg(id > 0, "conn_id %lld", (long long)id);
	snprintf(sql, sizeof(sql), "KILL CONNECTION %lld", (long long)id);
	xexec(b, sql);

	db_error_clear(&e);
	ck_assert_int_eq(d->exec(a, "SELECT 1", NULL, &e), -1);
	ck_assert_msg(e.cls == DB_RECONNECT, "exec after kill: %s: %s",
		      db_errclass_name(e.cls), e.msg);
	ck_assert_int_eq(e.kind, DB_KIND_CONNECTION);
	{
		db_param p[] = { db_p_int(1) };
		db_error_clear(&e);
		ck_assert_int_eq(d->execute(s, p, 1, NULL, &e), -1);
		ck_assert_msg(e.cls == DB_RECONNECT, "execute after kill: %s: %s",
			      db_errclass_name(e.cls), e.msg);
	}
	db_error_clear(&e);
	ck_assert_int_eq(d->commit(a, &e), -1);
	ck_assert_msg(e.cls == DB_RECONNECT, "commit after kill: %s: %s",
		      db_errclass_name(e.cls), e.msg);
	d->disconnect(a);
	d->finalize(s);

	/* Reconnecting gives a working connection. */
	a = xconnect(mysql_target);
	ck_assert_int_eq(xquery_int(a, "SELECT 5"), 5);
	d->disconnect(a);
	d->disconnect(b);
}
END_TEST

START_TEST(test_mysql_vars)
{
	const db_driver *d = mysql_target->drv;
	db_conn *c = xconnect(mysql_target);
	db_error e;
	char orig[64], buf[256], orig_ahi[16];

	ck_assert_int_eq(tget(c, "innodb_io_capacity", orig, sizeof(orig), &e), 0);
	ck_assert_msg(atoi(orig) > 0, "innodb_io_capacity '%s'", orig);
	ck_assert_int_eq(tset(c, "innodb_io_capacity", "345", &e), 0);
	ck_assert_int_eq(tget(c, "innodb_io_capacity", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "345");
	/* Not a number: quoted, and the server rejects it. */
	ck_assert_int_eq(tset(c, "innodb_io_capacity", "lots", &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(tset(c, "innodb_io_capacity", orig, &e), 0);
	ck_assert_int_eq(tget(c, "innodb_io_capacity", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, orig);

	/* Size suffixes become plain numbers. */
	ck_assert_int_eq(tget(c, "max_allowed_packet", orig, sizeof(orig), &e), 0);
	ck_assert_int_eq(tset(c, "max_allowed_packet", "32M", &e), 0);
	ck_assert_int_eq(tget(c, "max_allowed_packet", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "33554432");
	ck_assert_int_eq(tset(c, "max_allowed_packet", orig, &e), 0);

	/* ON/OFF bare. */
	ck_assert_int_eq(tget(c, "innodb_adaptive_hash_index", orig_ahi,
				    sizeof(orig_ahi), &e), 0);
	ck_assert_int_eq(tset(c, "innodb_adaptive_hash_index", "OFF", &e), 0);
	ck_assert_int_eq(tget(c, "innodb_adaptive_hash_index", buf, sizeof(buf), &e), 0);
	/* @@GLOBAL reads booleans back as 0/1. */
	ck_assert_str_eq(buf, "0");
	ck_assert_int_eq(tset(c, "innodb_adaptive_hash_index", "on", &e), 0);
	ck_assert_int_eq(tget(c, "innodb_adaptive_hash_index", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "1");
	ck_assert_int_eq(tset(c, "innodb_adaptive_hash_index", orig_ahi, &e), 0);

	/* Strings with quotes survive escaping.  init_connect does not apply
	 * to the privileged test users. */
	ck_assert_int_eq(tset(c, "init_connect", "SET @x = 'it''s \\\\ \"q\"'", &e), 0);
	ck_assert_int_eq(tget(c, "init_connect", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "SET @x = 'it''s \\\\ \"q\"'");
	ck_assert_int_eq(tset(c, "init_connect", "", &e), 0);
	ck_assert_int_eq(tget(c, "init_connect", buf, sizeof(buf), &e), 0);
	ck_assert_str_eq(buf, "");

	/* Names are validated before they reach SQL. */
	ck_assert_int_eq(tget(c, "version; DROP TABLE x", buf, sizeof(buf), &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(tset(c, "a.b", "1", &e), -1);
	ck_assert_int_eq(tget(c, "no_such_variable_x", buf, sizeof(buf), &e), -1);
	ck_assert_int_eq(e.native, 1193);
	ck_assert_int_eq(tget(c, "version", buf, 3, &e), -1);
	d->disconnect(c);
}
END_TEST

/* COMMIT goes to the server only when the server says a transaction is
 * open: not after a read of information_schema (the monitor's, many a
 * second), always after a read of an InnoDB table (its snapshot must
 * end, or the next read would not see others' commits) and after a
 * write (others must see it). */
START_TEST(test_mysql_commit_when_open)
{
	const db_driver *d = mysql_target->drv;
	db_conn *a = xconnect(mysql_target), *b = xconnect(mysql_target);

	xexec(a, "DROP TABLE IF EXISTS t_open");
	xexec(a, "CREATE TABLE t_open (id INT PRIMARY KEY, v INT) ENGINE=InnoDB");
	xexec(a, "INSERT INTO t_open VALUES (1, 1)");
	uint64_t rt = d->round_trips(a);
	xcommit(a);
	ck_assert_int_eq(d->round_trips(a) - rt, 1);
	ck_assert_int_eq(xquery_int(b, "SELECT v FROM t_open WHERE id = 1"), 1);
	xcommit(b);

	/* Nothing open: no round trip. */
	xquery_int(a, "SELECT COUNT(*) FROM information_schema.GLOBAL_STATUS");
	rt = d->round_trips(a);
	xcommit(a);
	ck_assert_int_eq(d->round_trips(a) - rt, 0);

	/* A snapshot is open after a read: b's commit stays unseen until
	 * a's COMMIT ends it. */
	ck_assert_int_eq(xquery_int(a, "SELECT v FROM t_open WHERE id = 1"), 1);
	xexec(b, "UPDATE t_open SET v = 2 WHERE id = 1");
	xcommit(b);
	ck_assert_int_eq(xquery_int(a, "SELECT v FROM t_open WHERE id = 1"), 1);
	rt = d->round_trips(a);
	xcommit(a);
	ck_assert_int_eq(d->round_trips(a) - rt, 1);
	ck_assert_int_eq(xquery_int(a, "SELECT v FROM t_open WHERE id = 1"), 2);
	xcommit(a);

	/* A write committed is seen by the other connection. */
	xexec(a, "UPDATE t_open SET v = 3 WHERE id = 1");
	xcommit(a);
	ck_assert_int_eq(xquery_int(b, "SELECT v FROM t_open WHERE id = 1"), 3);
	xcommit(b);
	xexec(a, "DROP TABLE t_open");
	d->disconnect(a);
	d->disconnect(b);
}
END_TEST

START_TEST(test_mysql_counters)
{
	const db_driver *d = mysql_target->drv;
	db_conn *c = xconnect(mysql_target);
	db_metric m[16];
	db_error e;
	int64_t before = -1, after = -1;
	int n, have_threads = 0, have_ckpt = 0;

	/* A read of an InnoDB table opens a transaction, so each COMMIT is
	 * sent and counted (after SELECT 1 none is open and none is sent). */
	xexec(c, "CREATE TABLE IF NOT EXISTS t_counted (id INT PRIMARY KEY) ENGINE=InnoDB");
	ck_assert_int_eq(server_txn_counter(c, &dialect_mysql, &before, &e), 0);
	ck_assert_msg(before >= 0, "counter %lld", (long long)before);
	for (int i = 0; i < 5; i++) {
		xquery_int(c, "SELECT COUNT(*) FROM t_counted");
		xcommit(c);
	}
	ck_assert_int_eq(server_txn_counter(c, &dialect_mysql, &after, &e), 0);
	ck_assert_msg(after >= before + 5, "counter %lld -> %lld", (long long)before,
		      (long long)after);

	n = server_metrics(c, &dialect_mysql, m, 16, &e);
	ck_assert_msg(n >= 5, "metrics returned %d: %s", n, n < 0 ? e.msg : "");
	for (int i = 0; i < n; i++) {
		ck_assert_msg(m[i].name[0], "metric %d unnamed", i);
		if (!strcmp(m[i].name, "threads_running")) {
			have_threads = 1;
			ck_assert_msg(m[i].value >= 1, "threads_running %g", m[i].value);
		}
		/* MariaDB's Innodb_checkpoint_age: the commits above wrote redo. */
		if (!strcmp(m[i].name, "innodb_checkpoint_age"))
			have_ckpt = 1;
	}
	ck_assert(have_threads);
	ck_assert_msg(have_ckpt || !strstr(d->server_version(c), "MariaDB"),
		      "no innodb_checkpoint_age from %s", d->server_version(c));
	ck_assert_int_eq(server_metrics(c, &dialect_mysql, m, 2, &e), 2);
	xexec(c, "DROP TABLE t_counted");
	d->disconnect(c);
}
END_TEST

/* MariaDB Connector/ODBC reaches the same server as the native driver;
 * the server pane must not depend on the road: the same dialect code, so
 * the same metric names, counter and settings. */
/* The private MariaDB through MariaDB Connector/ODBC, or NULL (and a note)
 * when tests/pg-server.sh has set up no data source. */
static db_conn *odbc_mariadb(const char *test)
{
	const char *dsn = getenv("TPCC_TEST_MARIADB_DSN");
	const db_driver *od = driver_find("odbc");
	db_params p = { .driver = "odbc" };
	static char cs[256];
	db_conn *o = NULL;
	db_error e;

	if (!dsn || !*dsn || !getenv("ODBCINI")) {
		fprintf(stderr, "%s: no MariaDB ODBC data source, skipped\n", test);
		return NULL;
	}
	snprintf(cs, sizeof cs, "DSN=%s;DATABASE=%s", dsn, mysql_target->p.database);
	p.odbc = cs;
	p.user = getenv("TPCC_TEST_MYSQL_TCP_USER") ? getenv("TPCC_TEST_MYSQL_TCP_USER") : "tpcc";
	p.password = getenv("TPCC_TEST_MYSQL_TCP_PASSWORD")
		? getenv("TPCC_TEST_MYSQL_TCP_PASSWORD") : "tpcc";
	ck_assert_int_eq(od->init(&e), 0);
	ck_assert_msg(od->connect(&p, &o, &e) == 0, "odbc connect: %s", e.msg);
	ck_assert_ptr_eq(dialect_for_dbms(od->dbms_name(o)), &dialect_mysql);
	return o;
}

/* MariaDB Connector/ODBC reaches the same server as the native driver;
 * the server pane must not depend on the road: the same dialect code, so
 * the same metric names, counter and settings. */
START_TEST(test_mysql_odbc_same_server_pane)
{
	char native_v[64], odbc_v[64];
	db_metric mn[16], mo[16];
	db_conn *o = odbc_mariadb("test_mysql_odbc_same_server_pane");
	db_conn *n;
	db_error e;
	int64_t v;

	if (!o)
		return;
	n = xconnect(mysql_target);
	int nn = server_metrics(n, &dialect_mysql, mn, 16, &e);
	int no = server_metrics(o, &dialect_mysql, mo, 16, &e);
	ck_assert_msg(nn >= 5 && no == nn, "native %d metrics, odbc %d: %s", nn, no, e.msg);
	for (int i = 0; i < nn; i++)
		ck_assert_msg(!strcmp(mn[i].name, mo[i].name), "metric %d: native %s, odbc %s", i,
			      mn[i].name, mo[i].name);
	ck_assert_int_eq(server_txn_counter(o, &dialect_mysql, &v, &e), 0);
	ck_assert_int_eq(server_get_var(n, &dialect_mysql, "innodb_adaptive_hash_index", native_v,
					sizeof native_v, &e), 0);
	ck_assert_int_eq(server_get_var(o, &dialect_mysql, "innodb_adaptive_hash_index", odbc_v,
					sizeof odbc_v, &e), 0);
	ck_assert_str_eq(native_v, odbc_v);
	const db_driver *od = o->drv;
	/* No od->done(): init is once per process, and under CK_FORK=no (the
	 * sanitizer runs) the next test would find no ODBC environment. */
	od->disconnect(o);
	mysql_target->drv->disconnect(n);
}
END_TEST

/* A real lock wait timeout and a real deadlock, met over ODBC: the kind
 * comes from Connector/ODBC's HY000 + native number, and the SQLSTATE the
 * server sent is kept. */
START_TEST(test_mysql_odbc_error_kinds)
{
	db_conn *o = odbc_mariadb("test_mysql_odbc_error_kinds");
	db_conn *a;
	db_error e;

	if (!o)
		return;
	a = xconnect(mysql_target);
	mysql_setup_rows(a, "t_olock");
	xexec(o, "SET SESSION innodb_lock_wait_timeout = 1");
	ck_assert_int_eq(xexec_aff(a, "UPDATE t_olock SET v = 1 WHERE id = 1"), 1);
	db_error_clear(&e);
	ck_assert_int_eq(o->drv->exec(o, "UPDATE t_olock SET v = 2 WHERE id = 1", NULL, &e), -1);
	ck_assert_msg(e.kind == DB_KIND_LOCK_TIMEOUT, "lock wait over odbc: %s: %s",
		      db_errkind_name(e.kind), e.msg);
	ck_assert_int_eq(e.cls, DB_RETRY);
	ck_assert_int_eq(e.native, 1205);
	ck_assert_str_ne(e.sqlstate, "HYT00");
	xrollback(o);
	xcommit(a);

	/* Deadlock: a holds row 1, o row 2, then each wants the other's; the
	 * cycle closes in whichever order the two requests come. */
	struct dl_arg arg = { .c = a };
	pthread_t th;
	mysql_setup_rows(a, "t_dead");
	xexec(a, "SET SESSION innodb_lock_wait_timeout = 20");
	xexec(o, "SET SESSION innodb_lock_wait_timeout = 20");
	ck_assert_int_eq(xexec_aff(a, "UPDATE t_dead SET v = v + 1 WHERE id = 1"), 1);
	ck_assert_int_eq(xexec_aff(o, "UPDATE t_dead SET v = v + 1 WHERE id = 2"), 1);
	ck_assert_int_eq(pthread_create(&th, NULL, dl_worker, &arg), 0);
	int rc = o->drv->exec(o, "UPDATE t_dead SET v = v + 1 WHERE id = 1", NULL, &e);
	xrollback(o);
	pthread_join(th, NULL);
	xrollback(a);
	ck_assert_msg((rc == 0) != (arg.rc == 0), "rc a=%d odbc=%d", arg.rc, rc);
	const db_error *victim = rc ? &e : &arg.e;
	ck_assert_msg(victim->kind == DB_KIND_DEADLOCK, "deadlock: %s: %s",
		      db_errkind_name(victim->kind), victim->msg);
	ck_assert_int_eq(victim->native, 1213);
	ck_assert_str_eq(victim->sqlstate, "40001");
	const db_driver *od = o->drv;
	/* No od->done(): init is once per process, and under CK_FORK=no (the
	 * sanitizer runs) the next test would find no ODBC environment. */
	od->disconnect(o);
	mysql_target->drv->disconnect(a);
}
END_TEST

START_TEST(test_mysql_call_proc)
{
	const db_driver *d = mysql_target->drv;
	db_conn *c = xconnect(mysql_target);
	db_stmt *s = NULL;
	db_error e;

	xexec(c, "DROP PROCEDURE IF EXISTS tpcc_t_double");
	xexec(c, "CREATE PROCEDURE tpcc_t_double(IN a INT, IN t VARCHAR(20)) "
		 "BEGIN SELECT a * 2 AS r, CONCAT(t, '!') AS s; END");
	xexec(c, "DROP PROCEDURE IF EXISTS tpcc_t_two");
	xexec(c, "CREATE PROCEDURE tpcc_t_two() BEGIN SELECT 1; SELECT 2; END");
	xexec(c, "DROP TABLE IF EXISTS t_proc");
	xexec(c, "CREATE TABLE t_proc (a INT)");
	xexec(c, "DROP PROCEDURE IF EXISTS tpcc_t_ins");
	xexec(c, "CREATE PROCEDURE tpcc_t_ins(IN a INT) INSERT INTO t_proc VALUES (a)");

	{
		db_param p[] = { db_p_int(21), db_p_text("hi", 2) };
		ck_assert_msg(d->call_proc(c, "tpcc_t_double", p, 2, &s, &e) == 0,
			      "call: %s", e.msg);
	}
	ck_assert_int_eq(xfetch(s), 1);
	ck_assert_int_eq(d->col_int(s, 0), 42);
	ck_assert_str_eq(d->col_text(s, 1, NULL), "hi!");
	ck_assert_int_eq(xfetch(s), 0);
	d->finalize(s);
	ck_assert_int_eq(xquery_int(c, "SELECT 7"), 7);

	/* Unread rows and extra result sets are drained. */
	ck_assert_int_eq(d->call_proc(c, "tpcc_t_two", NULL, 0, &s, &e), 0);
	ck_assert_int_eq(xquery_int(c, "SELECT 8"), 8);
	d->finalize(s);
	ck_assert_int_eq(d->call_proc(c, "tpcc_t_two", NULL, 0, &s, &e), 0);
	ck_assert_int_eq(xfetch(s), 1);
	ck_assert_int_eq(d->col_int(s, 0), 1);
	ck_assert_int_eq(xfetch(s), 0);
	xcommit(c);
	d->finalize(s);

	/* No result set at all. */
	{
		db_param p[] = { db_p_int(5) };
		ck_assert_int_eq(d->call_proc(c, "tpcc_t_ins", p, 1, &s, &e), 0);
	}
	ck_assert_int_eq(xfetch(s), 0);
	d->finalize(s);
	xcommit(c);
	ck_assert_int_eq(xquery_int(c, "SELECT a FROM t_proc"), 5);

	ck_assert_int_eq(d->call_proc(c, "no_such_proc_x", NULL, 0, &s, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(d->call_proc(c, "x(); DROP TABLE t_proc; --", NULL, 0, &s, &e), -1);
	ck_assert_int_eq(xquery_int(c, "SELECT 9"), 9);
	d->disconnect(c);
}
END_TEST

/* 1 if the server reports a cipher for this session. */
static int64_t session_encrypted(db_conn *c)
{
	return xquery_int(c, "SELECT COUNT(*) FROM information_schema.SESSION_STATUS"
			  " WHERE VARIABLE_NAME = 'Ssl_cipher' AND VARIABLE_VALUE <> ''");
}

/* Connect with ssl_mode (and ca), and say whether the session is encrypted;
 * -1 if the connection is refused (a fatal error). */
static int64_t tls_connect(const db_driver *d, db_params *p, const char *mode, const char *ca)
{
	db_conn *c = NULL;
	db_error e;
	int64_t on;

	p->ssl_mode = mode;
	p->ssl_ca = ca;
	if (d->connect(p, &c, &e) != 0) {
		ck_assert_int_eq(e.cls, DB_FATAL);
		return -1;
	}
	on = session_encrypted(c);
	d->disconnect(c);
	return on;
}

START_TEST(test_mysql_tcp_tls)
{
	const char *host = getenv("TPCC_TEST_MYSQL_HOST");
	const char *port = getenv("TPCC_TEST_MYSQL_PORT");
	const char *ca = getenv("TPCC_TEST_MYSQL_CA");
	const db_driver *d = mysql_target->drv;
	db_params p = { 0 };
	db_conn *c = NULL;
	db_error e;

	if (!host || !port) {
		fprintf(stderr, "test_mysql_tcp_tls: TPCC_TEST_MYSQL_HOST/PORT unset, skipped\n");
		return;
	}
	p.driver = "mysql";
	p.host = host;
	p.port = atoi(port);
	p.user = getenv("TPCC_TEST_MYSQL_TCP_USER") ? getenv("TPCC_TEST_MYSQL_TCP_USER") : "tpcc";
	p.password = getenv("TPCC_TEST_MYSQL_TCP_PASSWORD")
		? getenv("TPCC_TEST_MYSQL_TCP_PASSWORD") : "tpcc";
	p.database = mysql_target->p.database;
	p.socket = "/nonexistent/ignored-for-tcp.sock";
	p.connect_timeout = 5;

	p.ssl_mode = "DISABLED";
	ck_assert_msg(d->connect(&p, &c, &e) == 0, "tcp DISABLED: %s", e.msg);
	ck_assert_int_eq(xquery_int(c, "SELECT 3"), 3);
	d->disconnect(c);
	ck_assert_int_eq(tls_connect(d, &p, "DISABLED", NULL), 0);

	if (ca && *ca) {
		/* The test server offers TLS with a certificate from its own CA
		 * (tests/mariadb-server.sh); tests/mariadb-tls.sh goes further.
		 * PREFERRED to a loopback address is plain text, as on the
		 * socket: nothing leaves the machine. */
		ck_assert_int_eq(tls_connect(d, &p, "PREFERRED", NULL),
				 host_is_loopback(host) ? 0 : 1);
		ck_assert_int_eq(tls_connect(d, &p, "REQUIRED", NULL), 1);
		/* Verification needs that CA: the system's do not know it. */
		ck_assert_int_eq(tls_connect(d, &p, "VERIFY_IDENTITY", NULL), -1);
		ck_assert_int_eq(tls_connect(d, &p, "VERIFY_IDENTITY", ca), 1);
	} else {
		/* A server without TLS: PREFERRED falls back to plain text,
		 * REQUIRED and stricter refuse. */
		ck_assert_int_eq(tls_connect(d, &p, "PREFERRED", NULL), 0);
		ck_assert_int_eq(tls_connect(d, &p, "REQUIRED", NULL), -1);
		ck_assert_int_eq(tls_connect(d, &p, "VERIFY_IDENTITY", NULL), -1);
	}
	p.ssl_ca = NULL;
	p.ssl_mode = "sometimes";
	ck_assert_int_eq(d->connect(&p, &c, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_msg(strstr(e.msg, "ssl_mode") != NULL, "msg: %s", e.msg);

	p.ssl_mode = NULL;
	p.password = "wrong";
	ck_assert_int_eq(d->connect(&p, &c, &e), -1);
	ck_assert_int_eq(e.cls, DB_FATAL);
	ck_assert_int_eq(e.native, 1045);

	/* Nobody listening: a reconnect-class error. */
	p.password = "tpcc";
	p.port = 1;
	ck_assert_int_eq(d->connect(&p, &c, &e), -1);
	ck_assert_msg(e.cls == DB_RECONNECT, "refused: %s: %s", db_errclass_name(e.cls), e.msg);
}
END_TEST

START_TEST(test_mysql_option_file)
{
	const db_driver *d = mysql_target->drv;
	char path[PATH_MAX + 16];
	db_params p = { 0 };
	db_conn *c = NULL;
	db_error e;
	FILE *f;

	/* ~/.my.cnf is read last, so this [client] group wins over whatever
	 * /etc/mysql says; HOME is looked up at each connect.  (MARIADB_HOME
	 * would not do: Connector/C reads it once, at library init.) */
	snprintf(path, sizeof(path), "%s/.my.cnf", tmpdir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fprintf(f, "[client]\nsocket=%s\nuser=%s\n", mysql_socket,
		mysql_target->p.user ? mysql_target->p.user : "root");
	fclose(f);
	setenv("HOME", tmpdir, 1);

	p.driver = "mysql";
	p.database = mysql_target->p.database;
	p.read_option_files = 1;
	ck_assert_msg(d->connect(&p, &c, &e) == 0, "with option file: %s", e.msg);
	ck_assert_int_eq(xquery_int(c, "SELECT 11"), 11);
	d->disconnect(c);

	/* Without reading option files the library's default socket is used:
	 * nothing listens there, or at least not our private server. */
	p.read_option_files = 0;
	p.user = mysql_target->p.user;
	if (d->connect(&p, &c, &e) == 0) {
		char sock[PATH_MAX];
		ck_assert_int_eq(tget(c, "socket", sock, sizeof(sock), &e), 0);
		ck_assert_str_ne(sock, mysql_socket);
		d->disconnect(c);
	} else {
		ck_assert_msg(e.cls == DB_RECONNECT, "no option file: %s: %s",
			      db_errclass_name(e.cls), e.msg);
	}
	unlink(path);
}
END_TEST

/* ---- main -------------------------------------------------------------- */

static void rm_tmpdir(void)
{
	DIR *dir = opendir(tmpdir);
	struct dirent *de;
	char path[PATH_MAX + 300];

	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(path, sizeof(path), "%s/%s", tmpdir, de->d_name);
		unlink(path);
	}
	closedir(dir);
	rmdir(tmpdir);
}

/* Which hosts count as this machine over loopback, where PREFERRED means
 * plain text: numeric forms only here, so the answer needs no resolver. */
START_TEST(test_host_is_loopback)
{
	ck_assert_int_eq(host_is_loopback("127.0.0.1"), 1);
	ck_assert_int_eq(host_is_loopback("127.1.2.3"), 1);
	ck_assert_int_eq(host_is_loopback("::1"), 1);
	ck_assert_int_eq(host_is_loopback("::ffff:127.0.0.1"), 1);
	ck_assert_int_eq(host_is_loopback("10.0.0.1"), 0);
	ck_assert_int_eq(host_is_loopback("192.168.1.127"), 0);
	ck_assert_int_eq(host_is_loopback("::ffff:10.0.0.1"), 0);
	ck_assert_int_eq(host_is_loopback("2001:db8::1"), 0);
	ck_assert_int_eq(host_is_loopback("128.0.0.1"), 0);
	ck_assert_int_eq(host_is_loopback(""), 0);
	ck_assert_int_eq(host_is_loopback(NULL), 0);
	/* Does not resolve (.invalid is reserved): not local. */
	ck_assert_int_eq(host_is_loopback("no-such-host.invalid"), 0);
}
END_TEST

/* A batch on MySQL writes parameters into the statement's text: only a ?
 * outside strings, quoted names and comments is a placeholder. */
START_TEST(test_mysql_placeholders)
{
	ck_assert_uint_eq(mysql_placeholders("SELECT ? + ?"), 2);
	ck_assert_uint_eq(mysql_placeholders("SET s = s - ? WHERE k = ?"), 2);
	ck_assert_uint_eq(mysql_placeholders("SELECT '?', \"?\", `?` FROM t WHERE a = ?"), 1);
	ck_assert_uint_eq(mysql_placeholders("SELECT 'it''s ?', 'a\\'?' , ?"), 1);
	ck_assert_uint_eq(mysql_placeholders("SELECT 1 -- ? \n + ? # ?\n + ? /* ? */"), 2);
	/* "--" before anything but a space is two minus signs. */
	ck_assert_uint_eq(mysql_placeholders("SELECT 1--?"), 1);
	ck_assert_uint_eq(mysql_placeholders("SELECT '?"), 0);
	ck_assert_uint_eq(mysql_placeholders("SELECT 1 /* ?"), 0);
	ck_assert_uint_eq(mysql_placeholders(""), 0);
}
END_TEST

static Suite *drivers_suite(void)
{
	Suite *s = suite_create("drivers");
	TCase *tc;

	tc = tcase_create("registry");
	tcase_add_test(tc, test_registry);
	tcase_add_test(tc, test_error_helpers);
	tcase_add_test(tc, test_null_answers);
	tcase_add_test(tc, test_host_is_loopback);
	tcase_add_test(tc, test_mysql_placeholders);
	suite_add_tcase(s, tc);

	tc = tcase_create("generic");
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, test_connect, 0, ntargets);
	tcase_add_loop_test(tc, test_types_and_rows, 0, ntargets);
	tcase_add_loop_test(tc, test_long_text, 0, ntargets);
	tcase_add_loop_test(tc, test_query_int, 0, ntargets);
	tcase_add_loop_test(tc, test_errors, 0, ntargets);
	tcase_add_loop_test(tc, test_partial_reads, 0, ntargets);
	tcase_add_loop_test(tc, test_transactions, 0, ntargets);
	tcase_add_loop_test(tc, test_stmt_outlives_conn, 0, ntargets);
	tcase_add_loop_test(tc, test_concurrent_writers, 0, ntargets);
	tcase_add_loop_test(tc, test_batches, 0, ntargets);
	suite_add_tcase(s, tc);

	tc = tcase_create("sqlite");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_sqlite_busy);
	tcase_add_test(tc, test_sqlite_writers_queue);
	tcase_add_test(tc, test_sqlite_conn_vars);
	tcase_add_test(tc, test_sqlite_vars);
	tcase_add_test(tc, test_sqlite_cantopen);
	suite_add_tcase(s, tc);

	if (mysql_target) {
		tc = tcase_create("mysql");
		tcase_set_timeout(tc, 120);
		tcase_add_test(tc, test_mysql_lock_wait_timeout);
		tcase_add_test(tc, test_mysql_deadlock);
		tcase_add_test(tc, test_mysql_killed);
		tcase_add_test(tc, test_mysql_vars);
		tcase_add_test(tc, test_mysql_counters);
		tcase_add_test(tc, test_mysql_commit_when_open);
		tcase_add_test(tc, test_mysql_odbc_same_server_pane);
		tcase_add_test(tc, test_mysql_odbc_error_kinds);
		tcase_add_test(tc, test_mysql_call_proc);
		tcase_add_test(tc, test_mysql_tcp_tls);
		tcase_add_test(tc, test_mysql_option_file);
		suite_add_tcase(s, tc);
	}
	return s;
}

int main(void)
{
	const char *sock = getenv("TPCC_TEST_MYSQL_SOCKET");
	db_error e;
	SRunner *sr;
	int failed;

	snprintf(tmpdir, sizeof(tmpdir), "%s/tpcc-test-XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(tmpdir)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(sqlite_file, sizeof(sqlite_file), "%s/test.db", tmpdir);

	sqlite_target = &targets[ntargets++];
	sqlite_target->name = "sqlite";
	sqlite_target->drv = driver_find("sqlite");
	sqlite_target->p.driver = "sqlite";
	sqlite_target->p.file = sqlite_file;
	sqlite_target->p.create = 1;   /* a scratch file, made by the first connect */

	if (sock && *sock) {
		snprintf(mysql_socket, sizeof(mysql_socket), "%s", sock);
		mysql_target = &targets[ntargets++];
		mysql_target->name = "mysql";
		mysql_target->drv = driver_find("mysql");
		mysql_target->p.driver = "mysql";
		mysql_target->p.socket = mysql_socket;
		mysql_target->p.user = getenv("TPCC_TEST_MYSQL_USER") ?
			getenv("TPCC_TEST_MYSQL_USER") : "root";
		mysql_target->p.password = getenv("TPCC_TEST_MYSQL_PASSWORD");
		mysql_target->p.database = getenv("TPCC_TEST_MYSQL_DB") ?
			getenv("TPCC_TEST_MYSQL_DB") : "tpcc_test";
		mysql_target->p.connect_timeout = 10;
	} else {
		fprintf(stderr, "test_drivers: TPCC_TEST_MYSQL_SOCKET is not set: "
			"SKIPPING the MySQL/MariaDB tests (start a private server with "
			"tests/mariadb-server.sh start DIR and eval its output)\n");
	}

	for (int i = 0; i < ntargets; i++) {
		if (!targets[i].drv || targets[i].drv->init(&e) < 0) {
			fprintf(stderr, "test_drivers: %s init failed: %s\n", targets[i].name,
				targets[i].drv ? e.msg : "driver not found");
			rm_tmpdir();
			return 1;
		}
	}

	sr = srunner_create(drivers_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);

	for (int i = 0; i < ntargets; i++)
		targets[i].drv->done();
	rm_tmpdir();
	return failed ? 1 : 0;
}
