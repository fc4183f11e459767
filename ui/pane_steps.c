/* pane_steps.c: a sweep's step table (T shows and hides it): the table
 * the sweep subcommand prints (step.c's steps_table, so the two cannot
 * differ), a row as each step finishes, and a line for the step under
 * way.  The console gives it rows at the bottom of the screen while it is
 * shown, so the charts above stay in view. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "pane.h"
#include "run/step.h"

static int finished(const ui_view *v)
{
	int n = 0;
	for (int i = 0; i < v->nsteps; i++)
		n += v->steps[i].final;
	return n;
}

int pane_steps_height(const ui_view *v, int avail)
{
	if (!v->show_steps || !v->nsteps)
		return 0;
	/* The frame, the table's header and rows, the line under way. */
	int want = 2 + 1 + finished(v) + 1, max = avail / 3;
	if (max < 4)
		max = 4;
	return want < max ? want : max;
}

/* What the step under way is doing, for the line under the table. */
static void under_way(const ui_view *v, const engine_step *k, char *buf, size_t len)
{
	int t = v->st.t, n = k->to - k->from + 1;
	char from[16];
	if (!k->from) {
		snprintf(buf, len, "step %d (%s): making its change", k->r.index, k->r.label);
		return;
	}
	fmt_hms(k->from, from, sizeof from);
	if (t < k->from)
		snprintf(buf, len, "step %d (%s): settling; its %d s window starts at %s",
			 k->r.index, k->r.label, n, from);
	else
		snprintf(buf, len, "step %d (%s): measuring, %d of %d s", k->r.index, k->r.label,
			 t - k->from + 1 < n ? t - k->from + 1 : n, n);
}

static void st_draw(pane *p, const ui_view *v)
{
	static step_result done[ENGINE_STEPS_MAX];    /* only the UI thread draws */
	static char lines[ENGINE_STEPS_MAX + 1][STEP_LINE];
	const engine_step *cur = NULL;
	int n = 0;
	for (int i = 0; i < v->nsteps; i++) {
		if (v->steps[i].final)
			done[n++] = v->steps[i].r;
		else
			cur = &v->steps[i];
	}
	int k = steps_table(done, n, lines, ENGINE_STEPS_MAX + 1);
	char title[96];
	snprintf(title, sizeof title, "Sweep steps: %d done%s (T hides)", n,
		 v->sweeping ? "" : ", sweep over");
	pane_frame(p, title);
	/* The header, then the newest rows that fit, then the line under way. */
	int last = pane_ih(p) - 1, first = 1;
	if (k - 1 > last - 1)
		first = k - (last - 1);
	pane_put_cut(p, 0, 0, crt_attr(CRT_DIM), lines[0]);
	for (int i = first, r = 1; i < k && r < last; i++, r++)
		pane_put_cut(p, r, 0, strstr(lines[i], ")") ? crt_attr(CRT_WARN) : 0, lines[i]);
	char line[320];
	if (cur && v->sweeping)
		under_way(v, cur, line, sizeof line);
	else if (v->sweeping)
		snprintf(line, sizeof line, "the next step is making its change");
	else
		snprintf(line, sizeof line, "the sweep is over: the table is in the results file "
			 "(steps, steps_table)");
	pane_put_cut(p, last, 0, crt_attr(CRT_OPERATOR), line);
}

const pane_class pane_steps_class = {
	.name = "steps",
	.draw = st_draw,
};
