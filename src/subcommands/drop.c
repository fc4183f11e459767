/* drop.c: the drop subcommand: the stored procedures and the TPC-C tables
 * go; the database (or the SQLite file) itself stays. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "session.h"
#include "subcommands.h"
#include "tpcc/schema.h"

static int drop(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		char *err, size_t errlen)
{
	db_error e;

	if (schema_drop(conn, d, &e)) {
		snprintf(err, errlen, "drop failed: %s", e.msg);
		return EX_FAIL;
	}
	printf("dropped the TPC-C tables in %s\n", schema_target_name(c));
	return EX_OK;
}

int sub_drop(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	return session_run(c, 1, drop, NULL, err, errlen);
}
