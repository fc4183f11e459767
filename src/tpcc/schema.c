#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "schema.h"
#include "txn.h"
#include "util/util.h"

const char *schema_target_phrase(const tpcc_config *c, int *phrase)
{
	db_params p;

	db_params_from_config(c, &p);
	/* The name points into c, or is the driver's constant. */
	return driver_target_name(driver_find(c->driver), &p, phrase);
}

const char *schema_target_name(const tpcc_config *c)
{
	return schema_target_phrase(c, NULL);
}

void schema_where(const tpcc_config *c, char *buf, size_t len)
{
	db_params p;

	db_params_from_config(c, &p);
	driver_where(driver_find(c->driver), &p, buf, len);
}

int schema_embedded(const tpcc_config *c)
{
	const db_driver *drv = driver_find(c->driver);
	return drv && drv->caps.embedded;
}

/* For the null driver: a complete schema of as many warehouses as the
 * database name says, the 1% rollback's unused item missing, and
 * Delivery's read of its districts' orders by (w, d, o) keys answered
 * with a row per district, as a database would. */
static const char *const null_meta[] = {
	"warehouses", NULL, "status", "complete", "c_last", "100", "c_id", "100",
	"ol_i_id", "100", NULL
};
/* Which transaction a statement the null driver prepares belongs to: by
 * the one statement of each type that no other type runs, as the null
 * driver's dialect writes it. */
static const char *null_txn_of(const char *sql)
{
	static const struct { enum stmt_id id; enum txn_type t; } only[] = {
		{ S_NO_WH_CUSTOMER, TX_NEW_ORDER }, { S_PAY_HISTORY_INS, TX_PAYMENT },
		{ S_OS_ORDER, TX_ORDER_STATUS }, { S_DL_NEW_ORDER, TX_DELIVERY },
		{ S_SL_STOCK_COUNT, TX_STOCK_LEVEL },
	};
	const dialect *d = dialect_by_name("mysql");   /* the null driver's */
	char buf[2048];
	for (size_t i = 0; d && i < sizeof only / sizeof only[0]; i++)
		if (!strcmp(sql, dialect_stmt_sql(d, only[i].id, buf, sizeof buf)))
			return txn_names[only[i].t];
	return NULL;
}

static const db_fake null_answers = {
	.txn_of = null_txn_of,
	.missing_key = UNUSED_ITEM_ID,
	.meta_table = "tpcc_meta",
	.meta_rows = null_meta,
	.keyed_params = 3 * DIALECT_DISTRICTS,
	.keyed_from = 1,
	.keyed_stride = 3,
};

void db_params_from_config(const tpcc_config *c, db_params *p)
{
	memset(p, 0, sizeof *p);
	p->driver = c->driver;
	p->host = c->host;
	p->port = c->port;
	p->socket = c->socket;
	p->user = c->user;
	p->password = c->password;
	p->database = c->database;
	p->database_given = c->database_given;
	p->file = c->db_file;
	p->dsn = c->dsn;
	p->odbc = c->odbc;
	p->conninfo = c->conninfo;
	p->isolation = c->isolation;
	p->ssl_mode = c->ssl_mode;
	p->ssl_ca = c->ssl_ca;
	p->read_option_files = c->read_option_files;
	p->connect_timeout = c->connect_timeout;
	p->fake = &null_answers;
}

/* create: an embedded database's file is made when missing. */
static int connect_as(const tpcc_config *c, int create, db_conn **out, db_error *e)
{
	const db_driver *drv = driver_find(c->driver);
	db_params p;

	if (!drv)
		return db_error_set(e, DB_FATAL, 0, "HY000", "unknown driver '%s' (have: %s)",
				    c->driver, driver_names());
	if (drv->init && drv->init(e))
		return -1;
	db_params_from_config(c, &p);
	p.create = create;
	if (drv->connect(&p, out, e) == 0)
		return 0;
	/* Only build makes the file, so every other way in says so. */
	if (db_error_no_database(e) && drv->caps.embedded) {
		size_t n = strlen(e->msg);
		snprintf(e->msg + n, sizeof e->msg - n, " ('tpcc-console build' creates it)");
	}
	return -1;
}

int schema_connect(const tpcc_config *c, db_conn **out, db_error *e)
{
	return connect_as(c, 0, out, e);
}

/* MySQL's way: CREATE DATABASE IF NOT EXISTS on a connection to no
 * database, then the database. */
static int create_then_connect(const db_driver *drv, const dialect *d, db_params *p,
			       const char *name, db_conn **out, db_error *e)
{
	db_conn *boot;
	char sql[512];

	p->database = NULL;
	if (drv->connect(p, &boot, e))
		return -1;
	snprintf(sql, sizeof sql, d->create_database, name);
	int rc = db_exec(boot, sql, e);
	drv->disconnect(boot);
	p->database = name;
	return rc ? -1 : drv->connect(p, out, e);
}

