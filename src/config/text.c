/* text.c: message helpers shared by the config modules (see text.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

void text_errf(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

void text_append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*pos >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *pos, len - *pos, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	*pos += (size_t)n;
	if (*pos >= len)
		*pos = len;
}

/* Longest stretch of a user's value quoted back in a message. */
#define QUOTE_MAX 60

int text_quote_len(const char *s)
{
	size_t n = strlen(s);
	return n > QUOTE_MAX ? QUOTE_MAX : (int)n;
}

const char *text_quote_ellipsis(const char *s)
{
	return strlen(s) > QUOTE_MAX ? "..." : "";
}

