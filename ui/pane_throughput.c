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

/* Time along the x axis: the run's clock at round instants, written into
 * the axis line itself (the row under it holds the marker labels). */
static void draw_time_axis(const pane *p, const ui_view *v, int first, int x0, int rows)
{
	static const int steps[] = { 20, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200 };
	int cols = pane_iw(p) - AXIS_W, n = v->nticks - first;
	/* Two seconds a column: a step of s seconds is s/2 columns apart, and
	 * a label ("12:00", "1:00:00") wants about ten columns of room. */
	int step = steps[0];
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if ((step = steps[i]) / 2 >= 10)
			break;
	int next_free = 0;
	for (int i = 0; i < n; i++) {
		int t = v->ticks[first + i].t;
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
		if (at < next_free || col >= cols)
			continue;
		pane_put(p, rows, AXIS_W + at, crt_attr(CRT_DIM), lab);
		pane_put(p, rows, AXIS_W + col, crt_attr(CRT_DIM), crt_g->axis_up);
		next_free = col + 2;
	}
}

/* Which labels win the row under the axis when they do not all fit: what
 * the operator said first, then what changed the server, then VU changes,
 * then phases. */
static int marker_rank(const run_event *ev)
{
	if (!strcmp(ev->type, "mark"))
		return 0;
	if (!strcmp(ev->type, "knob"))
		return 1;
	if (!strcmp(ev->type, "vus") || !strcmp(ev->type, "pause"))
		return 2;
	return 3;
}

#define LABEL_ROW_MAX 512

/* Markers: a glyph on the axis under the event's second, and labels below,
 * placed in rank order so an operator's mark is never the one dropped; a
 * label that does not fit whole is cut short ("~"). */
static void draw_markers(const pane *p, const ui_view *v, int first, int x0, int rows)
{
	/* A label keeps a blank before the frame, or it would look cut. */
	int cols = pane_iw(p) - AXIS_W, iw = pane_iw(p) - 1;
	int last_t = v->nticks ? v->ticks[v->nticks - 1].t : 0;
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
			if (marker_rank(ev) != rank || !event_marker_label(ev, lab, sizeof lab))
				continue;
			int t = ev->t > last_t ? last_t : ev->t;
			int idx = t - v->ticks[first].t;    /* ticks are one per second */
			int col = (x0 + idx) / 2;
			if (idx < 0 || col < 0 || col >= cols)
				continue;
			int attr = !strcmp(ev->type, "phase") ? crt_attr(CRT_WARN) : crt_attr(CRT_OPERATOR);
			pane_put(p, rows, AXIS_W + col, attr, crt_g->marker);
			int n, at = scale_label_slot(used, iw, AXIS_W + col, (int)strlen(lab), &n);
			if (at < 0)
				continue;
			if (n < (int)strlen(lab)) {
				lab[n - 1] = '~';
				lab[n] = '\0';
			}
			memset(used + at, 1, (size_t)n);
			pane_put(p, rows + 1, at, attr, lab);
		}
}

/* The figures under the chart, most important first: the two rates always,
 * then their steady averages (shortened before they go), then the
 * server's own count, each dropped when the row is too narrow for it. */
static void draw_figures(const pane *p, const ui_view *v, int row)
{
	const tick *last = &v->st.last;
	int steady = v->st.steady.steady_seconds > 0;
	int have_srv = last->server_tpm >= 0 && v->st.t > 0;
	char nopm[24], tpm[24], avg_n[48], avg_t[48], srv[48], num[24];
	fmt_thousands(last->nopm, nopm, sizeof nopm);
	fmt_thousands(last->tpm, tpm, sizeof tpm);
	/* Legends first: the line's look tells NOPM from TPM without colour
	 * (a solid line and a dotted one); each is two columns. */
	const char *ln = crt_utf8 ? "\u2812\u2812" : "::", *lt = crt_utf8 ? "\u2802\u2802" : "++";
	for (int level = 3; level >= 0; level--) {
		avg_n[0] = avg_t[0] = srv[0] = '\0';
		if (steady && level >= 1) {
			snprintf(avg_n, sizeof avg_n, level >= 2 ? " (steady avg %s)" : " (avg %s)",
				 fmt_thousands(v->st.steady.nopm, num, sizeof num));
			snprintf(avg_t, sizeof avg_t, " (avg %s)",
				 fmt_thousands(v->st.steady.tpm, num, sizeof num));
		}
		/* The database's own count, beside ours, where the dialect has one. */
		if (have_srv && level >= 3)
			snprintf(srv, sizeof srv, "   server TPM %s",
				 fmt_thousands(last->server_tpm, num, sizeof num));
		int width = 2 + 6 + (int)strlen(nopm) + (int)strlen(avg_n) + 3 + 2 + 5 +
			    (int)strlen(tpm) + (int)strlen(avg_t) + (int)strlen(srv);
		if (width <= pane_iw(p) || level == 0)
			break;
	}
	int x = pane_put(p, row, 0, crt_attr(CRT_GOOD), ln);
	x += pane_put(p, row, x, A_BOLD | crt_attr(CRT_GOOD), " NOPM ");
	x += pane_put(p, row, x, A_BOLD, nopm);
	x += pane_put(p, row, x, 0, avg_n);
	x += pane_put(p, row, x, 0, "   ");
	x += pane_put(p, row, x, crt_attr(CRT_OPERATOR), lt);
	x += pane_put(p, row, x, crt_attr(CRT_OPERATOR), " TPM ");
	x += pane_put(p, row, x, 0, tpm);
	x += pane_put(p, row, x, 0, avg_t);
	pane_put(p, row, x, 0, srv);
}

static void tp_draw(pane *p, const ui_view *v)
{
	chart *c = p->priv;
	int cols, rows;

	/* The values are rates per minute, one sample a second. */
	pane_frame(p, pane_iw(p) >= 48 ? "NOPM and TPM: per-minute rate of each second"
				       : "NOPM, TPM per min, each second");
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
	braille_plot_dotted(&c->tpm, c->vt, n, x0, top);
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
				g[0] = bn ? braille_ascii(bn | bt) : '+', g[1] = '\0';
			pane_put(p, r, AXIS_W + col, crt_attr(bn ? CRT_GOOD : CRT_OPERATOR), g);
		}
	draw_time_axis(p, v, first, x0, rows);
	draw_markers(p, v, first, x0, rows);
	draw_figures(p, v, rows + 2);
}

const pane_class pane_throughput_class = {
	.name = "throughput",
	.draw = tp_draw,
	.resize = tp_resize,
	.destroy = tp_destroy,
};
