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
#include "results/effect.h"
#include "report_waits.h"
#include "util/utf8.h"

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

/* The effect at second t from the file's ticks: the seconds of the two
 * windows, their waits (aas: per class per tick, or NULL) and metrics (a
 * metric that never falls is a counter, as the reader judges it). */
static int effect_at(const rr_run *r, double *const aas[], int t, marker_effect *m)
{
	effect_second *s = calloc(2 * EFFECT_WINDOW, sizeof *s);
	int n = 0;
	for (int i = 0; s && i < r->nticks && n < 2 * EFFECT_WINDOW; i++) {
		const rr_tick *k = &r->ticks[i];
		int d = k->t - t;
		if (d <= -EFFECT_WINDOW || d > EFFECT_WINDOW)
			continue;
		effect_second *x = &s[n++];
		x->t = k->t;
		x->nopm = k->nopm;
		for (int j = 0; j < TX_COUNT; j++)
			x->p95[j] = k->commits[j] > 0 ? k->p95[j] : NAN;
		x->waits = aas && !isnan(aas[0][i]);
		for (int c = 0; x->waits && c < WC_COUNT; c++)
			x->aas[c] = isnan(aas[c][i]) ? 0 : aas[c][i];
		for (int j = 0; j < r->nmetrics && j < MON_METRICS_MAX; j++) {
			if (isnan(k->metric[j]))
				continue;
			db_metric *dm = &x->metric[x->nmetrics];
			snprintf(dm->name, sizeof dm->name, "%s", r->metric_name[j]);
			dm->value = k->metric[j];
			dm->per_s = r->metric_counter[j];
			x->rate[x->nmetrics++] = isnan(k->metric_per_s[j]) ? 0 : k->metric_per_s[j];
		}
	}
	int rc = s ? effect_compute(s, n, t, EFFECT_WINDOW, m) : -1;
	free(s);
	return rc;
}

static void figure_cell(FILE *out, const effect_figure *f, int decimals, int pct)
{
	fprintf(out, "%.*f &#8594; %.*f (", decimals, f->before, decimals, f->after);
	if (pct && f->v.known && fabs(f->before) >= 0.05)
		fprintf(out, "%+.1f%%, ", f->v.change_pct);
	fprintf(out, "%s)", effect_verdict(&f->v));
}

void report_markers_table(FILE *out, const rr_run *r, const int *ev, int nm)
{
	if (!nm || !r->nticks)
		return;
	double *aas[WC_COUNT] = { 0 };
	int waits = report_waits_series(r, aas);
	fprintf(out, "<h2>Markers: what changed</h2>\n<p class=\"muted\">The numbered flags on the "
		"charts. Each change is the %d s after the marker against the %d s before it, judged "
		"against the seconds' own variation (block means); New-Order p95 is the mean of the "
		"seconds' p95. The wait class is the one that explains the change: when NOPM moved beyond "
		"noise, the class whose sessions moved most the other way (rose as NOPM fell), else "
		"the one that moved most; the server's "
		"metrics are those that moved most (counters per second).</p>\n"
		"<div class=\"wrap\"><table id=\"markers\"><tr><th class=\"n\">#</th>"
		"<th class=\"n\">s</th><th>event</th><th>NOPM</th><th>New-Order p95 ms</th>"
		"<th>the wait that explains it</th><th>server metrics that moved most</th></tr>\n",
		EFFECT_WINDOW, EFFECT_WINDOW);
	for (int k = 0; k < nm; k++) {
		const rr_event *e = &r->events[ev[k]];
		marker_effect m;
		int have = !effect_at(r, waits ? aas : NULL, e->t, &m);
		fprintf(out, "<tr><td class=\"n\">%d</td><td class=\"n\">%d</td><td>", k + 1, e->t);
		svg_escape(out, e->text);
		fputs("</td><td>", out);
		if (have)
			figure_cell(out, &m.nopm, 0, 1);
		fputs("</td><td>", out);
		if (have && !isnan(m.p95[0].before) && !isnan(m.p95[0].after))
			figure_cell(out, &m.p95[0], 1, 0);
		fputs("</td><td>", out);
		if (have && m.moved >= 0) {
			fprintf(out, "%s, sessions ", wait_class_labels[m.moved]);
			figure_cell(out, &m.aas[m.moved], 2, 1);
		}
		fputs("</td><td>", out);
		for (int i = 0; have && i < m.nmetrics; i++) {
			fprintf(out, "%s", i ? "<br>" : "");
			svg_escape(out, m.metric[i].name);
			fputs(m.metric[i].per_s ? "/s " : " ", out);
			figure_cell(out, &m.metric[i].f, 1, 1);
		}
		fputs("</td></tr>\n", out);
	}
	fputs("</table></div>\n", out);
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
		utf8_copy(out->ev[out->nev].name, name, sizeof out->ev[0].name);
		out->ev[out->nev].cls = cls;
		out->ev[out->nev].aas = json_number_value(json_array_get(e, 2));
		out->nev++;
	}
}
