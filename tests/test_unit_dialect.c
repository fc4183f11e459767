/* test_unit_dialect.c: the SQL each dialect generates, checked without a
 * server: every dialect's statements take the same parameters as the
 * standard ones, T-SQL has no LIMIT or FOR UPDATE, New-Order's IN lists,
 * CASE lists and multi-row inserts have their slots, every procedure call has
 * the documented inputs, procedures are dropped before they are created and
 * before the tables, and the knob statements are what a DBA would type.
 * The knob paths run against a fake driver that records what it is sent
 * and answers canned rows.  SQL Server is only ever tested this way. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include <ctype.h>
#include "unit.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dialect/dialect.h"
#include "dialect/server.h"
#include "tpcc/txn.h"

static const dialect *const all[] = { &dialect_mysql, &dialect_pg, &dialect_mssql, &dialect_sqlite };
#define NALL (sizeof all / sizeof all[0])

static int count_q(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '?';
	return n;
}

/* ---- a fake driver ------------------------------------------------------ */

static char sent[4096];          /* every statement, one per line */
static const char *answer;       /* the one row any query returns, or NULL */

static void sent_add(const char *what)
{
	size_t n = strlen(sent);
	snprintf(sent + n, sizeof sent - n, "%s\n", what);
}

/* own: the statement's answer when not answer's (PostgreSQL's reload
 * wait asks whether the session has reloaded: it has). */
typedef struct fake_stmt { db_stmt base; int rows; const char *own; } fake_stmt;

static int f_exec(db_conn *c, const char *sql, int64_t *aff, db_error *e)
{
	sent_add(sql);
	return 0;
}
static int f_prepare(db_conn *c, const char *sql, db_stmt **out, db_error *e)
{
	fake_stmt *s = calloc(1, sizeof *s);
	s->base.conn = c;
	if (strstr(sql, "pg_conf_load_time() >"))
		s->own = "yes";
	sent_add(sql);
	*out = &s->base;
	return 0;
}
static int f_execute(db_stmt *st, const db_param *p, int n, int64_t *aff, db_error *e)
{
	((fake_stmt *)st)->rows = answer || ((fake_stmt *)st)->own ? 1 : 0;
	for (int i = 0; i < n; i++)
		if (p[i].type == DB_T_TEXT) {
			char b[128];
			snprintf(b, sizeof b, "  param '%.*s'", (int)p[i].len, p[i].s);
			sent_add(b);
		}
	return 0;
}
static int f_fetch(db_stmt *st, db_error *e)
{
	fake_stmt *s = (fake_stmt *)st;
	return s->rows-- > 0 ? 1 : 0;
}
static int f_cols(db_stmt *s) { return 1; }
static int f_isnull(db_stmt *s, int c) { return answer == NULL && !((fake_stmt *)s)->own; }
static int64_t f_int(db_stmt *s, int c) { return answer ? atoll(answer) : 0; }
static double f_dbl(db_stmt *s, int c) { return answer ? atof(answer) : 0; }
static const char *f_text(db_stmt *s, int c, size_t *len)
{
	const char *a = ((fake_stmt *)s)->own ? ((fake_stmt *)s)->own : answer;
	if (len)
		*len = a ? strlen(a) : 0;
	return a;
}
static void f_reset(db_stmt *s) { }
static void f_finalize(db_stmt *s) { free(s); }
static int f_ok(db_conn *c, db_error *e) { return 0; }
static int f_autocommit(db_conn *c, int on, db_error *e)
{
	sent_add(on ? "[autocommit on]" : "[autocommit off]");
	return 0;
}
static db_driver fake = {
	.name = "fake", .exec = f_exec, .prepare = f_prepare, .execute = f_execute,
	.fetch = f_fetch, .column_count = f_cols, .col_isnull = f_isnull, .col_int = f_int,
	.col_double = f_dbl, .col_text = f_text, .reset = f_reset, .finalize = f_finalize,
	.commit = f_ok, .rollback = f_ok, .set_autocommit = f_autocommit,
};
static db_conn fake_conn = { .drv = &fake };

static void fresh(const char *ans)
{
	sent[0] = '\0';
	answer = ans;
}

/* ---- statements --------------------------------------------------------- */

/* An adopted schema's map renames whole identifiers only, never inside a
 * quoted string, a quoted name or a comment, adds go-tpc's extra history
 * column to an INSERT, and reaches every statement a mapped dialect forms. */
START_TEST(test_schema_map)
{
	schema_map m;
	char out[2048];
	dialect copy;

	schema_map_clear(&m);
	ck_assert_int_eq(schema_map_set(&m, "orders", "oorder"), 0);
	ck_assert_int_eq(schema_map_set(&m, "new_order", "new_orders"), 0);
	ck_assert_int_eq(schema_map_set(&m, "bad name", "x"), -1);
	ck_assert(!schema_map_is_identity(&m));
	ck_assert_int_eq(schema_map_apply(&m, "SELECT o_id FROM orders, new_order WHERE x = 'orders'"
					  " -- orders' note\n AND `orders` = orders_i2", out, sizeof out), 0);
	ck_assert_str_eq(out, "SELECT o_id FROM oorder, new_orders WHERE x = 'orders'"
			 " -- orders' note\n AND `orders` = orders_i2");
	snprintf(m.extra_table, sizeof m.extra_table, "history");
	snprintf(m.extra_col, sizeof m.extra_col, "row_id");
	snprintf(m.extra_val, sizeof m.extra_val, "UUID()");
	ck_assert_int_eq(schema_map_apply(&m, "INSERT INTO history (h_c_id, h_amount) VALUES (?, ?)",
					  out, sizeof out), 0);
	ck_assert_str_eq(out, "INSERT INTO history (row_id, h_c_id, h_amount) VALUES (UUID(), ?, ?)");
	ck_assert_int_eq(schema_map_apply(&m, "SELECT * FROM orders", out, 8), -1);

	const dialect *d = dialect_mapped(&dialect_mysql, &m, &copy);
	ck_assert_ptr_eq(d, &copy);
	dialect_stmt_sql(d, S_OS_ORDER, out, sizeof out);
	ck_assert_ptr_nonnull(strstr(out, "FROM oorder WHERE"));
	dialect_stmt_sql(d, S_DL_NEW_ORDER, out, sizeof out);
	ck_assert_ptr_nonnull(strstr(out, "FROM new_orders WHERE"));
	schema_map_clear(&m);
	ck_assert_ptr_eq(dialect_mapped(&dialect_mysql, &m, &copy), &dialect_mysql);
}
END_TEST

