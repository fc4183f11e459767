/* test_unit_waits.c: the waits' vocabulary and arithmetic (src/dialect/
 * waits.c): each server's events land in the class a DBA expects, a
 * second's snapshots become average active sessions, sums over seconds keep
 * their top events, timed waits become seconds per second from their
 * deltas, and SQL Server's wait query (never run against a live server
 * here) has the shape the reader needs. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include <string.h>
#include "unit.h"
#include "dialect/dialect.h"
#include "dialect/waits.h"

START_TEST(test_pg_classes)
{
	ck_assert_int_eq(wait_class_pg("idle", "Client", "ClientRead"), -1);
	ck_assert_int_eq(wait_class_pg("active", NULL, NULL), WC_CPU);
	ck_assert_int_eq(wait_class_pg("active", "", ""), WC_CPU);
	ck_assert_int_eq(wait_class_pg("idle in transaction", "Client", "ClientRead"), WC_NETWORK);
	ck_assert_int_eq(wait_class_pg("active", "Lock", "transactionid"), WC_ROW_LOCK);
	ck_assert_int_eq(wait_class_pg("active", "Lock", "tuple"), WC_ROW_LOCK);
	ck_assert_int_eq(wait_class_pg("active", "Lock", "relation"), WC_TABLE_LOCK);
	ck_assert_int_eq(wait_class_pg("active", "LWLock", "WALWrite"), WC_LOG);
	ck_assert_int_eq(wait_class_pg("active", "IO", "WALSync"), WC_LOG);
	ck_assert_int_eq(wait_class_pg("active", "IO", "DataFileRead"), WC_DATA_IO);
	ck_assert_int_eq(wait_class_pg("active", "LWLock", "BufferMapping"), WC_BUFFER);
	ck_assert_int_eq(wait_class_pg("active", "LWLock", "LockManager"), WC_MUTEX);
	ck_assert_int_eq(wait_class_pg("active", "IPC", "ProcArrayGroupUpdate"), WC_OTHER);
}
END_TEST

START_TEST(test_mysql_classes)
{
	char ev[WAIT_EVENT_NAME];
	ck_assert_int_eq(wait_class_mysql_session("Sleep", "", NULL, NULL, ev, sizeof ev), -1);
	ck_assert_int_eq(wait_class_mysql_session("Sleep", "", NULL, "RUNNING", ev, sizeof ev),
			 WC_NETWORK);
	/* The processlist says Updating; only INNODB_TRX knows it waits. */
	ck_assert_int_eq(wait_class_mysql_session("Execute", "Updating", "UPDATE district",
						  "LOCK WAIT", ev, sizeof ev), WC_ROW_LOCK);
	ck_assert_str_eq(ev, "InnoDB row lock wait");
	ck_assert_int_eq(wait_class_mysql_session("Query", "Waiting for table metadata lock",
						  "ALTER", "RUNNING", ev, sizeof ev), WC_TABLE_LOCK);
	ck_assert_int_eq(wait_class_mysql_session("Query", "Commit", "COMMIT", "RUNNING", ev,
						  sizeof ev), WC_LOG);
	ck_assert_int_eq(wait_class_mysql_session("Query", "Starting", "COMMIT", "RUNNING", ev,
						  sizeof ev), WC_LOG);
	ck_assert_int_eq(wait_class_mysql_session("Execute", "Sending data", "SELECT", "RUNNING",
						  ev, sizeof ev), WC_CPU);
	ck_assert_str_eq(ev, "Sending data");
	ck_assert_int_eq(wait_class_mysql_session("Binlog Dump", "", NULL, NULL, ev, sizeof ev), -1);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/file/innodb/innodb_log_file"), WC_LOG);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/file/innodb/innodb_data_file"), WC_DATA_IO);
	ck_assert_int_eq(wait_class_mysql_event("wait/lock/metadata/sql/mdl"), WC_TABLE_LOCK);
	ck_assert_int_eq(wait_class_mysql_event("wait/synch/mutex/innodb/buf_pool_mutex"), WC_BUFFER);
	ck_assert_int_eq(wait_class_mysql_event("wait/synch/rwlock/innodb/dict_operation_lock"),
			 WC_MUTEX);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/socket/sql/client_connection"), WC_NETWORK);
}
END_TEST

