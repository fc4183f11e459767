/* dialect_mssql.c: Microsoft SQL Server (through Microsoft's ODBC driver or
 * FreeTDS).  UNTESTED against a live server: SQL Server cannot run on the
 * machines this project is built on, so what is tested is the text itself
 * (tests/test_unit_dialect.c) and the error mapping
 * (tests/test_unit_odbc_errors.c).
 *
 * T-SQL has no FOR UPDATE nor LIMIT: the statements that lock rows read
 * them WITH (UPDLOCK, ROWLOCK) and the single-row reads use TOP 1, so they
 * have their own text here with the same parameters in the same order.
 * A multi-row INSERT takes at most 1000 rows (workload.load_batch <= 1000).
 * Procedures run SET XACT_ABORT ON, so any error rolls the whole
 * transaction back before the client sees it (1205 deadlock victim arrives
 * as SQLSTATE 40001 and is retried). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "dialect.h"

#define LOCK " WITH (UPDLOCK, ROWLOCK)"
#define STOCK(n) "SELECT s_i_id, s_quantity, s_data, s_dist_" #n " FROM stock" LOCK \
	" WHERE s_w_id = ? AND s_i_id IN ({in})"

static const char *const ms_stmts[S_COUNT] = {
	[S_NO_DISTRICT] = "SELECT d_tax, d_next_o_id FROM district" LOCK
			  " WHERE d_w_id = ? AND d_id = ?",
	[S_NO_STOCK_01] = STOCK(01), [S_NO_STOCK_02] = STOCK(02), [S_NO_STOCK_03] = STOCK(03),
	[S_NO_STOCK_04] = STOCK(04), [S_NO_STOCK_05] = STOCK(05), [S_NO_STOCK_06] = STOCK(06),
	[S_NO_STOCK_07] = STOCK(07), [S_NO_STOCK_08] = STOCK(08), [S_NO_STOCK_09] = STOCK(09),
	[S_NO_STOCK_10] = STOCK(10),
	[S_PAY_CUSTOMER] = "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city,"
			   " c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount,"
			   " c_balance, CASE WHEN c_credit = 'BC' THEN c_data END FROM customer" LOCK
			   " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
	[S_OS_ORDER] = "SELECT TOP 1 o_id, o_carrier_id, o_entry_d FROM orders"
		       " WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id DESC",
	[S_DL_NEW_ORDER] = "SELECT TOP 1 no_o_id FROM new_order" LOCK
			   " WHERE no_w_id = ? AND no_d_id = ? ORDER BY no_o_id",
};

static const char *const ms_tables[] = {
	"CREATE TABLE tpcc_meta (k VARCHAR(64) NOT NULL PRIMARY KEY, v VARCHAR(255) NOT NULL)",
	"CREATE TABLE warehouse (w_id INT NOT NULL, w_ytd DECIMAL(12,2), w_tax DECIMAL(4,4),"
	" w_name VARCHAR(10), w_street_1 VARCHAR(20), w_street_2 VARCHAR(20), w_city VARCHAR(20),"
	" w_state CHAR(2), w_zip CHAR(9), PRIMARY KEY (w_id))",
	"CREATE TABLE district (d_id SMALLINT NOT NULL, d_w_id INT NOT NULL, d_ytd DECIMAL(12,2),"
	" d_tax DECIMAL(4,4), d_next_o_id INT, d_name VARCHAR(10), d_street_1 VARCHAR(20),"
	" d_street_2 VARCHAR(20), d_city VARCHAR(20), d_state CHAR(2), d_zip CHAR(9),"
	" PRIMARY KEY (d_w_id, d_id))",
	"CREATE TABLE customer (c_id INT NOT NULL, c_d_id SMALLINT NOT NULL, c_w_id INT NOT NULL,"
	" c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16), c_street_1 VARCHAR(20),"
	" c_street_2 VARCHAR(20), c_city VARCHAR(20), c_state CHAR(2), c_zip CHAR(9),"
	" c_phone CHAR(16), c_since DATETIME2(0), c_credit CHAR(2), c_credit_lim DECIMAL(12,2),"
	" c_discount DECIMAL(4,4), c_balance DECIMAL(12,2), c_ytd_payment DECIMAL(12,2),"
	" c_payment_cnt INT, c_delivery_cnt INT, c_data VARCHAR(500),"
	" PRIMARY KEY (c_w_id, c_d_id, c_id))",
	"CREATE TABLE history (h_c_id INT, h_c_d_id SMALLINT, h_c_w_id INT, h_d_id SMALLINT,"
	" h_w_id INT, h_date DATETIME2(0), h_amount DECIMAL(6,2), h_data VARCHAR(24))",
	"CREATE TABLE new_order (no_o_id INT NOT NULL, no_d_id SMALLINT NOT NULL,"
	" no_w_id INT NOT NULL, PRIMARY KEY (no_w_id, no_d_id, no_o_id))",
	"CREATE TABLE orders (o_id INT NOT NULL, o_d_id SMALLINT NOT NULL, o_w_id INT NOT NULL,"
	" o_c_id INT, o_entry_d DATETIME2(0), o_carrier_id SMALLINT, o_ol_cnt SMALLINT,"
	" o_all_local SMALLINT, PRIMARY KEY (o_w_id, o_d_id, o_id))",
	"CREATE TABLE order_line (ol_o_id INT NOT NULL, ol_d_id SMALLINT NOT NULL,"
	" ol_w_id INT NOT NULL, ol_number SMALLINT NOT NULL, ol_i_id INT, ol_supply_w_id INT,"
	" ol_delivery_d DATETIME2(0), ol_quantity SMALLINT, ol_amount DECIMAL(6,2),"
	" ol_dist_info CHAR(24), PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number))",
	"CREATE TABLE item (i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24),"
	" i_price DECIMAL(5,2), i_data VARCHAR(50), PRIMARY KEY (i_id))",
	"CREATE TABLE stock (s_i_id INT NOT NULL, s_w_id INT NOT NULL, s_quantity SMALLINT,"
	" s_dist_01 CHAR(24), s_dist_02 CHAR(24), s_dist_03 CHAR(24), s_dist_04 CHAR(24),"
	" s_dist_05 CHAR(24), s_dist_06 CHAR(24), s_dist_07 CHAR(24), s_dist_08 CHAR(24),"
	" s_dist_09 CHAR(24), s_dist_10 CHAR(24), s_ytd INT, s_order_cnt SMALLINT,"
	" s_remote_cnt SMALLINT, s_data VARCHAR(50), PRIMARY KEY (s_w_id, s_i_id))",
	NULL
};

static const char *const ms_indexes[] = {
	"CREATE INDEX customer_i2 ON customer (c_w_id, c_d_id, c_last, c_first, c_id)",
	"CREATE INDEX orders_i2 ON orders (o_w_id, o_d_id, o_c_id, o_id)",
	NULL
};

/* ---- procedures -------------------------------------------------------- */

