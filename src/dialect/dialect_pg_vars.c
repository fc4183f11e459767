/* dialect_pg_vars.c: whether a PostgreSQL setting would take a value as
 * asked, judged from pg_settings (context, type, bounds, choices) without
 * changing anything, so a sweep refuses before its first step a setting
 * that needs a restart (context postmaster) or can never change
 * (internal), and a value out of bounds or not among the choices. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect.h"
#include "query.h"

/* The fields apart by '|', which no context, type, bound, unit or choice
 * holds. */
static const char describe_sql[] =
	"SELECT context || '|' || vartype || '|' || COALESCE(min_val, '') || '|' ||"
	" COALESCE(max_val, '') || '|' || COALESCE(unit, '') || '|' ||"
	" COALESCE(array_to_string(enumvals, ','), '')"
	" FROM pg_settings WHERE name = lower(?)";

int pg_check_var(db_conn *c, const char *name, const char *value, char *why, size_t whylen,
		 db_error *e)
{
	char row[4096], *f[6];

	why[0] = '\0';
	int rc = query_text(c, describe_sql, name, row, sizeof row, e);
	if (rc < 0)
		return -1;
	if (rc == 0) {
		snprintf(why, whylen, "unrecognized setting '%s'", name);
		return 1;
	}
	if (dialect_split(row, f, 6) < 6)
		return db_error_set(e, DB_FATAL, 0, "HY000", "pg_settings row for %s is not as "
				    "expected", name);
	const char *context = f[0], *type = f[1], *min = f[2], *max = f[3], *unit = f[4],
		   *list = f[5];
	if (!strcmp(context, "postmaster")) {
		snprintf(why, whylen, "%s takes effect only after a server restart (pg_settings."
			 "context postmaster): a sweep cannot step through it", name);
		return 1;
	}
	if (!strcmp(context, "internal")) {
		snprintf(why, whylen, "%s is read-only (pg_settings.context internal)", name);
		return 1;
	}
	if (!strcmp(type, "bool")) {
		static const char *const ok[] = { "on", "off", "true", "false", "yes", "no", "1", "0" };
		for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++)
			if (!strcasecmp(value, ok[i]))
				return 0;
		snprintf(why, whylen, "%s takes on or off, not '%s'", name, value);
		return 1;
	}
	if (!strcmp(type, "enum")) {
		if (dialect_in_list(value, list))
			return 0;
		snprintf(why, whylen, "%s takes one of %s, not '%s'", name, list, value);
		return 1;
	}
	if (!strcmp(type, "integer") || !strcmp(type, "real")) {
		/* A value with a unit ("64MB") is the server's to convert:
		 * only plain numbers, in the setting's own unit, are judged. */
		if (!dialect_is_number(value))
			return 0;
		double v = strtod(value, NULL);
		if ((*min && v < strtod(min, NULL)) || (*max && v > strtod(max, NULL))) {
			snprintf(why, whylen, "%s takes %s to %s%s%s, not %s", name, min, max,
				 *unit ? " " : "", unit, value);
			return 1;
		}
	}
	return 0;
}

/* pg_reload_conf() only signals: each backend, this one too, reads the
 * file when the signal reaches it.  current_setting() shows the value
 * with its unit ("64MB"), setting in the unit's count ("65536"): either
 * may be how the value was asked. */
int pg_in_effect(db_conn *c, const char *name, const char *value, char *status,
		 size_t statuslen, db_error *e)
{
	char row[1024];
	status[0] = '\0';
	int rc = query_text(c, "SELECT current_setting(name) || '|' || setting FROM pg_settings"
			    " WHERE name = lower(?)", name, row, sizeof row, e);
	c->drv->commit(c, &(db_error){ 0 });
	if (rc <= 0)
		return rc < 0 ? -1 : db_error_set(e, DB_FATAL, 0, "42704",
						  "unrecognized setting '%s'", name);
	char *f[2];
	if (dialect_split(row, f, 2) < 2)
		return 0;
	snprintf(status, statuslen, "reads %s", f[0]);
	return dialect_same_value(f[0], value) || dialect_same_value(f[1], value);
}
