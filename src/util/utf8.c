/* utf8.c: see utf8.h.  The well-formed sequences are those of the Unicode
 * standard's table 3-7: the second byte's range depends on the first, which
 * is what rules out overlong forms, surrogates and values past U+10FFFF. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "utf8.h"

size_t utf8_seq_len(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s;
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t len;

	if (n == 0)
		return 0;
	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		len = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		len = 3;
	else if (c >= 0xF0 && c <= 0xF4)
		len = 4;
	else
		return 0;
	if (c == 0xE0)
		lo = 0xA0;
	else if (c == 0xED)
		hi = 0x9F;
	else if (c == 0xF0)
		lo = 0x90;
	else if (c == 0xF4)
		hi = 0x8F;
	if (n < len || p[1] < lo || p[1] > hi)
		return 0;
	for (size_t i = 2; i < len; i++)
		if (p[i] < 0x80 || p[i] > 0xBF)
			return 0;
	return len;
}

size_t utf8_invalid_bytes(const char *s, size_t n)
{
	size_t bad = 0;
	for (size_t i = 0; i < n;) {
		size_t k = utf8_seq_len(s + i, n - i);
		if (!k) {
			bad++;
			k = 1;
		}
		i += k;
	}
	return bad;
}

char *utf8_repair(const char *s, size_t n, size_t *outlen)
{
	size_t bad = utf8_invalid_bytes(s, n);
	char *out = malloc(n + 2 * bad + 1), *o = out;
	if (!out)
		return NULL;
	for (size_t i = 0; i < n;) {
		size_t k = utf8_seq_len(s + i, n - i);
		if (k) {
			memcpy(o, s + i, k);
			o += k;
			i += k;
		} else {
			memcpy(o, UTF8_REPLACEMENT, 3);
			o += 3;
			i++;
		}
	}
	*o = '\0';
	if (outlen)
		*outlen = (size_t)(o - out);
	return out;
}

size_t utf8_copy(char *dst, const char *src, size_t size)
{
	size_t o = 0, n = strlen(src);
	if (!size)
		return 0;
	for (size_t i = 0; i < n;) {
		size_t k = utf8_seq_len(src + i, n - i);
		const char *from = k ? src + i : UTF8_REPLACEMENT;
		size_t w = k ? k : 3;
		if (o + w >= size)
			break;
		memcpy(dst + o, from, w);
		o += w;
		i += k ? k : 1;
	}
	dst[o] = '\0';
	return o;
}

size_t utf8_encode(unsigned long cp, char out[4])
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | cp >> 6);
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0;
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | cp >> 12);
		out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | cp >> 18);
	out[1] = (char)(0x80 | (cp >> 12 & 0x3F));
	out[2] = (char)(0x80 | (cp >> 6 & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

size_t utf8_decode(const char *s, size_t n, unsigned long *cp)
{
	static const unsigned char lead_bits[] = { 0, 0x7F, 0x1F, 0x0F, 0x07 };
	size_t k = utf8_seq_len(s, n);
	if (!k)
		return 0;
	unsigned long v = (unsigned char)s[0] & lead_bits[k];
	for (size_t i = 1; i < k; i++)
		v = v << 6 | ((unsigned char)s[i] & 0x3F);
	*cp = v;
	return k;
}
