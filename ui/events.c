#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "events.h"

int events_effect(const tick *ticks, int nt, const mon_sample *samples, int ns, int t,
		  marker_effect *out)
{
	/* The seconds of the two windows, each with its sample. */
	effect_second *s = malloc(sizeof *s * 2 * EFFECT_WINDOW);
	int n = 0, off = nt && ns ? ticks[nt - 1].t - samples[ns - 1].t : 0, j = ns - 1;
	if (!s) {
		memset(out, 0, sizeof *out);
		out->moved = -1;
		return -1;
	}
	for (int i = nt - 1; i >= 0 && n < 2 * EFFECT_WINDOW; i--) {
		int d = ticks[i].t - t;
		if (d <= -EFFECT_WINDOW)
			break;
		if (d > EFFECT_WINDOW)
			continue;
		while (j >= 0 && samples[j].t + off > ticks[i].t)
			j--;
		effect_second_of(&ticks[i], j >= 0 && samples[j].t + off == ticks[i].t ?
				 &samples[j] : NULL, &s[n++]);
	}
	int rc = effect_compute(s, n, t, EFFECT_WINDOW, out);
	free(s);
	return rc;
}
