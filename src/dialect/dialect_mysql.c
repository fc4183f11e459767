/* dialect_mysql.c: MySQL / MariaDB, natively or through MariaDB
 * Connector/ODBC.  Primary keys are declared with the table because InnoDB
 * clusters rows on them (adding one later rebuilds the table); secondary
 * indexes come after the load, when building them sorted is far cheaper
 * than maintaining them row by row.
 *
 * The procedures run their own transaction (START TRANSACTION .. COMMIT)
 * and end by handing back what the client needs (MY_ANSWER); on an error
 * they roll back and RESIGNAL, so the client sees the server's own error
 * number (1213 deadlock, 1205 lock wait timeout) and retries as in
 * statements mode.  New-Order's lines arrive as JSON arrays. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "consistency_sql.h"
#include "dialect.h"
#include "dialect_mysql_snapshot.h"
#include "dialect_mysql_server.h"

#define ENGINE " ENGINE=InnoDB"

static const char *const my_session[] = {
	"SET SESSION unique_checks = 0",
	"SET SESSION foreign_key_checks = 0",
	NULL
};

/* Every statement that reads a key range asks InnoDB for an estimate of
 * its rows first, two B-tree descents (an "index dive") per range, before
 * reading it: an eighth of Delivery's and a sixth of Order-Status's
 * server instructions (callgrind).  At a limit of 1 the optimizer takes
 * equality ranges' sizes from the index statistics instead.  TPC-C's
 * plans stay as they were (EXPLAIN, and mariadb-proc.sh for the one
 * statement with two candidate indexes that also sorts): where two
 * indexes serve a statement, the one matching more equality columns is
 * as clearly the better by the statistics as by dives.  A session
 * setting leaves the server's configuration alone. */
static const char *const my_run_session[] = {
	"SET SESSION eq_range_index_dive_limit = 1",
	NULL
};

/* order_line is REDUNDANT: that format keeps the bytes of a NULL
 * fixed-size column, so Delivery's ol_delivery_d = NOW() on a NULL date
 * rewrites the row in place.  In COMPACT or DYNAMIC the row grows and
 * InnoDB deletes and re-inserts it: Delivery cost half as much again. */
static const char *const my_tables[] = {
	"CREATE TABLE tpcc_meta (k VARCHAR(64) NOT NULL PRIMARY KEY, v VARCHAR(255) NOT NULL)" ENGINE,
	"CREATE TABLE warehouse (w_id INT NOT NULL, w_ytd DECIMAL(12,2), w_tax DECIMAL(4,4),"
	" w_name VARCHAR(10), w_street_1 VARCHAR(20), w_street_2 VARCHAR(20), w_city VARCHAR(20),"
	" w_state CHAR(2), w_zip CHAR(9), PRIMARY KEY (w_id))" ENGINE,
	"CREATE TABLE district (d_id TINYINT NOT NULL, d_w_id INT NOT NULL, d_ytd DECIMAL(12,2),"
	" d_tax DECIMAL(4,4), d_next_o_id INT, d_name VARCHAR(10), d_street_1 VARCHAR(20),"
	" d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), d_zip CHAR(9),"
	" PRIMARY KEY (d_w_id, d_id))" ENGINE,
	"CREATE TABLE customer (c_id INT NOT NULL, c_d_id TINYINT NOT NULL, c_w_id INT NOT NULL,"
	" c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20),"
	" c_street_2 VARCHAR(20), c_city VARCHAR(20), c_state CHAR(2), c_zip CHAR(9),"
	" c_phone CHAR(16), c_since DATETIME, c_credit CHAR(2), c_credit_lim DECIMAL(12,2),"
	" c_discount DECIMAL(4,4), c_balance DECIMAL(12,2), c_ytd_payment DECIMAL(12,2),"
	" c_payment_cnt INT, c_delivery_cnt INT, c_data VARCHAR(500),"
	" PRIMARY KEY (c_w_id, c_d_id, c_id))" ENGINE,
	"CREATE TABLE history (h_c_id INT, h_c_d_id TINYINT, h_c_w_id INT, h_d_id TINYINT,"
	" h_w_id INT, h_date DATETIME, h_amount DECIMAL(6,2), h_data VARCHAR(24))" ENGINE,
	"CREATE TABLE new_order (no_o_id INT NOT NULL, no_d_id TINYINT NOT NULL, no_w_id INT NOT NULL,"
	" PRIMARY KEY (no_w_id, no_d_id, no_o_id))" ENGINE,
	"CREATE TABLE orders (o_id INT NOT NULL, o_d_id TINYINT NOT NULL, o_w_id INT NOT NULL,"
	" o_c_id INT, o_entry_d DATETIME, o_carrier_id TINYINT, o_ol_cnt TINYINT, o_all_local TINYINT,"
	" PRIMARY KEY (o_w_id, o_d_id, o_id))" ENGINE,
	"CREATE TABLE order_line (ol_o_id INT NOT NULL, ol_d_id TINYINT NOT NULL, ol_w_id INT NOT NULL,"
	" ol_number TINYINT NOT NULL, ol_i_id INT, ol_supply_w_id INT, ol_delivery_d DATETIME,"
	" ol_quantity TINYINT, ol_amount DECIMAL(6,2), ol_dist_info CHAR(24),"
	" PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number))" ENGINE " ROW_FORMAT=REDUNDANT",
	"CREATE TABLE item (i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24), i_price DECIMAL(5,2),"
	" i_data VARCHAR(50), PRIMARY KEY (i_id))" ENGINE,
	"CREATE TABLE stock (s_i_id INT NOT NULL, s_w_id INT NOT NULL, s_quantity SMALLINT,"
	" s_dist_01 CHAR(24), s_dist_02 CHAR(24), s_dist_03 CHAR(24), s_dist_04 CHAR(24),"
	" s_dist_05 CHAR(24), s_dist_06 CHAR(24), s_dist_07 CHAR(24), s_dist_08 CHAR(24),"
	" s_dist_09 CHAR(24), s_dist_10 CHAR(24), s_ytd INT, s_order_cnt SMALLINT,"
	" s_remote_cnt SMALLINT, s_data VARCHAR(50), PRIMARY KEY (s_w_id, s_i_id))" ENGINE,
	NULL
};

