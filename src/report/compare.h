/* compare.h: the figures of later runs against the first, each with its
 * change and a noise verdict (noise.h), and the --fail-if gate. */
#ifndef TPCC_COMPARE_H
#define TPCC_COMPARE_H

#include <stdio.h>
#include "util/noise.h"
#include "results/results_read.h"

enum cmp_fig { CF_NOPM, CF_TPM, CF_P95, CF_P99 = CF_P95 + TX_COUNT, CF_CPU = CF_P99 + TX_COUNT,
	CF_ERRORS, CF_COUNT };

typedef struct cmp_row {
	char name[40];         /* "NOPM", "p95 new_order" */
	double a, b;
	noise_verdict v;
	int higher_better;
} cmp_row;

/* One later run against the base: a row per figure. */
void compare_pair(const rr_run *a, const rr_run *b, cmp_row rows[CF_COUNT]);

/* A --fail-if list ("nopm<-5%,p95>10%"): 0, or -1 with err saying what is
 * wrong with it. */
int compare_check_gate(const char *gates, char *err, size_t errlen);
/* 1 when rows break one of the gates: the change past its bound and beyond
 * noise; what names them. */
int compare_gate(const char *gates, const cmp_row rows[CF_COUNT], char *what, size_t len);

/* The whole comparison as text on out; returns 1 when a gate broke. */
int compare_print(FILE *out, rr_run *const *runs, int n, const char *gates);

#endif
