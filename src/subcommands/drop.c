/* drop.c: the drop subcommand: the stored procedures and the TPC-C tables
 * go; the database (or the SQLite file) itself stays. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "session.h"
#include "subcommands.h"
#include "tpcc/schema.h"

/* Only what a build of ours made goes: with no tpcc_meta (its first
 * table, dropped last) nothing here is ours, and tables of the same names
 * may be another tool's.  No schema is drop's goal reached, as where the
 * statements' IF EXISTS found nothing: exit 0. */
static int drop(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		char *err, size_t errlen)
{
	db_error e;
	schema_info si;

	if (!conn) {
		printf("no TPC-C schema to drop: %s does not exist\n", schema_target_name(c));
		return EX_OK;
	}
	if (schema_inspect(conn, &si, &e)) {
		snprintf(err, errlen, "drop failed: %s", e.msg);
		return EX_FAIL;
	}
	if (!si.present) {
		printf("no TPC-C schema in %s: nothing dropped\n", schema_target_name(c));
		return EX_OK;
	}
	if (schema_drop(conn, d, &e)) {
		snprintf(err, errlen, "drop failed: %s", e.msg);
		return EX_FAIL;
	}
	printf("dropped the TPC-C tables in %s\n", schema_target_name(c));
	return EX_OK;
}

int sub_drop(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	return session_run(c, SESSION_DIALECT | SESSION_MISSING_OK, drop, NULL, err, errlen);
}
