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
#include "events.h"
#include "linechart.h"
#include "stepmarks.h"
#include "pane.h"
#include "scale.h"

#define AXIS_W LINECHART_AXIS_W

/* Under the axis: the marker labels and the figures. */
static int tp_resize(pane *p) { return linechart_place(p, 2); }

/* Which labels win the row under the axis when they do not all fit: what
 * the operator said first, then what changed the server, then VU changes,
 * then phases. */
static int marker_rank(const run_event *ev)
{
	if (!strcmp(ev->type, "mark"))
		return 0;
	if (!strcmp(ev->type, "knob"))
		return 1;
	if (!strcmp(ev->type, "vus") || !strcmp(ev->type, "pause") || !strcmp(ev->type, "rate") ||
	    !strcmp(ev->type, "step"))
		return 2;
	return 3;
}

#define LABEL_ROW_MAX 512

/* The chart column of ev's marker, with its label in lab; -1 when it has
 * none or its second is out of view. */
static int marker_col(const pane *p, const ui_view *v, const run_event *ev, int first, int x0,
		      char *lab, size_t len)
{
	int last_t = v->ticks[v->nticks - 1].t;
	if (!event_marker_label(ev, lab, len))
		return -1;
	int t = ev->t > last_t ? last_t : ev->t;
	int idx = t - v->ticks[first].t;    /* ticks are one per second */
	int col = (x0 + idx) / 2;
	return idx < 0 || col < 0 || col >= pane_iw(p) - AXIS_W ? -1 : col;
}

/* The columns the markers take on the axis, for the clock's labels to
 * give way to. */
static void marker_cols(const pane *p, const ui_view *v, int first, int x0, char *taken,
			int cols)
{
	char lab[64];
	memset(taken, 0, (size_t)cols);
	for (int i = 0; i < v->nevents && v->nticks; i++) {
		int col = marker_col(p, v, &v->events[i], first, x0, lab, sizeof lab);
		if (col >= 0 && col < cols)
			taken[col] = 1;
	}
}

/* Markers: a glyph on the axis under the event's second, and labels below,
 * placed in rank order so an operator's mark is never the one dropped; a
 * label that does not fit whole is cut short ("~"). */
static void draw_markers(const pane *p, const ui_view *v, int first, int x0, int rows)
{
	/* A label keeps a blank before the frame, or it would look cut. */
	int iw = pane_iw(p) - 1;
	char used[LABEL_ROW_MAX], lab[64];
	if (!v->nticks)
		return;
	if (iw > LABEL_ROW_MAX)
		iw = LABEL_ROW_MAX;
	memset(used, 0, sizeof used);
	for (int rank = 0; rank <= 3; rank++)
		/* Newest first within a rank: the latest change is the one the
		 * operator is looking at. */
		for (int i = v->nevents - 1; i >= 0; i--) {
			const run_event *ev = &v->events[i];
			if (marker_rank(ev) != rank)
				continue;
			int col = marker_col(p, v, ev, first, x0, lab, sizeof lab);
			if (col < 0)
				continue;
			int attr = !strcmp(ev->type, "phase") ? crt_attr(CRT_WARN) : crt_attr(CRT_OPERATOR);
			pane_put(p, rows, AXIS_W + col, attr, crt_g->marker);
			/* Columns, not bytes: a mark's text may be any language. */
			int w = screen_cols(lab, strlen(lab));
			int n, at = scale_label_slot(used, iw, AXIS_W + col, w, &n);
			if (at < 0)
				continue;
			if (n < w) {
				size_t k = screen_fit(lab, n - 1);
				lab[k] = '~';
				lab[k + 1] = '\0';
			}
			memset(used + at, 1, (size_t)n);
			pane_put(p, rows + 1, at, attr, lab);
		}
}

/* The figures under the chart, most important first: the two rates always,
 * then the server's own count, then the steady averages (shortened before
 * they go), each dropped when the row is too narrow for it. */
