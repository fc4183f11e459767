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
#include "run/ab_trial.h"
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
	/* The frame, the table's header and rows, the line under way, and an
	 * A/B trial's running estimate. */
	int want = 2 + 1 + finished(v) + 1 + (v->ab_segments > 0), max = avail / 3;
	if (max < 4)
		max = 4;
	return want < max ? want : max;
}

/* The inner row of the table's last line (the line under way), the A/B
 * estimate's row kept under it. */
static int last_row(const pane *p, const ui_view *v)
{
	int last = pane_ih(p) - 1;
	return v->ab_segments && last >= 2 ? last - 1 : last;
}

int pane_steps_scroll_max(const pane *p, const ui_view *v)
{
	/* The rows between the header and the line under way. */
	int room = last_row(p, v) - 1, rows = finished(v);
	return p->h && rows > room && room > 0 ? rows - room : 0;
}

/* The step under way's line, a step or a segment as what says. */
static void under_way_text(const ui_view *v, const engine_step *k, const char *what,
			   const char *label, char *buf, size_t len)
{
	int t = v->st.t, n = k->to - k->from + 1;
	char from[16];
	if (!k->from) {
		snprintf(buf, len, "%s %d (%s): making its change", what, k->r.index, label);
		return;
	}
	fmt_hms(k->from, from, sizeof from);
	if (t < k->from)
		snprintf(buf, len, "%s %d (%s): settling; its %d s window starts at %s", what,
			 k->r.index, label, n, from);
	else
		snprintf(buf, len, "%s %d (%s): measuring, %d of %d s", what, k->r.index, label,
			 t - k->from + 1 < n ? t - k->from + 1 : n, n);
}

/* What the step under way is doing, for the line under the table; an
 * A/B trial's segment names its arm ("segment 3 (B: ...)"). */
static void under_way(const ui_view *v, const engine_step *k, char *buf, size_t len)
{
	if (!v->ab_segments) {
		under_way_text(v, k, "step", k->r.label, buf, len);
		return;
	}
	char l[STEP_LINE];
	snprintf(l, sizeof l, "%c: %s", ab_trial_is_b(k->r.index - 1) ? 'B' : 'A', k->r.label);
	under_way_text(v, k, "segment", l, buf, len);
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
	/* The header, then the newest rows that fit (or those PgUp went back
	 * to), then the line under way; an A/B trial's estimate last,
	 * narrowing as segments finish. */
	int last = last_row(p, v), max = pane_steps_scroll_max(p, v);
	int back = v->steps_back < max ? v->steps_back : max;
	int first = k - 1 > last - 1 ? k - (last - 1) - back : 1;
	char title[160], rows[64] = "";
	/* Rows out of view: which are shown, and how to see the others. */
	if (max)
		snprintf(rows, sizeof rows, "; rows %d-%d of %d, PgUp/PgDn", first, first + last - 2,
			 k - 1);
	if (v->ab_segments)
		snprintf(title, sizeof title, "A/B trial: %d of %d segments done%s%s (T hides)", n,
			 v->ab_segments, v->sweeping ? "" : ", trial over", rows);
	else
		snprintf(title, sizeof title, "Sweep steps: %d done%s%s (T hides)", n,
			 v->sweeping ? "" : ", sweep over", rows);
	pane_frame(p, title);
	if (last < pane_ih(p) - 1)
		pane_put_cut(p, last + 1, 0, crt_attr(CRT_GOOD) | A_BOLD, v->ab_verdict);
	pane_put_cut(p, 0, 0, crt_attr(CRT_DIM), lines[0]);
	for (int i = first, r = 1; i < k && r < last; i++, r++)
		pane_put_cut(p, r, 0, strstr(lines[i], ")") ? crt_attr(CRT_WARN) : 0, lines[i]);
	char line[320];
	if (cur && v->sweeping)
		under_way(v, cur, line, sizeof line);
	else if (v->sweeping)
		snprintf(line, sizeof line, "the next %s is making its change",
			 v->ab_segments ? "segment" : "step");
	else if (v->ab_segments)
		snprintf(line, sizeof line, "the trial is over: the segments and the estimate are "
			 "in the results file (ab)");
	else
		snprintf(line, sizeof line, "the sweep is over: the table is in the results file "
			 "(steps, steps_table)");
	pane_put_cut(p, last, 0, crt_attr(CRT_OPERATOR), line);
}

const pane_class pane_steps_class = {
	.name = "steps",
	.draw = st_draw,
};
