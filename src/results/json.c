#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"

void jb_init(jbuf *b) { memset(b, 0, sizeof *b); }
void jb_free(jbuf *b) { free(b->p); memset(b, 0, sizeof *b); }
void jb_reset(jbuf *b) { b->len = 0; b->need_comma = 0; if (b->p) b->p[0] = '\0'; }

static int grow(jbuf *b, size_t more)
{
	if (b->oom)
		return -1;
	if (b->len + more + 1 <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : 1024;
	while (cap < b->len + more + 1)
		cap *= 2;
	char *n = realloc(b->p, cap);
	if (!n) {
		b->oom = 1;
		return -1;
	}
	b->p = n;
	b->cap = cap;
	return 0;
}

static void put(jbuf *b, const char *s, size_t n)
{
	if (grow(b, n))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void jb_raw(jbuf *b, const char *s) { put(b, s, strlen(s)); }

void jb_printf(jbuf *b, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof tmp) {
		put(b, tmp, (size_t)n);
		return;
	}
	if (grow(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void jb_str(jbuf *b, const char *s)
{
	put(b, "\"", 1);
	for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
		switch (*p) {
		case '"': put(b, "\\\"", 2); break;
		case '\\': put(b, "\\\\", 2); break;
		case '\n': put(b, "\\n", 2); break;
		case '\r': put(b, "\\r", 2); break;
		case '\t': put(b, "\\t", 2); break;
		default:
			if (*p < 0x20)
				jb_printf(b, "\\u%04x", *p);
			else
				put(b, (const char *)p, 1);
		}
	}
	put(b, "\"", 1);
}

static void sep(jbuf *b)
{
	if (b->need_comma)
		put(b, ",", 1);
	b->need_comma = 1;
}

void jb_obj_open(jbuf *b) { put(b, "{", 1); b->need_comma = 0; }
void jb_obj_close(jbuf *b) { put(b, "}", 1); b->need_comma = 1; }
void jb_arr_open(jbuf *b) { put(b, "[", 1); b->need_comma = 0; }
void jb_arr_close(jbuf *b) { put(b, "]", 1); b->need_comma = 1; }
void jb_el_begin(jbuf *b) { sep(b); b->need_comma = 0; }

void jb_key(jbuf *b, const char *key)
{
	sep(b);
	jb_str(b, key);
	put(b, ":", 1);
	b->need_comma = 0;
}

static void num(jbuf *b, double v, int decimals)
{
	if (!isfinite(v))
		jb_raw(b, "null");
	else
		jb_printf(b, "%.*f", decimals, v);
	b->need_comma = 1;
}

void jb_kv_str(jbuf *b, const char *key, const char *v) { jb_key(b, key); jb_str(b, v); b->need_comma = 1; }
void jb_kv_int(jbuf *b, const char *key, int64_t v) { jb_key(b, key); jb_printf(b, "%lld", (long long)v); b->need_comma = 1; }
void jb_kv_dbl(jbuf *b, const char *key, double v, int d) { jb_key(b, key); num(b, v, d); }
void jb_kv_bool(jbuf *b, const char *key, int v) { jb_key(b, key); jb_raw(b, v ? "true" : "false"); b->need_comma = 1; }
void jb_kv_null(jbuf *b, const char *key) { jb_key(b, key); jb_raw(b, "null"); b->need_comma = 1; }
void jb_el_int(jbuf *b, int64_t v) { sep(b); jb_printf(b, "%lld", (long long)v); }
void jb_el_dbl(jbuf *b, double v, int d) { sep(b); num(b, v, d); }
void jb_el_str(jbuf *b, const char *v) { sep(b); jb_str(b, v); }
