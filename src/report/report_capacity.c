/* report_capacity.c: see report_capacity.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "report.h"
#include "report_capacity.h"
#include "util/utf8.h"

static double num(const json_t *x)
{
	return json_is_number(x) ? json_number_value(x) : NAN;
}

int report_capacity_read(const rr_run *r, report_capacity *out)
{
	json_t *c = rr_object(r, "capacity"), *x;
	size_t i;
	memset(out, 0, sizeof *out);
	if (!json_is_object(c))
		return 0;
	out->vus = rr_int(json_object_get(c, "vus"), 0);
	out->ceiling_tpm = num(json_object_get(c, "ceiling_tpm"));
	out->knee_tpm = num(json_object_get(c, "knee_tpm"));
	out->knee_nopm = num(json_object_get(c, "knee_nopm"));
	out->failed_above_tpm = num(json_object_get(c, "failed_above_tpm"));
	x = json_object_get(c, "ended");
	utf8_copy(out->ended, json_is_string(x) ? json_string_value(x) : "", sizeof out->ended);
	json_array_foreach(json_object_get(c, "limits"), i, x) {
		const char *f = json_string_value(json_object_get(x, "figure"));
		if (out->nlim == REPORT_CAP_LIMITS || !f)
			break;
		utf8_copy(out->limit[out->nlim], f, sizeof out->limit[0]);
		out->limit_ms[out->nlim++] = num(json_object_get(x, "max_ms"));
	}
	json_array_foreach(json_object_get(c, "curve"), i, x) {
		if (out->npt == REPORT_CAP_POINTS)
			break;
		report_cap_point *p = &out->pt[out->npt++];
		p->offered = num(json_object_get(x, "offered_tpm"));
		p->achieved = num(json_object_get(x, "achieved_tpm"));
		p->nopm = num(json_object_get(x, "nopm"));
		p->held = json_is_true(json_object_get(x, "held"));
		json_t *lat = json_object_get(x, "latency_ms"), *why = json_object_get(x, "failed");
		for (int l = 0; l < out->nlim; l++)
			p->ms[l] = num(json_object_get(lat, out->limit[l]));
		utf8_copy(p->failed, json_is_string(why) ? json_string_value(why) : "", sizeof p->failed);
	}
	return 1;
}

void report_capacity_md(FILE *out, const char *run, const report_capacity *c)
{
	fprintf(out, "\n### Capacity search of %s\n\n%d VUs", run, c->vus);
	if (isnan(c->ceiling_tpm))
		fputs(". ", out);
	else
		fprintf(out, "; flat out they made %.0f TPM. ", c->ceiling_tpm);
	if (isnan(c->knee_tpm))
		fputs("**No rate tried held every limit.**\n\n", out);
	else
		fprintf(out, "**The knee at %.0f TPM offered (NOPM %.0f)**, the highest rate that "
			"held every limit%s", c->knee_tpm, c->knee_nopm,
			isnan(c->failed_above_tpm) ? ".\n\n" : "");
	if (!isnan(c->knee_tpm) && !isnan(c->failed_above_tpm))
		fprintf(out, "; %.0f TPM failed.\n\n", c->failed_above_tpm);
	fputs("| offered TPM | achieved TPM | NOPM ", out);
	for (int l = 0; l < c->nlim; l++) {
		char head[96];
		snprintf(head, sizeof head, "%s ms (limit %.0f)", c->limit[l], c->limit_ms[l]);
		report_md_cell(out, head);
	}
	fputs("| held |\n|---:|---:|---:|", out);
	for (int l = 0; l < c->nlim; l++)
		fputs("---:|", out);
	fputs("---|\n", out);
	for (int i = 0; i < c->npt; i++) {
		char held[sizeof c->pt[i].failed + 8];
		report_md_num(out, c->pt[i].offered, 0);
		report_md_num(out, c->pt[i].achieved, 0);
		report_md_num(out, c->pt[i].nopm, 0);
		for (int l = 0; l < c->nlim; l++)
			report_md_num(out, c->pt[i].ms[l], 1);
		snprintf(held, sizeof held, "%s%s", c->pt[i].held ? "yes" : "no: ",
			 c->pt[i].held ? "" : c->pt[i].failed);
		report_md_cell(out, held);
		fputs("|\n", out);
	}
}
