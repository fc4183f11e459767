/* consistency.h: the consistency conditions of TPC-C clause 3.3.2, each a query
 * that returns the offending rows (none when the condition holds). */
#ifndef TPCC_CONSISTENCY_H
#define TPCC_CONSISTENCY_H

#include <stdatomic.h>
#include <stdio.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"
#include "dialect/schema_map.h"

typedef struct check_result {
	int number;              /* the clause's condition number, 1..12 */
	const char *what;
	int status;              /* CHECK_PASS, CHECK_FAIL, ... */
	long offenders;
	long adopted;            /* offending rows adopt recorded, -1 none or unknown */
	char detail[256];        /* first offender, or why skipped */
} check_result;

#define CHECK_COUNT 12
/* CHECK_SKIPPED: the condition does not apply (e.g. fresh-load only);
 * CHECK_NOT_RUN: a stop request came before its turn; CHECK_DEPARTS: it
 * does not hold, as it did not on the adopted tool's load (no more rows
 * than then); CHECK_UNKNOWN: it does not hold and was not checked on that
 * load, so whose doing it is cannot be told. */
enum { CHECK_PASS, CHECK_FAIL, CHECK_SKIPPED, CHECK_NOT_RUN, CHECK_DEPARTS, CHECK_UNKNOWN };

/* What adopt found on another tool's load, before any run of ours: which
 * conditions it checked, which did not hold and on how many rows.  A
 * correct run keeps every condition's offending rows as they are (each
 * transaction moves both sides of every equation), so more rows than
 * these are a run's doing; a run that mended one row and broke another
 * would go unseen, which a count cannot help. */
typedef struct check_baseline {
	char whose[160];              /* after "departs": "as hammerdb's load did when adopted" */
	unsigned checked;             /* bit n: condition n was checked */
	unsigned departed;            /* bit n: and it did not hold */
	long rows[CHECK_COUNT + 1];   /* its offending rows; -1 not recorded */
} check_baseline;

/* Run every condition, each d's query (d may be NULL: the portable
 * text); a failure is judged against base (may be NULL: every failure is
 * CHECK_FAIL); writes one line per condition to out (may be NULL)
 * and fills res[CHECK_COUNT].  A condition's number and text are written
 * (and flushed) before its query runs, its verdict after, so a watcher
 * sees which one is running.  When *stop (may be NULL) is set, the
 * condition running is finished and the rest are marked CHECK_NOT_RUN:
 * each query is one read-only transaction, so a stop leaves nothing half
 * done.  dl names the tables through its map (dialect_mapped: an adopted
 * schema's); only, when not 0, is the set of conditions to check (bit n
 * for condition n), the others CHECK_SKIPPED.  Returns the number of
 * failed conditions, or -1 when a query could not run (err filled). */
int consistency_check(db_conn *c, const dialect *dl, unsigned only,
		      const check_baseline *base, FILE *out, check_result *res, atomic_int *stop,
		      char *err, size_t errlen);
/* The conditions that read districts and warehouses, not every customer or
 * order line: what adopt checks on a database of any size. */
#define CHECK_CHEAP ((1u << 1) | (1u << 2) | (1u << 3) | (1u << 8) | (1u << 9) | (1u << 11))
/* After a stopped consistency_check: one line saying which conditions
 * were checked and which were not. */
void consistency_report_stopped(FILE *out, const check_result *res);
/* "10, 12": the numbers of res with the given status (-1: checked, any
 * status but CHECK_NOT_RUN), "none" when none. */
void consistency_list(const check_result *res, int status, char *buf, size_t len);

#endif
