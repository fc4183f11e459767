/* schema_check.c: probing for tables and columns with "SELECT cols FROM t
 * WHERE 1 = 0" works on every dialect without reading a catalog (each has
 * its own), returns no rows, and fails exactly when a name is unknown. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "schema_check.h"

/* The columns the transactions, the loader and check name, per table. */
static const struct table_cols {
	const char *table;
	const char *cols;
} tables[] = {
	{ "tpcc_meta", "k, v" },
	{ "warehouse", "w_id, w_ytd, w_tax, w_name, w_street_1, w_street_2, w_city, w_state, w_zip" },
	{ "district", "d_id, d_w_id, d_ytd, d_tax, d_next_o_id, d_name, d_street_1, d_street_2,"
	  " d_city, d_state, d_zip" },
	{ "customer", "c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2,"
	  " c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount,"
	  " c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data" },
	{ "history", "h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data" },
	{ "new_order", "no_o_id, no_d_id, no_w_id" },
	{ "orders", "o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local" },
	{ "order_line", "ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
	  " ol_delivery_d, ol_quantity, ol_amount, ol_dist_info" },
	{ "item", "i_id, i_im_id, i_name, i_price, i_data" },
	{ "stock", "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04,"
	  " s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd,"
	  " s_order_cnt, s_remote_cnt, s_data" },
};

#define HOW_TO_FIX "it is not a tpcc-console TPC-C schema (or was changed since): " \
	"run 'tpcc-console drop' and 'tpcc-console build', or point the connection at another database"

/* 0: the select ran, 1: the server rejected it, -1: no connection.  A
 * failed statement is rolled back: PostgreSQL refuses all else until then. */
static int probe(db_conn *c, const char *cols, const char *table, db_error *e)
{
	const db_driver *d = c->drv;
	char sql[600];
	db_stmt *s = NULL;
	db_error ignore;

	dialect_probe_sql(NULL, cols, table, sql, sizeof sql);
	int rc = d->prepare(c, sql, &s, e);
	if (rc == 0) {
		rc = d->execute(s, NULL, 0, NULL, e);
		while (rc == 0 && (rc = d->fetch(s, e)) == 1)
			rc = 0;
		d->finalize(s);
	}
	if (rc == 0) {
		d->commit(c, &ignore);
		return 0;
	}
	if (e->cls == DB_RECONNECT)
		return -1;
	d->rollback(c, &ignore);
	return 1;
}

/* The columns of cols that table lacks, comma-separated into out. */
static int missing_columns(db_conn *c, const char *table, const char *cols, char *out,
			   size_t len, db_error *e)
{
	char col[64];
	size_t used = 0;
	out[0] = '\0';
	for (const char *p = cols; *p;) {
		size_t n = strcspn(p, ",");
		snprintf(col, sizeof col, "%.*s", (int)n, p);
		p += n;
		p += strspn(p, ", ");
		char *name = col + strspn(col, " ");
		int rc = probe(c, name, table, e);
		if (rc < 0)
			return -1;
		if (rc == 1 && used + strlen(name) + 3 < len)
			used += (size_t)snprintf(out + used, len - used, "%s%s", used ? ", " : "", name);
	}
	return 0;
}

/* first: 0 with tpcc_meta, 1 without (a layout adopt reads). */
static int check_tables(db_conn *c, const schema_map *m, size_t first, const char *where,
			const char *fix, char *msg, size_t len)
{
	db_error e;
	char missing[512];
	size_t used = 0;

	/* Name every missing table at once: one rebuild, not one per run. */
	for (size_t i = first; i < sizeof tables / sizeof tables[0]; i++) {
		const char *t = schema_map_name(m, tables[i].table);
		int rc = probe(c, "*", t, &e);
		if (rc < 0)
			goto lost;
		if (rc == 1 && used + strlen(t) + 3 < sizeof missing)
			used += (size_t)snprintf(missing + used, sizeof missing - used, "%s%s",
						 used ? ", " : "", t);
	}
	if (used) {
		snprintf(msg, len, "table%s %s missing in %s: %s", strchr(missing, ',') ? "s" : "",
			 missing, where, fix);
		return 1;
	}
	for (size_t i = first; i < sizeof tables / sizeof tables[0]; i++) {
		const char *t = schema_map_name(m, tables[i].table);
		int rc = probe(c, tables[i].cols, t, &e);
		if (rc < 0)
			goto lost;
		if (rc == 0)
			continue;
		if (missing_columns(c, t, tables[i].cols, missing, sizeof missing, &e))
			goto lost;
		snprintf(msg, len, "table %s in %s lacks column%s %s: %s", t, where,
			 strchr(missing, ',') ? "s" : "", missing[0] ? missing : "(unknown)", fix);
		return 1;
	}
	return 0;
lost:
	snprintf(msg, len, "cannot read the schema: %s", e.msg);
	return -1;
}