/* What a default MariaDB 10.11 with performance_schema=ON times for a
 * TPC-C run's sessions, and the instruments a DBA may turn on. */
START_TEST(test_mysql_ps_events)
{
	/* Between statements, and the handler's time (all of the engine's
	 * work, InnoDB's row-lock waits inside it): no waits. */
	ck_assert_int_eq(wait_class_mysql_event("idle"), -1);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/table/sql/handler"), -1);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/file/innodb/innodb_log_file"), WC_LOG);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/file/sql/binlog"), WC_LOG);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/file/innodb/innodb_temp_file"), WC_DATA_IO);
	ck_assert_int_eq(wait_class_mysql_event("wait/io/file/aria/MAD"), WC_DATA_IO);
	ck_assert_int_eq(wait_class_mysql_event("wait/lock/table/sql/handler"), WC_TABLE_LOCK);
	ck_assert_int_eq(wait_class_mysql_event("wait/synch/mutex/innodb/log_sys_mutex"), WC_LOG);
	ck_assert_int_eq(wait_class_mysql_event("wait/synch/mutex/innodb/lock_mutex"), WC_MUTEX);
	ck_assert_int_eq(wait_class_mysql_event("wait/synch/cond/sql/MDL_context::COND_wait_status"),
			 WC_MUTEX);
	/* The reader's query: the run's own sessions, name and seconds. */
	const char *q = mysql_wait_timed_sql;
	ck_assert_ptr_nonnull(strstr(q, "events_waits_summary_by_thread_by_event_name"));
	ck_assert_ptr_nonnull(strstr(q, "PROCESSLIST_DB = ?"));
	ck_assert_ptr_nonnull(strstr(q, "/ 1e12"));
	ck_assert_ptr_eq((void *)dialect_mysql.wait_timed, (void *)mysql_wait_timed);
}
END_TEST

/* A sampled second refined by the timed waits: of 4 sessions, 1 in a
 * row-lock wait (samples), 3 busy otherwise; of those 3, the timed waits
 * say 1.2 s/s on the log file and 0.3 on data files: CPU is the 1.5 left. */
START_TEST(test_refine)
{
	wait_second s, t;
	memset(&s, 0, sizeof s);
	memset(&t, 0, sizeof t);
	s.source = WS_SAMPLED;
	s.samples = 10;
	s.aas[WC_ROW_LOCK] = 1;
	s.aas[WC_CPU] = 2.5;
	s.aas[WC_LOG] = 0.5;     /* "commit": 0.7 more timed, taken from CPU */
	s.nev = 3;
	s.ev[0] = (wait_event){ "Updating", WC_CPU, 2.5 };
	s.ev[1] = (wait_event){ "InnoDB row lock wait", WC_ROW_LOCK, 1 };
	s.ev[2] = (wait_event){ "commit: Commit", WC_LOG, 0.5 };
	t.aas[WC_LOG] = 1.2;
	t.aas[WC_DATA_IO] = 0.3;
	t.aas[WC_ROW_LOCK] = 0.2;
	t.nev = 2;
	t.ev[0] = (wait_event){ "wait/io/file/innodb/innodb_log_file", WC_LOG, 1.2 };
	t.ev[1] = (wait_event){ "wait/io/file/innodb/innodb_data_file", WC_DATA_IO, 0.3 };
	wait_refine(&s, &t);
	ck_assert_int_eq(s.source, WS_TIMED);
	ck_assert_int_eq(s.samples, 10);
	ck_assert_double_eq_tol(s.aas[WC_CPU], 1.5, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_LOG], 1.2, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_DATA_IO], 0.3, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_ROW_LOCK], 1, 1e-9);    /* the larger */
	ck_assert_double_eq_tol(wait_total(s.aas), 4, 1e-9);
	ck_assert_int_eq(s.nev, 5);
	ck_assert_str_eq(s.ev[0].name, "Updating");
	ck_assert_double_eq_tol(s.ev[0].aas, 1.5, 1e-9);
	ck_assert_str_eq(s.ev[1].name, "wait/io/file/innodb/innodb_log_file");
	ck_assert_str_eq(s.ev[2].name, "InnoDB row lock wait");
	ck_assert_str_eq(s.ev[3].name, "commit: Commit");
	/* Samples' log time beyond the timed (no redo instrument): kept. */
	memset(&t, 0, sizeof t);
	memset(&s, 0, sizeof s);
	s.aas[WC_CPU] = 1;
	s.aas[WC_LOG] = 2;
	wait_refine(&s, &t);
	ck_assert_double_eq_tol(s.aas[WC_LOG], 2, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_CPU], 1, 1e-9);
	t.aas[WC_LOG] = 1.2;
	t.aas[WC_DATA_IO] = 0.3;
	t.aas[WC_ROW_LOCK] = 0.2;
	/* Timed waits beyond the sampled busy time: no negative CPU. */
	memset(&s, 0, sizeof s);
	s.aas[WC_CPU] = 0.5;
	wait_refine(&s, &t);
	ck_assert_double_eq_tol(s.aas[WC_CPU], 0, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_LOG], 1.2, 1e-9);
}
END_TEST

