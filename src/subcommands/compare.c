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
	int broke = compare_print(stdout, runs, c->nfiles, c->fail_if);
	results_files_free(runs, c->nfiles);
	return broke ? EX_REGRESSED : EX_OK;
}