int schema_check_tables(db_conn *c, const schema_map *m, const char *where, char *msg,
			size_t len)
{
	return check_tables(c, m, 0, where, m && !schema_map_is_identity(m) ?
			    "run 'tpcc-console adopt' to see what the schema lacks" : HOW_TO_FIX,
			    msg, len);
}

int schema_check_layout(db_conn *c, const schema_map *m, char *msg, size_t len)
{
	return check_tables(c, m, 1, "the database", "tpcc-console runs on a complete TPC-C "
			    "schema only (its tables are left as they are)", msg, len);
}

int schema_check_warehouses(db_conn *c, const schema_map *m, int n, const char *where,
			    char *msg, size_t len)
{
	db_error e;
	int64_t count = 0, max = 0;
	char q1[256], q2[256];
	schema_map_apply(m, dialect_sql(NULL, Q_WAREHOUSE_COUNT), q1, sizeof q1);
	schema_map_apply(m, dialect_sql(NULL, Q_WAREHOUSE_MAX), q2, sizeof q2);
	if (db_query_int(c, q1, &count, &e) < 0 || db_query_int(c, q2, &max, &e) < 0) {
		snprintf(msg, len, "cannot read the warehouse table: %s", e.msg);
		return e.cls == DB_RECONNECT ? -1 : 1;
	}
	c->drv->commit(c, &e);
	if (count == n && max == n)
		return 0;
	snprintf(msg, len, "tpcc_meta in %s says %d warehouse%s but the warehouse table holds %lld "
		 "(highest w_id %lld): the data was changed after the build; run 'tpcc-console drop' "
		 "and 'tpcc-console build --warehouses N'", where, n, n == 1 ? "" : "s",
		 (long long)count, (long long)max);
	return 1;
}

int schema_check_procedures(db_conn *c, const dialect *d, const char *where,
			    char *msg, size_t len)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	db_error e;
	char missing[256];
	size_t used = 0;
	int n = 0;

	if (!d->proc_exists_sql)
		return 0;
	if (drv->prepare(c, d->proc_exists_sql, &s, &e))
		goto fail;
	for (const char *const *p = dialect_proc_names; *p; p++) {
		db_param prm = db_p_text(*p, strlen(*p));
		if (drv->execute(s, &prm, 1, NULL, &e) || drv->fetch(s, &e) != 1) {
			drv->finalize(s);
			goto fail;
		}
		int found = drv->col_int(s, 0) > 0;
		drv->reset(s);
		if (!found && used + strlen(*p) + 3 < sizeof missing) {
			used += (size_t)snprintf(missing + used, sizeof missing - used, "%s%s",
						 used ? ", " : "", *p);
			n++;
		}
	}
	drv->finalize(s);
	drv->commit(c, &e);
	if (!n)
		return 0;
	snprintf(msg, len, "%s%s %s missing in %s: run 'tpcc-console build --procedures-only' with "
		 "the same connection options to create them, or use --mode statements",
		 d->proc_kind ? d->proc_kind : "procedure", n > 1 ? "s" : "", missing, where);
	return 1;
fail:
	snprintf(msg, len, "cannot look up the stored procedures: %s", e.msg);
	int lost = e.cls == DB_RECONNECT;
	drv->rollback(c, &e);
	return lost ? -1 : 1;
}
