/* dialect_pg.c: PostgreSQL (natively through libpq, or psqlODBC).  Tables are loaded bare and
 * get their primary keys after the load, when building each index sorted
 * in one pass is far cheaper than growing it row by row.  The procedures
 * are PL/pgSQL functions: run in autocommit, one SELECT is one round trip
 * and one transaction.  New-Order's deliberate rollback is an exception
 * the function raises before it has written anything and does not catch:
 * the server rolls the call's transaction back, and the client, told by
 * the SQLSTATE the dialect names, counts it as the spec's rollback.  (A
 * block that caught it would enter a subtransaction on every call, an
 * extra XID and its WAL for the 99% that commit.) */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "dialect.h"
#include "dialect_pg_snapshot.h"

static const char *const pg_session[] = {
	/* Losing the last moments of a load to a crash costs nothing: the
	 * build is redone anyway. */
	"SET synchronous_commit = off",
	NULL
};

/* Each VU's session.  A statement's plan is made once and kept.  By
 * default the plan cache plans a parameterised statement afresh on each
 * call until the generic plan looks no dearer than the custom ones, and
 * in a procedures run the planner still worked under the plan cache on
 * every call (3% of the server's CPU in perf).  TPC-C's statements are
 * key look-ups and short key ranges, whose best plan does not depend on
 * the values.
 *
 * Every one of them reads through an index, and the planner is told so.
 * A plan kept for the session is made when warehouse and district fit
 * on one page, where a sequential scan is the cheapest plan; but each of
 * their rows is updated hundreds of times a second, the pages fill with
 * row versions faster than pruning frees them (4 rows came to 59 pages,
 * 40 to 144, in 80 s), and every Payment and New-Order then read all of
 * them (259,692 sequential scans of district in one run: pruning and
 * visibility checks under them were 8% of the server's CPU in perf).
 * W=4, 8 VUs, 60 s, one sitting: procedures 102,878 NOPM as the planner
 * chose, 111,978 and 113,062 without sequential scans; statements 97,982
 * and 102,418.  Bitmap scans stay: statements mode's Delivery finds its
 * ten districts' rows with ORed keys, which only a bitmap scan serves
 * through an index (without them it fell to 2,568 NOPM).  A session
 * setting leaves the server's configuration alone. */
static const char *const pg_run_session[] = {
	"SET plan_cache_mode = force_generic_plan",
	"SET enable_seqscan = off",
	NULL
};

/* Stock's counters stand next to s_quantity, not after the ten district
 * texts as in the spec's listing (which fixes no column order).  An update
 * that stays on its page logs only the bytes between the first and the
 * last that changed, and New-Order changes s_quantity, s_ytd, s_order_cnt
 * and s_remote_cnt of ten stock rows: with the texts between them each
 * such record carried 250 unchanged bytes.  (pg_waldump --stats, 8 VUs on
 * W=4, procedures: heap HOT-update records 179 bytes on average before, 79
 * after; WAL records, full-page images aside, 9.0 KB a New-Order before,
 * 6.3 KB after.) */
