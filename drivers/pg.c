/* pg.c: the native PostgreSQL driver, over libpq.
 *
 * Connecting follows libpq's own conventions, as psql and pg_dump do:
 * connection.conninfo (a "key=value ..." string or a postgresql:// URI)
 * first, then what tpcc-console's own options say, and whatever neither
 * names comes from PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLMODE,
 * PGSERVICE (pg_service.conf), PGPASSWORD or PGPASSFILE (~/.pgpass), as
 * libpq reads them.  --database gives way to a conninfo that names the
 * database, and, left at its default ("tpcc", which would otherwise
 * hide theirs) or set by a config file (saved files name every key), to
 * PGSERVICE or PGDATABASE; typed by the user, it wins over the
 * environment, as psql's -d does.
 *
 * Statements: '?' placeholders become $1, $2, ...; each prepared statement
 * is a named server-side statement of its connection, described once so
 * that integer and float8 parameters can go in binary, which the server
 * reads without parsing text.  The rest go as text of unknown type, which
 * the server types from the statement (a money amount bound for NUMERIC
 * keeps its decimal value).  Results are text: TPC-C values are short and
 * the engine reads most of them once.
 *
 * Transactions: libpq runs each statement in autocommit; the engine wants
 * autocommit off in statements mode.  A transaction is opened by the first
 * statement after a commit or rollback, its BEGIN pipelined with that
 * statement (one round trip, as psqlODBC sends them too); commit and
 * rollback send nothing when no transaction is open.
 *
 * Pipeline mode is libpq's, from its version 14 on: any server of the v3
 * protocol takes queries back to back, so it is the library, as built
 * against (LIBPQ_HAS_PIPELINING) and as loaded (PQlibVersion), that
 * decides.  Without it BEGIN takes a round trip of its own and batches
 * run one statement at a time.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "driver.h"
#include "pg_errors.h"

#include <libpq-fe.h>

#include <arpa/inet.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#if defined(LIBPQ_HAS_PIPELINING) && !defined(TPCC_PG_NO_PIPELINING)
#define PG_PIPELINING 1
#else
#define PG_PIPELINING 0
#endif

/* Type oids the driver binds in binary (pg_type.h, stable since 7.x). */
#define PG_INT2OID   21
#define PG_INT4OID   23
#define PG_INT8OID   20
#define PG_FLOAT8OID 701

typedef struct pg_stmt pg_stmt;

typedef struct pg_conn {
	db_conn base;
	PGconn *pg;
	db_stmt_list stmts;          /* every open statement */
	unsigned next_name;      /* statement names: t1, t2, ... */
	int autocommit;
	int in_txn;              /* a BEGIN has been sent and not yet ended */
	int pipeline;            /* libpq has pipeline mode (14 and later) */
	uint64_t round_trips;    /* waits for the server's answer */
	char version[128];
} pg_conn;

/* A parameter's wire form: binary for the numeric types the statement
 * declares, else text. */
typedef struct pg_pbuf {
	union {
		uint16_t i2;
		uint32_t i4;
		uint64_t i8;
	} bin;
	char *text;
	size_t cap;
} pg_pbuf;

struct pg_stmt {
	db_stmt base;
	pg_conn *pc;             /* NULL once the connection is closed */
	db_stmt_node node;   /* on its connection's stmts */
	char name[16];
	int nparams;
	unsigned *ptypes;        /* the server's type of each parameter */
	pg_pbuf *pbuf;
	const char **pvalues;
	int *plengths, *pformats;
	PGresult *res;           /* the last execute's rows */
	int row, nrows;          /* row: -1 before the first fetch */
};

extern const db_driver pg_driver;

/* ---- errors ---------------------------------------------------------- */

/* The connection is gone whatever the result says when libpq says so:
 * a server that died mid-statement leaves no SQLSTATE behind. */
static int pg_fail(pg_conn *pc, const PGresult *res, const char *what, db_error *err)
{
	const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	const char *text = res ? PQresultErrorMessage(res) : "";
	char line[sizeof err->msg - 64];
	db_errkind kind = pg_sqlstate_kind(state);

	if (!text || !*text)
		text = PQerrorMessage(pc->pg);
	db_text_oneline(text, line, sizeof line);
	if (PQstatus(pc->pg) == CONNECTION_BAD) {
		kind = DB_KIND_CONNECTION;
		if (!state)
			state = "08006";
	}
	return db_error_kind_set(err, kind, 0, state, "pg: %s: %s", what,
				 line[0] ? line : "no message from libpq");
}

static int pg_oom(db_error *err)
{
	return db_error_set(err, DB_FATAL, 0, "HY001", "pg: out of memory");
}

/* ---- init ------------------------------------------------------------ */

static int pg_init(db_error *err)
{
	/* VUs connect from many threads at once. */
	if (!PQisthreadsafe())
		return db_error_set(err, DB_FATAL, 0, "HY000",
				    "pg: this libpq was built without thread safety");
	return 0;
}

static void pg_done(void)
{
}

/* ---- connections ----------------------------------------------------- */