/* HammerDB's names, so a DBA's scripts for one work on the other. */
static const char *const my_indexes[] = {
	"CREATE INDEX customer_i2 ON customer (c_w_id, c_d_id, c_last, c_first, c_id)",
	"CREATE INDEX orders_i2 ON orders (o_w_id, o_d_id, o_c_id, o_id)",
	NULL
};

/* ---- procedures -------------------------------------------------------- */

/* tpcc_customer_by_name is no longer created, but builds before it went
 * inline have it: --procedures-only and drop clear it away. */
#define MY_DROP_PROCS \
	"DROP PROCEDURE IF EXISTS tpcc_new_order", "DROP PROCEDURE IF EXISTS tpcc_payment", \
	"DROP PROCEDURE IF EXISTS tpcc_order_status", "DROP PROCEDURE IF EXISTS tpcc_delivery", \
	"DROP PROCEDURE IF EXISTS tpcc_stock_level", \
	"DROP PROCEDURE IF EXISTS tpcc_customer_by_name"

#define MY_ON_ERROR \
	"  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;\n"

/* New-Order's rollback on its unused item, raised (MY_ON_ERROR rolls back
 * and passes it on), so that the call has no row to send for it. */
#define MY_ROLLBACK_STATE "TP001"

/* How a procedure hands back its row.  A session that ran
 * my_tracked_session (the native driver's, see proc_tracked_session) gets
 * the first column as @@last_insert_id, which the session tracks, in the
 * call's OK packet, and no result set: the server sends the answer as one
 * packet, not a result set and then the OK.  Any other session (ODBC, a
 * call typed by hand) gets the row as a result set. */
#define MY_ANSWER(first, rest) \
	"  IF @tpcc_answer IS NULL THEN\n" \
	"    SELECT " first rest ";\n" \
	"  ELSE\n" \
	"    SET @@session.last_insert_id = " first ";\n" \
	"  END IF;\n"

/* The middle customer of those with the last name, by first name, in one
 * read of customer_i2 (which holds all three columns): the ids in c_first
 * order, the ((n + 1) / 2)th taken from the list.  Inline, not a procedure
 * of its own: the nested CALL cost as much as the look-up.  FORCE INDEX
 * spares the optimizer its estimate of the primary key's range too, a
 * tenth of the statement's cost.  No such customer leaves INTO's variable
 * NULL, which is an error. */
#define MY_BY_NAME(w, d) \
	"    SELECT SUBSTRING_INDEX(SUBSTRING_INDEX(GROUP_CONCAT(c_id ORDER BY c_first),\n" \
	"      ',', (COUNT(*) + 1) DIV 2), ',', -1) INTO v_c_id\n" \
	"     FROM customer FORCE INDEX (customer_i2)\n" \
	"     WHERE c_w_id = " w " AND c_d_id = " d " AND c_last = p_c_last;\n" \
	"    IF v_c_id IS NULL THEN\n" \
	"      SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no customer with that last name';\n" \
	"    END IF;\n"

