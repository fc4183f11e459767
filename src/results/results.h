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
#include "core/sample.h"
#include "core/stats.h"
#include "client_bound.h"
#include "event.h"
#include "knobs.h"
#include "steps.h"

/* 2 added per tick host_cpu, cpu_server, disk, server_metrics(_per_s); the
 * system object, run.label and run.tags, "unavailable" and the summary's
 * histograms.  Readers take 1 too (results_read.h). */
#define RESULTS_FORMAT "tpcc-console-results/2"
#define RESULTS_FORMAT_PREFIX "tpcc-console-results/"

typedef struct run_info {
	const char *driver, *dialect, *server_version, *database;
	int warehouses;
	const char *mode;
	const tpcc_config *cfg;
	char started_at[32];      /* ISO 8601 UTC */
	const char *label;        /* run.label, "" none */
	const char *tags;         /* run.tags: K=V,K=V */
	const sys_info *sys;      /* may be NULL */
	/* Why a per-tick figure is null throughout, NULL when it is sampled:
	 * said once in the header instead of on every tick. */
	const char *why_no_server_cpu, *why_no_disk, *why_no_metrics;
	/* A run that rolls its results over (run.results_roll_kb): which file
	 * of the run this is (0 the first) and the one before it, by name. */
	int part;
	const char *continues;
} run_info;

typedef struct run_summary {
	int steady_seconds, total_seconds;
	double nopm, tpm;
	double server_tpm;        /* from the server's counter; -1: none */
	uint64_t commits[TX_COUNT];
	double p50[TX_COUNT], p90[TX_COUNT], p95[TX_COUNT], p99[TX_COUNT], max[TX_COUNT], avg[TX_COUNT];
	uint64_t errors[ERR_KIND_COUNT];
	uint64_t failed, retries, reconnects;
	uint64_t audit[AU_COUNT];
	/* Round trips per attempt of each type; 0 or less: not counted (the
	 * driver has no count, or no attempt of the type). */
	double round_trips[TX_COUNT];
	double client_cpu_s;      /* over the steady phase */
	double cpu_per_1000;      /* client CPU seconds per 1,000 transactions */
	double cpu_per_1000_no;   /* ... per 1,000 New-Orders */
	int vus_max;
	int audit_ok;             /* all audit bounds met (or not applicable) */
	/* For the compliance lines: keying and think times were on, and the
	 * terminals sat on the spec's homes (10 per warehouse, terminal i on
	 * warehouse i/10+1, district i%10+1) throughout. */
	int keyed, spec_homes;
	/* An offered load (rate.h) over the steady seconds that had one:
	 * the mean rate offered (-1: none, a closed loop throughout), the
	 * TPM achieved in those seconds, the backlog's worst and last,
	 * whether the VUs kept up, and the service times (from each
	 * transaction's real start; the p50.. above count from its intended
	 * one). */
	double rate_tpm, rate_achieved_tpm, behind_max_s, behind_end_s;
	int rate_met;
	double svc_avg[TX_COUNT], svc_p50[TX_COUNT], svc_p95[TX_COUNT], svc_p99[TX_COUNT];
	double svc_max[TX_COUNT];
	/* Steady state (src/run/steady.c): the second NOPM settled at by
	 * MSER-5 (-1: not found), and NOPM's change across the steady phase
	 * with its 95% interval; trending: not steady. */
	int steady_from_t;
	int trend_known, trend_seconds, trending;
	/* --rampup auto (auto_max > 0: its MAX): the second the steady phase
	 * started (-1: the run never left ramp-up) and where MSER-5 found NOPM
	 * settled when it did (-1: MAX was reached, or the operator ended it). */
	int auto_max, auto_entered_at, auto_settled_at;
	/* Client-bound (the client, not the server, was the limit): the
	 * share of steady seconds it wanted 85% of the host's cores, or an
	 * offered load fell behind; client_bound when either is half or more. */
	double client_cpu_share, client_behind_share;
	int client_bound, cores;
	/* Neither the VUs nor the offered rate moved in the steady phase, so
	 * one latency and one share of the schedule describe it. */
	int client_steady_load;
	double trend_pct, trend_lo_pct, trend_hi_pct;
	/* The whole run, every phase, including transactions that finished
	 * after the last full second: what the database should hold. */
	uint64_t run_commits[TX_COUNT];
	uint64_t run_rollbacks, run_failed;
} run_summary;

