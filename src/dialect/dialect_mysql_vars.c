/* dialect_mysql_vars.c: whether SET GLOBAL would take a value as asked,
 * judged from MariaDB's information_schema.SYSTEM_VARIABLES (scope,
 * read-only, type, bounds, choices) without changing anything, so a sweep
 * can refuse a bad step before its first one.  MySQL has no such table:
 * there reading the variable is the whole check. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect.h"
#include "dialect_mysql_server.h"
#include "query.h"

/* One row as text: the fields apart by '|', which no type, bound or choice
 * list holds. */
static const char describe_sql[] =
	"SELECT CONCAT_WS('|', VARIABLE_SCOPE, READ_ONLY, VARIABLE_TYPE,"
	" IFNULL(NUMERIC_MIN_VALUE, ''), IFNULL(NUMERIC_MAX_VALUE, ''),"
	" IFNULL(ENUM_VALUE_LIST, ''))"
	" FROM information_schema.SYSTEM_VARIABLES WHERE VARIABLE_NAME = UPPER(?)";

/* The value as a number the way mysql_server_set_var sends it. */
static int as_number(const char *v, long double *out)
{
	unsigned long long bytes;
	char *end;

	if (mysql_size_suffix(v, &bytes)) {
		*out = (long double)bytes;
		return 1;
	}
	if (!dialect_is_number(v))
		return 0;
	errno = 0;
	*out = strtold(v, &end);
	return !errno && !*end;
}

/* Is v one of a comma-separated list of choices, or its index? */
static int in_list(const char *v, const char *list)
{
	if (dialect_in_list(v, list))
		return 1;
	int idx = 0;
	for (const char *p = list; *p; p++)
		idx += *p == ',';
	char *end;
	long n = strtol(v, &end, 10);
	return *list && *v && !*end && n >= 0 && n <= idx;
}

int mysql_server_check_var(db_conn *c, const char *name, const char *value, char *why,
			   size_t whylen, db_error *e)
{
	char row[2048], *f[6];
	db_error qe;

	why[0] = '\0';
	if (dialect_valid_name(name, 0, e))
		return -1;
	int rc = query_text(c, describe_sql, name, row, sizeof row, &qe);
	if (rc < 0) {
		/* MySQL: no SYSTEM_VARIABLES.  An unknown name still shows. */
		if (mysql_server_get_var(c, name, row, sizeof row, &qe)) {
			snprintf(why, whylen, "%s", qe.msg);
			return 1;
		}
		return 0;
	}
	if (rc == 0) {
		snprintf(why, whylen, "unknown variable '%s'", name);
		return 1;
	}
	if (dialect_split(row, f, 6) < 6)
		return db_error_set(e, DB_FATAL, 0, "HY000", "mysql: SYSTEM_VARIABLES row for %s "
				    "is not as expected", name);
	const char *scope = f[0], *ro = f[1], *type = f[2], *min = f[3], *max = f[4], *list = f[5];
	if (!strcasecmp(ro, "YES")) {
		snprintf(why, whylen, "%s is read-only (set it in the server's configuration "
			 "and restart)", name);
		return 1;
	}
	if (!strcasecmp(scope, "SESSION")) {
		snprintf(why, whylen, "%s is a session variable: SET GLOBAL cannot change it", name);
		return 1;
	}
	if (!strcasecmp(value, "DEFAULT"))
		return 0;
	if (!strcasecmp(type, "BOOLEAN")) {
		static const char *const ok[] = { "ON", "OFF", "TRUE", "FALSE", "1", "0" };
		for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
			if (!strcasecmp(value, ok[i]))
				return 0;
		snprintf(why, whylen, "%s takes ON or OFF, not '%s'", name, value);
		return 1;
	}
	if (!strcasecmp(type, "ENUM") || !strcasecmp(type, "SET")) {
		if (!strcasecmp(type, "SET") || in_list(value, list))
			return 0;
		snprintf(why, whylen, "%s takes one of %s, not '%s'", name, list, value);
		return 1;
	}
	if (strstr(type, "INT") || !strcasecmp(type, "DOUBLE")) {
		long double v, lo, hi;
		if (!as_number(value, &v)) {
			snprintf(why, whylen, "%s takes a number (%s), not '%s'", name, type, value);
			return 1;
		}
		/* The server would clamp it with a warning: not the value asked. */
		if ((*min && as_number(min, &lo) && v < lo) || (*max && as_number(max, &hi) && v > hi)) {
			snprintf(why, whylen, "%s takes %s to %s, not %s (the server would clamp it)",
				 name, min, max, value);
			return 1;
		}
	}
	return 0;
}

/* A buffer-pool resize goes on in the background on MariaDB before 10.11's
 * rework and on MySQL: its status says "Completed ..." (or nothing) once
 * done, anything else while it works. */
int mysql_server_in_effect(db_conn *c, const char *name, const char *value, char *status,
			   size_t statuslen, db_error *e)
{
	char now[256];
	unsigned long long bytes;

	status[0] = '\0';
	if (mysql_server_get_var(c, name, now, sizeof now, e))
		return -1;
	snprintf(status, statuslen, "reads %s", now);
	int same = dialect_same_value(now, value);
	if (!same && mysql_size_suffix(value, &bytes)) {
		char b[32];
		snprintf(b, sizeof b, "%llu", bytes);
		same = dialect_same_value(now, b);
	}
	if (!same || strcasecmp(name, "innodb_buffer_pool_size"))
		return same;
	db_error qe;
	int rc = query_text(c, "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS"
			    " WHERE VARIABLE_NAME = 'INNODB_BUFFER_POOL_RESIZE_STATUS'", NULL, now,
			    sizeof now, &qe);
	if (rc <= 0)
		return 1; /* no such status: the resize was synchronous */
	if (now[0] && strncasecmp(now, "Completed", 9)) {
		snprintf(status, statuslen, "%s", now);
		return 0;
	}
	return 1;
}

/* InnoDB keeps innodb_io_capacity <= innodb_io_capacity_max by moving
 * the other one, with only a warning. */
const char *const *mysql_server_dependents(const char *name)
{
	static const char *const cap[] = { "innodb_io_capacity_max", NULL };
	static const char *const cap_max[] = { "innodb_io_capacity", NULL };
	if (!strcasecmp(name, "innodb_io_capacity"))
		return cap;
	if (!strcasecmp(name, "innodb_io_capacity_max"))
		return cap_max;
	return NULL;
}
