/* report_html.c: the HTML report.  One page a DBA can publish: what ran
 * and on what, the summary, throughput with a 1-minute moving average and
 * every event, latency over time and its steady distribution, CPU, disk
 * and server metrics, the steps of a sweep; with several runs, overlaid
 * on a common time axis from the start of steady, side by side with a
 * ratio against the first, their steady waits side by side
 * (report_waits_runs.c), and what differs in their settings. */
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
#include "report_waits.h"
#include "results/effect.h"
#include "report_waits_runs.h"
#include "svg.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

#define MARKS_MAX 60

static const char css[] =
	"body{font:15px/1.45 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;color:#222;"
	"max-width:1000px;margin:0 auto;padding:12px}\n"
	"h1{font-size:1.5em;margin:.2em 0}h2{font-size:1.15em;margin:1.4em 0 .4em;"
	"border-bottom:1px solid #ccc}\n"
	"table{border-collapse:collapse;margin:.4em 0;font-size:.9em}"
	"td,th{padding:2px 8px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}"
	"td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}\n"
	".wrap{overflow-x:auto}.muted{color:#777}.good{color:#1a7f37}.bad{color:#c62828}\n"
	"svg.chart{width:100%;height:auto;display:block;margin:.3em 0 1em}\n"
	"svg .grid{stroke:#e6e6e6;stroke-width:1}svg .frame{stroke:#999;stroke-width:1}\n"
	"svg .tick{font-size:11px;fill:#555}svg .axis{font-size:12px;fill:#333}\n"
	"svg .ctitle{font-size:14px;font-weight:600;fill:#222}svg .legend{font-size:12px;fill:#333}\n"
	"svg .event{stroke:#888;stroke-width:1;stroke-dasharray:3 3}"
	"svg .elabel{font-size:9px;fill:#333}svg .eflag{fill:#fff;stroke:#888;stroke-width:1}\n"
	".grid2{display:grid;grid-template-columns:repeat(auto-fit,minmax(300px,1fr));gap:0 16px}\n"
	"@media print{body{max-width:none}h2{break-after:avoid}svg.chart{break-inside:avoid}}\n";

static void esc(FILE *out, const char *s)
{
	svg_escape(out, s);
}

/* The client-bound verdict and its reason, when the run was. */
static void client_bound_p(FILE *out, const rr_run *r, const char *who)
{
	char why[400];
	if (!report_client_bound(r))
		return;
	report_client_bound_text(r, why, sizeof why);
	fprintf(out, "<p class=\"client-bound\"><b>%s:</b> ", who);
	esc(out, why);
	fputs(".</p>\n", out);
}

static void cell_num(FILE *out, double v, int decimals)
{
	if (isnan(v))
		fputs("<td class=\"n\">-</td>", out);
	else
		fprintf(out, "<td class=\"n\">%.*f</td>", decimals, v);
}

/* Series of one run, x in seconds from offset (the start of steady when
 * runs are overlaid). */
typedef struct run_series {
	int n;
	double *x, *nopm, *nopm_ma, *tpm, *tpm_ma, *p95[TX_COUNT], *p99[TX_COUNT];
	double *host_user, *host_sys, *host_iowait, *cli, *srv, *r_iops, *w_iops, *r_ms, *w_ms;
	double *metric[RR_METRICS_MAX];
} run_series;

static double *col(int n)
{
	return calloc((size_t)(n ? n : 1), sizeof(double));
}

static int series_make(const rr_run *r, double offset, run_series *s)
{
	int n = r->nticks;
	memset(s, 0, sizeof *s);
	s->n = n;
	double **all[] = { &s->x, &s->nopm, &s->nopm_ma, &s->tpm, &s->tpm_ma, &s->host_user,
			   &s->host_sys, &s->host_iowait, &s->cli, &s->srv, &s->r_iops, &s->w_iops,
			   &s->r_ms, &s->w_ms };
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		if (!(*all[i] = col(n)))
			return -1;
	for (int k = 0; k < TX_COUNT; k++)
		if (!(s->p95[k] = col(n)) || !(s->p99[k] = col(n)))
			return -1;
	for (int m = 0; m < r->nmetrics; m++)
		if (!(s->metric[m] = col(n)))
			return -1;
	for (int i = 0; i < n; i++) {
		const rr_tick *t = &r->ticks[i];
		s->x[i] = t->t - offset;
		s->nopm[i] = t->nopm;
		s->tpm[i] = t->tpm;
		for (int k = 0; k < TX_COUNT; k++) {
			s->p95[k][i] = t->p95[k];
			s->p99[k][i] = t->p99[k];
		}
		s->host_user[i] = t->host_user;
		s->host_sys[i] = t->host_sys;
		s->host_iowait[i] = t->host_iowait;
		s->cli[i] = t->cpu_client;
		s->srv[i] = t->cpu_server;
		s->r_iops[i] = t->r_iops;
		s->w_iops[i] = t->w_iops;
		s->r_ms[i] = t->r_ms;
		s->w_ms[i] = t->w_ms;
		for (int m = 0; m < r->nmetrics; m++)
			s->metric[m][i] = r->metric_counter[m] ? t->metric_per_s[m] : t->metric[m];
	}
	report_moving_avg(s->nopm, n, 60, s->nopm_ma);
	report_moving_avg(s->tpm, n, 60, s->tpm_ma);
	return 0;
}