/* The summary's client-bound facts for client_bound_text: its service
 * times when it had an offered load, else its latencies; no time (NAN)
 * when the VUs or the rate moved in the steady phase. */
void results_client_bound_facts(const run_summary *s, cb_facts *f);

typedef struct results results;

/* Creates dir if needed (0750) and the file (0640).  path gets its name. */
int results_open(results **out, const char *dir, const run_info *ri,
		 char *path, size_t pathlen, char *err, size_t errlen);
/* s (may be NULL: nothing sampled yet) is the monitor's latest sample:
 * host CPU, server CPU, disk and server metrics for the tick. */
int results_tick(results *r, const tick *t, const mon_sample *s);
int results_event(results *r, const run_event *ev);
/* A sweep's step in "steps": the one under way is rewritten by each call
 * (so a kill leaves what it set and its figures so far); final fixes it
 * there and the next call starts the next step. */
int results_step(results *r, const step_result *s, int final);
/* The knob journal as it stands, into "knob_journal". */
int results_knobs(results *r, const knob_entry *k, int n);
/* The sweep's table as printed, one string a line, into "steps_table". */
/* The steady phase's waits so far (the file's waits_steady): mean AAS
 * per class and the top events. */
int results_waits(results *r, const wait_sum *steady);
int results_steps_table(results *r, const char *const *lines, int n);
/* An A/B trial's section, a JSON object, under "ab" (replaced by each
 * call: the running estimate as segments end). */
int results_ab(results *r, const char *json_object);
/* A capacity search's section under "capacity", as results_ab. */
int results_capacity(results *r, const char *json_object);
/* Write the final file (summary, stopped_by: NULL when the run ended on its
 * own) and rename it into place. */
int results_finish(results *r, const run_summary *s, const char *stopped_by,
		   char *err, size_t errlen);
void results_close(results *r);
/* Record, per district, the highest New-Order id whose commit the server
 * acknowledged (acked[(w-1)*10 + d-1], 0: none), for `check --durability`. */
void results_set_durability(results *r, const atomic_int *acked, int warehouses);
/* The steady phase's latency histograms, written (non-empty buckets) into
 * the summary by results_finish. */
void results_set_histograms(results *r, const hist_snap lat[TX_COUNT]);
const char *results_path(const results *r);
/* The file's size as last written: the ticks and the closing part. */
long results_bytes(results *r);

/* Audit bound checks, shared by the results file and the batch summary.
 * Fills up to max lines "name value (bounds) ok|OUT"; returns the count. */
int summary_audit_lines(const run_summary *s, int warehouses, char lines[][96], int max,
			int *all_ok);
/* What this tool checks of a run's compliance with the specification
 * (terminals and their homes, keying and thinking, NOPM per warehouse at
 * most 12.86, the 90th-percentile limits of clause 5.2.5.3, the audit
 * bounds), one line each, "name value (limit) ok|OUT"; *compliant: all
 * ok.  Returns the count.  summary_departures names what remains
 * unchecked or unlike the spec whatever the run did. */
#define COMPLIANCE_LINES 10
int summary_compliance_lines(const run_summary *s, int warehouses, char lines[][160], int max,
			     int *compliant);
extern const char summary_departures[];
/* The home (warehouse, district) of each terminal slot 0..n-1, for the
 * results file ("terminal_homes"). */
void results_set_homes(results *r, const short (*homes)[2], int n);

#endif
