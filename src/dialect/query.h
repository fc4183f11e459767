/* query.h: the few shapes of query a dialect's server knowledge reads
 * (one text value, rows of name and number), over any driver's vtable, so
 * the native and the ODBC path of a server run the same code. */
#ifndef TPCC_QUERY_H
#define TPCC_QUERY_H

#include <stddef.h>
#include "drivers/driver.h"

/* The first column of the first row as text into buf (NULL reads as "");
 * param, when not NULL, binds the one '?'.  1: a row, 0: none, -1: error,
 * also when the value does not fit buf (a cut value would be believed). */
int query_text(db_conn *c, const char *sql, const char *param, char *buf, size_t len,
	       db_error *e);

/* fn gets each row's first column as text and its second as a number; a
 * non-zero return stops the rows and is returned. */
typedef int (*query_pair_fn)(void *ctx, const char *name, double value);
int query_pairs(db_conn *c, const char *sql, query_pair_fn fn, void *ctx, db_error *e);

/* fn gets each row's columns (up to QUERY_COLS) as text, NULL for a NULL;
 * param, when not NULL, binds the one '?'.  A non-zero return of fn
 * stops the rows and is returned; -1 on error. */
#define QUERY_COLS 8
typedef int (*query_row_fn)(void *ctx, int ncols, const char *const *col);
int query_rows(db_conn *c, const char *sql, const char *param, query_row_fn fn, void *ctx,
	       db_error *e);

#endif