START_TEST(test_same_parameters_everywhere)
{
	char a[4096], b[4096];
	for (size_t k = 0; k < NALL; k++)
		for (int id = 0; id < S_COUNT; id++) {
			dialect_stmt_sql(&dialect_mysql, id, a, sizeof a);
			dialect_stmt_sql(all[k], id, b, sizeof b);
			ck_assert_msg(count_q(a) == count_q(b), "%s %s: %d parameters, standard %d",
				      all[k]->name, dialect_stmt_name(id), count_q(b), count_q(a));
			ck_assert_msg(!strstr(b, "{ts}"), "%s %s: unexpanded {ts}", all[k]->name,
				      dialect_stmt_name(id));
		}
}
END_TEST

START_TEST(test_timestamps)
{
	char b[2048];
	dialect_stmt_sql(&dialect_pg, S_NO_ORDER_INS, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "CAST(? AS TIMESTAMP)"));
	dialect_stmt_sql(&dialect_pg, S_DL_ORDER_LINE_UPD, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "ol_delivery_d = CAST(? AS TIMESTAMP) WHERE"));
	dialect_stmt_sql(&dialect_mysql, S_PAY_HISTORY_INS, b, sizeof b);
	ck_assert_ptr_null(strstr(b, "CAST"));
	ck_assert_ptr_nonnull(strstr(b, "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"));
	/* A buffer too small truncates, never overruns. */
	char tiny[16];
	dialect_stmt_sql(&dialect_pg, S_NO_ORDER_INS, tiny, sizeof tiny);
	ck_assert_uint_eq(strlen(tiny), sizeof tiny - 1);
}
END_TEST

START_TEST(test_row_locks)
{
	char b[2048];
	dialect_stmt_sql(&dialect_mysql, S_DL_NEW_ORDER, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "LIMIT 1 FOR UPDATE"));
	dialect_stmt_sql(&dialect_pg, S_NO_STOCK_07, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "s_dist_07 FROM stock WHERE"));
	ck_assert_ptr_nonnull(strstr(b, "FOR UPDATE"));
	for (int id = 0; id < S_COUNT; id++) {
		dialect_stmt_sql(&dialect_sqlite, id, b, sizeof b);
		ck_assert_ptr_null(strstr(b, "FOR UPDATE"));
		dialect_stmt_sql(&dialect_mssql, id, b, sizeof b);
		ck_assert_msg(!strstr(b, "FOR UPDATE") && !strstr(b, "LIMIT"),
			      "mssql %s: %s", dialect_stmt_name(id), b);
	}
	dialect_stmt_sql(&dialect_mssql, S_NO_DISTRICT, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "FROM district WITH (UPDLOCK, ROWLOCK) WHERE"));
	dialect_stmt_sql(&dialect_mssql, S_NO_STOCK_10, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "s_dist_10 FROM stock WITH (UPDLOCK, ROWLOCK)"));
	dialect_stmt_sql(&dialect_mssql, S_DL_NEW_ORDER, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "SELECT TOP 1 no_o_id FROM new_order WITH (UPDLOCK"));
	dialect_stmt_sql(&dialect_mssql, S_OS_ORDER, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "SELECT TOP 1 o_id"));
	ck_assert_ptr_nonnull(strstr(b, "ORDER BY o_id DESC"));
}
END_TEST

/* ---- New-Order's set statements ----------------------------------------- */