#define MS_DROP_PROCS \
	"DROP PROCEDURE IF EXISTS tpcc_new_order", "DROP PROCEDURE IF EXISTS tpcc_payment", \
	"DROP PROCEDURE IF EXISTS tpcc_order_status", "DROP PROCEDURE IF EXISTS tpcc_delivery", \
	"DROP PROCEDURE IF EXISTS tpcc_stock_level", \
	"DROP PROCEDURE IF EXISTS tpcc_customer_by_name"

#define MS_BY_NAME \
	"CREATE PROCEDURE tpcc_customer_by_name @w_id INT, @d_id INT, @c_last VARCHAR(16)," \
	" @c_id INT OUTPUT AS\n" \
	"BEGIN\n" \
	"  SET NOCOUNT ON;\n" \
	"  DECLARE @n INT;\n" \
	"  SELECT @n = COUNT(*) FROM customer\n" \
	"   WHERE c_w_id = @w_id AND c_d_id = @d_id AND c_last = @c_last;\n" \
	"  IF @n = 0 THROW 50001, 'no customer with that last name', 1;\n" \
	"  SELECT @c_id = c_id FROM customer\n" \
	"   WHERE c_w_id = @w_id AND c_d_id = @d_id AND c_last = @c_last\n" \
	"   ORDER BY c_first OFFSET (@n + 1) / 2 - 1 ROWS FETCH NEXT 1 ROWS ONLY;\n" \
	"END"

