/* report_md.c: the summary (side by side with a ratio column for several
 * runs) and the steps as Markdown tables, for a blog post or an issue. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "report_ab.h"
#include "report_steps.h"

/* Table cells cannot hold '|' or a newline. */
static void cell(FILE *out, const char *s)
{
	fputs("| ", out);
	for (; *s; s++)
		fputs(*s == '|' ? "\\|" : *s == '\n' ? " " : (char[2]){ *s, 0 }, out);
	fputc(' ', out);
}

static void cell_num(FILE *out, double v, int dec)
{
	char buf[48];
	if (isnan(v))
		snprintf(buf, sizeof buf, "-");
	else
		snprintf(buf, sizeof buf, "%.*f", dec, v);
	cell(out, buf);
}

int report_md(FILE *out, rr_run *const *runs, int n)
{
	fputs(n == 1 ? "## TPC-C run\n\n" : "## TPC-C runs compared\n\n", out);
	for (int i = 0; i < n; i++) {
		const rr_run *r = runs[i];
		fprintf(out, "- %c: %s: %s, %d warehouses, %d VUs, %s, %d s steady (%s)\n",
			'A' + (i < 26 ? i : 25), report_run_name(r),
			r->server_version[0] ? r->server_version : r->dialect, r->warehouses,
			r->fig.vus_max, r->mode, r->fig.steady_seconds, r->started_at);
		if (report_client_bound(r))
			fprintf(out, "  - **%c was client-bound: its NOPM is the client's ceiling, not "
				"the server's**\n", 'A' + (i < 26 ? i : 25));
	}
	fputs("\n", out);
	cell(out, "figure");
	for (int i = 0; i < n; i++) {
		char h[8];
		snprintf(h, sizeof h, "%c", 'A' + (i < 26 ? i : 25));
		cell(out, h);
		if (i) {
			snprintf(h, sizeof h, "%c / A", 'A' + (i < 26 ? i : 25));
			cell(out, h);
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
		cell(out, name);
		double base = NAN;
		for (int i = 0; i < n; i++) {
			double v = report_figure(&runs[i]->fig, f, name, sizeof name);
			if (!i)
				base = v;
			cell_num(out, v, f < 3 ? 0 : 2);
			if (i)
				cell_num(out, base > 0 ? v / base : NAN, 3);
		}
		fputs("|\n", out);
	}
	for (int r = 0; r < n; r++) {
		report_step *st;
		char swept[128];
		int ns = report_steps(runs[r], &st, swept, sizeof swept);
		int rated = report_steps_rated(st, ns);
		if (ns)
			fprintf(out, "\n### Steps of %s\n\n| step | setting | NOPM | NOPM 95%% interval "
				"| TPM | p95 New-Order ms "
				"| p95 Payment ms | errors | NOPM / step 1 |%s\n"
				"|---:|---|---:|---:|---:|---:|---:|---:|---:|%s\n", report_run_name(runs[r]),
				rated ? " offered TPM | achieved TPM | behind schedule max s |" : "",
				rated ? "---:|---:|---:|" : "");
		for (int i = 0; i < ns; i++) {
			fprintf(out, "| %d ", st[i].step);
			char set[200];
			snprintf(set, sizeof set, "%s%s", st[i].setting, st[i].complete ? "" : " (cut short)");
			cell(out, set);
			cell_num(out, st[i].nopm, 0);
			char ci[64] = "-";
			if (!isnan(st[i].nopm_lo))
				snprintf(ci, sizeof ci, "%.0f..%.0f", st[i].nopm_lo, st[i].nopm_hi);
			cell(out, ci);
			cell_num(out, st[i].tpm, 0);
			cell_num(out, st[i].p95_no, 2);
			cell_num(out, st[i].p95_pay, 2);
			cell_num(out, st[i].errors, 0);
			cell_num(out, st[i].ratio, 2);
			if (rated) {
				cell_num(out, st[i].offered_tpm, 0);
				cell_num(out, st[i].achieved_tpm, 0);
				cell_num(out, st[i].behind_max_s, 3);
			}
			fputs("|\n", out);
		}
		free(st);
		report_ab *ab = malloc(sizeof *ab);
		if (ab && report_ab_read(runs[r], ab))
			report_ab_md(out, report_run_name(runs[r]), ab);
		free(ab);
	}
	return ferror(out) ? -1 : 0;
}