static int count_str(const char *s, const char *what)
{
	int n = 0;
	for (const char *p = s; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* The IN list of DIALECT_SLOTS placeholders, as the builder must write it. */
static void slots(char *b, size_t len)
{
	size_t o = 0;
	for (int i = 0; i < DIALECT_SLOTS; i++)
		o += (size_t)snprintf(b + o, len - o, i ? ", ?" : "?");
}

START_TEST(test_in_lists)
{
	char b[4096], in[128], want[256];
	slots(in, sizeof in);
	for (size_t k = 0; k < NALL; k++) {
		const dialect *d = all[k];
		dialect_stmt_sql(d, S_NO_ITEMS, b, sizeof b);
		snprintf(want, sizeof want, "FROM item WHERE i_id IN (%s)", in);
		ck_assert_msg(strstr(b, want) && count_q(b) == DIALECT_SLOTS, "%s: %s", d->name, b);
		ck_assert_msg(!strncmp(b, "SELECT i_id, i_price", 20), "%s: %s", d->name, b);
		for (int id = S_NO_STOCK_01; id <= S_NO_STOCK_10; id++) {
			dialect_stmt_sql(d, id, b, sizeof b);
			snprintf(want, sizeof want, "s_w_id = ? AND s_i_id IN (%s)", in);
			ck_assert_msg(strstr(b, want) && count_q(b) == 1 + DIALECT_SLOTS, "%s: %s",
				      d->name, b);
			/* s_i_id first: the rows come back in key order, not line order. */
			ck_assert_msg(!strncmp(b, "SELECT s_i_id, s_quantity, s_data, s_dist_", 42),
				      "%s: %s", d->name, b);
			snprintf(want, sizeof want, "s_dist_%02d ", id - S_NO_STOCK_01 + 1);
			ck_assert_msg(strstr(b, want) != NULL, "%s: %s", d->name, b);
			size_t n = strlen(b);
			int locks = n > 11 && !strcmp(b + n - 11, " FOR UPDATE");
			ck_assert_int_eq(locks, d == &dialect_mysql || d == &dialect_pg);
			ck_assert_int_eq(strstr(b, "WITH (UPDLOCK, ROWLOCK) WHERE s_w_id") != NULL,
					 d == &dialect_mssql);
		}
	}
}
END_TEST

START_TEST(test_stock_update_cases)
{
	char b[4096];
	for (size_t k = 0; k < NALL; k++) {
		const dialect *d = all[k];
		dialect_stmt_sql(d, S_NO_STOCK_UPD, b, sizeof b);
		/* four CASEs of WHEN id THEN value, the warehouse, the IN list */
		ck_assert_int_eq(count_q(b), 4 * 2 * DIALECT_SLOTS + 1 + DIALECT_SLOTS);
		ck_assert_int_eq(count_str(b, "CASE s_i_id WHEN ? THEN "), 4);
		ck_assert_int_eq(count_str(b, " WHEN ? THEN "), 4 * DIALECT_SLOTS);
		ck_assert_int_eq(count_str(b, " END"), 4);
		ck_assert_ptr_nonnull(strstr(b, "s_ytd = s_ytd + CASE"));
		ck_assert_ptr_nonnull(strstr(b, "s_remote_cnt = s_remote_cnt + CASE"));
		ck_assert_msg(strstr(b, " END WHERE s_w_id = ? AND s_i_id IN (?, ?") != NULL, "%s", b);
		/* PostgreSQL types an all-parameter CASE as text unless told. */
		ck_assert_int_eq(count_str(b, "THEN CAST(? AS INTEGER)"),
				 d == &dialect_pg ? 4 * DIALECT_SLOTS : 0);
	}
}
END_TEST

START_TEST(test_order_line_rows)
{
	char b[4096];
	for (size_t k = 0; k < NALL; k++)
		for (int n = 1; n <= DIALECT_SLOTS; n++) {
			enum stmt_id id = (enum stmt_id)(S_NO_ORDER_LINES + n - 1);
			dialect_stmt_sql(all[k], id, b, sizeof b);
			ck_assert_int_eq(count_q(b), 9 * n);
			ck_assert_int_eq(count_str(b, "(?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)"), n);
			ck_assert_int_eq(count_str(b, "NULL), ("), n - 1);
			ck_assert_str_eq(dialect_stmt_name(id), "no_order_lines");
		}
	dialect_stmt_sql(&dialect_mysql, S_NO_ORDER_LINES, b, sizeof b);
	ck_assert_str_eq(b, "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id,"
			 " ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info, ol_delivery_d)"
			 " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)");
}
END_TEST

/* Delivery names its ten orders by their whole keys, and credits each
 * district's customer through a CASE on the district. */
START_TEST(test_delivery_sets)
{
	static const struct { enum stmt_id id; int before; const char *key; } dl[] = {
		{ S_DL_NEW_ORDER_DEL, 0, "(no_w_id = ? AND no_d_id = ? AND no_o_id = ?)" },
		{ S_DL_ORDERS, 0, "(o_w_id = ? AND o_d_id = ? AND o_id = ?)" },
		{ S_DL_ORDER_UPD, 1, "(o_w_id = ? AND o_d_id = ? AND o_id = ?)" },
		{ S_DL_ORDER_LINE_UPD, 1, "(ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?)" },
		{ S_DL_CUSTOMER_UPD, 2 * DIALECT_DISTRICTS, "(c_w_id = ? AND c_d_id = ? AND c_id = ?)" },
	};
	char b[4096];
	for (size_t k = 0; k < NALL; k++)
		for (size_t i = 0; i < sizeof dl / sizeof dl[0]; i++) {
			dialect_stmt_sql(all[k], dl[i].id, b, sizeof b);
			ck_assert_int_eq(count_q(b), dl[i].before + 3 * DIALECT_DISTRICTS);
			ck_assert_int_eq(count_str(b, dl[i].key), DIALECT_DISTRICTS);
			ck_assert_int_eq(count_str(b, ") OR ("), DIALECT_DISTRICTS - 1);
		}
	dialect_stmt_sql(&dialect_pg, S_DL_CUSTOMER_UPD, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "c_balance + CASE c_d_id WHEN ? THEN CAST(? AS NUMERIC(12,2))"
				     " WHEN ?"));
	ck_assert_int_eq(count_str(b, " WHEN ? THEN "), DIALECT_DISTRICTS);
	dialect_stmt_sql(&dialect_mysql, S_DL_CUSTOMER_UPD, b, sizeof b);
	ck_assert_ptr_nonnull(strstr(b, "c_balance + CASE c_d_id WHEN ? THEN ? WHEN ?"));
	ck_assert_ptr_nonnull(strstr(b, " END, c_delivery_cnt = c_delivery_cnt + 1 WHERE (("));
}
END_TEST

/* txn.c prepares from a 4096-byte buffer: every statement must fit, whole. */
START_TEST(test_statements_fit)
{
	char b[8192];
	for (size_t k = 0; k < NALL; k++)
		for (int id = 0; id < S_COUNT; id++) {
			dialect_stmt_sql(all[k], id, b, sizeof b);
			ck_assert_msg(strlen(b) < 4096, "%s %s: %zu bytes", all[k]->name,
				      dialect_stmt_name(id), strlen(b));
			ck_assert_msg(!strchr(b, '{') && !strchr(b, '}'), "%s %s: %s", all[k]->name,
				      dialect_stmt_name(id), b);
			ck_assert_str_ne(dialect_stmt_name(id), "?");
		}
}
END_TEST

START_TEST(test_folded_reads)
{
	char b[4096];
	for (size_t k = 0; k < NALL; k++) {
		dialect_stmt_sql(all[k], S_SL_STOCK_COUNT, b, sizeof b);
		ck_assert_int_eq(count_q(b), 3);
		ck_assert_ptr_nonnull(strstr(b, "ol_o_id >= d_next_o_id - 20"));
		dialect_stmt_sql(all[k], S_PAY_CUSTOMER, b, sizeof b);
		ck_assert_ptr_nonnull(strstr(b, "c_balance, CASE WHEN c_credit = 'BC' THEN c_data END"));
		dialect_stmt_sql(all[k], S_DL_ORDERS, b, sizeof b);
		ck_assert_ptr_nonnull(strstr(b, "SELECT o_d_id, o_c_id, SUM(ol_amount) FROM orders,"
					     " order_line WHERE ((o_w_id = ? AND o_d_id = ? AND o_id = ?) OR"));
	}
}
END_TEST

/* ---- procedures --------------------------------------------------------- */

START_TEST(test_procedure_calls)
{
	static const int inputs[TX_COUNT] = { 8, 8, 5, 2, 3 };
	static const char *const names[TX_COUNT] = { "tpcc_new_order(", "tpcc_payment(",
		"tpcc_order_status(", "tpcc_delivery(", "tpcc_stock_level(" };
	for (size_t k = 0; k < NALL; k++) {
		const dialect *d = all[k];
		for (int t = 0; t < TX_COUNT; t++) {
			if (!d->create_procedures) {
				ck_assert_ptr_null(d->proc_call[t]);
				continue;
			}
			ck_assert_ptr_nonnull(d->proc_call[t]);
			/* JSON lines: one array for the lines, one for the stock rows. */
			int want = t == TX_NEW_ORDER && d->proc_lines_json ? 7 : inputs[t];
			ck_assert_msg(count_q(d->proc_call[t]) == want, "%s %s: %d inputs",
				      d->name, txn_names[t], count_q(d->proc_call[t]));
			ck_assert_ptr_nonnull(strstr(d->proc_call[t], names[t]));
		}
	}
	ck_assert_ptr_nonnull(strstr(dialect_pg.proc_call[TX_PAYMENT], "CAST(? AS NUMERIC)"));
	ck_assert_str_eq(dialect_mssql.proc_call[TX_DELIVERY], "{call tpcc_delivery(?, ?)}");
	ck_assert_str_eq(dialect_mysql.proc_call[TX_STOCK_LEVEL], "CALL tpcc_stock_level(?, ?, ?)");
}
END_TEST

/* The JSON New-Order lines, one number each (W IIIIII QQ KK, KK the
 * line's stock row counted from 0): every line in order; the stock rows
 * (W IIIIII SSS CC) once each, an item named twice
 * from one warehouse with its quantities summed and its lines counted, the
 * same item from another warehouse a row of its own, sorted by warehouse
 * and item. */
START_TEST(test_procedure_json_lines)
{
	txn_input in = { .type = TX_NEW_ORDER, .w_id = 1, .ol_cnt = 4 };
	char buf[1024], rows[1024];
	int v[4][3] = { { 7, 1, 3 }, { 9, 2, 5 }, { 7, 1, 4 }, { 7, 2, 1 } };
	for (int i = 0; i < 4; i++)
		in.ol[i].i_id = v[i][0], in.ol[i].supply_w_id = v[i][1], in.ol[i].qty = v[i][2];
	txn_proc_lines_json(&in, buf, sizeof buf, rows, sizeof rows);
	ck_assert_str_eq(buf, "[10000070300,20000090502,10000070400,20000070101]");
	ck_assert_str_eq(rows, "[100000700702,200000700101,200000900501]");
	/* The longest order with the widest numbers fits the room txn_proc
	 * gives it (MAX_OL * 48), closed. */
	in.ol_cnt = MAX_OL;
	for (int i = 0; i < MAX_OL; i++)
		in.ol[i].i_id = 100001 - i, in.ol[i].supply_w_id = 99999, in.ol[i].qty = 10;
	char big[MAX_OL * 48];
	txn_proc_lines_json(&in, buf, sizeof buf, big, sizeof big);
	ck_assert_int_lt(strlen(big), sizeof big - 1);
	ck_assert_int_eq(big[strlen(big) - 1], ']');
	/* Sorted: the last line's item, 99987, is the first stock row. */
	ck_assert_msg(!strncmp(big, "[9999909998701001,", 18), "%s", big);
	/* A buffer too small is cut, never overrun. */
	char tiny[8];
	txn_proc_lines_json(&in, tiny, sizeof tiny, rows, sizeof rows);
	ck_assert_int_le(strlen(tiny), 7);
}
END_TEST

/* Each procedure is dropped before it is created (so a changed signature
 * does not stop CREATE), and drop_tables drops it before the tables. */
START_TEST(test_procedures_created_and_dropped)
{
	const char *const *procs = dialect_proc_names;
	for (size_t k = 0; k < NALL; k++) {
		const dialect *d = all[k];
		if (!d->create_procedures)
			continue;
		for (size_t p = 0; procs[p]; p++) {
			int dropped = -1, created = -1, in_drop = -1, first_table = -1;
			char create[64];
			snprintf(create, sizeof create, " %s", procs[p]);
			for (int i = 0; d->create_procedures[i]; i++) {
				const char *s = d->create_procedures[i];
				if (!strncmp(s, "DROP ", 5) && strstr(s, procs[p]) &&
				    strlen(strstr(s, procs[p])) == strlen(procs[p]))
					dropped = i;
				if (!strncmp(s, "CREATE ", 7) && strstr(s, create) &&
				    strchr(" (", strstr(s, create)[strlen(create)]))
					created = i;
			}
			ck_assert_msg(dropped >= 0 && created > dropped, "%s %s: dropped %d created %d",
				      d->name, procs[p], dropped, created);
			for (int i = 0; d->drop_tables[i]; i++) {
				if (strstr(d->drop_tables[i], procs[p]))
					in_drop = i;
				if (first_table < 0 && strstr(d->drop_tables[i], "DROP TABLE"))
					first_table = i;
			}
			ck_assert_msg(in_drop >= 0 && in_drop < first_table, "%s: drop %s", d->name,
				      procs[p]);
		}
	}
}
END_TEST

/* A procedures run looks each routine up before it starts: one '?' for
 * the name, in the catalog of the dialect, of the kind its CREATE makes. */
START_TEST(test_procedure_lookup)
{
	static const struct { const dialect *d; const char *catalog; } want[] = {
		{ &dialect_mysql, "information_schema.ROUTINES WHERE ROUTINE_SCHEMA = DATABASE()" },
		{ &dialect_pg, "pg_proc" },
		{ &dialect_mssql, "sys.objects WHERE type = 'P' AND object_id = OBJECT_ID(?)" },
	};
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		const dialect *d = want[k].d;
		char create[32];
		ck_assert_msg(d->proc_exists_sql && d->proc_kind, "%s: no lookup", d->name);
		ck_assert_msg(strstr(d->proc_exists_sql, want[k].catalog), "%s: %s", d->name,
			      d->proc_exists_sql);
		ck_assert_int_eq(count_q(d->proc_exists_sql), 1);
		snprintf(create, sizeof create, "CREATE %s ", d->proc_kind);
		for (size_t i = 0; create[i]; i++)
			create[i] = (char)toupper((unsigned char)create[i]);
		/* Each routine the client calls is made with that kind. */
		int called = 0;
		for (int i = 0; d->create_procedures[i]; i++) {
			const char *c = d->create_procedures[i];
			if (strncmp(c, create, strlen(create)))
				continue;
			const char *name = c + strlen(create);
			for (const char *const *p = dialect_proc_names; *p; p++) {
				size_t n = strlen(*p);
				called += !strncmp(name, *p, n) && (name[n] == '(' || name[n] == ' ');
			}
		}
		ck_assert_msg(called == 5, "%s: %d called routines made with '%s'", d->name, called,
			      create);
	}
	ck_assert_ptr_null(dialect_sqlite.proc_exists_sql);
}
END_TEST