static const char *const pg_tables[] = {
	"CREATE TABLE tpcc_meta (k VARCHAR(64) NOT NULL PRIMARY KEY, v VARCHAR(255) NOT NULL)",
	"CREATE TABLE warehouse (w_id INT NOT NULL, w_ytd NUMERIC(12,2), w_tax NUMERIC(4,4),"
	" w_name VARCHAR(10), w_street_1 VARCHAR(20), w_street_2 VARCHAR(20), w_city VARCHAR(20),"
	" w_state CHAR(2), w_zip CHAR(9))",
	"CREATE TABLE district (d_id SMALLINT NOT NULL, d_w_id INT NOT NULL, d_ytd NUMERIC(12,2),"
	" d_tax NUMERIC(4,4), d_next_o_id INT, d_name VARCHAR(10), d_street_1 VARCHAR(20),"
	" d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), d_zip CHAR(9))",
	"CREATE TABLE customer (c_id INT NOT NULL, c_d_id SMALLINT NOT NULL, c_w_id INT NOT NULL,"
	" c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20),"
	" c_street_2 VARCHAR(20), c_city VARCHAR(20), c_state CHAR(2), c_zip CHAR(9),"
	" c_phone CHAR(16), c_since TIMESTAMP, c_credit CHAR(2), c_credit_lim NUMERIC(12,2),"
	" c_discount NUMERIC(4,4), c_balance NUMERIC(12,2), c_ytd_payment NUMERIC(12,2),"
	" c_payment_cnt INT, c_delivery_cnt INT, c_data VARCHAR(500))",
	"CREATE TABLE history (h_c_id INT, h_c_d_id SMALLINT, h_c_w_id INT, h_d_id SMALLINT,"
	" h_w_id INT, h_date TIMESTAMP, h_amount NUMERIC(6,2), h_data VARCHAR(24))",
	"CREATE TABLE new_order (no_o_id INT NOT NULL, no_d_id SMALLINT NOT NULL,"
	" no_w_id INT NOT NULL)",
	"CREATE TABLE orders (o_id INT NOT NULL, o_d_id SMALLINT NOT NULL, o_w_id INT NOT NULL,"
	" o_c_id INT, o_entry_d TIMESTAMP, o_carrier_id SMALLINT, o_ol_cnt SMALLINT,"
	" o_all_local SMALLINT)",
	"CREATE TABLE order_line (ol_o_id INT NOT NULL, ol_d_id SMALLINT NOT NULL,"
	" ol_w_id INT NOT NULL, ol_number SMALLINT NOT NULL, ol_i_id INT, ol_supply_w_id INT,"
	" ol_delivery_d TIMESTAMP, ol_quantity SMALLINT, ol_amount NUMERIC(6,2),"
	" ol_dist_info CHAR(24))",
	"CREATE TABLE item (i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24),"
	" i_price NUMERIC(5,2), i_data VARCHAR(50))",
	"CREATE TABLE stock (s_i_id INT NOT NULL, s_w_id INT NOT NULL, s_quantity SMALLINT,"
	" s_ytd INT, s_order_cnt SMALLINT, s_remote_cnt SMALLINT,"
	" s_dist_01 CHAR(24), s_dist_02 CHAR(24), s_dist_03 CHAR(24), s_dist_04 CHAR(24),"
	" s_dist_05 CHAR(24), s_dist_06 CHAR(24), s_dist_07 CHAR(24), s_dist_08 CHAR(24),"
	" s_dist_09 CHAR(24), s_dist_10 CHAR(24), s_data VARCHAR(50))",
	NULL
};

static const char *const pg_indexes[] = {
	"ALTER TABLE warehouse ADD PRIMARY KEY (w_id)",
	"ALTER TABLE district ADD PRIMARY KEY (d_w_id, d_id)",
	"ALTER TABLE customer ADD PRIMARY KEY (c_w_id, c_d_id, c_id)",
	"ALTER TABLE new_order ADD PRIMARY KEY (no_w_id, no_d_id, no_o_id)",
	"ALTER TABLE orders ADD PRIMARY KEY (o_w_id, o_d_id, o_id)",
	"ALTER TABLE order_line ADD PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)",
	"ALTER TABLE item ADD PRIMARY KEY (i_id)",
	"ALTER TABLE stock ADD PRIMARY KEY (s_w_id, s_i_id)",
	"CREATE INDEX customer_i2 ON customer (c_w_id, c_d_id, c_last, c_first, c_id)",
	"CREATE INDEX orders_i2 ON orders (o_w_id, o_d_id, o_c_id, o_id)",
	NULL
};

/* COPY FROM STDIN per table, the columns in the INSERT heads' order: the
 * server parses tab-separated text far faster than INSERT's literals. */
