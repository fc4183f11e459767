/* report_capacity.h: a capacity search (the results file's "capacity"
 * section, written by the capacity subcommand) as the reports show it:
 * the limits, the latency-throughput curve (each rate tried, by rate,
 * with each limit's figure and whether it held) and the knee. */
#ifndef TPCC_REPORT_CAPACITY_H
#define TPCC_REPORT_CAPACITY_H

#include <stdio.h>
#include "results/results_read.h"

#define REPORT_CAP_POINTS 64
#define REPORT_CAP_LIMITS 10

typedef struct report_cap_point {
	double offered, achieved, nopm;
	double ms[REPORT_CAP_LIMITS];             /* each limit's figure; NAN none */
	int held;
	char failed[256];
} report_cap_point;

typedef struct report_capacity {
	int vus, nlim, npt;
	char limit[REPORT_CAP_LIMITS][40];        /* "new_order.p90" */
	double limit_ms[REPORT_CAP_LIMITS];
	double ceiling_tpm, knee_tpm, knee_nopm, failed_above_tpm;  /* NAN: none */
	char ended[128];
	report_cap_point pt[REPORT_CAP_POINTS];
} report_capacity;

/* r's search into out: 1, or 0 when the file has none. */
int report_capacity_read(const rr_run *r, report_capacity *out);

/* The search as Markdown: a heading naming run, the knee, the curve. */
void report_capacity_md(FILE *out, const char *run, const report_capacity *c);

#endif