/* Take the next comma-separated integer of list l at position p. */
#define MS_NEXT(var, l, p) \
	"    SET @e = CHARINDEX(',', " l " + ',', " p ");\n" \
	"    SET " var " = CAST(SUBSTRING(" l ", " p ", @e - " p ") AS INT);\n" \
	"    SET " p " = @e + 1;\n"

#define MS_NEW_ORDER \
	"CREATE PROCEDURE tpcc_new_order @w_id INT, @d_id INT, @c_id INT, @ol_cnt INT," \
	" @all_local INT, @items VARCHAR(255), @supply VARCHAR(255), @qty VARCHAR(255) AS\n" \
	"BEGIN\n" \
	"  SET NOCOUNT ON;\n" \
	"  SET XACT_ABORT ON;\n" \
	"  DECLARE @w_tax DECIMAL(4,4), @d_tax DECIMAL(4,4), @discount DECIMAL(4,4),\n" \
	"    @price DECIMAL(5,2), @o_id INT, @item INT, @sw INT, @q INT, @e INT, @dist CHAR(24),\n" \
	"    @i INT = 0, @rolled_back INT = 0, @pi INT = 1, @ps INT = 1, @pq INT = 1;\n" \
	"  BEGIN TRANSACTION;\n" \
	"  SELECT @w_tax = w_tax FROM warehouse WHERE w_id = @w_id;\n" \
	"  UPDATE district SET @d_tax = d_tax, @o_id = d_next_o_id, d_next_o_id = d_next_o_id + 1\n" \
	"   WHERE d_w_id = @w_id AND d_id = @d_id;\n" \
	"  SELECT @discount = c_discount FROM customer\n" \
	"   WHERE c_w_id = @w_id AND c_d_id = @d_id AND c_id = @c_id;\n" \
	"  INSERT INTO orders (o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt,\n" \
	"    o_all_local) VALUES (@o_id, @d_id, @w_id, @c_id, SYSDATETIME(), NULL, @ol_cnt, @all_local);\n" \
	"  INSERT INTO new_order (no_o_id, no_d_id, no_w_id) VALUES (@o_id, @d_id, @w_id);\n" \
	"  WHILE @i < @ol_cnt\n" \
	"  BEGIN\n" \
	"    SET @i = @i + 1;\n" \
	MS_NEXT("@item", "@items", "@pi") \
	MS_NEXT("@sw", "@supply", "@ps") \
	MS_NEXT("@q", "@qty", "@pq") \
	"    SET @price = NULL;\n" \
	"    SELECT @price = i_price FROM item WHERE i_id = @item;\n" \
	"    IF @price IS NULL\n" \
	"    BEGIN\n" \
	"      ROLLBACK TRANSACTION;\n" \
	"      SET @rolled_back = 1;\n" \
	"      BREAK;\n" \
	"    END;\n" \
	"    UPDATE stock SET @dist = CASE @d_id WHEN 1 THEN s_dist_01 WHEN 2 THEN s_dist_02\n" \
	"        WHEN 3 THEN s_dist_03 WHEN 4 THEN s_dist_04 WHEN 5 THEN s_dist_05\n" \
	"        WHEN 6 THEN s_dist_06 WHEN 7 THEN s_dist_07 WHEN 8 THEN s_dist_08\n" \
	"        WHEN 9 THEN s_dist_09 ELSE s_dist_10 END,\n" \
	"      s_quantity = CASE WHEN s_quantity >= @q + 10 THEN s_quantity - @q\n" \
	"        ELSE s_quantity - @q + 91 END,\n" \
	"      s_ytd = s_ytd + @q, s_order_cnt = s_order_cnt + 1,\n" \
	"      s_remote_cnt = s_remote_cnt + CASE WHEN @sw <> @w_id THEN 1 ELSE 0 END\n" \
	"     WHERE s_i_id = @item AND s_w_id = @sw;\n" \
	"    INSERT INTO order_line (ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id,\n" \
	"      ol_quantity, ol_amount, ol_dist_info, ol_delivery_d)\n" \
	"     VALUES (@o_id, @d_id, @w_id, @i, @item, @sw, @q, @q * @price, @dist, NULL);\n" \
	"  END;\n" \
	"  IF @rolled_back = 0 COMMIT TRANSACTION;\n" \
	"  SELECT @rolled_back AS rolled_back, @o_id AS o_id;\n" \
	"END"

