/* report_ab.c: see report_ab.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report.h"
#include "report_ab.h"
#include "util/utf8.h"

static double num(const json_t *x)
{
	return json_is_number(x) ? json_number_value(x) : NAN;
}

static void text(char *buf, size_t len, const json_t *x)
{
	utf8_copy(buf, json_is_string(x) ? json_string_value(x) : "", len);
}

int report_ab_read(const rr_run *r, report_ab *out)
{
	json_t *ab = rr_object(r, "ab");
	memset(out, 0, sizeof *out);
	if (!json_is_object(ab))
		return 0;
	text(out->a, sizeof out->a, json_object_get(ab, "a"));
	text(out->b, sizeof out->b, json_object_get(ab, "b"));
	text(out->order, sizeof out->order, json_object_get(ab, "order"));
	text(out->verdict, sizeof out->verdict, json_object_get(ab, "verdict"));
	out->before_after_pct = num(json_object_get(ab, "before_after_nopm_pct"));
	json_t *segs = json_object_get(ab, "segment_figures"), *x;
	size_t i;
	json_array_foreach(segs, i, x) {
		if (out->nseg == REPORT_AB_SEGS)
			break;
		const char *arm = json_string_value(json_object_get(x, "arm"));
		out->seg[out->nseg].segment = rr_int(json_object_get(x, "segment"), 0);
		out->seg[out->nseg].is_b = arm && !strcmp(arm, "B");
		out->seg[out->nseg].complete = json_is_true(json_object_get(x, "complete"));
		out->seg[out->nseg].nopm = num(json_object_get(x, "nopm"));
		out->seg[out->nseg++].p95_no =
			num(json_object_get(json_object_get(x, "p95"), "new_order"));
	}
	json_array_foreach(json_object_get(ab, "estimates"), i, x) {
		if (out->nest == REPORT_AB_EST)
			break;
		text(out->est[out->nest].figure, sizeof out->est[0].figure,
		     json_object_get(x, "figure"));
		out->est[out->nest].change_pct = num(json_object_get(x, "change_pct"));
		out->est[out->nest].lo_pct = num(json_object_get(x, "lo_pct"));
		out->est[out->nest].hi_pct = num(json_object_get(x, "hi_pct"));
		out->est[out->nest++].excludes_zero =
			json_is_true(json_object_get(x, "excludes_zero"));
	}
	return 1;
}

void report_ab_md(FILE *out, const char *run, const report_ab *ab)
{
	fprintf(out, "\n### A/B trial of %s\n\nA: `%s`; B: `%s`; order %s\n\n", run, ab->a, ab->b,
		ab->order[0] ? ab->order : "-");
	if (ab->verdict[0])
		fprintf(out, "**%s**\n\n", ab->verdict);
	fputs("| figure | B against A | 95% interval | excludes 0 |\n|---|---:|---:|---|\n", out);
	for (int i = 0; i < ab->nest; i++) {
		char change[32] = "-", interval[64] = "-";
		if (!isnan(ab->est[i].change_pct))
			snprintf(change, sizeof change, "%+.1f%%", ab->est[i].change_pct);
		if (!isnan(ab->est[i].lo_pct) && !isnan(ab->est[i].hi_pct))
			snprintf(interval, sizeof interval, "%+.1f..%+.1f%%", ab->est[i].lo_pct,
				 ab->est[i].hi_pct);
		report_md_cell(out, ab->est[i].figure);
		report_md_cell(out, change);
		report_md_cell(out, interval);
		report_md_cell(out, isnan(ab->est[i].change_pct) ? "-" :
			       ab->est[i].excludes_zero ? "yes" : "no");
		fputs("|\n", out);
	}
	if (!isnan(ab->before_after_pct))
		fprintf(out, "\nSegments 1 and 2 alone (a plain before/after): NOPM %+.1f%%\n",
			ab->before_after_pct);
	fputs("\n| segment | arm | NOPM | p95 New-Order ms |\n|---:|---|---:|---:|\n", out);
	for (int i = 0; i < ab->nseg; i++) {
		fprintf(out, "| %d | %s%s ", ab->seg[i].segment, ab->seg[i].is_b ? "B" : "A",
			ab->seg[i].complete ? "" : " (cut short)");
		report_md_num(out, ab->seg[i].nopm, 0);
		report_md_num(out, ab->seg[i].p95_no, 2);
		fputs("|\n", out);
	}
}
