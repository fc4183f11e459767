/* pane_waits.c: what the run's sessions waited for, as the monitor samples
 * it (the dialect's classes, src/dialect/waits.h): one row per class with a
 * sparkline of its average active sessions per second, its share of the
 * session time over the last WAITS_RECENT seconds, and its top events over
 * them.  The same drawing serves the pane (120x40 and up) and the overlay
 * the w key opens on a smaller screen. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "pane.h"
#include "overlay.h"
#include "pane_waits.h"
#include "sparkline.h"

#define WAITS_RECENT 10        /* seconds the shares and top events are over */
#define LABEL_W 16
#define BRIEF_W 9
#define VALUE_W 12             /* " 1.23  45%" */
#define SPARK_MAX 60

/* The classes' names as a 16-column row has room for them. */
static const char *const label16[WC_COUNT] = {
	"CPU", "log write/fsync", "data file I/O", "row locks", "table/MDL locks", "buffer pool",
	"mutex/rw-lock", "network/client", "other",
};

/* The samples that carry waits, the last n of them, as their index in v. */
static int with_waits(const ui_view *v, int *idx, int max)
{
	int n = 0;
	for (int i = v->nsamples - 1; i >= 0 && n < max; i--)
		if (v->samples[i].waits.source != WS_NONE)
			idx[n++] = i;
	/* oldest first */
	for (int i = 0; i < n / 2; i++) {
		int t = idx[i];
		idx[i] = idx[n - 1 - i];
		idx[n - 1 - i] = t;
	}
	return n;
}

/* The class's events over the summed seconds, largest first, as
 * "name 0.4, name 0.1" into buf. */
static void class_events(const wait_sum *s, int cls, char *buf, size_t len)
{
	double aas[WC_COUNT];
	wait_event top[WAIT_ACC_EVENTS];
	int n = wait_sum_mean(s, aas, top, WAIT_ACC_EVENTS);
	size_t o = 0;
	buf[0] = '\0';
	for (int i = 0; i < n && o + 8 < len; i++) {
		if (top[i].cls != cls || top[i].aas < 0.005)
			continue;
		o += (size_t)snprintf(buf + o, len - o, "%s%s %.2f", o ? ", " : "", top[i].name,
				      top[i].aas);
	}
	if (o >= len)
		buf[len - 1] = '\0';
}

/* Nothing to show yet, or never: say which. */
static const char *why_none(const ui_view *v)
{
	if (v->wait_kind == WS_NONE && v->nsamples > 2)
		return "this server's waits are not read (no wait source for this dialect or driver)";
	return "waiting for the first second of waits...";
}

int waits_rows(void)
{
	return WC_COUNT + 1;
}

void waits_draw_in(const pane *p, const ui_view *v)
{
	int idx[VIEW_SAMPLES];
	int narrow = pane_iw(p) < 70;
	int label_w = narrow ? BRIEF_W : LABEL_W;
	int spark_w = (pane_iw(p) - label_w - VALUE_W) / 2;
	spark_w = spark_w > SPARK_MAX ? SPARK_MAX : spark_w < 0 ? 0 : spark_w;
	int n = with_waits(v, idx, spark_w > WAITS_RECENT ? spark_w : WAITS_RECENT);
	if (!n) {
		pane_wrap(p, 0, crt_attr(CRT_DIM), why_none(v));
		if (v->wait_note[0])
			pane_wrap(p, 2, crt_attr(CRT_WARN), v->wait_note);
		return;
	}
	/* Shares and events over the last seconds; one scale for every
	 * sparkline, so their heights compare across classes. */
	wait_sum recent;
	wait_sum_reset(&recent);
	double top = 0;
	for (int i = 0; i < n; i++) {
		const wait_second *w = &v->samples[idx[i]].waits;
		if (i >= n - WAITS_RECENT)
			wait_sum_add(&recent, w);
		for (int c = 0; c < WC_COUNT; c++)
			top = w->aas[c] > top ? w->aas[c] : top;
	}
	double mean[WC_COUNT];
	wait_sum_mean(&recent, mean, NULL, 0);
	double total = wait_total(mean);
	int sn = n < spark_w ? n : spark_w;
	for (int c = 0; c < WC_COUNT && c < pane_ih(p); c++) {
		double vals[SPARK_MAX];
		char sp[SPARK_MAX * 3 + 1], ev[256];
		for (int i = 0; i < sn; i++)
			vals[i] = v->samples[idx[n - sn + i]].waits.aas[c];
		int attr = mean[c] >= 0.005 ? 0 : crt_attr(CRT_DIM);
		pane_printf(p, c, 0, attr, "%-*.*s", label_w, label_w - 1,
			    narrow ? wait_class_brief[c] : label16[c]);
		if (sn) {
			spark_render(vals, sn, top, !crt_utf8, sp, sizeof sp);
			pane_put(p, c, label_w, crt_attr(CRT_OPERATOR), sp);
		}
		pane_printf(p, c, label_w + spark_w, mean[c] >= 0.005 ? (int)A_BOLD : attr, "%5.2f %3.0f%%",
			    mean[c], total > 0 ? 100.0 * mean[c] / total : 0.0);
		class_events(&recent, c, ev, sizeof ev);
		if (ev[0])
			pane_put_cut(p, c, label_w + spark_w + VALUE_W, crt_attr(CRT_DIM), ev);
	}
	if (pane_ih(p) > WC_COUNT) {
		char line[400];
		const char *say = v->wait_note[0] ? v->wait_note : v->wait_label;
		snprintf(line, sizeof line, "%.2f sessions active, last %d s%s%s", total,
			 n < WAITS_RECENT ? n : WAITS_RECENT, say[0] ? "; " : "", say);
		pane_put_cut(p, WC_COUNT, 0, strstr(line, "privilege") || strstr(line, "lacks") ?
			     crt_attr(CRT_WARN) : crt_attr(CRT_DIM), line);
	}
}

void waits_title(const ui_view *v, char *buf, size_t len)
{
	snprintf(buf, len, "Waits: sessions by class%s%s%s",
		 v->wait_label[0] ? " (" : "", v->wait_label, v->wait_label[0] ? ")" : "");
}

static void waits_draw(pane *p, const ui_view *v)
{
	char title[160];
	waits_title(v, title, sizeof title);
	pane_frame(p, title);
	waits_draw_in(p, v);
}

const pane_class pane_waits_class = {
	.name = "waits",
	.draw = waits_draw,
};

void waits_overlay_draw(const ui_view *v)
{
	char title[160];
	waits_title(v, title, sizeof title);
	int w = COLS - 2 < 120 ? COLS - 2 : 120;
	pane p = overlay_box(waits_rows() + 2, w, title);
	waits_draw_in(&p, v);
}
