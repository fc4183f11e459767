/* results_merge.h: several client instances of ONE run (each with its own
 * --warehouse-range, started together with --start-at) made into one
 * loaded run, for report and compare --merge.
 *
 * The seconds are aligned on the wall clock (each file's run.started_at
 * plus the tick's t).  Per second: commits, NOPM, TPM, errors, retries,
 * VUs and client CPU are added; p50/p95/p99/max are the worst instance's
 * (a tick keeps no histogram to merge); the server's and the host's
 * figures are the first file's, since the instances watch one server.
 * A second is steady only when every instance is steady in it.
 * The summary: NOPM, TPM, errors and retries are the sum of each file's
 * own steady figures, client CPU per 1,000 New-Orders is recomputed from
 * the totals, and p95/p99 come from the files' steady histograms
 * (summary.histograms_us) added bucket by bucket, which is exact; a file
 * without them makes those the worst instance's, and rr_run.missing says
 * so.  The merged document (rr_run.root) is the first file's with the
 * merged histograms, the label and the union of the warehouse ranges. */
#ifndef TPCC_RESULTS_MERGE_H
#define TPCC_RESULTS_MERGE_H

#include <stddef.h>
#include "results_read.h"

/* runs[0..n), n >= 2, left as they are: 0 with *out (free it with
 * results_read_free), or -1 with err naming the two files when they
 * cannot be one run: other warehouse counts or databases, overlapping
 * warehouse ranges (a file without one holds them all), or no second in
 * common. */
int rr_merge(rr_run *const *runs, int n, rr_run **out, char *err, size_t errlen);

#endif