static void series_free(run_series *s)
{
	double **all[] = { &s->x, &s->nopm, &s->nopm_ma, &s->tpm, &s->tpm_ma, &s->host_user,
			   &s->host_sys, &s->host_iowait, &s->cli, &s->srv, &s->r_iops, &s->w_iops,
			   &s->r_ms, &s->w_ms };
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
		free(*all[i]);
	for (int k = 0; k < TX_COUNT; k++) {
		free(s->p95[k]);
		free(s->p99[k]);
	}
	for (int m = 0; m < RR_METRICS_MAX; m++)
		free(s->metric[m]);
}

static int any_value(const double *y, int n)
{
	for (int i = 0; i < n; i++)
		if (!isnan(y[i]))
			return 1;
	return 0;
}

/* The events worth a flag on a chart: the markers, as the console and
 * the results file's effects know them (results/effect.h), not errors
 * and command echoes, which can be hundreds.  Each is labelled with its
 * number in the markers' table (ev: its index in r->events). */
static int marks_of(const rr_run *r, double offset, svg_mark *marks, char labels[][80], int *ev)
{
	int n = 0;
	for (int i = 0; i < r->nevents && n < MARKS_MAX; i++) {
		const rr_event *e = &r->events[i];
		run_event re = { .t = e->t };
		char label[64];
		snprintf(re.type, sizeof re.type, "%s", e->type);
		snprintf(re.text, sizeof re.text, "%s", e->text);
		if (!event_marker_label(&re, label, sizeof label))
			continue;
		snprintf(labels[n], 80, "%d", n + 1);
		ev[n] = i;
		marks[n].x = e->t - offset;
		marks[n].label = labels[n];
		n++;
	}
	return n;
}

static void chart(FILE *out, const char *id, const char *title, const char *ylabel, const char *xlabel,
		  const svg_series *s, int ns, const svg_mark *m, int nm, int logy, int height)
{
	svg_chart c = { .title = title, .xlabel = xlabel, .ylabel = ylabel, .series = s,
			.nseries = ns, .marks = m, .nmarks = nm, .logy = logy, .y_from_zero = !logy,
			.id = id, .height = height };
	svg_line_chart(out, &c);
}

/* The steady latency distribution of each type: the share of transactions
 * at or below each bucket's top, from the histogram the file holds. */
static void distribution(FILE *out, rr_run *const *runs, int n, int type_only)
{
	svg_series s[TX_COUNT * 8];
	double *xs[TX_COUNT * 8], *ys[TX_COUNT * 8];
	char names[TX_COUNT * 8][96];
	int ns = 0;
	for (int r = 0; r < n && ns < TX_COUNT * 8; r++)
		for (int k = 0; k < TX_COUNT && ns < TX_COUNT * 8; k++) {
			if (type_only >= 0 && k != type_only)
				continue;
			char key[80];
			snprintf(key, sizeof key, "summary.histograms_us.%s.buckets", txn_names[k]);
			json_t *b = rr_object(runs[r], key);
			size_t nb = json_array_size(b);
			if (!nb)
				continue;
			double total = 0, cum = 0;
			for (size_t i = 0; i < nb; i++)
				total += json_number_value(json_array_get(json_array_get(b, i), 2));
			xs[ns] = col((int)nb);
			ys[ns] = col((int)nb);
			if (!xs[ns] || !ys[ns] || total <= 0) {
				free(xs[ns]);
				free(ys[ns]);
				continue;
			}
			for (size_t i = 0; i < nb; i++) {
				json_t *e = json_array_get(b, i);
				cum += json_number_value(json_array_get(e, 2));
				xs[ns][i] = json_number_value(json_array_get(e, 1)) / 1000.0;
				ys[ns][i] = 100.0 * cum / total;
			}
			if (n > 1)
				snprintf(names[ns], sizeof names[ns], "%.90s", report_run_name(runs[r]));
			else
				snprintf(names[ns], sizeof names[ns], "%s", txn_names[k]);
			s[ns] = (svg_series){ .name = names[ns], .cls = "dist", .x = xs[ns], .y = ys[ns],
					      .n = (int)nb, .color = svg_color(n > 1 ? r : k), .width = 2,
					      .keep_all = 1 };
			ns++;
		}
	if (ns) {
		char title[128];
		snprintf(title, sizeof title, "Steady-phase latency distribution%s%s",
			 type_only >= 0 ? ": " : " per transaction type",
			 type_only >= 0 ? txn_names[type_only] : "");
		svg_chart c = { .title = title, .xlabel = "latency, ms (log scale)",
				.ylabel = "% of transactions at or below", .series = s, .nseries = ns,
				.logx = 1, .y_from_zero = 1, .id = "distribution" };
		svg_line_chart(out, &c);
	} else {
		fputs("<p class=\"muted\">No latency histograms in the file (format 1, or a run "
		      "that did not finish).</p>\n", out);
	}
	for (int i = 0; i < ns; i++) {
		free(xs[i]);
		free(ys[i]);
	}
}

static void kv_row(FILE *out, const char *k, const char *v)
{
	fputs("<tr><th>", out);
	esc(out, k);
	fputs("</th><td>", out);
	esc(out, v && v[0] ? v : "-");
	fputs("</td></tr>\n", out);
}

