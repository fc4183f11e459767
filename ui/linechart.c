/* linechart.c: see linechart.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "linechart.h"
#include "scale.h"

linechart *linechart_new(int cols, int rows)
{
	if (cols < 4 || rows < 1)
		return NULL;
	linechart *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	c->cols = cols;
	c->rows = rows;
	if (braille_init(&c->area, cols, rows) || braille_init(&c->line, cols, rows) ||
	    !(c->a = calloc((size_t)cols * 2, sizeof(double))) ||
	    !(c->b = calloc((size_t)cols * 2, sizeof(double)))) {
		linechart_free(c);
		return NULL;
	}
	return c;
}

void linechart_free(linechart *c)
{
	if (!c)
		return;
	braille_free(&c->area);
	braille_free(&c->line);
	free(c->a);
	free(c->b);
	free(c);
}

int linechart_place(pane *p, int below)
{
	int cols = pane_iw(p) - LINECHART_AXIS_W, rows = pane_ih(p) - 1 - below;
	linechart_free(p->priv);
	p->priv = NULL;
	if (cols < 4 || rows < 1)
		return 0;
	p->priv = linechart_new(cols, rows);
	return p->priv ? 0 : -1;
}

void linechart_pane_destroy(pane *p)
{
	linechart_free(p->priv);
	p->priv = NULL;
}

static void draw_axis(const pane *p, int rows, double top)
{
	char lab[16];
	int a = crt_attr(CRT_DIM);
	for (int r = 0; r < rows; r++) {
		/* The top dot row is top; for an odd number of rows the middle
		 * row's centre is exactly top / 2. */
		int labelled = r == 0 || (rows % 2 == 1 && rows >= 5 && r == rows / 2);
		if (labelled) {
			scale_label(r == 0 ? top : top / 2, lab, sizeof lab);
			pane_printf(p, r, 0, a, "%5s", lab);
		}
		pane_put(p, r, LINECHART_AXIS_W - 1, a, labelled ? crt_g->axis_tick : crt_g->v);
	}
	pane_printf(p, rows, 0, a, "%5s", "0");
	pane_put(p, rows, LINECHART_AXIS_W - 1, a, crt_g->axis_corner);
	for (int x = LINECHART_AXIS_W; x < pane_iw(p); x++)
		pane_put(p, rows, x, a, crt_g->h);
}

double linechart_draw(linechart *c, const pane *p, int n, int attr_a, int attr_b)
{
	double max = 0;
	for (int i = 0; i < n; i++) {
		max = c->a[i] > max ? c->a[i] : max;
		max = c->b[i] > max ? c->b[i] : max;
	}
	double top = scale_nice_top(max);
	int x0 = 2 * c->cols - n;
	braille_clear(&c->area);
	braille_clear(&c->line);
	braille_fill(&c->area, c->a, n, x0, top);
	braille_plot(&c->line, c->b, n, x0, top);
	draw_axis(p, c->rows, top);
	for (int r = 0; r < c->rows; r++)
		for (int col = 0; col < c->cols; col++) {
			unsigned char ba = braille_bits(&c->area, col, r), bl = braille_bits(&c->line, col, r);
			if (!(ba | bl))
				continue;
			/* The line shows as dots outside the area and as a cut
			 * through it inside, so it is never lost in the fill;
			 * the cell takes the line's colour when the line has a
			 * dot of its own there. */
			unsigned char bits = ba ^ bl, own = bl & ~ba;
			char g[4];
			if (crt_utf8)
				braille_utf8(bits, g);
			else
				g[0] = own ? '+' : braille_ascii(ba), g[1] = '\0';
			pane_put(p, r, LINECHART_AXIS_W + col, own ? attr_b : attr_a, g);
		}
	return top;
}

const char *linechart_legend_area(void)
{
	return crt_utf8 ? "\u28ff\u28ff" : "::";
}

const char *linechart_legend_line(void)
{
	return crt_utf8 ? "\u2812\u2812" : "++";
}

/* Whether a column from..to (both in) of the chart is taken; those past
 * the n known are not. */
static int in_use(const char *taken, int n, int from, int to)
{
	for (int x = from < 0 ? 0 : from; x <= to && x < n; x++)
		if (taken[x])
			return 1;
	return 0;
}

/* See linechart.h. */
void linechart_time_axis(const linechart *c, const pane *p, const tick *ticks, int n,
			 const char *taken, int ntaken)
{
	/* Two seconds a column, whatever the run's length: a label every 20 s
	 * is ten columns apart, the room a label ("12:00", "1:00:00") wants. */
	const int step = 20;
	int x0 = 2 * c->cols - n;
	int next_free = 0;
	for (int i = 0; i < n; i++) {
		int t = ticks[i].t;
		if (t <= 0 || t % step)
			continue;
		int col = (x0 + i) / 2;
		char lab[16];
		if (t >= 3600)
			snprintf(lab, sizeof lab, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
		else
			snprintf(lab, sizeof lab, "%d:%02d", t / 60, t % 60);
		/* The label ends just before its instant's column, which gets
		 * the tick. */
		int at = col - (int)strlen(lab);
		if (at < next_free || col >= c->cols || in_use(taken, ntaken, at - 1, col))
			continue;
		pane_put(p, c->rows, LINECHART_AXIS_W + at, crt_attr(CRT_DIM), lab);
		pane_put(p, c->rows, LINECHART_AXIS_W + col, crt_attr(CRT_DIM), crt_g->axis_up);
		next_free = col + 2;
	}
}

void linechart_span(const linechart *c, const pane *p, const tick *ticks, int n, int from,
		    int to, int attr, const char *g, const char *l, const char *r)
{
	int x0 = 2 * c->cols - n, c0 = -1, c1 = -1, first = 0, last = 0;
	for (int i = 0; i < n; i++) {
		int col = (x0 + i) / 2;
		if (ticks[i].t < from || ticks[i].t > to || col < 0 || col >= c->cols)
			continue;
		if (c0 < 0) {
			c0 = col;
			first = ticks[i].t == from;
		}
		c1 = col;
		last = ticks[i].t == to;
	}
	for (int col = c0; c0 >= 0 && col <= c1; col++) {
		const char *s = col == c0 && first && l ? l : col == c1 && last && r ? r : g;
		pane_put(p, c->rows, LINECHART_AXIS_W + col, attr, s);
	}
}
