/* schema_map.c: renaming identifiers in SQL text.  Every statement we
 * send, the procedures' bodies included, is our own text with our names,
 * so a rename by whole words outside quotes is exact: none of our
 * variables, aliases or literals is spelled like a table. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <string.h>
#include <strings.h>
#include "schema_map.h"

const char *const schema_map_tables[SM_TABLES] = {
	[SM_WAREHOUSE] = "warehouse", [SM_DISTRICT] = "district", [SM_CUSTOMER] = "customer",
	[SM_HISTORY] = "history", [SM_NEW_ORDER] = "new_order", [SM_ORDERS] = "orders",
	[SM_ORDER_LINE] = "order_line", [SM_ITEM] = "item", [SM_STOCK] = "stock",
};

void schema_map_clear(schema_map *m)
{
	memset(m, 0, sizeof *m);
}

static int is_ident(const char *s)
{
	if (!*s || strlen(s) >= SCHEMA_NAME_MAX)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

int schema_map_set(schema_map *m, const char *from, const char *to)
{
	int i;
	if (!is_ident(from) || !is_ident(to))
		return -1;
	for (i = 0; i < m->n; i++)
		if (!strcasecmp(m->from[i], from))
			break;
	if (i == m->n) {
		if (m->n == SCHEMA_MAP_MAX)
			return -1;
		m->n++;
	}
	strcpy(m->from[i], from);
	strcpy(m->to[i], to);
	return 0;
}

const char *schema_map_name(const schema_map *m, const char *from)
{
	for (int i = 0; m && i < m->n; i++)
		if (!strcasecmp(m->from[i], from))
			return m->to[i];
	return from;
}

int schema_map_is_identity(const schema_map *m)
{
	if (m->extra_col[0])
		return 0;
	for (int i = 0; i < m->n; i++)
		if (strcasecmp(m->from[i], m->to[i]))
			return 0;
	return 1;
}

typedef struct out { char *buf; size_t len, used; int over; } out;

static void put(out *o, const char *s, size_t n)
{
	if (o->used + n >= o->len) {
		o->over = 1;
		return;
	}
	memcpy(o->buf + o->used, s, n);
	o->used += n;
	o->buf[o->used] = '\0';
}

static int word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && !strncasecmp(w, s, n);
}

int schema_map_apply(const schema_map *m, const char *sql, char *buf, size_t len)
{
	out o = { buf, len, 0, 0 };
	/* Where an INSERT into the extra column's table has got to:
	 * 1 INSERT, 2 INTO, 3 the table, 4 its column list open, 5 VALUES. */
	int ins = 0;

	if (!len)
		return -1;
	buf[0] = '\0';
	for (const char *p = sql; *p;) {
		if ((p[0] == '-' && p[1] == '-') || (p[0] == '/' && p[1] == '*')) {
			const char *q = p[0] == '-' ? strchr(p, '\n') : strstr(p + 2, "*/");
			q = q ? q + (p[0] == '-' ? 0 : 2) : p + strlen(p);
			put(&o, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (*p == '\'' || *p == '"' || *p == '`') {
			const char *q = p + 1;
			while (*q && *q != *p)
				q += (*q == '\\' && q[1]) ? 2 : 1;
			if (*q)
				q++;
			put(&o, p, (size_t)(q - p));
			p = q;
			continue;
		}
		if (isalpha((unsigned char)*p) || *p == '_') {
			const char *w = p;
			while (isalnum((unsigned char)*p) || *p == '_' || *p == '$')
				p++;
			size_t n = (size_t)(p - w);
			const char *to = NULL;
			for (int i = 0; m && i < m->n && !to; i++)
				if (word_is(w, n, m->from[i]))
					to = m->to[i];
			if (m && m->extra_col[0]) {
				if (word_is(w, n, "INSERT"))
					ins = 1;
				else if (ins == 1 && word_is(w, n, "INTO"))
					ins = 2;
				else if (ins == 2 && word_is(w, n, m->extra_table))
					ins = 3;
				else if (ins == 4 && word_is(w, n, "VALUES"))
					ins = 5;
				else if (ins != 4)
					ins = 0;
			}
			if (to)
				put(&o, to, strlen(to));
			else
				put(&o, w, n);
			continue;
		}
		put(&o, p, 1);
		if (*p == '(' && ins == 3) {
			put(&o, m->extra_col, strlen(m->extra_col));
			put(&o, ", ", 2);
			ins = 4;
		} else if (*p == '(' && ins == 5) {
			put(&o, m->extra_val, strlen(m->extra_val));
			put(&o, ", ", 2);
			ins = 0;
		}
		p++;
	}
	return o.over ? -1 : 0;
}
