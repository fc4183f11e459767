/* schema_check.h: before a run starts a VU, make sure the database really
 * is a TPC-C schema this run can use: the nine tables with the columns the
 * transactions name, as many warehouses as tpcc_meta says, and in
 * procedures mode the stored procedures.  Each finding is one message that
 * names what is missing and what to do about it. */
#ifndef TPCC_SCHEMA_CHECK_H
#define TPCC_SCHEMA_CHECK_H

#include <stddef.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"

/* Each returns 0 when all is there, 1 with msg filled when something is
 * missing, -1 with msg filled when the database could not be asked (lost
 * connection).  where names the database in messages ("database tpcc"). */
/* m (NULL: our names) names the tables of an adopted schema. */
int schema_check_tables(db_conn *c, const schema_map *m, const char *where, char *msg,
			size_t len);
/* The warehouse table holds warehouses 1..n. */
int schema_check_warehouses(db_conn *c, const schema_map *m, int n, const char *where,
			    char *msg, size_t len);
/* The tables of m's layout (tpcc_meta aside) that lack a column our
 * statements name: 0 none, 1 msg names the first table's missing columns
 * (or the missing tables), -1 lost. */
int schema_check_layout(db_conn *c, const schema_map *m, char *msg, size_t len);
/* Every routine of dialect_proc_names exists (d->proc_exists_sql). */
int schema_check_procedures(db_conn *c, const dialect *d, const char *where,
			    char *msg, size_t len);

#endif
