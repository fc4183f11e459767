/* results_files.h: the results files named on the command line, loaded
 * for report, compare and replay; a file that cannot be read is a usage
 * error (exit 2) naming it and why; what a file lacks (rr_run.missing) is
 * each caller's to show. */
#ifndef TPCC_RESULTS_FILES_H
#define TPCC_RESULTS_FILES_H

#include <stddef.h>
#include "config/options.h"
#include "results/results_read.h"

/* runs[0..c->nfiles): EX_OK, or EX_USAGE with err (nothing left loaded). */
int results_files_load(const tpcc_config *c, rr_run **runs, char *err, size_t errlen);
void results_files_free(rr_run **runs, int n);
/* With --merge N (c->merge), each N runs in a row become one merged run
 * (results/results_merge.h) in their place, and *n counts the groups;
 * without it nothing changes.  EX_OK, or EX_USAGE with err (every run
 * freed then). */
int results_files_merge(const tpcc_config *c, rr_run **runs, int *n, char *err, size_t errlen);

#endif
