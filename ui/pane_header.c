/* pane_header.c: the top line: what we are connected to and where the run
 * stands.  Unframed: one row. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pane.h"
#include "tpcc/schema.h"

static void header_draw(pane *p, const ui_view *v)
{
	const tpcc_config *c = v->cfg;
	const engine_status *st = &v->st;
	char at[300], el[16], left[32], ph[16], line[2112];   /* room for every part at its longest */
	const char *sep = crt_utf8 ? " \u2502 " : " | ";

	schema_where(c, at, sizeof at);
	fmt_hms(st->t, el, sizeof el);
	snprintf(ph, sizeof ph, "%s", phase_names[st->phase]);
	for (char *q = ph; *q; q++)
		*q = (char)toupper((unsigned char)*q);
	left[0] = '\0';
	/* A sweep holds the steady phase open: its step is what is left. */
	const engine_step *k = v->nsteps ? &v->steps[v->nsteps - 1] : NULL;
	if (v->sweeping && k && v->ab_segments)
		snprintf(left, sizeof left, " A/B segment %d/%d%s", k->r.index, v->ab_segments,
			 k->final ? " done" : "");
	else if (v->sweeping && k)
		snprintf(left, sizeof left, " sweep step %d%s", k->r.index, k->final ? " done" : "");
	else if (v->sweeping)
		snprintf(left, sizeof left, v->ab_segments ? " A/B starting" : " sweep starting");
	else if (st->phase_left >= 0 && st->phase_left < 2000000 && !v->demo) {
		char hms[16];
		fmt_hms(st->phase_left, hms, sizeof hms);
		snprintf(left, sizeof left, " %s left", hms);
	}
	char db[300] = "", label[OPT_STR_MAX + 8] = "";
	if (c->label[0])
		snprintf(label, sizeof label, "%s%s", c->label, sep);
	if (!schema_embedded(c))
		snprintf(db, sizeof db, "%sdb %s", sep, st->database[0] ? st->database : c->database);
	/* What changes and matters most first, so a narrow terminal cuts only
	 * where the database is; the tool's name goes first of all. */
	char state[64];
	/* An offered load the VUs cannot keep up with: the run measures the
	 * backlog, not the rate asked for. */
	if (!v->done && !st->paused && st->last.rate_tpm > 0 && st->last.behind_s > RATE_MET_BEHIND_S)
		snprintf(state, sizeof state, " BEHIND SCHEDULE %.1f s", st->last.behind_s);
	/* The client wants nearly every core: what it measures is its own
	 * ceiling, not the server's. */
	else if (!v->done && !st->paused && st->last.client_bound)
		snprintf(state, sizeof state, " CLIENT-BOUND");
	else
		snprintf(state, sizeof state, "%s", v->done ? " RUN FINISHED" : st->paused ? " PAUSED" : "");
	int n = 0;
	if (p->w >= 110)
		n = snprintf(line, sizeof line, " tpcc-console %s%s", PACKAGE_VERSION, sep);
	snprintf(line + n, sizeof line - (size_t)n, "%s%s%s%s%s%sVUs %d/%d%s%s%sW %d%s%s%s%s%s @ %s%s",
		 n ? "" : " ", v->demo ? (v->demo_paused ? "DEMO (paused) " : "DEMO ") : "", ph, state, left, sep, st->vus, st->vus_target, sep, el, sep,
		 st->warehouses, sep, c->mode, sep, label, st->server_version, at, db);
	move(p->y, p->x);
	attron(crt_attr(CRT_BAR));
	hline(' ', p->w);
	attroff(crt_attr(CRT_BAR));
	/* Cut where the database is, and say so: "tpcc.sqli" read as a name. */
	screen_put_cut(p->y, p->x, p->w, crt_attr(CRT_BAR), line);
}

/* The header has no frame, so pane_draw's minimum size does not apply:
 * it is drawn by the console directly through this class. */
const pane_class pane_header_class = {
	.name = "header",
	.draw = header_draw,
};
