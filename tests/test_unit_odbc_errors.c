/* test_unit_odbc_errors.c: how an ODBC diagnostic maps to the engine's
 * error kinds (and the classes they imply), per kind of server, and the server kind from its
 * SQL_DBMS_NAME.  No driver manager, no server: odbc_classify is pure. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include "drivers/odbc_errors.h"
#include "drivers/pg_errors.h"

/* The kind, and the class that follows from it (what the engine does). */
static void expect(enum odbc_server srv, const char *state, long native, db_errkind kind,
		   db_errclass cls)
{
	db_errkind got = odbc_classify(srv, state, native);
	ck_assert_msg(got == kind, "server %d, %s/%ld: kind %s, expected %s", (int)srv, state,
		      native, db_errkind_name(got), db_errkind_name(kind));
	ck_assert_msg(db_errkind_class(got) == cls, "server %d, %s/%ld: class %s, expected %s",
		      (int)srv, state, native, db_errclass_name(db_errkind_class(got)),
		      db_errclass_name(cls));
}

START_TEST(test_server_of)
{
	ck_assert_int_eq(odbc_server_of("PostgreSQL"), ODBC_SERVER_POSTGRESQL);
	ck_assert_int_eq(odbc_server_of("MariaDB"), ODBC_SERVER_MYSQL);
	ck_assert_int_eq(odbc_server_of("MySQL"), ODBC_SERVER_MYSQL);
	ck_assert_int_eq(odbc_server_of("Microsoft SQL Server"), ODBC_SERVER_MSSQL);
	ck_assert_int_eq(odbc_server_of("Oracle"), ODBC_SERVER_OTHER);
	ck_assert_int_eq(odbc_server_of(""), ODBC_SERVER_OTHER);
	ck_assert_int_eq(odbc_server_of(NULL), ODBC_SERVER_OTHER);
}
END_TEST

/* The standard states mean the same whatever the server. */
START_TEST(test_standard_states)
{
	for (int srv = ODBC_SERVER_OTHER; srv <= ODBC_SERVER_MSSQL; srv++) {
		expect(srv, "40001", 0, DB_KIND_DEADLOCK, DB_RETRY);
		expect(srv, "HYT00", 0, DB_KIND_LOCK_TIMEOUT, DB_RETRY);
		expect(srv, "HYT01", 0, DB_KIND_LOCK_TIMEOUT, DB_RETRY);
		expect(srv, "08S01", 0, DB_KIND_CONNECTION, DB_RECONNECT);
		expect(srv, "08001", 0, DB_KIND_CONNECTION, DB_RECONNECT);
		expect(srv, "08003", 0, DB_KIND_CONNECTION, DB_RECONNECT);
		expect(srv, "42S02", 0, DB_KIND_OTHER, DB_FATAL);
		expect(srv, "23000", 0, DB_KIND_CONSTRAINT, DB_FATAL);
		expect(srv, "HY000", 0, DB_KIND_OTHER, DB_FATAL);
		expect(srv, "", 0, DB_KIND_OTHER, DB_FATAL);
	}
	expect(ODBC_SERVER_OTHER, NULL, 0, DB_KIND_OTHER, DB_FATAL);
}
END_TEST

START_TEST(test_postgresql)
{
	expect(ODBC_SERVER_POSTGRESQL, "40P01", 0, DB_KIND_DEADLOCK, DB_RETRY);  /* deadlock */
	expect(ODBC_SERVER_POSTGRESQL, "40001", 0, DB_KIND_DEADLOCK, DB_RETRY);  /* serialization */
	expect(ODBC_SERVER_POSTGRESQL, "55P03", 0, DB_KIND_LOCK_TIMEOUT, DB_RETRY);  /* lock_timeout */
	expect(ODBC_SERVER_POSTGRESQL, "57P01", 0, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_POSTGRESQL, "57P02", 0, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_POSTGRESQL, "57P03", 0, DB_KIND_CONNECTION, DB_RECONNECT);
	/* too many clients: a connect retried until the limit is raised */
	expect(ODBC_SERVER_POSTGRESQL, "53300", 0, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_POSTGRESQL, "57014", 0, DB_KIND_OTHER, DB_FATAL);  /* statement timeout */
	expect(ODBC_SERVER_POSTGRESQL, "23505", 0, DB_KIND_CONSTRAINT, DB_FATAL);
	/* psqlODBC's own native numbers mean nothing as MySQL's would. */
	expect(ODBC_SERVER_POSTGRESQL, "HY000", 1205, DB_KIND_OTHER, DB_FATAL);
	expect(ODBC_SERVER_POSTGRESQL, "HY000", 2013, DB_KIND_OTHER, DB_FATAL);
}
END_TEST

