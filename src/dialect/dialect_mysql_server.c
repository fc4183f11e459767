/* dialect_mysql_server.c: see dialect_mysql_server.h.  MariaDB and MySQL
 * 5.7 keep the status in information_schema, MySQL 8 only in
 * performance_schema: each reading tries the first and falls back to the
 * second, so one build serves both. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect.h"
#include "dialect_mysql_server.h"
#include "query.h"

int mysql_server_txn_counter(db_conn *c, int64_t *out, db_error *e)
{
	static const char *const q[] = {
		"SELECT SUM(CAST(VARIABLE_VALUE AS UNSIGNED)) FROM"
		" information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN"
		" ('COM_COMMIT', 'COM_ROLLBACK')",
		"SELECT SUM(CAST(VARIABLE_VALUE AS UNSIGNED)) FROM"
		" performance_schema.global_status WHERE VARIABLE_NAME IN"
		" ('Com_commit', 'Com_rollback')",
	};
	int got = -1;

	for (size_t i = 0; i < sizeof q / sizeof q[0] && got < 0; i++)
		got = db_query_int(c, q[i], out, e);
	if (got == 0)
		return db_error_set(e, DB_FATAL, 0, "HY000", "mysql: Com_commit/Com_rollback "
				    "not found");
	return got < 0 ? -1 : 0;
}

/* Data fsyncs count the redo log's too: about one a commit (less with
 * group commit) when innodb_flush_log_at_trx_commit=1, about one a second
 * at 0 or 2, so they say whether commits wait for the disk. */
static const struct {
	const char *status;  /* the status variable, in any case */
	const char *name;    /* the metric's name on every path */
} metric_map[] = {
	{ "INNODB_BUFFER_POOL_PAGES_DIRTY", "innodb_buffer_pool_pages_dirty" },
	{ "INNODB_DATA_READS",              "innodb_data_reads" },
	{ "INNODB_DATA_WRITES",             "innodb_data_writes" },
	{ "INNODB_DATA_FSYNCS",             "innodb_data_fsyncs" },
	{ "INNODB_OS_LOG_WRITTEN",          "innodb_os_log_written" },
	{ "THREADS_RUNNING",                "threads_running" },
	{ "TRX_RSEG_HISTORY_LEN",           "history_list_length" },
	{ "INNODB_CHECKPOINT_AGE",          "innodb_checkpoint_age" }, /* last: see below */
};
#define NMETRICS (sizeof metric_map / sizeof metric_map[0])

typedef struct metrics_ctx {
	double value[NMETRICS];
	int have[NMETRICS];
} metrics_ctx;

static int metric_row(void *ctx, const char *name, double value)
{
	metrics_ctx *m = ctx;

	for (size_t i = 0; i < NMETRICS; i++)
		if (!strcasecmp(name, metric_map[i].status)) {
			m->value[i] = value;
			m->have[i] = 1;
		}
	return 0;
}

int mysql_server_metrics(db_conn *c, db_metric *out, int max, db_error *e)
{
	static const char *const status_q[] = {
		"SELECT VARIABLE_NAME, VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
		" WHERE VARIABLE_NAME IN ('INNODB_BUFFER_POOL_PAGES_DIRTY', 'INNODB_DATA_READS',"
		" 'INNODB_DATA_WRITES', 'INNODB_DATA_FSYNCS', 'INNODB_OS_LOG_WRITTEN',"
		" 'THREADS_RUNNING', 'INNODB_CHECKPOINT_AGE')",
		"SELECT VARIABLE_NAME, VARIABLE_VALUE FROM performance_schema.global_status"
		" WHERE VARIABLE_NAME IN ('Innodb_buffer_pool_pages_dirty', 'Innodb_data_reads',"
		" 'Innodb_data_writes', 'Innodb_data_fsyncs', 'Innodb_os_log_written',"
		" 'Threads_running')",
	};
	metrics_ctx m;
	db_error ignore;
	int n = 0, ok = 0;

	memset(&m, 0, sizeof m);
	for (size_t i = 0; i < sizeof status_q / sizeof status_q[0] && !ok; i++)
		ok = query_pairs(c, status_q[i], metric_row, &m, e) == 0;
	if (!ok)
		return -1;
	/* The history list length is only in INNODB_METRICS; it may be off or
	 * hidden by privileges, in which case it is just left out. */
	query_pairs(c, "SELECT 'TRX_RSEG_HISTORY_LEN', COUNT FROM information_schema.INNODB_METRICS"
		    " WHERE NAME = 'trx_rseg_history_len'", metric_row, &m, &ignore);
	/* MariaDB has the checkpoint age as a status variable (redo LSN minus
	 * the last checkpoint's).  MySQL has it only as an InnoDB metric,
	 * counted when the "log" metrics are on: otherwise it is left out. */
	if (!m.have[NMETRICS - 1])
		query_pairs(c, "SELECT 'INNODB_CHECKPOINT_AGE', COUNT FROM"
			    " information_schema.INNODB_METRICS WHERE NAME = 'log_lsn_checkpoint_age'"
			    " AND COUNT > 0", metric_row, &m, &ignore);
	for (size_t i = 0; i < NMETRICS && n < max; i++) {
		if (!m.have[i])
			continue;
		snprintf(out[n].name, sizeof out[n].name, "%s", metric_map[i].name);
		out[n].value = m.value[i];
		n++;
	}
	return n;
}

