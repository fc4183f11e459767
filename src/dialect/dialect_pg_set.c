/* dialect_pg_set.c: changing a PostgreSQL setting for every session, and
 * taking the change back: ALTER SYSTEM writes postgresql.auto.conf and
 * pg_reload_conf() makes the server read it.  A setting that had no entry
 * there before the change goes back by ALTER SYSTEM RESET, so the file is
 * left as it was found and pg_settings.source reads as before. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dialect.h"
#include "query.h"

/* When a changed setting takes effect, by pg_settings.context: all of them
 * at the reload that follows ALTER SYSTEM. */
static const struct {
	const char *context;
	const char *note;
} pg_contexts[] = {
	{ "user", "ALTER SYSTEM + pg_reload_conf(): every session takes it at the reload "
		  "(a SET would reach only the console's own session, not the VUs)" },
	{ "superuser", "ALTER SYSTEM + pg_reload_conf(): every session takes it at the reload "
		       "(a SET would reach only the console's own session, not the VUs)" },
	{ "sighup", "ALTER SYSTEM + pg_reload_conf(): in effect at the reload" },
	{ "backend", "ALTER SYSTEM + pg_reload_conf(): only connections made from now on "
		     "take it" },
	{ "superuser-backend", "ALTER SYSTEM + pg_reload_conf(): only connections made from "
			       "now on take it" },
};

/* How long this session may take to read the file again: the postmaster
 * passes the reload on to every backend, within milliseconds unless the
 * host is starved. */
#define RELOAD_WAIT_MS 5000

/* pg_reload_conf() only signals the postmaster, which signals every
 * backend, this one too; a backend reads the file between two statements
 * once the signal has come.  Until then this session reads the old value:
 * ask, statement by statement, until its pg_conf_load_time() moves past the
 * one before the reload.  A file the server refuses to read never moves
 * it: the wait ends at its bound and the caller reads what is in effect. */
static int reload(db_conn *c, db_error *e)
{
	const struct timespec nap = { 0, 2 * 1000 * 1000 };
	char before[64], moved[8];
	int64_t ok = 0;

	if (query_text(c, "SELECT CAST(pg_conf_load_time() AS text)", NULL, before, sizeof before,
		       e) != 1 || db_query_int(c, "SELECT pg_reload_conf()", &ok, e) < 0)
		return -1;
	for (int waited = 0; waited < RELOAD_WAIT_MS; waited += 2) {
		if (query_text(c, "SELECT CASE WHEN pg_conf_load_time() > CAST(? AS timestamptz)"
			       " THEN 'yes' ELSE 'no' END", before, moved, sizeof moved, e) != 1)
			return -1;
		if (!strcmp(moved, "yes"))
			return 0;
		nanosleep(&nap, NULL);
	}
	return 0;
}

/* ALTER SYSTEM refuses to run inside a transaction block: sql in
 * autocommit, then the reload, then back to transactions. */
static int alter_system(db_conn *c, const char *sql, db_error *e)
{
	const db_driver *drv = c->drv;
	if (!drv->set_autocommit)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the driver cannot switch to autocommit");
	if (drv->set_autocommit(c, 1, e))
		return -1;
	int rc = db_exec(c, sql, e) ? -1 : reload(c, e);
	db_error again;
	if (drv->set_autocommit(c, 0, rc ? &again : e) && rc == 0)
		rc = -1;
	return rc;
}

/* The note for name's context, or an error for a setting no reload
 * changes. */
static int changeable(db_conn *c, const char *name, char *note, size_t notelen, db_error *e)
{
	char context[32] = "";
	int rc = query_text(c, "SELECT context FROM pg_settings WHERE name = ?", name, context,
			    sizeof context, e);
	c->drv->commit(c, &(db_error){ 0 });
	if (rc < 0)
		return -1;
	if (rc == 0)
		return db_error_set(e, DB_FATAL, 0, "42704", "unrecognized setting '%s'", name);
	/* Refused, not staged in postgresql.auto.conf: the run would not see
	 * it, and the server would take it at its next restart, long after
	 * anyone remembers typing it. */
	if (!strcmp(context, "postmaster"))
		return db_error_set(e, DB_FATAL, 0, "55P02", "%s takes effect only after a server "
				    "restart (pg_settings.context postmaster): not changed; set it "
				    "in the server's configuration and restart it", name);
	for (size_t i = 0; i < sizeof pg_contexts / sizeof pg_contexts[0]; i++)
		if (!strcmp(context, pg_contexts[i].context)) {
			snprintf(note, notelen, "%s", pg_contexts[i].note);
			return 0;
		}
	return db_error_set(e, DB_FATAL, 0, "55P02", "%s cannot be changed (context %s)", name,
			    context);
}

int pg_set_var(db_conn *c, const char *name, const char *value, char *note, size_t notelen,
	       db_error *e)
{
	char sql[600], quoted[300];

	note[0] = '\0';
	if (dialect_valid_name(name, 1, e))
		return -1;
	if (dialect_quote(value, quoted, sizeof quoted))
		return db_error_set(e, DB_FATAL, 0, "22001", "value for %s too long", name);
	if (changeable(c, name, note, notelen, e))
		return -1;
	snprintf(sql, sizeof sql, "ALTER SYSTEM SET %s = %s", name, quoted);
	return alter_system(c, sql, e);
}

/* pg_file_settings lists every entry of every file the server reads, in
 * the order read; ALTER SYSTEM keeps one per name in postgresql.auto.conf,
 * but a hand-edited file may hold more, and the last wins. */
int pg_saved_var(db_conn *c, const char *name, char *buf, size_t len, db_error *e)
{
	int rc = query_text(c, "SELECT setting FROM pg_file_settings WHERE name = lower(?) AND"
			    " sourcefile LIKE '%/postgresql.auto.conf' ORDER BY seqno DESC LIMIT 1",
			    name, buf, len, e);
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int pg_unsave_var(db_conn *c, const char *name, char *note, size_t notelen, db_error *e)
{
	char sql[300];

	note[0] = '\0';
	if (dialect_valid_name(name, 1, e))
		return -1;
	if (changeable(c, name, note, notelen, e))
		return -1;
	snprintf(sql, sizeof sql, "ALTER SYSTEM RESET %s", name);
	return alter_system(c, sql, e);
}
