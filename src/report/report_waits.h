/* report_waits.h: the server's waits in the HTML report: a stacked area
 * chart of average active sessions by class over the run, and the table of
 * markers the charts' numbered flags point to, each with what changed over
 * the 30 s before and after it (NOPM, New-Order p95, the wait classes),
 * judged by the noise test of noise.c. */
#ifndef TPCC_REPORT_WAITS_H
#define TPCC_REPORT_WAITS_H

#include <stdio.h>
#include "results/results_read.h"
#include "svg.h"
#include "core/waits.h"

/* The colour class cls is drawn in, in every chart of the waits. */
const char *report_waits_color(int cls);
/* Each tick's AAS per class into aas[c][i] (NAN where the tick has no
 * waits), allocated; 1 when any tick has waits, else 0 (nothing
 * allocated). */
int report_waits_series(const rr_run *r, double *aas[]);
void report_waits_free(double *aas[]);
/* Tick i's waits as the file has them into out (source WS_NONE when it
 * has none), for replay's Waits pane. */
void report_waits_tick(const rr_run *r, int i, wait_second *out);
/* The stacked chart, or nothing when the run has no waits. */
void report_waits_chart(FILE *out, const rr_run *r, const double *x, const svg_mark *m, int nm);
/* The steady phase's mean AAS per class (the file's waits_steady): 1, or
 * 0 when the run has none. */
int report_waits_steady(const rr_run *r, double aas[]);
/* "log write/fsync 45% of 4.0 busy sessions" for the steady phase, or
 * "-" when the run has no waits. */
void report_waits_dominant(const rr_run *r, char *buf, size_t len);
/* The markers' table: marks[i] is events[ev[i]], labelled i + 1. */
void report_markers_table(FILE *out, const rr_run *r, const int *ev, int nm);

#endif
