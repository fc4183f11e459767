/* utf8.h: text the tool writes for others to read (results files,
 * reports, /metrics, CSV) is UTF-8, whatever it was given: a label typed
 * in a Latin-1 terminal, a server's error text in its own locale, a knob's
 * value.  jansson, and so every reader of a results file, refuses anything
 * else.  Each byte that is not part of a well-formed sequence becomes
 * U+FFFD, one for one, so the rest of the text survives as it was. */
#ifndef TPCC_UTF8_H
#define TPCC_UTF8_H

#include <stddef.h>

#define UTF8_REPLACEMENT "\xEF\xBF\xBD"   /* U+FFFD, three bytes */

/* Bytes of the well-formed sequence that starts s (at most n available):
 * 1 to 4, or 0 when s[0] starts none (an invalid byte).  Overlong forms,
 * surrogates and code points over U+10FFFF are not well formed. */
size_t utf8_seq_len(const char *s, size_t n);
/* How many of the n bytes of s are not part of a well-formed sequence. */
size_t utf8_invalid_bytes(const char *s, size_t n);
/* s (n bytes) with each invalid byte replaced by U+FFFD, malloc'ed and
 * NUL-terminated, its length in *outlen (may be NULL); NULL when out of
 * memory. */
char *utf8_repair(const char *s, size_t n, size_t *outlen);
/* Copy src into dst (size bytes, NUL-terminated) with invalid bytes
 * replaced by U+FFFD, cut short only between two characters; returns the
 * bytes written, the NUL not counted. */
size_t utf8_copy(char *dst, const char *src, size_t size);
/* The code point cp as UTF-8 in out: 1 to 4 bytes, or 0 for a surrogate or
 * a value past U+10FFFF, which UTF-8 cannot hold. */
size_t utf8_encode(unsigned long cp, char out[4]);
/* The code point of the well-formed sequence at s (n bytes) in *cp; returns
 * its bytes as utf8_seq_len does, 0 (and *cp untouched) for none. */
size_t utf8_decode(const char *s, size_t n, unsigned long *cp);

#endif
