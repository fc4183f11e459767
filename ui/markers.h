/* markers.h: the list of the chart's markers (M in the console). */
#ifndef TPCC_UI_MARKERS_H
#define TPCC_UI_MARKERS_H

#include "view.h"

/* Draw every event with a marker in the last span seconds the chart shows,
 * with its time, type and full text, from line *top on (textview_key
 * scrolls it). */
void markers_draw(const ui_view *v, int span, int *top);

#endif
