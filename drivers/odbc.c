/* odbc.c: the ODBC driver, over unixODBC's driver manager.  One driver for
 * every server that has an ODBC driver (psqlODBC, MariaDB Connector/ODBC,
 * Microsoft's or FreeTDS's for SQL Server); the engine picks the SQL dialect
 * from the DBMS name the connection reports (dbms_name).
 *
 * Parameters are bound once per statement and bound again only when a
 * value's type changes or its text outgrows the statement's own buffer, so
 * a prepared statement executed many times costs one SQLExecute per call.
 * Integers that fit 32 bits go as SQL_INTEGER: PostgreSQL then compares
 * int4 with int4 and finds functions declared with integer arguments.
 *
 * Result columns are bound as text (SQL_C_CHAR) into buffers sized from
 * SQLDescribeCol, as the mysql driver does; col_int() and col_double()
 * parse.  A value longer than its buffer fails the fetch rather than being
 * cut silently.
 *
 * Autocommit is off and commit/rollback are SQLEndTran, except when the
 * engine asks for autocommit (procedures mode: each call is a transaction).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "driver.h"
#include "odbc_errors.h"

#include <sql.h>
#include <sqlext.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define COL_MIN_CAP  32
#define COL_MAX_CAP  65536
#define DIAG_RECORDS 4

typedef struct od_stmt od_stmt;

typedef struct od_conn {
	db_conn base;
	SQLHDBC dbc;
	db_stmt_list stmts;           /* every open statement */
	enum odbc_server srv;
	char dbms[64];
	char version[160];
} od_conn;

typedef struct od_col {
	char *buf;
	SQLLEN cap;
	SQLLEN ind;
} od_col;

/* A parameter's bound buffer: what is bound now, so execute can tell when
 * it must bind again. */
typedef struct od_param {
	SQLSMALLINT ctype;        /* 0: never bound */
	union {
		SQLINTEGER i32;
		SQLBIGINT i64;
		double d;
	} v;
	char *text;
	SQLLEN textcap;
	SQLLEN ind;
} od_param;

struct od_stmt {
	db_stmt base;
	od_conn *oc;              /* NULL once the connection is closed */
	db_stmt_node node;   /* on its connection's stmts */
	SQLHSTMT st;              /* NULL once the connection is closed */
	SQLSMALLINT nparams;
	od_param *params;
	SQLSMALLINT ncols;        /* columns bound */
	od_col *cols;
	int cursor;               /* a result may still be read */
	int on_row;
};

extern const db_driver odbc_driver;

static SQLHENV od_env;
static pthread_once_t od_once = PTHREAD_ONCE_INIT;
static SQLRETURN od_env_rc;

/* ---- errors ---------------------------------------------------------- */

/* Build err from the handle's diagnostic records: the class comes from the
 * first record that says something other than "fatal", the message keeps
 * every record (the driver's and the server's words). */
static int od_fail(enum odbc_server srv, SQLSMALLINT htype, SQLHANDLE h, const char *what,
		   db_error *err)
{
	char msg[sizeof(err->msg)];
	char state0[6] = "HY000";
	long native0 = 0;
	db_errkind kind = DB_KIND_OTHER;
	int have = 0;
	size_t used;

	used = (size_t)snprintf(msg, sizeof msg, "odbc: %s", what);
	for (SQLSMALLINT i = 1; i <= DIAG_RECORDS; i++) {
		SQLCHAR state[6], text[SQL_MAX_MESSAGE_LENGTH];
		SQLINTEGER native = 0;
		SQLSMALLINT tlen = 0;
		SQLRETURN rc = SQLGetDiagRec(htype, h, i, state, &native, text,
					     (SQLSMALLINT)sizeof text, &tlen);
		if (!SQL_SUCCEEDED(rc))
			break;
		db_errkind k = odbc_classify(srv, (const char *)state, (long)native);
		if (!have || (db_errkind_class(kind) == DB_FATAL && db_errkind_class(k) != DB_FATAL)) {
			snprintf(state0, sizeof state0, "%s", (const char *)state);
			native0 = (long)native;
			kind = k;
		}
		have = 1;
		/* psqlODBC passes on the server's message with its newlines
		 * (ERROR:, DETAIL:, HINT:): an event is one line. */
		char line[sizeof text];
		db_text_oneline((const char *)text, line, sizeof line);
		if (used < sizeof msg)
			used += (size_t)snprintf(msg + used, sizeof msg - used, "%s[%s] (%ld) %s",
						 i == 1 ? ": " : "; ", (const char *)state,
						 (long)native, line);
	}
	if (!have && used < sizeof msg)
		snprintf(msg + used, sizeof msg - used, ": no diagnostic record");
	return db_error_kind_set(err, kind, (int)native0, state0, "%s", msg);
}

