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
		shown++;
	}
	if (!shown)
		textview_add(&t, 0, "no markers in the chart's view yet");
	char title[96];
	snprintf(title, sizeof title, "Markers in the chart's last %d s (any key closes)", span);
	textview_draw(&t, MARKERS_W, title, top);
}