/* PostgreSQL's: the database first, and only when that fails, a look from
 * the maintenance database, where the dialect creates a missing one; so a
 * user without CREATEDB builds into one that exists, and a server whose
 * pg_hba.conf admits only the database still works.  1 when it created
 * the database, 0 when not (the first error stands), -1 when creating it
 * failed (e says why). */
static int create_if_missing(const db_driver *drv, const dialect *d, db_params p,
			     const char *name, db_error *e)
{
	db_conn *boot;
	db_error quiet;

	p.database = d->maintenance_database;
	p.database_wins = 1;
	if (drv->connect(&p, &boot, &quiet))
		return 0;
	int rc = d->create_missing_database(boot, name, e);
	drv->disconnect(boot);
	return rc;
}

int schema_connect_creating(const tpcc_config *c, db_conn **out, int *created, db_error *e)
{
	const db_driver *drv = driver_find(c->driver);
	const dialect *d = dialect_for_driver(driver_find(c->driver));
	db_params p;

	*created = 0;
	if (!drv || !d || !c->database[0] || (!d->create_database && !d->create_missing_database))
		return connect_as(c, 1, out, e);
	if (drv->init && drv->init(e))
		return -1;
	db_params_from_config(c, &p);
	p.create = 1;
	if (drv->uses_database && !drv->uses_database(&p))
		return drv->connect(&p, out, e);
	if (!d->create_missing_database) {
		/* The name goes between the statement's quotes. */
		const char *at = strstr(d->create_database, "%s");
		if (at && at > d->create_database && strchr(c->database, at[-1]))
			return db_error_set(e, DB_FATAL, 0, "42602", "database name %s holds a %c: "
					    "create the database yourself", c->database, at[-1]);
		return create_then_connect(drv, d, &p, c->database, out, e);
	}
	if (drv->connect(&p, out, e) == 0)
		return 0;
	db_error first = *e, why;
	int rc = create_if_missing(drv, d, p, c->database, &why);
	if (rc < 0)
		return db_error_set(e, DB_FATAL, 0, why.sqlstate, "%s; creating it failed: %s",
				    first.msg, why.msg);
	if (rc == 0)
		return -1;
	*created = 1;
	return drv->connect(&p, out, e);
}

const dialect *schema_dialect(const tpcc_config *c, db_conn *conn, db_error *e)
{
	const dialect *d;
	const char *dbms;

	if (c->dialect[0] && strcmp(c->dialect, "auto") != 0) {
		d = dialect_by_name(c->dialect);
		if (!d)
			db_error_set(e, DB_FATAL, 0, "HY000", "unknown dialect '%s'", c->dialect);
		return d;
	}
	d = dialect_for_driver(driver_find(c->driver));
	if (d)
		return d;
	dbms = conn && conn->drv->dbms_name ? conn->drv->dbms_name(conn) : NULL;
	d = dialect_for_dbms(dbms);
	if (!d)
		db_error_set(e, DB_FATAL, 0, "HY000", "no SQL dialect for DBMS '%s': set "
			     "connection.dialect (--dialect) to mysql, postgresql or mssql",
			     dbms && *dbms ? dbms : "(unknown)");
	return d;
}

/* A findings value, "10:13639,12:13639" (the rows after a colon, once
 * not written) into b's departed bits and rows, or a findings_checked
 * value, "1,2,3", into its checked bits.  Returns 1. */
static int read_findings(const char *v, check_baseline *b, int departed)
{
	for (const char *q = v; *q; q += strcspn(q, ","), q += strspn(q, ",")) {
		int n = atoi(q);
		if (n < 1 || n > CHECK_COUNT)
			continue;
		if (!departed) {
			b->checked |= 1u << n;
			continue;
		}
		b->departed |= 1u << n;
		const char *colon = strchr(q, ':');
		if (colon && colon < q + strcspn(q, ","))
			b->rows[n] = atol(colon + 1);
	}
	return 1;
}

