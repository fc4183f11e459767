/* dialect_mysql.c: MySQL / MariaDB DDL.  Primary keys are declared with the
 * table because InnoDB clusters rows on them (adding one later rebuilds the
 * table); secondary indexes come after the load, when building them sorted
 * is far cheaper than maintaining them row by row. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
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

const dialect dialect_mysql = {
	.name = "mysql",
	.create_database = "CREATE DATABASE IF NOT EXISTS `%s`",
	.drop_database = NULL,
	.load_session = my_session,
	.create_tables = my_tables,
	.create_indexes = my_indexes,
	.drop_tables = dialect_std_drop,
	.analyze = "ANALYZE TABLE warehouse, district, customer, history, new_order, orders,"
		   " order_line, item, stock",
	.select_for_update = 1,
};
