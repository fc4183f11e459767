/* stepmarks.h: a sweep's steps on a chart's time axis (the throughput and
 * the latency charts): each step's settle time dashed, its measured
 * window a heavy line bracketed at its first and last second, so what a
 * step's figures cover is seen against the line above it. */
#ifndef TPCC_UI_STEPMARKS_H
#define TPCC_UI_STEPMARKS_H

#include "linechart.h"

/* Over the n ticks drawn (ticks, as linechart_time_axis takes them). */
void stepmarks_draw(const linechart *c, const pane *p, const ui_view *v, const tick *ticks,
		    int n);

#endif