static int od_fail_stmt(const od_stmt *s, const char *what, db_error *err)
{
	return od_fail(s->oc ? s->oc->srv : ODBC_SERVER_OTHER, SQL_HANDLE_STMT, s->st, what, err);
}

static int od_fail_dbc(const od_conn *oc, const char *what, db_error *err)
{
	return od_fail(oc->srv, SQL_HANDLE_DBC, oc->dbc, what, err);
}

static int od_oom(db_error *err)
{
	return db_error_set(err, DB_FATAL, 0, "HY001", "odbc: out of memory");
}

/* ---- environment ----------------------------------------------------- */

static void od_env_init(void)
{
	od_env_rc = SQLAllocHandle(SQL_HANDLE_ENV, SQL_NULL_HANDLE, &od_env);
	if (SQL_SUCCEEDED(od_env_rc))
		od_env_rc = SQLSetEnvAttr(od_env, SQL_ATTR_ODBC_VERSION,
					  (SQLPOINTER)(uintptr_t)SQL_OV_ODBC3, 0);
}

static int od_init(db_error *err)
{
	pthread_once(&od_once, od_env_init);
	if (!SQL_SUCCEEDED(od_env_rc))
		return db_error_set(err, DB_FATAL, 0, "HY000",
				    "odbc: cannot allocate the ODBC environment (is unixODBC installed?)");
	return 0;
}

static void od_done(void)
{
	if (od_env) {
		SQLFreeHandle(SQL_HANDLE_ENV, od_env);
		od_env = NULL;
	}
}

/* ---- statement list -------------------------------------------------- */

static void od_link(od_conn *oc, od_stmt *s)
{
	s->oc = oc;
	db_stmt_list_add(&oc->stmts, &s->node);
}

static void od_unlink(od_stmt *s)
{
	od_conn *oc = s->oc;

	if (!oc)
		return;
	db_stmt_list_remove(&oc->stmts, &s->node);
	s->oc = NULL;
}

static void od_close_cursor(od_stmt *s)
{
	/* SQL_CLOSE also discards further result sets (a CALL's). */
	if (s->st && s->cursor)
		SQLFreeStmt(s->st, SQL_CLOSE);
	s->cursor = 0;
	s->on_row = 0;
}

static void od_close_all(od_conn *oc)
{
	for (db_stmt_node *n = oc->stmts.head; n; n = n->next)
		od_close_cursor(DB_STMT_OF(n, od_stmt));
}

/* ---- connections ----------------------------------------------------- */

/* Append KEY=VALUE; with the value in braces when it holds characters that
 * would end it early, a closing brace doubled as ODBC requires. */
static size_t put_attr(char *out, size_t cap, size_t used, const char *key, const char *val)
{
	int braces = strpbrk(val, ";{}= ") != NULL;

	if (used >= cap)
		return used;
	used += (size_t)snprintf(out + used, cap - used, "%s=%s", key, braces ? "{" : "");
	for (const char *p = val; *p && used + 3 < cap; p++) {
		out[used++] = *p;
		if (*p == '}' && braces)
			out[used++] = '}';
	}
	if (used + 3 < cap)
		used += (size_t)snprintf(out + used, cap - used, "%s;", braces ? "}" : "");
	return used;
}

