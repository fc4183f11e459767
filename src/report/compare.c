/* compare.c: see compare.h.  The figures are the runs' own (the summary's,
 * from merged histograms); the noise comes from their steady seconds. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "compare.h"
#include "report.h"
#include "report_waits.h"

/* The steady seconds' series behind a figure, into x (n of them). */
static void steady_series(const rr_run *r, int fig, double *x, double *den)
{
	for (int i = r->steady_from, k = 0; i < r->steady_to; i++, k++) {
		const rr_tick *t = &r->ticks[i];
		if (fig == CF_NOPM)
			x[k] = t->nopm;
		else if (fig == CF_TPM)
			x[k] = t->tpm;
		else if (fig >= CF_P95 && fig < CF_P95 + TX_COUNT)
			x[k] = t->p95[fig - CF_P95];
		else if (fig >= CF_P99 && fig < CF_P99 + TX_COUNT)
			x[k] = t->p99[fig - CF_P99];
		else if (fig == CF_CPU) {
			x[k] = isnan(t->cpu_client) ? NAN : t->cpu_client / 100;
			den[k] = t->nopm / 60;
		} else
			x[k] = t->errors * 60;
	}
}

static double figure_of(const rr_run *r, int fig)
{
	const rr_figures *f = &r->fig;
	if (fig == CF_NOPM)
		return f->nopm;
	if (fig == CF_TPM)
		return f->tpm;
	if (fig >= CF_P95 && fig < CF_P95 + TX_COUNT)
		return f->p95[fig - CF_P95];
	if (fig >= CF_P99 && fig < CF_P99 + TX_COUNT)
		return f->p99[fig - CF_P99];
	if (fig == CF_CPU)
		return f->cpu_per_1000_no;
	return f->steady_seconds > 0 ? f->errors * 60.0 / f->steady_seconds : NAN;
}

static void stat_of(const rr_run *r, int fig, noise_stat *st)
{
	int n = r->steady_to - r->steady_from;
	double *x = calloc((size_t)(n ? n : 1), sizeof *x);
	double *den = calloc((size_t)(n ? n : 1), sizeof *den);
	memset(st, 0, sizeof *st);
	st->mean = st->rel_se = NAN;
	if (x && den) {
		steady_series(r, fig, x, den);
		if (fig == CF_CPU)
			noise_ratio_blocks(x, den, n, 1000, st);
		else
			noise_blocks(x, n, st);
	}
	free(x);
	free(den);
}

static void fig_name(int fig, char *buf, size_t len)
{
	if (fig == CF_NOPM)
		snprintf(buf, len, "NOPM");
	else if (fig == CF_TPM)
		snprintf(buf, len, "TPM");
	else if (fig >= CF_P95 && fig < CF_P95 + TX_COUNT)
		snprintf(buf, len, "p95 %s ms", txn_names[fig - CF_P95]);
	else if (fig >= CF_P99 && fig < CF_P99 + TX_COUNT)
		snprintf(buf, len, "p99 %s ms", txn_names[fig - CF_P99]);
	else if (fig == CF_CPU)
		snprintf(buf, len, "client CPU s/1000 NO");
	else
		snprintf(buf, len, "errors/min");
}

void compare_pair(const rr_run *a, const rr_run *b, cmp_row rows[CF_COUNT])
{
	for (int f = 0; f < CF_COUNT; f++) {
		noise_stat sa, sb;
		cmp_row *r = &rows[f];
		fig_name(f, r->name, sizeof r->name);
		r->a = figure_of(a, f);
		r->b = figure_of(b, f);
		r->higher_better = f == CF_NOPM || f == CF_TPM;
		stat_of(a, f, &sa);
		stat_of(b, f, &sb);
		noise_compare(r->a, &sa, r->b, &sb, &r->v);
	}
}

/* One gate "name<-5%" or "name>10%": its figure, direction and bound. */
static int parse_gate(const char *g, size_t n, int *fig, int *below, double *bound)
{
	static const struct { const char *name; int fig; } names[] = {
		{ "nopm", CF_NOPM }, { "tpm", CF_TPM }, { "p95", CF_P95 + TX_NEW_ORDER },
		{ "p99", CF_P99 + TX_NEW_ORDER }, { "cpu", CF_CPU }, { "errors", CF_ERRORS },
	};
	char buf[64], *end;
	if (n >= sizeof buf)
		return -1;
	memcpy(buf, g, n);
	buf[n] = '\0';
	char *op = strpbrk(buf, "<>");
	if (!op)
		return -1;
	*below = *op == '<';
	*op = '\0';
	*fig = -1;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
		if (!strcmp(buf, names[i].name))
			*fig = names[i].fig;
	*bound = strtod(op + 1, &end);
	if (*fig < 0 || end == op + 1 || strcmp(end, "%"))
		return -1;
	return 0;
}

int compare_check_gate(const char *gates, char *err, size_t errlen)
{
	for (const char *p = gates; *p;) {
		size_t n = strcspn(p, ",");
		int fig, below;
		double bound;
		if (parse_gate(p, n, &fig, &below, &bound)) {
			snprintf(err, errlen, "--fail-if '%.*s': expected FIGURE<N%% or FIGURE>N%% "
				 "with FIGURE one of nopm, tpm, p95, p99, cpu, errors (e.g. "
				 "'nopm<-5%%')", (int)(n > 60 ? 60 : n), p);
			return -1;
		}
		p += n;
		if (*p)
			p++;
	}
	return 0;
}

