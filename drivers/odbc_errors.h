/* odbc_errors.h: what an ODBC diagnostic record means for the engine.  Kept
 * apart from odbc.c so it can be unit-tested without a driver manager or a
 * server (tests/test_unit_odbc_errors.c).
 *
 * The SQLSTATE decides where it is standard (40001 serialization failure,
 * 40P01 PostgreSQL deadlock, HYT00/HYT01 timeouts, class 08 connection
 * errors, class 23 constraints); the native error number decides where a
 * driver reports the generic HY000 (MariaDB Connector/ODBC for a lock wait
 * timeout, SQL Server for its lock request timeout).  The native numbers
 * are the ODBC driver's table per kind of server rather than the
 * dialect's: errors arrive before a dialect is chosen (at connect), and a
 * driver sits below the dialects and does not include them. */
#ifndef TPCC_ODBC_ERRORS_H
#define TPCC_ODBC_ERRORS_H

#include "driver.h"

/* The kind of server behind the connection, as far as errors go. */
enum odbc_server {
	ODBC_SERVER_OTHER = 0,
	ODBC_SERVER_MYSQL,      /* MySQL and MariaDB */
	ODBC_SERVER_POSTGRESQL,
	ODBC_SERVER_MSSQL
};

/* From SQLGetInfo(SQL_DBMS_NAME); unknown names give ODBC_SERVER_OTHER. */
enum odbc_server odbc_server_of(const char *dbms_name);

/* The kind of one diagnostic record.  The SQLSTATE is kept as the server
 * sent it: the kind says what it means. */
db_errkind odbc_classify(enum odbc_server srv, const char *sqlstate, long native);

#endif
