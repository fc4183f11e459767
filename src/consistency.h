/* consistency.h: the consistency conditions of TPC-C clause 3.3.2, each a query
 * that returns the offending rows (none when the condition holds). */
#ifndef TPCC_CONSISTENCY_H
#define TPCC_CONSISTENCY_H

#include <stdio.h>
#include "driver.h"

typedef struct check_result {
	int number;              /* the clause's condition number, 1..12 */
	const char *what;
	int status;              /* 0 pass, 1 fail, 2 skipped */
	long offenders;
	char detail[256];        /* first offender, or why skipped */
} check_result;

#define CHECK_COUNT 12

/* Run every condition; writes one line per condition to out (may be NULL)
 * and fills res[CHECK_COUNT].  Returns the number of failed conditions, or -1
 * when a query could not run (err filled). */
int check_run(db_conn *c, FILE *out, check_result *res, char *err, size_t errlen);

#endif