START_TEST(test_mssql_procedures_are_tsql)
{
	for (int i = 0; dialect_mssql.create_procedures[i]; i++) {
		const char *s = dialect_mssql.create_procedures[i];
		ck_assert_ptr_null(strstr(s, "LIMIT"));
		ck_assert_ptr_null(strstr(s, "FOR UPDATE"));
		ck_assert_ptr_null(strstr(s, "$$"));
		if (!strncmp(s, "CREATE PROCEDURE", 16)) {
			ck_assert_ptr_nonnull(strstr(s, "SET NOCOUNT ON"));
			ck_assert_ptr_nonnull(strstr(s, " AS\n"));
		}
		if (strstr(s, "BEGIN TRANSACTION"))
			ck_assert_ptr_nonnull(strstr(s, "SET XACT_ABORT ON"));
	}
	/* Every transaction's procedure returns its one row last. */
	ck_assert_ptr_nonnull(strstr(dialect_mssql.create_procedures[7],
				     "SELECT @rolled_back AS rolled_back, @o_id AS o_id;\nEND"));
}
END_TEST

START_TEST(test_mysql_procedures_roll_back_on_error)
{
	for (int i = 0; dialect_mysql.create_procedures[i]; i++) {
		const char *s = dialect_mysql.create_procedures[i];
		if (strstr(s, "START TRANSACTION"))
			ck_assert_msg(strstr(s, "ROLLBACK; RESIGNAL;") != NULL, "%.60s", s);
	}
}
END_TEST