#define MS_PAYMENT \
	"CREATE PROCEDURE tpcc_payment @w_id INT, @d_id INT, @c_w_id INT, @c_d_id INT," \
	" @c_id INT, @byname INT, @c_last VARCHAR(16), @h_amount DECIMAL(6,2) AS\n" \
	"BEGIN\n" \
	"  SET NOCOUNT ON;\n" \
	"  SET XACT_ABORT ON;\n" \
	"  DECLARE @w_name VARCHAR(10), @d_name VARCHAR(10);\n" \
	"  BEGIN TRANSACTION;\n" \
	"  UPDATE warehouse SET w_ytd = w_ytd + @h_amount, @w_name = w_name WHERE w_id = @w_id;\n" \
	"  UPDATE district SET d_ytd = d_ytd + @h_amount, @d_name = d_name\n" \
	"   WHERE d_w_id = @w_id AND d_id = @d_id;\n" \
	"  IF @byname <> 0 EXEC tpcc_customer_by_name @c_w_id, @c_d_id, @c_last, @c_id OUTPUT;\n" \
	"  UPDATE customer SET c_balance = c_balance - @h_amount,\n" \
	"    c_ytd_payment = c_ytd_payment + @h_amount, c_payment_cnt = c_payment_cnt + 1,\n" \
	"    c_data = CASE WHEN c_credit = 'BC' THEN LEFT(CONCAT(@c_id, ' ', @c_d_id, ' ',\n" \
	"      @c_w_id, ' ', @d_id, ' ', @w_id, ' ', @h_amount, '|', c_data), 500) ELSE c_data END\n" \
	"   WHERE c_w_id = @c_w_id AND c_d_id = @c_d_id AND c_id = @c_id;\n" \
	"  INSERT INTO history (h_c_d_id, h_c_w_id, h_c_id, h_d_id, h_w_id, h_date, h_amount, h_data)\n" \
	"   VALUES (@c_d_id, @c_w_id, @c_id, @d_id, @w_id, SYSDATETIME(), @h_amount,\n" \
	"    CONCAT(@w_name, '    ', @d_name));\n" \
	"  COMMIT TRANSACTION;\n" \
	"  SELECT @c_id AS c_id;\n" \
	"END"

#define MS_ORDER_STATUS \
	"CREATE PROCEDURE tpcc_order_status @w_id INT, @d_id INT, @c_id INT, @byname INT," \
	" @c_last VARCHAR(16) AS\n" \
	"BEGIN\n" \
	"  SET NOCOUNT ON;\n" \
	"  SET XACT_ABORT ON;\n" \
	"  DECLARE @balance DECIMAL(12,2), @o_id INT, @lines INT;\n" \
	"  IF @byname <> 0 EXEC tpcc_customer_by_name @w_id, @d_id, @c_last, @c_id OUTPUT;\n" \
	"  SELECT @balance = c_balance FROM customer\n" \
	"   WHERE c_w_id = @w_id AND c_d_id = @d_id AND c_id = @c_id;\n" \
	"  SELECT TOP 1 @o_id = o_id FROM orders\n" \
	"   WHERE o_w_id = @w_id AND o_d_id = @d_id AND o_c_id = @c_id ORDER BY o_id DESC;\n" \
	"  SELECT @lines = COUNT(*) FROM order_line\n" \
	"   WHERE ol_w_id = @w_id AND ol_d_id = @d_id AND ol_o_id = @o_id;\n" \
	"  SELECT @c_id AS c_id, @o_id AS o_id, @lines AS lines;\n" \
	"END"

