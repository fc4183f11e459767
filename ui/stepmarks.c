/* stepmarks.c: see stepmarks.h.  A step's settle time runs from the second
 * after its change to the second before its window; a step ended early
 * (next, stop) ends where it was recorded to end. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "run/ab_trial.h"
#include "stepmarks.h"

void stepmarks_draw(const linechart *c, const pane *p, const ui_view *v, const tick *ticks,
		    int n)
{
	if (!n)
		return;
	int now = ticks[n - 1].t;
	for (int i = 0; i < v->nsteps; i++) {
		const engine_step *k = &v->steps[i];
		int end = k->final ? k->r.ended : now;
		int settle_end = k->from ? k->from - 1 : end;
		if (settle_end > end)
			settle_end = end;
		linechart_span(c, p, ticks, n, k->r.started + 1, settle_end, crt_attr(CRT_DIM),
			       crt_g->settle, NULL, NULL);
		if (!k->from)
			continue;
		int wend = k->to < end ? k->to : end;
		/* The closing bracket only once the window is over.  An A/B
		 * trial's segments make a strip of two colours, B's the
		 * warning one, so the arms read apart on the chart. */
		int attr = v->ab_segments && ab_trial_is_b(k->r.index - 1) ? crt_attr(CRT_WARN)
									 : crt_attr(CRT_GOOD);
		linechart_span(c, p, ticks, n, k->from, wend, attr | A_BOLD,
			       crt_g->window, crt_g->window_l, k->final ? crt_g->window_r : NULL);
	}
}
