/* dialect_sqlite_pragmas.c: SQLite's pragmas as the server settings, and
 * which values each takes.  SQLite never refuses a pragma's value: an
 * unknown name does nothing, synchronous=bogus becomes its default,
 * cache_size=abc becomes 0, mmap_size is clamped to the build's maximum.
 * So a value is vetted against what the pragma documents where it is known
 * here, and every change is read back: a value that does not read back as
 * asked is put back and refused, rather than reported as set. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect_sqlite_pragmas.h"
#include "query.h"

/* choices NULL: an integer.  numbered: the pragma also takes (and reads
 * back as) the choice's place in the list.  per_conn: the setting belongs
 * to the connection, so trying a value on the control connection and
 * putting it back changes nothing anyone else sees. */
typedef struct pragma {
	const char *name, *choices;
	int numbered, per_conn;
} pragma;

static const pragma known[] = {
	{ "synchronous", "OFF,NORMAL,FULL,EXTRA", 1, 1 },
	{ "temp_store", "DEFAULT,FILE,MEMORY", 1, 1 },
	{ "locking_mode", "NORMAL,EXCLUSIVE", 0, 1 },
	{ "journal_mode", "DELETE,TRUNCATE,PERSIST,MEMORY,WAL,OFF", 0, 0 },
	{ "cache_size", NULL, 0, 1 },
	{ "mmap_size", NULL, 0, 1 },
	{ "wal_autocheckpoint", NULL, 0, 1 },
	{ "busy_timeout", NULL, 0, 1 },
	{ "journal_size_limit", NULL, 0, 1 },
	{ "threads", NULL, 0, 1 },
	{ "page_size", NULL, 0, 0 },
};

static const pragma *find(const char *name)
{
	for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
		if (!strcasecmp(known[i].name, name))
			return &known[i];
	return NULL;
}

static int is_integer(const char *v)
{
	if (*v == '+' || *v == '-')
		v++;
	if (!*v)
		return 0;
	for (; *v; v++)
		if (*v < '0' || *v > '9')
			return 0;
	return 1;
}

static int count_choices(const char *list)
{
	int n = 1;
	for (; *list; list++)
		n += *list == ',';
	return n;
}

/* 0 when the pragma documents value; 1 with why filled when it does not. */
static int value_ok(const char *name, const char *value, char *why, size_t whylen)
{
	const pragma *p = find(name);
	if (!p)
		return 0;
	if (!p->choices) {
		if (is_integer(value))
			return 0;
		snprintf(why, whylen, "%s takes an integer, not '%s'", name, value);
		return 1;
	}
	int n = count_choices(p->choices);
	if (dialect_list_index(value, p->choices) >= 0 ||
	    (p->numbered && is_integer(value) && atoi(value) >= 0 && atoi(value) < n))
		return 0;
	if (p->numbered)
		snprintf(why, whylen, "%s takes one of %s or 0 to %d, not '%s'", name, p->choices,
			 n - 1, value);
	else
		snprintf(why, whylen, "%s takes one of %s, not '%s'", name, p->choices, value);
	return 1;
}

/* A value as the pragma reads back: a numbered choice as its number, a
 * boolean word as 0 or 1 (foreign_keys=ON reads 1). */
static const char *as_read(const char *name, const char *v, char *buf, size_t len)
{
	static const char *const words[] = { "off", "on", "no", "yes", "false", "true" };
	const pragma *p = find(name);
	int at;
	if (p && p->choices) {
		if (p->numbered && (at = dialect_list_index(v, p->choices)) >= 0) {
			snprintf(buf, len, "%d", at);
			return buf;
		}
		return v;
	}
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (!strcasecmp(v, words[i]))
			return i % 2 ? "1" : "0";
	return v;
}

static int reads_as(const char *name, const char *read, const char *asked)
{
	char a[16], b[16];
	return dialect_same_value(as_read(name, read, a, sizeof a),
				  as_read(name, asked, b, sizeof b));
}

