/* report_md.c: the summary (side by side with a ratio column for several
 * runs, then their steady waits) and the steps as Markdown tables, for a
 * blog post or an issue. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "report_ab.h"
#include "report_capacity.h"
#include "report_steps.h"
#include "report_waits_runs.h"

/* The run's steps as a table, the offered load's columns where a step
 * had one. */
static void steps(FILE *out, const rr_run *r)
{
	report_step_table t;
	report_step_table_load(r, &t);
	if (t.n) {
		fprintf(out, "\n### Steps of %s\n\n| step | setting |", report_run_name(r));
		for (int c = 0; c < report_step_ncols; c++)
			if (report_step_col_shown(&report_step_cols[c], REPORT_MD, &t))
				fprintf(out, " %s |", report_step_cols[c].head);
		fputs("\n|---:|---|", out);
		for (int c = 0; c < report_step_ncols; c++)
			if (report_step_col_shown(&report_step_cols[c], REPORT_MD, &t))
				fputs("---:|", out);
		fputc('\n', out);
	}
	for (int i = 0; i < t.n; i++) {
		char set[200];
		fprintf(out, "| %d ", t.rows[i].step);
		snprintf(set, sizeof set, "%s%s", t.rows[i].setting,
			 t.rows[i].complete ? "" : " (cut short)");
		report_md_cell(out, set);
		for (int c = 0; c < report_step_ncols; c++) {
			const report_step_col *col = &report_step_cols[c];
			if (!report_step_col_shown(col, REPORT_MD, &t))
				continue;
			if (col->interval) {
				char ci[64] = "-";
				if (!isnan(t.rows[i].nopm_lo))
					snprintf(ci, sizeof ci, "%.0f..%.0f", t.rows[i].nopm_lo,
						 t.rows[i].nopm_hi);
				report_md_cell(out, ci);
			} else {
				report_md_num(out, report_step_value(&t.rows[i], col), col->decimals);
			}
		}
		fputs("|\n", out);
	}
	report_step_table_free(&t);
}

/* Several runs' steady waits side by side (report_waits_runs.h): a row a
 * run, each class some run spent time in as sessions and share. */
static void waits_runs(FILE *out, rr_run *const *runs, int n)
{
	report_waits_runs t;
	if (n < 2 || report_waits_runs_load(runs, n, &t))
		return;
	fputs("\n### Waits, steady phase, run by run\n\n", out);
	if (!t.any) {
		fputs("No run recorded waits.\n", out);
		report_waits_runs_free(&t);
		return;
	}
	fputs("| run | steady s | busy sessions |", out);
	for (int c = 0; c < WC_COUNT; c++)
		if (t.used[c])
			fprintf(out, " %s sessions | %s share |", wait_class_labels[c],
				wait_class_labels[c]);
	fputs(" top event |\n|---|---:|---:|", out);
	for (int c = 0; c < WC_COUNT; c++)
		if (t.used[c])
			fputs("---:|---:|", out);
	fputs("---|\n", out);
	for (int i = 0; i < t.n; i++) {
		const report_waits_row *w = &t.rows[i];
		char buf[WAIT_EVENT_NAME + 64], run[1100];
		snprintf(run, sizeof run, "%c: %s", 'A' + (i < 26 ? i : 25), report_run_name(w->run));
		report_md_cell(out, run);
		if (!w->has) {
			report_md_cell(out, "no waits recorded");
		} else {
			snprintf(buf, sizeof buf, "%d", w->seconds);
			report_md_cell(out, buf);
		}
		report_md_num(out, w->has ? w->total : NAN, 2);
		for (int c = 0; c < WC_COUNT; c++) {
			if (!t.used[c])
				continue;
			report_md_num(out, w->has ? w->aas[c] : NAN, 2);
			if (w->has)
				snprintf(buf, sizeof buf, "%.0f%%", 100 * w->share[c]);
			report_md_cell(out, w->has ? buf : "-");
		}
		if (w->top[0])
			snprintf(buf, sizeof buf, "%s (%s, %.2f)", w->top, wait_class_labels[w->top_cls],
				 w->top_aas);
		report_md_cell(out, w->top[0] ? buf : "-");
		fputs("|\n", out);
	}
	report_waits_runs_free(&t);
}

int report_md(FILE *out, rr_run *const *runs, int n)
{
	fputs(n == 1 ? "## TPC-C run\n\n" : "## TPC-C runs compared\n\n", out);
	for (int i = 0; i < n; i++) {
		const rr_run *r = runs[i];
		fprintf(out, "- %c: %s: %s, %d warehouse%s, %d VU%s, %s, %d s steady (%s)\n",
			'A' + (i < 26 ? i : 25), report_run_name(r),
			r->server_version[0] ? r->server_version : r->dialect, r->warehouses,
			r->warehouses == 1 ? "" : "s", r->fig.vus_max, r->fig.vus_max == 1 ? "" : "s",
			r->mode, r->fig.steady_seconds, r->started_at);
		if (report_client_bound(r)) {
			char why[400];
			report_client_bound_text(r, why, sizeof why);
			fprintf(out, "  - **%c was client-bound**: %s\n", 'A' + (i < 26 ? i : 25), why);
		}
	}
	fputs("\n", out);
	report_md_cell(out, "figure");
	for (int i = 0; i < n; i++) {
		char h[8];
		snprintf(h, sizeof h, "%c", 'A' + (i < 26 ? i : 25));
		report_md_cell(out, h);
		if (i) {
			snprintf(h, sizeof h, "%c / A", 'A' + (i < 26 ? i : 25));
			report_md_cell(out, h);
		}
	}
	fputs("|\n|---", out);
	for (int i = 0; i < n; i++)
		fputs(i ? "|---:|---:" : "|---:", out);
	fputs("|\n", out);
	for (int f = 0; f < REPORT_FIGURES; f++) {
		char name[64];
		if (!report_figure_shown(runs, n, f))
			continue;
		report_figure(&runs[0]->fig, f, name, sizeof name);
		report_md_cell(out, name);
		double base = NAN;
		for (int i = 0; i < n; i++) {
			double v = report_figure(&runs[i]->fig, f, name, sizeof name);
			if (!i)
				base = v;
			report_md_num(out, v, f < 3 ? 0 : 2);
			if (i)
				report_md_num(out, base > 0 ? v / base : NAN, 3);
		}
		fputs("|\n", out);
	}
	waits_runs(out, runs, n);
	for (int r = 0; r < n; r++) {
		steps(out, runs[r]);
		report_ab *ab = malloc(sizeof *ab);
		if (ab && report_ab_read(runs[r], ab))
			report_ab_md(out, report_run_name(runs[r]), ab);
		free(ab);
		report_capacity *cap = malloc(sizeof *cap);
		if (cap && report_capacity_read(runs[r], cap))
			report_capacity_md(out, report_run_name(runs[r]), cap);
		free(cap);
	}
	return ferror(out) ? -1 : 0;
}
