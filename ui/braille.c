/* braille.c: the dot canvas.  Bit layout of a braille cell (Unicode's dot
 * numbering): the left column is dots 1, 2, 3, 7 top to bottom (bits 0, 1,
 * 2, 6), the right column dots 4, 5, 6, 8 (bits 3, 4, 5, 7). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "braille.h"

static const unsigned char dot_bit[2][4] = {
	{ 0x01, 0x02, 0x04, 0x40 },
	{ 0x08, 0x10, 0x20, 0x80 },
};

int braille_init(braille_canvas *c, int cols, int rows)
{
	c->cols = cols > 0 ? cols : 0;
	c->rows = rows > 0 ? rows : 0;
	c->cell = calloc((size_t)c->cols * (size_t)c->rows + 1, 1);
	return c->cell ? 0 : -1;
}

void braille_free(braille_canvas *c)
{
	free(c->cell);
	c->cell = NULL;
	c->cols = c->rows = 0;
}

void braille_clear(braille_canvas *c)
{
	memset(c->cell, 0, (size_t)c->cols * (size_t)c->rows);
}

void braille_set(braille_canvas *c, int x, int y)
{
	if (x < 0 || y < 0 || x >= 2 * c->cols || y >= 4 * c->rows)
		return;
	c->cell[(y / 4) * c->cols + x / 2] |= dot_bit[x % 2][y % 4];
}

unsigned char braille_bits(const braille_canvas *c, int col, int row)
{
	if (col < 0 || row < 0 || col >= c->cols || row >= c->rows)
		return 0;
	return c->cell[row * c->cols + col];
}

int braille_level_y(const braille_canvas *c, double v, double top)
{
	int h = 4 * c->rows;
	if (h <= 0)
		return 0;
	double f = top > 0 && v > 0 ? v / top : 0;
	if (f > 1)
		f = 1;
	int level = (int)lround(f * (h - 1));
	return h - 1 - level;
}

void braille_plot(braille_canvas *c, const double *v, int n, int x0, double top)
{
	int prev = -1;
	for (int i = 0; i < n; i++) {
		int y = braille_level_y(c, v[i], top);
		int from = prev < 0 ? y : prev < y ? prev + 1 : prev > y ? prev - 1 : y;
		int lo = from < y ? from : y, hi = from < y ? y : from;
		for (int k = lo; k <= hi; k++)
			braille_set(c, x0 + i, k);
		prev = y;
	}
}

void braille_fill(braille_canvas *c, const double *v, int n, int x0, double top)
{
	for (int i = 0; i < n; i++)
		for (int y = braille_level_y(c, v[i], top); y < 4 * c->rows; y++)
			braille_set(c, x0 + i, y);
}

void braille_utf8(unsigned char bits, char out[4])
{
	unsigned cp = 0x2800u + bits;
	out[0] = (char)(0xE0 | (cp >> 12));
	out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[2] = (char)(0x80 | (cp & 0x3F));
	out[3] = '\0';
}

char braille_ascii(unsigned char bits)
{
	/* Upper half: dots 1, 2, 4, 5; lower half: dots 3, 7, 6, 8. */
	int up = (bits & 0x1B) != 0, low = (bits & 0xE4) != 0;
	return up && low ? ':' : up ? '\'' : low ? '.' : ' ';
}