static void about_run(FILE *out, const rr_run *r)
{
	char buf[256], buf2[256];
	fputs("<h2>Run, system and server</h2>\n<div class=\"grid2\"><div><table>\n", out);
	kv_row(out, "label", r->label);
	kv_row(out, "started", r->started_at);
	kv_row(out, "tags", r->tags);
	snprintf(buf, sizeof buf, "%s (%s driver)", r->dialect, r->driver);
	kv_row(out, "database", buf);
	kv_row(out, "server version", r->server_version);
	snprintf(buf, sizeof buf, "%d", r->warehouses);
	kv_row(out, "warehouses", buf);
	kv_row(out, "mode", r->mode);
	kv_row(out, "VUs", rr_text(r, "config.run.vus", buf, sizeof buf));
	snprintf(buf, sizeof buf, "%.40s s ramp-up, %d s steady", rr_text(r, "config.run.rampup", buf2,
									  sizeof buf2) ? buf2 : "?",
		 r->fig.steady_seconds);
	kv_row(out, "phases", buf);
	kv_row(out, "ended", r->cut ? "cut short" : !r->complete ? "unfinished (killed?)" :
	       r->stopped_by[0] ? r->stopped_by : "complete");
	kv_row(out, "departures", rr_text(r, "run.departures", buf, sizeof buf));
	fputs("</table></div><div><table>\n", out);
	kv_row(out, "CPU", rr_text(r, "system.cpu_model", buf, sizeof buf));
	kv_row(out, "CPUs", rr_text(r, "system.cpus", buf, sizeof buf));
	json_t *mem = rr_object(r, "system.memory_bytes");
	if (json_is_integer(mem)) {
		snprintf(buf, sizeof buf, "%.1f GiB", json_integer_value(mem) / 1073741824.0);
		kv_row(out, "memory", buf);
	}
	kv_row(out, "kernel", rr_text(r, "system.kernel", buf, sizeof buf));
	kv_row(out, "data disk", rr_text(r, "system.data_disk.device", buf, sizeof buf));
	kv_row(out, "disk model", rr_text(r, "system.data_disk.model", buf, sizeof buf));
	kv_row(out, "I/O scheduler", rr_text(r, "system.data_disk.scheduler", buf, sizeof buf));
	kv_row(out, "server process", rr_text(r, "system.server_process", buf, sizeof buf));
	fputs("</table></div></div>\n", out);
	json_t *vars = rr_object(r, "system.server_variables");
	if (json_object_size(vars)) {
		const char *k;
		json_t *v;
		fputs("<h2>Server variables</h2>\n<div class=\"wrap\"><table>\n", out);
		json_object_foreach(vars, k, v)
			kv_row(out, k, json_is_string(v) ? json_string_value(v) : "");
		fputs("</table></div>\n", out);
	}
}

