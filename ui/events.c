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
