#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "run/command.h"
#include "complete.h"

int knob_names(const dialect *d, const char (*configured)[64], int nconfigured,
	       const char **out, int max)
{
	int n = 0;
	if (nconfigured > 0) {
		for (int i = 0; i < nconfigured && n < max; i++)
			out[n++] = configured[i];
		return n;
	}
	for (int i = 0; d && d->knobs && d->knobs[i] && n < max; i++)
		out[n++] = d->knobs[i];
	return n;
}

/* Append the candidates that start with word; keep their common prefix. */
static int collect(const char *const *names, int count, const char *word, size_t wl,
		   char *common, size_t clen, char *list, size_t llen, int n)
{
	for (int i = 0; i < count; i++) {
		if (strncmp(names[i], word, wl))
			continue;
		if (!n++) {
			snprintf(common, clen, "%s", names[i]);
		} else {
			size_t k = 0;
			while (common[k] && common[k] == names[i][k])
				k++;
			common[k] = '\0';
		}
		size_t u = strlen(list);
		snprintf(list + u, llen - u, "%s%s", u ? " " : "", names[i]);
	}
	return n;
}

int complete_line(const char *line, int cur, const char *const *knobs, int nknobs,
		  char *insert, size_t ilen, char *list, size_t llen)
{
	char first[64] = "", common[256] = "";
	const char *names[64];
	int n = 0, nwords = 0;
	int ws = cur;

	insert[0] = '\0';
	list[0] = '\0';
	while (ws > 0 && !isspace((unsigned char)line[ws - 1]))
		ws--;
	/* Which word is this, and what was the first one? */
	for (int i = 0; i < ws;) {
		while (i < ws && isspace((unsigned char)line[i]))
			i++;
		if (i >= ws)
			break;
		int s = i;
		while (i < ws && !isspace((unsigned char)line[i]))
			i++;
		if (!nwords++)
			snprintf(first, sizeof first, "%.*s", i - s, line + s);
	}
	const char *word = line + ws;
	size_t wl = (size_t)(cur - ws);
	if (nwords == 0) {
		int k = command_complete("", names, 64);
		n = collect(names, k, word, wl, common, sizeof common, list, llen, 0);
	} else if (nwords == 1 && (!strcmp(first, "set") || !strcmp(first, "get"))) {
		n = collect(knobs, nknobs, word, wl, common, sizeof common, list, llen, 0);
	}
	if (n)
		snprintf(insert, ilen, "%s%s", common + wl, n == 1 ? " " : "");
	return n;
}