/* The connection string: connection.odbc as given, else DSN=...; the user
 * and password from their own settings, when given, override the DSN's. */
static int od_conn_string(const db_params *p, char *out, size_t cap, db_error *err)
{
	size_t used = 0;

	if (p->odbc && *p->odbc) {
		used = (size_t)snprintf(out, cap, "%s", p->odbc);
		if (used && used < cap - 1 && out[used - 1] != ';')
			out[used++] = ';', out[used] = '\0';
	} else if (p->dsn && *p->dsn) {
		used = put_attr(out, cap, 0, "DSN", p->dsn);
	} else {
		return db_error_set(err, DB_FATAL, 0, "HY000",
				    "odbc: no data source: set connection.dsn (--dsn) or connection.odbc");
	}
	/* Both psqlODBC and MariaDB Connector/ODBC read DATABASE, and an
	 * attribute of the string wins over the DSN's. */
	if (p->database_wins && p->database && *p->database)
		used = put_attr(out, cap, used, "DATABASE", p->database);
	if (p->user && *p->user)
		used = put_attr(out, cap, used, "UID", p->user);
	if (p->password && *p->password)
		used = put_attr(out, cap, used, "PWD", p->password);
	if (used + 1 >= cap)
		return db_error_set(err, DB_FATAL, 0, "HY000", "odbc: connection string too long");
	return 0;
}

static int od_isolation(const char *name, SQLUINTEGER *out)
{
	if (!name || !*name || !strcmp(name, "default"))
		return 0;
	if (!strcmp(name, "read-committed"))
		*out = SQL_TXN_READ_COMMITTED;
	else if (!strcmp(name, "repeatable-read"))
		*out = SQL_TXN_REPEATABLE_READ;
	else if (!strcmp(name, "serializable"))
		*out = SQL_TXN_SERIALIZABLE;
	else if (!strcmp(name, "read-uncommitted"))
		*out = SQL_TXN_READ_UNCOMMITTED;
	else
		return -1;
	return 1;
}

static void od_info(od_conn *oc, SQLUSMALLINT what, char *buf, size_t len)
{
	SQLSMALLINT n = 0;

	buf[0] = '\0';
	if (!SQL_SUCCEEDED(SQLGetInfo(oc->dbc, what, buf, (SQLSMALLINT)len, &n)))
		buf[0] = '\0';
}

/* psqlODBC rolls back a failed statement alone by default, which it does
 * by wrapping every statement in RELEASE + SAVEPOINT: a second round trip
 * per statement.  The engine rolls back and retries whole transactions, so
 * ask for transaction-level rollback (Protocol=7.4-1) unless the user's
 * connection string chose a level itself.  1: cs now asks for it and the
 * caller must connect again. */
static int od_pg_savepoints(od_conn *oc, char *cs, size_t cap)
{
	char name[64] = "";
	size_t n = strlen(cs);

	od_info(oc, SQL_DBMS_NAME, name, sizeof name);
	if (odbc_server_of(name) != ODBC_SERVER_POSTGRESQL || strcasestr(cs, "protocol="))
		return 0;
	return snprintf(cs + n, cap - n, "Protocol=7.4-1;") < (int)(cap - n);
}

