/* markers.c: the marker list (M in the console): every change marked on the
 * chart within the seconds it shows, in full, where the chart itself has
 * room only for short labels and drops or cuts those that collide. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "events.h"
#include "markers.h"
#include "pane.h"
#include "textview.h"

#define MARKERS_W 100

static const dialect_view *view_of(const ui_view *v, const char *name)
{
	for (const dialect_view *m = v->d ? v->d->view : NULL; m && m->name; m++)
		if (!strcmp(m->name, name))
			return m;
	return NULL;
}

static size_t figure_text(char *buf, size_t len, const char *label, const effect_figure *f,
			  int decimals, double unit, const char *suffix)
{
	if (!len)
		return 0;
	int n = snprintf(buf, len, " %s %.*f%s -> %.*f%s (%s);", label, decimals, f->before / unit,
			 suffix, decimals, f->after / unit, suffix, effect_verdict(&f->v));
	return n < 0 ? 0 : (size_t)n < len ? (size_t)n : len - 1;
}

/* Under a marker: what changed over the 30 s each side, the verdict first,
 * then each type's p95, each wait class and the server's metrics that
 * moved most, each with its noise verdict. */
static void what_changed(textview *t, const ui_view *v, const run_event *ev, int width)
{
	char line[1024], fx[400], shown[1100];
	marker_effect m;
	events_effect_text(v, ev, fx, sizeof fx);
	if (!fx[0])
		return;
	crt_arrows(fx, shown, sizeof shown);
	textview_entry(t, "", 16, shown, width);
	if (events_effect(v->ticks, v->nticks, v->samples, v->nsamples, ev->t, &m))
		return;
	size_t o = (size_t)snprintf(line, sizeof line, "p95 ms");
	for (int k = 0; k < TX_COUNT; k++)
		if (!isnan(m.p95[k].before) && !isnan(m.p95[k].after))
			o += figure_text(line + o, sizeof line - o, txn_short[k], &m.p95[k], 1, 1, "");
	crt_arrows(line, shown, sizeof shown);
	textview_entry(t, "", 16, shown, width);
	if (m.waits) {
		o = (size_t)snprintf(line, sizeof line, "waits (sessions)");
		for (int c = 0; c < WC_COUNT; c++)
			if (m.aas[c].before >= 0.005 || m.aas[c].after >= 0.005)
				o += figure_text(line + o, sizeof line - o, wait_class_labels[c],
						 &m.aas[c], 2, 1, "");
		crt_arrows(line, shown, sizeof shown);
		textview_entry(t, "", 16, shown, width);
	}
	if (m.nmetrics) {
		o = (size_t)snprintf(line, sizeof line, "server, moved most");
		for (int i = 0; i < m.nmetrics; i++) {
			const dialect_view *dv = view_of(v, m.metric[i].name);
			char label[80];
			snprintf(label, sizeof label, "%s%s", dv ? dv->label : m.metric[i].name,
				 m.metric[i].per_s && !(dv && strstr(dv->label, "/s")) ? "/s" : "");
			o += figure_text(line + o, sizeof line - o, label, &m.metric[i].f,
					 dv && dv->unit > 1 ? 1 : 0, dv && dv->unit > 0 ? dv->unit : 1,
					 dv ? dv->suffix : "");
		}
		crt_arrows(line, shown, sizeof shown);
		textview_entry(t, "", 16, shown, width);
	}
}

void markers_draw(const ui_view *v, int span, int *top)
{
	static textview t;        /* only the UI thread draws */
	char label[64], when[16], what[40], text[sizeof v->events[0].text + 16];
	int width = textview_width(MARKERS_W);
	int last_t = v->nticks ? v->ticks[v->nticks - 1].t : v->st.t;
	int from = last_t - span, shown = 0;
	textview_clear(&t);
	for (int i = 0; i < v->nevents; i++) {
		const run_event *ev = &v->events[i];
		if (ev->t < from || !event_marker_label(ev, label, sizeof label))
			continue;
		fmt_hms(ev->t, when, sizeof when);
		snprintf(what, sizeof what, "%s %-6s", when, ev->type);
		crt_arrows(ev->text, text, sizeof text);
		textview_entry(&t, what, 16, text, width);
		what_changed(&t, v, ev, width);
		shown++;
	}
	if (!shown)
		textview_add(&t, 0, "no markers in the chart's view yet");
	char title[96];
	snprintf(title, sizeof title, "Markers in the chart's last %d s (any key closes)", span);
	textview_draw(&t, MARKERS_W, title, top);
}