START_TEST(test_mssql_classes_and_sql)
{
	ck_assert_int_eq(wait_class_mssql("WRITELOG"), WC_LOG);
	ck_assert_int_eq(wait_class_mssql("PAGEIOLATCH_SH"), WC_DATA_IO);
	ck_assert_int_eq(wait_class_mssql("LCK_M_X"), WC_ROW_LOCK);
	ck_assert_int_eq(wait_class_mssql("LCK_M_SCH_M"), WC_TABLE_LOCK);
	ck_assert_int_eq(wait_class_mssql("LCK_M_IX"), WC_TABLE_LOCK);
	ck_assert_int_eq(wait_class_mssql("PAGELATCH_EX"), WC_BUFFER);
	ck_assert_int_eq(wait_class_mssql("SOS_SCHEDULER_YIELD"), WC_CPU);
	ck_assert_int_eq(wait_class_mssql("ASYNC_NETWORK_IO"), WC_NETWORK);
	/* Two columns, name and seconds, from the wait stats view; the idle
	 * background waits left out; T-SQL (no LIMIT). */
	const char *q = mssql_wait_stats_sql;
	ck_assert_ptr_nonnull(strstr(q, "SELECT wait_type, CAST(wait_time_ms AS FLOAT) / 1000.0"));
	ck_assert_ptr_nonnull(strstr(q, "FROM sys.dm_os_wait_stats"));
	ck_assert_ptr_nonnull(strstr(q, "'LAZYWRITER_SLEEP'"));
	ck_assert_ptr_null(strstr(q, "LIMIT"));
	ck_assert_ptr_null(strchr(q, '?'));
	ck_assert_ptr_eq((void *)dialect_mssql.wait_timed, (void *)mssql_wait_timed);
	ck_assert_ptr_null((void *)dialect_mssql.wait_sample);
	ck_assert_ptr_nonnull((void *)dialect_mysql.wait_sample);
	ck_assert_ptr_nonnull((void *)dialect_pg.wait_sample);
}
END_TEST

