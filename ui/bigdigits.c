/* bigdigits.c: see bigdigits.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "bigdigits.h"

/* Each digit 3 columns by 5 rows, '#' for a block. */
static const char *const font[10][BIGDIGITS_H] = {
	{ "###", "# #", "# #", "# #", "###" },
	{ "## ", " # ", " # ", " # ", "###" },
	{ "###", "  #", "###", "#  ", "###" },
	{ "###", "  #", "###", "  #", "###" },
	{ "# #", "# #", "###", "  #", "  #" },
	{ "###", "#  ", "###", "  #", "###" },
	{ "###", "#  ", "###", "# #", "###" },
	{ "###", "  #", "  #", "  #", "  #" },
	{ "###", "# #", "###", "# #", "###" },
	{ "###", "# #", "###", "  #", "###" },
};
static const char *const comma[BIGDIGITS_H] = { " ", " ", " ", "#", "#" };

static const char *glyph_row(char ch, int r)
{
	if (ch >= '0' && ch <= '9')
		return font[ch - '0'][r];
	return ch == ',' ? comma[r] : NULL;
}

int bigdigits_width(const char *s, int scale)
{
	int w = 0, n = 0;
	for (; *s; s++) {
		const char *g = glyph_row(*s, 0);
		if (!g)
			continue;
		w += (int)strlen(g) * scale + (n++ ? scale : 0);
	}
	return w;
}

/* Append one cell, scale columns wide; 0 when out is full. */
static int put_cell(char *out, size_t len, size_t *o, int on, int scale, int utf8)
{
	const char *c = on ? (utf8 ? "\u2588" : "#") : " ";
	size_t l = strlen(c);
	for (int x = 0; x < scale; x++) {
		if (*o + l + 1 > len)
			return 0;
		memcpy(out + *o, c, l);
		*o += l;
		out[*o] = '\0';
	}
	return 1;
}

int bigdigits_row(const char *s, int row, int scale, int utf8, char *out, size_t len)
{
	size_t o = 0;
	int cells = 0, n = 0;
	if (scale < 1)
		scale = 1;
	int r = row / scale;
	if (len)
		out[0] = '\0';
	if (r < 0 || r >= BIGDIGITS_H)
		return 0;
	for (; *s; s++) {
		const char *g = glyph_row(*s, r);
		if (!g)
			continue;
		if (n++ && !put_cell(out, len, &o, 0, scale, utf8))
			return cells * scale;
		cells += n > 1;
		for (; *g; g++, cells++)
			if (!put_cell(out, len, &o, *g == '#', scale, utf8))
				return cells * scale;
	}
	return cells * scale;
}
