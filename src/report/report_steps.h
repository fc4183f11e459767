/* report_steps.h: a sweep's steps as the table the sweep printed (the
 * setting, NOPM, TPM, p95 of New-Order and Payment, errors, NOPM against
 * the first step) and the swept value each step had, read from a results
 * file's "steps" array, for the HTML, CSV and Markdown reports. */
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

/* The steps of r, malloc'ed (*out, free it), and their count; 0 and NULL
 * without steps.  *swept names the x axis: the one variable every step
 * set (its values in .value), else "step" (.value the step's number). */
int report_steps(const rr_run *r, report_step **out, char *swept, size_t sweptlen);
/* 1 when one of the n steps had an offered load. */
int report_steps_rated(const report_step *s, int n);

#endif
