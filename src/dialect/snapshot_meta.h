/* snapshot_meta.h: what every dialect's snapshot says about itself, in its
 * own copy of tpcc_meta: whose copy it is and when it was taken.  Written
 * last, so a snapshot cut short is never taken for a whole one; taken out
 * of the schema again after a restore, so the restored tpcc_meta is the
 * one of the build. */
#ifndef TPCC_SNAPSHOT_META_H
#define TPCC_SNAPSHOT_META_H

#include "dialect.h"
#include "util/progress.h"

/* From the snapshot's tpcc_meta (conn reaches the snapshot): out->ours,
 * warehouses, taken_at and of; present is set.  A snapshot without the
 * table, or without the marks, is not ours (out->note says why).  -1 only
 * when the connection failed. */
int snap_meta_read(db_conn *conn, snap_info *out, db_error *e);
/* Mark the copy conn reaches as a finished snapshot of `of`. */
int snap_meta_mark(db_conn *conn, const char *of, db_error *e);
/* Take the marks out of the restored schema conn reaches. */
int snap_meta_unmark(db_conn *conn, db_error *e);
/* Say "restoring" in the schema's tpcc_meta while a restore runs, so a
 * restore cut short leaves a schema a run refuses (no tpcc_meta: nothing
 * to say, 0). */
int snap_meta_restoring(db_conn *conn, db_error *e);
/* The value of key in the tpcc_meta of the schema conn reaches: 1 with
 * buf filled, 0 no such row, -1 no table to read (or the connection
 * failed: e says which). */
int snap_meta_get(db_conn *conn, const char *key, char *buf, size_t len, db_error *e);
/* key set to value there (NULL: its row taken out), and committed. */
int snap_meta_set(db_conn *conn, const char *key, const char *value, db_error *e);

/* Who else is on database db, by sql (one text column, one ? for db; ""
 * or NULL: nobody), asked again every 100 ms for up to 5 s while anyone
 * is: a client that has just disconnected (a sweep's VUs before a
 * restore, the previous command's connection) is listed until the server
 * has let go of its session, which on a busy machine takes a moment, and
 * PostgreSQL's own DROP DATABASE waits as long.  x->stop ends the wait.
 * commit: end the read's transaction each time (MariaDB).  1 with who
 * filled when someone stays, 0 nobody, -1 the query failed. */
int snap_others_wait(const snap_ctx *x, db_conn *c, const char *sql, const char *db,
		     int commit, char *who, size_t len, db_error *e);

/* The progress of a copy of `parts` tables (files, databases) of `total`
 * units: x->prog started, drawn where x->progress_out says. */
void snap_progress_start(const snap_ctx *x, const char *what, const char *parts_what,
			 const char *unit, uint64_t total, int parts);

#endif
