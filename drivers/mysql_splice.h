/* mysql_splice.h: a statement's parameters written into its text as SQL
 * literals, for the commands that go to MySQL / MariaDB as text: a CALL on
 * a fiber's connection, and a batch of statements sent as one
 * multi-statement query (mysql.c).  The text protocol has no placeholders,
 * so each ? outside quotes and comments becomes its value: integers and
 * doubles in the shortest form that reads back the same, strings quoted
 * and escaped by the library for the connection's character set.
 */
#ifndef TPCC_DRIVERS_MYSQL_SPLICE_H
#define TPCC_DRIVERS_MYSQL_SPLICE_H

#include <stddef.h>

#include <mysql.h>

#include "driver.h"

/* The next placeholder in sql at or after q, or NULL: a ? inside a
 * string, a quoted name or a comment is text, not a placeholder. */
const char *mysql_next_placeholder(const char *q);

/* How many placeholders sql holds. */
unsigned long mysql_placeholders(const char *sql);

/* A growing text buffer. */
typedef struct mysql_text {
	char *buf;
	size_t len, cap;
} mysql_text;

/* A statement's text with where its placeholders are, found once. */
typedef struct mysql_sql {
	char *text;
	size_t len;
	size_t *ph;          /* the placeholders' offsets */
	unsigned long n;
} mysql_sql;

/* -1 when memory is short. */
int mysql_sql_init(mysql_sql *q, const char *sql);
void mysql_sql_free(mysql_sql *q);

/* Append q's text to t with its n parameters spliced in (m escapes the
 * strings).  -1 with err filled when memory is short, a parameter has no
 * literal (a double that is not finite) or n is not q's count. */
int mysql_splice(MYSQL *m, mysql_text *t, const mysql_sql *q, const db_param *params, int n,
		 db_error *err);

/* Append the n bytes at s. */
int mysql_text_add(mysql_text *t, const char *s, size_t n, db_error *err);

void mysql_text_free(mysql_text *t);

#endif
