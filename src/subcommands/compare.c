/* compare.c: the compare subcommand: load the files, print the comparison
 * (report/compare.c), exit 3 when a --fail-if gate broke. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "report/compare.h"
#include "results_files.h"
#include "subcommands.h"

int sub_compare(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	rr_run *runs[ARGS_FILES_MAX];
	(void)s;
	if (compare_check_gate(c->fail_if, err, errlen))
		return EX_USAGE;
	int rc = results_files_load(c, runs, err, errlen);
	if (rc)
		return rc;
	int n = c->nfiles;
	rc = results_files_merge(c, runs, &n, err, errlen);
	if (rc)
		return rc;
	if (n < 2) {
		snprintf(err, errlen, "compare --merge %d: %d files make one run: give the files "
			 "of two runs or more", c->merge, c->nfiles);
		results_files_free(runs, n);
		return EX_USAGE;
	}
	int broke = compare_print(stdout, runs, n, c->fail_if);
	results_files_free(runs, n);
	return broke ? EX_REGRESSED : EX_OK;
}