int compare_gate(const char *gates, const cmp_row rows[CF_COUNT], char *what, size_t len)
{
	int broke = 0;
	size_t pos = 0;
	what[0] = '\0';
	for (const char *p = gates; *p;) {
		size_t n = strcspn(p, ",");
		int fig, below;
		double bound;
		if (!parse_gate(p, n, &fig, &below, &bound)) {
			const cmp_row *r = &rows[fig];
			double c = r->v.change_pct;
			/* A gate that cannot be judged (a run cut short before its
			 * steady phase, a figure not measured) fails: a CI guard
			 * passing a dead run on no evidence is a trap. */
			if (!r->v.known) {
				broke = 1;
				pos += (size_t)snprintf(what + pos, pos < len ? len - pos : 0,
							"%s%.*s (cannot be judged: too few steady "
							"seconds, or not measured)", pos ? ", " : "",
							(int)n, p);
			} else if (r->v.beyond && (below ? c < bound : c > bound)) {
				broke = 1;
				pos += (size_t)snprintf(what + pos, pos < len ? len - pos : 0, "%s%.*s (%+.1f%%)",
							pos ? ", " : "", (int)n, p, c);
			}
		}
		p += n;
		if (*p)
			p++;
	}
	return broke;
}

static void describe(FILE *out, char who, const rr_run *r)
{
	fprintf(out, "%c: %s\n   %s%s%s %s, W %d, %s, %d VU%s, %d s steady%s%s\n", who, r->path,
		 r->label[0] ? "\"" : "", r->label, r->label[0] ? "\"," : "",
		 r->server_version[0] ? r->server_version : r->dialect, r->warehouses,
		 r->mode[0] ? r->mode : "?", r->fig.vus_max, r->fig.vus_max == 1 ? "" : "s",
		 r->fig.steady_seconds,
		 r->missing[0] ? "\n   note: " : "", r->missing);
	if (report_client_bound(r)) {
		char why[400];
		report_client_bound_text(r, why, sizeof why);
		fprintf(out, "   %c was client-bound: %s\n", who, why);
	}
}

static void num(char *buf, size_t len, double v)
{
	if (isnan(v))
		snprintf(buf, len, "-");
	else if (fabs(v) >= 1000)
		snprintf(buf, len, "%.0f", v);
	else if (fabs(v) >= 10)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.3f", v);
}

/* Runs under different offered loads measure different things: say so,
 * with each one's rate, before the figures. */
static void rates_differ(FILE *out, rr_run *const *runs, int n)
{
	int differ = 0;
	for (int i = 1; i < n; i++) {
		double a = runs[0]->fig.rate_offered, b = runs[i]->fig.rate_offered;
		differ |= isnan(a) != isnan(b) || (!isnan(a) && fabs(a - b) > 0.5);
	}
	if (!differ)
		return;
	fputs("\nthe runs offered different loads:", out);
	for (int i = 0; i < n; i++) {
		const rr_figures *f = &runs[i]->fig;
		char who = (char)('A' + (i < 26 ? i : 25));
		if (isnan(f->rate_offered))
			fprintf(out, "%s %c a closed loop (no rate)", i ? ";" : "", who);
		else
			fprintf(out, "%s %c %.0f TPM offered, %.0f achieved, at most %.1f s behind "
				"schedule", i ? ";" : "", who, f->rate_offered, f->rate_achieved,
				f->behind_max_s);
	}
	fputc('\n', out);
}

int compare_print(FILE *out, rr_run *const *runs, int n, const char *gates)
{
	int broke = 0;
	for (int i = 0; i < n; i++)
		describe(out, (char)('A' + (i < 26 ? i : 25)), runs[i]);
	for (int i = 0, said = 0; i < n; i++) {
		char dom[128];
		report_waits_dominant(runs[i], dom, sizeof dom);
		if (strcmp(dom, "-"))
			fprintf(out, "%s%c: %s\n", said++ ? "" : "\ndominant wait class, steady phase\n",
				(char)('A' + (i < 26 ? i : 25)), dom);
	}
	rates_differ(out, runs, n);
	for (int i = 1; i < n; i++) {
		cmp_row rows[CF_COUNT];
		char who[2] = { (char)('A' + (i < 26 ? i : 25)), 0 };
		compare_pair(runs[0], runs[i], rows);
		fprintf(out, "\n%-22s %12s %12s %8s  %s against A\n", "figure", "A", who, "change", who);
		for (int f = 0; f < CF_COUNT; f++) {
			const cmp_row *r = &rows[f];
			char a[32], b[32], ch[16], verdict[160];
			num(a, sizeof a, r->a);
			num(b, sizeof b, r->b);
			if (isnan(r->v.change_pct))
				snprintf(ch, sizeof ch, "-");
			else
				snprintf(ch, sizeof ch, "%+.1f%%", r->v.change_pct);
			noise_text(&r->v, who, r->higher_better ? "faster" : "higher",
				   r->higher_better ? "slower" : "lower", verdict, sizeof verdict);
			fprintf(out, "%-22s %12s %12s %8s  %s\n", r->name, a, b, ch, verdict);
		}
		char what[512];
		if (gates[0] && compare_gate(gates, rows, what, sizeof what)) {
			fprintf(out, "%s failed --fail-if: %s\n", who, what);
			broke = 1;
		}
	}
	return broke;
}
