/* dialect_mysql.c: MySQL / MariaDB, natively or through MariaDB
 * Connector/ODBC.  Primary keys are declared with the table because InnoDB
 * clusters rows on them (adding one later rebuilds the table); secondary
 * indexes come after the load, when building them sorted is far cheaper
 * than maintaining them row by row.
 *
 * The procedures run their own transaction (START TRANSACTION .. COMMIT)
 * and end with one SELECT of what the client needs; on an error they roll
 * back and RESIGNAL, so the client sees the server's own error number
 * (1213 deadlock, 1205 lock wait timeout) and retries as in statements
 * mode.  Item arrays arrive as comma-separated strings. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "dialect.h"

#define ENGINE " ENGINE=InnoDB"

static const char *const my_session[] = {
	"SET SESSION unique_checks = 0",
	"SET SESSION foreign_key_checks = 0",
	NULL
};

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
	" PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number))" ENGINE,
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

#define MY_DROP_PROCS \
	"DROP PROCEDURE IF EXISTS tpcc_new_order", "DROP PROCEDURE IF EXISTS tpcc_payment", \
	"DROP PROCEDURE IF EXISTS tpcc_order_status", "DROP PROCEDURE IF EXISTS tpcc_delivery", \
	"DROP PROCEDURE IF EXISTS tpcc_stock_level", \
	"DROP PROCEDURE IF EXISTS tpcc_customer_by_name"

#define MY_ON_ERROR \
	"  DECLARE EXIT HANDLER FOR SQLEXCEPTION BEGIN ROLLBACK; RESIGNAL; END;\n"

/* The middle customer of those with the last name, by first name. */
#define MY_BY_NAME \
	"CREATE PROCEDURE tpcc_customer_by_name(p_w_id INT, p_d_id INT, p_c_last VARCHAR(16)," \
	" OUT r_c_id INT)\n" \
	"BEGIN\n" \
	"  DECLARE v_n INT;\n" \
	"  SELECT COUNT(*) INTO v_n FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last;\n" \
	"  IF v_n = 0 THEN\n" \
	"    SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'no customer with that last name';\n" \
	"  END IF;\n" \
	"  SET v_n = (v_n + 1) DIV 2 - 1;\n" \
	"  SELECT c_id INTO r_c_id FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_last = p_c_last\n" \
	"   ORDER BY c_first LIMIT v_n, 1;\n" \
	"END"