/* tpcc-console's TLS modes (connection.ssl_mode) in libpq's words; the
 * default, PREFERRED, is libpq's default too and is not passed, so that
 * PGSSLMODE and a service's sslmode still decide. */
static const char *pg_sslmode(const char *m)
{
	static const struct { const char *ours, *libpq; } map[] = {
		{ "DISABLED", "disable" }, { "REQUIRED", "require" },
		{ "VERIFY_CA", "verify-ca" }, { "VERIFY_IDENTITY", "verify-full" },
	};
	for (size_t i = 0; m && i < sizeof map / sizeof map[0]; i++)
		if (!strcasecmp(m, map[i].ours))
			return map[i].libpq;
	return NULL;
}

/* The isolation level as a server option at connect time (libpq's
 * "options", as PGOPTIONS would give it), after PGOPTIONS' own. */
static int pg_isolation(const char *name, char *out, size_t cap)
{
	static const struct { const char *ours, *server; } map[] = {
		{ "read-committed", "read\\ committed" },
		{ "repeatable-read", "repeatable\\ read" },
		{ "serializable", "serializable" },
		{ "read-uncommitted", "read\\ uncommitted" },
	};
	const char *env = getenv("PGOPTIONS");

	out[0] = '\0';
	if (!name || !*name || !strcmp(name, "default"))
		return 0;
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (!strcmp(name, map[i].ours)) {
			snprintf(out, cap, "%s%s-c default_transaction_isolation=%s", env ? env : "",
				 env && *env ? " " : "", map[i].server);
			return 1;
		}
	return -1;
}

/* Does the conninfo (string or URI) name a database itself? */
static int pg_conninfo_has_dbname(const char *conninfo)
{
	PQconninfoOption *opts;
	int has = 0;

	if (!conninfo || !*conninfo)
		return 0;
	opts = PQconninfoParse(conninfo, NULL);
	for (PQconninfoOption *o = opts; o && o->keyword; o++)
		if ((!strcmp(o->keyword, "dbname") || !strcmp(o->keyword, "service")) && o->val &&
		    *o->val)
			has = 1;
	PQconninfoFree(opts);
	return has;
}

static int nonempty(const char *s)
{
	return s && *s;
}

/* --database is the database unless the conninfo names one, or,
 * where the user did not type --database, PGSERVICE or PGDATABASE
 * does. */
static int pg_uses_database(const db_params *p)
{
	if (!nonempty(p->database))
		return 0;
	if (p->database_wins)
		return 1;
	if (pg_conninfo_has_dbname(p->conninfo))
		return 0;
	return p->database_given ||
	       (!nonempty(getenv("PGDATABASE")) && !nonempty(getenv("PGSERVICE")));
}

/* A conninfo libpq cannot parse, said before anything connects: bad
 * configuration rather than a server that is not there. */
static int pg_check_params(const db_params *p, db_error *err)
{
	char *why = NULL;
	PQconninfoOption *opts;

	if (!nonempty(p->conninfo))
		return 0;
	opts = PQconninfoParse(p->conninfo, &why);
	if (opts) {
		PQconninfoFree(opts);
		return 0;
	}
	char line[400];
	db_text_oneline(why ? why : "out of memory", line, sizeof line);
	PQfreemem(why);
	return db_error_set(err, DB_FATAL, 0, "HY000", "pg: connection.conninfo (--conninfo): %s",
			    line);
}


/* The server's NOTICEs ("function ... does not exist, skipping" from a
 * build's DROP IF EXISTS) would go to stderr, under the console's screen. */
static void pg_notice_quiet(void *arg, const char *message)
{
	(void)arg;
	(void)message;
}