/* The rows many VUs want -- the district in New-Order, the warehouse and
 * district in Payment -- are locked last, just before COMMIT, so the
 * next VU waits for them the shortest time; every transaction takes its
 * locks in the same order (stock or customer, then district, then
 * warehouse), which keeps these reorderings free of deadlocks.
 *
 * The client passes New-Order's lines as a JSON array of numbers, one per
 * line, each the line's supply warehouse, item, quantity and stock row
 * written as decimal digits one after the other (W IIIIII QQ KK:
 * warehouse 1, item 12, quantity 5, the order's third stock row is
 * 10000120502), and the stock rows it touches as one number per row
 * (W IIIIII SSS CC: the summed quantity and the number of lines), once
 * per row and sorted (so two orders lock shared rows in one order).  So
 * the item, stock and order-line work is two statements whatever the
 * line count, and the stock update a plain join.  The join reads the
 * stock rows in the array's order, which is also their key's (a batched
 * key access would read them in that order too), and a multi-table
 * UPDATE computes its SET as it joins, so the SET appends each row's
 * district information, padded to 24, to a user variable, and the lines
 * cut theirs out of it by KK.  So the order lines no longer join stock:
 * that third look-up of each row (and its shared lock on a row the UPDATE
 * holds already) cost 6% of the call (callgrind).  The variable starts as an
 * empty string cut from a customer column, so it takes the tables'
 * character set: from a literal it took the procedure's (utf8mb4), and
 * converting each row to it, cutting lines out of it by character and
 * converting them back cost another 3%.  An unused item has no stock
 * row, so the rows after it shift; that order is rolled back.  One number
 * a row, not an array of three or four: JSON_TABLE finds and converts each
 * column of each row on its own, and with four columns that was a ninth
 * of the call (callgrind); DIV and MOD on one number cost next to nothing.
 * Summing an item named twice equals applying its lines in turn:
 * quantities stay within 10..100 and no line takes more than 10, so the
 * +91 refill happens at most once either way.  LAST_INSERT_ID(expr) hands
 * the order id (d_next_o_id before its increment) back from the UPDATE
 * that locks it, and the same UPDATE reads d_tax into a user variable
 * (MariaDB has no UPDATE .. RETURNING; MySQL 8 warns that this form is
 * deprecated, and runs it): the district then drops out of the first
 * SELECT's join, 2% of the call (callgrind).  The statements after it
 * read the id as LAST_INSERT_ID(), which none of them changes (only an
 * AUTO_INCREMENT value the server generates would, and they name every
 * column's value), not from a procedure variable: each reference to one
 * is rewritten for the binary log on every call. */
#define MY_NEW_ORDER \
	"CREATE PROCEDURE tpcc_new_order(p_w_id INT, p_d_id INT, p_c_id INT, p_ol_cnt INT," \
	" p_all_local INT, p_lines VARCHAR(1024), p_stock VARCHAR(1024))\n" \
	"BEGIN\n" \
	"  DECLARE v_w_tax, v_discount DECIMAL(4,4);\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  SELECT w_tax, c_discount, LEFT(c_last, 0) INTO v_w_tax, v_discount, @tpcc_dist\n" \
	"   FROM warehouse, customer\n" \
	"   WHERE w_id = p_w_id AND c_w_id = w_id AND c_d_id = p_d_id AND c_id = p_c_id;\n" \
	"  UPDATE stock JOIN JSON_TABLE(p_stock, '$[*]' COLUMNS (v BIGINT PATH '$')) l\n" \
	"    ON s_w_id = l.v DIV 100000000000 AND s_i_id = l.v DIV 100000 MOD 1000000\n" \
	"   SET s_quantity = s_quantity - l.v DIV 100 MOD 1000\n" \
	"     + IF(s_quantity >= l.v DIV 100 MOD 1000 + 10, 0, 91),\n" \
	"    s_ytd = s_ytd + l.v DIV 100 MOD 1000, s_order_cnt = s_order_cnt + l.v MOD 100\n" \
	"     + 0 * LENGTH(@tpcc_dist := CONCAT(@tpcc_dist, RPAD(ELT(p_d_id, s_dist_01, s_dist_02,\n" \
	"      s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09,\n" \
	"      s_dist_10), 24, ' '))),\n" \
	"    s_remote_cnt = s_remote_cnt + IF(l.v DIV 100000000000 <> p_w_id, l.v MOD 100, 0);\n" \
	"  UPDATE district SET d_next_o_id = LAST_INSERT_ID(d_next_o_id) + 1,\n" \
	"    d_tax = (@tpcc_d_tax := d_tax) WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt,\n" \
	"    o_all_local) VALUES (LAST_INSERT_ID(), p_d_id, p_w_id, p_c_id, NOW(), NULL, p_ol_cnt,\n" \
	"    p_all_local);\n" \
	"  INSERT INTO new_order (no_o_id, no_d_id, no_w_id)\n" \
	"   VALUES (LAST_INSERT_ID(), p_d_id, p_w_id);\n" \
	"  INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,\n" \
	"    ol_quantity, ol_amount, ol_dist_info, ol_delivery_d)\n" \
	"   SELECT LAST_INSERT_ID(), p_d_id, p_w_id, l.n, i_id, l.v DIV 10000000000,\n" \
	"    l.v DIV 100 MOD 100, l.v DIV 100 MOD 100 * i_price,\n" \
	"    SUBSTRING(@tpcc_dist, l.v MOD 100 * 24 + 1, 24), NULL\n" \
	"   FROM JSON_TABLE(p_lines, '$[*]' COLUMNS (n FOR ORDINALITY, v BIGINT PATH '$')) l\n" \
	"   JOIN item ON i_id = l.v DIV 10000 MOD 1000000;\n" \
	"  IF ROW_COUNT() < p_ol_cnt THEN\n" \
	"    SIGNAL SQLSTATE '" MY_ROLLBACK_STATE "' SET MESSAGE_TEXT = 'unused item in order';\n" \
	"  END IF;\n" \
	"  COMMIT;\n" \
	MY_ANSWER("LAST_INSERT_ID()", "") \
	"END"

