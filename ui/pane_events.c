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
	marker_effect m;
	char a[24];
	buf[0] = '\0';
	if (!events_effect(v->ticks, v->nticks, v->samples, v->nsamples, ev->t, &m)) {
		/* The verdict first: a narrow row keeps it and cuts the
		 * figures; then the wait class that moved most: why. */
		effect_headline(&m, crt_utf8 ? " \u2502 " : " | ", buf, len);
	} else if (m.nbefore) {
		/* A run over (its last phase change among them) has no after
		 * to wait for. */
		snprintf(buf, len, "NOPM %d s before %s | after: %s", EFFECT_WINDOW,
			 fmt_thousands(m.nopm.before, a, sizeof a),
			 v->done && !m.nafter ? "none, the run ended" : "wait");
	}
}

static void ev_draw(pane *p, const ui_view *v)
{
	int rows = pane_ih(p);
	char hms[16], text[600], fx[320];
	pane_frame(p, "Events");
	int first = v->nevents > rows ? v->nevents - rows : 0;
	for (int i = first, r = 0; i < v->nevents; i++, r++) {
		const run_event *ev = &v->events[i];
		fmt_hms(ev->t, hms, sizeof hms);
		crt_arrows(ev->text, text, sizeof text);
		int x = pane_printf(p, r, 0, crt_attr(CRT_DIM), "%s ", hms);
		x += pane_printf(p, r, x, crt_attr(CRT_DIM), "%-8s", ev->type);
		/* A marker: what it set, then what changed (the verdict first),
		 * then the event's whole text, which a narrow row cuts. */
		char label[64], shown[sizeof fx + 16];
		fx[0] = '\0';
		if (event_marker_label(ev, label, sizeof label) && strcmp(ev->type, "vus"))
			events_effect_text(v, ev, fx, sizeof fx);
		if (fx[0]) {
			/* A knob's change ("set x 1 -> 2") before the
			 * server's explanation of it, which goes last. */
			char *why = !strcmp(ev->type, "knob") ? strstr(text, ": ") : NULL;
			if (why)
				*why = '\0';
			x += pane_put_cut(p, r, x, crt_attr(color_of(ev)), text);
			x += pane_put_cut(p, r, x, 0, "   ");
			crt_arrows(fx, shown, sizeof shown);
			x += pane_put_cut(p, r, x, A_BOLD, shown);
			if (why && x + 3 < pane_iw(p))
				pane_put_cut(p, r, x + 3, crt_attr(CRT_DIM), why + 2);
		} else {
			pane_put_cut(p, r, x, crt_attr(color_of(ev)), text);
		}
	}
}

const pane_class pane_events_class = {
	.name = "events",
	.draw = ev_draw,
};
