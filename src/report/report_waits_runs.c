/* report_waits_runs.c: see report_waits_runs.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include "report.h"
#include "report_waits.h"
#include "report_waits_runs.h"
#include "svg.h"
#include "util/utf8.h"

#define SHOWN 0.005        /* what prints as 0.01 sessions, or as 1% */

/* The bars' geometry, in the viewBox's pixels (the page scales it). */
#define W 960
#define PAD 8
#define ROW 50             /* a run: its label line, the bar, a gap */
#define BAR_H 22
#define CH_LEGEND 7.4      /* px per character at 12px, as svg.c's legend */
#define CH_SEG 6.9         /* at 11px, generous, so a label never spills */

/* The source of the run's waits, as its first tick with one says it
 * (one of the two the format knows). */
static void source_of(const rr_run *r, char *buf, size_t len)
{
	json_t *ticks = json_object_get((json_t *)r->root, "ticks");
	buf[0] = 0;
	for (size_t i = 0; i < json_array_size(ticks); i++) {
		const char *s = json_string_value(json_object_get(
			json_object_get(json_array_get(ticks, i), "waits"), "source"));
		if (s && (!strcmp(s, "sampled") || !strcmp(s, "timed"))) {
			snprintf(buf, len, "%s", s);
			return;
		}
	}
}

static void row_load(const rr_run *r, report_waits_row *w)
{
	memset(w, 0, sizeof *w);
	w->run = r;
	w->top_cls = -1;
	w->has = report_waits_steady(r, w->aas);
	if (!w->has)
		return;
	json_t *ws = rr_object(r, "waits_steady");
	w->seconds = (int)json_integer_value(json_object_get(ws, "seconds"));
	/* Sessions are never fewer than none: a file that says so is taken
	 * as none, so the shares stay within 0..1 and the bar its width. */
	for (int c = 0; c < WC_COUNT; c++)
		w->aas[c] = w->aas[c] > 0 ? w->aas[c] : 0;
	w->total = wait_total(w->aas);
	for (int c = 0; c < WC_COUNT; c++)
		w->share[c] = w->total > 0 ? w->aas[c] / w->total : 0;
	json_t *top = json_array_get(json_object_get(ws, "top"), 0);
	const char *name = json_string_value(json_array_get(top, 0));
	int cls = wait_class_by_name(json_string_value(json_array_get(top, 1)));
	if (name && cls >= 0) {
		utf8_copy(w->top, name, sizeof w->top);
		w->top_cls = cls;
		w->top_aas = json_number_value(json_array_get(top, 2));
	}
	source_of(r, w->source, sizeof w->source);
}

int report_waits_runs_load(rr_run *const *runs, int n, report_waits_runs *t)
{
	memset(t, 0, sizeof *t);
	if (n <= 0)
		return 0;
	t->rows = calloc((size_t)n, sizeof *t->rows);
	if (!t->rows)
		return -1;
	t->n = n;
	for (int i = 0; i < n; i++) {
		report_waits_row *w = &t->rows[i];
		row_load(runs[i], w);
		t->any |= w->has;
		for (int c = 0; c < WC_COUNT; c++)
			t->used[c] |= w->has && (w->aas[c] >= SHOWN || w->share[c] >= SHOWN);
	}
	return 0;
}

void report_waits_runs_free(report_waits_runs *t)
{
	free(t->rows);
	memset(t, 0, sizeof *t);
}

static char letter(int i)
{
	return (char)('A' + (i < 26 ? i : 25));
}

/* Dark text on a light fill, white on a dark one. */
static const char *ink_on(const char *fill)
{
	unsigned r = 0, g = 0, b = 0;
	if (sscanf(fill, "#%2x%2x%2x", &r, &g, &b) != 3)
		return "#222";
	return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#222" : "#fff";
}

/* The legend: a swatch and the label of each class in use, in rows that
 * wrap before the right edge, on out (NULL: only measured).  Returns the
 * y below it. */