START_TEST(test_snapshots_make_aas)
{
	wait_acc a;
	wait_second s;
	wait_acc_reset(&a);
	/* Ten snapshots of 4 sessions: 3 on CPU and 1 in a row-lock wait in
	 * each of the first five, all 4 on CPU in the last five. */
	for (int i = 0; i < 10; i++) {
		for (int k = 0; k < 4; k++)
			wait_acc_session(&a, i < 5 && k == 0 ? WC_ROW_LOCK : WC_CPU,
					 i < 5 && k == 0 ? "Lock:transactionid" : "CPU");
		wait_acc_snapshot(&a);
	}
	wait_acc_second(&a, &s);
	ck_assert_int_eq(s.source, WS_SAMPLED);
	ck_assert_int_eq(s.samples, 10);
	ck_assert_double_eq_tol(s.aas[WC_CPU], 3.5, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_ROW_LOCK], 0.5, 1e-9);
	ck_assert_double_eq_tol(wait_total(s.aas), 4.0, 1e-9);
	ck_assert_int_eq(s.nev, 2);
	ck_assert_str_eq(s.ev[0].name, "CPU");
	ck_assert_str_eq(s.ev[1].name, "Lock:transactionid");
	double share;
	ck_assert_int_eq(wait_dominant(s.aas, &share), WC_CPU);
	ck_assert_double_eq_tol(share, 3.5 / 4, 1e-9);

	wait_sum sum;
	wait_sum_reset(&sum);
	wait_sum_add(&sum, &s);
	s.aas[WC_ROW_LOCK] = 2.5;
	s.ev[1].aas = 2.5;
	wait_sum_add(&sum, &s);
	double mean[WC_COUNT];
	wait_event top[4];
	int n = wait_sum_mean(&sum, mean, top, 4);
	ck_assert_int_eq(sum.seconds, 2);
	ck_assert_double_eq_tol(mean[WC_ROW_LOCK], 1.5, 1e-9);
	ck_assert_int_eq(n, 2);
	ck_assert_str_eq(top[0].name, "CPU");
	ck_assert_double_eq_tol(top[1].aas, 1.5, 1e-9);
}
END_TEST

START_TEST(test_timed_deltas)
{
	wait_src w;
	wait_reading r = { 0 };
	wait_second s;
	memset(&w, 0, sizeof w);
	r.n = 2;
	strcpy(r.ev[0].name, "WRITELOG");
	r.ev[0].cls = WC_LOG;
	r.ev[0].s = 100;
	strcpy(r.ev[1].name, "LCK_M_X");
	r.ev[1].cls = WC_ROW_LOCK;
	r.ev[1].s = 10;
	ck_assert_int_eq(wait_timed_fold(&w, &r, 1.0, &s), 0);   /* a baseline only */
	r.ev[0].s = 101;     /* 1 s more over 2 s: 0.5 AAS */
	r.ev[1].s = 14;      /* 4 s more: 2 AAS */
	ck_assert_int_eq(wait_timed_fold(&w, &r, 2.0, &s), 1);
	ck_assert_double_eq_tol(s.aas[WC_LOG], 0.5, 1e-9);
	ck_assert_double_eq_tol(s.aas[WC_ROW_LOCK], 2.0, 1e-9);
	ck_assert_str_eq(s.ev[0].name, "LCK_M_X");
	/* A counter that went back (a server restart) is not a negative wait. */
	r.ev[1].s = 1;
	ck_assert_int_eq(wait_timed_fold(&w, &r, 1.0, &s), 1);
	ck_assert_double_eq_tol(s.aas[WC_ROW_LOCK], 0, 1e-9);
}
END_TEST

START_TEST(test_counter_rates)
{
	wait_counter prev[2] = { { "row_lock_waits", 10, 0, 0 }, { "pending", 3, 0, 1 } };
	wait_counter cur[2] = { { "row_lock_waits", 30, 0, 0 }, { "pending", 1, 0, 1 } };
	wait_counters_rate(cur, 2, prev, 2, 2.0);
	ck_assert_double_eq_tol(cur[0].rate, 10, 1e-9);
	ck_assert_double_eq_tol(cur[1].rate, 0, 1e-9);   /* a gauge has no rate */
	ck_assert_int_eq(wait_class_by_name("row_lock"), WC_ROW_LOCK);
	ck_assert_int_eq(wait_class_by_name("nope"), -1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("waits");
	TCase *tc = tcase_create("waits");
	tcase_add_test(tc, test_pg_classes);
	tcase_add_test(tc, test_mysql_classes);
	tcase_add_test(tc, test_mysql_ps_events);
	tcase_add_test(tc, test_refine);
	tcase_add_test(tc, test_mssql_classes_and_sql);
	tcase_add_test(tc, test_snapshots_make_aas);
	tcase_add_test(tc, test_timed_deltas);
	tcase_add_test(tc, test_counter_rates);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