/* The customer row is locked by its UPDATE, which reads c_credit itself:
 * no SELECT .. FOR UPDATE first.  The warehouse and district names for
 * the history row are read by the UPDATEs that lock those rows, into user
 * variables (the column is set to itself; MariaDB has no UPDATE ..
 * RETURNING), and the history row is a plain INSERT: an INSERT .. SELECT
 * reading the two rows again cost a ninth of the call (callgrind).  A
 * user variable outlives the call, so a district or warehouse that
 * matched no row would leave the last call's name behind: that is an
 * error, as an unknown customer is.  The history row comes last because
 * it takes the names from the two UPDATEs. */
#define MY_PAYMENT \
	"CREATE PROCEDURE tpcc_payment(p_w_id INT, p_d_id INT, p_c_w_id INT, p_c_d_id INT," \
	" p_c_id INT, p_byname INT, p_c_last VARCHAR(16), p_h_amount DECIMAL(6,2))\n" \
	"BEGIN\n" \
	"  DECLARE v_c_id INT;\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  SET v_c_id = p_c_id;\n" \
	"  IF p_byname <> 0 THEN\n" \
	MY_BY_NAME("p_c_w_id", "p_c_d_id") \
	"  END IF;\n" \
	"  UPDATE customer IGNORE INDEX (customer_i2) SET c_balance = c_balance - p_h_amount,\n" \
	"    c_ytd_payment = c_ytd_payment + p_h_amount, c_payment_cnt = c_payment_cnt + 1,\n" \
	"    c_data = IF(c_credit = 'BC', LEFT(CONCAT(v_c_id, ' ', p_c_d_id, ' ', p_c_w_id, ' ',\n" \
	"      p_d_id, ' ', p_w_id, ' ', p_h_amount, '|', c_data), 500), c_data)\n" \
	"   WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;\n" \
	"  IF ROW_COUNT() = 0 THEN\n" \
	"    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no such customer';\n" \
	"  END IF;\n" \
	"  UPDATE district SET d_ytd = d_ytd + p_h_amount, d_name = (@tpcc_d_name := d_name)\n" \
	"   WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  IF ROW_COUNT() = 0 THEN\n" \
	"    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no such district';\n" \
	"  END IF;\n" \
	"  UPDATE warehouse SET w_ytd = w_ytd + p_h_amount, w_name = (@tpcc_w_name := w_name)\n" \
	"   WHERE w_id = p_w_id;\n" \
	"  IF ROW_COUNT() = 0 THEN\n" \
	"    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no such warehouse';\n" \
	"  END IF;\n" \
	"  INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)\n" \
	"   VALUES (p_c_d_id, p_c_w_id, v_c_id, p_d_id, p_w_id, NOW(), p_h_amount,\n" \
	"    CONCAT(@tpcc_w_name, '    ', @tpcc_d_name));\n" \
	"  COMMIT;\n" \
	MY_ANSWER("v_c_id", "") \
	"END"

#define MY_ORDER_STATUS \
	"CREATE PROCEDURE tpcc_order_status(p_w_id INT, p_d_id INT, p_c_id INT, p_byname INT," \
	" p_c_last VARCHAR(16))\n" \
	"BEGIN\n" \
	"  DECLARE v_c_id, v_o_id, v_lines INT;\n" \
	"  DECLARE v_balance DECIMAL(12,2);\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  SET v_c_id = p_c_id;\n" \
	"  IF p_byname <> 0 THEN\n" \
	MY_BY_NAME("p_w_id", "p_d_id") \
	"  END IF;\n" \
	"  SELECT c_balance INTO v_balance FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;\n" \
	"  SET v_o_id = (SELECT o_id FROM orders FORCE INDEX (orders_i2) WHERE o_w_id = p_w_id\n" \
	"    AND o_d_id = p_d_id AND o_c_id = v_c_id ORDER BY o_id DESC LIMIT 1);\n" \
	"  SET v_lines = (SELECT COUNT(*) FROM order_line WHERE ol_w_id = p_w_id\n" \
	"    AND ol_d_id = p_d_id AND ol_o_id = v_o_id);\n" \
	"  COMMIT;\n" \
	MY_ANSWER("v_c_id", ", v_o_id, v_lines") \
	"END"

