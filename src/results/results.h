/* results.h: the run's results file, JSON (format described in README,
 * "Results file").  It is valid JSON after every tick: ticks are appended in
 * place and the closing part (events, summary: null, "complete": false) is
 * rewritten behind them, so a crash or a kill leaves a readable file.  The
 * finished file is written beside it and renamed over it in one step. */
#ifndef TPCC_RESULTS_H
#define TPCC_RESULTS_H

#include <stdatomic.h>
#include <stddef.h>
#include "config/options.h"
#include "run/stats.h"
#include "knobs.h"
#include "steps.h"

#define RESULTS_FORMAT "tpcc-console-results/1"

typedef struct run_info {
	const char *driver, *dialect, *server_version, *database;
	int warehouses;
	const char *mode;
	const tpcc_config *cfg;
	char started_at[32];      /* ISO 8601 UTC */
} run_info;

typedef struct run_event {
	int t;                    /* second of the run */
	char type[16];            /* vus, phase, knob, mark, error, command, info */
	char text[256];
} run_event;

typedef struct run_summary {
	int steady_seconds, total_seconds;
	double nopm, tpm;
	double server_tpm;        /* from the server's counter; -1: none */
	uint64_t commits[TX_COUNT];
	double p50[TX_COUNT], p90[TX_COUNT], p95[TX_COUNT], p99[TX_COUNT], max[TX_COUNT], avg[TX_COUNT];
	uint64_t errors[ERR_KIND_COUNT];
	uint64_t failed, retries, reconnects;
	uint64_t audit[AU_COUNT];
	double client_cpu_s;      /* over the steady phase */
	double cpu_per_1000;      /* client CPU seconds per 1,000 transactions */
	double cpu_per_1000_no;   /* ... per 1,000 New-Orders */
	int vus_max;
	int audit_ok;             /* all audit bounds met (or not applicable) */
	/* The whole run, every phase, including transactions that finished
	 * after the last full second: what the database should hold. */
	uint64_t run_commits[TX_COUNT];
	uint64_t run_rollbacks, run_failed;
} run_summary;

typedef struct results results;

/* Creates dir if needed (0750) and the file (0640).  path gets its name. */
int results_open(results **out, const char *dir, const run_info *ri,
		 char *path, size_t pathlen, char *err, size_t errlen);
int results_tick(results *r, const tick *t);
int results_event(results *r, const run_event *ev);
/* A sweep's step in "steps": the one under way is rewritten by each call
 * (so a kill leaves what it set and its figures so far); final fixes it
 * there and the next call starts the next step. */
int results_step(results *r, const step_result *s, int final);
/* The knob journal as it stands, into "knob_journal". */
int results_knobs(results *r, const knob_entry *k, int n);
/* The sweep's table as printed, one string a line, into "steps_table". */
int results_steps_table(results *r, const char *const *lines, int n);
/* Write the final file (summary, stopped_by: NULL when the run ended on its
 * own) and rename it into place. */
int results_finish(results *r, const run_summary *s, const char *stopped_by,
		   char *err, size_t errlen);
void results_close(results *r);
/* Record, per district, the highest New-Order id whose commit the server
 * acknowledged (acked[(w-1)*10 + d-1], 0: none), for `check --durability`. */
void results_set_durability(results *r, const atomic_int *acked, int warehouses);
const char *results_path(const results *r);

/* Audit bound checks, shared by the results file and the batch summary.
 * Fills up to max lines "name value (bounds) ok|OUT"; returns the count. */
int summary_audit_lines(const run_summary *s, int warehouses, char lines[][96], int max,
			int *all_ok);

#endif
