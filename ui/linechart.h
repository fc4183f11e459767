/* linechart.h: two series on one braille chart inside a pane, on a shared
 * round axis: the first as a filled area, the second as a continuous line
 * over it in another colour (cut out of the area where it runs inside
 * it), so the two are told apart without colour too.  The throughput chart and the latency-over-
 * time chart are both this; what differs is what they plot and label. */
#ifndef TPCC_UI_LINECHART_H
#define TPCC_UI_LINECHART_H

#include "braille.h"
#include "pane.h"

#define LINECHART_AXIS_W 6        /* "  60k" and the tick */

typedef struct linechart {
	braille_canvas area, line;
	double *a, *b;                /* the samples shown, 2 per column */
	int cols, rows;
} linechart;

/* A chart of cols x rows cells, or NULL (out of memory, or too small). */
linechart *linechart_new(int cols, int rows);
void linechart_free(linechart *c);
/* Draw the axis (top label, middle label, 0) and the n samples of a and b
 * from inner row 0 of p, newest at the right; returns the top of the axis.
 * The x axis is the row after the chart's rows. */
double linechart_draw(linechart *c, const pane *p, int n, int attr_a, int attr_b);

/* The legends' samples, two columns each: the area's, the line's. */
const char *linechart_legend_area(void);
const char *linechart_legend_line(void);

/* A pane's chart (in p->priv) made anew for its size, keeping below rows
 * under the axis for the pane's own lines; none when too small.  Returns
 * -1 when out of memory.  For a pane class's resize. */
int linechart_place(pane *p, int below);
/* For a pane class's destroy. */
void linechart_pane_destroy(pane *p);
/* Label the x axis with the run's clock at round instants ("1:00",
 * "1:00:00"), written into the axis line itself, for the n ticks drawn.
 * taken marks the chart's first ntaken columns (NULL and 0: none) that
 * hold something of more weight (a marker): a label that would touch one
 * is left out, so neither is drawn over the other. */
void linechart_time_axis(const linechart *c, const pane *p, const tick *ticks, int n,
			 const char *taken, int ntaken);

/* Mark the seconds from..to of the n ticks drawn on the x axis with g;
 * l and r (may be NULL) take the first and the last second's columns
 * when those seconds are in view. */
void linechart_span(const linechart *c, const pane *p, const tick *ticks, int n, int from,
		    int to, int attr, const char *g, const char *l, const char *r);

#endif
