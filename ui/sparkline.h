/* sparkline.h: one-row charts, one glyph per sample, from the eight block
 * elements U+2581..U+2588 (or an ASCII ramp).  Pure: no curses. */
#ifndef TPCC_UI_SPARKLINE_H
#define TPCC_UI_SPARKLINE_H

#include <stddef.h>

/* 0..7: the eighth of 0..max that v falls in; v <= 0 or max <= 0 gives 0,
 * v >= max gives 7. */
int spark_level(double v, double max);
/* Write n glyphs for v[0..n) into out as UTF-8 (ascii = 0) or ASCII, always
 * NUL-terminated; max <= 0 means the largest of v.  Returns the number of
 * glyphs written (fewer than n when out is too small). */
int spark_render(const double *v, int n, double max, int ascii, char *out, size_t len);

#endif
