/* session.h: the envelope every database subcommand shares: connect, find
 * the dialect, do the work, disconnect, whatever the work returned. */
#ifndef TPCC_SUBCOMMANDS_SESSION_H
#define TPCC_SUBCOMMANDS_SESSION_H

#include <stddef.h>
#include "config/options.h"
#include "dialect/dialect.h"
#include "drivers/driver.h"

/* The work: an exit code (EX_*), err filled when it is not EX_OK and there
 * is something to say.  d is NULL unless the session was asked for it. */
typedef int (*session_work)(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
			    char *err, size_t errlen);

/* Connect to the configured database (never creating it), find its dialect
 * when want_dialect, call work, disconnect.  Returns work's exit code, or
 * EX_FAIL when there is no connection ("cannot connect: ...") and EX_USAGE
 * when there is no dialect, err filled. */
int session_run(tpcc_config *c, int want_dialect, session_work work, void *ctx,
		char *err, size_t errlen);

#endif