static const char *const pg_copy[Q_COUNT] = {
	[Q_LOAD_ITEM] = "COPY item (i_id, i_im_id, i_name, i_price, i_data) FROM STDIN",
	[Q_LOAD_WAREHOUSE] = "COPY warehouse (w_id, w_ytd, w_tax, w_name, w_street_1,"
		" w_street_2, w_city, w_state, w_zip) FROM STDIN",
	[Q_LOAD_STOCK] = "COPY stock (s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02,"
		" s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09,"
		" s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data) FROM STDIN",
	[Q_LOAD_DISTRICT] = "COPY district (d_id, d_w_id, d_ytd, d_tax, d_next_o_id, d_name,"
		" d_street_1, d_street_2, d_city, d_state, d_zip) FROM STDIN",
	[Q_LOAD_CUSTOMER] = "COPY customer (c_id, c_d_id, c_w_id, c_first, c_middle,"
		" c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since,"
		" c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment,"
		" c_payment_cnt, c_delivery_cnt, c_data) FROM STDIN",
	[Q_LOAD_HISTORY] = "COPY history (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id,"
		" h_date, h_amount, h_data) FROM STDIN",
	[Q_LOAD_ORDERS] = "COPY orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d,"
		" o_carrier_id, o_ol_cnt, o_all_local) FROM STDIN",
	[Q_LOAD_ORDER_LINE] = "COPY order_line (ol_o_id, ol_d_id, ol_w_id, ol_number,"
		" ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount,"
		" ol_dist_info) FROM STDIN",
	[Q_LOAD_NEW_ORDER] = "COPY new_order (no_o_id, no_d_id, no_w_id) FROM STDIN",
};

/* Functions first: they name the tables. */
#define PG_DROP_PROCS \
	"DROP FUNCTION IF EXISTS tpcc_new_order", "DROP FUNCTION IF EXISTS tpcc_payment", \
	"DROP FUNCTION IF EXISTS tpcc_order_status", "DROP FUNCTION IF EXISTS tpcc_delivery", \
	"DROP FUNCTION IF EXISTS tpcc_stock_level", "DROP FUNCTION IF EXISTS tpcc_customer_by_name"

static const char *const pg_drop[] = {
	PG_DROP_PROCS,
	DIALECT_DROP_TABLES,
	NULL
};

static const char *const pg_adopt_drop[] = {
	PG_DROP_PROCS,
	"DROP TABLE IF EXISTS tpcc_meta",
	NULL
};

/* ---- procedures -------------------------------------------------------- */

/* The customer a by-name look-up means: the middle one of those with the
 * last name, ordered by first name (2.5.2.2), as statements mode picks. */
#define PG_BY_NAME \
	"CREATE FUNCTION tpcc_customer_by_name(p_w_id INT, p_d_id INT, p_c_last TEXT)" \
	" RETURNS INT LANGUAGE plpgsql AS $$\n" \
	"DECLARE v_n INT; v_c_id INT;\n" \
	"BEGIN\n" \
	"  SELECT COUNT(*) INTO v_n FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last;\n" \
	"  IF v_n = 0 THEN\n" \
	"    RAISE EXCEPTION 'no customer named % in warehouse % district %',\n" \
	"      p_c_last, p_w_id, p_d_id;\n" \
	"  END IF;\n" \
	"  SELECT c_id INTO v_c_id FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last\n" \
	"   ORDER BY c_first OFFSET (v_n + 1) / 2 - 1 LIMIT 1;\n" \
	"  RETURN v_c_id;\n" \
	"END $$"

/* Hot rows last, as in MariaDB's procedures: the district (New-Order) and
 * the district and warehouse (Payment), which every VU of a warehouse
 * queues for, are updated after the rest of the work, just before the
 * function returns and its transaction commits, so a VU waits for them
 * the shortest time.  Locks come in one order everywhere (stock or
 * customer, then district, then warehouse).
 *
 * New-Order is set-oriented: every line is an element of the arrays, and
 * each table is visited once, whatever the order's size.  One read
 * prices every line (an unused item leaves a line unpriced: the order is
 * rolled back before anything is written); one UPDATE applies each stock
 * row's summed quantity (a row named by two lines takes both, as one
 * statement cannot update a row twice) and returns the district texts;
 * the order id comes after, from the district, and one INSERT .. SELECT
 * writes the lines.  The UPDATE locks the stock rows in key order, so two
 * New-Orders that share rows never deadlock on them: its plan is a nested
 * loop whose outer side is the grouped lines sorted by key (a few rows
 * against an indexed table of W x 100,000: nothing else is near in
 * cost), and a nested loop updates, so locks, in its outer side's order.
 * (A separate FOR UPDATE read to lock them first cost a second index
 * scan and a WAL record per row.) */
