/* driver.c: error helpers, the registry of compiled-in drivers, and small
 * helpers over the driver vtable. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "driver.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <ctype.h>
#include <string.h>

/* Each compiled-in driver, as X(name) where name_driver is its vtable and
 * name its registry name.  One list feeds both the lookup table and the
 * --help string, so they cannot disagree. */
#define DRIVER_LIST(X) \
	X(mysql)       \
	X(pg)          \
	X(odbc)        \
	X(sqlite)      \
	X(null)

#define DRIVER_EXTERN(n) extern const db_driver n##_driver;
DRIVER_LIST(DRIVER_EXTERN)
#undef DRIVER_EXTERN

#define DRIVER_PTR(n) &n##_driver,
static const db_driver *const drivers[] = { DRIVER_LIST(DRIVER_PTR) NULL };
#undef DRIVER_PTR

/* Every name with a leading space; driver_names() skips the first one. */
#define DRIVER_NAME(n) " " #n
static const char driver_name_list[] = "" DRIVER_LIST(DRIVER_NAME);
#undef DRIVER_NAME

const char *db_errclass_name(db_errclass c)
{
	switch (c) {
	case DB_OK:
		return "ok";
	case DB_RETRY:
		return "retry";
	case DB_RECONNECT:
		return "reconnect";
	case DB_FATAL:
		return "fatal";
	}
	return "unknown";
}

const char *db_errkind_name(db_errkind k)
{
	static const char *const names[] = {
		[DB_KIND_NONE] = "none", [DB_KIND_DEADLOCK] = "deadlock",
		[DB_KIND_LOCK_TIMEOUT] = "lock timeout", [DB_KIND_CONNECTION] = "connection",
		[DB_KIND_CONSTRAINT] = "constraint", [DB_KIND_OTHER] = "other",
	};
	return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "unknown";
}

db_errclass db_errkind_class(db_errkind k)
{
	switch (k) {
	case DB_KIND_NONE:
		return DB_OK;
	case DB_KIND_DEADLOCK:
	case DB_KIND_LOCK_TIMEOUT:
		return DB_RETRY;
	case DB_KIND_CONNECTION:
		return DB_RECONNECT;
	case DB_KIND_CONSTRAINT:
	case DB_KIND_OTHER:
		break;
	}
	return DB_FATAL;
}

static db_errkind plain_kind(db_errclass cls)
{
	switch (cls) {
	case DB_OK:
		return DB_KIND_NONE;
	case DB_RETRY:
		return DB_KIND_DEADLOCK;
	case DB_RECONNECT:
		return DB_KIND_CONNECTION;
	case DB_FATAL:
		break;
	}
	return DB_KIND_OTHER;
}

static void error_fill(db_error *e, db_errkind kind, db_errclass cls, int native,
		       const char *sqlstate, const char *fmt, va_list ap)
	__attribute__((format(printf, 6, 0)));

static void error_fill(db_error *e, db_errkind kind, db_errclass cls, int native,
		       const char *sqlstate, const char *fmt, va_list ap)
{
	e->cls = cls;
	e->kind = kind;
	e->native = native;
	if (!sqlstate || !*sqlstate)
		sqlstate = "HY000";
	/* SQLSTATE is always five characters; copy at most that. */
	snprintf(e->sqlstate, sizeof(e->sqlstate), "%.5s", sqlstate);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
}

int db_error_set(db_error *e, db_errclass cls, int native, const char *sqlstate,
		 const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	error_fill(e, plain_kind(cls), cls, native, sqlstate, fmt, ap);
	va_end(ap);
	return -1;
}

int db_error_kind_set(db_error *e, db_errkind kind, int native, const char *sqlstate,
		      const char *fmt, ...)
{
	va_list ap;

	if (!e)
		return -1;
	va_start(ap, fmt);
	error_fill(e, kind, db_errkind_class(kind), native, sqlstate, fmt, ap);
	va_end(ap);
	return -1;
}

void db_error_clear(db_error *e)
{
	if (!e)
		return;
	e->cls = DB_OK;
	e->kind = DB_KIND_NONE;
	e->native = 0;
	memcpy(e->sqlstate, "00000", 6);
	e->msg[0] = '\0';
}

int db_error_no_database(const db_error *e)
{
	return !strcmp(e->sqlstate, "3D000");
}

const db_driver *driver_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; drivers[i]; i++)
		if (strcmp(drivers[i]->name, name) == 0)
			return drivers[i];
	return NULL;
}

const char *driver_target_name(const db_driver *d, const db_params *p, int *phrase)
{
	int dummy = 0;

	phrase = phrase ? phrase : &dummy;
	*phrase = 0;
	if (d && d->target_name)
		return d->target_name(p, phrase);
	return p->database ? p->database : "";
}