static int od_connect(const db_params *p, db_conn **out, db_error *err)
{
	char cs[2048], ver[96];
	SQLCHAR done[1024];
	SQLSMALLINT donelen = 0;
	SQLUINTEGER iso = 0;
	od_conn *oc;
	SQLRETURN rc;
	int want_iso;

	*out = NULL;
	if (od_init(err) < 0)
		return -1;
	want_iso = od_isolation(p->isolation, &iso);
	if (want_iso < 0)
		return db_error_set(err, DB_FATAL, 0, "HY024", "odbc: unknown isolation level '%s'",
				    p->isolation);
	if (od_conn_string(p, cs, sizeof cs, err) < 0)
		return -1;
	oc = calloc(1, sizeof *oc);
	if (!oc)
		return od_oom(err);
	oc->base.drv = &odbc_driver;
	if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_DBC, od_env, &oc->dbc))) {
		free(oc);
		return db_error_set(err, DB_FATAL, 0, "HY001", "odbc: cannot allocate a connection handle");
	}
	if (p->connect_timeout > 0)
		SQLSetConnectAttr(oc->dbc, SQL_ATTR_LOGIN_TIMEOUT,
				  (SQLPOINTER)(uintptr_t)p->connect_timeout, 0);
	rc = SQLDriverConnect(oc->dbc, NULL, (SQLCHAR *)cs, SQL_NTS, done, sizeof done,
			      &donelen, SQL_DRIVER_NOPROMPT);
	if (SQL_SUCCEEDED(rc) && od_pg_savepoints(oc, cs, sizeof cs)) {
		/* Connect again, the same way, without the savepoints. */
		SQLDisconnect(oc->dbc);
		rc = SQLDriverConnect(oc->dbc, NULL, (SQLCHAR *)cs, SQL_NTS, done, sizeof done,
				      &donelen, SQL_DRIVER_NOPROMPT);
	}
	memset(cs, 0, sizeof cs);     /* it may hold the password */
	memset(done, 0, sizeof done);
	if (!SQL_SUCCEEDED(rc)) {
		/* Class 08 (server not there, yet) reads as reconnect, which
		 * the VUs retry; a refused login is 08001 too, but the run's
		 * control connection fails first and stops the run. */
		od_fail_dbc(oc, "connect", err);
		SQLFreeHandle(SQL_HANDLE_DBC, oc->dbc);
		free(oc);
		return -1;
	}
	od_info(oc, SQL_DBMS_NAME, oc->dbms, sizeof oc->dbms);
	od_info(oc, SQL_DBMS_VER, ver, sizeof ver);
	oc->srv = odbc_server_of(oc->dbms);
	/* "10.11.19-MariaDB" already names itself; "15.18" does not. */
	if (strcasestr(ver, oc->dbms))
		snprintf(oc->version, sizeof oc->version, "%s", ver);
	else
		snprintf(oc->version, sizeof oc->version, "%s %s", oc->dbms, ver);
	if (want_iso &&
	    !SQL_SUCCEEDED(SQLSetConnectAttr(oc->dbc, SQL_ATTR_TXN_ISOLATION,
					     (SQLPOINTER)(uintptr_t)iso, 0))) {
		od_fail_dbc(oc, "set isolation", err);
		goto fail;
	}
	if (!SQL_SUCCEEDED(SQLSetConnectAttr(oc->dbc, SQL_ATTR_AUTOCOMMIT,
					     (SQLPOINTER)SQL_AUTOCOMMIT_OFF, 0))) {
		od_fail_dbc(oc, "autocommit off", err);
		goto fail;
	}
	*out = &oc->base;
	return 0;
fail:
	SQLDisconnect(oc->dbc);
	SQLFreeHandle(SQL_HANDLE_DBC, oc->dbc);
	free(oc);
	return -1;
}

static void od_stmt_free_handle(od_stmt *s)
{
	if (s->st) {
		SQLFreeHandle(SQL_HANDLE_STMT, s->st);
		s->st = NULL;
	}
	s->cursor = s->on_row = 0;
}

static void od_disconnect(db_conn *c)
{
	od_conn *oc = (od_conn *)c;

	if (!oc)
		return;
	/* Statements may outlive the connection: free their handles now and
	 * leave the structs to finalize. */
	while (oc->stmts.head) {
		od_stmt *s = DB_STMT_OF(oc->stmts.head, od_stmt);
		od_stmt_free_handle(s);
		od_unlink(s);
	}
	/* Whatever was not committed is not wanted; SQLDisconnect refuses to
	 * leave a transaction open. */
	SQLEndTran(SQL_HANDLE_DBC, oc->dbc, SQL_ROLLBACK);
	SQLDisconnect(oc->dbc);
	SQLFreeHandle(SQL_HANDLE_DBC, oc->dbc);
	free(oc);
}

static const char *od_server_version(db_conn *c)
{
	return ((od_conn *)c)->version;
}

