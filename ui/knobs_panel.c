/* knobs_panel.c: the server variables worth watching (run.knobs, or the
 * driver's usual ones) with their live values, and for each the last change
 * with the NOPM of the 30 s before and after it side by side.  Enter edits
 * the selected one: the command line opens with "set NAME ", so the change
 * is an ordinary command, logged and on the timeline. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "console_state.h"
#include "overlay.h"
#include "scale.h"

/* The latest knob event for name, or NULL. */
static const run_event *last_change(const ui_view *v, const char *name)
{
	size_t n = strlen(name);
	for (int i = v->nevents - 1; i >= 0; i--) {
		const run_event *ev = &v->events[i];
		if (!strcmp(ev->type, "knob") && !strncmp(ev->text + 4, name, n) && ev->text[4 + n] == ' ')
			return ev;
	}
	return NULL;
}

/* The change beside the value; its verdict, with the wait class that
 * explains it, longer than the room there even in the widest box, on the
 * row under the knob from the left.  Either is cut short ("~") before the
 * frame. */
#define CHANGE_COL 49
#define VERDICT_COL 3

void knobs_draw(const console *c)
{
	worker_knob k[WORKER_KNOBS];
	int n = worker_knobs(c->wk, k, WORKER_KNOBS);
	pane p = overlay_box(2 * n + 4, 110, "Knobs (Up/Down, Enter: set, r: re-read, Esc: close)");
	char hms[16], fx[320], text[sizeof c->v.events[0].text + 40], shown[sizeof text + 64];
	pane_printf(&p, 0, 1, crt_attr(CRT_DIM), " %-31s %-14s", "variable (*: changed)", "value");
	pane_put_cut(&p, 0, CHANGE_COL, crt_attr(CRT_DIM), "last change; NOPM under it");
	for (int i = 0; i < n; i++) {
		int sel = i == c->knob_sel;
		int a = sel ? A_REVERSE : 0;
		/* '*': changed in this run, not yet put back. */
		pane_printf(&p, 1 + 2 * i, 1, a, "%c%-31s", k[i].changed ? '*' : ' ', k[i].name);
		char val[sizeof k[i].value];
		scale_trim_zeros(k[i].value, val, sizeof val);
		pane_printf(&p, 1 + 2 * i, 34, k[i].ok ? (int)A_BOLD : crt_attr(CRT_BAD), "%-14.60s", val);
		const run_event *ev = last_change(&c->v, k[i].name);
		if (ev) {
			fmt_hms(ev->t, hms, sizeof hms);
			snprintf(text, sizeof text, "%s %s", hms, ev->text + 4);
			crt_arrows(text, shown, sizeof shown);
			pane_put_cut(&p, 1 + 2 * i, CHANGE_COL, crt_attr(CRT_OPERATOR), shown);
			events_effect_text(&c->v, ev, fx, sizeof fx);
			crt_arrows(fx, shown, sizeof shown);
			pane_put_cut(&p, 2 + 2 * i, VERDICT_COL, 0, shown);
		}
	}
	if (!n)
		pane_put_cut(&p, 1, 1, 0, "no knobs for this driver: set run.knobs in the config file");
}

int knobs_key(console *c, int key)
{
	char line[128];
	int n = c->nknobs;
	switch (key) {
	case KEY_UP: case 'K':
		c->knob_sel = c->knob_sel > 0 ? c->knob_sel - 1 : 0;
		break;
	case KEY_DOWN: case 'J': case 'j':
		c->knob_sel = c->knob_sel + 1 < n ? c->knob_sel + 1 : c->knob_sel;
		break;
	case 'r':
		worker_read_knobs(c->wk);
		break;
	case '\r': case '\n': case KEY_ENTER:
		if (n) {
			snprintf(line, sizeof line, "set %s ", c->knobs[c->knob_sel]);
			cmdline_open(&c->cl, line);
			c->mode = MODE_CMDLINE;
		}
		break;
	case KEY_RESIZE:
		return ACT_LAYOUT | ACT_DRAW;
	default:
		c->mode = MODE_NORMAL;
		break;
	}
	return ACT_DRAW;
}
