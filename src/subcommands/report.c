/* report.c: the report subcommand: load the files, write the report in the
 * chosen format to -o FILE (beside it first, then renamed, so a reader
 * never sees half a page) or to standard output. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "report/report.h"
#include "results_files.h"
#include "subcommands.h"

static int write_report(const tpcc_config *c, FILE *out, rr_run *const *runs, int n)
{
	if (!strcmp(c->format, "csv"))
		return report_csv(out, runs, n);
	if (!strcmp(c->format, "md"))
		return report_md(out, runs, n);
	return report_html(out, runs, n);
}

int sub_report(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	rr_run *runs[ARGS_FILES_MAX];
	(void)s;
	int rc = results_files_load(c, runs, err, errlen);
	if (rc)
		return rc;
	int n = c->nfiles;
	for (int i = 0; i < n; i++)
		if (runs[i]->missing[0])
			fprintf(stderr, "tpcc-console: %s: %s\n", c->files[i], runs[i]->missing);
	rc = results_files_merge(c, runs, &n, err, errlen);
	if (rc)
		return rc;
	for (int i = 0; c->merge && i < n; i++)
		fprintf(stderr, "tpcc-console: %s: %s\n", runs[i]->path, runs[i]->missing);
	if (!c->output[0]) {
		rc = write_report(c, stdout, runs, n) || fflush(stdout) ? EX_FAIL : EX_OK;
		if (rc)
			snprintf(err, errlen, "writing the report: %s", strerror(errno));
		results_files_free(runs, n);
		return rc;
	}
	char tmp[sizeof c->output + 8];
	snprintf(tmp, sizeof tmp, "%s.tmp", c->output);
	FILE *out = fopen(tmp, "w");
	if (!out) {
		snprintf(err, errlen, "%s: %s", tmp, strerror(errno));
		results_files_free(runs, n);
		return EX_FAIL;
	}
	int bad = write_report(c, out, runs, n);
	bad |= fclose(out) != 0;
	if (bad || rename(tmp, c->output)) {
		snprintf(err, errlen, "%s: %s", bad ? tmp : c->output, strerror(errno));
		unlink(tmp);
		rc = EX_FAIL;
	}
	results_files_free(runs, n);
	return rc;
}