void driver_where(const db_driver *d, const db_params *p, char *buf, size_t len)
{
	int port = p->port ? p->port : d ? d->default_port : 0;

	if (d && d->where)
		d->where(p, buf, len);
	else if (p->host && p->host[0] && strcmp(p->host, "localhost") && port)
		snprintf(buf, len, "%s:%d", p->host, port);
	else if (p->host && p->host[0] && strcmp(p->host, "localhost"))
		snprintf(buf, len, "%s", p->host);
	else
		snprintf(buf, len, "%s", p->socket && p->socket[0] ? p->socket : "localhost");
}

const char *driver_names(void)
{
	return driver_name_list[0] ? driver_name_list + 1 : driver_name_list;
}

int64_t db_text_to_int(const char *text)
{
	char *end;
	long long v = strtoll(text, &end, 10);

	if (*end == '.' || *end == 'e' || *end == 'E') {
		double d = strtod(text, NULL);
		if (d >= 9.2233720368547758e18)
			return INT64_MAX;
		if (d <= -9.2233720368547758e18)
			return INT64_MIN;
		return (int64_t)d;
	}
	return (int64_t)v;
}

void db_text_oneline(const char *in, char *out, size_t cap)
{
	size_t o = 0;

	if (!cap)
		return;
	for (; in && *in && o + 1 < cap; in++) {
		if (*in == '\n' && o && isalnum((unsigned char)out[o - 1]) &&
		    isupper((unsigned char)in[1 + strspn(in + 1, " \t\r\n")]) && o + 2 < cap)
			out[o++] = '.';
		char ch = *in == '\n' || *in == '\t' || *in == '\r' ? ' ' : *in;
		if (ch == ' ' && (o == 0 || out[o - 1] == ' '))
			continue;
		out[o++] = ch;
	}
	while (o && out[o - 1] == ' ')
		o--;
	out[o] = '\0';
}

int db_int_to_text(char *buf, int64_t v)
{
	char d[20];
	int nd = 0, n = 0;
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;

	do
		d[nd++] = (char)('0' + u % 10);
	while (u /= 10);
	if (v < 0)
		buf[n++] = '-';
	while (nd)
		buf[n++] = d[--nd];
	return n;
}

void db_stmt_list_add(db_stmt_list *l, db_stmt_node *n)
{
	n->prev = NULL;
	n->next = l->head;
	if (l->head)
		l->head->prev = n;
	l->head = n;
}

void db_stmt_list_remove(db_stmt_list *l, db_stmt_node *n)
{
	if (n->prev)
		n->prev->next = n->next;
	else
		l->head = n->next;
	if (n->next)
		n->next->prev = n->prev;
	n->prev = n->next = NULL;
}

int db_query_int(db_conn *c, const char *sql, int64_t *out, db_error *e)
{
	const db_driver *d = c->drv;
	db_stmt *s;
	int rc;

	if (d->prepare(c, sql, &s, e) < 0)
		return -1;
	if (d->execute(s, NULL, 0, NULL, e) < 0) {
		d->finalize(s);
		return -1;
	}
	rc = d->fetch(s, e);
	if (rc == 1) {
		if (d->column_count(s) < 1 || d->col_isnull(s, 0)) {
			rc = 0;
		} else if (out) {
			*out = d->col_int(s, 0);
		}
	}
	d->finalize(s);
	return rc;
}

int db_batch_serial(db_conn *c, const db_batch_item *items, int n, db_batch_end end,
		    db_batch_fn fn, void *arg, db_error *err)
{
	const db_driver *d = c->drv;

	for (int i = 0; i < n; i++) {
		int64_t affected = 0;
		if (d->execute(items[i].stmt, items[i].params, items[i].nparams, &affected, err))
			return -1;
		int rc = fn ? fn(arg, i, items[i].stmt, affected, err) : 0;
		d->reset(items[i].stmt);
		if (rc < 0)
			return -1;
		if (rc > 0)
			break;
	}
	if (end == DB_BATCH_COMMIT)
		return d->commit(c, err);
	if (end == DB_BATCH_ROLLBACK)
		return d->rollback(c, err);
	return 0;
}

int db_batch(db_conn *c, int pipelined, const db_batch_item *items, int n, db_batch_end end,
	     db_batch_fn fn, void *arg, db_error *err)
{
	if (pipelined && c->drv->execute_batch)
		return c->drv->execute_batch(c, items, n, end, fn, arg, err);
	return db_batch_serial(c, items, n, end, fn, arg, err);
}