static int pg_connect(const db_params *p, db_conn **out, db_error *err)
{
	const char *keys[16], *vals[16];
	char port[16], timeout[16];
	int n = 0;
	pg_conn *pc;

	*out = NULL;
	if (pg_check_params(p, err))
		return -1;
	char options[512];
	int iso = pg_isolation(p->isolation, options, sizeof options);
	if (iso < 0)
		return db_error_set(err, DB_FATAL, 0, "HY024", "pg: unknown isolation level '%s'",
				    p->isolation);
	/* The first dbname is expanded when it is a conninfo; what follows
	 * overrides what it says. */
	if (nonempty(p->conninfo))
		keys[n] = "dbname", vals[n++] = p->conninfo;
	if (nonempty(p->host))
		keys[n] = "host", vals[n++] = p->host;
	if (p->port > 0) {
		snprintf(port, sizeof port, "%d", p->port);
		keys[n] = "port", vals[n++] = port;
	}
	if (nonempty(p->user))
		keys[n] = "user", vals[n++] = p->user;
	if (nonempty(p->password))
		keys[n] = "password", vals[n++] = p->password;
	if (pg_uses_database(p))
		keys[n] = "dbname", vals[n++] = p->database;
	if (pg_sslmode(p->ssl_mode))
		keys[n] = "sslmode", vals[n++] = pg_sslmode(p->ssl_mode);
	if (nonempty(p->ssl_ca))
		keys[n] = "sslrootcert", vals[n++] = p->ssl_ca;
	if (p->connect_timeout > 0) {
		snprintf(timeout, sizeof timeout, "%d", p->connect_timeout);
		keys[n] = "connect_timeout", vals[n++] = timeout;
	}
	if (iso)
		keys[n] = "options", vals[n++] = options;
	keys[n] = "fallback_application_name", vals[n++] = "tpcc-console";
	keys[n] = NULL, vals[n] = NULL;

	pc = calloc(1, sizeof *pc);
	if (!pc)
		return pg_oom(err);
	pc->base.drv = &pg_driver;
	pc->pg = PQconnectdbParams(keys, vals, 1);
	if (!pc->pg) {
		free(pc);
		return pg_oom(err);
	}
	if (PQstatus(pc->pg) != CONNECTION_OK) {
		/* Not reachable, refused, no such database or role, a wrong
		 * password: libpq's reason, which never holds the password. */
		char line[400];
		db_text_oneline(PQerrorMessage(pc->pg), line, sizeof line);
		db_error_kind_set(err, DB_KIND_CONNECTION, 0, "08001", "pg: connect: %s", line);
		PQfinish(pc->pg);
		free(pc);
		return -1;
	}
	PQsetNoticeProcessor(pc->pg, pg_notice_quiet, NULL);
	pc->pipeline = PG_PIPELINING && PQlibVersion() >= 140000;
	const char *ver = PQparameterStatus(pc->pg, "server_version");
	snprintf(pc->version, sizeof pc->version, "PostgreSQL %s", ver ? ver : "?");
	*out = &pc->base;
	return 0;
}

static void pg_stmt_clear(pg_stmt *s)
{
	if (s->res)
		PQclear(s->res);
	s->res = NULL;
	s->row = -1;
	s->nrows = 0;
}

static void pg_link(pg_conn *pc, pg_stmt *s)
{
	s->pc = pc;
	db_stmt_list_add(&pc->stmts, &s->node);
}

static void pg_unlink(pg_stmt *s)
{
	pg_conn *pc = s->pc;

	if (!pc)
		return;
	db_stmt_list_remove(&pc->stmts, &s->node);
	s->pc = NULL;
}

static void pg_disconnect(db_conn *c)
{
	pg_conn *pc = (pg_conn *)c;

	if (!pc)
		return;
	/* Statements may outlive the connection: detach them, finalize frees. */
	while (pc->stmts.head) {
		pg_stmt *s = DB_STMT_OF(pc->stmts.head, pg_stmt);
		pg_stmt_clear(s);
		pg_unlink(s);
	}
	/* An open transaction ends with the connection, rolled back. */
	PQfinish(pc->pg);
	free(pc);
}

static const char *pg_server_version(db_conn *c)
{
	return ((pg_conn *)c)->version;
}

static const char *pg_database(db_conn *c)
{
	return PQdb(((pg_conn *)c)->pg);
}

static const char *pg_dbms_name(db_conn *c)
{
	(void)c;
	return "PostgreSQL";
}

static int64_t pg_conn_id(db_conn *c)
{
	return PQbackendPID(((pg_conn *)c)->pg);
}

/* ---- plain statements ------------------------------------------------ */

/* One statement with no parameters, its result checked; no BEGIN. */
static int pg_exec_simple(pg_conn *pc, const char *sql, db_error *err)
{
	PGresult *r = PQexec(pc->pg, sql);
	ExecStatusType st = PQresultStatus(r);
	int rc = 0;

	pc->round_trips++;

	if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
		rc = pg_fail(pc, r, "execute", err);
	PQclear(r);
	return rc;
}

/* Open the transaction autocommit-off asks for, on its own round trip
 * (exec's path; prepared statements pipeline it instead). */
static int pg_ensure_txn(pg_conn *pc, db_error *err)
{
	if (pc->autocommit || pc->in_txn)
		return 0;
	if (pg_exec_simple(pc, "BEGIN", err))
		return -1;
	pc->in_txn = 1;
	return 0;
}

/* A command's result, consumed: its affected rows, or its error.  Rows
 * (tuples_ok) are accepted and dropped: exec has no cursor to keep them. */
static int pg_command_done(pg_conn *pc, PGresult *r, int tuples_ok, int64_t *affected,
			   db_error *err)
{
	int rc = 0;

	if (PQresultStatus(r) != PGRES_COMMAND_OK && !tuples_ok)
		rc = pg_fail(pc, r, "execute", err);
	else if (affected) {
		const char *t = PQcmdTuples(r);
		*affected = t && *t ? strtoll(t, NULL, 10) : 0;
	}
	PQclear(r);
	return rc;
}

static int pg_exec(db_conn *c, const char *sql, int64_t *affected, db_error *err)
{
	pg_conn *pc = (pg_conn *)c;
	PGresult *r;

	if (pg_ensure_txn(pc, err))
		return -1;
	r = PQexec(pc->pg, sql);
	pc->round_trips++;
	return pg_command_done(pc, r, PQresultStatus(r) == PGRES_TUPLES_OK, affected, err);
}

/* ---- prepared statements --------------------------------------------- */

