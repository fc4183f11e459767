/* pane_throughput.c: NOPM and TPM per second as a braille line chart, two
 * samples per column, newest on the right, on a round auto-scaled axis, with
 * a marker under the second of every change to the run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/batch.h"
#include "braille.h"
#include "events.h"
#include "pane.h"
#include "scale.h"

#define AXIS_W 6                  /* "  60k" and the tick */

typedef struct chart {
	braille_canvas nopm, tpm;
	double *vn, *vt;              /* the samples shown */
} chart;

static void chart_free(chart *c)
{
	if (!c)
		return;
	braille_free(&c->nopm);
	braille_free(&c->tpm);
	free(c->vn);
	free(c->vt);
	free(c);
}

static int geometry(const pane *p, int *cols, int *rows)
{
	*cols = pane_iw(p) - AXIS_W;
	*rows = pane_ih(p) - 3;     /* axis, marker labels, figures */
	return *cols >= 4 && *rows >= 1;
}

static int tp_resize(pane *p)
{
	int cols, rows;
	chart_free(p->priv);
	p->priv = NULL;
	if (!geometry(p, &cols, &rows))
		return 0;
	chart *c = calloc(1, sizeof *c);
	if (!c)
		return -1;
	if (braille_init(&c->nopm, cols, rows) || braille_init(&c->tpm, cols, rows) ||
	    !(c->vn = calloc((size_t)cols * 2, sizeof(double))) ||
	    !(c->vt = calloc((size_t)cols * 2, sizeof(double)))) {
		chart_free(c);
		return -1;
	}
	p->priv = c;
	return 0;
}

static void tp_destroy(pane *p)
{
	chart_free(p->priv);
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
		pane_put(p, r, AXIS_W - 1, a, labelled ? crt_g->axis_tick : crt_g->v);
	}
	pane_printf(p, rows, 0, a, "%5s", "0");
	pane_put(p, rows, AXIS_W - 1, a, crt_g->axis_corner);
	for (int x = AXIS_W; x < pane_iw(p); x++)
		pane_put(p, rows, x, a, crt_g->h);
}

/* Markers: a glyph on the axis under the event's second, a label below
 * when there is room. */
static void draw_markers(const pane *p, const ui_view *v, int first, int x0, int rows)
{
	int next_free = AXIS_W, cols = pane_iw(p) - AXIS_W;
	int last_t = v->nticks ? v->ticks[v->nticks - 1].t : 0;
	char lab[64];
	for (int i = 0; i < v->nevents; i++) {
		const run_event *ev = &v->events[i];
		if (!event_marker_label(ev, lab, sizeof lab))
			continue;
		if (!v->nticks)
			return;
		int t = ev->t > last_t ? last_t : ev->t;
		int idx = t - v->ticks[first].t;    /* ticks are one per second */
		if (idx < 0)
			continue;
		int col = (x0 + idx) / 2;
		if (col < 0 || col >= cols)
			continue;
		int attr = !strcmp(ev->type, "phase") ? crt_attr(CRT_WARN) : crt_attr(CRT_OPERATOR);
		pane_put(p, rows, AXIS_W + col, attr, crt_g->marker);
		/* The label starts under its marker, or ends at the right edge
		 * when it would not fit; it never covers an earlier one. */
		int len = (int)strlen(lab), at = AXIS_W + col;
		if (at + len > pane_iw(p))
			at = pane_iw(p) - len > next_free ? pane_iw(p) - len : next_free;
		if (at >= next_free) {
			int n = pane_put(p, rows + 1, at, attr, lab);
			next_free = at + n + 1;
		}
	}
}

static void tp_draw(pane *p, const ui_view *v)
{
	chart *c = p->priv;
	int cols, rows;
	char a[24], b[24], d[24];

	pane_frame(p, "Throughput (per second)");
	if (!c || !geometry(p, &cols, &rows)) {
		pane_put(p, 0, 0, 0, "(too small)");
		return;
	}
	int n = v->nticks < 2 * cols ? v->nticks : 2 * cols;
	int first = v->nticks - n;
	double max = 0;
	for (int i = 0; i < n; i++) {
		c->vn[i] = v->ticks[first + i].nopm;
		c->vt[i] = v->ticks[first + i].tpm;
		max = c->vt[i] > max ? c->vt[i] : max;
		max = c->vn[i] > max ? c->vn[i] : max;
	}
	double top = scale_nice_top(max);
	int x0 = 2 * cols - n;
	braille_clear(&c->nopm);
	braille_clear(&c->tpm);
	braille_plot(&c->tpm, c->vt, n, x0, top);
	braille_plot(&c->nopm, c->vn, n, x0, top);

	draw_axis(p, rows, top);
	for (int r = 0; r < rows; r++)
		for (int col = 0; col < cols; col++) {
			unsigned char bn = braille_bits(&c->nopm, col, r), bt = braille_bits(&c->tpm, col, r);
			if (!(bn | bt))
				continue;
			char g[4];
			if (crt_utf8)
				braille_utf8(bn | bt, g);
			else
				g[0] = braille_ascii(bn | bt), g[1] = '\0';
			pane_put(p, r, AXIS_W + col, crt_attr(bn ? CRT_GOOD : CRT_OPERATOR), g);
		}
	draw_markers(p, v, first, x0, rows);

	const tick *last = &v->st.last;
	int x = pane_put(p, rows + 2, 0, A_BOLD | crt_attr(CRT_GOOD), "NOPM ");
	x += pane_put(p, rows + 2, x, A_BOLD, fmt_thousands(last->nopm, a, sizeof a));
	if (v->st.steady.steady_seconds > 0)
		x += pane_printf(p, rows + 2, x, 0, " (steady avg %s)",
				 fmt_thousands(v->st.steady.nopm, b, sizeof b));
	x += pane_put(p, rows + 2, x, crt_attr(CRT_OPERATOR), "   TPM ");
	x += pane_put(p, rows + 2, x, 0, fmt_thousands(last->tpm, d, sizeof d));
	if (v->st.steady.steady_seconds > 0)
		x += pane_printf(p, rows + 2, x, 0, " (avg %s)",
				 fmt_thousands(v->st.steady.tpm, b, sizeof b));
	/* The database's own count, beside ours, where the dialect has one. */
	if (last->server_tpm >= 0 && v->st.t > 0)
		pane_printf(p, rows + 2, x, 0, "   server TPM %s",
				 fmt_thousands(last->server_tpm, d, sizeof d));
}

const pane_class pane_throughput_class = {
	.name = "throughput",
	.draw = tp_draw,
	.resize = tp_resize,
	.destroy = tp_destroy,
};