static void summary_single(FILE *out, const rr_run *r)
{
	const rr_figures *f = &r->fig;
	fputs("<h2>Summary (steady phase)</h2>\n<div class=\"wrap\"><table>\n", out);
	fprintf(out, "<tr><th>NOPM</th><td class=\"n\"><b>%.0f</b></td><th>TPM</th><td class=\"n\">"
		"%.0f</td><th>server TPM</th>", f->nopm, f->tpm);
	cell_num(out, f->server_tpm, 0);
	fprintf(out, "<th>steady</th><td class=\"n\">%d s</td></tr>\n<tr><th>errors</th>",
		f->steady_seconds);
	cell_num(out, f->errors, 0);
	fputs("<th>retries</th>", out);
	cell_num(out, f->retries, 0);
	fputs("<th>client CPU s / 1,000 NO</th>", out);
	cell_num(out, f->cpu_per_1000_no, 3);
	fprintf(out, "<th>VUs (max)</th><td class=\"n\">%d</td></tr>\n", f->vus_max);
	if (f->rate_offered > 0) {
		fputs("<tr><th>offered TPM</th>", out);
		cell_num(out, f->rate_offered, 0);
		fputs("<th>achieved TPM</th>", out);
		cell_num(out, f->rate_achieved, 0);
		fputs("<th>behind schedule max s</th>", out);
		cell_num(out, f->behind_max_s, 3);
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
	fputs("<table><tr><th>type</th><th class=\"n\">commits</th><th class=\"n\">avg ms</th>"
	      "<th class=\"n\">p50</th><th class=\"n\">p90</th><th class=\"n\">p95</th>"
	      "<th class=\"n\">p99</th><th class=\"n\">max</th></tr>\n", out);
	for (int k = 0; k < TX_COUNT; k++) {
		char key[96];
		static const char *const what[] = { "avg", "p50", "p90", "p95", "p99", "max" };
		fputs("<tr><td>", out);
		esc(out, txn_names[k]);
		fputs("</td>", out);
		snprintf(key, sizeof key, "summary.commits.%s", txn_names[k]);
		json_t *c = rr_object(r, key);
		cell_num(out, json_is_number(c) ? json_number_value(c) : NAN, 0);
		for (size_t w = 0; w < sizeof what / sizeof what[0]; w++) {
			snprintf(key, sizeof key, "summary.latency_ms.%s.%s", txn_names[k], what[w]);
			json_t *v = rr_object(r, key);
			double d = json_is_number(v) ? json_number_value(v) :
				!strcmp(what[w], "p95") ? f->p95[k] : !strcmp(what[w], "p99") ? f->p99[k] : NAN;
			cell_num(out, d, d >= 100 ? 0 : d >= 10 ? 1 : 2);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
	json_t *checks = rr_object(r, "summary.audit.checks");
	if (json_array_size(checks)) {
		fputs("<table><tr><th>TPC-C audit bounds</th></tr>\n", out);
		for (size_t i = 0; i < json_array_size(checks); i++) {
			const char *line = json_string_value(json_array_get(checks, i));
			fprintf(out, "<tr><td class=\"%s\">", line && strstr(line, " OUT") ? "bad" : "");
			esc(out, line ? line : "");
			fputs("</td></tr>\n", out);
		}
		fputs("</table>\n", out);
	}
	fputs("</div>\n", out);
	if (r->missing[0]) {
		fputs("<p class=\"muted\">Note: ", out);
		esc(out, r->missing);
		fputs(".</p>\n", out);
	}
}

static void ratio_cell(FILE *out, double base, double v, int higher_better)
{
	if (isnan(base) || isnan(v) || base == 0) {
		fputs("<td class=\"n\">-</td>", out);
		return;
	}
	double q = v / base;
	int good = higher_better ? q > 1.02 : q < 0.98, bad = higher_better ? q < 0.98 : q > 1.02;
	fprintf(out, "<td class=\"n ratio %s\">%.3f</td>", good ? "good" : bad ? "bad" : "", q);
}

static void summary_multi(FILE *out, rr_run *const *runs, int n)
{
	fputs("<h2>Summary (steady phase), side by side</h2>\n<div class=\"wrap\"><table>\n<tr>"
	      "<th>figure</th>", out);
	for (int i = 0; i < n; i++) {
		fprintf(out, "<th class=\"n\">%c: ", 'A' + (i < 26 ? i : 25));
		esc(out, report_run_name(runs[i]));
		fputs("</th>", out);
		if (i)
			fprintf(out, "<th class=\"n\">%c / A</th>", 'A' + (i < 26 ? i : 25));
	}
	fputs("</tr>\n", out);
	for (int f = 0; f < REPORT_FIGURES; f++) {
		char name[64];
		if (!report_figure_shown(runs, n, f))
			continue;
		int hb = f < 2;
		int dec = f < 3 ? 0 : 2;
		report_figure(&runs[0]->fig, f, name, sizeof name);
		fputs("<tr><td>", out);
		esc(out, name);
		fputs("</td>", out);
		double base = NAN;
		for (int i = 0; i < n; i++) {
			double v = report_figure(&runs[i]->fig, f, name, sizeof name);
			if (i == 0)
				base = v;
			cell_num(out, v, dec);
			if (i)
				ratio_cell(out, base, v, hb);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	for (int i = 0; i < n; i++)
		if (runs[i]->missing[0]) {
			fprintf(out, "<p class=\"muted\">%c: ", 'A' + (i < 26 ? i : 25));
			esc(out, runs[i]->missing);
			fputs(".</p>\n", out);
		}
}

/* One value of a run's document, flattened: what differs between runs. */
static void flatten(json_t *o, const char *prefix, json_t *into)
{
	const char *k;
	json_t *v;
	json_object_foreach(o, k, v) {
		char key[256];
		snprintf(key, sizeof key, "%s%s", prefix, k);
		if (json_is_object(v)) {
			char p[260];
			snprintf(p, sizeof p, "%s.", key);
			flatten(v, p, into);
		} else if (!json_is_array(v)) {
			json_object_set(into, key, v);
		}
	}
}

static void differences(FILE *out, rr_run *const *runs, int n)
{
	json_t *flat[32];
	int m = n < 32 ? n : 32, shown = 0;
	if (m < 2)
		return;   /* nothing to set side by side */
	for (int i = 0; i < m; i++) {
		flat[i] = json_object();
		json_t *sub = json_object();
		json_object_set(sub, "run", rr_object(runs[i], "run"));
		json_object_set(sub, "system", rr_object(runs[i], "system"));
		json_object_set(sub, "config", rr_object(runs[i], "config"));
		flatten(sub, "", flat[i]);
		json_decref(sub);
	}
	const char *k;
	json_t *v;
	fputs("<h2>What differs between the runs</h2>\n<div class=\"wrap\"><table>\n<tr><th>setting"
	      "</th>", out);
	for (int i = 0; i < m; i++)
		fprintf(out, "<th>%c</th>", 'A' + (i < 26 ? i : 25));
	fputs("</tr>\n", out);
	json_object_foreach(flat[0], k, v) {
		int differ = 0;
		if (!strcmp(k, "run.started_at") || !strcmp(k, "run.label") || !strncmp(k, "run.tags", 8))
			continue;
		for (int i = 1; i < m; i++)
			if (!json_equal(v, json_object_get(flat[i], k)))
				differ = 1;
		if (!differ)
			continue;
		shown++;
		fputs("<tr><th>", out);
		esc(out, k);
		fputs("</th>", out);
		for (int i = 0; i < m; i++) {
			char *t = report_scalar(json_object_get(flat[i], k));
			fputs("<td>", out);
			esc(out, t ? t : "(absent)");
			fputs("</td>", out);
			free(t);
		}
		fputs("</tr>\n", out);
	}
	if (!shown)
		fputs("<tr><td>none: same settings, same system</td></tr>\n", out);
	fputs("</table></div>\n", out);
	for (int i = 0; i < m; i++)
		json_decref(flat[i]);
}

static void events_table(FILE *out, const rr_run *r)
{
	int shown = 0;
	fputs("<h2>Events</h2>\n<div class=\"wrap\"><table>\n<tr><th class=\"n\">t (s)</th>"
	      "<th>type</th><th>what</th></tr>\n", out);
	for (int i = 0; i < r->nevents && shown < 300; i++, shown++) {
		const rr_event *e = &r->events[i];
		fprintf(out, "<tr><td class=\"n\">%d</td><td>", e->t);
		esc(out, e->type);
		fputs("</td><td>", out);
		esc(out, e->text);
		fputs("</td></tr>\n", out);
	}
	fputs("</table></div>\n", out);
	if (r->nevents > shown)
		fprintf(out, "<p class=\"muted\">%d more events in the file.</p>\n", r->nevents - shown);
}

/* A sweep's steps, when the file has them: the table the sweep printed,
 * and NOPM and New-Order's p95 against the swept value. */
static void steps(FILE *out, const rr_run *r)
{
	report_step_table t;
	report_step_table_load(r, &t);
	if (t.n <= 0)
		return;
	const report_step *st = t.rows;
	int ns = t.n;
	fputs("<h2>Steps</h2>\n<div class=\"wrap\"><table>\n<tr><th>step</th><th>setting</th>", out);
	for (int c = 0; c < report_step_ncols; c++)
		if (report_step_col_shown(&report_step_cols[c], REPORT_HTML, &t))
			fprintf(out, "<th>%s</th>", report_step_cols[c].head);
	fputs("</tr>\n", out);
	for (int i = 0; i < ns; i++) {
		fprintf(out, "<tr><td class=\"n\">%d</td><td>", st[i].step);
		esc(out, st[i].setting);
		if (!st[i].complete)
			fputs(" <span class=\"muted\">(cut short)</span>", out);
		fputs("</td>", out);
		for (int c = 0; c < report_step_ncols; c++)
			if (report_step_col_shown(&report_step_cols[c], REPORT_HTML, &t))
				cell_num(out, report_step_value(&st[i], &report_step_cols[c]),
					 report_step_cols[c].decimals);
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	double *x = col(ns), *y = col(ns), *p = col(ns), *lo = col(ns), *hi = col(ns);
	if (x && y && p && lo && hi) {
		for (int i = 0; i < ns; i++) {
			x[i] = isnan(st[i].value) ? st[i].step : st[i].value;
			y[i] = st[i].nopm;
			p[i] = st[i].p95_no;
			lo[i] = st[i].nopm_lo;
			hi[i] = st[i].nopm_hi;
		}
		if (any_value(y, ns)) {
			/* Each step's mean with its 95% interval as a band around it. */
			svg_series s[3] = {
				{ .name = "NOPM", .cls = "steps", .x = x, .y = y, .n = ns,
				  .color = svg_color(0), .width = 2.5, .keep_all = 1 },
				{ .name = "95% interval", .cls = "steps-ci", .x = x, .y = lo, .n = ns,
				  .color = svg_color(0), .width = 1, .dashed = 1, .keep_all = 1 },
				{ .name = NULL, .cls = "steps-ci", .x = x, .y = hi, .n = ns,
				  .color = svg_color(0), .width = 1, .dashed = 1, .keep_all = 1 },
			};
			chart(out, "steps", "NOPM per step, with its 95% interval", "NOPM", t.swept, s,
			      any_value(lo, ns) ? 3 : 1, NULL, 0, 0, 260);
		}
		if (any_value(p, ns)) {
			svg_series s = { .name = "p95 New-Order", .cls = "steps-p95", .x = x, .y = p,
					 .n = ns, .color = svg_color(1), .width = 2.5, .keep_all = 1 };
			chart(out, "steps-p95", "New-Order p95 per step", "ms", t.swept, &s, 1, NULL, 0, 0,
			      260);
		}
	}
	free(x);
	free(y);
	free(p);
	free(lo);
	free(hi);
	report_step_table_free(&t);
}

/* An A/B trial: the verdict, the estimates, and each arm's segments
 * drawn against the segment's place in the run (a drift shows as both
 * lines sloping; the effect is the gap between them). */
static void ab_trial(FILE *out, const rr_run *r)
{
	report_ab *abp = malloc(sizeof *abp);
	if (!abp || !report_ab_read(r, abp)) {
		free(abp);
		return;
	}
	const report_ab *a = abp;
	fputs("<h2>A/B trial</h2>\n<p>A: <code>", out);
	esc(out, a->a);
	fputs("</code>; B: <code>", out);
	esc(out, a->b);
	fprintf(out, "</code>; order %s</p>\n<p class=\"verdict\"><b>", a->order);
	esc(out, a->verdict);
	fputs("</b></p>\n<div class=\"wrap\"><table>\n<tr><th>figure</th><th>B against A "
	      "%</th><th>95% low</th><th>95% high</th></tr>\n", out);
	for (int i = 0; i < a->nest; i++) {
		fputs("<tr><td>", out);
		esc(out, a->est[i].figure);
		fputs("</td>", out);
		cell_num(out, a->est[i].change_pct, 1);
		cell_num(out, a->est[i].lo_pct, 1);
		cell_num(out, a->est[i].hi_pct, 1);
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	double *x[2] = { col(a->nseg), col(a->nseg) }, *y[2] = { col(a->nseg), col(a->nseg) };
	int k[2] = { 0, 0 };
	if (x[0] && x[1] && y[0] && y[1]) {
		for (int i = 0; i < a->nseg; i++) {
			int b = a->seg[i].is_b;
			x[b][k[b]] = a->seg[i].segment;
			y[b][k[b]++] = a->seg[i].complete ? a->seg[i].nopm : NAN;
		}
		svg_series s[2] = {
			{ .name = "A", .cls = "ab-a", .x = x[0], .y = y[0], .n = k[0],
			  .color = svg_color(0), .width = 2.5, .keep_all = 1 },
			{ .name = "B", .cls = "ab-b", .x = x[1], .y = y[1], .n = k[1],
			  .color = svg_color(1), .width = 2.5, .keep_all = 1 },
		};
		if (any_value(y[0], k[0]) || any_value(y[1], k[1]))
			chart(out, "ab", "NOPM per segment, A and B", "NOPM", "segment", s, 2, NULL, 0,
			      0, 260);
	}
	for (int i = 0; i < 2; i++) {
		free(x[i]);
		free(y[i]);
	}
	free(abp);
}

/* A capacity search: the knee, and the latency-throughput curve: each
 * limit's figure against the rate offered (log latency: it climbs by
 * orders of magnitude past the knee), the knee marked, then the table. */
static void capacity(FILE *out, const rr_run *r)
{
	report_capacity *c = malloc(sizeof *c);
	if (!c || !report_capacity_read(r, c)) {
		free(c);
		return;
	}
	fprintf(out, "<h2>Capacity</h2>\n<p class=\"verdict\"><b>");
	if (isnan(c->knee_tpm))
		fputs("No rate tried held every limit.", out);
	else
		fprintf(out, "Knee at %.0f TPM offered (NOPM %.0f): the highest rate that held every "
			"limit at %d VUs.", c->knee_tpm, c->knee_nopm, c->vus);
	fputs("</b></p>\n", out);
	svg_series s[REPORT_CAP_LIMITS];
	double *x = col(c->npt), *y[REPORT_CAP_LIMITS] = { 0 };
	int ok = x != NULL, ns = 0;
	for (int l = 0; l < c->nlim && ok; l++)
		ok = (y[l] = col(c->npt)) != NULL;
	if (ok && c->npt > 0) {
		for (int i = 0; i < c->npt; i++) {
			x[i] = c->pt[i].offered;
			for (int l = 0; l < c->nlim; l++)
				y[l][i] = c->pt[i].ms[l] > 0 ? c->pt[i].ms[l] : NAN;
		}
		for (int l = 0; l < c->nlim; l++)
			if (any_value(y[l], c->npt))
				s[ns++] = (svg_series){ .name = c->limit[l], .cls = "capacity",
							.x = x, .y = y[l], .n = c->npt,
							.color = svg_color(l), .width = 2,
							.keep_all = 1 };
		svg_mark m = { .x = c->knee_tpm, .label = "knee" };
		if (ns)
			chart(out, "capacity", "Latency against the offered rate", "ms",
			      "offered TPM", s, ns, &m, isnan(c->knee_tpm) ? 0 : 1, 1, 280);
	}
	fputs("<div class=\"wrap\"><table>\n<tr><th>offered TPM</th><th>achieved TPM</th>"
	      "<th>NOPM</th>", out);
	for (int l = 0; l < c->nlim; l++) {
		fputs("<th>", out);
		esc(out, c->limit[l]);
		fprintf(out, " ms (&le; %.0f)</th>", c->limit_ms[l]);
	}
	fputs("<th>held</th></tr>\n", out);
	for (int i = 0; i < c->npt; i++) {
		fputs("<tr>", out);
		cell_num(out, c->pt[i].offered, 0);
		cell_num(out, c->pt[i].achieved, 0);
		cell_num(out, c->pt[i].nopm, 0);
		for (int l = 0; l < c->nlim; l++)
			cell_num(out, c->pt[i].ms[l], 1);
		fputs(c->pt[i].held ? "<td>yes</td>" : "<td>no: ", out);
		if (!c->pt[i].held) {
			esc(out, c->pt[i].failed);
			fputs("</td>", out);
		}
		fputs("</tr>\n", out);
	}
	fputs("</table></div>\n", out);
	free(x);
	/* All of them, not c->nlim: y starts zeroed, and the bound cannot be
	 * one the calls above could have changed. */
	for (int l = 0; l < REPORT_CAP_LIMITS; l++)
		free(y[l]);
	free(c);
}

static void charts_single(FILE *out, const rr_run *r)
{
	run_series s;
	svg_mark marks[MARKS_MAX];
	char labels[MARKS_MAX][80];
	int evs[MARKS_MAX];
	if (series_make(r, 0, &s)) {
		series_free(&s);
		return;
	}
	int nm = marks_of(r, 0, marks, labels, evs), nev = nm;
	int n = s.n;
	/* Where NOPM settled, by MSER-5 (the summary's steady_state). */
	json_t *from = rr_object(r, "summary.steady_state.from_t");
	if (json_is_integer(from) && nm < MARKS_MAX) {
		marks[nm].x = (double)json_integer_value(from);
		snprintf(labels[nm], sizeof labels[nm], "steady (MSER-5)");
		marks[nm].label = labels[nm];
		nm++;
	}
	fputs("<h2>Throughput</h2>\n", out);
	svg_series th[] = {
		{ .name = "NOPM", .cls = "nopm", .x = s.x, .y = s.nopm, .n = n, .color = svg_color(0),
		  .width = 1, .opacity = 0.35, .keep_all = 1 },
		{ .name = "NOPM, 1-min moving average", .cls = "nopm-ma", .x = s.x, .y = s.nopm_ma, .n = n,
		  .color = svg_color(0), .width = 2.5 },
		{ .name = "TPM", .cls = "tpm", .x = s.x, .y = s.tpm, .n = n, .color = svg_color(1),
		  .width = 1, .opacity = 0.3 },
		{ .name = "TPM, 1-min moving average", .cls = "tpm-ma", .x = s.x, .y = s.tpm_ma, .n = n,
		  .color = svg_color(1), .width = 2.5 },
	};
	chart(out, "throughput", "New-Orders (NOPM) and all transactions (TPM) per minute, each second",
	      "per minute", "seconds since the start", th, 4, marks, nm, 0, 340);
	/* The events' flags only: the steady mark after them is no event. */
	report_markers_table(out, r, evs, nev);
	report_waits_chart(out, r, s.x, marks, nm);
	fputs("<h2>Latency over time</h2>\n", out);
	svg_series p95[TX_COUNT], p99[TX_COUNT];
	for (int k = 0; k < TX_COUNT; k++) {
		p95[k] = (svg_series){ .name = txn_names[k], .cls = "p95", .x = s.x, .y = s.p95[k], .n = n,
				       .color = svg_color(k), .width = 1.3 };
		p99[k] = p95[k];
		p99[k].cls = "p99";
		p99[k].y = s.p99[k];
	}
	chart(out, "p95", "p95 latency per transaction type, each second", "ms (log scale)",
	      "seconds since the start", p95, TX_COUNT, marks, nm, 1, 0);
	chart(out, "p99", "p99 latency per transaction type, each second", "ms (log scale)",
	      "seconds since the start", p99, TX_COUNT, marks, nm, 1, 0);
	rr_run *const one[] = { (rr_run *)r };
	distribution(out, one, 1, -1);
	fputs("<h2>CPU and disk</h2>\n", out);
	svg_series cpu[] = {
		{ .name = "host user %", .cls = "cpu", .x = s.x, .y = s.host_user, .n = n, .color = svg_color(0) },
		{ .name = "host system %", .cls = "cpu", .x = s.x, .y = s.host_sys, .n = n, .color = svg_color(1) },
		{ .name = "host iowait %", .cls = "cpu", .x = s.x, .y = s.host_iowait, .n = n, .color = svg_color(2) },
		{ .name = "client % of a core", .cls = "cpu", .x = s.x, .y = s.cli, .n = n, .color = svg_color(3) },
		{ .name = "server % of a core", .cls = "cpu", .x = s.x, .y = s.srv, .n = n, .color = svg_color(4) },
	};
	chart(out, "cpu", "CPU: the host (all CPUs), the client and the server process (one core = 100)",
	      "percent", "seconds since the start", cpu, 5, marks, nm, 0, 0);
	if (any_value(s.w_iops, n) || any_value(s.r_iops, n)) {
		svg_series io[] = {
			{ .name = "reads/s", .cls = "disk", .x = s.x, .y = s.r_iops, .n = n, .color = svg_color(0) },
			{ .name = "writes/s", .cls = "disk", .x = s.x, .y = s.w_iops, .n = n, .color = svg_color(1) },
		};
		chart(out, "iops", "Data disk: I/Os per second", "IOPS", "seconds since the start", io, 2,
		      marks, nm, 0, 240);
		svg_series ms[] = {
			{ .name = "ms per read", .cls = "disk", .x = s.x, .y = s.r_ms, .n = n, .color = svg_color(0) },
			{ .name = "ms per write", .cls = "disk", .x = s.x, .y = s.w_ms, .n = n, .color = svg_color(1) },
		};
		chart(out, "iolat", "Data disk: average ms per I/O", "ms", "seconds since the start", ms, 2,
		      marks, nm, 0, 240);
	} else {
		char why[200];
		fputs("<p class=\"muted\">No disk figures: ", out);
		esc(out, rr_text(r, "unavailable.disk", why, sizeof why) ? why : "none recorded");
		fputs(".</p>\n", out);
	}
	if (r->nmetrics) {
		fputs("<h2>Server metrics</h2>\n<div class=\"grid2\">\n", out);
		for (int m = 0; m < r->nmetrics; m++) {
			char title[96];
			snprintf(title, sizeof title, "%s%s", r->metric_name[m],
				 r->metric_counter[m] ? " per second" : "");
			svg_series one_m = { .name = NULL, .cls = "metric", .x = s.x, .y = s.metric[m], .n = n,
					     .color = svg_color(m), .width = 1.5 };
			svg_chart c = { .title = title, .series = &one_m, .nseries = 1, .y_from_zero = 1,
					.width = 480, .height = 220, .xlabel = "s" };
			svg_line_chart(out, &c);
		}
		fputs("</div>\n", out);
	} else {
		char why[200];
		fputs("<p class=\"muted\">No server metrics: ", out);
		esc(out, rr_text(r, "unavailable.server_metrics", why, sizeof why) ? why : "none recorded");
		fputs(".</p>\n", out);
	}
	series_free(&s);
}

static double steady_start(const rr_run *r)
{
	return r->steady_to > r->steady_from ? r->ticks[r->steady_from].t - 1 : 0;
}

static void charts_multi(FILE *out, rr_run *const *runs, int n)
{
	run_series s[16];
	svg_series th[32], ma[16], lat[16], cpu[16];
	char names[16][300];
	int m = n < 16 ? n : 16;
	for (int i = 0; i < m; i++) {
		if (series_make(runs[i], steady_start(runs[i]), &s[i])) {
			for (int j = 0; j <= i; j++)
				series_free(&s[j]);
			return;
		}
		snprintf(names[i], sizeof names[i], "%c: %.200s", 'A' + i, report_run_name(runs[i]));
		th[2 * i] = (svg_series){ .name = NULL, .cls = "nopm", .x = s[i].x, .y = s[i].nopm,
					  .n = s[i].n, .color = svg_color(i), .width = 1, .opacity = 0.3,
					  .keep_all = 1 };
		th[2 * i + 1] = (svg_series){ .name = names[i], .cls = "nopm-ma", .x = s[i].x,
					      .y = s[i].nopm_ma, .n = s[i].n, .color = svg_color(i),
					      .width = 2.5 };
		ma[i] = (svg_series){ .name = names[i], .cls = "tpm-ma", .x = s[i].x, .y = s[i].tpm_ma,
				      .n = s[i].n, .color = svg_color(i), .width = 2 };
		lat[i] = (svg_series){ .name = names[i], .cls = "p95", .x = s[i].x,
				       .y = s[i].p95[TX_NEW_ORDER], .n = s[i].n, .color = svg_color(i),
				       .width = 1.3 };
		cpu[i] = (svg_series){ .name = names[i], .cls = "cpu", .x = s[i].x, .y = s[i].cli,
				       .n = s[i].n, .color = svg_color(i), .width = 1.3 };
	}
	svg_mark zero = { .x = 0, .label = "steady starts" };
	fputs("<h2>Throughput, aligned at the start of steady</h2>\n", out);
	chart(out, "throughput", "NOPM each second (faint) and its 1-minute moving average", "NOPM",
	      "seconds since the start of steady", th, 2 * m, &zero, 1, 0, 340);
	chart(out, "tpm", "TPM, 1-minute moving average", "TPM", "seconds since the start of steady",
	      ma, m, &zero, 1, 0, 0);
	fputs("<h2>Latency</h2>\n", out);
	chart(out, "p95", "New-Order p95 latency each second", "ms (log scale)",
	      "seconds since the start of steady", lat, m, &zero, 1, 1, 0);
	distribution(out, runs, m, TX_NEW_ORDER);
	fputs("<h2>Client CPU</h2>\n", out);
	chart(out, "cpu", "Client CPU, percent of one core", "percent",
	      "seconds since the start of steady", cpu, m, &zero, 1, 0, 240);
	for (int i = 0; i < m; i++)
		series_free(&s[i]);
}

int report_html(FILE *out, rr_run *const *runs, int n)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", out);
	if (n == 1) {
		fputs("TPC-C run: ", out);
		esc(out, report_run_name(runs[0]));
	} else {
		fprintf(out, "TPC-C: %d runs compared", n);
	}
	fprintf(out, "</title>\n<style>\n%s</style></head><body>\n<h1>", css);
	if (n == 1) {
		const rr_run *r = runs[0];
		fputs("TPC-C run", out);
		if (r->label[0]) {
			fputs(": ", out);
			esc(out, r->label);
		}
		fputs("</h1>\n<p>", out);
		fprintf(out, "%.0f NOPM, %.0f TPM over %d s of steady phase; %d warehouse%s, %d VU%s, ",
			r->fig.nopm, r->fig.tpm, r->fig.steady_seconds, r->warehouses,
			r->warehouses == 1 ? "" : "s", r->fig.vus_max, r->fig.vus_max == 1 ? "" : "s");
		esc(out, r->server_version[0] ? r->server_version : r->dialect);
		fputs(", ", out);
		esc(out, r->started_at);
		fputs(".</p>\n", out);
		client_bound_p(out, r, "Client-bound");
		summary_single(out, r);
		charts_single(out, r);
		about_run(out, r);
		steps(out, r);
		ab_trial(out, r);
		capacity(out, r);
		events_table(out, r);
	} else {
		fprintf(out, "TPC-C: %d runs compared</h1>\n<p>Ratios are against A, the first run; "
			"charts are aligned at the start of each run's steady phase.</p>\n", n);
		for (int i = 0; i < n; i++) {
			char who[32];
			snprintf(who, sizeof who, "%c was client-bound", 'A' + (i < 26 ? i : 25));
			client_bound_p(out, runs[i], who);
		}
		summary_multi(out, runs, n);
		charts_multi(out, runs, n);
		report_waits_runs_html(out, runs, n);
		differences(out, runs, n);
		for (int i = 0; i < n; i++)
			steps(out, runs[i]);
	}
	fputs("<p class=\"muted\">Made by tpcc-console " PACKAGE_VERSION " from ", out);
	for (int i = 0; i < n; i++) {
		fputs(i ? ", " : "", out);
		esc(out, runs[i]->path);
	}
	fputs(". NOPM is New-Order commits per minute counted by the client; it is not tpmC.</p>\n"
	      "</body></html>\n", out);
	return ferror(out) ? -1 : 0;
}
