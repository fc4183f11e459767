/* dialect_sqlite_snapshot.h: dialect_sqlite's snapshot slots. */
#ifndef TPCC_DIALECT_SQLITE_SNAPSHOT_H
#define TPCC_DIALECT_SQLITE_SNAPSHOT_H

#include "dialect.h"

int sqlite_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e);
int sqlite_snapshot(const snap_ctx *x, db_error *e);
int sqlite_restore(const snap_ctx *x, db_error *e);

#endif
