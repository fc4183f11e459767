/* pane_latchart.c: p95 latency of New-Order and Payment over time, the two
 * transactions the mix is made of, where the latency pane's sparklines
 * have no room for their scale.  Shown when the terminal has rows to spare
 * (the console's layout decides). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "linechart.h"
#include "stepmarks.h"
#include "pane.h"

/* Under the axis: the legend with the latest figures. */
static int lc_resize(pane *p) { return linechart_place(p, 1); }

static void lc_draw(pane *p, const ui_view *v)
{
	linechart *c = p->priv;
	pane_frame(p, "p95 latency ms, each second");
	if (!c || c->rows < 2)
		return;
	int cols = c->cols, rows = c->rows;
	int n = v->nticks < 2 * cols ? v->nticks : 2 * cols;
	int first = v->nticks - n;
	for (int i = 0; i < n; i++) {
		c->a[i] = v->ticks[first + i].p95[TX_NEW_ORDER];
		c->b[i] = v->ticks[first + i].p95[TX_PAYMENT];
	}
	linechart_draw(c, p, n, crt_attr(CRT_GOOD), crt_attr(CRT_OPERATOR));
	/* A sweep's spans over the clock's labels: its steps are the
	 * timeline then; the markers go over both. */
	linechart_time_axis(c, p, v->ticks + first, n, NULL, 0);
	stepmarks_draw(c, p, v, v->ticks + first, n);
	const tick *last = &v->st.last;
	int x = pane_put(p, rows + 1, 0, crt_attr(CRT_GOOD), linechart_legend_area());
	x += pane_printf(p, rows + 1, x, 0, " new-order %.1f   ", last->p95[TX_NEW_ORDER]);
	x += pane_put(p, rows + 1, x, crt_attr(CRT_OPERATOR), linechart_legend_line());
	pane_printf(p, rows + 1, x, 0, " payment %.1f", last->p95[TX_PAYMENT]);
}

const pane_class pane_latchart_class = {
	.name = "latchart",
	.draw = lc_draw,
	.resize = lc_resize,
	.destroy = linechart_pane_destroy,
};
