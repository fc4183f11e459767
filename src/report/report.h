/* report.h: one or more loaded runs as a report: a self-contained HTML
 * page (inline SVG and CSS, no scripts, no network), CSV of the per-second
 * series, events and steps, or Markdown tables.  Each writes to out and
 * returns 0, or -1 when writing failed. */
#ifndef TPCC_REPORT_H
#define TPCC_REPORT_H

#include <jansson.h>
#include <stdio.h>
#include "results/results_read.h"

int report_html(FILE *out, rr_run *const *runs, int n);
int report_csv(FILE *out, rr_run *const *runs, int n);
int report_md(FILE *out, rr_run *const *runs, int n);

/* Shared by the three: the centred moving average of y over window
 * seconds (NAN values skipped) into ma. */
void report_moving_avg(const double *y, int n, int window, double *ma);
/* A run's name in tables and legends: its label, else its file's name. */
const char *report_run_name(const rr_run *r);
/* The run's summary says the client was the limit (client_bound). */
int report_client_bound(const rr_run *r);
/* Why, in words (results/client_bound.h), into buf. */
void report_client_bound_text(const rr_run *r, char *buf, size_t len);
/* The figures set side by side (report_common.c): f from 0 to
 * REPORT_FIGURES - 1; name gets what it is.  The first two are better
 * higher, the rest lower.  The last REPORT_RATE_FIGURES are an offered
 * load's (offered, achieved TPM, most seconds behind schedule), NAN in a
 * closed loop: report_figure_shown leaves them out where no run had one. */
#define REPORT_RATE_FIGURES 3
#define REPORT_FIGURES (4 + 2 * TX_COUNT + REPORT_RATE_FIGURES)
double report_figure(const rr_figures *g, int f, char *name, size_t len);
int report_figure_shown(rr_run *const *runs, int n, int f);
/* A JSON scalar as text (a string as itself), malloc'ed; NULL for NULL. */
char *report_scalar(const json_t *x);
/* A Markdown table cell, "| text ": '|' escaped, a newline a space, a byte
 * that is not UTF-8 U+FFFD (text from a file can hold any of them). */
void report_md_cell(FILE *out, const char *text);
/* A number's cell with dec decimals; "-" for NAN (not measured). */
void report_md_num(FILE *out, double v, int dec);

#endif
