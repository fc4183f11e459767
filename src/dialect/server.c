/* server.c: see server.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "query.h"
#include "server.h"

static const char *what(db_conn *c, const dialect *d)
{
	return d ? d->name : c->drv->name;
}

int server_has_txn_counter(db_conn *c, const dialect *d)
{
	(void)c;
	return d && (d->txn_counter || d->txn_counter_sql);
}

int server_has_metrics(const db_driver *drv, const dialect *d)
{
	/* A driver that makes its answers up (null) has no server to watch. */
	return drv && d && !drv->caps.no_server && (d->metrics || d->metrics_sql);
}

int server_txn_counter(db_conn *c, const dialect *d, int64_t *out, db_error *e)
{
	db_error ignore;
	int rc;

	if (!server_has_txn_counter(c, d))
		return db_error_set(e, DB_FATAL, 0, "HY000", "no transaction counter for %s",
				    what(c, d));
	if (d->txn_counter)
		rc = d->txn_counter(c, out, e);
	else {
		int got = db_query_int(c, d->txn_counter_sql, out, e);
		rc = got == 1 ? 0 : -1;
		if (got == 0)
			db_error_set(e, DB_FATAL, 0, "HY000", "the transaction counter returned no row");
	}
	/* PostgreSQL keeps one statistics snapshot per transaction. */
	c->drv->commit(c, rc ? &ignore : e);
	return rc;
}

typedef struct metrics_out { db_metric *out; int max, n; } metrics_out;

static int keep_metric(void *ctx, const char *name, double value)
{
	metrics_out *m = ctx;
	if (m->n >= m->max)
		return 0;
	snprintf(m->out[m->n].name, sizeof m->out[m->n].name, "%s", name);
	m->out[m->n].value = value;
	m->n++;
	return 0;
}

int server_metrics(db_conn *c, const dialect *d, db_metric *out, int max, db_error *e)
{
	metrics_out m = { out, max, 0 };
	int rc;

	if (!d || (!d->metrics && !d->metrics_sql))
		return 0;
	if (d->metrics)
		rc = d->metrics(c, out, max, e);
	else
		rc = query_pairs(c, d->metrics_sql, keep_metric, &m, e) ? -1 : m.n;
	/* An open read view would itself hold back purge (and grow the history
	 * list the metrics show): end the transaction every time. */
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_get_var(db_conn *c, const dialect *d, const char *name, char *buf, size_t len,
		   db_error *e)
{
	int rc;

	if (!d || (!d->get_var && !d->get_var_sql))
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect cannot read server "
				    "variables", what(c, d));
	if (d->get_var)
		rc = d->get_var(c, name, buf, len, e);
	/* The name is a bound parameter: no need to vet it. */
	else if ((rc = query_text(c, d->get_var_sql, name, buf, len, e)) == 0)
		rc = db_error_set(e, DB_FATAL, 0, "42704", "unknown variable '%s'", name);
	else if (rc == 1)
		rc = 0;
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_datadir(db_conn *c, const dialect *d, char *buf, size_t len, db_error *e)
{
	if (!d || !d->datadir_var)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect names no data directory",
				    what(c, d));
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
	if (!d || !d->set_var)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect cannot set server "
				    "variables", what(c, d));
	return d->set_var(c, name, value, note, notelen, e);
}

int server_saved_var(db_conn *c, const dialect *d, const char *name, int *saved, char *text,
		     size_t textlen, db_error *e)
{
	*saved = VAR_SAVED_UNKNOWN;
	text[0] = '\0';
	if (!d || !d->saved_var)
		return 0;
	int rc = d->saved_var(c, name, text, textlen, e);
	if (rc < 0)
		return -1;
	*saved = rc ? VAR_SAVED_ENTRY : VAR_SAVED_NONE;
	return 0;
}

int server_put_back_var(db_conn *c, const dialect *d, const char *name, const char *old,
			int saved, const char *saved_text, char *note, size_t notelen,
			db_error *e)
{
	if (d && d->unsave_var && saved == VAR_SAVED_NONE) {
		if (notelen)
			note[0] = '\0';
		return d->unsave_var(c, name, note, notelen, e);
	}
	return server_set_var(c, d, name, saved == VAR_SAVED_ENTRY ? saved_text : old, note,
			      notelen, e);
}

