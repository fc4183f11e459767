/* session.c: one connection for one piece of work (see session.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "session.h"
#include "exit_codes.h"
#include "tpcc/schema.h"

int session_run(tpcc_config *c, int flags, session_work work, void *ctx,
		char *err, size_t errlen)
{
	db_conn *conn;
	db_error e;
	const dialect *d = NULL;

	if (schema_connect(c, &conn, &e)) {
		if ((flags & SESSION_MISSING_OK) && db_error_no_database(&e))
			return work(c, NULL, NULL, ctx, err, errlen);
		snprintf(err, errlen, "cannot connect: %s", e.msg);
		return EX_FAIL;
	}
	if ((flags & SESSION_DIALECT) && !(d = schema_dialect(c, conn, &e))) {
		snprintf(err, errlen, "%s", e.msg);
		conn->drv->disconnect(conn);
		return EX_USAGE;
	}
	int rc = work(c, conn, d, ctx, err, errlen);
	conn->drv->disconnect(conn);
	return rc;
}