static void draw_figures(const pane *p, const ui_view *v, int row)
{
	const tick *last = &v->st.last;
	int steady = v->st.steady.steady_seconds > 0;
	int have_srv = last->server_tpm >= 0 && v->st.t > 0;
	char nopm[24], tpm[24], avg_n[48], avg_t[48], srv[48], num[24];
	fmt_thousands(last->nopm, nopm, sizeof nopm);
	fmt_thousands(last->tpm, tpm, sizeof tpm);
	/* Legends first: the look tells NOPM from TPM without colour (an
	 * area and a line over it); each is two columns. */
	const char *ln = linechart_legend_area(), *lt = linechart_legend_line();
	for (int level = 3; level >= 0; level--) {
		avg_n[0] = avg_t[0] = srv[0] = '\0';
		if (steady && level >= 2) {
			snprintf(avg_n, sizeof avg_n, level >= 3 ? " (steady avg %s)" : " (avg %s)",
				 fmt_thousands(v->st.steady.nopm, num, sizeof num));
			snprintf(avg_t, sizeof avg_t, " (avg %s)",
				 fmt_thousands(v->st.steady.tpm, num, sizeof num));
		}
		/* The database's own count, beside ours, where the dialect has one. */
		if (have_srv && level >= 1)
			snprintf(srv, sizeof srv, "   server TPM %s",
				 fmt_thousands(last->server_tpm, num, sizeof num));
		int width = 2 + 6 + (int)strlen(nopm) + (int)strlen(avg_n) + 3 + 2 + 5 +
			    (int)strlen(tpm) + (int)strlen(avg_t) + (int)strlen(srv);
		/* A blank stays before the frame. */
		if (width < pane_iw(p) || level == 0)
			break;
	}
	int x = pane_put(p, row, 0, crt_attr(CRT_GOOD), ln);
	x += pane_put(p, row, x, A_BOLD | crt_attr(CRT_GOOD), " NOPM ");
	x += pane_put(p, row, x, A_BOLD, nopm);
	x += pane_put(p, row, x, 0, avg_n);
	x += pane_put(p, row, x, 0, "   ");
	x += pane_put(p, row, x, crt_attr(CRT_OPERATOR), lt);
	if (v->ghost) {
		/* The line is the other run's NOPM now. */
		x += pane_put(p, row, x, crt_attr(CRT_OPERATOR), " ghost NOPM ");
		pane_put(p, row, x, 0, fmt_thousands(v->nticks ? v->ghost[v->nticks - 1] : 0,
						      num, sizeof num));
		return;
	}
	x += pane_put(p, row, x, crt_attr(CRT_OPERATOR), " TPM ");
	x += pane_put(p, row, x, 0, tpm);
	x += pane_put(p, row, x, 0, avg_t);
	pane_put(p, row, x, 0, srv);
}

static void tp_draw(pane *p, const ui_view *v)
{
	linechart *c = p->priv;

	/* The values are rates per minute, one sample a second. */
	pane_frame(p, pane_iw(p) >= 48 ? "NOPM and TPM: per-minute rate of each second"
				       : "NOPM, TPM per min, each second");
	if (!c) {
		pane_put(p, 0, 0, 0, "(too small)");
		return;
	}
	int cols = c->cols, rows = c->rows;
	int n = v->nticks < 2 * cols ? v->nticks : 2 * cols;
	int first = v->nticks - n;
	for (int i = 0; i < n; i++) {
		c->a[i] = v->ticks[first + i].nopm;
		c->b[i] = v->ghost ? v->ghost[first + i] : v->ticks[first + i].tpm;
	}
	linechart_draw(c, p, n, crt_attr(CRT_GOOD), crt_attr(CRT_OPERATOR));
	int x0 = 2 * cols - n;
	/* A sweep's spans over the clock's labels: its steps are the
	 * timeline then; the markers go over both. */
	char taken[LABEL_ROW_MAX];
	int ntaken = cols < LABEL_ROW_MAX ? cols : LABEL_ROW_MAX;
	marker_cols(p, v, first, x0, taken, ntaken);
	linechart_time_axis(c, p, v->ticks + first, n, taken, ntaken);
	stepmarks_draw(c, p, v, v->ticks + first, n);
	draw_markers(p, v, first, x0, rows);
	draw_figures(p, v, rows + 2);
}

const pane_class pane_throughput_class = {
	.name = "throughput",
	.draw = tp_draw,
	.resize = tp_resize,
	.destroy = linechart_pane_destroy,
};