#define MY_NEW_ORDER \
	"CREATE PROCEDURE tpcc_new_order(p_w_id INT, p_d_id INT, p_c_id INT, p_ol_cnt INT," \
	" p_all_local INT, p_items VARCHAR(255), p_supply VARCHAR(255), p_qty VARCHAR(255))\n" \
	"BEGIN\n" \
	"  DECLARE v_w_tax, v_d_tax, v_discount DECIMAL(4,4);\n" \
	"  DECLARE v_price DECIMAL(5,2);\n" \
	"  DECLARE v_o_id, v_item, v_sw, v_q, v_s_qty INT;\n" \
	"  DECLARE v_i, v_rolled_back INT DEFAULT 0;\n" \
	"  DECLARE v_dist CHAR(24);\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  SELECT w_tax INTO v_w_tax FROM warehouse WHERE w_id = p_w_id;\n" \
	"  SELECT d_tax, d_next_o_id INTO v_d_tax, v_o_id FROM district\n" \
	"   WHERE d_w_id = p_w_id AND d_id = p_d_id FOR UPDATE;\n" \
	"  UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  SELECT c_discount INTO v_discount FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = p_c_id;\n" \
	"  INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt,\n" \
	"    o_all_local) VALUES (v_o_id, p_d_id, p_w_id, p_c_id, NOW(), NULL, p_ol_cnt, p_all_local);\n" \
	"  INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (v_o_id, p_d_id, p_w_id);\n" \
	"  line: WHILE v_i < p_ol_cnt DO\n" \
	"    SET v_i = v_i + 1;\n" \
	"    SET v_item = SUBSTRING_INDEX(SUBSTRING_INDEX(p_items, ',', v_i), ',', -1);\n" \
	"    SET v_sw = SUBSTRING_INDEX(SUBSTRING_INDEX(p_supply, ',', v_i), ',', -1);\n" \
	"    SET v_q = SUBSTRING_INDEX(SUBSTRING_INDEX(p_qty, ',', v_i), ',', -1);\n" \
	"    SET v_price = (SELECT i_price FROM item WHERE i_id = v_item);\n" \
	"    IF v_price IS NULL THEN\n" \
	"      ROLLBACK;\n" \
	"      SET v_rolled_back = 1;\n" \
	"      LEAVE line;\n" \
	"    END IF;\n" \
	"    SELECT s_quantity, CASE p_d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02\n" \
	"      WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05\n" \
	"      WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08\n" \
	"      WHEN 9 THEN s_dist_09 ELSE s_dist_10 END INTO v_s_qty, v_dist\n" \
	"     FROM stock WHERE s_i_id = v_item AND s_w_id = v_sw FOR UPDATE;\n" \
	"    UPDATE stock SET s_quantity = IF(v_s_qty >= v_q + 10, v_s_qty - v_q, v_s_qty - v_q + 91),\n" \
	"      s_ytd = s_ytd + v_q, s_order_cnt = s_order_cnt + 1,\n" \
	"      s_remote_cnt = s_remote_cnt + IF(v_sw <> p_w_id, 1, 0)\n" \
	"     WHERE s_i_id = v_item AND s_w_id = v_sw;\n" \
	"    INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,\n" \
	"      ol_quantity, ol_amount, ol_dist_info, ol_delivery_d)\n" \
	"     VALUES (v_o_id, p_d_id, p_w_id, v_i, v_item, v_sw, v_q, v_q * v_price, v_dist, NULL);\n" \
	"  END WHILE;\n" \
	"  IF v_rolled_back = 0 THEN\n" \
	"    COMMIT;\n" \
	"  END IF;\n" \
	"  SELECT v_rolled_back, v_o_id;\n" \
	"END"

#define MY_PAYMENT \
	"CREATE PROCEDURE tpcc_payment(p_w_id INT, p_d_id INT, p_c_w_id INT, p_c_d_id INT," \
	" p_c_id INT, p_byname INT, p_c_last VARCHAR(16), p_h_amount DECIMAL(6,2))\n" \
	"BEGIN\n" \
	"  DECLARE v_w_name, v_d_name VARCHAR(10);\n" \
	"  DECLARE v_c_id INT;\n" \
	"  DECLARE v_credit CHAR(2);\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  UPDATE warehouse SET w_ytd = w_ytd + p_h_amount WHERE w_id = p_w_id;\n" \
	"  SELECT w_name INTO v_w_name FROM warehouse WHERE w_id = p_w_id;\n" \
	"  UPDATE district SET d_ytd = d_ytd + p_h_amount WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  SELECT d_name INTO v_d_name FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  SET v_c_id = p_c_id;\n" \
	"  IF p_byname <> 0 THEN\n" \
	"    CALL tpcc_customer_by_name(p_c_w_id, p_c_d_id, p_c_last, v_c_id);\n" \
	"  END IF;\n" \
	"  SELECT c_credit INTO v_credit FROM customer\n" \
	"   WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id FOR UPDATE;\n" \
	"  UPDATE customer SET c_balance = c_balance - p_h_amount,\n" \
	"    c_ytd_payment = c_ytd_payment + p_h_amount, c_payment_cnt = c_payment_cnt + 1,\n" \
	"    c_data = IF(v_credit = 'BC', LEFT(CONCAT(v_c_id, ' ', p_c_d_id, ' ', p_c_w_id, ' ',\n" \
	"      p_d_id, ' ', p_w_id, ' ', p_h_amount, '|', c_data), 500), c_data)\n" \
	"   WHERE c_w_id = p_c_w_id AND c_d_id = p_c_d_id AND c_id = v_c_id;\n" \
	"  INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)\n" \
	"   VALUES (p_c_d_id, p_c_w_id, v_c_id, p_d_id, p_w_id, NOW(), p_h_amount,\n" \
	"    CONCAT(v_w_name, '    ', v_d_name));\n" \
	"  COMMIT;\n" \
	"  SELECT v_c_id;\n" \
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
	"    CALL tpcc_customer_by_name(p_w_id, p_d_id, p_c_last, v_c_id);\n" \
	"  END IF;\n" \
	"  SELECT c_balance INTO v_balance FROM customer\n" \
	"   WHERE c_w_id = p_w_id AND c_d_id = p_d_id AND c_id = v_c_id;\n" \
	"  SET v_o_id = (SELECT o_id FROM orders WHERE o_w_id = p_w_id AND o_d_id = p_d_id\n" \
	"    AND o_c_id = v_c_id ORDER BY o_id DESC LIMIT 1);\n" \
	"  SET v_lines = (SELECT COUNT(*) FROM order_line WHERE ol_w_id = p_w_id\n" \
	"    AND ol_d_id = p_d_id AND ol_o_id = v_o_id);\n" \
	"  COMMIT;\n" \
	"  SELECT v_c_id, v_o_id, v_lines;\n" \
	"END"