/* ---- lookup and helpers ----------------------------------------------- */

START_TEST(test_lookup)
{
	ck_assert_ptr_eq(dialect_for_dbms("PostgreSQL"), &dialect_pg);
	ck_assert_ptr_eq(dialect_for_dbms("MariaDB"), &dialect_mysql);
	ck_assert_ptr_eq(dialect_for_dbms("MySQL"), &dialect_mysql);
	ck_assert_ptr_eq(dialect_for_dbms("Microsoft SQL Server"), &dialect_mssql);
	ck_assert_ptr_null(dialect_for_dbms("Oracle"));
	ck_assert_ptr_null(dialect_for_dbms(NULL));
	ck_assert_ptr_eq(dialect_by_name("postgresql"), &dialect_pg);
	ck_assert_ptr_eq(dialect_by_name("mssql"), &dialect_mssql);
	ck_assert_ptr_eq(dialect_by_name("mysql"), &dialect_mysql);
	ck_assert_ptr_null(dialect_by_name("auto"));
	ck_assert_ptr_null(dialect_for_driver(driver_find("odbc")));
	ck_assert_ptr_eq(dialect_for_driver(driver_find("mysql")), &dialect_mysql);
	ck_assert_ptr_eq(dialect_for_driver(driver_find("sqlite")), &dialect_sqlite);
	if (driver_find("pg"))
		ck_assert_ptr_eq(dialect_for_driver(driver_find("pg")), &dialect_pg);
	ck_assert_ptr_null(dialect_for_driver(NULL));
}
END_TEST

/* What the layers above read instead of the driver's name: the header's
 * "where" takes each driver's own default port (PostgreSQL's is not
 * 3306), the SQLite file, and the names messages use. */
