#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "json.h"
#include "util/utf8.h"

/* A results file's records are small; its closing part grows with the
 * events. */
#define JB_FIRST 1024

void jb_init(jbuf *b) { memset(b, 0, sizeof *b); }
void jb_free(jbuf *b) { strbuf_free(&b->s); b->need_comma = 0; }
void jb_reset(jbuf *b) { strbuf_reset(&b->s); b->need_comma = 0; }

static void put(jbuf *b, const char *s, size_t n)
{
	if (!strbuf_reserve(&b->s, n, JB_FIRST))
		strbuf_put(&b->s, s, n);
}

void jb_raw(jbuf *b, const char *s) { put(b, s, strlen(s)); }

void jb_printf(jbuf *b, const char *fmt, ...)
{
	va_list ap;
	char tmp[256];
	va_start(ap, fmt);
	int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof tmp) {
		put(b, tmp, (size_t)n);
		return;
	}
	if (strbuf_reserve(&b->s, (size_t)n, JB_FIRST))
		return;
	va_start(ap, fmt);
	vsnprintf(b->s.p + b->s.len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->s.len += (size_t)n;
}

void jb_str(jbuf *b, const char *s)
{
	const char *p = s ? s : "";
	size_t left = strlen(p);
	put(b, "\"", 1);
	while (left) {
		unsigned char c = (unsigned char)*p;
		size_t k = 1;
		switch (c) {
		case '"': put(b, "\\\"", 2); break;
		case '\\': put(b, "\\\\", 2); break;
		case '\n': put(b, "\\n", 2); break;
		case '\r': put(b, "\\r", 2); break;
		case '\t': put(b, "\\t", 2); break;
		default:
			if (c < 0x20) {
				jb_printf(b, "\\u%04x", c);
			} else if (c < 0x80) {
				put(b, p, 1);
			} else if ((k = utf8_seq_len(p, left))) {
				put(b, p, k);
			} else {
				put(b, UTF8_REPLACEMENT, 3);
				k = 1;
			}
		}
		p += k;
		left -= k;
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