static const char *od_dbms_name(db_conn *c)
{
	return ((od_conn *)c)->dbms;
}

/* ---- plain statements ------------------------------------------------ */

static int od_exec(db_conn *c, const char *sql, int64_t *affected, db_error *err)
{
	od_conn *oc = (od_conn *)c;
	SQLHSTMT st;
	SQLLEN n = 0;
	SQLRETURN rc;

	if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_STMT, oc->dbc, &st)))
		return od_fail_dbc(oc, "allocate statement", err);
	rc = SQLExecDirect(st, (SQLCHAR *)sql, SQL_NTS);
	if (!SQL_SUCCEEDED(rc) && rc != SQL_NO_DATA) {
		od_fail(oc->srv, SQL_HANDLE_STMT, st, "execute", err);
		SQLFreeHandle(SQL_HANDLE_STMT, st);
		return -1;
	}
	if (rc != SQL_NO_DATA && !SQL_SUCCEEDED(SQLRowCount(st, &n)))
		n = 0;
	/* Every result of a batch or a CALL, so errors in later ones show. */
	while ((rc = SQLMoreResults(st)) != SQL_NO_DATA) {
		if (!SQL_SUCCEEDED(rc)) {
			od_fail(oc->srv, SQL_HANDLE_STMT, st, "execute", err);
			SQLFreeHandle(SQL_HANDLE_STMT, st);
			return -1;
		}
	}
	SQLFreeHandle(SQL_HANDLE_STMT, st);
	if (affected)
		*affected = n < 0 ? 0 : (int64_t)n;
	return 0;
}

/* ---- prepared statements --------------------------------------------- */

static int od_prepare(db_conn *c, const char *sql, db_stmt **out, db_error *err)
{
	od_conn *oc = (od_conn *)c;
	od_stmt *s;

	*out = NULL;
	s = calloc(1, sizeof *s);
	if (!s)
		return od_oom(err);
	s->base.conn = c;
	s->oc = oc;
	if (!SQL_SUCCEEDED(SQLAllocHandle(SQL_HANDLE_STMT, oc->dbc, &s->st))) {
		od_fail_dbc(oc, "allocate statement", err);
		free(s);
		return -1;
	}
	if (!SQL_SUCCEEDED(SQLPrepare(s->st, (SQLCHAR *)sql, SQL_NTS))) {
		od_fail_stmt(s, "prepare", err);
		goto fail;
	}
	if (!SQL_SUCCEEDED(SQLNumParams(s->st, &s->nparams))) {
		od_fail_stmt(s, "count parameters", err);
		goto fail;
	}
	if (s->nparams > 0) {
		s->params = calloc((size_t)s->nparams, sizeof *s->params);
		if (!s->params) {
			od_oom(err);
			goto fail;
		}
	}
	od_link(oc, s);
	*out = &s->base;
	return 0;
fail:
	SQLFreeHandle(SQL_HANDLE_STMT, s->st);
	free(s);
	return -1;
}

static int od_bind(od_stmt *s, SQLUSMALLINT i, SQLSMALLINT ctype, SQLSMALLINT sqltype,
		   SQLULEN size, SQLPOINTER buf, SQLLEN buflen, db_error *err)
{
	od_param *p = &s->params[i];

	if (!SQL_SUCCEEDED(SQLBindParameter(s->st, (SQLUSMALLINT)(i + 1), SQL_PARAM_INPUT, ctype,
					    sqltype, size, 0, buf, buflen, &p->ind)))
		return od_fail_stmt(s, "bind parameter", err);
	p->ctype = ctype;
	return 0;
}