START_TEST(test_driver_facts)
{
	db_params p = { .host = "db1", .database = "tpcc", .file = "/tmp/t.db", .dsn = "dsn1" };
	char buf[128];
	int phrase = -1;

	driver_where(driver_find("mysql"), &p, buf, sizeof buf);
	ck_assert_str_eq(buf, "db1:3306");
	if (driver_find("pg")) {
		driver_where(driver_find("pg"), &p, buf, sizeof buf);
		ck_assert_str_eq(buf, "db1:5432");
		p.port = 6000;
		driver_where(driver_find("pg"), &p, buf, sizeof buf);
		ck_assert_str_eq(buf, "db1:6000");
		p.port = 0;
	}
	driver_where(driver_find("sqlite"), &p, buf, sizeof buf);
	ck_assert_str_eq(buf, "/tmp/t.db");
	p.host = "localhost";
	p.socket = "/run/s.sock";
	driver_where(driver_find("mysql"), &p, buf, sizeof buf);
	ck_assert_str_eq(buf, "/run/s.sock");

	ck_assert_str_eq(driver_target_name(driver_find("mysql"), &p, &phrase), "tpcc");
	ck_assert_int_eq(phrase, 0);
	ck_assert_str_eq(driver_target_name(driver_find("sqlite"), &p, NULL), "/tmp/t.db");
	if (driver_find("odbc")) {
		ck_assert_str_eq(driver_target_name(driver_find("odbc"), &p, &phrase), "dsn1");
		ck_assert_int_eq(phrase, 0);
		p.odbc = "DRIVER=x;PWD=secret";
		ck_assert_str_eq(driver_target_name(driver_find("odbc"), &p, &phrase),
				 "the ODBC connection");
		ck_assert_int_eq(phrase, 1);
		driver_where(driver_find("odbc"), &p, buf, sizeof buf);
		ck_assert_ptr_null(strstr(buf, "secret"));
	}
	ck_assert(driver_find("sqlite")->caps.embedded);
	ck_assert(!driver_find("mysql")->caps.embedded);
	ck_assert(driver_find("mysql")->caps.monitor_serverwide);
	ck_assert(driver_find("null")->caps.no_server);
}
END_TEST

START_TEST(test_quote_and_names)
{
	char b[16];
	db_error e;
	ck_assert_int_eq(dialect_quote("it's", b, sizeof b), 0);
	ck_assert_str_eq(b, "'it''s'");
	ck_assert_int_eq(dialect_quote("", b, sizeof b), 0);
	ck_assert_str_eq(b, "''");
	ck_assert_int_eq(dialect_quote("0123456789abcdef", b, sizeof b), -1);
	ck_assert_int_eq(dialect_valid_name("work_mem", 0, &e), 0);
	ck_assert_int_eq(dialect_valid_name("auto_explain.log_min_duration", 1, &e), 0);
	ck_assert_int_eq(dialect_valid_name("auto_explain.x", 0, &e), -1);
	ck_assert_int_eq(dialect_valid_name("a; DROP TABLE stock", 1, &e), -1);
	ck_assert_int_eq(dialect_valid_name("", 1, &e), -1);
}
END_TEST

/* ---- knobs and counters through the fake driver -------------------------- */

START_TEST(test_pg_knobs)
{
	char note[256];
	db_error e;

	fresh("user");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_pg, "work_mem", "8MB", note,
					sizeof note, &e), 0);
	ck_assert_ptr_nonnull(strstr(sent, "SELECT context FROM pg_settings WHERE name = ?\n"
				     "  param 'work_mem'\n"));
	/* The reload waited for: this session's config load time moved
	 * past the one before it. */
	ck_assert_ptr_nonnull(strstr(sent, "[autocommit on]\nALTER SYSTEM SET work_mem = '8MB'\n"
				     "SELECT CAST(pg_conf_load_time() AS text)\n"
				     "SELECT pg_reload_conf()\n"
				     "SELECT CASE WHEN pg_conf_load_time() > CAST(? AS timestamptz)"
				     " THEN 'yes' ELSE 'no' END\n  param 'user'\n[autocommit off]\n"));
	ck_assert_ptr_nonnull(strstr(note, "pg_reload_conf"));
	ck_assert_ptr_nonnull(strstr(note, "not the VUs"));

	/* A restart-only setting is refused: nothing is written. */
	fresh("postmaster");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_pg, "shared_buffers", "1GB", note,
					sizeof note, &e), -1);
	ck_assert_ptr_null(strstr(sent, "ALTER SYSTEM"));
	ck_assert_ptr_nonnull(strstr(e.msg, "shared_buffers takes effect only after a server restart"));

	fresh("backend");
	server_set_var(&fake_conn, &dialect_pg, "log_connections", "on", note, sizeof note, &e);
	ck_assert_ptr_nonnull(strstr(note, "connections made from now on"));

	fresh("internal");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_pg, "block_size", "1", note,
					sizeof note, &e), -1);
	ck_assert_ptr_null(strstr(sent, "ALTER SYSTEM"));

	fresh(NULL);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_pg, "no_such", "1", note,
					sizeof note, &e), -1);
	ck_assert_str_eq(e.sqlstate, "42704");

	fresh("user");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_pg, "x;DROP TABLE stock", "1", note,
					sizeof note, &e), -1);
	ck_assert_str_eq(sent, "");
	/* A quote in the value stays inside the literal. */
	server_set_var(&fake_conn, &dialect_pg, "search_path", "a', b", note, sizeof note, &e);
	ck_assert_ptr_nonnull(strstr(sent, "ALTER SYSTEM SET search_path = 'a'', b'\n"));

	/* Put back as postgresql.auto.conf had it: no entry, RESET; an
	 * entry, its own text; not known, the old value. */
	int saved;
	char text[64];
	fresh("8MB");
	ck_assert_int_eq(server_saved_var(&fake_conn, &dialect_pg, "work_mem", &saved, text,
					  sizeof text, &e), 0);
	ck_assert_int_eq(saved, VAR_SAVED_ENTRY);
	ck_assert_str_eq(text, "8MB");
	ck_assert_ptr_nonnull(strstr(sent, "FROM pg_file_settings WHERE name = lower(?)"));
	fresh(NULL);
	server_saved_var(&fake_conn, &dialect_pg, "work_mem", &saved, text, sizeof text, &e);
	ck_assert_int_eq(saved, VAR_SAVED_NONE);
	fresh("user");
	ck_assert_int_eq(server_put_back_var(&fake_conn, &dialect_pg, "work_mem", "4096",
					     VAR_SAVED_NONE, "", note, sizeof note, &e), 0);
	ck_assert_ptr_nonnull(strstr(sent, "[autocommit on]\nALTER SYSTEM RESET work_mem\n"
				     "SELECT CAST(pg_conf_load_time() AS text)\n"));
	fresh("user");
	server_put_back_var(&fake_conn, &dialect_pg, "work_mem", "4096", VAR_SAVED_ENTRY, "8MB",
			    note, sizeof note, &e);
	ck_assert_ptr_nonnull(strstr(sent, "ALTER SYSTEM SET work_mem = '8MB'\n"));
	fresh("user");
	server_put_back_var(&fake_conn, &dialect_pg, "work_mem", "4096", VAR_SAVED_UNKNOWN, "",
			    note, sizeof note, &e);
	ck_assert_ptr_nonnull(strstr(sent, "ALTER SYSTEM SET work_mem = '4096'\n"));
	fresh("user");
	ck_assert_int_eq(server_put_back_var(&fake_conn, &dialect_pg, "x;DROP TABLE stock", "1",
					     VAR_SAVED_NONE, "", note, sizeof note, &e), -1);
	ck_assert_str_eq(sent, "");
}
END_TEST