/* Pragma names are spliced into SQL text: dialect_valid_name vets them. */
int sqlite_get_var(db_conn *c, const char *name, char *buf, size_t len, db_error *e)
{
	char sql[96];
	int rc;

	if (dialect_valid_name(name, 0, e))
		return -1;
	snprintf(sql, sizeof sql, "PRAGMA %s", name);
	rc = query_text(c, sql, NULL, buf, len, e);
	if (rc == 0)
		return db_error_set(e, DB_FATAL, 0, "HY000",
				    "sqlite: pragma %s returned no value (unknown?)", name);
	return rc < 0 ? -1 : 0;
}

static int pragma_exec(db_conn *c, const char *name, const char *value, db_error *e)
{
	size_t n = strlen(name) + 2 * strlen(value) + 16;
	char *sql = malloc(n);
	if (!sql)
		return db_error_set(e, DB_FATAL, 0, "HY001", "sqlite: out of memory");
	int at = snprintf(sql, n, "PRAGMA %s=", name);
	if (dialect_is_number(value) || !strcasecmp(value, "ON") || !strcasecmp(value, "OFF"))
		snprintf(sql + at, n - (size_t)at, "%s", value);
	else
		dialect_quote(value, sql + at, n - (size_t)at);
	int rc = db_exec(c, sql, e);
	free(sql);
	return rc;
}

/* Set name and read it back: 0 in effect; 1 not taken (why filled, the
 * old value put back); -1 error. */
static int set_checked(db_conn *c, const char *name, const char *value, char *why,
		       size_t whylen, db_error *e)
{
	char old[256], now[256];

	if (dialect_valid_name(name, 0, e))
		return -1;
	if (value_ok(name, value, why, whylen))
		return 1;
	if (sqlite_get_var(c, name, old, sizeof old, e) || pragma_exec(c, name, value, e) ||
	    sqlite_get_var(c, name, now, sizeof now, e))
		return -1;
	if (reads_as(name, now, value))
		return 0;
	snprintf(why, whylen, "SQLite reads %s = %s back as %s (it ignores or clamps a value it "
		 "does not take); left at %s", name, value, now, old);
	return pragma_exec(c, name, old, e) ? -1 : 1;
}

int sqlite_set_var(db_conn *c, const char *name, const char *value, char *note,
		   size_t notelen, db_error *e)
{
	char why[512];

	(void)note;
	(void)notelen;
	if (!value)
		return db_error_set(e, DB_FATAL, 0, "HY000", "sqlite: no value for %s", name);
	int rc = set_checked(c, name, value, why, sizeof why, e);
	if (rc > 0)
		db_error_set(e, DB_FATAL, 0, "22023", "%s", why);
	return rc ? -1 : 0;
}

/* A setting of the connection's own is tried on the control connection
 * and put back, which finds a clamp too; the database's own settings
 * (journal_mode, page_size) and pragmas not known here are only vetted
 * and read, since trying them would change the file. */
int sqlite_check_var(db_conn *c, const char *name, const char *value, char *why,
		     size_t whylen, db_error *e)
{
	const pragma *p = find(name);
	char old[256];

	why[0] = '\0';
	if (value_ok(name, value, why, whylen))
		return 1;
	if (sqlite_get_var(c, name, old, sizeof old, e)) {
		snprintf(why, whylen, "%s", e->msg);
		return 1;
	}
	if (!p || !p->per_conn)
		return 0;
	int rc = set_checked(c, name, value, why, whylen, e);
	if (rc == 0 && pragma_exec(c, name, old, e))
		rc = -1;
	return rc;
}

int sqlite_in_effect(db_conn *c, const char *name, const char *value, char *status,
		     size_t statuslen, db_error *e)
{
	char now[256];

	status[0] = '\0';
	if (sqlite_get_var(c, name, now, sizeof now, e))
		return -1;
	snprintf(status, statuslen, "reads %s", now);
	return reads_as(name, now, value);
}
