/* dialect_pg_snapshot.h: dialect_pg's snapshot slots. */
#ifndef TPCC_DIALECT_PG_SNAPSHOT_H
#define TPCC_DIALECT_PG_SNAPSHOT_H

#include "dialect.h"

/* The database every PostgreSQL server has, to connect to when the one to
 * create, copy or drop cannot be the connection's own. */
#define PG_MAINTENANCE_DB "postgres"

/* 1 when database db exists, 0 when not, -1 on error. */
int pg_db_exists(db_conn *c, const char *db, db_error *e);
int pg_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e);
int pg_snapshot(const snap_ctx *x, db_error *e);
int pg_restore(const snap_ctx *x, db_error *e);
int pg_restore_blocked(const snap_ctx *x, db_error *e);

#endif
