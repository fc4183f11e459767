/* odbc_errors.c: classify ODBC diagnostics (see odbc_errors.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "odbc_errors.h"
#include "pg_errors.h"

#include <string.h>
#include <strings.h>

enum odbc_server odbc_server_of(const char *dbms_name)
{
	if (!dbms_name)
		return ODBC_SERVER_OTHER;
	if (strcasestr(dbms_name, "postgres"))
		return ODBC_SERVER_POSTGRESQL;
	if (strcasestr(dbms_name, "mysql") || strcasestr(dbms_name, "mariadb"))
		return ODBC_SERVER_MYSQL;
	if (strcasestr(dbms_name, "sql server"))
		return ODBC_SERVER_MSSQL;
	return ODBC_SERVER_OTHER;
}

static db_errkind by_native(enum odbc_server srv, long native)
{
	switch (srv) {
	case ODBC_SERVER_MYSQL:
		switch (native) {
		case 1205: /* ER_LOCK_WAIT_TIMEOUT, reported as HY000 */
			return DB_KIND_LOCK_TIMEOUT;
		case 1213: /* ER_LOCK_DEADLOCK */
			return DB_KIND_DEADLOCK;
		case 1040: /* ER_CON_COUNT_ERROR (SQLSTATE 08004 too) */
		case 1203: /* ER_TOO_MANY_USER_CONNECTIONS */
		case 1053: /* ER_SERVER_SHUTDOWN */
		case 1927: /* ER_CONNECTION_KILLED */
		case 2002: case 2003: case 2006: case 2013: case 2055:
			return DB_KIND_CONNECTION;
		}
		break;
	case ODBC_SERVER_MSSQL:
		switch (native) {
		case 1205: /* chosen as deadlock victim (SQLSTATE 40001) */
			return DB_KIND_DEADLOCK;
		case 1222: /* lock request time out period exceeded */
			return DB_KIND_LOCK_TIMEOUT;
		}
		break;
	default:
		break;
	}
	return DB_KIND_OTHER;
}

db_errkind odbc_classify(enum odbc_server srv, const char *sqlstate, long native)
{
	if (!sqlstate)
		sqlstate = "";
	if (!strcmp(sqlstate, "40001") || !strcmp(sqlstate, "40P01"))
		return DB_KIND_DEADLOCK;
	if (!strcmp(sqlstate, "HYT00") || !strcmp(sqlstate, "HYT01"))
		return DB_KIND_LOCK_TIMEOUT;
	if (!strncmp(sqlstate, "08", 2))
		return DB_KIND_CONNECTION;
	if (srv == ODBC_SERVER_POSTGRESQL)
		return pg_sqlstate_kind(sqlstate);
	db_errkind k = by_native(srv, native);
	if (k == DB_KIND_OTHER && !strncmp(sqlstate, "23", 2))
		return DB_KIND_CONSTRAINT;
	return k;
}
