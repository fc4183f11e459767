/* pane_server.c: the server's own figures, as the monitor samples them over
 * its own connection: what a DBA tuning I/O capacity watches.  Counters are
 * shown per second, gauges as they are; each with a sparkline, but for the
 * gauges that share the last row (threads running, history list length),
 * where the number is what matters.  The rows are the dialect's (InnoDB's,
 * PostgreSQL's...): which figures matter is server knowledge. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "run/batch.h"
#include "pane.h"
#include "tpcc/schema.h"
#include "sparkline.h"

#define LABEL_W 15
#define BRIEF_W 9
#define VALUE_W 10

static int find(const mon_sample *s, const char *name)
{
	for (int i = 0; i < s->nmetrics; i++)
		if (!strcmp(s->metric[i].name, name))
			return i;
	return -1;
}

static double value_of(const mon_sample *s, const dialect_view *m)
{
	int i = find(s, m->name);
	if (i < 0)
		return 0;
	return (m->rate ? s->rate[i] : s->metric[i].value) / m->unit;
}

/* One file's row: label, the size's sparkline where there is room, and
 * the size right-aligned. */
static void file_row(const pane *p, const ui_view *v, int row, const char *label, int log)
{
	const mon_sample *last = &v->samples[v->nsamples - 1];
	char num[32], sp[256 * 3 + 1];
	double vals[256];
	int label_w = pane_iw(p) >= LABEL_W + VALUE_W + 8 ? LABEL_W : BRIEF_W;
	int len = snprintf(num, sizeof num, "%.1f MB", log ? last->log_mb : last->db_mb);
	int w = pane_iw(p) - label_w - len - 2;
	int n = v->nsamples < w ? v->nsamples : w;
	n = n > 256 ? 256 : n < 0 ? 0 : n;
	for (int i = 0; i < n; i++)
		vals[i] = log ? v->samples[v->nsamples - n + i].log_mb : v->samples[v->nsamples - n + i].db_mb;
	pane_put(p, row, 0, 0, label);
	if (n >= 4) {
		spark_render(vals, n, 0, !crt_utf8, sp, sizeof sp);
		pane_put(p, row, label_w, crt_attr(CRT_OPERATOR), sp);
	}
	pane_put(p, row, pane_iw(p) - len - 1, A_BOLD, num);
}

/* A database in a file here (SQLite): no server, but its two files, the
 * log's size over time above all: it should stay bounded (the driver
 * empties it past 16 MB), so a sawtooth is normal and a ramp is not. */
static void files_draw(const pane *p, const ui_view *v)
{
	int rows = pane_wrap(p, 0, crt_attr(CRT_DIM), "SQLite is embedded: no server metrics");
	file_row(p, v, rows, "WAL", 1);
	file_row(p, v, rows + 1, "database", 0);
}

static void srv_draw(pane *p, const ui_view *v)
{
	const mon_sample *last = v->nsamples ? &v->samples[v->nsamples - 1] : NULL;
	char title[64];
	snprintf(title, sizeof title, "Server%s%s", v->d && v->d->view_title ? ": " : "",
		 v->d && v->d->view_title ? v->d->view_title : "");
	pane_frame(p, title);
	if (last && !last->nmetrics && last->db_mb >= 0) {
		files_draw(p, v);
		return;
	}
	if (!last || !last->nmetrics) {
		pane_wrap(p, 0, crt_attr(CRT_DIM), schema_embedded(v->cfg) ?
			  "the database is embedded: no server metrics" :
			  "waiting for the monitor's connection...");
		return;
	}
	/* A dialect without its own rows: every metric by its name. */
	dialect_view named[MON_METRICS_MAX + 1];
	const dialect_view *view = v->d && v->d->view ? v->d->view : named;
	if (view == named) {
		memset(named, 0, sizeof named);
		for (int i = 0; i < last->nmetrics && i < MON_METRICS_MAX; i++)
			named[i] = (dialect_view){ last->metric[i].name, last->metric[i].name,
						   last->metric[i].name, 0, 1, "", 0 };
	}
	/* Too narrow for the labels, a sparkline and the numbers: brief
	 * labels, and the sparklines go first. */
	int narrow = pane_iw(p) < LABEL_W + VALUE_W + 4;
	int label_w = narrow ? BRIEF_W : LABEL_W;
	int r = 0, w = pane_iw(p) - label_w - VALUE_W - 1;
	for (const dialect_view *m = view; m->name && r < pane_ih(p); m++) {
		char num[32], sp[256 * 3 + 1];
		double vals[256];
		if (m->gauge || find(last, m->name) < 0)
			continue;
		int n = v->nsamples < w ? v->nsamples : w;
		n = n > 256 ? 256 : n < 0 ? 0 : n;
		for (int i = 0; i < n; i++)
			vals[i] = value_of(&v->samples[v->nsamples - n + i], m);
		pane_printf(p, r, 0, 0, "%-*.*s", label_w, label_w - 1, narrow ? m->brief : m->label);
		if (n) {
			spark_render(vals, n, 0, !crt_utf8, sp, sizeof sp);
			pane_put(p, r, label_w, crt_attr(CRT_OPERATOR), sp);
		}
		double now = value_of(last, m);
		if (m->unit > 1)
			snprintf(num, sizeof num, "%.1f%s", now, m->suffix);
		else
			fmt_thousands(now, num, sizeof num);
		pane_printf(p, r, label_w + (w > 0 ? w : 0) + 1, A_BOLD, "%*s", VALUE_W - 1, num);
		r++;
	}
	for (int x = 0; view->name; view++) {
		char num[32];
		if (!view->gauge || find(last, view->name) < 0)
			continue;
		fmt_thousands(value_of(last, view), num, sizeof num);
		x += pane_printf(p, r, x, 0, "%s ", narrow ? view->brief : view->label);
		x += pane_printf(p, r, x, A_BOLD, "%s", num);
		x += pane_put(p, r, x, 0, narrow ? " " : "   ");
	}
}

const pane_class pane_server_class = {
	.name = "server",
	.draw = srv_draw,
};