START_TEST(test_mysql_and_mssql_knobs)
{
	char note[256];
	db_error e;

	fresh(NULL);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_mysql, "innodb_io_capacity", "2000",
					note, sizeof note, &e), 0);
	ck_assert_str_eq(sent, "SET GLOBAL innodb_io_capacity = 2000\n");
	/* SET GLOBAL keeps no record: a value goes back by being set. */
	int saved;
	char text[16];
	fresh(NULL);
	ck_assert_int_eq(server_saved_var(&fake_conn, &dialect_mysql, "innodb_io_capacity",
					  &saved, text, sizeof text, &e), 0);
	ck_assert_int_eq(saved, VAR_SAVED_UNKNOWN);
	ck_assert_str_eq(sent, "");
	server_put_back_var(&fake_conn, &dialect_mysql, "innodb_io_capacity", "200",
			    VAR_SAVED_UNKNOWN, "", note, sizeof note, &e);
	ck_assert_str_eq(sent, "SET GLOBAL innodb_io_capacity = 200\n");
	fresh(NULL);
	server_set_var(&fake_conn, &dialect_mysql, "innodb_flush_method", "O_DIRECT", note,
		       sizeof note, &e);
	ck_assert_str_eq(sent, "SET GLOBAL innodb_flush_method = 'O_DIRECT'\n");
	ck_assert_ptr_nonnull(strstr(note, "sessions read most variables at connect"));
	/* Sizes as my.cnf writes them; '\\' is an escape in MySQL strings. */
	fresh(NULL);
	server_set_var(&fake_conn, &dialect_mysql, "max_allowed_packet", "32M", note,
		       sizeof note, &e);
	ck_assert_str_eq(sent, "SET GLOBAL max_allowed_packet = 33554432\n");
	fresh(NULL);
	server_set_var(&fake_conn, &dialect_mysql, "init_connect", "a\\b'c", note,
		       sizeof note, &e);
	ck_assert_str_eq(sent, "SET GLOBAL init_connect = 'a\\\\b''c'\n");
	fresh(NULL);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_mysql, "a.b", "1", note,
					sizeof note, &e), -1);
	ck_assert_str_eq(sent, "");
	fresh(NULL);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_mssql, "max degree of parallelism",
					"4", note, sizeof note, &e), 0);
	ck_assert_str_eq(sent, "EXEC sp_configure 'max degree of parallelism', 4\nRECONFIGURE\n");
	ck_assert_ptr_nonnull(strstr(note, "restart"));
	fresh(NULL);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_mssql, "max server memory (MB)",
					"lots", note, sizeof note, &e), -1);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_mssql, "x'; SHUTDOWN --", "1",
					note, sizeof note, &e), -1);
	ck_assert_str_eq(sent, "");
}
END_TEST

/* SQLite's settings are pragmas, and SQLite takes any value without a
 * word: the dialect vets it first and reads every change back (the fake
 * answers each read with the one value fresh gave). */
START_TEST(test_sqlite_pragmas)
{
	char note[256], why[512];
	db_error e;

	fresh("wal");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "journal_mode", "WAL", note,
					sizeof note, &e), 0);
	ck_assert_str_eq(sent, "PRAGMA journal_mode\nPRAGMA journal_mode='WAL'\nPRAGMA journal_mode\n");
	fresh("-2000");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "cache_size", "-2000", note,
					sizeof note, &e), 0);
	ck_assert_ptr_nonnull(strstr(sent, "PRAGMA cache_size=-2000\n"));
	/* A name reads back as its number. */
	fresh("2");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "synchronous", "full", note,
					sizeof note, &e), 0);
	ck_assert_int_eq(server_in_effect(&fake_conn, &dialect_sqlite, "synchronous", "FULL", why,
					  sizeof why, &e), 1);
	ck_assert_int_eq(server_in_effect(&fake_conn, &dialect_sqlite, "synchronous", "NORMAL", why,
					  sizeof why, &e), 0);
	fresh("1");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "foreign_keys", "on", note,
					sizeof note, &e), 0);

	/* Values the pragma does not take: refused before anything is sent. */
	fresh("1");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "synchronous", "bogus", note,
					sizeof note, &e), -1);
	ck_assert_str_eq(sent, "");
	ck_assert_str_eq(e.msg, "synchronous takes one of OFF,NORMAL,FULL,EXTRA or 0 to 3, not 'bogus'");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "synchronous", "4", note,
					sizeof note, &e), -1);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "cache_size", "abc", note,
					sizeof note, &e), -1);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "cache_size", "1.5", note,
					sizeof note, &e), -1);
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "journal_mode", "1", note,
					sizeof note, &e), -1);
	ck_assert_str_eq(sent, "");
	ck_assert_int_eq(server_check_var(&fake_conn, &dialect_sqlite, "cache_size", "abc", why,
					  sizeof why, &e), 1);
	ck_assert_str_eq(why, "cache_size takes an integer, not 'abc'");
	ck_assert_str_eq(sent, "");

	/* A value that does not read back as asked (clamped) is put back. */
	fresh("2147418112");
	ck_assert_int_eq(server_set_var(&fake_conn, &dialect_sqlite, "mmap_size", "99999999999999",
					note, sizeof note, &e), -1);
	ck_assert_str_eq(sent, "PRAGMA mmap_size\nPRAGMA mmap_size=99999999999999\n"
			 "PRAGMA mmap_size\nPRAGMA mmap_size=2147418112\n");
	ck_assert_ptr_nonnull(strstr(e.msg, "back as 2147418112"));
	/* The sweep's check tries a connection's own setting and puts it back. */
	fresh("-2000");
	ck_assert_int_eq(server_check_var(&fake_conn, &dialect_sqlite, "cache_size", "-2000", why,
					  sizeof why, &e), 0);
	ck_assert_ptr_nonnull(strstr(sent, "PRAGMA cache_size=-2000\nPRAGMA cache_size\n"
				     "PRAGMA cache_size=-2000\n"));
	/* ... but only reads the database's own (journal_mode changes the file). */
	fresh("wal");
	ck_assert_int_eq(server_check_var(&fake_conn, &dialect_sqlite, "journal_mode", "delete",
					  why, sizeof why, &e), 0);
	ck_assert_str_eq(sent, "PRAGMA journal_mode\n");
}
END_TEST

