/* runs.c: the runs subcommand: the results directory as a table. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "report/runs.h"
#include "subcommands.h"

int sub_runs(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	(void)s;
	const char *dir = c->nfiles ? c->files[0] : c->results_dir;
	return runs_list(stdout, stderr, dir, c->json, err, errlen) ? EX_USAGE : EX_OK;
}
