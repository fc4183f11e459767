/* markers.c: the marker list (M in the console): every change marked on the
 * chart within the seconds it shows, in full, where the chart itself has
 * room only for short labels and drops or cuts those that collide. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "events.h"
#include "markers.h"
#include "pane.h"
#include "textview.h"

#define MARKERS_W 100

/* p95 of one type: the mean of the seconds' p95 over the window each
 * side (the console has no histograms of its own to merge). */
static void p95_means(const ui_view *v, int t, int type, double *before, double *after)
{
	int nb = 0, na = 0;
	*before = *after = 0;
	for (int i = 0; i < v->nticks; i++) {
		int d = v->ticks[i].t - t;
		if (v->ticks[i].commits[type] == 0)
			continue;
		if (d <= 0 && d > -EFFECT_WINDOW)
			*before += v->ticks[i].p95[type], nb++;
		else if (d > 0 && d <= EFFECT_WINDOW)
			*after += v->ticks[i].p95[type], na++;
	}
	*before = nb ? *before / nb : 0;
	*after = na ? *after / na : 0;
}

/* Under a marker: what changed over the 30 s each side, NOPM and each
 * wait class with their noise verdicts, and each type's p95. */
static void what_changed(textview *t, const ui_view *v, const run_event *ev, int width)
{
	char line[1024], fx[320], shown[400];
	size_t o = 0;
	events_effect_text(v, ev, fx, sizeof fx);
	if (!fx[0])
		return;
	crt_arrows(fx, shown, sizeof shown);
	textview_entry(t, "", 16, shown, width);
	for (int k = 0; k < TX_COUNT && o < sizeof line; k++) {
		double b, a;
		p95_means(v, ev->t, k, &b, &a);
		o += (size_t)snprintf(line + o, sizeof line - o, "%s%s %.1f -> %.1f", k ? ", " : "p95 ms ",
				      txn_short[k], b, a);
	}
	crt_arrows(line, shown, sizeof shown);
	textview_entry(t, "", 16, shown, width);
	wait_effect w;
	if (!v->nsamples || !v->nticks)
		return;
	event_waits_effect(v->samples, v->nsamples, v->ticks[v->nticks - 1].t -
			   v->samples[v->nsamples - 1].t, ev->t, EFFECT_WINDOW, &w);
	if (!w.nbefore || !w.nafter)
		return;
	o = (size_t)snprintf(line, sizeof line, "waits (sessions)");
	for (int c = 0; c < WC_COUNT && o < sizeof line; c++)
		if (w.before[c] >= 0.005 || w.after[c] >= 0.005)
			o += (size_t)snprintf(line + o, sizeof line - o, " %s %.2f -> %.2f (%s);",
					      wait_class_labels[c], w.before[c], w.after[c],
					      !w.v[c].known ? "too few s" : w.v[c].beyond ?
					      "beyond noise" : "within noise");
	crt_arrows(line, shown, sizeof shown);
	textview_entry(t, "", 16, shown, width);
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
