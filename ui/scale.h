/* scale.h: chart axes: a round top for the values shown, and short labels
 * ("950", "1.2k", "60k", "1.5M").  Pure: no curses. */
#ifndef TPCC_UI_SCALE_H
#define TPCC_UI_SCALE_H

#include <stddef.h>

/* The smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten
 * that is >= max (and at least 1, so an idle chart still has an axis). */
double scale_nice_top(double max);
/* A label of at most 5 characters for v >= 0; a fraction under 100 keeps
 * up to two decimals ("0.5", "12.5"). */
void scale_label(double v, char *buf, size_t len);

/* A server's decimal text without its trailing zeros ("90.000000" -> "90",
 * "0.500000" -> "0.5"); anything that is not a plain decimal number is
 * copied as it is. */
void scale_trim_zeros(const char *in, char *out, size_t len);
/* Where a chart label of len columns goes on a row of iw columns whose
 * taken columns are non-zero in used: at want, or further left so it ends
 * at the right edge, in free columns only with a blank either side.
 * Returns the start column and sets *n to the columns it may take (less
 * than len: cut the label short), or -1 when under three are free. */
int scale_label_slot(const char *used, int iw, int want, int len, int *n);

#endif