/* @@GLOBAL rather than information_schema.GLOBAL_VARIABLES, which MySQL 8
 * no longer has; it reads booleans back as 0/1. */
int mysql_server_get_var(db_conn *c, const char *name, char *buf, size_t len, db_error *e)
{
	char sql[96];
	int rc;

	if (dialect_valid_name(name, 0, e))
		return -1;
	snprintf(sql, sizeof sql, "SELECT @@GLOBAL.%s", name);
	rc = query_text(c, sql, NULL, buf, len, e);
	if (rc == 0)
		buf[0] = '\0';
	return rc < 0 ? -1 : 0;
}

/* "512M" style sizes, as in my.cnf; SET GLOBAL only takes plain numbers. */
int mysql_size_suffix(const char *v, unsigned long long *out)
{
	char *end;
	unsigned long long n;
	int shift;

	if (!(*v >= '0' && *v <= '9'))
		return 0;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno || end[0] == '\0' || end[1] != '\0')
		return 0;
	switch (*end) {
	case 'k': case 'K': shift = 10; break;
	case 'm': case 'M': shift = 20; break;
	case 'g': case 'G': shift = 30; break;
	case 't': case 'T': shift = 40; break;
	default: return 0;
	}
	if (n > (~0ULL >> shift))
		return 0;
	*out = n << shift;
	return 1;
}

/* A string literal for a server that takes '\' as an escape (the default
 * sql_mode): both the quote and the backslash are doubled. */
static void quote_literal(const char *value, char *out)
{
	*out++ = '\'';
	for (const char *p = value; *p; p++) {
		if (*p == '\'' || *p == '\\')
			*out++ = *p;
		*out++ = *p;
	}
	*out++ = '\'';
	*out = '\0';
}

/* SET GLOBAL: numbers and ON/OFF/DEFAULT as they are, sizes as bytes,
 * anything else as a string literal. */
int mysql_server_set_var(db_conn *c, const char *name, const char *value, char *note,
			 size_t notelen, db_error *e)
{
	unsigned long long bytes;
	size_t n;
	char *sql;
	int rc;

	if (dialect_valid_name(name, 0, e))
		return -1;
	if (!value)
		return db_error_set(e, DB_FATAL, 0, "HY000", "mysql: no value for %s", name);
	n = strlen(name) + 2 * strlen(value) + 32;
	sql = malloc(n);
	if (!sql)
		return db_error_set(e, DB_FATAL, 0, "HY001", "mysql: out of memory");
	if (dialect_is_number(value) || !strcasecmp(value, "ON") || !strcasecmp(value, "OFF") ||
	    !strcasecmp(value, "DEFAULT"))
		snprintf(sql, n, "SET GLOBAL %s = %s", name, value);
	else if (mysql_size_suffix(value, &bytes))
		snprintf(sql, n, "SET GLOBAL %s = %llu", name, bytes);
	else
		quote_literal(value, sql + snprintf(sql, n, "SET GLOBAL %s = ", name));
	rc = db_exec(c, sql, e);
	free(sql);
	if (rc == 0)
		snprintf(note, notelen, "SET GLOBAL: sessions read most variables at connect, "
			 "InnoDB's at once");
	return rc;
}