/* New-Order's rollback on an unused item, raised out of the function. */
#define PG_ROLLBACK_STATE "TP001"

#define PG_NEW_ORDER \
	"CREATE FUNCTION tpcc_new_order(p_w_id INT, p_d_id INT, p_c_id INT, p_ol_cnt INT," \
	" p_all_local INT, p_items TEXT, p_supply TEXT, p_qty TEXT," \
	" OUT r_rolled_back INT, OUT r_o_id INT) LANGUAGE plpgsql AS $$\n" \
	"DECLARE\n" \
	"  v_items INT[] := string_to_array(p_items, ',')::INT[];\n" \
	"  v_supply INT[] := string_to_array(p_supply, ',')::INT[];\n" \
	"  v_qty INT[] := string_to_array(p_qty, ',')::INT[];\n" \
	"  v_price NUMERIC[]; v_dist TEXT[];\n" \
	"  v_w_tax NUMERIC; v_d_tax NUMERIC; v_discount NUMERIC;\n" \
	"BEGIN\n" \
	"  r_rolled_back := 0;\n" \
	"  SELECT w_tax INTO v_w_tax FROM warehouse WHERE w_id = p_w_id;\n" \
	"  SELECT c_discount INTO v_discount FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = p_c_id;\n" \
	"  SELECT array_agg(i_price ORDER BY l.n) INTO v_price\n" \
	"   FROM unnest(v_items) WITH ORDINALITY AS l(i, n) JOIN item ON i_id = l.i;\n" \
	"  IF COALESCE(array_length(v_price, 1), 0) < p_ol_cnt THEN\n" \
	"    RAISE EXCEPTION 'unused item in order' USING ERRCODE = '" PG_ROLLBACK_STATE "';\n" \
	"  END IF;\n" \
	"  WITH g AS (SELECT w, i, SUM(q) AS q, COUNT(*) AS lines FROM unnest(v_supply, v_items, v_qty)\n" \
	"              AS l(w, i, q) GROUP BY w, i ORDER BY w, i),\n" \
	"   u AS (UPDATE stock SET s_quantity = CASE WHEN s_quantity >= g.q + 10\n" \
	"          THEN s_quantity - g.q ELSE s_quantity - g.q + 91 END,\n" \
	"        s_ytd = s_ytd + g.q, s_order_cnt = s_order_cnt + g.lines,\n" \
	"        s_remote_cnt = s_remote_cnt + CASE WHEN g.w <> p_w_id THEN g.lines ELSE 0 END\n" \
	"       FROM g WHERE s_w_id = g.w AND s_i_id = g.i\n" \
	"       RETURNING s_w_id, s_i_id, CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02\n" \
	"         WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05\n" \
	"         WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08\n" \
	"         WHEN 9 THEN s_dist_09 ELSE s_dist_10 END AS dist)\n" \
	"  SELECT array_agg(u.dist ORDER BY l.n) INTO v_dist\n" \
	"   FROM unnest(v_supply, v_items) WITH ORDINALITY AS l(w, i, n)\n" \
	"   JOIN u ON u.s_w_id = l.w AND u.s_i_id = l.i;\n" \
	"  UPDATE district SET d_next_o_id = d_next_o_id + 1\n" \
	"   WHERE d_w_id = p_w_id AND d_id = p_d_id\n" \
	"   RETURNING d_tax, d_next_o_id - 1 INTO v_d_tax, r_o_id;\n" \
	"  INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id,\n" \
	"    o_ol_cnt, o_all_local)\n" \
	"   VALUES (r_o_id, p_d_id, p_w_id, p_c_id, LOCALTIMESTAMP(0), NULL, p_ol_cnt, p_all_local);\n" \
	"  INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (r_o_id, p_d_id, p_w_id);\n" \
	"  INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id,\n" \
	"    ol_supply_w_id, ol_quantity, ol_amount, ol_dist_info, ol_delivery_d)\n" \
	"   SELECT r_o_id, p_d_id, p_w_id, n, v_items[n], v_supply[n], v_qty[n],\n" \
	"    v_qty[n] * v_price[n], v_dist[n], NULL FROM generate_series(1, p_ol_cnt) n;\n" \
	"END $$"