#define MS_DELIVERY \
	"CREATE PROCEDURE tpcc_delivery @w_id INT, @carrier_id INT AS\n" \
	"BEGIN\n" \
	"  SET NOCOUNT ON;\n" \
	"  SET XACT_ABORT ON;\n" \
	"  DECLARE @d INT = 0, @skipped INT = 0, @o_id INT, @c_id INT, @sum DECIMAL(12,2);\n" \
	"  BEGIN TRANSACTION;\n" \
	"  WHILE @d < 10\n" \
	"  BEGIN\n" \
	"    SET @d = @d + 1;\n" \
	"    SET @o_id = NULL;\n" \
	"    SELECT TOP 1 @o_id = no_o_id FROM new_order" LOCK "\n" \
	"     WHERE no_w_id = @w_id AND no_d_id = @d ORDER BY no_o_id;\n" \
	"    IF @o_id IS NULL\n" \
	"    BEGIN\n" \
	"      SET @skipped = @skipped + 1;\n" \
	"      CONTINUE;\n" \
	"    END;\n" \
	"    DELETE FROM new_order WHERE no_w_id = @w_id AND no_d_id = @d AND no_o_id = @o_id;\n" \
	"    UPDATE orders SET o_carrier_id = @carrier_id, @c_id = o_c_id\n" \
	"     WHERE o_w_id = @w_id AND o_d_id = @d AND o_id = @o_id;\n" \
	"    UPDATE order_line SET ol_delivery_d = SYSDATETIME()\n" \
	"     WHERE ol_w_id = @w_id AND ol_d_id = @d AND ol_o_id = @o_id;\n" \
	"    SELECT @sum = COALESCE(SUM(ol_amount), 0) FROM order_line\n" \
	"     WHERE ol_w_id = @w_id AND ol_d_id = @d AND ol_o_id = @o_id;\n" \
	"    UPDATE customer SET c_balance = c_balance + @sum, c_delivery_cnt = c_delivery_cnt + 1\n" \
	"     WHERE c_w_id = @w_id AND c_d_id = @d AND c_id = @c_id;\n" \
	"  END;\n" \
	"  COMMIT TRANSACTION;\n" \
	"  SELECT @skipped AS skipped;\n" \
	"END"

#define MS_STOCK_LEVEL \
	"CREATE PROCEDURE tpcc_stock_level @w_id INT, @d_id INT, @threshold INT AS\n" \
	"BEGIN\n" \
	"  SET NOCOUNT ON;\n" \
	"  DECLARE @next INT, @low INT;\n" \
	"  SELECT @next = d_next_o_id FROM district WHERE d_w_id = @w_id AND d_id = @d_id;\n" \
	"  SELECT @low = COUNT(DISTINCT s_i_id) FROM order_line, stock\n" \
	"   WHERE ol_w_id = @w_id AND ol_d_id = @d_id AND ol_o_id < @next\n" \
	"     AND ol_o_id >= @next - 20 AND s_w_id = @w_id AND s_i_id = ol_i_id\n" \
	"     AND s_quantity < @threshold;\n" \
	"  SELECT @low AS low;\n" \
	"END"

static const char *const ms_procs[] = {
	MS_DROP_PROCS,
	MS_BY_NAME, MS_NEW_ORDER, MS_PAYMENT, MS_ORDER_STATUS, MS_DELIVERY, MS_STOCK_LEVEL,
	NULL
};

static const char *const ms_drop[] = {
	MS_DROP_PROCS,
	DIALECT_DROP_TABLES,
	NULL
};

/* ---- settings ------------------------------------------------------------ */

/* sp_configure option names hold spaces and parentheses ("max degree of
 * parallelism"); the name travels as a quoted literal all the same. */
static int ms_valid_option(const char *name, db_error *e)
{
	size_t n = name ? strlen(name) : 0;

	if (n == 0 || n > 64)
		return db_error_set(e, DB_FATAL, 0, "42000", "invalid option name '%s'",
				    name ? name : "");
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)name[i]) && !strchr(" _()-", name[i]))
			return db_error_set(e, DB_FATAL, 0, "42000", "invalid option name '%s'", name);
	return 0;
}

/* sp_configure + RECONFIGURE: dynamic options at once, the others at the
 * next restart (sys.configurations.is_dynamic says which). */