int schema_inspect(db_conn *c, schema_info *info, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	db_error probe;
	int rc;

	memset(info, 0, sizeof *info);
	/* A failing prepare means no tpcc_meta table: no schema. */
	if (drv->prepare(c, dialect_sql(NULL, Q_META_READ), &s, &probe) != 0 ||
	    drv->execute(s, NULL, 0, NULL, &probe) != 0) {
		if (probe.cls == DB_RECONNECT) {
			*e = probe;
			return -1;
		}
		drv->rollback(c, &probe);
		if (s)
			drv->finalize(s);
		return 0;
	}
	info->present = 1;
	for (int n = 0; n <= CHECK_COUNT; n++)
		info->adopted.rows[n] = -1;
	int checked = 0;
	while ((rc = drv->fetch(s, e)) == 1) {
		const char *k = drv->col_text(s, 0, NULL), *v = drv->col_text(s, 1, NULL);
		if (!k || !v)
			continue;
		if (!strcmp(k, "warehouses"))
			info->warehouses = atoi(v);
		else if (!strcmp(k, "status")) {
			info->complete = !strcmp(v, "complete");
			info->restoring = !strcmp(v, "restoring");
		}
		else if (!strcmp(k, "c_last"))
			info->c_load.c_last = atoi(v);
		else if (!strcmp(k, "c_id"))
			info->c_load.c_id = atoi(v);
		else if (!strcmp(k, "ol_i_id"))
			info->c_load.ol_i_id = atoi(v);
		else if (!strcmp(k, "built_at"))
			str_copy(info->built_at, v, sizeof info->built_at);
		else if (!strcmp(k, "procedures"))
			info->procedures = atoi(v);
		else if (!strcmp(k, "layout"))
			str_copy(info->map.layout, v, sizeof info->map.layout);
		else if (!strncmp(k, "map.", 4))
			schema_map_set(&info->map, k + 4, v);
		else if (!strcmp(k, "findings"))
			read_findings(v, &info->adopted, 1);
		else if (!strcmp(k, "findings_checked"))
			checked = read_findings(v, &info->adopted, 0);
		else if (!strcmp(k, "map_extra"))
			sscanf(v, "%63[^,],%63[^,],%127[^\n]", info->map.extra_table,
			       info->map.extra_col, info->map.extra_val);
	}
	drv->finalize(s);
	drv->commit(c, &probe);
	if (info->map.layout[0] && !checked)
		info->adopted.checked = CHECK_CHEAP | info->adopted.departed;
	return rc < 0 ? -1 : 0;
}

const char *schema_unfinished(const schema_info *info)
{
	return info->restoring ? "a restore that did not finish: run 'tpcc-console restore' again" :
		"a build that did not finish: run 'tpcc-console drop' and 'tpcc-console build' again";
}

const dialect *schema_speak(const schema_info *info, const dialect *base, dialect *storage)
{
	return dialect_mapped(base, &info->map, storage);
}

/* Each statement through d's map (the procedures' bodies name tables). */
static int exec_mapped(db_conn *c, const dialect *d, const char *const *sql, db_error *e)
{
	for (; sql && *sql; sql++) {
		const char *text = *sql;
		char *buf = NULL;
		if (d && d->map) {
			size_t len = 2 * strlen(*sql) + 1024;
			if (!(buf = malloc(len)))
				return db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
			text = dialect_map_sql(d, *sql, buf, len);
		}
		int rc = db_exec(c, text, e);
		free(buf);
		if (rc)
			return -1;
	}
	return c->drv->commit(c, e);
}

static int exec_list(db_conn *c, const char *const *sql, db_error *e)
{
	return exec_mapped(c, NULL, sql, e);
}

int schema_create_tables(db_conn *c, const dialect *d, db_error *e)
{
	return exec_list(c, d->create_tables, e);
}

int schema_create_indexes(db_conn *c, const dialect *d, db_error *e)
{
	if (exec_list(c, d->create_indexes, e))
		return -1;
	if (d->analyze && db_exec(c, d->analyze, e))
		return -1;
	return c->drv->commit(c, e);
}

int schema_drop(db_conn *c, const dialect *d, db_error *e)
{
	return exec_list(c, d->drop_tables, e);
}

int schema_create_procedures(db_conn *c, const dialect *d, db_error *e)
{
	if (!d->create_procedures)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s dialect has no stored procedures",
				    d->name);
	char v[16];
	if (exec_mapped(c, d, d->create_procedures, e))
		return -1;
	snprintf(v, sizeof v, "%d", schema_proc_version(d));
	return schema_meta_set(c, "procedures", v, e);
}

int schema_proc_version(const dialect *d)
{
	return d->proc_version > 0 ? d->proc_version : 1;
}

int schema_meta_set(db_conn *c, const char *key, const char *value, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	db_param p[2] = { db_p_text(key, strlen(key)), db_p_text(value, strlen(value)) };

	if (drv->prepare(c, dialect_sql(NULL, Q_META_DELETE), &s, e))
		return -1;
	int rc = drv->execute(s, p, 1, NULL, e);
	drv->finalize(s);
	if (rc)
		return -1;
	if (drv->prepare(c, dialect_sql(NULL, Q_META_INSERT), &s, e))
		return -1;
	rc = drv->execute(s, p, 2, NULL, e);
	drv->finalize(s);
	if (rc)
		return -1;
	return drv->commit(c, e);
}
