/* null.c: a driver that talks to no database.  Every statement succeeds at
 * once; a SELECT returns one plausible row.  What a workload needs beyond
 * that comes from the description the engine hands over in db_params
 * (db_fake), so the driver itself knows no workload: no row when a
 * parameter is the missing key (New-Order's 1% rollback still happens),
 * the metadata table's rows (a complete schema of as many warehouses as
 * the database name says, "--driver null --database 4"), a row per key for
 * the read that names its keys.  It measures what the engine itself costs:
 * bench/engine-ceiling, and the loader's data generation.
 *
 * With its server model's variables set (null_model.h) a commit or a
 * rollback takes its transaction's service time, which the connection
 * sleeps (on its fiber where it has one): then it is a server with known
 * answers, for the verdicts' tests.  The model's variables are read and
 * set with the MySQL dialect's statements, which this driver recognises
 * for them alone. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/timerfd.h>
#include "driver.h"
#include "null_model.h"

typedef struct null_conn {
	db_conn base;
	db_fake fake;
	int number;        /* the database name's: a NULL meta value */
	struct null_model *model;
	int type;          /* the transaction under way's (null_model_type), -1 unknown */
	/* The connection's virtual clock: when the last service ended as the
	 * model says, and when the connection woke after it. */
	uint64_t virt_end, woke;
	int (*wait_fd)(int fd, int events, int timeout_ms);
	int tfd;           /* a timer to wait on with wait_fd, -1 until needed */
} null_conn;

typedef struct null_stmt {
	db_stmt base;
	int select;        /* returns rows */
	int meta;          /* the metadata table's read */
	int rows_left;
	int row;           /* meta: which row */
	int var;           /* reads a model variable (1) or its description (2) */
	char var_name[64];
	int type;          /* marks its transaction's type (null_model_type), or -1 */
	char text[160];
	/* Set reads (an IN list, Delivery's orders by key) return one row per
	 * distinct key they name, the key in column 0, as a database would:
	 * the parameters from echo_from, every echo_stride-th. */
	int echo_from, echo_stride;
	int nkeys;
	int64_t keys[64];
} null_stmt;

static int nu_init(db_error *e) { (void)e; return 0; }
static void nu_done(void) {}

static int nu_connect(const db_params *p, db_conn **out, db_error *e)
{
	extern const db_driver null_driver;
	null_conn *c = calloc(1, sizeof *c);
	if (!c)
		return db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
	c->base.drv = &null_driver;
	c->fake = p->fake ? *p->fake : (db_fake){ .missing_key = INT64_MIN };
	c->number = p->database && atoi(p->database) > 0 ? atoi(p->database) : 1;
	c->model = null_model_get();
	c->type = -1;
	c->wait_fd = p->wait_fd;
	c->tfd = -1;
	*out = &c->base;
	return 0;
}

static void nu_disconnect(db_conn *c)
{
	null_conn *n = (null_conn *)c;
	if (n->tfd >= 0)
		close(n->tfd);
	free(c);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* A late wake-up is paid back from the next services, up to this much:
 * past it (the VU was stopped, the machine stalled) the debt is dropped. */
#define NULL_DEBT_MAX_NS 1000000000u

/* The transaction ends: its service as the model says, slept. */
static void serve(null_conn *c)
{
	uint64_t now = mono_ns(), arrival = now;
	if (c->virt_end && now - c->woke < NULL_DEBT_MAX_NS && now - c->virt_end < NULL_DEBT_MAX_NS)
		arrival = c->virt_end + (now - c->woke);
	uint64_t end = null_model_serve(c->model, c->type, arrival);
	c->type = -1;
	if (!end) {
		c->virt_end = 0;
		return;
	}
	c->virt_end = end;
	if (end > now) {
		struct timespec at = { (time_t)(end / 1000000000u), (long)(end % 1000000000u) };
		if (c->wait_fd && c->tfd < 0)
			c->tfd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
		struct itimerspec its = { .it_value = at };
		if (c->wait_fd && c->tfd >= 0 &&
		    !timerfd_settime(c->tfd, TFD_TIMER_ABSTIME, &its, NULL)) {
			uint64_t n;
			while (read(c->tfd, &n, sizeof n) != (ssize_t)sizeof n)
				c->wait_fd(c->tfd, DB_WAIT_READ, -1);
		} else {
			while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &at, NULL))
				;
		}
	}
	c->woke = mono_ns();
}

