/* pane_vus.c: one cell per VU, its glyph and colour saying its state (the
 * glyph alone is enough on a monochrome terminal), and a count per state. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "pane.h"

static const char *const glyph_utf8[VU_STATE_COUNT] = {
	"\u25d4", "\u25cf", "\u25e6", "\u25cb", "\u25cc", "\u2716", "\u00b7", "\u00b7",
};
static const char glyph_ascii[VU_STATE_COUNT] = { '+', '#', 't', 'r', 'c', 'E', 's', '.' };
static const enum crt_color color[VU_STATE_COUNT] = {
	CRT_OPERATOR, CRT_GOOD, CRT_NORMAL, CRT_WARN, CRT_WARN, CRT_BAD, CRT_DIM, CRT_DIM,
};

static const char *glyph(int s, char *buf)
{
	if (crt_utf8)
		return glyph_utf8[s];
	buf[0] = glyph_ascii[s];
	buf[1] = '\0';
	return buf;
}

static void vus_draw(pane *p, const ui_view *v)
{
	int count[VU_STATE_COUNT] = { 0 };
	int w = pane_iw(p), rows = pane_ih(p) - 1;
	char title[64], g[2];
	snprintf(title, sizeof title, "VUs %d/%d", v->st.vus, v->st.vus_target);
	pane_frame(p, title);
	int cap = rows > 0 ? rows * w : 0;
	for (int i = 0; i < v->nvu; i++) {
		int s = v->vu[i] < VU_STATE_COUNT ? v->vu[i] : VU_ERROR;
		count[s]++;
		if (i < cap && !(i == cap - 1 && v->nvu > cap))
			pane_put(p, i / w, i % w, crt_attr(color[s]), glyph(s, g));
	}
	if (v->nvu > cap && cap > 0)
		pane_put(p, (cap - 1) / w, (cap - 1) % w, A_BOLD, "+");
	int x = 0;
	for (int s = 0; s < VU_STATE_COUNT && rows >= 0; s++) {
		if (!count[s] || s == VU_DONE)
			continue;
		x += pane_put(p, rows, x, crt_attr(color[s]), glyph(s, g));
		x += pane_printf(p, rows, x, 0, "%s %d ", vu_state_names[s], count[s]);
	}
}

const pane_class pane_vus_class = {
	.name = "vus",
	.draw = vus_draw,
};