static int legend(FILE *out, const report_waits_runs *t, int y)
{
	double x = PAD;
	for (int c = 0; c < WC_COUNT; c++) {
		if (!t->used[c])
			continue;
		double w = 16 + CH_LEGEND * (double)strlen(wait_class_labels[c]) + 14;
		if (x > PAD && x + w > W - PAD) {
			x = PAD;
			y += 18;
		}
		if (out) {
			fprintf(out, "<rect x=\"%.1f\" y=\"%d\" width=\"12\" height=\"12\" "
				"fill=\"%s\"/><text class=\"legend\" x=\"%.1f\" y=\"%d\">", x, y,
				report_waits_color(c), x + 16, y + 10);
			svg_escape(out, wait_class_labels[c]);
			fputs("</text>\n", out);
		}
		x += w;
	}
	return y + 18;
}

/* A segment's label, inside it when it fits: the class and its share,
 * else the share alone, else nothing (the tooltip and the table have it). */
static void seg_label(FILE *out, int c, double share, double x, double w, int y)
{
	char lab[48];
	snprintf(lab, sizeof lab, "%s %.0f%%", wait_class_brief[c], 100 * share);
	if (CH_SEG * (double)strlen(lab) + 8 > w)
		snprintf(lab, sizeof lab, "%.0f%%", 100 * share);
	if (CH_SEG * (double)strlen(lab) + 8 > w)
		return;
	fprintf(out, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" "
		"fill=\"%s\">%s</text>\n", x + w / 2, y + BAR_H / 2 + 4,
		ink_on(report_waits_color(c)), lab);
}

/* Run i's label line and its bar, the row's top at y. */
static void bar(FILE *out, const report_waits_row *w, int i, int y)
{
	/* The name on one line, with room for the figures after it (the
	 * table below has it whole). */
	char name[96], tail[96];
	const double bw = W - 2 * PAD;
	const char *full = report_run_name(w->run);
	if (utf8_copy(name, full, 84) < strlen(full))
		strcat(name, "\xe2\x80\xa6");   /* U+2026, the ellipsis */
	if (w->has)
		snprintf(tail, sizeof tail, ", %.2f busy sessions%s%s", w->total,
			 w->source[0] ? ", " : "", w->source);
	else
		tail[0] = 0;
	fprintf(out, "<text class=\"axis\" x=\"%d\" y=\"%d\">%c: ", PAD, y + 13, letter(i));
	svg_escape(out, name);
	svg_escape(out, tail);
	fputs("</text>\n", out);
	int by = y + 18;
	fprintf(out, "<g class=\"wbar\" data-run=\"%c\">\n", letter(i));
	if (!w->has || !(w->total > 0)) {
		fprintf(out, "<rect class=\"wnone\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"#f4f4f4\" stroke=\"#ccc\"/><text x=\"%d\" y=\"%d\" font-size=\"12\" "
			"fill=\"#777\">%s</text>\n</g>\n", PAD, by, bw, BAR_H, PAD + 8, by + BAR_H / 2 + 4,
			w->has ? "no busy sessions" : "no waits recorded");
		return;
	}
	double x = PAD;
	for (int c = 0; c < WC_COUNT; c++) {
		if (!(w->share[c] > 0))
			continue;
		double sw = bw * w->share[c];
		fprintf(out, "<rect class=\"wseg\" data-class=\"%s\" x=\"%.2f\" y=\"%d\" "
			"width=\"%.2f\" height=\"%d\" fill=\"%s\"><title>", wait_class_names[c], x, by, sw,
			BAR_H, report_waits_color(c));
		svg_escape(out, wait_class_labels[c]);
		fprintf(out, ": %.2f sessions, %.1f%%</title></rect>\n", w->aas[c], 100 * w->share[c]);
		seg_label(out, c, w->share[c], x, sw, by);
		x += sw;
	}
	fputs("</g>\n", out);
}