/* '?' as $1, $2, ...; quoted text and quoted names are copied as they
 * are.  Dollar-quoted bodies are not looked for: a '?' in one would be
 * taken for a parameter (no statement of the dialects has one).  Returns the number of parameters or -1 when
 * out does not hold the result. */
static int pg_placeholders(const char *in, char *out, size_t cap)
{
	size_t o = 0;
	int n = 0;
	char quote = 0;

	for (const char *p = in; *p; p++) {
		if (quote) {
			if (*p == quote)
				quote = 0;
		} else if (*p == '\'' || *p == '"') {
			quote = *p;
		} else if (*p == '?') {
			int w = snprintf(out + o, cap - o, "$%d", ++n);
			if (w < 0 || (size_t)w >= cap - o)
				return -1;
			o += (size_t)w;
			continue;
		}
		if (o + 1 >= cap)
			return -1;
		out[o++] = *p;
	}
	out[o] = '\0';
	return n;
}

static void pg_stmt_free(pg_stmt *s)
{
	pg_stmt_clear(s);
	for (int i = 0; s->pbuf && i < s->nparams; i++)
		free(s->pbuf[i].text);
	free(s->pbuf);
	free(s->ptypes);
	free(s->pvalues);
	free(s->plengths);
	free(s->pformats);
	free(s);
}

static int pg_prepare(db_conn *c, const char *sql, db_stmt **out, db_error *err)
{
	pg_conn *pc = (pg_conn *)c;
	size_t cap = strlen(sql) * 2 + 64;
	char *text = malloc(cap);
	PGresult *r;
	pg_stmt *s;
	int n;

	*out = NULL;
	if (!text)
		return pg_oom(err);
	n = pg_placeholders(sql, text, cap);
	s = calloc(1, sizeof *s);
	if (n < 0 || !s) {
		free(text);
		free(s);
		return n < 0 ? db_error_set(err, DB_FATAL, 0, "HY000", "pg: statement too long")
			     : pg_oom(err);
	}
	s->base.conn = c;
	s->row = -1;
	snprintf(s->name, sizeof s->name, "t%u", ++pc->next_name);
	r = PQprepare(pc->pg, s->name, text, 0, NULL);
	/* Not counted in round_trips: a statement is prepared once per
	 * connection, on first use, so counting it made the figure per
	 * transaction depend on how many ran (a short run on a slow host
	 * showed pipelined New-Orders at more than 4). */
	free(text);
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		pg_fail(pc, r, "prepare", err);
		PQclear(r);
		free(s);
		return -1;
	}
	PQclear(r);
	/* What the server made of each parameter, to send numbers in binary. */
	r = PQdescribePrepared(pc->pg, s->name);
	if (PQresultStatus(r) != PGRES_COMMAND_OK) {
		pg_fail(pc, r, "describe", err);
		PQclear(r);
		free(s);
		return -1;
	}
	s->nparams = PQnparams(r);
	if (s->nparams > 0) {
		size_t k = (size_t)s->nparams;
		s->ptypes = calloc(k, sizeof *s->ptypes);
		s->pbuf = calloc(k, sizeof *s->pbuf);
		s->pvalues = calloc(k, sizeof *s->pvalues);
		s->plengths = calloc(k, sizeof *s->plengths);
		s->pformats = calloc(k, sizeof *s->pformats);
		if (!s->ptypes || !s->pbuf || !s->pvalues || !s->plengths || !s->pformats) {
			PQclear(r);
			pg_stmt_free(s);
			return pg_oom(err);
		}
		for (int i = 0; i < s->nparams; i++)
			s->ptypes[i] = PQparamtype(r, i);
	}
	PQclear(r);
	pg_link(pc, s);
	*out = &s->base;
	return 0;
}

static int pg_text_param(pg_stmt *s, int i, const char *v, size_t len, db_error *err)
{
	pg_pbuf *b = &s->pbuf[i];

	if (len + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < len + 1)
			cap *= 2;
		char *t = realloc(b->text, cap);
		if (!t)
			return pg_oom(err);
		b->text = t;
		b->cap = cap;
	}
	memcpy(b->text, v, len);
	b->text[len] = '\0';
	s->pvalues[i] = b->text;
	s->plengths[i] = (int)len;
	s->pformats[i] = 0;
	return 0;
}