#define PG_PAYMENT \
	"CREATE FUNCTION tpcc_payment(p_w_id INT, p_d_id INT, p_c_w_id INT, p_c_d_id INT," \
	" p_c_id INT, p_byname INT, p_c_last TEXT, p_h_amount NUMERIC, OUT r_c_id INT)" \
	" LANGUAGE plpgsql AS $$\n" \
	"DECLARE v_w_name TEXT; v_d_name TEXT;\n" \
	"BEGIN\n" \
	"  r_c_id := p_c_id;\n" \
	"  IF p_byname <> 0 THEN\n" \
	"    r_c_id := tpcc_customer_by_name(p_c_w_id, p_c_d_id, p_c_last);\n" \
	"  END IF;\n" \
	"  UPDATE customer SET c_balance = c_balance - p_h_amount,\n" \
	"    c_ytd_payment = c_ytd_payment + p_h_amount, c_payment_cnt = c_payment_cnt + 1,\n" \
	"    c_data = CASE WHEN c_credit = 'BC' THEN left(r_c_id || ' ' || p_c_d_id || ' ' ||\n" \
	"      p_c_w_id || ' ' || p_d_id || ' ' || p_w_id || ' ' ||\n" \
	"      to_char(p_h_amount, 'FM999990.00') || '|' || c_data, 500) ELSE c_data END\n" \
	"   WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = r_c_id;\n" \
	"  IF NOT FOUND THEN\n" \
	"    RAISE EXCEPTION 'no customer % in warehouse % district %', r_c_id, p_c_w_id, p_c_d_id;\n" \
	"  END IF;\n" \
	"  UPDATE district SET d_ytd = d_ytd + p_h_amount WHERE d_w_id = p_w_id AND d_id = p_d_id\n" \
	"   RETURNING d_name INTO v_d_name;\n" \
	"  UPDATE warehouse SET w_ytd = w_ytd + p_h_amount WHERE w_id = p_w_id\n" \
	"   RETURNING w_name INTO v_w_name;\n" \
	"  INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)\n" \
	"   VALUES (p_c_d_id, p_c_w_id, r_c_id, p_d_id, p_w_id, LOCALTIMESTAMP(0), p_h_amount,\n" \
	"    v_w_name || '    ' || v_d_name);\n" \
	"END $$"

#define PG_ORDER_STATUS \
	"CREATE FUNCTION tpcc_order_status(p_w_id INT, p_d_id INT, p_c_id INT, p_byname INT," \
	" p_c_last TEXT, OUT r_c_id INT, OUT r_o_id INT, OUT r_lines INT)" \
	" LANGUAGE plpgsql AS $$\n" \
	"DECLARE v_balance NUMERIC; v_amount NUMERIC;\n" \
	"BEGIN\n" \
	"  r_c_id := p_c_id;\n" \
	"  IF p_byname <> 0 THEN\n" \
	"    r_c_id := tpcc_customer_by_name(p_w_id, p_d_id, p_c_last);\n" \
	"  END IF;\n" \
	"  SELECT c_balance INTO v_balance FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = r_c_id;\n" \
	"  SELECT o_id INTO r_o_id FROM orders\n" \
	"   WHERE o_w_id = p_w_id AND o_d_id = p_d_id AND o_c_id = r_c_id\n" \
	"   ORDER BY o_id DESC LIMIT 1;\n" \
	"  SELECT COUNT(*), SUM(ol_amount) INTO r_lines, v_amount FROM order_line\n" \
	"   WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id = r_o_id;\n" \
	"END $$"

