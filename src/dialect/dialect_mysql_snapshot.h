/* dialect_mysql_snapshot.h: dialect_mysql's snapshot slots. */
#ifndef TPCC_DIALECT_MYSQL_SNAPSHOT_H
#define TPCC_DIALECT_MYSQL_SNAPSHOT_H

#include "dialect.h"

int mysql_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e);
int mysql_snapshot(const snap_ctx *x, db_error *e);
int mysql_restore(const snap_ctx *x, db_error *e);

#endif
