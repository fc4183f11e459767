/* mysql_splice.c: parameters as SQL literals (see mysql_splice.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "mysql_splice.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Past the quoted run that starts at q (a quote character), or at the end
 * of the text when it is never closed.  A backslash escapes the next
 * character, and a doubled quote is one quote. */
static const char *past_quoted(const char *q)
{
	char quote = *q++;

	for (; *q; q++) {
		if (*q == '\\' && quote != '`' && q[1])
			q++;
		else if (*q == quote && q[1] == quote)
			q++;
		else if (*q == quote)
			return q + 1;
	}
	return q;
}

const char *mysql_next_placeholder(const char *q)
{
	while (*q) {
		switch (*q) {
		case '?':
			return q;
		case '\'':
		case '"':
		case '`':
			q = past_quoted(q);
			break;
		case '#':
			q += strcspn(q, "\n");
			break;
		case '-':
			/* "--" starts a comment only before a space or a control
			 * character; "a--1" is a minus minus one. */
			if (q[1] == '-' && (unsigned char)q[2] <= ' ' && q[2])
				q += strcspn(q, "\n");
			else
				q++;
			break;
		case '/':
			if (q[1] == '*') {
				const char *end = strstr(q + 2, "*/");
				q = end ? end + 2 : q + strlen(q);
			} else {
				q++;
			}
			break;
		default:
			q++;
		}
	}
	return NULL;
}

unsigned long mysql_placeholders(const char *sql)
{
	unsigned long n = 0;

	for (const char *q = mysql_next_placeholder(sql); q; q = mysql_next_placeholder(q + 1))
		n++;
	return n;
}

/* Room for n more bytes and a NUL after t's text. */
static int text_reserve(mysql_text *t, size_t n, db_error *err)
{
	if (t->len + n + 1 > t->cap) {
		size_t cap = t->cap ? t->cap : 1024;
		while (cap < t->len + n + 1)
			cap *= 2;
		char *b = realloc(t->buf, cap);
		if (!b)
			return db_error_set(err, DB_FATAL, 0, "HY001", "mysql: out of memory");
		t->buf = b;
		t->cap = cap;
	}
	return 0;
}

int mysql_text_add(mysql_text *t, const char *s, size_t n, db_error *err)
{
	if (text_reserve(t, n, err) < 0)
		return -1;
	memcpy(t->buf + t->len, s, n);
	t->len += n;
	t->buf[t->len] = '\0';
	return 0;
}

void mysql_text_free(mysql_text *t)
{
	free(t->buf);
	*t = (mysql_text){ 0 };
}

int mysql_sql_init(mysql_sql *q, const char *sql)
{
	*q = (mysql_sql){ 0 };
	q->n = mysql_placeholders(sql);
	q->len = strlen(sql);
	if (!(q->text = strdup(sql)) || (q->n && !(q->ph = malloc(q->n * sizeof *q->ph)))) {
		mysql_sql_free(q);
		return -1;
	}
	unsigned long i = 0;
	for (const char *p = mysql_next_placeholder(q->text); p; p = mysql_next_placeholder(p + 1))
		q->ph[i++] = (size_t)(p - q->text);
	return 0;
}

void mysql_sql_free(mysql_sql *q)
{
	free(q->text);
	free(q->ph);
	*q = (mysql_sql){ 0 };
}

/* A money amount (a whole number of cents, the usual double here) as
 * digits: no printf, and exact, since the decimal it writes reads back as
 * v / 100, which is d. */
static int cents_text(char *out, double d)
{
	double c = d * 100;
	if (!(fabs(c) < 1e15))
		return 0;
	long long v = llround(c);
	if ((double)v / 100 != d)
		return 0;
	char *o = out;
	if (v < 0) {
		*o++ = '-';
		v = -v;
	}
	o += db_int_to_text(o, v / 100);
	*o++ = '.';
	*o++ = (char)('0' + v % 100 / 10);
	*o++ = (char)('0' + v % 10);
	return (int)(o - out);
}

/* The shortest of %.15g, %.16g and %.17g that reads back as d: 0.1 as
 * "0.1", not "0.10000000000000001".  The server reads it as an exact
 * decimal, which a DECIMAL column then rounds as it would the double. */
static int double_text(char *out, size_t size, double d)
{
	int n = cents_text(out, d);

	for (int prec = 15; !n && prec <= 17; prec++) {
		n = snprintf(out, size, "%.*g", prec, d);
		if (prec < 17 && strtod(out, NULL) != d)
			n = 0;
	}
	return n;
}

int mysql_splice(MYSQL *m, mysql_text *t, const mysql_sql *q, const db_param *params, int n,
		 db_error *err)
{
	size_t at = 0;

	if ((unsigned long)n != q->n)
		return db_error_set(err, DB_FATAL, 0, "07001",
				    "mysql: the statement takes %lu parameters, got %d", q->n, n);
	for (int i = 0; i < n; i++) {
		const db_param *p = &params[i];
		char num[40];
		int len;

		if (mysql_text_add(t, q->text + at, q->ph[i] - at, err) < 0)
			return -1;
		at = q->ph[i] + 1;
		switch (p->type) {
		case DB_T_INT:
			len = db_int_to_text(num, p->i);
			if (mysql_text_add(t, num, (size_t)len, err) < 0)
				return -1;
			break;
		case DB_T_DOUBLE:
			if (!isfinite(p->d))
				return db_error_set(err, DB_FATAL, 0, "22003",
						    "mysql: parameter %d is %g, which SQL text "
						    "cannot hold", i + 1, p->d);
			len = double_text(num, sizeof num, p->d);
			if (mysql_text_add(t, num, (size_t)len, err) < 0)
				return -1;
			break;
		case DB_T_TEXT:
			/* Room for every byte escaped. */
			if (mysql_text_add(t, "'", 1, err) < 0 ||
			    text_reserve(t, 2 * p->len + 1, err) < 0)
				return -1;
			t->len += mysql_real_escape_string(m, t->buf + t->len, p->s ? p->s : "",
							   (unsigned long)p->len);
			if (mysql_text_add(t, "'", 1, err) < 0)
				return -1;
			break;
		case DB_T_NULL:
			if (mysql_text_add(t, "NULL", 4, err) < 0)
				return -1;
			break;
		default:
			return db_error_set(err, DB_FATAL, 0, "HY004",
					    "mysql: parameter %d has unknown type %d", i + 1,
					    (int)p->type);
		}
	}
	return mysql_text_add(t, q->text + at, q->len - at, err);
}
