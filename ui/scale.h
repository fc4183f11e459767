/* scale.h: chart axes: a round top for the values shown, and short labels
 * ("950", "1.2k", "60k", "1.5M").  Pure: no curses. */
#ifndef TPCC_UI_SCALE_H
#define TPCC_UI_SCALE_H

#include <stddef.h>

/* The smallest of 1, 2, 2.5, 5 times a power of ten that is >= max (and at
 * least 1, so an idle chart still has an axis). */
double scale_nice_top(double max);
/* A label of at most 5 characters for v >= 0. */
void scale_label(double v, char *buf, size_t len);

#endif