/* One value in the form its parameter's type takes. */
static int pg_set_param(pg_stmt *s, int i, const db_param *v, db_error *err)
{
	pg_pbuf *b = &s->pbuf[i];
	unsigned t = s->ptypes[i];
	char num[40];

	switch (v->type) {
	case DB_T_NULL:
		s->pvalues[i] = NULL;
		s->plengths[i] = 0;
		s->pformats[i] = 0;
		return 0;
	case DB_T_INT:
		if (t == PG_INT4OID && v->i >= INT32_MIN && v->i <= INT32_MAX) {
			b->bin.i4 = htonl((uint32_t)(int32_t)v->i);
			s->pvalues[i] = (const char *)&b->bin.i4;
			s->plengths[i] = 4;
			s->pformats[i] = 1;
			return 0;
		}
		if (t == PG_INT2OID && v->i >= INT16_MIN && v->i <= INT16_MAX) {
			b->bin.i2 = htons((uint16_t)(int16_t)v->i);
			s->pvalues[i] = (const char *)&b->bin.i2;
			s->plengths[i] = 2;
			s->pformats[i] = 1;
			return 0;
		}
		if (t == PG_INT8OID) {
			uint64_t u = (uint64_t)v->i;
			b->bin.i8 = ((uint64_t)htonl((uint32_t)u) << 32) | htonl((uint32_t)(u >> 32));
			s->pvalues[i] = (const char *)&b->bin.i8;
			s->plengths[i] = 8;
			s->pformats[i] = 1;
			return 0;
		}
		snprintf(num, sizeof num, "%lld", (long long)v->i);
		return pg_text_param(s, i, num, strlen(num), err);
	case DB_T_DOUBLE:
		if (t == PG_FLOAT8OID) {
			uint64_t u;
			memcpy(&u, &v->d, sizeof u);
			b->bin.i8 = ((uint64_t)htonl((uint32_t)u) << 32) | htonl((uint32_t)(u >> 32));
			s->pvalues[i] = (const char *)&b->bin.i8;
			s->plengths[i] = 8;
			s->pformats[i] = 1;
			return 0;
		}
		/* Fifteen digits, as a double holds them: 12.34 stays 12.34
		 * for a NUMERIC parameter. */
		snprintf(num, sizeof num, "%.15g", v->d);
		return pg_text_param(s, i, num, strlen(num), err);
	case DB_T_TEXT:
		return pg_text_param(s, i, v->s ? v->s : "", v->s ? v->len : 0, err);
	}
	return db_error_set(err, DB_FATAL, 0, "HY004", "pg: parameter %d has unknown type %d",
			    i + 1, (int)v->type);
}

#if PG_PIPELINING
/* Read a pipeline's results up to its sync, handing each to take() with
 * the number of the query it answers (each query's results end with a
 * NULL; the sync's result, which none follows, ends them all).  Returns
 * -1 when the connection went before the sync came. */
typedef void pg_take_fn(void *arg, int q, PGresult *r);

static int pg_pipeline_read(pg_conn *pc, pg_take_fn *take, void *arg)
{
	for (int q = 0;;) {
		PGresult *r = PQgetResult(pc->pg);
		if (!r) {
			if (PQstatus(pc->pg) == CONNECTION_BAD)
				return -1;
			q++;
			continue;
		}
		if (PQresultStatus(r) == PGRES_PIPELINE_SYNC) {
			PQclear(r);
			return 0;
		}
		take(arg, q, r);
	}
}

/* BEGIN's result and the statement's, kept; anything more dropped. */
typedef struct pg_begun {
	PGresult *res[2];
} pg_begun;

static void pg_take_begun(void *arg, int q, PGresult *r)
{
	pg_begun *b = arg;

	if (q < 2 && !b->res[q])
		b->res[q] = r;
	else
		PQclear(r);
}

/* BEGIN and the statement in one pipeline and one round trip. */
static PGresult *pg_run_begun(pg_conn *pc, pg_stmt *s, db_error *err, int *failed)
{
	pg_begun b = { { NULL, NULL } };

	if (!PQenterPipelineMode(pc->pg) ||
	    !PQsendQueryParams(pc->pg, "BEGIN", 0, NULL, NULL, NULL, NULL, 0) ||
	    !PQsendQueryPrepared(pc->pg, s->name, s->nparams, s->pvalues, s->plengths,
				 s->pformats, 0) ||
	    !PQpipelineSync(pc->pg)) {
		pg_fail(pc, NULL, "send", err);
		*failed = 1;
		PQexitPipelineMode(pc->pg);
		return NULL;
	}
	/* A failed BEGIN skips the statement (PGRES_PIPELINE_ABORTED):
	 * BEGIN's error is the one to report. */
	pg_pipeline_read(pc, pg_take_begun, &b);
	PGresult *first = b.res[0], *mine = b.res[1];
	if (first && PQresultStatus(first) == PGRES_COMMAND_OK)
		pc->in_txn = 1;
	PQexitPipelineMode(pc->pg);
	if (first && PQresultStatus(first) != PGRES_COMMAND_OK) {
		pg_fail(pc, first, "begin", err);
		*failed = 1;
		PQclear(first);
		if (mine)
			PQclear(mine);
		return NULL;
	}
	if (first)
		PQclear(first);
	if (!mine) {
		pg_fail(pc, NULL, "execute", err);
		*failed = 1;
	}
	return mine;
}

#endif

/* Send the statement (after a BEGIN when a transaction must be opened)
 * and return its result. */