#define MY_DELIVERY \
	"CREATE PROCEDURE tpcc_delivery(p_w_id INT, p_carrier_id INT)\n" \
	"BEGIN\n" \
	"  DECLARE v_d, v_skipped INT DEFAULT 0;\n" \
	"  DECLARE v_o_id, v_c_id INT;\n" \
	"  DECLARE v_sum DECIMAL(12,2);\n" \
	"  DECLARE CONTINUE HANDLER FOR NOT FOUND SET v_o_id = NULL;\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  WHILE v_d < 10 DO\n" \
	"    SET v_d = v_d + 1;\n" \
	"    SET v_o_id = NULL;\n" \
	"    SELECT no_o_id INTO v_o_id FROM new_order WHERE no_w_id = p_w_id AND no_d_id = v_d\n" \
	"     ORDER BY no_o_id LIMIT 1 FOR UPDATE;\n" \
	"    IF v_o_id IS NULL THEN\n" \
	"      SET v_skipped = v_skipped + 1;\n" \
	"    ELSE\n" \
	"      DELETE FROM new_order WHERE no_w_id = p_w_id AND no_d_id = v_d AND no_o_id = v_o_id;\n" \
	"      SELECT o_c_id INTO v_c_id FROM orders\n" \
	"       WHERE o_w_id = p_w_id AND o_d_id = v_d AND o_id = v_o_id;\n" \
	"      UPDATE orders SET o_carrier_id = p_carrier_id\n" \
	"       WHERE o_w_id = p_w_id AND o_d_id = v_d AND o_id = v_o_id;\n" \
	"      UPDATE order_line SET ol_delivery_d = NOW()\n" \
	"       WHERE ol_w_id = p_w_id AND ol_d_id = v_d AND ol_o_id = v_o_id;\n" \
	"      SET v_sum = (SELECT COALESCE(SUM(ol_amount), 0) FROM order_line\n" \
	"       WHERE ol_w_id = p_w_id AND ol_d_id = v_d AND ol_o_id = v_o_id);\n" \
	"      UPDATE customer SET c_balance = c_balance + v_sum, c_delivery_cnt = c_delivery_cnt + 1\n" \
	"       WHERE c_w_id = p_w_id AND c_d_id = v_d AND c_id = v_c_id;\n" \
	"    END IF;\n" \
	"  END WHILE;\n" \
	"  COMMIT;\n" \
	"  SELECT v_skipped;\n" \
	"END"

#define MY_STOCK_LEVEL \
	"CREATE PROCEDURE tpcc_stock_level(p_w_id INT, p_d_id INT, p_threshold INT)\n" \
	"BEGIN\n" \
	"  DECLARE v_next, v_low INT;\n" \
	MY_ON_ERROR \
	"  START TRANSACTION;\n" \
	"  SELECT d_next_o_id INTO v_next FROM district WHERE d_w_id = p_w_id AND d_id = p_d_id;\n" \
	"  SELECT COUNT(DISTINCT s_i_id) INTO v_low FROM order_line, stock\n" \
	"   WHERE ol_w_id = p_w_id AND ol_d_id = p_d_id AND ol_o_id < v_next\n" \
	"     AND ol_o_id >= v_next - 20 AND s_w_id = p_w_id AND s_i_id = ol_i_id\n" \
	"     AND s_quantity < p_threshold;\n" \
	"  COMMIT;\n" \
	"  SELECT v_low;\n" \
	"END"