/* libpq's SQLSTATEs (drivers/pg.c) mean what psqlODBC's do. */
START_TEST(test_libpq_states)
{
	static const char *const states[] = { "40P01", "40001", "55P03", "57P01", "57P02",
					      "57P03", "53300", "57014", "23505", "08006", "08001",
					      "42P01", "XX000" };
	for (size_t i = 0; i < sizeof states / sizeof states[0]; i++)
		ck_assert_int_eq(pg_sqlstate_kind(states[i]),
				 odbc_classify(ODBC_SERVER_POSTGRESQL, states[i], 0));
	ck_assert_int_eq(pg_sqlstate_kind("08006"), DB_KIND_CONNECTION);
	ck_assert_int_eq(pg_sqlstate_kind("40P01"), DB_KIND_DEADLOCK);
	ck_assert_int_eq(pg_sqlstate_kind("55P03"), DB_KIND_LOCK_TIMEOUT);
	ck_assert_int_eq(pg_sqlstate_kind("23503"), DB_KIND_CONSTRAINT);
	/* No SQLSTATE: libpq's own failure, decided by the connection's state. */
	ck_assert_int_eq(pg_sqlstate_kind(NULL), DB_KIND_OTHER);
}
END_TEST

START_TEST(test_mysql)
{
	/* Connector/ODBC reports a lock wait timeout as HY000 + 1205. */
	expect(ODBC_SERVER_MYSQL, "HY000", 1205, DB_KIND_LOCK_TIMEOUT, DB_RETRY);
	expect(ODBC_SERVER_MYSQL, "40001", 1213, DB_KIND_DEADLOCK, DB_RETRY);
	expect(ODBC_SERVER_MYSQL, "HY000", 1213, DB_KIND_DEADLOCK, DB_RETRY);
	expect(ODBC_SERVER_MYSQL, "HY000", 2006, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_MYSQL, "HY000", 2013, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_MYSQL, "70100", 1927, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_MYSQL, "08S01", 1053, DB_KIND_CONNECTION, DB_RECONNECT);
	/* max_connections, max_user_connections: refused until raised */
	expect(ODBC_SERVER_MYSQL, "08004", 1040, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_MYSQL, "42000", 1203, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_MYSQL, "42S02", 1146, DB_KIND_OTHER, DB_FATAL);
	expect(ODBC_SERVER_MYSQL, "23000", 1062, DB_KIND_CONSTRAINT, DB_FATAL);
	/* 55P03 is PostgreSQL's, not MySQL's. */
	expect(ODBC_SERVER_MYSQL, "55P03", 0, DB_KIND_OTHER, DB_FATAL);
}
END_TEST

START_TEST(test_mssql)
{
	expect(ODBC_SERVER_MSSQL, "40001", 1205, DB_KIND_DEADLOCK, DB_RETRY);  /* deadlock victim */
	expect(ODBC_SERVER_MSSQL, "HY000", 1222, DB_KIND_LOCK_TIMEOUT, DB_RETRY);  /* lock request timeout */
	expect(ODBC_SERVER_MSSQL, "08S01", 10054, DB_KIND_CONNECTION, DB_RECONNECT);
	expect(ODBC_SERVER_MSSQL, "42S02", 208, DB_KIND_OTHER, DB_FATAL);
	expect(ODBC_SERVER_MSSQL, "23000", 2627, DB_KIND_CONSTRAINT, DB_FATAL);
	expect(ODBC_SERVER_MSSQL, "HY000", 2013, DB_KIND_OTHER, DB_FATAL);
}
END_TEST

/* A server's message over several lines (psqlODBC passes on ERROR:,
 * DETAIL: and HINT: lines; libpq's connect errors end in a newline) is
 * one line in an event. */
START_TEST(test_oneline)
{
	char out[200];
	db_text_oneline("ERROR:  deadlock detected\nDETAIL:\tProcess 1 waits\n\nHINT:  See the log\n",
			out, sizeof out);
	ck_assert_str_eq(out, "ERROR: deadlock detected. DETAIL: Process 1 waits. HINT: See the log");
	db_text_oneline("could not connect: Connection refused\n\tIs the server running\n", out,
			sizeof out);
	ck_assert_str_eq(out, "could not connect: Connection refused. Is the server running");
	db_text_oneline("a long line\nthat wraps on", out, sizeof out);
	ck_assert_str_eq(out, "a long line that wraps on");
	db_text_oneline("cut short here", out, 6);
	ck_assert_str_eq(out, "cut s");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("odbc_errors");
	TCase *tc = tcase_create("classify");
	tcase_add_test(tc, test_server_of);
	tcase_add_test(tc, test_standard_states);
	tcase_add_test(tc, test_postgresql);
	tcase_add_test(tc, test_libpq_states);
	tcase_add_test(tc, test_mysql);
	tcase_add_test(tc, test_mssql);
	tcase_add_test(tc, test_oneline);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
