/* portable.c: the statements of the build, the schema check and the
 * durability check.  Every supported database understands them as they
 * are, so each has one standard text here; a dialect that must say one
 * differently overrides it (dialect.sql_text), as it does the statements
 * of the transactions. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "dialect.h"

static const char *const std_sql[Q_COUNT] = {
	[Q_META_READ] = "SELECT k, v FROM tpcc_meta",
	[Q_META_DELETE] = "DELETE FROM tpcc_meta WHERE k = ?",
	[Q_META_INSERT] = "INSERT INTO tpcc_meta (k, v) VALUES (?, ?)",
	[Q_WAREHOUSE_COUNT] = "SELECT COUNT(*) FROM warehouse",
	[Q_WAREHOUSE_MAX] = "SELECT COALESCE(MAX(w_id), 0) FROM warehouse",
	/* One district: its last order id, the lines and the line count of a
	 * given order (w, d, o twice), then the district (w, d). */
	[Q_DURABILITY_DISTRICT] =
		"SELECT MAX(o_id), (SELECT COUNT(*) FROM order_line WHERE ol_w_id = ?"
		" AND ol_d_id = ? AND ol_o_id = ?), (SELECT o_ol_cnt FROM orders WHERE"
		" o_w_id = ? AND o_d_id = ? AND o_id = ?) FROM orders WHERE o_w_id = ? AND o_d_id = ?",
	/* The loader's multi-row INSERTs: the rows follow the text. */
	[Q_LOAD_ITEM] = "INSERT INTO item (i_id, i_im_id, i_name, i_price, i_data) VALUES ",
	[Q_LOAD_WAREHOUSE] = "INSERT INTO warehouse (w_id, w_ytd, w_tax, w_name, w_street_1,"
		" w_street_2, w_city, w_state, w_zip) VALUES ",
	[Q_LOAD_STOCK] = "INSERT INTO stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02,"
		" s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09,"
		" s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) VALUES ",
	[Q_LOAD_DISTRICT] = "INSERT INTO district (d_id, d_w_id, d_ytd, d_tax, d_next_o_id, d_name,"
		" d_street_1, d_street_2, d_city, d_state, d_zip) VALUES ",
	[Q_LOAD_CUSTOMER] = "INSERT INTO customer (c_id, c_d_id, c_w_id, c_first, c_middle,"
		" c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since,"
		" c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment,"
		" c_payment_cnt, c_delivery_cnt, c_data) VALUES ",
	[Q_LOAD_HISTORY] = "INSERT INTO history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id,"
		" h_date, h_amount, h_data) VALUES ",
	[Q_LOAD_ORDERS] = "INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d,"
		" o_carrier_id, o_ol_cnt, o_all_local) VALUES ",
	[Q_LOAD_ORDER_LINE] = "INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number,"
		" ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount,"
		" ol_dist_info) VALUES ",
	[Q_LOAD_NEW_ORDER] = "INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES ",
};

const char *dialect_sql(const dialect *d, enum sql_id id)
{
	if (id < 0 || id >= Q_COUNT)
		return "";
	if (d && d->sql_text && d->sql_text[id])
		return d->sql_text[id];
	return std_sql[id];
}

const char *dialect_probe_sql(const dialect *d, const char *cols, const char *table, char *buf,
			      size_t len)
{
	(void)d;
	snprintf(buf, len, "SELECT %s FROM %s WHERE 1 = 0", cols, table);
	return buf;
}

const char *dialect_count_sql(const dialect *d, const char *table, char *buf, size_t len)
{
	(void)d;
	snprintf(buf, len, "SELECT COUNT(*) FROM %s", table);
	return buf;
}
