/* dialect_mysql_snapshot.h: dialect_mysql's snapshot slots. */
#ifndef TPCC_DIALECT_MYSQL_SNAPSHOT_H
#define TPCC_DIALECT_MYSQL_SNAPSHOT_H

#include "dialect.h"

int mysql_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e);
int mysql_snapshot(const snap_ctx *x, db_error *e);
int mysql_restore(const snap_ctx *x, db_error *e);

/* dialect_mysql_snapshot_swap.c: the side databases a snapshot is copied
 * into and moved out of.  The snapshot's name with suffix, in buf; 1
 * (refused, e says why) when MariaDB's names have no room for it. */
int mysql_side_name(const char *snapshot, const char *suffix, char *buf, size_t len,
		    db_error *e);
/* Drop side, left by a snapshot cut short, when it holds only a copy of
 * ours (x->map's tables, or a marked snapshot): 0; 1 refused otherwise,
 * -1 failed (e says which). */
int mysql_side_clear(const snap_ctx *x, db_conn *c, const char *side, db_error *e);
/* Move fresh's tables into snapshot and snapshot's into old in one
 * RENAME TABLE, then drop old and fresh. */
int mysql_side_swap(db_conn *c, const char *fresh, const char *snapshot, const char *old,
		    db_error *e);

#endif
