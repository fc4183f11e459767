/* report_waits.c: see report_waits.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include "core/waits.h"
#include "util/noise.h"
#include "report_waits.h"

#define WINDOW 30    /* seconds each side of a marker */

/* The report's colours for the classes: CPU green as ASH draws it, the
 * waits in the hues DBAs know from Top Activity (commit orange, I/O blue,
 * locks red, concurrency purple). */
static const char *const class_color[WC_COUNT] = {
	"#2e9e44", "#e8862a", "#2f6fb3", "#c62828", "#8e3b3b", "#6aa6d6", "#8a4fbf",
	"#9e9e9e", "#c9b458",
};

const char *report_waits_color(int cls)
{
	return class_color[cls >= 0 && cls < WC_COUNT ? cls : WC_OTHER];
}

int report_waits_series(const rr_run *r, double *aas[])
{
	json_t *ticks = json_object_get((json_t *)r->root, "ticks");
	int any = 0;
	if (!json_is_array(ticks) || (int)json_array_size(ticks) != r->nticks || !r->nticks)
		return 0;
	for (int c = 0; c < WC_COUNT; c++) {
		aas[c] = malloc(sizeof *aas[c] * (size_t)r->nticks);
		if (!aas[c]) {
			report_waits_free(aas);
			return 0;
		}
	}
	for (int i = 0; i < r->nticks; i++) {
		json_t *a = json_object_get(json_object_get(json_array_get(ticks, (size_t)i), "waits"), "aas");
		for (int c = 0; c < WC_COUNT; c++) {
			json_t *v = json_object_get(a, wait_class_names[c]);
			aas[c][i] = json_is_number(v) ? json_number_value(v) : NAN;
			any |= json_is_number(v);
		}
	}
	if (!any)
		report_waits_free(aas);
	return any;
}

void report_waits_free(double *aas[])
{
	for (int c = 0; c < WC_COUNT; c++) {
		free(aas[c]);
		aas[c] = NULL;
	}
}

void report_waits_chart(FILE *out, const rr_run *r, const double *x, const svg_mark *m, int nm)
{
	double *aas[WC_COUNT] = { 0 };
	if (!report_waits_series(r, aas))
		return;
	svg_series s[WC_COUNT];
	int ns = 0;
	for (int c = 0; c < WC_COUNT; c++) {
		int used = 0;
		for (int i = 0; i < r->nticks && !used; i++)
			used = aas[c][i] > 0;
		if (!used)
			continue;
		s[ns++] = (svg_series){ .name = wait_class_labels[c], .cls = "waits", .x = x,
					.y = aas[c], .n = r->nticks, .color = class_color[c] };
	}
	fputs("<h2>Waits</h2>\n<p class=\"muted\">What the run's sessions were doing, each second, in "
	      "average active sessions (the server's events grouped into classes; CPU is time on no "
	      "wait).</p>\n", out);
	svg_chart ch = { .title = "Average active sessions by wait class, stacked", .xlabel =
			 "seconds since the start", .ylabel = "sessions", .series = s, .nseries = ns,
			 .marks = m, .nmarks = nm, .id = "waits", .height = 300, .stacked = 1 };
	if (ns)
		svg_line_chart(out, &ch);
	report_waits_free(aas);
}

/* Mean of y over the ticks in (t - WINDOW, t] (before) or (t, t + WINDOW]
 * (after), with its block statistics for the noise test. */
static double window_mean(const rr_run *r, const double *y, int t, int after, noise_stat *st)
{
	double *x = malloc(sizeof *x * (size_t)(r->nticks ? r->nticks : 1)), sum = 0;
	int n = 0;
	for (int i = 0; x && i < r->nticks; i++) {
		int d = r->ticks[i].t - t;
		if ((after ? d > 0 && d <= WINDOW : d <= 0 && d > -WINDOW) && !isnan(y[i])) {
			x[n++] = y[i];
			sum += y[i];
		}
	}
	noise_blocks(x ? x : &sum, n, st);
	free(x);
	return n ? sum / n : NAN;
}

/* "a -> b (+x%, beyond noise)" for y around t into buf; v gets the
 * verdict.  Returns 0 when either side has no seconds. */
static int change(const rr_run *r, const double *y, int t, noise_verdict *v, double *a,
		  double *b)
{
	noise_stat sa, sb;
	*a = window_mean(r, y, t, 0, &sa);
	*b = window_mean(r, y, t, 1, &sb);
	if (isnan(*a) || isnan(*b))
		return 0;
	noise_compare(*a, &sa, *b, &sb, v);
	return 1;
}

static const char *verdict(const noise_verdict *v)
{
	return !v->known ? "too few s" : v->beyond ? "beyond noise" : "within noise";
}

