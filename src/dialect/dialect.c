/* dialect.c: the statements of the five transactions in the SQL every
 * supported database understands, and dialect lookup.  Row locks are asked
 * for with FOR UPDATE where the dialect has it; sqlite takes its single
 * write lock at BEGIN IMMEDIATE instead, so the clause is dropped there.
 * A timestamp parameter is written {ts}: a plain '?' unless the dialect
 * wraps it (PostgreSQL will not assign varchar to a timestamp column). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdio.h>
#include "dialect.h"

/* New-Order locks the stock rows of one supplying warehouse at a time,
 * all of the order's items from it in one statement. */
#define STOCK(n) "SELECT s_i_id, s_quantity, s_data, s_dist_" #n \
	" FROM stock WHERE s_w_id = ? AND s_i_id IN ({in}) FOR UPDATE"
#define CUST_KEY " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"
/* Delivery's DIALECT_DISTRICTS orders, each by its whole key. */
#define DL_KEY(w, d, o) "(" w " = ? AND " d " = ? AND " o " = ?)"
#define DL_KEYS2(w, d, o) DL_KEY(w, d, o) " OR " DL_KEY(w, d, o)
#define DL_KEYS(w, d, o) "(" DL_KEYS2(w, d, o) " OR " DL_KEYS2(w, d, o) " OR " \
	DL_KEYS2(w, d, o) " OR " DL_KEYS2(w, d, o) " OR " DL_KEYS2(w, d, o) ")"

