/* results_files.c: see results_files.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "exit_codes.h"
#include "results/results_merge.h"
#include "results_files.h"

int results_files_load(const tpcc_config *c, rr_run **runs, char *err, size_t errlen)
{
	for (int i = 0; i < c->nfiles; i++) {
		if (results_read(c->files[i], &runs[i], err, errlen)) {
			results_files_free(runs, i);
			return EX_USAGE;
		}
	}
	return EX_OK;
}

void results_files_free(rr_run **runs, int n)
{
	for (int i = 0; i < n; i++)
		results_read_free(runs[i]);
}

int results_files_merge(const tpcc_config *c, rr_run **runs, int *n, char *err, size_t errlen)
{
	int g = c->merge;
	if (!g)
		return EX_OK;
	if (*n % g) {
		snprintf(err, errlen, "--merge %d: %d file%s given, not a multiple of %d (the "
			 "files %d at a time make one run)", g, *n, *n == 1 ? "" : "s", g, g);
		results_files_free(runs, *n);
		return EX_USAGE;
	}
	for (int i = 0; i < *n / g; i++) {
		rr_run *m;
		if (rr_merge(runs + i * g, g, &m, err, errlen)) {
			results_files_free(runs, i);
			results_files_free(runs + i * g, *n - i * g);
			return EX_USAGE;
		}
		results_files_free(runs + i * g, g);
		runs[i] = m;
	}
	*n /= g;
	return EX_OK;
}
