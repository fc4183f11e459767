/* report_waits_runs.h: the steady phase's waits of several runs side by
 * side, from each file's waits_steady: one model (a row per run: the
 * average active sessions of each class, its share of the busy sessions,
 * the top event) that the HTML, CSV and Markdown reports each write in
 * their own syntax; the HTML also draws it as a 100%-stacked bar per run. */
#ifndef TPCC_REPORT_WAITS_RUNS_H
#define TPCC_REPORT_WAITS_RUNS_H

#include <stdio.h>
#include "core/waits.h"
#include "results/results_read.h"

typedef struct report_waits_row {
	const rr_run *run;
	int has;                  /* 0: the file recorded no steady waits */
	char source[16];          /* "sampled", "timed"; "" when no tick says */
	int seconds;              /* steady seconds the means are over */
	double total;             /* busy sessions: the classes' sum */
	double aas[WC_COUNT];
	double share[WC_COUNT];   /* of total, 0..1; 0 when total is 0 */
	char top[WAIT_EVENT_NAME];   /* the top event, "" when none */
	int top_cls;
	double top_aas;
} report_waits_row;

typedef struct report_waits_runs {
	int n;
	report_waits_row *rows;   /* n of them, in the report's order */
	int any;                  /* a run recorded waits */
	/* A class some run spent a shown amount of time in (0.005 sessions,
	 * or half a percent of its busy sessions, or more): the HTML and
	 * Markdown columns and the legend; CSV has every class. */
	int used[WC_COUNT];
} report_waits_runs;

/* Read the runs' steady waits into t: 0, or -1 when out of memory (t
 * then empty).  Free with report_waits_runs_free. */
int report_waits_runs_load(rr_run *const *runs, int n, report_waits_runs *t);
void report_waits_runs_free(report_waits_runs *t);
/* The HTML section: the bars and the table; a line when no run has
 * waits. */
void report_waits_runs_html(FILE *out, rr_run *const *runs, int n);

#endif
