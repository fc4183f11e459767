/* report_steps.h: a sweep's steps as the table the sweep printed (the
 * setting, NOPM, TPM, p95 of New-Order and Payment, errors, NOPM against
 * the first step) and the swept value each step had, read from a results
 * file's "steps" array: one model, rows and columns, that the HTML, CSV
 * and Markdown reports each write in their own syntax. */
#ifndef TPCC_REPORT_STEPS_H
#define TPCC_REPORT_STEPS_H

#include "results/results_read.h"

typedef struct report_step {
	int step;
	char setting[160];        /* "vus=4 innodb_io_capacity=1000" */
	double value;             /* the swept variable's new value; NAN: none */
	double nopm, tpm, p95_no, p95_pay, ratio;   /* NAN where the file has none */
	double errors;            /* all classes */
	/* NOPM's 95% interval from the window's seconds (noise.c's blocks,
	 * Student's t on their means); NAN when too few seconds. */
	double nopm_lo, nopm_hi;
	int complete;
	/* The step's offered load: offered and achieved TPM, the most seconds
	 * behind schedule; NAN where the step ran a closed loop. */
	double offered_tpm, achieved_tpm, behind_max_s;
} report_step;

/* The table of one run's steps. */
typedef struct report_step_table {
	int n;
	report_step *rows;        /* n of them; NULL without steps */
	char swept[128];          /* the x axis: the one variable every step set
				   * (its values in .value), else "step" (.value
				   * the step's number) */
	int rated;                /* a step had an offered load */
} report_step_table;

/* Read r's steps into t (n 0 without any); free it with
 * report_step_table_free. */
void report_step_table_load(const rr_run *r, report_step_table *t);
void report_step_table_free(report_step_table *t);

/* The writers, for the columns each shows. */
enum { REPORT_HTML = 1, REPORT_MD = 2, REPORT_CSV = 4 };

/* A column after the step's number and its setting, which every writer
 * puts first in its own way. */
typedef struct report_step_col {
	const char *head;         /* "p95 New-Order ms" */
	const char *csv;          /* "p95_new_order_ms" */
	int decimals;             /* as HTML and Markdown show it */
	unsigned in;              /* REPORT_* writers that show it */
	int rated;                /* an offered load's: shown only where a step had
				   * one (CSV always has it, for a fixed header) */
	int boolean;              /* a yes/no (complete), not a figure */
	size_t off;               /* offsetof(report_step, its field) */
	int interval;             /* NOPM's 95% interval as one "lo..hi" cell
				   * (off: nopm_lo; Markdown's) */
} report_step_col;

extern const report_step_col report_step_cols[];
extern const int report_step_ncols;
/* Whether writer shows column c of t. */
int report_step_col_shown(const report_step_col *c, unsigned writer, const report_step_table *t);
/* Row s's value in column c: NAN where the file has none; 1 or 0 for a
 * yes/no. */
double report_step_value(const report_step *s, const report_step_col *c);

#endif
