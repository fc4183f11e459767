/* braille.h: a canvas of dots for charts, 2 dots wide and 4 high per
 * terminal cell, drawn with the Unicode braille patterns (U+2800..U+28FF) or,
 * when the terminal cannot show them, with ASCII stand-ins.  Pure: no
 * curses, so it is unit-tested on its own. */
#ifndef TPCC_UI_BRAILLE_H
#define TPCC_UI_BRAILLE_H

#include <stddef.h>

typedef struct braille_canvas {
	int cols, rows;           /* in terminal cells */
	unsigned char *cell;      /* rows * cols dot patterns, row 0 at the top */
} braille_canvas;

int braille_init(braille_canvas *c, int cols, int rows);
void braille_free(braille_canvas *c);
void braille_clear(braille_canvas *c);
/* Set the dot at x (0 .. 2*cols-1, left to right), y (0 .. 4*rows-1, top
 * to bottom); dots outside the canvas are ignored. */
void braille_set(braille_canvas *c, int x, int y);
unsigned char braille_bits(const braille_canvas *c, int col, int row);

/* The dot row (0 = top) that shows v on a scale from 0 (bottom dot) to top
 * (top dot), clamped to the canvas. */
int braille_level_y(const braille_canvas *c, double v, double top);
/* Draw n samples as a line, one per dot column starting at dot column x0,
 * scaled to top.  Each sample is joined to the one before by a vertical run
 * so that a steep change stays one connected line. */
void braille_plot(braille_canvas *c, const double *v, int n, int x0, double top);
/* The same samples as an area: every dot from the sample's level down to
 * the bottom, so a line drawn over it is told from it without colour
 * (NO_COLOR, a monochrome terminal). */
void braille_fill(braille_canvas *c, const double *v, int n, int x0, double top);

/* UTF-8 for a pattern (3 bytes and a NUL). */
void braille_utf8(unsigned char bits, char out[4]);
/* One ASCII character for a pattern: ' ' empty, '.' dots only in the lower
 * half, '\'' only in the upper half, ':' in both. */
char braille_ascii(unsigned char bits);

#endif