/* Put one value into its bound buffer, binding again when needed. */
static int od_set_param(od_stmt *s, SQLUSMALLINT i, const db_param *v, db_error *err)
{
	od_param *p = &s->params[i];

	switch (v->type) {
	case DB_T_INT:
		if (v->i >= INT32_MIN && v->i <= INT32_MAX) {
			p->v.i32 = (SQLINTEGER)v->i;
			p->ind = 0;
			if (p->ctype != SQL_C_SLONG)
				return od_bind(s, i, SQL_C_SLONG, SQL_INTEGER, 0, &p->v.i32, 0, err);
		} else {
			p->v.i64 = (SQLBIGINT)v->i;
			p->ind = 0;
			if (p->ctype != SQL_C_SBIGINT)
				return od_bind(s, i, SQL_C_SBIGINT, SQL_BIGINT, 0, &p->v.i64, 0, err);
		}
		return 0;
	case DB_T_DOUBLE:
		p->v.d = v->d;
		p->ind = 0;
		if (p->ctype != SQL_C_DOUBLE)
			return od_bind(s, i, SQL_C_DOUBLE, SQL_DOUBLE, 0, &p->v.d, 0, err);
		return 0;
	case DB_T_TEXT:
	case DB_T_NULL: {
		size_t len = v->type == DB_T_TEXT ? v->len : 0;
		int rebind = p->ctype != SQL_C_CHAR;
		if ((SQLLEN)len + 1 > p->textcap) {
			SQLLEN cap = p->textcap ? p->textcap : 64;
			while (cap < (SQLLEN)len + 1)
				cap *= 2;
			char *t = realloc(p->text, (size_t)cap);
			if (!t)
				return od_oom(err);
			p->text = t;
			p->textcap = cap;
			rebind = 1;
		}
		if (len)
			memcpy(p->text, v->s, len);
		p->text[len] = '\0';
		p->ind = v->type == DB_T_NULL ? SQL_NULL_DATA : (SQLLEN)len;
		/* The declared size is the buffer's, so it changes only when
		 * the buffer grows and the server keeps its prepared plan. */
		if (rebind)
			return od_bind(s, i, SQL_C_CHAR, SQL_VARCHAR, (SQLULEN)(p->textcap - 1),
				       p->text, p->textcap, err);
		return 0;
	}
	}
	return db_error_set(err, DB_FATAL, 0, "HY004", "odbc: parameter %u has unknown type %d",
			    (unsigned)i + 1, (int)v->type);
}

/* Bind every result column as text, sized from its description. */
static int od_bind_cols(od_stmt *s, SQLSMALLINT n, db_error *err)
{
	od_col *cols = calloc((size_t)n, sizeof *cols);

	if (!cols)
		return od_oom(err);
	for (SQLSMALLINT i = 0; i < n; i++) {
		SQLCHAR name[8];
		SQLSMALLINT nlen, type, digits, nullable;
		SQLULEN size = 0;
		SQLLEN cap;

		if (!SQL_SUCCEEDED(SQLDescribeCol(s->st, (SQLUSMALLINT)(i + 1), name, sizeof name,
						  &nlen, &type, &size, &digits, &nullable)))
			size = 0;
		/* Characters may take 4 bytes in UTF-8; numbers need room for a
		 * sign, a point and an exponent beyond their precision. */
		cap = (SQLLEN)(size > (COL_MAX_CAP - 16) / 4 ? COL_MAX_CAP : size * 4 + 16);
		if (size == 0)
			cap = 1024;
		if (cap < COL_MIN_CAP)
			cap = COL_MIN_CAP;
		cols[i].buf = malloc((size_t)cap);
		cols[i].cap = cap;
		if (!cols[i].buf ||
		    !SQL_SUCCEEDED(SQLBindCol(s->st, (SQLUSMALLINT)(i + 1), SQL_C_CHAR,
					      cols[i].buf, cap, &cols[i].ind))) {
			int oom = !cols[i].buf;
			for (SQLSMALLINT k = 0; k <= i; k++)
				free(cols[k].buf);
			free(cols);
			return oom ? od_oom(err) : od_fail_stmt(s, "bind column", err);
		}
	}
	s->cols = cols;
	s->ncols = n;
	return 0;
}

static void od_free_cols(od_stmt *s)
{
	for (SQLSMALLINT i = 0; i < s->ncols; i++)
		free(s->cols[i].buf);
	free(s->cols);
	s->cols = NULL;
	s->ncols = 0;
}

