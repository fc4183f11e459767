/* dialect_mssql_waits.c: SQL Server's waits, from sys.dm_os_wait_stats:
 * cumulative wait time per wait type, server-wide (it does not tell the
 * run's sessions from others', and has no CPU class: signal waits and
 * SOS_SCHEDULER_YIELD are the nearest).  The benign waits of idle
 * background tasks are left out, as every DBA's wait query does.  Never
 * run against a live server here: the text is unit-tested. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "dialect.h"
#include "query.h"

const char mssql_wait_stats_sql[] =
	"SELECT wait_type, CAST(wait_time_ms AS FLOAT) / 1000.0 FROM sys.dm_os_wait_stats"
	" WHERE wait_time_ms > 0 AND wait_type NOT IN ('SLEEP_TASK', 'LAZYWRITER_SLEEP',"
	" 'SQLTRACE_BUFFER_FLUSH', 'REQUEST_FOR_DEADLOCK_SEARCH', 'XE_TIMER_EVENT',"
	" 'XE_DISPATCHER_WAIT', 'LOGMGR_QUEUE', 'CHECKPOINT_QUEUE', 'BROKER_TO_FLUSH',"
	" 'BROKER_TASK_STOP', 'BROKER_EVENTHANDLER', 'CLR_AUTO_EVENT', 'DIRTY_PAGE_POLL',"
	" 'HADR_FILESTREAM_IOMGR_IOCOMPLETION', 'SP_SERVER_DIAGNOSTICS_SLEEP',"
	" 'FT_IFTS_SCHEDULER_IDLE_WAIT', 'WAITFOR', 'SLEEP_SYSTEMTASK',"
	" 'QDS_PERSIST_TASK_MAIN_LOOP_SLEEP', 'QDS_CLEANUP_STALE_QUERIES_TASK_MAIN_LOOP_SLEEP',"
	" 'SQLTRACE_INCREMENTAL_FLUSH_SLEEP', 'ONDEMAND_TASK_QUEUE', 'XE_LIVE_TARGET_TVF')";

int mssql_wait_open(db_conn *c, wait_src *w, db_error *e)
{
	(void)c;
	(void)e;
	w->kind = WS_TIMED;
	w->limited = 0;
	snprintf(w->label, sizeof w->label, "sys.dm_os_wait_stats deltas, server-wide");
	snprintf(w->note, sizeof w->note, "waits: server-wide timed waits (needs VIEW SERVER "
		 "STATE); no CPU class");
	return 0;
}

static int wait_row(void *ctx, const char *name, double s)
{
	wait_reading *r = ctx;
	if (r->n >= WAIT_TIMED_MAX)
		return 0;
	snprintf(r->ev[r->n].name, sizeof r->ev[r->n].name, "%s", name);
	r->ev[r->n].cls = wait_class_mssql(name);
	r->ev[r->n].s = s;
	r->n++;
	return 0;
}

int mssql_wait_timed(db_conn *c, wait_src *w, wait_reading *r, db_error *e)
{
	(void)w;
	r->n = 0;
	return query_pairs(c, mssql_wait_stats_sql, wait_row, r, e) ? -1 : 0;
}
