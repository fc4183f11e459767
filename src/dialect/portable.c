/* portable.c: the statements of the build, the schema check, the
 * durability check and the consistency check.  Every supported database understands them as they
 * are, so each has one standard text here; a dialect that must say one
 * differently overrides it (dialect.sql_text), as it does the statements
 * of the transactions. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "consistency_sql.h"
#include "dialect.h"

#define TOL CONSISTENCY_TOL

static const char *const std_sql[Q_COUNT] = {
	[Q_META_READ] = "SELECT k, v FROM tpcc_meta",
	[Q_META_GET] = "SELECT v FROM tpcc_meta WHERE k = ?",
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
	/* The consistency conditions of clause 3.3.2 (src/tpcc/consistency.c),
	 * each the rows that break it.  Money is compared with half a cent of
	 * tolerance because SQLite keeps it as REAL. */
	[Q_CONSISTENCY_NEXT_O_ID] = "SELECT MAX(d_next_o_id) FROM district",
	[Q_CONSISTENCY_1] =
		"SELECT w_id, w_ytd, s FROM warehouse JOIN (SELECT d_w_id, SUM(d_ytd) s FROM district"
		" GROUP BY d_w_id) x ON x.d_w_id = w_id WHERE ABS(w_ytd - s) > " TOL,
	[Q_CONSISTENCY_2] =
		"SELECT d_w_id, d_id, d_next_o_id - 1, mo, mno FROM district"
		" LEFT JOIN (SELECT o_w_id, o_d_id, MAX(o_id) mo FROM orders GROUP BY o_w_id, o_d_id) o"
		" ON o.o_w_id = d_w_id AND o.o_d_id = d_id"
		" LEFT JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) mno FROM new_order GROUP BY no_w_id, no_d_id) n"
		" ON n.no_w_id = d_w_id AND n.no_d_id = d_id"
		" WHERE mo IS NULL OR d_next_o_id - 1 <> mo OR (mno IS NOT NULL AND mno <> mo)",
	[Q_CONSISTENCY_3] =
		"SELECT no_w_id, no_d_id, MAX(no_o_id) - MIN(no_o_id) + 1, COUNT(*) FROM new_order"
		" GROUP BY no_w_id, no_d_id HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*)",
	[Q_CONSISTENCY_4] =
		"SELECT o.w, o.d, o.s, l.c FROM (SELECT o_w_id w, o_d_id d, SUM(o_ol_cnt) s FROM orders"
		" GROUP BY o_w_id, o_d_id) o LEFT JOIN (SELECT ol_w_id w, ol_d_id d, COUNT(*) c"
		" FROM order_line GROUP BY ol_w_id, ol_d_id) l ON l.w = o.w AND l.d = o.d"
		" WHERE l.c IS NULL OR o.s <> l.c",
	[Q_CONSISTENCY_5] =
		"SELECT o_w_id, o_d_id, o_id, o_carrier_id FROM orders LEFT JOIN new_order"
		" ON no_w_id = o_w_id AND no_d_id = o_d_id AND no_o_id = o_id"
		" WHERE (o_carrier_id IS NULL AND no_o_id IS NULL)"
		" OR (o_carrier_id IS NOT NULL AND no_o_id IS NOT NULL)",
	[Q_CONSISTENCY_6] =
		"SELECT o_w_id, o_d_id, o_id, o_ol_cnt, c FROM orders LEFT JOIN (SELECT ol_w_id, ol_d_id,"
		" ol_o_id, COUNT(*) c FROM order_line GROUP BY ol_w_id, ol_d_id, ol_o_id) l"
		" ON l.ol_w_id = o_w_id AND l.ol_d_id = o_d_id AND l.ol_o_id = o_id"
		" WHERE c IS NULL OR o_ol_cnt <> c",
	[Q_CONSISTENCY_7] =
		"SELECT ol_w_id, ol_d_id, ol_o_id, ol_number FROM order_line JOIN orders"
		" ON o_w_id = ol_w_id AND o_d_id = ol_d_id AND o_id = ol_o_id"
		" WHERE (ol_delivery_d IS NULL AND o_carrier_id IS NOT NULL)"
		" OR (ol_delivery_d IS NOT NULL AND o_carrier_id IS NULL)",
	[Q_CONSISTENCY_8] =
		"SELECT w_id, w_ytd, s FROM warehouse LEFT JOIN (SELECT h_w_id, SUM(h_amount) s FROM history"
		" GROUP BY h_w_id) h ON h.h_w_id = w_id WHERE s IS NULL OR ABS(w_ytd - s) > " TOL,
	[Q_CONSISTENCY_9] =
		"SELECT d_w_id, d_id, d_ytd, s FROM district LEFT JOIN (SELECT h_w_id, h_d_id,"
		" SUM(h_amount) s FROM history GROUP BY h_w_id, h_d_id) h"
		" ON h.h_w_id = d_w_id AND h.h_d_id = d_id WHERE s IS NULL OR ABS(d_ytd - s) > " TOL,
	/* 10 and 12: consistency_sql.h */
	[Q_CONSISTENCY_10] = CONSISTENCY_10("orders"),
	[Q_CONSISTENCY_11] =
		"SELECT o.w, o.d, o.c - COALESCE(n.c, 0) FROM (SELECT o_w_id w, o_d_id d, COUNT(*) c FROM orders"
		" GROUP BY o_w_id, o_d_id) o LEFT JOIN (SELECT no_w_id w, no_d_id d, COUNT(*) c FROM new_order"
		" GROUP BY no_w_id, no_d_id) n ON n.w = o.w AND n.d = o.d WHERE o.c - COALESCE(n.c, 0) <> 2100",
	[Q_CONSISTENCY_12] = CONSISTENCY_12("orders"),
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
