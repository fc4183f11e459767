/* dialect.h: what SQL to say to a given kind of database.  A dialect holds
 * the DDL, the secondary indexes and the statements of the five transactions;
 * the engine never writes SQL text of its own (check.c's portable queries
 * aside).  One file per dialect: dialect_mysql.c, dialect_sqlite.c. */
#ifndef TPCC_DIALECT_H
#define TPCC_DIALECT_H

#include <stddef.h>

/* The statements of statements mode; TXN_SQL_* ids index dialect.stmts. */
enum stmt_id {
	/* New-Order */
	S_NO_WAREHOUSE, S_NO_DISTRICT, S_NO_DISTRICT_UPD, S_NO_CUSTOMER,
	S_NO_ORDER_INS, S_NO_NEW_ORDER_INS, S_NO_ITEM,
	S_NO_STOCK_01, S_NO_STOCK_02, S_NO_STOCK_03, S_NO_STOCK_04, S_NO_STOCK_05,
	S_NO_STOCK_06, S_NO_STOCK_07, S_NO_STOCK_08, S_NO_STOCK_09, S_NO_STOCK_10,
	S_NO_STOCK_UPD, S_NO_ORDER_LINE_INS,
	/* Payment */
	S_PAY_WAREHOUSE_UPD, S_PAY_WAREHOUSE, S_PAY_DISTRICT_UPD, S_PAY_DISTRICT,
	S_CUST_BY_NAME, S_PAY_CUSTOMER, S_PAY_CUSTOMER_UPD, S_PAY_CUSTOMER_DATA,
	S_PAY_CUSTOMER_UPD_BC, S_PAY_HISTORY_INS,
	/* Order-Status */
	S_OS_CUSTOMER, S_OS_ORDER, S_OS_ORDER_LINES,
	/* Delivery */
	S_DL_NEW_ORDER, S_DL_NEW_ORDER_DEL, S_DL_ORDER, S_DL_ORDER_UPD,
	S_DL_ORDER_LINE_UPD, S_DL_ORDER_LINE_SUM, S_DL_CUSTOMER_UPD,
	/* Stock-Level */
	S_SL_DISTRICT, S_SL_STOCK_COUNT,
	S_COUNT
};

typedef struct dialect {
	const char *name;             /* "mysql", "sqlite" */
	/* CREATE DATABASE statement with one %s for the name, or NULL when the
	 * database is a file (sqlite). */
	const char *create_database;
	const char *drop_database;
	/* Statements run on every build connection before loading (NULL ends). */
	const char *const *load_session;
	const char *const *create_tables;   /* NULL-terminated */
	const char *const *create_indexes;  /* after loading */
	const char *const *drop_tables;
	const char *analyze;                /* after indexes, or NULL */
	int select_for_update;              /* keep " FOR UPDATE" in statements */
	/* Literal for a timestamp parameter's column type; statements bind text
	 * "YYYY-MM-DD HH:MM:SS" which every dialect accepts. */
} dialect;

const dialect *dialect_for_driver(const char *driver_name);
/* The SQL text of a statement for this dialect, written to buf. */
const char *dialect_stmt_sql(const dialect *d, enum stmt_id id, char *buf, size_t len);
/* Short name of a statement, for error messages. */
const char *dialect_stmt_name(enum stmt_id id);

extern const char *const dialect_std_drop[];
extern const dialect dialect_mysql;
extern const dialect dialect_sqlite;

#endif
