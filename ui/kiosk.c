/* kiosk.c: see kiosk.h.  Rows from the top: the header, the digits block
 * (5 rows, 10 on a big terminal) with the latest change beside it, the
 * caption, then the chart down to the message row. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "run/batch.h"
#include "bigdigits.h"
#include "events.h"
#include "kiosk.h"

/* Block digits twice the size where the chart keeps most of the screen. */
static int digit_scale(void)
{
	return LINES >= 40 && COLS >= 160 ? 2 : 1;
}

int kiosk_layout(console *c)
{
	int top = 1 + BIGDIGITS_H * digit_scale() + 1;   /* header, digits, caption */
	int rc = 0;
	for (int i = 0; i < P_COUNT; i++)
		if (i != P_THROUGHPUT)
			rc |= pane_place(&c->panes[i], 0, 0, 0, 0);
	rc |= pane_place(&c->panes[P_THROUGHPUT], top, 0, LINES - 2 - top, COLS);
	return rc;
}

/* The newest change with a before/after verdict (a knob or a mark), else
 * the newest marker of any kind; NULL when there is none yet. */
static const run_event *latest_change(const ui_view *v)
{
	char lab[64];
	const run_event *any = NULL;
	for (int i = v->nevents - 1; i >= 0; i--) {
		const run_event *ev = &v->events[i];
		if (!event_marker_label(ev, lab, sizeof lab))
			continue;
		if (!strcmp(ev->type, "knob") || !strcmp(ev->type, "mark"))
			return ev;
		if (!any)
			any = ev;
	}
	return any;
}

/* Text from column x of row y to the screen's right edge, folded at
 * spaces onto at most rows rows; returns the rows used. */
static int put_folded(int y, int x, int rows, int attr, const char *s)
{
	int used = 0, width = COLS - x - 1;
	if (width < 8)
		return 0;
	while (*s && used < rows) {
		const char *at = s;
		int n = pane_fold(&s, width);
		char line[512];
		snprintf(line, sizeof line, "%.*s", n, at);
		screen_put(y + used++, x, width, attr, line);
	}
	return used;
}

void kiosk_draw(const console *c)
{
	const ui_view *v = &c->v;
	int scale = digit_scale(), dh = BIGDIGITS_H * scale;
	char num[32], row[512], hms[16], lab[64], text[256];

	/* NOPM: the figure people came for, the biggest thing on the screen. */
	fmt_thousands(v->st.last.nopm, num, sizeof num);
	int x = 1, label_w = 6;
	screen_put(1, x, label_w, A_BOLD | crt_attr(CRT_GOOD), "NOPM");
	for (int r = 0; r < dh; r++) {
		bigdigits_row(num, r, scale, crt_utf8, row, sizeof row);
		screen_put(1 + r, x + label_w, COLS - x - label_w, A_BOLD | crt_attr(CRT_GOOD), row);
	}
	/* Beside the digits: VUs, and the latest change with its verdict. */
	int tx = x + label_w + bigdigits_width(num, scale) + 3;
	if (tx < COLS * 2 / 5 + 2)
		tx = COLS * 2 / 5 + 2;       /* a steady column as NOPM's width changes */
	int ty = 1;
	char tpm[32];
	fmt_thousands(v->st.last.tpm, tpm, sizeof tpm);
	snprintf(text, sizeof text, "VUs %d   TPM %s   p95 New-Order %.1f ms", v->st.vus, tpm,
		 v->st.last.p95[TX_NEW_ORDER]);
	ty += put_folded(ty, tx, 2, A_BOLD, text);
	const run_event *ev = latest_change(v);
	if (!ev) {
		put_folded(ty, tx, dh - (ty - 1), crt_attr(CRT_DIM), "no change yet: the chart marks each one");
	} else {
		event_marker_label(ev, lab, sizeof lab);
		fmt_hms(ev->t, hms, sizeof hms);
		snprintf(text, sizeof text, "%s %s %s", crt_utf8 ? "\u25b2" : "^", lab, hms);
		ty += put_folded(ty, tx, 1, A_BOLD | crt_attr(CRT_OPERATOR), text);
		if (!strcmp(ev->type, "knob") || !strcmp(ev->type, "mark")) {
			events_effect_text(v, ev, text, sizeof text);
			char shown[300];
			crt_arrows(text, shown, sizeof shown);
			if (shown[0])
				put_folded(ty, tx, dh - (ty - 1), 0, shown);
		}
	}
	/* The caption: what just happened and what to watch. */
	const char *cap = v->caption[0] ? v->caption : v->demo ? "" : "K leaves the kiosk view";
	put_folded(1 + dh, 1, 1, A_BOLD, cap);
}