int server_var_is_back(db_conn *c, const dialect *d, const char *name, const char *old,
		       int saved, const char *saved_text, char *now, size_t nowlen, db_error *e)
{
	char text[256];
	int was;

	if (server_get_var(c, d, name, now, nowlen, e))
		return -1;
	if (strcmp(now, old))
		return 0;
	if (saved == VAR_SAVED_UNKNOWN)
		return 1;
	if (server_saved_var(c, d, name, &was, text, sizeof text, e))
		return -1;
	return was == VAR_SAVED_UNKNOWN || (was == saved &&
					    (saved == VAR_SAVED_NONE || !strcmp(text, saved_text)));
}

int server_check_var(db_conn *c, const dialect *d, const char *name, const char *value,
		     char *why, size_t whylen, db_error *e)
{
	char now[256];
	int rc;

	why[0] = '\0';
	if (!d || !d->set_var) {
		snprintf(why, whylen, "the %s dialect cannot set server variables", what(c, d));
		return 1;
	}
	if (d->check_var)
		rc = d->check_var(c, name, value, why, whylen, e);
	else if (server_get_var(c, d, name, now, sizeof now, e)) {
		snprintf(why, whylen, "%s", e->msg);
		rc = 1;
	} else
		rc = 0;
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_in_effect(db_conn *c, const dialect *d, const char *name, const char *value,
		     char *status, size_t statuslen, db_error *e)
{
	char now[256];
	int rc;

	status[0] = '\0';
	if (d && d->in_effect)
		rc = d->in_effect(c, name, value, status, statuslen, e);
	else if (server_get_var(c, d, name, now, sizeof now, e))
		rc = -1;
	else {
		snprintf(status, statuslen, "reads %s", now);
		rc = dialect_same_value(now, value);
	}
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_has_waits(const db_driver *drv, const dialect *d)
{
	return drv && d && !drv->caps.no_server && d->wait_open;
}

int server_wait_open(db_conn *c, const dialect *d, wait_src *w, db_error *e)
{
	w->kind = WS_NONE;
	w->note[0] = w->label[0] = '\0';
	if (!d || !d->wait_open)
		return 0;
	int rc = d->wait_open(c, w, e);
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_wait_sample(db_conn *c, const dialect *d, wait_src *w, wait_acc *a, db_error *e)
{
	if (!d || !d->wait_sample || w->kind != WS_SAMPLED)
		return 0;
	int rc = d->wait_sample(c, w, a, e);
	/* PostgreSQL's activity view is a snapshot per transaction. */
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}

int server_wait_second(db_conn *c, const dialect *d, wait_src *w, wait_second *out,
		       const wait_second *prev, double dt, db_error *e)
{
	int rc = 0;
	if (!d || w->kind == WS_NONE)
		return 0;
	if (w->kind == WS_TIMED && d->wait_timed) {
		wait_reading r;
		if (d->wait_timed(c, w, &r, e))
			rc = -1;
		else
			rc = wait_timed_fold(w, &r, dt, out);
	} else if (w->kind == WS_SAMPLED && w->refine && d->wait_timed) {
		wait_reading r;
		wait_second timed;
		memset(&timed, 0, sizeof timed);
		/* Without the timed waits the samples still stand. */
		if (d->wait_timed(c, w, &r, e))
			rc = e->cls == DB_RECONNECT ? -1 : 0;
		else if (wait_timed_fold(w, &r, dt, &timed) == 1)
			wait_refine(out, &timed);
	}
	if (rc >= 0 && d->wait_counters) {
		int n = d->wait_counters(c, w, out->counter, WAIT_COUNTERS_MAX, e);
		out->ncounters = n > 0 ? n : 0;
		if (n > 0)
			wait_counters_rate(out->counter, n, prev ? prev->counter : NULL,
					   prev ? prev->ncounters : 0, dt);
		if (n < 0 && e->cls == DB_RECONNECT)
			rc = -1;
	}
	c->drv->commit(c, &(db_error){ 0 });
	return rc;
}