static const struct { const char *name, *sql; } std_stmts[S_COUNT] = {
	/* Neither row is locked, so reading both in one join costs no
	 * concurrency. */
	[S_NO_WH_CUSTOMER] = { "no_wh_customer",
		"SELECT w_tax, c_discount, c_last, c_credit FROM warehouse, customer"
		" WHERE w_id = ? AND c_w_id = w_id AND c_d_id = ? AND c_id = ?" },
	[S_NO_DISTRICT] = { "no_district",
		"SELECT d_tax, d_next_o_id FROM district WHERE d_w_id = ? AND d_id = ? FOR UPDATE" },
	[S_NO_DISTRICT_UPD] = { "no_district_upd",
		"UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?" },
	[S_NO_ORDER_INS] = { "no_order_ins",
		"INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local)"
		" VALUES (?, ?, ?, ?, {ts}, NULL, ?, ?)" },
	[S_NO_NEW_ORDER_INS] = { "no_new_order_ins",
		"INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)" },
	[S_NO_ITEMS] = { "no_items",
		"SELECT i_id, i_price, i_name, i_data FROM item WHERE i_id IN ({in})" },
	[S_NO_STOCK_01] = { "no_stock", STOCK(01) }, [S_NO_STOCK_02] = { "no_stock", STOCK(02) },
	[S_NO_STOCK_03] = { "no_stock", STOCK(03) }, [S_NO_STOCK_04] = { "no_stock", STOCK(04) },
	[S_NO_STOCK_05] = { "no_stock", STOCK(05) }, [S_NO_STOCK_06] = { "no_stock", STOCK(06) },
	[S_NO_STOCK_07] = { "no_stock", STOCK(07) }, [S_NO_STOCK_08] = { "no_stock", STOCK(08) },
	[S_NO_STOCK_09] = { "no_stock", STOCK(09) }, [S_NO_STOCK_10] = { "no_stock", STOCK(10) },
	/* One supplying warehouse's rows at once: each CASE maps s_i_id to
	 * that item's new quantity or its increments (summed over the lines
	 * when an order names an item twice). */
	[S_NO_STOCK_UPD] = { "no_stock_upd",
		"UPDATE stock SET s_quantity = CASE s_i_id{when} END,"
		" s_ytd = s_ytd + CASE s_i_id{when} END,"
		" s_order_cnt = s_order_cnt + CASE s_i_id{when} END,"
		" s_remote_cnt = s_remote_cnt + CASE s_i_id{when} END"
		" WHERE s_w_id = ? AND s_i_id IN ({in})" },
	[S_NO_ORDER_LINES] = { "no_order_lines",
		"INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,"
		" ol_quantity, ol_amount, ol_dist_info, ol_delivery_d) VALUES {rows}" },

	[S_PAY_WAREHOUSE_UPD] = { "pay_warehouse_upd",
		"UPDATE warehouse SET w_ytd = w_ytd + ? WHERE w_id = ?" },
	[S_PAY_DISTRICT_UPD] = { "pay_district_upd",
		"UPDATE district SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?" },
	/* Before the updates, without a lock: the names never change. */
	[S_PAY_WH_DISTRICT] = { "pay_wh_district",
		"SELECT w_street_1, w_street_2, w_city, w_state, w_zip, w_name,"
		" d_street_1, d_street_2, d_city, d_state, d_zip, d_name FROM warehouse, district"
		" WHERE w_id = ? AND d_w_id = w_id AND d_id = ?" },
	[S_CUST_BY_NAME] = { "customer_by_name",
		"SELECT c_id FROM customer WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first" },
	/* c_data comes only for a bad-credit customer, the one case that
	 * rewrites it, so no second read is needed and no 500 characters
	 * travel for the others. */
	[S_PAY_CUSTOMER] = { "pay_customer",
		"SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip,"
		" c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance,"
		" CASE WHEN c_credit = 'BC' THEN c_data END FROM customer"
		CUST_KEY " FOR UPDATE" },
	[S_PAY_CUSTOMER_UPD] = { "pay_customer_upd",
		"UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
		" c_payment_cnt = c_payment_cnt + 1" CUST_KEY },
	[S_PAY_CUSTOMER_UPD_BC] = { "pay_customer_upd_bc",
		"UPDATE customer SET c_balance = c_balance - ?, c_ytd_payment = c_ytd_payment + ?,"
		" c_payment_cnt = c_payment_cnt + 1, c_data = ?" CUST_KEY },
	[S_PAY_HISTORY_INS] = { "pay_history_ins",
		"INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)"
		" VALUES (?, ?, ?, ?, ?, {ts}, ?, ?)" },

	[S_OS_CUSTOMER] = { "os_customer",
		"SELECT c_balance, c_first, c_middle, c_last FROM customer" CUST_KEY },
	[S_OS_ORDER] = { "os_order",
		"SELECT o_id, o_carrier_id, o_entry_d FROM orders WHERE o_w_id = ? AND o_d_id = ?"
		" AND o_c_id = ? ORDER BY o_id DESC LIMIT 1" },
	[S_OS_ORDER_LINES] = { "os_order_lines",
		"SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d FROM order_line"
		" WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?" },

	[S_DL_NEW_ORDER] = { "dl_new_order",
		"SELECT no_o_id FROM new_order WHERE no_w_id = ? AND no_d_id = ?"
		" ORDER BY no_o_id LIMIT 1 FOR UPDATE" },
	[S_DL_NEW_ORDER_DEL] = { "dl_new_order_del",
		"DELETE FROM new_order WHERE " DL_KEYS("no_w_id", "no_d_id", "no_o_id") },
	/* Each order's customer and the sum of its lines: setting
	 * ol_delivery_d afterwards does not change the sum. */
	[S_DL_ORDERS] = { "dl_orders",
		"SELECT o_d_id, o_c_id, SUM(ol_amount) FROM orders, order_line WHERE "
		DL_KEYS("o_w_id", "o_d_id", "o_id")
		" AND ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id GROUP BY o_d_id, o_c_id" },
	[S_DL_ORDER_UPD] = { "dl_order_upd",
		"UPDATE orders SET o_carrier_id = ? WHERE " DL_KEYS("o_w_id", "o_d_id", "o_id") },
	[S_DL_ORDER_LINE_UPD] = { "dl_order_line_upd",
		"UPDATE order_line SET ol_delivery_d = {ts} WHERE "
		DL_KEYS("ol_w_id", "ol_d_id", "ol_o_id") },
	/* Each district's customer gets its order's sum: a CASE on the
	 * district, whose customers are distinct rows. */
	[S_DL_CUSTOMER_UPD] = { "dl_customer_upd",
		"UPDATE customer SET c_balance = c_balance + CASE c_d_id{credits} END,"
		" c_delivery_cnt = c_delivery_cnt + 1 WHERE " DL_KEYS("c_w_id", "c_d_id", "c_id") },

	/* The district's next order id joins in, rather than being read first
	 * in a statement of its own. */
	[S_SL_STOCK_COUNT] = { "sl_stock_count",
		"SELECT COUNT(DISTINCT s_i_id) FROM district, order_line, stock"
		" WHERE d_w_id = ? AND d_id = ? AND ol_w_id = d_w_id AND ol_d_id = d_id"
		" AND ol_o_id < d_next_o_id AND ol_o_id >= d_next_o_id - 20"
		" AND s_w_id = d_w_id AND s_i_id = ol_i_id AND s_quantity < ?" },
};

