/* strbuf.h: a growing text buffer, always NUL-terminated.  Allocation
 * failure is sticky (oom), so a writer appends without checking each call
 * and looks once at the end. */
#ifndef TPCC_STRBUF_H
#define TPCC_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

typedef struct strbuf {
	char *p;          /* NULL until the first append */
	size_t len, cap;
	int oom;          /* an append failed: the text is incomplete */
} strbuf;

void strbuf_free(strbuf *b);
/* Empty it, keeping the memory. */
void strbuf_reset(strbuf *b);
/* Room for more bytes beyond len (and the NUL), the first allocation at
 * least first bytes: 0, or -1 with oom set. */
int strbuf_reserve(strbuf *b, size_t more, size_t first);
/* Inline: the loader appends a byte at a time, for gigabytes. */
static inline void strbuf_put(strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap && strbuf_reserve(b, n, 0))
		return;
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}
void strbuf_puts(strbuf *b, const char *s);
void strbuf_vprintf(strbuf *b, const char *fmt, va_list ap) __attribute__((format(printf, 2, 0)));
void strbuf_printf(strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* n bytes of s with each byte that is not well-formed UTF-8 as U+FFFD. */
void strbuf_put_utf8(strbuf *b, const char *s, size_t n);
/* n bytes of s put in at byte at (at most len: else nothing changes). */
void strbuf_insert(strbuf *b, size_t at, const char *s, size_t n);
/* Drop the first n bytes. */
void strbuf_drop_front(strbuf *b, size_t n);

#endif
