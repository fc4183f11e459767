/* conn_string.c: an ODBC connection string with its password masked or
 * left out, so it can be shown, recorded or saved (see conn_string.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "conn_string.h"

/* Copy an ODBC connection string, KEY=VALUE;..., with the password pairs
 * (PWD= or Password=) masked as "***" or, with drop, left out.  Values in
 * {braces} may hold ';'. */
static void conn_string_filter(const char *in, char *out, size_t len, int drop)
{
	size_t o = 0;
	const char *p = in;
	if (!len)
		return;
	while (*p && o + 1 < len) {
		const char *eq = strchr(p, '=');
		if (!eq)
			break;
		size_t klen = (size_t)(eq - p);
		const char *v = eq + 1, *end = v;
		if (*v == '{') {
			end = strchr(v, '}');
			end = end ? end + 1 : v + strlen(v);
		}
		while (*end && *end != ';')
			end++;
		int secret = (klen == 3 && !strncasecmp(p, "PWD", 3)) ||
			     (klen == 8 && !strncasecmp(p, "Password", 8));
		const char *pair = p;
		p = *end == ';' ? end + 1 : end;
		if (secret && drop)
			continue;
		const char *sep = o && out[o - 1] != ';' ? ";" : "";
		int n = secret ? snprintf(out + o, len - o, "%s%.*s=***", sep, (int)klen, pair)
			       : snprintf(out + o, len - o, "%s%.*s", sep, (int)(end - pair), pair);
		if (n < 0 || (size_t)n >= len - o) {
			o = len - 1;
			break;
		}
		o += (size_t)n;
	}
	/* A trailing ';' of the original is kept: drivers accept both. */
	if (*in && in[strlen(in) - 1] == ';' && o && out[o - 1] != ';' && o + 1 < len)
		out[o++] = ';';
	out[o] = '\0';
}

void conn_string_redact(const char *in, char *out, size_t len)
{
	conn_string_filter(in, out, len, 0);
}

void conn_string_strip_password(const char *in, char *out, size_t len)
{
	conn_string_filter(in, out, len, 1);
}