void report_markers_table(FILE *out, const rr_run *r, const int *ev, int nm)
{
	if (!nm || !r->nticks)
		return;
	double *aas[WC_COUNT] = { 0 };
	int waits = report_waits_series(r, aas);
	double *nopm = malloc(sizeof *nopm * (size_t)r->nticks);
	double *p95 = malloc(sizeof *p95 * (size_t)r->nticks);
	if (!nopm || !p95)
		goto done;
	for (int i = 0; i < r->nticks; i++) {
		nopm[i] = r->ticks[i].nopm;
		p95[i] = r->ticks[i].commits[0] > 0 ? r->ticks[i].p95[0] : NAN;
	}
	fprintf(out, "<h2>Markers: what changed</h2>\n<p class=\"muted\">The numbered flags on the "
		"charts. Each change is the %d s after the marker against the %d s before it, judged "
		"against the seconds' own variation (block means); New-Order p95 is the mean of the "
		"seconds' p95. The wait class is the one whose sessions moved most.</p>\n"
		"<div class=\"wrap\"><table id=\"markers\"><tr><th class=\"n\">#</th><th class=\"n\">s</th>"
		"<th>event</th><th>NOPM</th><th>New-Order p95 ms</th><th>waits that moved most</th></tr>\n",
		WINDOW, WINDOW);
	for (int k = 0; k < nm; k++) {
		const rr_event *e = &r->events[ev[k]];
		noise_verdict v;
		double a, b;
		fprintf(out, "<tr><td class=\"n\">%d</td><td class=\"n\">%d</td><td>", k + 1, e->t);
		svg_escape(out, e->text);
		fputs("</td><td>", out);
		if (change(r, nopm, e->t, &v, &a, &b))
			fprintf(out, "%.0f &#8594; %.0f (%+.1f%%, %s)", a, b, v.change_pct, verdict(&v));
		fputs("</td><td>", out);
		if (change(r, p95, e->t, &v, &a, &b))
			fprintf(out, "%.1f &#8594; %.1f (%s)", a, b, verdict(&v));
		fputs("</td><td>", out);
		int best = -1;
		double most = 0, ba = 0, bb = 0;
		noise_verdict bv = { 0 };
		for (int c = 0; waits && c < WC_COUNT; c++)
			if (change(r, aas[c], e->t, &v, &a, &b) && fabs(b - a) > most) {
				most = fabs(b - a);
				best = c;
				ba = a, bb = b, bv = v;
			}
		if (best >= 0) {
			fprintf(out, "%s %.2f &#8594; %.2f sessions", wait_class_labels[best], ba, bb);
			if (ba >= 0.05)
				fprintf(out, " (%+.0f%%, %s)", 100.0 * (bb - ba) / ba, verdict(&bv));
			else
				fprintf(out, " (%s)", verdict(&bv));
		}
		fputs("</td></tr>\n", out);
	}
	fputs("</table></div>\n", out);
done:
	free(nopm);
	free(p95);
	if (waits)
		report_waits_free(aas);
}

int report_waits_steady(const rr_run *r, double aas[])
{
	json_t *a = json_object_get((json_t *)rr_object(r, "waits_steady"), "aas");
	int any = 0;
	for (int c = 0; c < WC_COUNT; c++) {
		json_t *v = json_object_get(a, wait_class_names[c]);
		aas[c] = json_is_number(v) ? json_number_value(v) : 0;
		any |= json_is_number(v);
	}
	return any;
}

void report_waits_dominant(const rr_run *r, char *buf, size_t len)
{
	double aas[WC_COUNT], share;
	int c = report_waits_steady(r, aas) ? wait_dominant(aas, &share) : -1;
	if (c < 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%s %.0f%% of %.1f busy sessions", wait_class_labels[c],
			 100 * share, wait_total(aas));
}

void report_waits_tick(const rr_run *r, int i, wait_second *out)
{
	json_t *w = json_object_get(json_array_get(json_object_get((json_t *)r->root, "ticks"),
						   (size_t)i), "waits");
	memset(out, 0, sizeof *out);
	if (!json_is_object(w) || (int)json_array_size(json_object_get((json_t *)r->root, "ticks")) !=
	    r->nticks)
		return;
	json_t *a = json_object_get(w, "aas"), *top = json_object_get(w, "top");
	out->source = !strcmp(json_string_value(json_object_get(w, "source")) ?
			      json_string_value(json_object_get(w, "source")) : "", "timed") ?
		WS_TIMED : WS_SAMPLED;
	out->samples = (int)json_integer_value(json_object_get(w, "samples"));
	for (int c = 0; c < WC_COUNT; c++)
		out->aas[c] = json_number_value(json_object_get(a, wait_class_names[c]));
	for (size_t k = 0; k < json_array_size(top) && out->nev < WAIT_EVENTS_MAX; k++) {
		json_t *e = json_array_get(top, k);
		const char *name = json_string_value(json_array_get(e, 0));
		int cls = wait_class_by_name(json_string_value(json_array_get(e, 1)));
		if (!name || cls < 0)
			continue;
		snprintf(out->ev[out->nev].name, sizeof out->ev[0].name, "%s", name);
		out->ev[out->nev].cls = cls;
		out->ev[out->nev].aas = json_number_value(json_array_get(e, 2));
		out->nev++;
	}
}
