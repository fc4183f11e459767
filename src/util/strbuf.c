/* strbuf.c: see strbuf.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "strbuf.h"
#include "utf8.h"

void strbuf_free(strbuf *b)
{
	free(b->p);
	memset(b, 0, sizeof *b);
}

void strbuf_reset(strbuf *b)
{
	b->len = 0;
	if (b->p)
		b->p[0] = '\0';
}

int strbuf_reserve(strbuf *b, size_t more, size_t first)
{
	if (b->oom)
		return -1;
	if (b->len + more + 1 <= b->cap)
		return 0;
	size_t cap = b->cap ? b->cap : first ? first : 256;
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

void strbuf_puts(strbuf *b, const char *s)
{
	strbuf_put(b, s, strlen(s));
}

void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap)
{
	for (int tries = 0; tries < 2; tries++) {
		va_list aq;
		if (strbuf_reserve(b, tries ? 0 : 64, 0))
			return;
		va_copy(aq, ap);
		int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, aq);
		va_end(aq);
		if (n < 0) {
			b->oom = 1;
			return;
		}
		if ((size_t)n < b->cap - b->len) {
			b->len += (size_t)n;
			return;
		}
		if (strbuf_reserve(b, (size_t)n, 0))
			return;
	}
}

void strbuf_printf(strbuf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(b, fmt, ap);
	va_end(ap);
}

void strbuf_put_utf8(strbuf *b, const char *s, size_t n)
{
	while (n) {
		size_t ok = 0, k;
		while (ok < n && (k = utf8_seq_len(s + ok, n - ok)))
			ok += k;
		strbuf_put(b, s, ok);
		if (ok == n)
			return;
		strbuf_put(b, UTF8_REPLACEMENT, 3);
		s += ok + 1;
		n -= ok + 1;
	}
}

void strbuf_drop_front(strbuf *b, size_t n)
{
	if (n >= b->len) {
		strbuf_reset(b);
		return;
	}
	memmove(b->p, b->p + n, b->len - n + 1);
	b->len -= n;
}

void strbuf_insert(strbuf *b, size_t at, const char *s, size_t n)
{
	if (at > b->len || (b->len + n + 1 > b->cap && strbuf_reserve(b, n, 0)))
		return;
	memmove(b->p + at + n, b->p + at, b->len - at + 1);
	memcpy(b->p + at, s, n);
	b->len += n;
}
