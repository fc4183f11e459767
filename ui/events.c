#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "events.h"

int event_marker_label(const run_event *ev, char *buf, size_t len)
{
	int a, b;
	char name[64], from[64], to[64];
	if (!strcmp(ev->type, "vus") && sscanf(ev->text, "vus %d -> %d", &a, &b) == 2) {
		snprintf(buf, len, "VUs %d", b);
		return 1;
	}
	/* A change, or a put-back (the demo's, the end of a sweep's). */
	if (!strcmp(ev->type, "knob") &&
	    (sscanf(ev->text, "set %63s %63s -> %63s", name, from, to) == 3 ||
	     sscanf(ev->text, "put back %63s %63s -> %63s", name, from, to) == 3)) {
		/* "-> 900: SET GLOBAL: ..." carries the server's note after it. */
		size_t l = strlen(to);
		if (l > 1 && to[l - 1] == ':')
			to[l - 1] = '\0';
		snprintf(buf, len, "%s %s", name, to);
		return 1;
	}
	if (!strcmp(ev->type, "rate") && sscanf(ev->text, "rate %63s -> %63s", from, to) == 2) {
		snprintf(buf, len, "rate %s", to);
		return 1;
	}
	if (!strcmp(ev->type, "phase")) {
		const char *arrow = strstr(ev->text, "-> ");
		snprintf(buf, len, "%s", arrow ? arrow + 3 : "extended");
		return strncmp(ev->text, "phase idle", 10) != 0;
	}
	char colon;
	/* A sweep's step where it begins ("step 2/5: vus=4, settling ..."). */
	if (!strcmp(ev->type, "step") && sscanf(ev->text, "step %d/%d%c", &a, &b, &colon) == 3 &&
	    colon == ':') {
		snprintf(buf, len, "step %d", a);
		return 1;
	}
	if (!strcmp(ev->type, "mark") || !strcmp(ev->type, "pause")) {
		snprintf(buf, len, "%s", ev->text);
		return 1;
	}
	return 0;
}

#define WINDOW_MAX 600

void event_effect_of(const tick *ticks, int n, int t, int window, event_effect *out)
{
	double sb = 0, sa = 0, xb[WINDOW_MAX], xa[WINDOW_MAX];
	noise_stat nb, na;
	memset(out, 0, sizeof *out);
	if (window > WINDOW_MAX)
		window = WINDOW_MAX;
	for (int i = 0; i < n; i++) {
		int d = ticks[i].t - t;
		if (d <= 0 && d > -window) {
			sb += ticks[i].nopm;
			xb[out->nbefore++] = ticks[i].nopm;
		} else if (d > 0 && d <= window) {
			sa += ticks[i].nopm;
			xa[out->nafter++] = ticks[i].nopm;
		}
	}
	out->before = out->nbefore ? sb / out->nbefore : 0;
	out->after = out->nafter ? sa / out->nafter : 0;
	noise_blocks(xb, out->nbefore, &nb);
	noise_blocks(xa, out->nafter, &na);
	noise_compare(out->before, &nb, out->after, &na, &out->v);
}

void event_waits_effect(const mon_sample *s, int n, int off, int t, int window, wait_effect *out)
{
	static double xb[WC_COUNT][WINDOW_MAX], xa[WC_COUNT][WINDOW_MAX];  /* the UI thread's */
	memset(out, 0, sizeof *out);
	out->moved = -1;
	if (window > WINDOW_MAX)
		window = WINDOW_MAX;
	for (int i = 0; i < n; i++) {
		if (s[i].waits.source == WS_NONE)
			continue;
		int d = s[i].t + off - t;
		if (d <= 0 && d > -window) {
			for (int c = 0; c < WC_COUNT; c++)
				xb[c][out->nbefore] = s[i].waits.aas[c];
			out->nbefore++;
		} else if (d > 0 && d <= window) {
			for (int c = 0; c < WC_COUNT; c++)
				xa[c][out->nafter] = s[i].waits.aas[c];
			out->nafter++;
		}
	}
	if (!out->nbefore || !out->nafter)
		return;
	double most = 0;
	for (int c = 0; c < WC_COUNT; c++) {
		noise_stat nb, na;
		for (int i = 0; i < out->nbefore; i++)
			out->before[c] += xb[c][i] / out->nbefore;
		for (int i = 0; i < out->nafter; i++)
			out->after[c] += xa[c][i] / out->nafter;
		noise_blocks(xb[c], out->nbefore, &nb);
		noise_blocks(xa[c], out->nafter, &na);
		noise_compare(out->before[c], &nb, out->after[c], &na, &out->v[c]);
		double d = out->after[c] - out->before[c];
		d = d < 0 ? -d : d;
		if (d > most) {
			most = d;
			out->moved = c;
		}
	}
}

void wait_effect_text(const wait_effect *w, char *buf, size_t len)
{
	buf[0] = '\0';
	if (w->moved < 0)
		return;
	int c = w->moved;
	const char *noun = c == WC_CPU || c == WC_ROW_LOCK || c == WC_TABLE_LOCK ? "" : " waits";
	const char *judged = !w->v[c].known ? "" : w->v[c].beyond ? "" : " (within noise)";
	double b = w->before[c], a = w->after[c];
	/* From about nothing a percentage says nothing: sessions instead. */
	if (b < 0.05)
		snprintf(buf, len, "%s%s %+.1f sessions%s", wait_class_labels[c], noun, a - b, judged);
	else
		snprintf(buf, len, "%s%s %+.0f%%%s", wait_class_labels[c], noun, 100.0 * (a - b) / b,
			 judged);
}