static PGresult *pg_run(pg_conn *pc, pg_stmt *s, db_error *err, int *failed)
{
	int begin = !pc->autocommit && !pc->in_txn;

	*failed = 0;
	pc->round_trips++;
#if PG_PIPELINING
	if (begin && pc->pipeline)
		return pg_run_begun(pc, s, err, failed);
#endif
	if (begin) {
		PGresult *r = PQexec(pc->pg, "BEGIN");
		pc->round_trips++;
		if (PQresultStatus(r) != PGRES_COMMAND_OK) {
			pg_fail(pc, r, "begin", err);
			*failed = 1;
			PQclear(r);
			return NULL;
		}
		PQclear(r);
		pc->in_txn = 1;
	}
	return PQexecPrepared(pc->pg, s->name, s->nparams, s->pvalues, s->plengths,
			      s->pformats, 0);
}

static int pg_detached(db_error *err)
{
	return db_error_set(err, DB_FATAL, 0, "08003",
			    "pg: statement used after its connection was closed");
}

static int pg_execute(db_stmt *st, const db_param *params, int nparams, int64_t *affected,
		      db_error *err)
{
	pg_stmt *s = (pg_stmt *)st;
	pg_conn *pc = s->pc;
	int failed;

	if (!pc)
		return pg_detached(err);
	pg_stmt_clear(s);
	if (nparams != s->nparams)
		return db_error_set(err, DB_FATAL, 0, "07001",
				    "pg: statement takes %d parameters, got %d", s->nparams, nparams);
	for (int i = 0; i < nparams; i++)
		if (pg_set_param(s, i, &params[i], err))
			return -1;
	PGresult *r = pg_run(pc, s, err, &failed);
	if (failed)
		return -1;
	ExecStatusType rs = PQresultStatus(r);
	if (rs == PGRES_TUPLES_OK) {
		s->res = r;
		s->nrows = PQntuples(r);
		if (affected)
			*affected = 0;
		return 0;
	}
	return pg_command_done(pc, r, 0, affected, err);
}

static int pg_fetch(db_stmt *st, db_error *err)
{
	pg_stmt *s = (pg_stmt *)st;

	(void)err;
	if (!s->res || s->row + 1 >= s->nrows) {
		pg_stmt_clear(s);
		return 0;
	}
	s->row++;
	return 1;
}

static int pg_column_count(db_stmt *st)
{
	pg_stmt *s = (pg_stmt *)st;
	return s->res ? PQnfields(s->res) : 0;
}

static int pg_on(const pg_stmt *s, int col)
{
	return s->res && s->row >= 0 && s->row < s->nrows && col >= 0 && col < PQnfields(s->res);
}

static int pg_col_isnull(db_stmt *st, int col)
{
	pg_stmt *s = (pg_stmt *)st;
	return !pg_on(s, col) || PQgetisnull(s->res, s->row, col);
}

static int64_t pg_col_int(db_stmt *st, int col)
{
	pg_stmt *s = (pg_stmt *)st;
	return pg_col_isnull(st, col) ? 0 : db_text_to_int(PQgetvalue(s->res, s->row, col));
}

static double pg_col_double(db_stmt *st, int col)
{
	pg_stmt *s = (pg_stmt *)st;
	return pg_col_isnull(st, col) ? 0.0 : strtod(PQgetvalue(s->res, s->row, col), NULL);
}

static const char *pg_col_text(db_stmt *st, int col, size_t *len)
{
	pg_stmt *s = (pg_stmt *)st;

	if (pg_col_isnull(st, col)) {
		if (len)
			*len = 0;
		return NULL;
	}
	if (len)
		*len = (size_t)PQgetlength(s->res, s->row, col);
	return PQgetvalue(s->res, s->row, col);
}

static void pg_reset(db_stmt *st)
{
	pg_stmt_clear((pg_stmt *)st);
}

static void pg_finalize(db_stmt *st)
{
	pg_stmt *s = (pg_stmt *)st;

	if (!s)
		return;
	if (s->pc && PQstatus(s->pc->pg) == CONNECTION_OK &&
	    PQtransactionStatus(s->pc->pg) != PQTRANS_INERROR) {
		/* The server keeps a named statement until the session ends:
		 * one-off queries (the sampler's, the checks') would pile up. */
		char sql[40];
		snprintf(sql, sizeof sql, "DEALLOCATE %s", s->name);
		PQclear(PQexec(s->pc->pg, sql));
	}
	pg_unlink(s);
	pg_stmt_free(s);
}

/* ---- bulk load --------------------------------------------------------- */

static int pg_copy_in(db_conn *c, const char *sql, const char *data, size_t len, int64_t *rows,
		      db_error *err)
{
	pg_conn *pc = (pg_conn *)c;
	PGresult *r;
	int rc;

	if (pg_ensure_txn(pc, err))
		return -1;
	r = PQexec(pc->pg, sql);
	if (PQresultStatus(r) != PGRES_COPY_IN) {
		rc = pg_fail(pc, r, "copy", err);
		PQclear(r);
		return rc;
	}
	PQclear(r);
	/* Blocking connection: each call sends (or queues) all it is given. */
	if (PQputCopyData(pc->pg, data, (int)len) != 1 || PQputCopyEnd(pc->pg, NULL) != 1)
		return pg_fail(pc, NULL, "copy", err);
	rc = 0;
	while ((r = PQgetResult(pc->pg)) != NULL) {
		if (PQresultStatus(r) != PGRES_COMMAND_OK && rc == 0)
			rc = pg_fail(pc, r, "copy", err);
		else if (rows && rc == 0) {
			const char *t = PQcmdTuples(r);
			*rows = t && *t ? strtoll(t, NULL, 10) : 0;
		}
		PQclear(r);
	}
	return rc;
}


