/* conninfo.c: passwords out of libpq conninfo strings (see conninfo.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "conninfo.h"

#define SPANS_MAX 8

/* Where one password sits: its value, and the whole of what holds it
 * (the key, '=' and value; a URI's ':' and value; a query's trailing '&'). */
typedef struct span {
	size_t val, vlen, pair, plen;
} span;

static int is_uri(const char *s)
{
	return !strncmp(s, "postgresql://", 13) || !strncmp(s, "postgres://", 11);
}

static int uri_spans(const char *s, span *sp, int max)
{
	const char *rest = strstr(s, "://") + 3;
	size_t auth_end = strcspn(rest, "/?");
	const char *at = NULL;
	int n = 0;

	/* The last '@' of the authority ends the user part. */
	for (size_t i = 0; i < auth_end; i++)
		if (rest[i] == '@')
			at = rest + i;
	if (at) {
		const char *colon = memchr(rest, ':', (size_t)(at - rest));
		if (colon && n < max) {
			sp[n].val = (size_t)(colon + 1 - s);
			sp[n].vlen = (size_t)(at - colon - 1);
			sp[n].pair = (size_t)(colon - s);
			sp[n].plen = (size_t)(at - colon);
			n++;
		}
	}
	const char *q = strchr(rest, '?');
	while (q && *q && n < max) {
		const char *k = q + 1;
		size_t plen = strcspn(k, "&");
		if (!strncmp(k, "password=", 9)) {
			sp[n].val = (size_t)(k + 9 - s);
			sp[n].vlen = plen - 9;
			sp[n].pair = (size_t)(k - s);
			sp[n].plen = plen + (k[plen] == '&');
			n++;
		}
		q = k[plen] ? k + plen : NULL;
	}
	return n;
}

static int kv_spans(const char *s, span *sp, int max)
{
	const char *p = s;
	int n = 0;

	while (*p && n < max) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *key = p;
		while (*p && *p != '=' && !isspace((unsigned char)*p))
			p++;
		size_t klen = (size_t)(p - key);
		while (isspace((unsigned char)*p))
			p++;
		if (*p != '=')
			break;              /* libpq refuses it; nothing to hide */
		p++;
		while (isspace((unsigned char)*p))
			p++;
		const char *val = p;
		if (*p == '\'') {
			for (p++; *p && *p != '\''; p++)
				if (*p == '\\' && p[1])
					p++;
			if (*p)
				p++;
		} else {
			for (; *p && !isspace((unsigned char)*p); p++)
				if (*p == '\\' && p[1])
					p++;
		}
		if (klen == 8 && !strncmp(key, "password", 8)) {
			sp[n].val = (size_t)(val - s);
			sp[n].vlen = (size_t)(p - val);
			sp[n].pair = (size_t)(key - s);
			sp[n].plen = (size_t)(p - key);
			n++;
		}
	}
	return n;
}

static int spans_of(const char *s, span *sp)
{
	if (!s)
		return 0;
	return is_uri(s) ? uri_spans(s, sp, SPANS_MAX) : kv_spans(s, sp, SPANS_MAX);
}

/* Copy in to out with each span's value (or whole pair) replaced by rep. */
static void filter(const char *in, char *out, size_t len, int whole, const char *rep)
{
	span sp[SPANS_MAX];
	int n = spans_of(in, sp);
	size_t o = 0, i = 0;

	if (!len)
		return;
	out[0] = '\0';
	if (!in)
		return;
	for (int k = 0; k <= n; k++) {
		size_t from = k < n ? (whole ? sp[k].pair : sp[k].val) : strlen(in);
		size_t skip = k < n ? (whole ? sp[k].plen : sp[k].vlen) : 0;
		int w = snprintf(out + o, len - o, "%.*s%s", (int)(from - i), in + i,
				 k < n ? rep : "");
		if (w < 0 || (size_t)w >= len - o) {
			out[len - 1] = '\0';
			return;
		}
		o += (size_t)w;
		i = from + skip;
	}
}

void conninfo_redact(const char *in, char *out, size_t len)
{
	filter(in, out, len, 0, "***");
}

void conninfo_strip_password(const char *in, char *out, size_t len)
{
	/* "host=h  dbname=d" or a URI ending in '?' or '&' still connect. */
	filter(in, out, len, 1, "");
}

int conninfo_mask_in_place(char *s)
{
	span sp[SPANS_MAX];
	int n = spans_of(s, sp);

	for (int k = 0; k < n; k++)
		memset(s + sp[k].val, '*', sp[k].vlen);
	return n;
}