/* Delivery is set-oriented too: one locking read takes the oldest
 * new-order row of each district, in district order (a nested loop over
 * 1..10, each LIMIT 1 locked as it is read, so two Deliveries of one
 * warehouse queue in the same order); then each table is changed once for
 * all the districts found: the new-order rows deleted, the orders given
 * their carrier, the lines their delivery date, and each customer
 * credited with the sum of its order's lines. */
#define PG_DELIVERY \
	"CREATE FUNCTION tpcc_delivery(p_w_id INT, p_carrier_id INT, OUT r_skipped INT)" \
	" LANGUAGE plpgsql AS $$\n" \
	"DECLARE v_d INT[]; v_o INT[]; v_n INT;\n" \
	"BEGIN\n" \
	"  SELECT array_agg(n.no_d_id ORDER BY n.no_d_id), array_agg(n.no_o_id ORDER BY n.no_d_id)\n" \
	"    INTO v_d, v_o\n" \
	"   FROM generate_series(1, 10) AS g(d) CROSS JOIN LATERAL\n" \
	"    (SELECT no_d_id, no_o_id FROM new_order WHERE no_w_id = p_w_id AND no_d_id = g.d\n" \
	"      ORDER BY no_o_id LIMIT 1 FOR UPDATE) AS n;\n" \
	"  r_skipped := 10 - COALESCE(array_length(v_d, 1), 0);\n" \
	"  IF v_d IS NULL THEN\n" \
	"    RETURN;\n" \
	"  END IF;\n" \
	"  DELETE FROM new_order WHERE no_w_id = p_w_id\n" \
	"   AND (no_d_id, no_o_id) IN (SELECT * FROM unnest(v_d, v_o));\n" \
	"  WITH o AS (UPDATE orders SET o_carrier_id = p_carrier_id\n" \
	"              WHERE o_w_id = p_w_id AND (o_d_id, o_id) IN (SELECT * FROM unnest(v_d, v_o))\n" \
	"              RETURNING o_d_id, o_id, o_c_id),\n" \
	"   l AS (UPDATE order_line SET ol_delivery_d = LOCALTIMESTAMP(0)\n" \
	"          WHERE ol_w_id = p_w_id AND (ol_d_id, ol_o_id) IN (SELECT * FROM unnest(v_d, v_o))\n" \
	"          RETURNING ol_d_id, ol_o_id, ol_amount),\n" \
	"   s AS (SELECT ol_d_id, ol_o_id, SUM(ol_amount) AS amount FROM l GROUP BY ol_d_id, ol_o_id)\n" \
	"  UPDATE customer SET c_balance = c_balance + COALESCE(s.amount, 0),\n" \
	"    c_delivery_cnt = c_delivery_cnt + 1\n" \
	"   FROM o LEFT JOIN s ON s.ol_d_id = o.o_d_id AND s.ol_o_id = o.o_id\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = o.o_d_id AND c_id = o.o_c_id;\n" \
	"END $$"

#define PG_STOCK_LEVEL \
	"CREATE FUNCTION tpcc_stock_level(p_w_id INT, p_d_id INT, p_threshold INT," \
	" OUT r_low INT) LANGUAGE plpgsql AS $$\n" \
	"DECLARE v_next INT;\n" \
	"BEGIN\n" \
	"  SELECT d_next_o_id INTO v_next FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  SELECT COUNT(DISTINCT s_i_id) INTO r_low FROM order_line, stock\n" \
	"   WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id < v_next\n" \
	"     AND ol_o_id >= v_next - 20 AND s_w_id = p_w_id AND s_i_id = ol_i_id\n" \
	"     AND s_quantity < p_threshold;\n" \
	"END $$"

/* Dropped first, so a changed signature does not stop CREATE. */
static const char *const pg_procs[] = {
	PG_DROP_PROCS,
	PG_BY_NAME, PG_NEW_ORDER, PG_PAYMENT, PG_ORDER_STATUS, PG_DELIVERY, PG_STOCK_LEVEL,
	NULL
};

static int pg_proc_rolled_back(const db_error *e)
{
	return !strcmp(e->sqlstate, PG_ROLLBACK_STATE);
}

