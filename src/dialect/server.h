/* server.h: the database server's own counters, metrics and settings, read
 * through the dialect alone, so every path to one kind of server (native
 * driver or ODBC) reads them with the same statements. */
#ifndef TPCC_SERVER_H
#define TPCC_SERVER_H

#include <stddef.h>
#include <stdint.h>
#include "dialect.h"
#include "drivers/driver.h"

/* 1 when the server has a transaction counter this way. */
int server_has_txn_counter(db_conn *c, const dialect *d);
/* Committed + rolled-back transactions so far.  Ends the read's own
 * transaction, so the next read sees fresh statistics. */
int server_txn_counter(db_conn *c, const dialect *d, int64_t *out, db_error *e);
/* 1 when the monitor has server metrics to sample over drv. */
int server_has_metrics(const db_driver *drv, const dialect *d);
/* Up to max metrics; returns how many, or -1. */
int server_metrics(db_conn *c, const dialect *d, db_metric *out, int max, db_error *e);
int server_get_var(db_conn *c, const dialect *d, const char *name, char *buf, size_t len,
		   db_error *e);
/* The server's data directory, as the server names it (a path on its own
 * host); -1 when the dialect has no such setting or it cannot be read. */
int server_datadir(db_conn *c, const dialect *d, char *buf, size_t len, db_error *e);
/* note gets when and where the change takes effect, when the dialect says. */
int server_set_var(db_conn *c, const dialect *d, const char *name, const char *value,
		   char *note, size_t notelen, db_error *e);
/* Where a changed variable's value came from before the change, so that
 * putting it back leaves the server's record of changed settings
 * (postgresql.auto.conf) as it was: VAR_SAVED_ENTRY, an entry whose value
 * as written is in the text; VAR_SAVED_NONE, no entry; VAR_SAVED_UNKNOWN,
 * the server keeps no such record, it could not be read, or a results
 * file from before it was journalled. */
enum { VAR_SAVED_UNKNOWN = -1, VAR_SAVED_NONE = 0, VAR_SAVED_ENTRY = 1 };
/* *saved is VAR_SAVED_UNKNOWN when the dialect keeps no record; -1 when
 * the record could not be read. */
int server_saved_var(db_conn *c, const dialect *d, const char *name, int *saved, char *text,
		     size_t textlen, db_error *e);
/* Give name its value from before a change back: remove the entry the
 * change made when there was none (saved VAR_SAVED_NONE), set the entry's
 * own text when there was one, else set old. */
int server_put_back_var(db_conn *c, const dialect *d, const char *name, const char *old,
			int saved, const char *saved_text, char *note, size_t notelen,
			db_error *e);
/* 1 when name reads old (now gets what it reads) and, when saved is
 * known, its record is as saved says: a value set back by hand by `set`
 * reads old but leaves an entry the run made.  0 not, -1 error. */
int server_var_is_back(db_conn *c, const dialect *d, const char *name, const char *old,
		       int saved, const char *saved_text, char *now, size_t nowlen, db_error *e);
/* Before changing anything: would set_var take value for name as asked?
 * 0 yes; 1 no, with why filled; -1 the server could not be asked. */
int server_check_var(db_conn *c, const dialect *d, const char *name, const char *value,
		     char *why, size_t whylen, db_error *e);
/* After server_set_var: 1 value is in effect, 0 not yet (status says
 * what the server reports), -1 error. */
int server_in_effect(db_conn *c, const dialect *d, const char *name, const char *value,
		     char *status, size_t statuslen, db_error *e);

/* Waits (waits.h), each reading ending its transaction as metrics do.
 * server_has_waits: the dialect can tell them over drv. */
int server_has_waits(const db_driver *drv, const dialect *d);
/* How the waits are read (w->database set by the caller). */
int server_wait_open(db_conn *c, const dialect *d, wait_src *w, db_error *e);
/* One snapshot of the sessions (WS_SAMPLED). */
int server_wait_sample(db_conn *c, const dialect *d, wait_src *w, wait_acc *a, db_error *e);
/* The second's end: for WS_TIMED the deltas into out (0: a baseline only,
 * 1: out filled); for both, the counters, their rates against prev.
 * -1 on error. */
int server_wait_second(db_conn *c, const dialect *d, wait_src *w, wait_second *out,
		       const wait_second *prev, double dt, db_error *e);

#endif