static void bars(FILE *out, const report_waits_runs *t)
{
	/* The legend's height first, so the viewBox fits it. */
	int top = 26, y = legend(NULL, t, top);
	int h = y + 4 + ROW * t->n + PAD;
	const char *title = "Steady phase: each run's busy sessions by wait class, 100% stacked";
	fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" id=\"waits-runs\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">\n<title>%s</title>\n"
		"<text class=\"ctitle\" x=\"%d\" y=\"16\">%s</text>\n", W, h, title, title, PAD, title);
	legend(out, t, top);
	for (int i = 0; i < t->n; i++)
		bar(out, &t->rows[i], i, y + 4 + ROW * i);
	fputs("</svg>\n", out);
}

/* The table: a row a run, a column a class in use (headed by its short
 * name, as the bars label it) with its sessions and, under them, its
 * share, so nine classes still about fit the page; then the top event,
 * which may break anywhere (wait/io/file/innodb/innodb_log_file has no
 * spaces) but keeps a readable width, as the run's name does. */
static void table(FILE *out, const report_waits_runs *t)
{
	int used = 0;
	for (int c = 0; c < WC_COUNT; c++)
		used += t->used[c];
	fputs("<div class=\"wrap\"><table id=\"waits-runs-table\">\n<tr><th>run</th>"
	      "<th class=\"n\">steady s</th><th class=\"n\">busy sessions</th>", out);
	for (int c = 0; c < WC_COUNT; c++)
		if (t->used[c]) {
			fputs("<th class=\"n\" title=\"", out);
			svg_escape(out, wait_class_labels[c]);
			fputs("\">", out);
			svg_escape(out, wait_class_brief[c]);
			fputs("</th>", out);
		}
	fputs("<th>top event</th></tr>\n", out);
	for (int i = 0; i < t->n; i++) {
		const report_waits_row *w = &t->rows[i];
		fprintf(out, "<tr data-run=\"%c\"><td style=\"min-width:9em;max-width:14em;"
			"overflow-wrap:anywhere\">"
			"%c: ", letter(i), letter(i));
		svg_escape(out, report_run_name(w->run));
		fputs("</td>", out);
		if (!w->has) {
			fprintf(out, "<td colspan=\"%d\" class=\"muted\">no waits recorded</td></tr>\n",
				3 + used);
			continue;
		}
		fprintf(out, "<td class=\"n\">%d</td><td class=\"n\">%.2f</td>", w->seconds, w->total);
		for (int c = 0; c < WC_COUNT; c++)
			if (t->used[c])
				fprintf(out, "<td class=\"n\" data-class=\"%s\">%.2f<br><span "
					"class=\"muted\">%.0f%%</span></td>", wait_class_names[c], w->aas[c],
					100 * w->share[c]);
		fputs("<td style=\"min-width:12em;overflow-wrap:anywhere\">", out);
		if (w->top[0]) {
			svg_escape(out, w->top);
			fprintf(out, " <span class=\"muted\">(%s, %.2f)</span>",
				wait_class_labels[w->top_cls], w->top_aas);
		} else {
			fputs("-", out);
		}
		fputs("</td></tr>\n", out);
	}
	fputs("</table></div>\n", out);
}

void report_waits_runs_html(FILE *out, rr_run *const *runs, int n)
{
	report_waits_runs t;
	if (n < 2 || report_waits_runs_load(runs, n, &t))
		return;
	fputs("<h2>Waits, steady phase, run by run</h2>\n", out);
	if (!t.any) {
		fputs("<p class=\"muted\">No run recorded waits (files from before waits were read, "
		      "or a server whose waits were not).</p>\n", out);
		report_waits_runs_free(&t);
		return;
	}
	fputs("<p class=\"muted\">What each run's sessions were doing over its steady phase, in "
	      "average active sessions per wait class (CPU is time on no wait); the share is of "
	      "the busy sessions, their sum. In the table each class has its sessions over its "
	      "share; the top event is the steady phase's largest.</p>\n",
	      out);
	bars(out, &t);
	table(out, &t);
	report_waits_runs_free(&t);
}