static int od_detached(db_error *err)
{
	return db_error_set(err, DB_FATAL, 0, "08003",
			    "odbc: statement used after its connection was closed");
}

static int od_execute(db_stmt *st, const db_param *params, int nparams, int64_t *affected,
		      db_error *err)
{
	od_stmt *s = (od_stmt *)st;
	SQLSMALLINT ncols = 0;
	SQLRETURN rc;

	if (!s->st || !s->oc)
		return od_detached(err);
	od_close_cursor(s);
	if (nparams != s->nparams)
		return db_error_set(err, DB_FATAL, 0, "07001",
				    "odbc: statement takes %d parameters, got %d",
				    (int)s->nparams, nparams);
	for (int i = 0; i < nparams; i++)
		if (od_set_param(s, (SQLUSMALLINT)i, &params[i], err) < 0)
			return -1;
	rc = SQLExecute(s->st);
	if (rc == SQL_NO_DATA) {          /* UPDATE or DELETE that matched nothing */
		if (affected)
			*affected = 0;
		return 0;
	}
	if (!SQL_SUCCEEDED(rc))
		return od_fail_stmt(s, "execute", err);
	if (!SQL_SUCCEEDED(SQLNumResultCols(s->st, &ncols)))
		return od_fail_stmt(s, "count columns", err);
	if (ncols == 0) {
		SQLLEN n = 0;
		if (affected)
			*affected = SQL_SUCCEEDED(SQLRowCount(s->st, &n)) && n > 0 ? (int64_t)n : 0;
		/* A CALL may leave further (empty) results behind. */
		SQLFreeStmt(s->st, SQL_CLOSE);
		return 0;
	}
	if (affected)
		*affected = 0;
	s->cursor = 1;
	if (ncols != s->ncols) {
		SQLFreeStmt(s->st, SQL_UNBIND);
		od_free_cols(s);
		if (od_bind_cols(s, ncols, err) < 0) {
			od_close_cursor(s);
			return -1;
		}
	}
	return 0;
}

static int od_fetch(db_stmt *st, db_error *err)
{
	od_stmt *s = (od_stmt *)st;
	SQLRETURN rc;

	s->on_row = 0;
	if (!s->cursor || !s->st)
		return 0;
	rc = SQLFetch(s->st);
	if (rc == SQL_NO_DATA) {
		od_close_cursor(s);
		return 0;
	}
	if (!SQL_SUCCEEDED(rc)) {
		od_fail_stmt(s, "fetch", err);
		od_close_cursor(s);
		return -1;
	}
	for (SQLSMALLINT i = 0; i < s->ncols; i++) {
		od_col *c = &s->cols[i];
		if (c->ind == SQL_NO_TOTAL || (c->ind != SQL_NULL_DATA && c->ind >= c->cap)) {
			db_error_set(err, DB_FATAL, 0, "01004",
				     "odbc: column %d is longer than its %ld byte buffer",
				     i + 1, (long)c->cap);
			od_close_cursor(s);
			return -1;
		}
	}
	s->on_row = 1;
	return 1;
}

static int od_column_count(db_stmt *st)
{
	od_stmt *s = (od_stmt *)st;
	SQLSMALLINT n = 0;

	if (s->ncols)
		return s->ncols;
	if (s->st && SQL_SUCCEEDED(SQLNumResultCols(s->st, &n)))
		return n;
	return 0;
}

static const od_col *od_col_get(db_stmt *st, int col)
{
	od_stmt *s = (od_stmt *)st;

	if (!s->on_row || col < 0 || col >= s->ncols)
		return NULL;
	return &s->cols[col];
}

static int od_col_isnull(db_stmt *st, int col)
{
	const od_col *c = od_col_get(st, col);
	return !c || c->ind == SQL_NULL_DATA;
}

static int64_t od_col_int(db_stmt *st, int col)
{
	const od_col *c = od_col_get(st, col);

	if (!c || c->ind == SQL_NULL_DATA)
		return 0;
	return db_text_to_int(c->buf);
}