START_TEST(test_counters)
{
	int64_t v = 0;
	db_error e;

	fresh("12345");
	ck_assert_int_eq(server_txn_counter(&fake_conn, &dialect_pg, &v, &e), 0);
	ck_assert_int_eq(v, 12345);
	ck_assert_ptr_nonnull(strstr(sent, "xact_commit + xact_rollback FROM pg_stat_database"));
	fresh("99");
	ck_assert_int_eq(server_txn_counter(&fake_conn, &dialect_mssql, &v, &e), 0);
	ck_assert_ptr_nonnull(strstr(sent, "'Transactions/sec'"));
	/* MySQL's counter is the dialect's on every path: information_schema
	 * first (MariaDB, MySQL 5.7). */
	fresh("777");
	ck_assert_int_eq(server_txn_counter(&fake_conn, &dialect_mysql, &v, &e), 0);
	ck_assert_int_eq(v, 777);
	ck_assert_ptr_nonnull(strstr(sent, "information_schema.GLOBAL_STATUS"));
	ck_assert_ptr_null(strstr(sent, "performance_schema"));
	fresh(NULL);
	ck_assert_int_eq(server_has_txn_counter(&fake_conn, &dialect_sqlite), 0);
	ck_assert_int_eq(server_txn_counter(&fake_conn, &dialect_sqlite, &v, &e), -1);
	ck_assert_int_eq(server_has_txn_counter(&fake_conn, &dialect_pg), 1);
	fresh("0.5");
	db_metric m[8];
	ck_assert_int_eq(server_metrics(&fake_conn, &dialect_pg, m, 8, &e), 1);
	ck_assert_ptr_nonnull(strstr(sent, "pg_stat_wal"));
}
END_TEST

/* The build's and the checks' statements: one standard text, which a
 * dialect may replace. */
START_TEST(test_portable_sql)
{
	static const char *const own[Q_COUNT] = { [Q_WAREHOUSE_COUNT] = "SELECT 7" };
	dialect mine = dialect_sqlite;
	char b[256];

	mine.sql_text = own;
	ck_assert_str_eq(dialect_sql(NULL, Q_META_READ), "SELECT k, v FROM tpcc_meta");
	ck_assert_str_eq(dialect_sql(&dialect_mysql, Q_WAREHOUSE_COUNT),
			 "SELECT COUNT(*) FROM warehouse");
	ck_assert_str_eq(dialect_sql(&mine, Q_WAREHOUSE_COUNT), "SELECT 7");
	ck_assert_str_eq(dialect_sql(&mine, Q_WAREHOUSE_MAX), dialect_sql(NULL, Q_WAREHOUSE_MAX));
	for (int id = 0; id < Q_COUNT; id++)
		ck_assert_msg(dialect_sql(NULL, id)[0], "sql_id %d has no text", id);
	ck_assert_int_eq(count_q(dialect_sql(NULL, Q_DURABILITY_DISTRICT)), 8);
	ck_assert_ptr_nonnull(strstr(dialect_sql(NULL, Q_LOAD_ORDER_LINE), "INSERT INTO order_line ("));
	ck_assert_str_eq(dialect_probe_sql(NULL, "a, b", "t", b, sizeof b),
			 "SELECT a, b FROM t WHERE 1 = 0");
}
END_TEST

int main(void)
{
	Suite *s = suite_create("dialect");
	TCase *tc = tcase_create("dialect");
	tcase_add_test(tc, test_same_parameters_everywhere);
	tcase_add_test(tc, test_portable_sql);
	tcase_add_test(tc, test_timestamps);
	tcase_add_test(tc, test_row_locks);
	tcase_add_test(tc, test_in_lists);
	tcase_add_test(tc, test_stock_update_cases);
	tcase_add_test(tc, test_order_line_rows);
	tcase_add_test(tc, test_statements_fit);
	tcase_add_test(tc, test_delivery_sets);
	tcase_add_test(tc, test_folded_reads);
	tcase_add_test(tc, test_procedure_calls);
	tcase_add_test(tc, test_procedure_json_lines);
	tcase_add_test(tc, test_procedures_created_and_dropped);
	tcase_add_test(tc, test_procedure_lookup);
	tcase_add_test(tc, test_mssql_procedures_are_tsql);
	tcase_add_test(tc, test_mysql_procedures_roll_back_on_error);
	tcase_add_test(tc, test_lookup);
	tcase_add_test(tc, test_driver_facts);
	tcase_add_test(tc, test_quote_and_names);
	tcase_add_test(tc, test_pg_knobs);
	tcase_add_test(tc, test_mysql_and_mssql_knobs);
	tcase_add_test(tc, test_sqlite_pragmas);
	tcase_add_test(tc, test_counters);
	tcase_add_test(tc, test_schema_map);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