/* The oldest new order of each district is read one district at a time
 * (MIN() .. FOR UPDATE, below); then each table is touched once for all
 * ten districts, by a single-table statement whose WHERE names the ten
 * (district, order) keys as a row IN list: a range of ten equalities on
 * the primary key, so each row is found and locked as a look-up of its
 * own would.  Forty statements a call become four, which took Delivery
 * from 5.49 to 4.5-4.6 million server instructions (callgrind); a join with
 * the ten keys as a table instead (a JSON array, one multi-table UPDATE
 * a table) took 12% more than the forty, since MariaDB's multi-table
 * UPDATE writes each row's position to a temporary table and looks every
 * row up a second time.  An empty district's key is (d, NULL), which
 * matches nothing.
 *
 * A district's customer and its lines' sum are carried between the
 * statements in user variables, one per district: the UPDATE that sets
 * the carrier hands o_c_id out through a CASE on the district (o_c_id is
 * written unchanged); the UPDATE that dates the lines sums their amounts
 * in its WHERE, a condition that is always true (a NULL amount counts 0,
 * as SUM() would skip it), evaluated once for each line the range reads
 * and leaving the row's amount unwritten (summed in the SET list, as
 * ol_amount + 0 * the sum, each line's amount was stored again: 2%
 * more).  The customers' UPDATE takes each district's sum by the same
 * CASE.  The variables are reset first, so a district with nothing to
 * deliver cannot reuse the last call's customer.  An order missing for a
 * new order makes the carrier's UPDATE change fewer rows than the DELETE
 * removed: that is an error, not a credit to the wrong customer.
 *
 * MIN() .. FOR UPDATE locks the oldest new order (a second Delivery
 * waiting on it gets the next one once the first commits), read from
 * the index while the statement is optimized: 5% of the call less than
 * ORDER BY .. LIMIT 1, and NULL, not NOT FOUND, when the district has
 * none.  One difference: in an empty district it X-locks the next
 * district's oldest new order until COMMIT, where ORDER BY .. LIMIT 1
 * locked only the gap before it.  Districts run empty only when
 * Deliveries outpace New-Orders by ~900 orders, and the worst it does is
 * make a Delivery of that district wait.  Every Delivery takes its locks
 * in one order (new orders, orders, lines, customers, each by district),
 * so two Deliveries of one warehouse queue rather than deadlock.
 *
 * The orders' and customers' UPDATEs ignore the secondary index that
 * shares their leading columns: otherwise the range optimizer weighs it,
 * and an index merge of it with the primary key, for each of the ten
 * keys, which cost 15% of the call (callgrind).  Payment's customer
 * UPDATE ignores it for the same reason; its name is ours, or through an
 * adopted schema's map the index that serves it there. */
#define MY_DELIVERY_KEYS(d, o) \
	"(" d ", " o ") IN ((1, v_o1), (2, v_o2), (3, v_o3), (4, v_o4), (5, v_o5),\n" \
	"      (6, v_o6), (7, v_o7), (8, v_o8), (9, v_o9), (10, v_o10))"

#define MY_DELIVERY_OLDEST(d) \
	"  SELECT MIN(no_o_id) INTO v_o" d " FROM new_order\n" \
	"   WHERE no_w_id = p_w_id AND no_d_id = " d " FOR UPDATE;\n"