static const char *const my_procs[] = {
	MY_DROP_PROCS,
	MY_BY_NAME, MY_NEW_ORDER, MY_PAYMENT, MY_ORDER_STATUS, MY_DELIVERY, MY_STOCK_LEVEL,
	NULL
};

static const char *const my_drop[] = {
	MY_DROP_PROCS,
	DIALECT_DROP_TABLES,
	NULL
};

/* ---- settings (for connections that are not the native driver's) ------- */

/* SET GLOBAL: numbers and ON/OFF/DEFAULT as they are, anything else as a
 * string literal.  The native driver has its own, which also knows "512M". */
static int my_set_var(db_conn *c, const char *name, const char *value, char *note,
		      size_t notelen, db_error *e)
{
	char sql[400], lit[300];
	char *end;

	note[0] = '\0';
	if (dialect_valid_name(name, 0, e))
		return -1;
	strtod(value, &end);
	if ((*value && !*end) || !strcasecmp(value, "ON") || !strcasecmp(value, "OFF") ||
	    !strcasecmp(value, "DEFAULT"))
		snprintf(lit, sizeof lit, "%s", value);
	else if (dialect_quote(value, lit, sizeof lit))
		return db_error_set(e, DB_FATAL, 0, "22001", "value for %s too long", name);
	snprintf(sql, sizeof sql, "SET GLOBAL %s = %s", name, lit);
	snprintf(note, notelen, "SET GLOBAL: sessions read most variables at connect, "
		 "InnoDB's at once");
	return db_exec(c, sql, e);
}

const dialect dialect_mysql = {
	.name = "mysql",
	.create_database = "CREATE DATABASE IF NOT EXISTS `%s`",
	.drop_database = NULL,
	.load_session = my_session,
	.create_tables = my_tables,
	.create_indexes = my_indexes,
	.drop_tables = my_drop,
	.analyze = "ANALYZE TABLE warehouse, district, customer, history, new_order, orders,"
		   " order_line, item, stock",
	.select_for_update = 1,
	.backslash_escapes = 1,
	.create_procedures = my_procs,
	.proc_call = {
		[TX_NEW_ORDER] = "CALL tpcc_new_order(?, ?, ?, ?, ?, ?, ?, ?)",
		[TX_PAYMENT] = "CALL tpcc_payment(?, ?, ?, ?, ?, ?, ?, ?)",
		[TX_ORDER_STATUS] = "CALL tpcc_order_status(?, ?, ?, ?, ?)",
		[TX_DELIVERY] = "CALL tpcc_delivery(?, ?)",
		[TX_STOCK_LEVEL] = "CALL tpcc_stock_level(?, ?, ?)",
	},
	.proc_exists_sql = "SELECT COUNT(*) FROM information_schema.ROUTINES"
			   " WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = ?",
	.proc_kind = "procedure",
	.txn_counter_sql = "SELECT SUM(CAST(VARIABLE_VALUE AS UNSIGNED)) FROM"
			   " information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN"
			   " ('COM_COMMIT', 'COM_ROLLBACK')",
	.metrics_sql = "SELECT LOWER(VARIABLE_NAME), VARIABLE_VALUE FROM"
		       " information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME IN"
		       " ('INNODB_BUFFER_POOL_PAGES_DIRTY', 'INNODB_DATA_READS',"
		       " 'INNODB_DATA_WRITES', 'INNODB_OS_LOG_WRITTEN', 'THREADS_RUNNING',"
		       " 'INNODB_CHECKPOINT_AGE')",
	.get_var_sql = "SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_VARIABLES"
		       " WHERE VARIABLE_NAME = UPPER(?)",
	.datadir_var = "datadir",
	.set_var = my_set_var,
};
