/* consistency_sql.h: the text of consistency conditions 10 and 12, which
 * join every customer to its orders and their delivered lines.  ORDERS is
 * how the orders table is named in the join: "orders" (portable.c), or
 * with the index to read it by where a dialect must say so.  Each
 * customer is joined to its orders by (w, d, c), the index Order-Status
 * uses; a planner that reads orders by (w, d) alone instead (MariaDB does,
 * by stale statistics, or by splitting a derived table of sums per
 * customer) reads every order of the district for each customer: 11 to
 * 17 s at one warehouse, quadratic beyond. */
#ifndef TPCC_DIALECT_CONSISTENCY_SQL_H
#define TPCC_DIALECT_CONSISTENCY_SQL_H

#define CONSISTENCY_TOL "0.005"

#define CONSISTENCY_LINES(ORDERS) \
	" LEFT JOIN " ORDERS " ON o_w_id = c_w_id AND o_d_id = c_d_id AND o_c_id = c_id" \
	" LEFT JOIN order_line ON ol_w_id = o_w_id AND ol_d_id = o_d_id AND ol_o_id = o_id" \
	" AND ol_delivery_d IS NOT NULL"

#define CONSISTENCY_10(ORDERS) \
	"SELECT c_w_id, c_d_id, c_id, c_balance, COALESCE(SUM(ol_amount), 0) - COALESCE(h.s, 0)" \
	" FROM customer LEFT JOIN (SELECT h_c_w_id, h_c_d_id, h_c_id, SUM(h_amount) s FROM history" \
	" GROUP BY h_c_w_id, h_c_d_id, h_c_id) h ON h.h_c_w_id = c_w_id AND h.h_c_d_id = c_d_id" \
	" AND h.h_c_id = c_id" CONSISTENCY_LINES(ORDERS) \
	" GROUP BY c_w_id, c_d_id, c_id, c_balance, h.s" \
	" HAVING ABS(c_balance - (COALESCE(SUM(ol_amount), 0) - COALESCE(h.s, 0))) > " \
	CONSISTENCY_TOL

#define CONSISTENCY_12(ORDERS) \
	"SELECT c_w_id, c_d_id, c_id, c_balance + c_ytd_payment, COALESCE(SUM(ol_amount), 0)" \
	" FROM customer" CONSISTENCY_LINES(ORDERS) \
	" GROUP BY c_w_id, c_d_id, c_id, c_balance, c_ytd_payment" \
	" HAVING ABS(c_balance + c_ytd_payment - COALESCE(SUM(ol_amount), 0)) > " CONSISTENCY_TOL

#endif