#if PG_PIPELINING
/* ---- pipelined batches ----------------------------------------------- */

static int pg_end_result(pg_conn *pc, const char *how, const PGresult *r, db_error *err);

/* Send the batch: BEGIN when a transaction must be opened, each statement,
 * the end, and one sync.  Nothing is read until all of it is out. */
static int pg_batch_send(pg_conn *pc, const db_batch_item *items, int n, const char *end,
			 int begin, db_error *err)
{
	if (!PQenterPipelineMode(pc->pg))
		return pg_fail(pc, NULL, "pipeline", err);
	if (begin && !PQsendQueryParams(pc->pg, "BEGIN", 0, NULL, NULL, NULL, NULL, 0))
		return pg_fail(pc, NULL, "send", err);
	for (int i = 0; i < n; i++) {
		pg_stmt *s = (pg_stmt *)items[i].stmt;
		if (s->pc != pc)
			return pg_detached(err);
		if (items[i].nparams != s->nparams)
			return db_error_set(err, DB_FATAL, 0, "07001",
					    "pg: statement takes %d parameters, got %d", s->nparams,
					    items[i].nparams);
		pg_stmt_clear(s);
		for (int k = 0; k < s->nparams; k++)
			if (pg_set_param(s, k, &items[i].params[k], err))
				return -1;
		/* libpq copies the values into its buffer here, so the same
		 * statement may come again later in the batch. */
		if (!PQsendQueryPrepared(pc->pg, s->name, s->nparams, s->pvalues, s->plengths,
					 s->pformats, 0))
			return pg_fail(pc, NULL, "send", err);
	}
	if (end && !PQsendQueryParams(pc->pg, end, 0, NULL, NULL, NULL, NULL, 0))
		return pg_fail(pc, NULL, "send", err);
	if (!PQpipelineSync(pc->pg))
		return pg_fail(pc, NULL, "send", err);
	return 0;
}

/* One result of the batch: query q of those sent (BEGIN first when begin
 * is set, the end last).  The first failure is the batch's error; what
 * the server skipped after it (PGRES_PIPELINE_ABORTED) says nothing. */
typedef struct pg_batch {
	pg_conn *pc;
	const db_batch_item *items;
	int n, begin;
	const char *end;
	db_batch_fn fn;
	void *arg;
	int rc, stop;
	db_error *err;
} pg_batch;

static void pg_batch_result(void *ctx, int q, PGresult *r)
{
	pg_batch *b = ctx;
	pg_conn *pc = b->pc;
	const db_batch_item *items = b->items;
	const char *end = b->end;
	db_error *err = b->err;
	int *rc = &b->rc, *stop = &b->stop, n = b->n, begin = b->begin;
	ExecStatusType st = PQresultStatus(r);
	int i = q - begin;

	if (st == PGRES_PIPELINE_ABORTED) {
		PQclear(r);
		return;
	}
	if (begin && q == 0) {
		if (st == PGRES_COMMAND_OK)
			pc->in_txn = 1;
		else if (*rc == 0)
			*rc = pg_fail(pc, r, "begin", err);
		PQclear(r);
		return;
	}
	if (i >= n) {
		if (end && i == n) {
			if (st == PGRES_COMMAND_OK)
				pc->in_txn = 0;
			if (*rc == 0)
				*rc = pg_end_result(pc, end, r, err);
		}
		PQclear(r);
		return;
	}
	if (st != PGRES_TUPLES_OK && st != PGRES_COMMAND_OK) {
		if (*rc == 0)
			*rc = pg_fail(pc, r, "execute", err);
		PQclear(r);
		return;
	}
	if (*rc || *stop || !b->fn) {
		PQclear(r);
		return;
	}
	pg_stmt *s = (pg_stmt *)items[i].stmt;
	int64_t affected = 0;
	if (st == PGRES_TUPLES_OK) {
		s->res = r;
		s->nrows = PQntuples(r);
	} else {
		const char *t = PQcmdTuples(r);
		affected = t && *t ? strtoll(t, NULL, 10) : 0;
		PQclear(r);
	}
	int f = b->fn(b->arg, i, &s->base, affected, err);
	pg_stmt_clear(s);
	if (f < 0)
		*rc = -1;
	else if (f > 0)
		*stop = 1;
}