/* ---- the database ---------------------------------------------------------- */

/* build's: CREATE DATABASE refuses a transaction block, so in autocommit.
 * 42P04 means there now: another build made it meanwhile, or the name is
 * longer than the server keeps (it cuts the CREATE's and a connection's
 * alike). */
static int pg_create_missing_database(db_conn *c, const char *name, db_error *e)
{
	char sql[300];
	int rc = pg_db_exists(c, name, e);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (strchr(name, '"') || strlen(name) > 200)
		return db_error_set(e, DB_FATAL, 0, "42602", "database name %s: a double quote, or "
				    "too long: create the database yourself", name);
	snprintf(sql, sizeof sql, "CREATE DATABASE \"%s\"", name);
	if (c->drv->set_autocommit && c->drv->set_autocommit(c, 1, e))
		return -1;
	if (db_exec(c, sql, e))
		return strcmp(e->sqlstate, "42P04") ? -1 : 0;
	return 1;
}

/* ---- settings ------------------------------------------------------------ */

/* Settings a reload applies (ALTER SYSTEM + pg_reload_conf), the ones that
 * steer checkpoints and background writing. */
static const char *const pg_knobs[] = {
	"checkpoint_completion_target", "bgwriter_lru_maxpages", "bgwriter_delay",
	"wal_writer_delay", "synchronous_commit", NULL
};

static const char *const pg_cmp[] = {
	"server_version", "shared_buffers", "effective_cache_size", "work_mem", "max_wal_size",
	"checkpoint_timeout", "checkpoint_completion_target", "wal_buffers", "synchronous_commit",
	"fsync", "full_page_writes", "wal_compression", "bgwriter_lru_maxpages", "random_page_cost",
	"default_transaction_isolation", "max_connections", NULL
};

/* Block reads per second and WAL per second say what the disk does;
 * checkpoint and backend writes who writes the buffers out (backends
 * writing their own means the background writer falls behind); dead tuples
 * of the updated tables whether autovacuum keeps up. */
static const dialect_view pg_view[] = {
	{ "blks_read", "blocks read/s", "reads/s", 1, 1, "", 0 },
	{ "wal_bytes", "WAL/s", "WAL/s", 1, 1048576, " MB", 0 },
	{ "buffers_checkpoint", "ckpt writes/s", "ckpt w/s", 1, 1, "", 0 },
	{ "buffers_backend", "backend wr/s", "bknd w/s", 1, 1, "", 0 },
	{ "dead_tuples", "dead tuples", "dead tup", 0, 1, "", 0 },
	{ "active_backends", "active backends", "active", 0, 1, "", 1 },
	{ "checkpoints", "checkpoints", "ckpts", 0, 1, "", 1 },
	{ NULL, NULL, NULL, 0, 0, NULL, 0 }
};

static const dialect_demo_knob pg_demo[] = {
	{ "synchronous_commit", "off",
	  "synchronous_commit=off: commits no longer wait for the WAL's flush; watch NOPM rise",
	  "synchronous_commit back on: every commit waits for the WAL's flush again; watch NOPM" },
	{ NULL, NULL, NULL, NULL }
};

