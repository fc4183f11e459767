/* dialect_sqlite_pragmas.h: dialect_sqlite's pragmas as server settings:
 * its get_var, set_var, check_var and in_effect slots. */
#ifndef TPCC_DIALECT_SQLITE_PRAGMAS_H
#define TPCC_DIALECT_SQLITE_PRAGMAS_H

#include "dialect.h"

int sqlite_get_var(db_conn *c, const char *name, char *buf, size_t len, db_error *e);
int sqlite_set_var(db_conn *c, const char *name, const char *value, char *note,
		   size_t notelen, db_error *e);
int sqlite_check_var(db_conn *c, const char *name, const char *value, char *why,
		     size_t whylen, db_error *e);
int sqlite_in_effect(db_conn *c, const char *name, const char *value, char *status,
		     size_t statuslen, db_error *e);

#endif
