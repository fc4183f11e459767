/* results_files.c: see results_files.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "exit_codes.h"
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
