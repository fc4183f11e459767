/* conn_vars.h: settings that live on each connection, carried to every VU.
 *
 * Where a dialect's settings belong to a connection (SQLite's pragmas), a
 * `set` on the engine's control connection would change nothing the VUs
 * do.  Every change that succeeds there is noted here with a generation
 * count; each VU compares the count with its own between transactions and
 * sets the noted values on its connection (a new connection: all of them).
 * The put-back of the knob journal is a change like any other. */
#ifndef TPCC_RUN_CONN_VARS_H
#define TPCC_RUN_CONN_VARS_H

#include <pthread.h>
#include <stdatomic.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"

#define CONN_VARS_MAX 16

typedef struct conn_vars {
	pthread_mutex_t lock;     /* names and values */
	int n;
	char name[CONN_VARS_MAX][64];
	char value[CONN_VARS_MAX][128];
	atomic_long gen;          /* 0 until the first change */
} conn_vars;

void conn_vars_init(conn_vars *cv);
void conn_vars_destroy(conn_vars *cv);
/* The current value of name (replacing an earlier one); -1 when the table
 * is full, and the VUs then keep their values. */
int conn_vars_note(conn_vars *cv, const char *name, const char *value);
/* Set every noted value on c when *seen is behind the generation, and
 * bring *seen up to it.  Returns 0, or -1 with err filled by the first
 * setting that failed (the others are still set). */
int conn_vars_apply(conn_vars *cv, long *seen, const dialect *d, db_conn *c, db_error *err);

#endif