#define MY_DELIVERY \
	"CREATE PROCEDURE tpcc_delivery(p_w_id INT, p_carrier_id INT)\n" \
	"BEGIN\n" \
	"  DECLARE v_o1, v_o2, v_o3, v_o4, v_o5, v_o6, v_o7, v_o8, v_o9, v_o10, v_n INT;\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	MY_DELIVERY_OLDEST("1") MY_DELIVERY_OLDEST("2") MY_DELIVERY_OLDEST("3") \
	MY_DELIVERY_OLDEST("4") MY_DELIVERY_OLDEST("5") MY_DELIVERY_OLDEST("6") \
	MY_DELIVERY_OLDEST("7") MY_DELIVERY_OLDEST("8") MY_DELIVERY_OLDEST("9") \
	MY_DELIVERY_OLDEST("10") \
	"  DELETE FROM new_order WHERE no_w_id = p_w_id\n" \
	"   AND " MY_DELIVERY_KEYS("no_d_id", "no_o_id") ";\n" \
	"  SET v_n = ROW_COUNT();\n" \
	"  SET @tpcc_c1 = NULL, @tpcc_c2 = NULL, @tpcc_c3 = NULL, @tpcc_c4 = NULL,\n" \
	"    @tpcc_c5 = NULL, @tpcc_c6 = NULL, @tpcc_c7 = NULL, @tpcc_c8 = NULL,\n" \
	"    @tpcc_c9 = NULL, @tpcc_c10 = NULL, @tpcc_s1 = 0, @tpcc_s2 = 0, @tpcc_s3 = 0,\n" \
	"    @tpcc_s4 = 0, @tpcc_s5 = 0, @tpcc_s6 = 0, @tpcc_s7 = 0, @tpcc_s8 = 0,\n" \
	"    @tpcc_s9 = 0, @tpcc_s10 = 0;\n" \
	"  UPDATE orders IGNORE INDEX (orders_i2)\n" \
	"   SET o_carrier_id = p_carrier_id, o_c_id = CASE o_d_id\n" \
	"    WHEN 1 THEN (@tpcc_c1 := o_c_id) WHEN 2 THEN (@tpcc_c2 := o_c_id)\n" \
	"    WHEN 3 THEN (@tpcc_c3 := o_c_id) WHEN 4 THEN (@tpcc_c4 := o_c_id)\n" \
	"    WHEN 5 THEN (@tpcc_c5 := o_c_id) WHEN 6 THEN (@tpcc_c6 := o_c_id)\n" \
	"    WHEN 7 THEN (@tpcc_c7 := o_c_id) WHEN 8 THEN (@tpcc_c8 := o_c_id)\n" \
	"    WHEN 9 THEN (@tpcc_c9 := o_c_id) ELSE (@tpcc_c10 := o_c_id) END\n" \
	"   WHERE o_w_id = p_w_id AND " MY_DELIVERY_KEYS("o_d_id", "o_id") ";\n" \
	"  IF ROW_COUNT() <> v_n THEN\n" \
	"    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'new order without an undelivered order';\n" \
	"  END IF;\n" \
	"  UPDATE order_line SET ol_delivery_d = NOW()\n" \
	"   WHERE ol_w_id = p_w_id AND " MY_DELIVERY_KEYS("ol_d_id", "ol_o_id") "\n" \
	"    AND CASE ol_d_id\n" \
	"     WHEN 1 THEN (@tpcc_s1 := @tpcc_s1 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 2 THEN (@tpcc_s2 := @tpcc_s2 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 3 THEN (@tpcc_s3 := @tpcc_s3 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 4 THEN (@tpcc_s4 := @tpcc_s4 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 5 THEN (@tpcc_s5 := @tpcc_s5 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 6 THEN (@tpcc_s6 := @tpcc_s6 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 7 THEN (@tpcc_s7 := @tpcc_s7 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 8 THEN (@tpcc_s8 := @tpcc_s8 + COALESCE(ol_amount, 0))\n" \
	"     WHEN 9 THEN (@tpcc_s9 := @tpcc_s9 + COALESCE(ol_amount, 0))\n" \
	"     ELSE (@tpcc_s10 := @tpcc_s10 + COALESCE(ol_amount, 0)) END IS NOT NULL;\n" \
	"  UPDATE customer IGNORE INDEX (customer_i2)\n" \
	"   SET c_balance = c_balance + CASE c_d_id WHEN 1 THEN @tpcc_s1\n" \
	"     WHEN 2 THEN @tpcc_s2 WHEN 3 THEN @tpcc_s3 WHEN 4 THEN @tpcc_s4 WHEN 5 THEN @tpcc_s5\n" \
	"     WHEN 6 THEN @tpcc_s6 WHEN 7 THEN @tpcc_s7 WHEN 8 THEN @tpcc_s8 WHEN 9 THEN @tpcc_s9\n" \
	"     ELSE @tpcc_s10 END, c_delivery_cnt = c_delivery_cnt + 1\n" \
	"   WHERE c_w_id = p_w_id AND (c_d_id, c_id) IN ((1, @tpcc_c1), (2, @tpcc_c2),\n" \
	"    (3, @tpcc_c3), (4, @tpcc_c4), (5, @tpcc_c5), (6, @tpcc_c6), (7, @tpcc_c7),\n" \
	"    (8, @tpcc_c8), (9, @tpcc_c9), (10, @tpcc_c10));\n" \
	"  SET v_n = 10 - v_n;\n" \
	"  COMMIT;\n" \
	MY_ANSWER("v_n", "") \
	"END"

#define MY_STOCK_LEVEL \
	"CREATE PROCEDURE tpcc_stock_level(p_w_id INT, p_d_id INT, p_threshold INT)\n" \
	"BEGIN\n" \
	"  DECLARE v_low INT;\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  SELECT COUNT(DISTINCT s_i_id) INTO v_low FROM district, order_line, stock\n" \
	"   WHERE d_w_id = p_w_id AND d_id = p_d_id AND ol_w_id = d_w_id AND ol_d_id = d_id\n" \
	"     AND ol_o_id < d_next_o_id AND ol_o_id >= d_next_o_id - 20\n" \
	"     AND s_w_id = d_w_id AND s_i_id = ol_i_id AND s_quantity < p_threshold;\n" \
	"  COMMIT;\n" \
	MY_ANSWER("v_low", "") \
	"END"

static int my_proc_rolled_back(const db_error *e)
{
	return !strcmp(e->sqlstate, MY_ROLLBACK_STATE);
}

/* Only @@last_insert_id is tracked: the default list (autocommit, the
 * character sets, time_zone) would only add bytes, since nothing a VU
 * sends changes them after connecting. */
static const char *const my_tracked_session[] = {
	"SET SESSION session_track_system_variables = 'last_insert_id', @tpcc_answer = 'ok'",
	NULL
};

static const char *const my_procs[] = {
	MY_DROP_PROCS,
	MY_NEW_ORDER, MY_PAYMENT, MY_ORDER_STATUS, MY_DELIVERY, MY_STOCK_LEVEL,
	NULL
};

static const char *const my_drop[] = {
	MY_DROP_PROCS,
	DIALECT_DROP_TABLES,
	NULL
};

static const char *const my_adopt_drop[] = {
	MY_DROP_PROCS,
	"DROP TABLE IF EXISTS tpcc_meta",
	NULL
};

static const char *const my_knobs[] = {
	"innodb_io_capacity", "innodb_io_capacity_max", "innodb_flush_log_at_trx_commit",
	"innodb_adaptive_flushing", "innodb_max_dirty_pages_pct", "sync_binlog", NULL
};

static const char *const my_cmp[] = {
	"version", "version_comment", "innodb_buffer_pool_size", "innodb_log_file_size",
	"innodb_log_buffer_size", "innodb_flush_log_at_trx_commit", "innodb_flush_method",
	"innodb_io_capacity", "innodb_io_capacity_max", "innodb_max_dirty_pages_pct",
	"innodb_doublewrite", "innodb_adaptive_flushing", "sync_binlog", "log_bin",
	"transaction_isolation", "tx_isolation", "max_connections", NULL
};

/* Dirty pages and checkpoint age say whether flushing keeps up; reads and
 * writes per second what the disk does; the history list whether purge
 * does. */
static const dialect_view my_view[] = {
	{ "innodb_buffer_pool_pages_dirty", "dirty pages", "dirty", 0, 1, "", 0 },
	{ "innodb_checkpoint_age", "checkpoint age", "ckpt age", 0, 1048576, " MB", 0 },
	{ "innodb_data_reads", "reads/s", "reads/s", 1, 1, "", 0 },
	{ "innodb_data_writes", "writes/s", "writes/s", 1, 1, "", 0 },
	{ "innodb_os_log_written", "redo/s", "redo/s", 1, 1048576, " MB", 0 },
	{ "threads_running", "threads running", "running", 0, 1, "", 1 },
	{ "history_list_length", "history list", "history", 0, 1, "", 1 },
	{ NULL, NULL, NULL, 0, 0, NULL, 0 }
};

static const dialect_demo_knob my_demo[] = {
	{ "innodb_flush_log_at_trx_commit", "2",
	  "innodb_flush_log_at_trx_commit=2: commits no longer wait for the redo log's flush; watch NOPM rise",
	  "innodb_flush_log_at_trx_commit back: every commit flushes the redo log again; watch NOPM" },
	{ "innodb_io_capacity", "2000",
	  "innodb_io_capacity=2000: the page cleaner may write ten times faster; watch NOPM and dirty pages",
	  "innodb_io_capacity back: the page cleaner slows down; watch dirty pages climb" },
	{ NULL, NULL, NULL, NULL }
};

/* CURRENT_USER() as information_schema writes a grantee: 'user'@'host'. */
#define MY_GRANTEE "CONCAT('''', REPLACE(CURRENT_USER(), '@', '''@'''), '''')"

/* MariaDB reads orders by its primary key's (w, d) in conditions 10 and
 * 12 unless told (consistency_sql.h); orders_i2 is ours, or through an
 * adopted schema's map the other tool's index that serves. */
static const char *const my_sql_text[Q_COUNT] = {
	[Q_CONSISTENCY_10] = CONSISTENCY_10("orders FORCE INDEX (orders_i2)"),
	[Q_CONSISTENCY_12] = CONSISTENCY_12("orders FORCE INDEX (orders_i2)"),
};

const dialect dialect_mysql = {
	.name = "mysql",
	.sql_text = my_sql_text,
	.knobs = my_knobs,
	.demo_knobs = my_demo,
	.view_title = "InnoDB",
	.view = my_view,
	.compare_vars = my_cmp,
	.create_database = "CREATE DATABASE IF NOT EXISTS `%s`",
	.drop_database = NULL,
	.load_session = my_session,
	.run_session = my_run_session,
	.create_tables = my_tables,
	.create_indexes = my_indexes,
	.drop_tables = my_drop,
	.analyze = "ANALYZE TABLE warehouse, district, customer, history, new_order, orders,"
		   " order_line, item, stock",
	.select_for_update = 1,
	.backslash_escapes = 1,
	.create_procedures = my_procs,
	.proc_call = {
		[TX_NEW_ORDER] = "CALL tpcc_new_order(?, ?, ?, ?, ?, ?, ?)",
		[TX_PAYMENT] = "CALL tpcc_payment(?, ?, ?, ?, ?, ?, ?, ?)",
		[TX_ORDER_STATUS] = "CALL tpcc_order_status(?, ?, ?, ?, ?)",
		[TX_DELIVERY] = "CALL tpcc_delivery(?, ?)",
		[TX_STOCK_LEVEL] = "CALL tpcc_stock_level(?, ?, ?)",
	},
	.proc_exists_sql = "SELECT COUNT(*) FROM information_schema.ROUTINES"
			   " WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = ?",
	.proc_kind = "procedure",
	.proc_lines_json = 1,
	/* 2: set-oriented New-Order taking JSON lines.  3: New-Order's
	 * rollback raised, its row o_id alone; the answer in the OK packet
	 * where the session asked for it (MY_ANSWER).  4: each New-Order
	 * line and stock row one packed number.  5: each line also names its
	 * stock row, whose district information the stock UPDATE collects. */
	.proc_version = 5,
	.proc_rolled_back = my_proc_rolled_back,
	.proc_tracked_session = my_tracked_session,
	.proc_untracked = "SET @tpcc_answer = NULL",
	.txn_counter = mysql_server_txn_counter,
	.metrics = mysql_server_metrics,
	.get_var = mysql_server_get_var,
	.datadir_var = "datadir",
	.set_var = mysql_server_set_var,
	.check_var = mysql_server_check_var,
	.in_effect = mysql_server_in_effect,
	.dependents = mysql_server_dependents,
	.snapshot_info = mysql_snapshot_info,
	.snapshot = mysql_snapshot,
	.restore = mysql_restore,
	.snapshot_suffix = "_snapshot",
	.current_database_sql = "SELECT DATABASE()",
	.wait_open = mysql_wait_open,
	.wait_sample = mysql_wait_sample,
	.wait_timed = mysql_wait_timed,
	.wait_counters = mysql_wait_counters,
	.adopt_tables_sql = "SELECT LOWER(TABLE_NAME) FROM information_schema.TABLES"
			    " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE'",
	.adopt_indexes_sql = "SELECT LOWER(TABLE_NAME), INDEX_NAME, LOWER(GROUP_CONCAT(COLUMN_NAME"
			     " ORDER BY SEQ_IN_INDEX SEPARATOR ',')) FROM information_schema.STATISTICS"
			     " WHERE TABLE_SCHEMA = DATABASE() GROUP BY TABLE_NAME, INDEX_NAME",
	/* The user's own grants, global or on this database (a grant on a
	 * single table, or through a role, is not seen: adopt then names it
	 * missing, and the DBA grants it on the database). */
	.adopt_privileges_sql =
		"SELECT p, '' FROM (SELECT 'INDEX' p UNION ALL SELECT 'CREATE' UNION ALL SELECT 'INSERT'"
		" UNION ALL SELECT 'DELETE' UNION ALL SELECT 'CREATE ROUTINE' UNION ALL"
		" SELECT 'ALTER ROUTINE') need WHERE p NOT IN (SELECT PRIVILEGE_TYPE FROM"
		" information_schema.USER_PRIVILEGES WHERE GRANTEE = " MY_GRANTEE
		" UNION SELECT PRIVILEGE_TYPE FROM information_schema.SCHEMA_PRIVILEGES"
		" WHERE GRANTEE = " MY_GRANTEE " AND TABLE_SCHEMA = DATABASE())",
	/* InnoDB builds a secondary index in place, taking writes meanwhile. */
	.adopt_index_fmt = "CREATE INDEX %s ON %s (%s) ALGORITHM=INPLACE LOCK=NONE",
	.adopt_index_drop_fmt = "DROP INDEX %s ON %s",
	.adopt_drop = my_adopt_drop,
	.adopt_random_key = "UNHEX(REPLACE(UUID(), '-', ''))",
};