const dialect dialect_pg = {
	.name = "postgresql",
	.knobs = pg_knobs,
	.demo_knobs = pg_demo,
	.view_title = "PostgreSQL",
	.view = pg_view,
	.compare_vars = pg_cmp,
	.create_database = NULL,
	.maintenance_database = PG_MAINTENANCE_DB,
	.create_missing_database = pg_create_missing_database,
	.load_session = pg_session,
	.run_session = pg_run_session,
	.create_tables = pg_tables,
	.create_indexes = pg_indexes,
	.drop_tables = pg_drop,
	.analyze = "ANALYZE",
	.copy_text = pg_copy,
	.select_for_update = 1,
	.timestamp_param = "CAST(%s AS TIMESTAMP)",
	/* A CASE of untyped parameters would be text, which PostgreSQL will
	 * not add to a number. */
	.int_param = "CAST(%s AS INTEGER)",
	.money_param = "CAST(%s AS NUMERIC(12,2))",
	.backslash_escapes = 0,
	.create_procedures = pg_procs,
	.proc_call = {
		[TX_NEW_ORDER] = "SELECT r_rolled_back, r_o_id FROM tpcc_new_order(?, ?, ?, ?, ?, ?, ?, ?)",
		[TX_PAYMENT] = "SELECT r_c_id FROM tpcc_payment(?, ?, ?, ?, ?, ?, ?, CAST(? AS NUMERIC))",
		[TX_ORDER_STATUS] = "SELECT r_c_id, r_o_id, r_lines FROM tpcc_order_status(?, ?, ?, ?, ?)",
		[TX_DELIVERY] = "SELECT r_skipped FROM tpcc_delivery(?, ?)",
		[TX_STOCK_LEVEL] = "SELECT r_low FROM tpcc_stock_level(?, ?, ?)",
	},
	/* The schemas on the search path, as the calls resolve names. */
	.proc_exists_sql = "SELECT COUNT(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace"
			   " WHERE n.nspname = ANY (current_schemas(false)) AND p.proname = ?",
	.proc_kind = "function",
	.proc_rolled_back = pg_proc_rolled_back,
	/* 2: New-Order and Delivery set-oriented (same signatures; a run on
	 * the line-at-a-time functions is told to re-create them).  3:
	 * New-Order's rollback raised out of the function, the stock rows
	 * locked by their UPDATE. */
	.proc_version = 3,
	/* This database only: the console's own sessions add about one a
	 * second (the counter read itself). */
	.txn_counter_sql = "SELECT xact_commit + xact_rollback FROM pg_stat_database"
			   " WHERE datname = current_database()",
	.metrics = pg_server_metrics,
	.get_var_sql = "SELECT setting FROM pg_settings WHERE name = ?",
	.datadir_var = "data_directory",
	.set_var = pg_set_var,
	.saved_var = pg_saved_var,
	.unsave_var = pg_unsave_var,
	.check_var = pg_check_var,
	.in_effect = pg_in_effect,
	.snapshot_info = pg_snapshot_info,
	.snapshot = pg_snapshot,
	.restore = pg_restore,
	.restore_blocked = pg_restore_blocked,
	.snapshot_suffix = "_snapshot",
	.restore_drops_database = 1,
	.current_database_sql = "SELECT current_database()",
	.wait_open = pg_wait_open,
	.wait_sample = pg_wait_sample,
	.wait_counters = pg_wait_counters,
	.adopt_tables_sql = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()",
	.adopt_indexes_sql = "SELECT t.relname, i.relname, string_agg(a.attname, ',' ORDER BY k.n)"
			     " FROM pg_index x JOIN pg_class t ON t.oid = x.indrelid"
			     " JOIN pg_class i ON i.oid = x.indexrelid"
			     " JOIN pg_namespace s ON s.oid = t.relnamespace AND s.nspname = current_schema()"
			     " CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, n)"
			     " JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum"
			     " GROUP BY t.relname, i.relname",
	/* An index needs the table's ownership; tpcc_meta and the functions
	 * CREATE on the schema. */
	.adopt_privileges_sql =
		"SELECT 'CREATE on schema ' || current_schema(), '' WHERE NOT"
		" has_schema_privilege(current_schema(), 'CREATE') UNION ALL"
		" SELECT 'ownership of table ' || c.relname, c.relname FROM pg_class c"
		" JOIN pg_namespace s ON s.oid = c.relnamespace AND s.nspname = current_schema()"
		" WHERE c.relkind IN ('r', 'p') AND NOT pg_has_role(c.relowner, 'USAGE')",
	/* CONCURRENTLY: writes go on while it builds (in autocommit only). */
	.adopt_index_fmt = "CREATE INDEX CONCURRENTLY %s ON %s (%s)",
	/* An index's name is the schema's own: the table is not named. */
	.adopt_index_drop_fmt = "DROP INDEX IF EXISTS %s",
	.adopt_drop = pg_adopt_drop,
};
