/* report_common.c: what the HTML, CSV and Markdown reports share: a run's
 * name, the moving average, the side-by-side figures, a JSON scalar as
 * text. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "report.h"
#include "results/client_bound.h"
#include "util/utf8.h"

int report_client_bound(const rr_run *r)
{
	return json_is_true((json_t *)rr_object(r, "summary.client_bound.verdict"));
}

/* A number of the summary's client_bound object; absent (a file from
 * before the figure, or null), none. */
static double cb_num(const rr_run *r, const char *key, double none)
{
	char path[64];
	snprintf(path, sizeof path, "summary.client_bound.%s", key);
	json_t *v = rr_object(r, path);
	return json_is_number(v) ? json_number_value(v) : none;
}

void report_client_bound_text(const rr_run *r, char *buf, size_t len)
{
	cb_facts f = {
		.cpu_share = cb_num(r, "cpu_share", 0), .behind_share = cb_num(r, "behind_share", 0),
		.vus = r->fig.vus_max, .offered_tpm = r->fig.rate_offered,
		.txn_ms = cb_num(r, "txn_ms", NAN),
	};
	client_bound_text(&f, buf, len);
}

const char *report_run_name(const rr_run *r)
{
	if (r->label[0])
		return r->label;
	const char *s = strrchr(r->path, '/');
	return s ? s + 1 : r->path;
}

void report_moving_avg(const double *y, int n, int window, double *ma)
{
	int h = window / 2;
	for (int i = 0; i < n; i++) {
		double s = 0;
		int c = 0;
		for (int j = i - h; j < i + h; j++)
			if (j >= 0 && j < n && !isnan(y[j])) {
				s += y[j];
				c++;
			}
		ma[i] = c ? s / c : NAN;
	}
}

static double rate_figure(const rr_figures *g, int k, char *name, size_t len)
{
	static const char *const names[REPORT_RATE_FIGURES] = {
		"offered TPM", "achieved TPM", "behind schedule max s" };
	snprintf(name, len, "%s", names[k]);
	return k == 0 ? g->rate_offered : k == 1 ? g->rate_achieved : g->behind_max_s;
}

int report_figure_shown(rr_run *const *runs, int n, int f)
{
	char name[64];
	if (f < REPORT_FIGURES - REPORT_RATE_FIGURES)
		return 1;
	for (int i = 0; i < n; i++)
		if (!isnan(report_figure(&runs[i]->fig, f, name, sizeof name)))
			return 1;
	return 0;
}

double report_figure(const rr_figures *g, int f, char *name, size_t len)
{
	if (f >= REPORT_FIGURES - REPORT_RATE_FIGURES)
		return rate_figure(g, f - (REPORT_FIGURES - REPORT_RATE_FIGURES), name, len);
	if (f == 0)
		snprintf(name, len, "NOPM");
	else if (f == 1)
		snprintf(name, len, "TPM");
	else if (f == 2)
		snprintf(name, len, "errors");
	else if (f == 3)
		snprintf(name, len, "client CPU s / 1,000 NO");
	else if (f < 4 + TX_COUNT)
		snprintf(name, len, "p95 %s ms", txn_names[f - 4]);
	else
		snprintf(name, len, "p99 %s ms", txn_names[f - 4 - TX_COUNT]);
	return f == 0 ? g->nopm : f == 1 ? g->tpm : f == 2 ? g->errors :
		f == 3 ? g->cpu_per_1000_no : f < 4 + TX_COUNT ? g->p95[f - 4] :
		g->p99[f - 4 - TX_COUNT];
}

char *report_scalar(const json_t *x)
{
	if (!x)
		return NULL;
	if (json_is_string(x))
		return strdup(json_string_value(x));
	return json_dumps(x, JSON_ENCODE_ANY);
}

void report_md_cell(FILE *out, const char *text)
{
	char *fixed = utf8_repair(text, strlen(text), NULL);
	fputs("| ", out);
	for (const char *s = fixed ? fixed : text; *s; s++)
		fputs(*s == '|' ? "\\|" : *s == '\n' ? " " : (char[2]){ *s, 0 }, out);
	fputc(' ', out);
	free(fixed);
}

void report_md_num(FILE *out, double v, int dec)
{
	char buf[48];
	if (isnan(v))
		snprintf(buf, sizeof buf, "-");
	else
		snprintf(buf, sizeof buf, "%.*f", dec, v);
	report_md_cell(out, buf);
}
