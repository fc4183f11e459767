/* pane_events.c: the run's timeline, newest at the bottom.  A knob change
 * or a mark carries the NOPM of the 30 s before it and after it, side by
 * side, and whether the change is beyond their noise. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "run/batch.h"
#include "events.h"
#include "pane.h"

#define EFFECT_WINDOW 30

static enum crt_color color_of(const run_event *ev)
{
	if (!strcmp(ev->type, "error"))
		return CRT_BAD;
	if (!strcmp(ev->type, "phase") || !strcmp(ev->type, "pause") ||
	    !strcmp(ev->type, "warning"))
		return CRT_WARN;
	if (!strcmp(ev->type, "command") || !strcmp(ev->type, "sql"))
		return CRT_DIM;
	return CRT_OPERATOR;
}

void events_effect_text(const ui_view *v, const run_event *ev, char *buf, size_t len)
{
	event_effect fx;
	char a[24], b[24];
	buf[0] = '\0';
	event_effect_of(v->ticks, v->nticks, ev->t, EFFECT_WINDOW, &fx);
	if (!fx.nbefore)
		return;
	if (!fx.nafter) {
		snprintf(buf, len, "NOPM %d s before %s | after: wait", EFFECT_WINDOW,
			 fmt_thousands(fx.before, a, sizeof a));
		return;
	}
	double pct = fx.before > 0 ? 100.0 * (fx.after - fx.before) / fx.before : 0;
	snprintf(buf, len, "NOPM %d s before %s | after %s (%+.1f%%, %s)%s", EFFECT_WINDOW,
		 fmt_thousands(fx.before, a, sizeof a), fmt_thousands(fx.after, b, sizeof b), pct,
		 !fx.v.known ? "too few s to judge" : fx.v.beyond ? "beyond noise" : "within noise",
		 fx.nafter < EFFECT_WINDOW ? " so far" : "");
}

static void ev_draw(pane *p, const ui_view *v)
{
	int rows = pane_ih(p);
	char hms[16], text[600], fx[160];
	pane_frame(p, "Events");
	int first = v->nevents > rows ? v->nevents - rows : 0;
	for (int i = first, r = 0; i < v->nevents; i++, r++) {
		const run_event *ev = &v->events[i];
		fmt_hms(ev->t, hms, sizeof hms);
		crt_arrows(ev->text, text, sizeof text);
		int x = pane_printf(p, r, 0, crt_attr(CRT_DIM), "%s ", hms);
		x += pane_printf(p, r, x, crt_attr(CRT_DIM), "%-8s", ev->type);
		x += pane_put_cut(p, r, x, crt_attr(color_of(ev)), text);
		if ((!strcmp(ev->type, "knob") || !strcmp(ev->type, "mark")) && x + 3 < pane_iw(p)) {
			events_effect_text(v, ev, fx, sizeof fx);
			pane_put_cut(p, r, x + 3, 0, fx);
		}
	}
}

const pane_class pane_events_class = {
	.name = "events",
	.draw = ev_draw,
};
