/* results_read.h: a results file loaded into memory (jansson), the one way
 * report, compare, runs and replay read one.  Format 1 and 2 are read; a
 * file cut short (copied or killed mid-write) is read up to its last whole
 * tick and says what it lost; a file that is not a results file is refused
 * with the reason.  Fields a format lacks are NAN (numbers) or "" (text),
 * and rr_run.missing lists them once for the reader to show.  Bytes that
 * are not UTF-8 (an older writer copied text as it came) are read as
 * U+FFFD, counted in rr_run.repaired, and said in missing too.
 *
 * A loaded run is plain data: merging several (the client instances of one
 * run) is a function over them, results_merge.h. */
#ifndef TPCC_RESULTS_READ_H
#define TPCC_RESULTS_READ_H

#include <stddef.h>
#include <stdint.h>
#include "core/stats.h"

#define RR_METRICS_MAX 16

typedef struct rr_tick {
	int t, phase, vus, vus_target;
	int vus_running;                         /* connected; vus in files before it */
	double nopm, tpm, server_tpm;            /* server_tpm NAN: none */
	double p50[TX_COUNT], p95[TX_COUNT], p99[TX_COUNT], max[TX_COUNT];  /* ms */
	double commits[TX_COUNT];
	double errors_by[ERR_KIND_COUNT];
	double retries, reconnects, failed;
	double errors;                           /* every kind, and failed */
	double cpu_client;                       /* percent of one core */
	double host_user, host_sys, host_iowait; /* NAN: not sampled */
	double cpu_server;
	double r_iops, w_iops, r_ms, w_ms;
	double metric[RR_METRICS_MAX];           /* as the server reported it; NAN none */
	double metric_per_s[RR_METRICS_MAX];     /* its change per second */
	double offered_tpm, behind_s, behind_txn; /* an offered load's; NAN: none */
} rr_tick;

typedef struct rr_event {
	int t;
	char type[16];
	char text[256];
} rr_event;

/* The figures compare and report put side by side: the summary's when the
 * file has one, else computed from the steady ticks (summary_from_ticks). */
typedef struct rr_figures {
	int steady_seconds;
	double nopm, tpm, server_tpm;
	double p95[TX_COUNT], p99[TX_COUNT];
	double errors, retries;
	double cpu_per_1000_no;                  /* client CPU s per 1,000 New-Orders */
	int vus_max;
	/* An offered load's (the summary's "rate"), NAN in a closed loop:
	 * offered and achieved TPM, the most seconds behind schedule. */
	double rate_offered, rate_achieved, behind_max_s;
} rr_figures;

typedef struct rr_run {
	char path[1024];
	int format;                              /* 1, 2, ... */
	char started_at[32], label[256], driver[32], dialect[32], server_version[128];
	char database[256], mode[32], stopped_by[64], tags[512];
	int warehouses;
	int complete;
	int cut;                                 /* read up to the last whole tick */
	int has_summary, summary_from_ticks;
	rr_figures fig;
	int nticks;
	rr_tick *ticks;
	int nevents;
	rr_event *events;
	int steady_from, steady_to;              /* tick indexes [from, to); from == to: none */
	int nmetrics;
	char metric_name[RR_METRICS_MAX][48];
	int metric_counter[RR_METRICS_MAX];      /* 1: never falls, so a counter: its
						  * per-second change is the figure */
	size_t repaired;                         /* bytes that were not UTF-8, read as
						  * U+FFFD (also said in missing) */
	char missing[600];                       /* what this file lacks, for the reader */
	void *root;                              /* the parsed document (json_t *), for
						  * config, system, steps, histograms */
} rr_run;

/* Load path.  0 with *out; -1 with err naming the file and what is wrong
 * (cannot read it, not JSON, not a results file, a format this version
 * does not know). */
int results_read(const char *path, rr_run **out, char *err, size_t errlen);
void results_read_free(rr_run *r);
/* "N bytes that were not UTF-8 read as U+FFFD" when r had any, else NULL. */
const char *rr_repaired_note(const rr_run *r, char *buf, size_t len);

/* A value of the document as text ("run.mode", "config.run.vus",
 * "system.cpu_model"), or NULL: for settings and system lists. */
const char *rr_text(const rr_run *r, const char *dotted, char *buf, size_t len);
/* The document's object at dotted ("config", "system.server_variables"),
 * as a jansson json_t *, or NULL. */
void *rr_object(const rr_run *r, const char *dotted);
/* A JSON number x (a json_t *) as an int; dflt when x is not a number or
 * is out of an int's range (a file from elsewhere may say 1e300). */
int rr_int(const void *x, int dflt);

#endif
