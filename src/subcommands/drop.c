/* drop.c: the drop subcommand: the stored procedures and the TPC-C tables
 * go; the database (or the SQLite file) itself stays.  On a schema adopt
 * made ours the tables are the other tool's: only what adopt added goes. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "session.h"
#include "subcommands.h"
#include "tpcc/adopt.h"
#include "tpcc/schema.h"

static int drop_adopted(tpcc_config *c, db_conn *conn, const dialect *d, const schema_info *si,
			char *err, size_t errlen)
{
	db_error e;
	int n = 0;

	if (adopt_drop(conn, d, &si->map, &n, &e)) {
		snprintf(err, errlen, "drop failed (%d index%s adopt added taken out; the adopted "
			 "tables untouched): %s", n, n == 1 ? "" : "es", e.msg);
		return EX_FAIL;
	}
	printf("dropped what adopt --apply added to %s: %d index%s, our stored procedures and "
	       "tpcc_meta; the adopted tables are the other tool's (%s) and were left in place\n",
	       schema_target_name(c), n, n == 1 ? "" : "es", si->map.layout);
	return EX_OK;
}

/* Only what a build of ours made goes: with no tpcc_meta (its first
 * table, dropped last) nothing here is ours, and tables of the same names
 * may be another tool's.  No schema is drop's goal reached, as where the
 * statements' IF EXISTS found nothing: exit 0. */
static int drop(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		char *err, size_t errlen)
{
	db_error e;
	schema_info si;

	(void)ctx;
	if (!conn) {
		printf("no TPC-C schema to drop: %s does not exist\n", schema_target_name(c));
		return EX_OK;
	}
	if (schema_inspect(conn, &si, &e)) {
		snprintf(err, errlen, "drop failed: cannot read tpcc_meta: %s", e.msg);
		return EX_FAIL;
	}
	if (!si.present) {
		printf("no TPC-C schema in %s: nothing dropped\n", schema_target_name(c));
		return EX_OK;
	}
	if (si.map.layout[0])
		return drop_adopted(c, conn, d, &si, err, errlen);
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