const char *const dialect_std_drop[] = { DIALECT_DROP_TABLES, NULL };
/* The procedures the client calls.  A dialect may create helpers of its
 * own besides (PostgreSQL's tpcc_customer_by_name); they are created and
 * dropped with these, so checking these finds a schema without them. */
const char *const dialect_proc_names[] = {
	"tpcc_new_order", "tpcc_payment", "tpcc_order_status", "tpcc_delivery",
	"tpcc_stock_level", NULL
};

/* A bounded writer: text past the end is dropped, never overrun. */
typedef struct sbuf { char *buf; size_t len, used; } sbuf;

static void sb_put(sbuf *b, const char *s, size_t n)
{
	if (b->used + 1 >= b->len)
		return;
	if (n > b->len - 1 - b->used)
		n = b->len - 1 - b->used;
	memcpy(b->buf + b->used, s, n);
	b->used += n;
	b->buf[b->used] = '\0';
}

static void sb_str(sbuf *b, const char *s)
{
	sb_put(b, s, strlen(s));
}

/* A '?' wrapped in the dialect's pattern (one %s), or a plain '?'. */
static void sb_param(sbuf *b, const char *pattern)
{
	char p[64];
	if (!pattern) {
		sb_str(b, "?");
		return;
	}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	snprintf(p, sizeof p, pattern, "?");
#pragma GCC diagnostic pop
	sb_str(b, p);
}

/* Write one {token}; rows is how many rows {rows} stands for. */
static void sb_token(sbuf *b, const dialect *d, const char *tok, size_t n, int rows)
{
	static const char ol_row[] = "(?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)";

	if (n == 2 && !strncmp(tok, "ts", n)) {
		sb_param(b, d->timestamp_param);
	} else if (n == 2 && !strncmp(tok, "in", n)) {
		for (int i = 0; i < DIALECT_SLOTS; i++)
			sb_str(b, i ? ", ?" : "?");
	} else if (n == 4 && !strncmp(tok, "when", n)) {
		for (int i = 0; i < DIALECT_SLOTS; i++) {
			sb_str(b, " WHEN ? THEN ");
			sb_param(b, d->int_param);
		}
	} else if (n == 7 && !strncmp(tok, "credits", n)) {
		for (int i = 0; i < DIALECT_DISTRICTS; i++) {
			sb_str(b, " WHEN ? THEN ");
			sb_param(b, d->money_param);
		}
	} else if (n == 4 && !strncmp(tok, "rows", n)) {
		for (int i = 0; i < rows; i++) {
			if (i)
				sb_str(b, ", ");
			sb_str(b, ol_row);
		}
	}
}

/* Copy sql into buf with each {token} expanded: {ts} a timestamp
 * parameter, {in} the IN list's slots, {when} a CASE's WHEN..THEN slots,
 * {credits} Delivery's WHEN district THEN amount, {rows} the order-line
 * rows. */
static void expand(const dialect *d, const char *sql, int rows, char *buf, size_t len)
{
	sbuf b = { buf, len, 0 };

	buf[0] = '\0';
	while (*sql) {
		const char *open = strchr(sql, '{');
		const char *close = open ? strchr(open, '}') : NULL;
		if (!close) {
			sb_str(&b, sql);
			break;
		}
		sb_put(&b, sql, (size_t)(open - sql));
		sb_token(&b, d, open + 1, (size_t)(close - open - 1), rows);
		sql = close + 1;
	}
}

/* The statement a stmt_id names: order-line inserts share one. */
static enum stmt_id base_id(enum stmt_id id)
{
	return id >= S_NO_ORDER_LINES && id <= S_NO_ORDER_LINES_LAST ? S_NO_ORDER_LINES : id;
}

const char *dialect_stmt_sql(const dialect *d, enum stmt_id id, char *buf, size_t len)
{
	enum stmt_id base = base_id(id);
	const char *sql = d->stmt_text && d->stmt_text[base] ? d->stmt_text[base]
							     : std_stmts[base].sql;
	static const char fu[] = " FOR UPDATE";
	size_t n;

	if (d->map) {
		char tmp[8192];
		expand(d, sql, (int)(id - base) + 1, tmp, sizeof tmp);
		schema_map_apply(d->map, tmp, buf, len);
	} else {
		expand(d, sql, (int)(id - base) + 1, buf, len);
	}
	n = strlen(buf);
	if (!d->select_for_update && n >= sizeof fu - 1 &&
	    strcmp(buf + n - (sizeof fu - 1), fu) == 0)
		buf[n - (sizeof fu - 1)] = '\0';
	return buf;
}

