/* report_ab.h: an A/B trial (the results file's "ab" section, written by
 * the ab subcommand) as the reports show it: A's and B's settings, the
 * verdict line, each segment's arm and figures, and each estimate with
 * its 95% interval. */
#ifndef TPCC_REPORT_AB_H
#define TPCC_REPORT_AB_H

#include <stdio.h>
#include "results/results_read.h"

#define REPORT_AB_SEGS 256
#define REPORT_AB_EST 8

typedef struct report_ab {
	char a[160], b[160], order[REPORT_AB_SEGS + 1], verdict[768];
	int nseg;
	struct { int segment, is_b, complete; double nopm, p95_no; } seg[REPORT_AB_SEGS];
	int nest;
	/* change_pct NAN: not known */
	struct { char figure[32]; double change_pct, lo_pct, hi_pct; int excludes_zero; } est[REPORT_AB_EST];
	double before_after_pct;  /* NAN: none */
} report_ab;

/* r's trial into out: 1, or 0 when the file has none. */
int report_ab_read(const rr_run *r, report_ab *out);

/* The trial as Markdown: a heading naming run, the verdict, the estimates
 * and the segments. */
void report_ab_md(FILE *out, const char *run, const report_ab *ab);

#endif
