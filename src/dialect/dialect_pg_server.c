/* dialect_pg_server.c: dialect_pg's server metrics.  PostgreSQL 17 moved
 * the checkpoint counters out of pg_stat_bgwriter into pg_stat_checkpointer
 * (and dropped buffers_backend), so one text cannot serve every version: the
 * server's version picks the text, and a version this does not know reads
 * the newest layout. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dialect.h"
#include "query.h"

/* What every version 13+ has: WAL bytes (pg_stat_wal, 14+), block reads
 * and hits and this database's commits, dead tuples of the tables the
 * workload updates (autovacuum falling behind shows here first), and the
 * backends at work. */
#define PG_COMMON \
	" UNION ALL SELECT 'blks_read', CAST(blks_read AS FLOAT8) FROM pg_stat_database" \
	" WHERE datname = current_database()" \
	" UNION ALL SELECT 'blks_hit', CAST(blks_hit AS FLOAT8) FROM pg_stat_database" \
	" WHERE datname = current_database()" \
	" UNION ALL SELECT 'dead_tuples', CAST(COALESCE(SUM(n_dead_tup), 0) AS FLOAT8)" \
	" FROM pg_stat_user_tables WHERE relname IN ('warehouse', 'district', 'customer'," \
	" 'stock', 'orders', 'new_order', 'order_line')" \
	" UNION ALL SELECT 'active_backends', CAST(COUNT(*) AS FLOAT8)" \
	" FROM pg_stat_activity WHERE state = 'active'"

static const char pg_metrics_16[] =
	"SELECT 'buffers_checkpoint', CAST(buffers_checkpoint AS FLOAT8) FROM pg_stat_bgwriter"
	" UNION ALL SELECT 'buffers_backend', CAST(buffers_backend AS FLOAT8) FROM pg_stat_bgwriter"
	" UNION ALL SELECT 'checkpoints', CAST(checkpoints_timed + checkpoints_req AS FLOAT8)"
	" FROM pg_stat_bgwriter"
	" UNION ALL SELECT 'wal_bytes', CAST(wal_bytes AS FLOAT8) FROM pg_stat_wal"
	PG_COMMON;

static const char pg_metrics_17[] =
	"SELECT 'buffers_checkpoint', CAST(buffers_written AS FLOAT8) FROM pg_stat_checkpointer"
	" UNION ALL SELECT 'checkpoints', CAST(num_timed + num_requested AS FLOAT8)"
	" FROM pg_stat_checkpointer"
	" UNION ALL SELECT 'wal_bytes', CAST(wal_bytes AS FLOAT8) FROM pg_stat_wal"
	PG_COMMON;

typedef struct fill {
	db_metric *out;
	int n, max;
} fill;

static int add(void *ctx, const char *name, double value)
{
	fill *f = ctx;
	if (f->n < f->max) {
		snprintf(f->out[f->n].name, sizeof f->out[f->n].name, "%s", name);
		f->out[f->n].value = value;
		f->n++;
	}
	return 0;
}

int pg_server_metrics(db_conn *c, db_metric *out, int max, db_error *e)
{
	char num[32];
	if (query_text(c, "SELECT current_setting('server_version_num')", NULL, num, sizeof num,
		       e) != 1)
		return -1;
	fill f = { out, 0, max };
	if (query_pairs(c, atol(num) >= 170000 ? pg_metrics_17 : pg_metrics_16, add, &f, e))
		return -1;
	return f.n;
}
