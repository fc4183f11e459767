/* runs.h: a results directory as a table, newest first (runs). */
#ifndef TPCC_RUNS_H
#define TPCC_RUNS_H

#include <stddef.h>
#include <stdio.h>

/* Every *.json in dir: a line each on out (or a JSON array with json), the
 * files that are not results files named on warn.  0, or -1 with err when
 * dir cannot be read. */
int runs_list(FILE *out, FILE *warn, const char *dir, int json, char *err, size_t errlen);

#endif
