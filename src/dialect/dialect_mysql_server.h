/* dialect_mysql_server.h: what a MySQL or MariaDB server tells about itself
 * and how its settings are changed, for dialect_mysql's slots.  One copy
 * for the native driver and MariaDB Connector/ODBC alike, so both show the
 * same server pane. */
#ifndef TPCC_DIALECT_MYSQL_SERVER_H
#define TPCC_DIALECT_MYSQL_SERVER_H

#include <stddef.h>
#include <stdint.h>
#include "drivers/driver.h"

int mysql_server_txn_counter(db_conn *c, int64_t *out, db_error *e);
int mysql_server_metrics(db_conn *c, db_metric *out, int max, db_error *e);
int mysql_server_get_var(db_conn *c, const char *name, char *buf, size_t len, db_error *e);
int mysql_server_set_var(db_conn *c, const char *name, const char *value, char *note,
			 size_t notelen, db_error *e);
/* Would SET GLOBAL name = value be taken as asked?  0 yes, 1 no with why
 * filled (unknown, read-only, session-only, out of range, not one of the
 * choices), -1 the server could not be asked. */
int mysql_server_check_var(db_conn *c, const char *name, const char *value, char *why,
			   size_t whylen, db_error *e);
/* The value reads back (sizes as bytes) and, for the buffer pool, InnoDB
 * says no resize is under way. */
int mysql_server_in_effect(db_conn *c, const char *name, const char *value, char *status,
			   size_t statuslen, db_error *e);
/* What InnoDB moves along with name (dialect's dependents). */
const char *const *mysql_server_dependents(const char *name);
/* "512M", "2G": 1 with the bytes in *out; 0 when v is not such a size. */
int mysql_size_suffix(const char *v, unsigned long long *out);

#endif