static int pg_execute_batch(db_conn *c, const db_batch_item *items, int n, db_batch_end end,
			    db_batch_fn fn, void *arg, db_error *err)
{
	pg_conn *pc = (pg_conn *)c;
	const char *how = end == DB_BATCH_COMMIT ? "COMMIT" : end == DB_BATCH_ROLLBACK ? "ROLLBACK"
										: NULL;
	int begin = !pc->autocommit && !pc->in_txn;

	if (!pc->pipeline)
		return db_batch_serial(c, items, n, end, fn, arg, err);
	/* An end with no transaction open sends nothing, as pg_end does. */
	if (how && pc->autocommit)
		how = NULL;
	pc->round_trips++;
	if (pg_batch_send(pc, items, n, how, begin, err)) {
		PQexitPipelineMode(pc->pg);
		/* What did go out is still answered: the sync below was never
		 * sent, so the connection cannot be trusted any more. */
		if (PQpipelineStatus(pc->pg) != PQ_PIPELINE_OFF || PQstatus(pc->pg) != CONNECTION_OK)
			err->kind = DB_KIND_CONNECTION, err->cls = DB_RECONNECT;
		return -1;
	}
	pg_batch b = { .pc = pc, .items = items, .n = n, .begin = begin, .end = how,
		       .fn = fn, .arg = arg, .err = err };
	if (pg_pipeline_read(pc, pg_batch_result, &b) && b.rc == 0)
		b.rc = pg_fail(pc, NULL, "execute", err);
	PQexitPipelineMode(pc->pg);
	return b.rc;
}

#endif

static uint64_t pg_round_trips(db_conn *c)
{
	return ((pg_conn *)c)->round_trips;
}

/* ---- transactions ---------------------------------------------------- */

static int pg_begin(db_conn *c, int write, db_error *err)
{
	/* The first statement opens the transaction, in its own round trip. */
	(void)c;
	(void)write;
	(void)err;
	return 0;
}

/* The answer to COMMIT or ROLLBACK (how). */
static int pg_end_result(pg_conn *pc, const char *how, const PGresult *r, db_error *err)
{
	if (PQresultStatus(r) != PGRES_COMMAND_OK)
		return pg_fail(pc, r, how[0] == 'C' ? "commit" : "rollback", err);
	if (how[0] == 'C' && !strcmp(PQcmdStatus((PGresult *)r), "ROLLBACK"))
		/* COMMIT of a transaction a failed statement spoilt: the server
		 * rolled it back; the engine must not count it committed. */
		return db_error_set(err, DB_FATAL, 0, "25P02",
				    "pg: commit: the server rolled the transaction back (a "
				    "statement in it had failed)");
	return 0;
}

static int pg_end(pg_conn *pc, const char *how, db_error *err)
{
	PGresult *r;
	int rc = 0;

	for (db_stmt_node *n = pc->stmts.head; n; n = n->next)
		pg_stmt_clear(DB_STMT_OF(n, pg_stmt));
	if (!pc->in_txn)
		return 0;
	pc->in_txn = 0;
	r = PQexec(pc->pg, how);
	pc->round_trips++;
	rc = pg_end_result(pc, how, r, err);
	PQclear(r);
	return rc;
}

static int pg_commit(db_conn *c, db_error *err)
{
	return pg_end((pg_conn *)c, "COMMIT", err);
}

static int pg_rollback(db_conn *c, db_error *err)
{
	return pg_end((pg_conn *)c, "ROLLBACK", err);
}

static int pg_set_autocommit(db_conn *c, int on, db_error *err)
{
	pg_conn *pc = (pg_conn *)c;

	/* Switching on commits what is open, as ODBC's attribute does. */
	if (on && pg_end(pc, "COMMIT", err))
		return -1;
	pc->autocommit = on != 0;
	return 0;
}

/* Server counters, metrics and variables are the dialect's
 * (dialect_pg.c), the same SQL psqlODBC's connections run. */
/* libpq may take the database from a string, a service or PGDATABASE. */
static const char *pg_target_name(const db_params *p, int *phrase)
{
	if (!pg_uses_database(p) &&
	    (nonempty(p->conninfo) || nonempty(getenv("PGSERVICE")) || nonempty(getenv("PGDATABASE")))) {
		*phrase = 1;
		return "the libpq connection";
	}
	return p->database ? p->database : "";
}

const db_driver pg_driver = {
	.name = "pg",
	.caps = {
		.multirow_insert = 1,
		.select_for_update = 1,
		.procedures = 1,
		.single_writer = 0,
	},
	.dialect = "postgresql",
	.default_port = 5432,
	.target_name = pg_target_name,
	.init = pg_init,
	.done = pg_done,
	.check_params = pg_check_params,
	.connect = pg_connect,
	.disconnect = pg_disconnect,
	.server_version = pg_server_version,
	.database = pg_database,
	.uses_database = pg_uses_database,
	.exec = pg_exec,
	.prepare = pg_prepare,
	.execute = pg_execute,
	.fetch = pg_fetch,
	.column_count = pg_column_count,
	.col_isnull = pg_col_isnull,
	.col_int = pg_col_int,
	.col_double = pg_col_double,
	.col_text = pg_col_text,
	.reset = pg_reset,
	.finalize = pg_finalize,
	.begin = pg_begin,
	.commit = pg_commit,
	.rollback = pg_rollback,
	.conn_id = pg_conn_id,
	.dbms_name = pg_dbms_name,
	.set_autocommit = pg_set_autocommit,
	.copy_in = pg_copy_in,
#if PG_PIPELINING
	.execute_batch = pg_execute_batch,
#endif
	.round_trips = pg_round_trips,
};
