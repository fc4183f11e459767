/* session.h: the envelope every database subcommand shares: connect, find
 * the dialect, do the work, disconnect, whatever the work returned. */
#ifndef TPCC_SUBCOMMANDS_SESSION_H
#define TPCC_SUBCOMMANDS_SESSION_H

#include <stddef.h>
#include "config/options.h"
#include "dialect/dialect.h"
#include "drivers/driver.h"

/* The work: an exit code (EX_*), err filled when it is not EX_OK and there
 * is something to say.  d is NULL unless the session was asked for it;
 * conn is NULL only with SESSION_MISSING_OK, for a database not there. */
typedef int (*session_work)(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
			    char *err, size_t errlen);

enum {
	SESSION_DIALECT = 1,    /* find the dialect for work */
	SESSION_MISSING_OK = 2  /* a missing database is work's to word */
};

/* Connect to the configured database (never creating it), find its dialect
 * when flags say, call work, disconnect.  Returns work's exit code, or
 * EX_FAIL when there is no connection ("cannot connect: ...") and EX_USAGE
 * when there is no dialect, err filled. */
int session_run(tpcc_config *c, int flags, session_work work, void *ctx,
		char *err, size_t errlen);

#endif
