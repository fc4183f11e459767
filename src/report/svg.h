/* svg.h: line charts as inline SVG, for the HTML report: one self-contained
 * <svg> per chart, text as text (selectable, searchable, printable), sized
 * by its viewBox so it scales to a phone's width.  No scripts. */
#ifndef TPCC_SVG_H
#define TPCC_SVG_H

#include <stdio.h>

typedef struct svg_series {
	const char *name;      /* legend; NULL: not in the legend */
	const char *cls;       /* class attribute of its polyline (tests find it) */
	const char *color;
	const double *x, *y;   /* n points; NAN y breaks the line */
	int n;
	double width;          /* stroke width, px */
	double opacity;        /* 0: 1 */
	int dashed;
	int keep_all;          /* never thin to the chart's width (one point a tick) */
} svg_series;

/* Marks past this many are left out of a chart (a report marks at most 60
 * events). */
#define SVG_MARKS_MAX 64

typedef struct svg_mark {
	double x;
	const char *label;
} svg_mark;

typedef struct svg_chart {
	const char *title;
	const char *xlabel, *ylabel;
	int width, height;     /* 0: 960 x 280 */
	int logx, logy;        /* log10 axes (values <= 0 are left out) */
	int y_from_zero;
	const svg_series *series;
	int nseries;
	/* Marks: a thin vertical line each, and its label (short: a number
	 * keyed to a table beside the chart) in a small flag above the plot,
	 * flags side by side where lines are close, never over the data. */
	const svg_mark *marks;
	int nmarks;
	const char *id;
	/* The series are layers stacked bottom up, each a filled area over
	 * the one below (NAN counts as 0); all share the first one's x. */
	int stacked;
} svg_chart;

/* The chart as one <svg> element on out. */
void svg_line_chart(FILE *out, const svg_chart *c);
/* s with &, <, >, " escaped for XML text and attributes. */
void svg_escape(FILE *out, const char *s);
/* The nth colour of the report's palette. */
const char *svg_color(int n);

#endif