/* What the MySQL dialect (the null driver's) says to set and to read a
 * server variable: the model's variables are known by these. */
static const char set_global[] = "SET GLOBAL ";
static const char get_global[] = "SELECT @@GLOBAL.";

/* "SET GLOBAL name = value" for one of the model's variables. */
static int set_var(null_conn *c, const char *sql, db_error *e)
{
	char name[64], value[128], why[256];
	const char *p = sql + strlen(set_global);
	size_t n = strcspn(p, " =");
	if (n == 0 || n >= sizeof name)
		return db_error_set(e, DB_FATAL, 1193, "HY000", "null: cannot read '%s'", sql);
	snprintf(name, sizeof name, "%.*s", (int)n, p);
	p += n;
	p += strspn(p, " =");
	size_t vl = strlen(p);
	if (vl >= 2 && p[0] == '\'' && p[vl - 1] == '\'')
		p++, vl -= 2;
	snprintf(value, sizeof value, "%.*s", (int)vl, p);
	if (null_model_set_var(c->model, name, value, why, sizeof why))
		return db_error_set(e, DB_FATAL, 1193, "HY000", "%s", why);
	return 0;
}
static const char *nu_version(db_conn *c) { (void)c; return "null driver"; }

static int nu_exec(db_conn *c, const char *sql, int64_t *affected, db_error *e)
{
	if (affected)
		*affected = 1;
	if (!strncmp(sql, set_global, strlen(set_global)))
		return set_var((null_conn *)c, sql, e);
	return 0;
}

static int count_params(const char *sql)
{
	int n = 0;
	for (; *sql; sql++)
		n += *sql == '?';
	return n;
}

static int meta_rows(const null_conn *c)
{
	int n = 0;
	while (c->fake.meta_rows && c->fake.meta_rows[2 * n])
		n++;
	return n;
}

static int nu_prepare(db_conn *c, const char *sql, db_stmt **out, db_error *e)
{
	const db_fake *f = &((null_conn *)c)->fake;
	null_stmt *s = calloc(1, sizeof *s);
	if (!s)
		return db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
	s->base.conn = c;
	s->select = strncmp(sql, "SELECT", 6) == 0;
	s->meta = s->select && f->meta_table && strstr(sql, f->meta_table) != NULL;
	s->echo_from = -1;
	s->type = f->txn_of ? null_model_type(f->txn_of(sql)) : -1;
	if (!strncmp(sql, get_global, strlen(get_global))) {
		s->var = 1;
		snprintf(s->var_name, sizeof s->var_name, "%s", sql + strlen(get_global));
	} else if (s->select && strstr(sql, "information_schema.SYSTEM_VARIABLES")) {
		s->var = 2;
	}
	const char *in = s->select ? strstr(sql, " IN (") : NULL;
	if (in) {
		s->echo_from = 0;
		for (const char *q = sql; q < in; q++)
			s->echo_from += *q == '?';
		s->echo_stride = 1;
	} else if (s->select && f->keyed_params > 0 && count_params(sql) == f->keyed_params) {
		s->echo_from = f->keyed_from;
		s->echo_stride = f->keyed_stride > 0 ? f->keyed_stride : 1;
	}
	*out = &s->base;
	return 0;
}