static int ms_set_var(db_conn *c, const char *name, const char *value, char *note,
		      size_t notelen, db_error *e)
{
	char sql[300], quoted[150];
	const char *p = value;

	note[0] = '\0';
	if (ms_valid_option(name, e))
		return -1;
	if (*p == '-')
		p++;
	if (!*p || strspn(p, "0123456789") != strlen(p))
		return db_error_set(e, DB_FATAL, 0, "22018", "sp_configure takes an integer, got '%s'",
				    value);
	if (dialect_quote(name, quoted, sizeof quoted))
		return db_error_set(e, DB_FATAL, 0, "22001", "option name too long");
	snprintf(sql, sizeof sql, "EXEC sp_configure %s, %s", quoted, value);
	if (db_exec(c, sql, e) || db_exec(c, "RECONFIGURE", e))
		return -1;
	snprintf(note, notelen, "sp_configure + RECONFIGURE: dynamic options apply at once, "
		 "others at the next restart");
	return 0;
}

/* sys.configurations' names: what a DBA compares between two servers. */
static const char *const ms_cmp[] = {
	"max server memory (MB)", "min server memory (MB)", "recovery interval (min)",
	"max degree of parallelism", "cost threshold for parallelism", "backup compression default",
	NULL
};

/* The counters' names as metrics_sql gives them (lowercase).  The "/sec"
 * ones are running totals, shown per second. */
static const dialect_view ms_view[] = {
	{ "checkpoint pages/sec", "ckpt pages/s", "ckpt p/s", 1, 1, "", 0 },
	{ "lazy writes/sec", "lazy writes/s", "lazy w/s", 1, 1, "", 0 },
	{ "log bytes flushed/sec", "log flushed/s", "log/s", 1, 1048576, " MB", 0 },
	{ "page life expectancy", "page life (s)", "PLE", 0, 1, "", 0 },
	{ "user connections", "connections", "conns", 0, 1, "", 1 },
	{ NULL, NULL, NULL, 0, 0, NULL, 0 }
};

const dialect dialect_mssql = {
	.name = "mssql",
	.create_database = NULL,
	.load_session = NULL,
	.create_tables = ms_tables,
	.create_indexes = ms_indexes,
	.drop_tables = ms_drop,
	.analyze = "EXEC sp_updatestats",
	.select_for_update = 0,
	.stmt_text = ms_stmts,
	.backslash_escapes = 0,
	.create_procedures = ms_procs,
	.proc_call = {
		[TX_NEW_ORDER] = "{call tpcc_new_order(?, ?, ?, ?, ?, ?, ?, ?)}",
		[TX_PAYMENT] = "{call tpcc_payment(?, ?, ?, ?, ?, ?, ?, ?)}",
		[TX_ORDER_STATUS] = "{call tpcc_order_status(?, ?, ?, ?, ?)}",
		[TX_DELIVERY] = "{call tpcc_delivery(?, ?)}",
		[TX_STOCK_LEVEL] = "{call tpcc_stock_level(?, ?, ?)}",
	},
	/* OBJECT_ID resolves the name in the default schema, as a call does. */
	.proc_exists_sql = "SELECT COUNT(*) FROM sys.objects WHERE type = 'P'"
			   " AND object_id = OBJECT_ID(?)",
	.proc_kind = "procedure",
	/* The raw value of a "/sec" counter is a running total. */
	.txn_counter_sql = "SELECT cntr_value FROM sys.dm_os_performance_counters"
			   " WHERE RTRIM(counter_name) = 'Transactions/sec'"
			   " AND RTRIM(instance_name) = DB_NAME()",
	.metrics_sql = "SELECT LOWER(RTRIM(counter_name)), CAST(cntr_value AS FLOAT)"
		       " FROM sys.dm_os_performance_counters"
		       " WHERE (RTRIM(counter_name) IN ('Page life expectancy',"
		       " 'Checkpoint pages/sec', 'Lazy writes/sec', 'User Connections')"
		       " AND RTRIM(instance_name) = '')"
		       " OR (RTRIM(counter_name) = 'Log Bytes Flushed/sec'"
		       " AND RTRIM(instance_name) = '_Total')",
	.get_var_sql = "SELECT CAST(value_in_use AS VARCHAR(64)) FROM sys.configurations"
		       " WHERE name = ?",
	.set_var = ms_set_var,
	.compare_vars = ms_cmp,
	.view_title = "SQL Server",
	.view = ms_view,
	.wait_open = mssql_wait_open,
	.wait_timed = mssql_wait_timed,
};
