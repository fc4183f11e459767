/* server.c: see server.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "server.h"

int server_has_txn_counter(db_conn *c, const dialect *d)
{
	return c->drv->txn_counter || (d && d->txn_counter_sql);
}

int server_txn_counter(db_conn *c, const dialect *d, int64_t *out, db_error *e)
{
	db_error ignore;
	int rc;

	if (c->drv->txn_counter)
		rc = c->drv->txn_counter(c, out, e);
	else if (d && d->txn_counter_sql) {
		int got = db_query_int(c, d->txn_counter_sql, out, e);
		rc = got == 1 ? 0 : -1;
		if (got == 0)
			db_error_set(e, DB_FATAL, 0, "HY000", "the transaction counter returned no row");
	} else
		return db_error_set(e, DB_FATAL, 0, "HY000", "no transaction counter for %s",
				    d ? d->name : c->drv->name);
	/* PostgreSQL keeps one statistics snapshot per transaction. */
	c->drv->commit(c, rc ? &ignore : e);
	return rc;
}

int server_metrics(db_conn *c, const dialect *d, db_metric *out, int max, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int n = 0, rc;

	if (drv->metrics)
		return drv->metrics(c, out, max, e);
	if (!d || !d->metrics_sql)
		return 0;
	if (drv->prepare(c, d->metrics_sql, &s, e))
		return -1;
	if (drv->execute(s, NULL, 0, NULL, e)) {
		drv->finalize(s);
		return -1;
	}
	while ((rc = drv->fetch(s, e)) == 1 && n < max) {
		const char *name = drv->col_text(s, 0, NULL);
		snprintf(out[n].name, sizeof out[n].name, "%s", name ? name : "?");
		out[n].value = drv->col_double(s, 1);
		n++;
	}
	drv->finalize(s);
	drv->commit(c, &(db_error){ 0 });
	return rc < 0 ? -1 : n;
}

int server_get_var(db_conn *c, const dialect *d, const char *name, char *buf, size_t len,
		   db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc;

	if (drv->get_var)
		return drv->get_var(c, name, buf, len, e);
	if (!d || !d->get_var_sql)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect cannot read server "
				    "variables", d ? d->name : drv->name);
	/* The name is a bound parameter: no need to vet it. */
	if (drv->prepare(c, d->get_var_sql, &s, e))
		return -1;
	rc = drv->execute(s, (db_param[]){ db_p_text(name, strlen(name)) }, 1, NULL, e);
	if (rc == 0)
		rc = drv->fetch(s, e);
	if (rc == 1) {
		size_t n = 0;
		const char *v = drv->col_text(s, 0, &n);
		snprintf(buf, len, "%.*s", (int)n, v ? v : "");
		rc = 0;
	} else if (rc == 0) {
		db_error_set(e, DB_FATAL, 0, "42704", "unknown variable '%s'", name);
		rc = -1;
	}
	drv->finalize(s);
	drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_datadir(db_conn *c, const dialect *d, char *buf, size_t len, db_error *e)
{
	if (!d || !d->datadir_var)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect names no data directory",
				    d ? d->name : c->drv->name);
	if (server_get_var(c, d, d->datadir_var, buf, len, e))
		return -1;
	if (!buf[0])
		return db_error_set(e, DB_FATAL, 0, "HY000", "%s is empty (no privilege to read it?)",
				    d->datadir_var);
	return 0;
}

int server_set_var(db_conn *c, const dialect *d, const char *name, const char *value,
		   char *note, size_t notelen, db_error *e)
{
	if (notelen)
		note[0] = '\0';
	if (c->drv->set_var)
		return c->drv->set_var(c, name, value, e);
	if (!d || !d->set_var)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect cannot set server "
				    "variables", d ? d->name : c->drv->name);
	return d->set_var(c, name, value, note, notelen, e);
}