static int nu_execute(db_stmt *st, const db_param *p, int n, int64_t *affected, db_error *e)
{
	null_stmt *s = (null_stmt *)st;
	null_conn *c = (null_conn *)st->conn;
	int64_t missing = c->fake.missing_key;
	if (s->type >= 0 && c->type < 0)
		c->type = s->type;
	if (s->var) {
		int rc = -1;
		if (s->var == 1)
			rc = null_model_get_var(c->model, s->var_name, s->text, sizeof s->text);
		else if (n >= 1 && p[0].type == DB_T_TEXT) {
			char name[64];
			snprintf(name, sizeof name, "%.*s", (int)p[0].len, p[0].s);
			rc = null_model_describe(name, s->text, sizeof s->text);
		}
		if (rc && s->var == 1)
			return db_error_set(e, DB_FATAL, 1193, "HY000",
					    "Unknown system variable '%s'", s->var_name);
		s->rows_left = rc ? 0 : 1;
		s->row = -1;
		return 0;
	}
	s->rows_left = s->meta ? meta_rows((null_conn *)st->conn) : s->select ? 1 : 0;
	s->row = -1;
	if (s->echo_from >= 0) {
		s->nkeys = 0;
		for (int i = s->echo_from; i < n && s->nkeys < 64; i += s->echo_stride) {
			int dup = p[i].type != DB_T_INT || p[i].i == missing;
			for (int k = 0; k < s->nkeys && !dup; k++)
				dup = s->keys[k] == p[i].i;
			if (!dup)
				s->keys[s->nkeys++] = p[i].i;
		}
		s->rows_left = s->nkeys;
	} else {
		for (int i = 0; i < n; i++)
			if (p[i].type == DB_T_INT && p[i].i == missing)
				s->rows_left = 0;
	}
	if (affected)
		*affected = s->select ? 0 : 1;
	return 0;
}

static int nu_fetch(db_stmt *st, db_error *e)
{
	null_stmt *s = (null_stmt *)st;
	(void)e;
	if (s->rows_left <= 0)
		return 0;
	s->rows_left--;
	s->row++;
	return 1;
}

static int nu_column_count(db_stmt *s) { (void)s; return 2; }
static int nu_isnull(db_stmt *s, int col) { (void)s; (void)col; return 0; }
static int64_t nu_int(db_stmt *st, int col)
{
	null_stmt *s = (null_stmt *)st;
	if (col == 0 && s->echo_from >= 0 && s->row >= 0 && s->row < s->nkeys)
		return s->keys[s->row];
	return 1;
}
static double nu_double(db_stmt *s, int col) { (void)s; (void)col; return 1.0; }

static const char *nu_text(db_stmt *st, int col, size_t *len)
{
	null_stmt *s = (null_stmt *)st;
	const null_conn *c = (const null_conn *)st->conn;
	const char *t = "GC";
	if (s->var)
		t = s->text;
	else if (s->meta && s->row >= 0 && s->row < meta_rows(c) && col <= 1) {
		t = c->fake.meta_rows[2 * s->row + col];
		if (!t) {
			snprintf(s->text, sizeof s->text, "%d", c->number);
			t = s->text;
		}
	}
	if (len)
		*len = strlen(t);
	return t;
}

static void nu_reset(db_stmt *s) { ((null_stmt *)s)->rows_left = 0; }
static void nu_finalize(db_stmt *s) { free(s); }
static int nu_end(db_conn *c, db_error *e)
{
	(void)e;
	serve((null_conn *)c);
	return 0;
}
static int nu_begin(db_conn *c, int w, db_error *e) { (void)c; (void)w; (void)e; return 0; }
static int64_t nu_conn_id(db_conn *c) { (void)c; return -1; }

const db_driver null_driver = {
	.name = "null",
	.caps = { .multirow_insert = 1, .select_for_update = 1, .no_server = 1, .waits = 1 },
	/* null speaks no SQL; the MySQL text is as good as any to ignore. */
	.dialect = "mysql",
	.init = nu_init,
	.done = nu_done,
	.connect = nu_connect,
	.disconnect = nu_disconnect,
	.server_version = nu_version,
	.exec = nu_exec,
	.prepare = nu_prepare,
	.execute = nu_execute,
	.fetch = nu_fetch,
	.column_count = nu_column_count,
	.col_isnull = nu_isnull,
	.col_int = nu_int,
	.col_double = nu_double,
	.col_text = nu_text,
	.reset = nu_reset,
	.finalize = nu_finalize,
	.begin = nu_begin,
	.commit = nu_end,
	.rollback = nu_end,
	.conn_id = nu_conn_id,
};