const dialect *dialect_mapped(const dialect *base, const schema_map *m, dialect *out)
{
	if (!m || schema_map_is_identity(m))
		return base;
	/* No base (a caller that needs only the portable statements, as
	 * check does): those, named through m. */
	if (base)
		*out = *base;
	else
		memset(out, 0, sizeof *out);
	out->map = m;
	return out;
}

const char *dialect_map_sql(const dialect *d, const char *sql, char *buf, size_t len)
{
	if (!d || !d->map)
		return sql;
	/* Cut short, the text fails as SQL; the unmapped text could name
	 * another set's table and succeed. */
	schema_map_apply(d->map, sql, buf, len);
	return buf;
}

const char *dialect_stmt_name(enum stmt_id id)
{
	return (id >= 0 && id < S_COUNT) ? std_stmts[base_id(id)].name : "?";
}

const dialect *dialect_for_driver(const db_driver *drv)
{
	return drv && drv->dialect ? dialect_by_name(drv->dialect) : NULL;
}

const dialect *dialect_by_name(const char *name)
{
	static const dialect *const all[] = { &dialect_mysql, &dialect_pg, &dialect_mssql,
					      &dialect_sqlite };
	for (size_t i = 0; name && i < sizeof all / sizeof all[0]; i++)
		if (!strcmp(all[i]->name, name))
			return all[i];
	return NULL;
}

const dialect *dialect_for_dbms(const char *dbms)
{
	if (!dbms)
		return NULL;
	if (strcasestr(dbms, "postgres"))
		return &dialect_pg;
	if (strcasestr(dbms, "mysql") || strcasestr(dbms, "mariadb"))
		return &dialect_mysql;
	if (strcasestr(dbms, "sql server"))
		return &dialect_mssql;
	if (strcasestr(dbms, "sqlite"))
		return &dialect_sqlite;
	return NULL;
}

int dialect_valid_name(const char *name, int allow_dot, db_error *e)
{
	size_t n = name ? strlen(name) : 0;

	if (n == 0 || n > 64)
		return db_error_set(e, DB_FATAL, 0, "42000", "invalid name '%s'", name ? name : "");
	for (size_t i = 0; i < n; i++) {
		char ch = name[i];
		if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || ch == '_' || (allow_dot && ch == '.'))
			continue;
		return db_error_set(e, DB_FATAL, 0, "42000",
				    "invalid name '%s': only letters, digits and _ allowed", name);
	}
	return 0;
}

int dialect_quote(const char *value, char *out, size_t len)
{
	size_t o = 0;

	if (len < 3)
		return -1;
	out[o++] = '\'';
	for (const char *p = value; *p; p++) {
		if (o + 4 > len)
			return -1;
		if (*p == '\'')
			out[o++] = '\'';
		out[o++] = *p;
	}
	out[o++] = '\'';
	out[o] = '\0';
	return 0;
}

int dialect_is_number(const char *v)
{
	const char *p = v;
	int digits = 0;

	if (*p == '+' || *p == '-')
		p++;
	while (*p >= '0' && *p <= '9')
		p++, digits++;
	if (*p == '.') {
		p++;
		while (*p >= '0' && *p <= '9')
			p++, digits++;
	}
	if (!digits)
		return 0;
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if (!(*p >= '0' && *p <= '9'))
			return 0;
		while (*p >= '0' && *p <= '9')
			p++;
	}
	return *p == '\0';
}

int dialect_same_value(const char *read, const char *asked)
{
	if (!strcasecmp(read, asked))
		return 1;
	if (!dialect_is_number(read) || !dialect_is_number(asked))
		return 0;
	return strtod(read, NULL) == strtod(asked, NULL);
}

int dialect_split(char *s, char **f, int max)
{
	int n = 0;
	while (n < max) {
		f[n++] = s;
		s = strchr(s, '|');
		if (!s)
			break;
		*s++ = '\0';
	}
	return n;
}

int dialect_list_index(const char *v, const char *list)
{
	size_t vl = strlen(v);
	int at = 0;
	for (const char *p = list; *p; at++) {
		const char *c = strchr(p, ',');
		size_t l = c ? (size_t)(c - p) : strlen(p);
		if (l == vl && !strncasecmp(p, v, l))
			return at;
		p += l + (c != NULL);
	}
	return -1;
}

int dialect_in_list(const char *v, const char *list)
{
	return dialect_list_index(v, list) >= 0;
}
