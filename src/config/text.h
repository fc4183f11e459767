/* text.h: the few string helpers the config modules share for their
 * messages: a bounded printf into the caller's error buffer, appending to a
 * buffer, and quoting a user's value back without flooding the line. */
#ifndef TPCC_CONFIG_TEXT_H
#define TPCC_CONFIG_TEXT_H

#include <stddef.h>

/* vsnprintf into err; a NULL or empty buffer is left alone. */
void text_errf(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Append to buf at *pos, never past len; keeps buf terminated. */
void text_append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* For "'%.*s%s'": how much of s to quote, and "..." when that is not all. */
int text_quote_len(const char *s);
const char *text_quote_ellipsis(const char *s);

#endif
