/* pg_errors.h: what a PostgreSQL SQLSTATE means for the engine, whichever
 * way it came (libpq in drivers/pg.c, psqlODBC in drivers/odbc.c).  Pure,
 * so tests/test_unit_odbc_errors.c checks it without a server. */
#ifndef TPCC_PG_ERRORS_H
#define TPCC_PG_ERRORS_H

#include "driver.h"

/* 40001 serialization failure and 40P01 deadlock: retry; 55P03 lock
 * timeout: retry; 57014 (statement_timeout, a cancel): other;
 * class 08 and 57P01..57P03 (backend terminated, server crashed or not
 * yet up): reconnect; class 23: constraint; NULL or anything else: other. */
db_errkind pg_sqlstate_kind(const char *sqlstate);

#endif
