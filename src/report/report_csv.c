/* report_csv.c: the per-second series of every run, then the events, the
 * runs' steady waits side by side (several runs), then the steps, as CSV
 * for a spreadsheet (RFC 4180 quoting; empty cells for figures not
 * measured). */
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
#include "util/utf8.h"

/* A quoted field, in UTF-8: a byte that is not becomes U+FFFD. */
static void field(FILE *out, const char *text)
{
	char *fixed = utf8_repair(text, strlen(text), NULL);
	fputc('"', out);
	for (const char *s = fixed ? fixed : text; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
	free(fixed);
}

/* ",NAME SUFFIX" for a name the file gave (a server metric, a latency
 * limit, an A/B figure): bare, as the fixed columns are, unless RFC 4180
 * wants it quoted (a comma, a quote, a line break), so a column never
 * splits in two. */
static void name_cell(FILE *out, const char *name, const char *suffix)
{
	char *s = NULL;
	if (asprintf(&s, "%s%s", name, suffix) < 0)
		return;
	fputc(',', out);
	if (strpbrk(s, ",\"\r\n"))
		field(out, s);
	else
		fputs(s, out);
	free(s);
}

static void num(FILE *out, double v)
{
	if (isnan(v))
		fputc(',', out);
	else
		fprintf(out, ",%.6g", v);
}

/* The run's steps, every column of the model. */
static void steps(FILE *out, const rr_run *r)
{
	report_step_table t;
	report_step_table_load(r, &t);
	if (t.n) {
		fputs("\nrun,step,setting", out);
		for (int c = 0; c < report_step_ncols; c++)
			if (report_step_col_shown(&report_step_cols[c], REPORT_CSV, &t))
				fprintf(out, ",%s", report_step_cols[c].csv);
		fputc('\n', out);
	}
	for (int i = 0; i < t.n; i++) {
		field(out, report_run_name(r));
		fprintf(out, ",%d,", t.rows[i].step);
		field(out, t.rows[i].setting);
		for (int c = 0; c < report_step_ncols; c++) {
			const report_step_col *col = &report_step_cols[c];
			double v = report_step_value(&t.rows[i], col);
			if (!report_step_col_shown(col, REPORT_CSV, &t))
				continue;
			if (col->boolean)
				fprintf(out, ",%s", v ? "true" : "false");
			else
				num(out, v);
		}
		fputc('\n', out);
	}
	report_step_table_free(&t);
}

/* An A/B trial's estimates and segments (report_ab.h), when r has one. */
static void ab_rows(FILE *out, const rr_run *r)
{
	report_ab *ab = malloc(sizeof *ab);
	if (!ab || !report_ab_read(r, ab)) {
		free(ab);
		return;
	}
	fputs("\nrun,ab_figure,change_pct,lo_pct,hi_pct,excludes_zero\n", out);
	for (int i = 0; i < ab->nest; i++) {
		field(out, report_run_name(r));
		name_cell(out, ab->est[i].figure, "");
		num(out, ab->est[i].change_pct);
		num(out, ab->est[i].lo_pct);
		num(out, ab->est[i].hi_pct);
		fprintf(out, ",%s\n", ab->est[i].excludes_zero ? "true" : "false");
	}
	fputs("\nrun,ab_segment,arm,complete,nopm,p95_new_order_ms\n", out);
	for (int i = 0; i < ab->nseg; i++) {
		field(out, report_run_name(r));
		fprintf(out, ",%d,%s,%s", ab->seg[i].segment, ab->seg[i].is_b ? "B" : "A",
			ab->seg[i].complete ? "true" : "false");
		num(out, ab->seg[i].nopm);
		num(out, ab->seg[i].p95_no);
		fputc('\n', out);
	}
	free(ab);
}

/* A capacity search's curve (report_capacity.h), when r has one: a row
 * per rate tried, each limit's figure in its own column. */
static void capacity_rows(FILE *out, const rr_run *r)
{
	report_capacity *c = malloc(sizeof *c);
	if (!c || !report_capacity_read(r, c)) {
		free(c);
		return;
	}
	fputs("\nrun,section,offered_tpm,achieved_tpm,nopm,held,knee", out);
	for (int l = 0; l < c->nlim; l++)
		name_cell(out, c->limit[l], "_ms");
	fputs(",failed\n", out);
	for (int i = 0; i < c->npt; i++) {
		field(out, report_run_name(r));
		fputs(",capacity", out);
		num(out, c->pt[i].offered);
		num(out, c->pt[i].achieved);
		num(out, c->pt[i].nopm);
		fprintf(out, ",%s,%s", c->pt[i].held ? "true" : "false",
			c->pt[i].offered == c->knee_tpm ? "true" : "false");
		for (int l = 0; l < c->nlim; l++)
			num(out, c->pt[i].ms[l]);
		fputc(',', out);
		field(out, c->pt[i].failed);
		fputc('\n', out);
	}
	free(c);
}

/* Several runs' steady waits side by side (report_waits_runs.h): a row a
 * run, every class's sessions and share (0..1), so the columns are the
 * same whatever the runs; a run without waits has source "none" and
 * empty cells. */
static void waits_runs(FILE *out, rr_run *const *runs, int n)
{
	report_waits_runs t;
	if (n < 2 || report_waits_runs_load(runs, n, &t))
		return;
	if (t.any) {
		fputs("\nrun,section,waits_source,steady_seconds,busy_sessions", out);
		for (int c = 0; c < WC_COUNT; c++)
			fprintf(out, ",%s_sessions,%s_share", wait_class_names[c], wait_class_names[c]);
		fputs(",top_event,top_event_class,top_event_sessions\n", out);
	}
	for (int i = 0; t.any && i < t.n; i++) {
		const report_waits_row *w = &t.rows[i];
		field(out, report_run_name(w->run));
		fputs(",waits_steady,", out);
		field(out, !w->has ? "none" : w->source);
		if (w->has)
			fprintf(out, ",%d", w->seconds);
		else
			fputc(',', out);
		num(out, w->has ? w->total : NAN);
		for (int c = 0; c < WC_COUNT; c++) {
			num(out, w->has ? w->aas[c] : NAN);
			num(out, w->has ? w->share[c] : NAN);
		}
		fputc(',', out);
		if (w->top[0]) {
			field(out, w->top);
			fprintf(out, ",%s", wait_class_names[w->top_cls]);
			num(out, w->top_aas);
		} else {
			fputs(",,", out);
		}
		fputc('\n', out);
	}
	report_waits_runs_free(&t);
}

int report_csv(FILE *out, rr_run *const *runs, int n)
{
	fputs("run,t,phase,vus,nopm,tpm,server_tpm", out);
	for (int k = 0; k < TX_COUNT; k++)
		fprintf(out, ",p95_%s_ms,p99_%s_ms", txn_names[k], txn_names[k]);
	fputs(",errors,cpu_client,host_user,host_system,host_iowait,cpu_server,r_iops,w_iops,"
	      "r_ms,w_ms", out);
	/* The metrics are the first run's: others fill the columns they share. */
	const rr_run *f = runs[0];
	for (int m = 0; m < f->nmetrics; m++)
		name_cell(out, f->metric_name[m], f->metric_counter[m] ? "_per_s" : "");
	fputs(",offered_tpm,behind_s,behind_txn\n", out);
	for (int r = 0; r < n; r++) {
		const rr_run *x = runs[r];
		for (int i = 0; i < x->nticks; i++) {
			const rr_tick *t = &x->ticks[i];
			field(out, report_run_name(x));
			fprintf(out, ",%d,%s,%d", t->t, phase_names[t->phase], t->vus);
			num(out, t->nopm);
			num(out, t->tpm);
			num(out, t->server_tpm);
			for (int k = 0; k < TX_COUNT; k++) {
				num(out, t->p95[k]);
				num(out, t->p99[k]);
			}
			double v[] = { t->errors, t->cpu_client, t->host_user, t->host_sys, t->host_iowait,
				       t->cpu_server, t->r_iops, t->w_iops, t->r_ms, t->w_ms };
			for (size_t j = 0; j < sizeof v / sizeof v[0]; j++)
				num(out, v[j]);
			for (int m = 0; m < f->nmetrics; m++) {
				double mv = NAN;
				for (int j = 0; j < x->nmetrics; j++)
					if (!strcmp(x->metric_name[j], f->metric_name[m]))
						mv = f->metric_counter[m] ? t->metric_per_s[j] : t->metric[j];
				num(out, mv);
			}
			num(out, t->offered_tpm);
			num(out, t->behind_s);
			num(out, t->behind_txn);
			fputc('\n', out);
		}
	}
	fputs("\nrun,t,event_type,event\n", out);
	for (int r = 0; r < n; r++)
		for (int i = 0; i < runs[r]->nevents; i++) {
			const rr_event *e = &runs[r]->events[i];
			field(out, report_run_name(runs[r]));
			fprintf(out, ",%d,", e->t);
			field(out, e->type);
			fputc(',', out);
			field(out, e->text);
			fputc('\n', out);
		}
	waits_runs(out, runs, n);
	for (int r = 0; r < n; r++) {
		steps(out, runs[r]);
		ab_rows(out, runs[r]);
		capacity_rows(out, runs[r]);
	}
	return ferror(out) ? -1 : 0;
}
