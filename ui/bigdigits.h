/* bigdigits.h: a number in block digits five cells high (or ten, at
 * scale 2), to be read from across a room.  Pure: no curses. */
#ifndef TPCC_UI_BIGDIGITS_H
#define TPCC_UI_BIGDIGITS_H

#include <stddef.h>

#define BIGDIGITS_H 5             /* rows at scale 1 */

/* Columns s takes at scale (1 or 2): digits are 3 wide and commas 1, with
 * a blank column after each but the last.  Characters other than digits
 * and commas take none. */
int bigdigits_width(const char *s, int scale);
/* Row row (0 .. BIGDIGITS_H * scale - 1) of s into out, NUL-ended: full
 * blocks in UTF-8, '#' in ASCII.  Returns the columns written. */
int bigdigits_row(const char *s, int row, int scale, int utf8, char *out, size_t len);

#endif