static double od_col_double(db_stmt *st, int col)
{
	const od_col *c = od_col_get(st, col);
	return c && c->ind != SQL_NULL_DATA ? strtod(c->buf, NULL) : 0.0;
}

static const char *od_col_text(db_stmt *st, int col, size_t *len)
{
	const od_col *c = od_col_get(st, col);

	if (!c || c->ind == SQL_NULL_DATA) {
		if (len)
			*len = 0;
		return NULL;
	}
	if (len)
		*len = (size_t)c->ind;
	return c->buf;
}

static void od_reset(db_stmt *st)
{
	od_close_cursor((od_stmt *)st);
}

static void od_finalize(db_stmt *st)
{
	od_stmt *s = (od_stmt *)st;

	if (!s)
		return;
	od_unlink(s);
	od_stmt_free_handle(s);
	od_free_cols(s);
	for (SQLSMALLINT i = 0; i < s->nparams; i++)
		free(s->params[i].text);
	free(s->params);
	free(s);
}

/* ---- transactions ---------------------------------------------------- */

static int od_begin(db_conn *c, int write, db_error *err)
{
	/* Autocommit is off: the first statement opens the transaction. */
	(void)c;
	(void)write;
	(void)err;
	return 0;
}

static int od_end(db_conn *c, SQLSMALLINT how, db_error *err)
{
	od_conn *oc = (od_conn *)c;

	od_close_all(oc);
	if (!SQL_SUCCEEDED(SQLEndTran(SQL_HANDLE_DBC, oc->dbc, how)))
		return od_fail_dbc(oc, how == SQL_COMMIT ? "commit" : "rollback", err);
	return 0;
}

static int od_commit(db_conn *c, db_error *err)
{
	return od_end(c, SQL_COMMIT, err);
}

static int od_rollback(db_conn *c, db_error *err)
{
	return od_end(c, SQL_ROLLBACK, err);
}

static int od_set_autocommit(db_conn *c, int on, db_error *err)
{
	od_conn *oc = (od_conn *)c;

	od_close_all(oc);
	if (!SQL_SUCCEEDED(SQLSetConnectAttr(oc->dbc, SQL_ATTR_AUTOCOMMIT,
					     (SQLPOINTER)(uintptr_t)(on ? SQL_AUTOCOMMIT_ON
									: SQL_AUTOCOMMIT_OFF), 0)))
		return od_fail_dbc(oc, "set autocommit", err);
	return 0;
}

/* Server counters, metrics and variables are the dialect's business: the
 * same ODBC driver reaches servers that keep them in different places. */
static const char *od_target_name(const db_params *p, int *phrase)
{
	if (p->odbc && p->odbc[0]) {
		*phrase = 1;
		return "the ODBC connection";
	}
	return p->dsn ? p->dsn : "";
}

/* The DSN names the server; a full connection string may hold a password,
 * so it is never shown. */
static void od_where(const db_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s", p->odbc && p->odbc[0] ? "ODBC connection string" :
		 p->dsn ? p->dsn : "");
}

const db_driver odbc_driver = {
	.name = "odbc",
	.caps = {
		.multirow_insert = 1,
		.select_for_update = 1,
		.procedures = 1,
		.single_writer = 0,
	},
	.target_name = od_target_name,
	.where = od_where,
	.init = od_init,
	.done = od_done,
	.connect = od_connect,
	.disconnect = od_disconnect,
	.server_version = od_server_version,
	.exec = od_exec,
	.prepare = od_prepare,
	.execute = od_execute,
	.fetch = od_fetch,
	.column_count = od_column_count,
	.col_isnull = od_col_isnull,
	.col_int = od_col_int,
	.col_double = od_col_double,
	.col_text = od_col_text,
	.reset = od_reset,
	.finalize = od_finalize,
	.begin = od_begin,
	.commit = od_commit,
	.rollback = od_rollback,
	.dbms_name = od_dbms_name,
	.set_autocommit = od_set_autocommit,
};
