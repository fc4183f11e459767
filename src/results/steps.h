/* steps.h: one step of a sweep as the results file records it: what it
 * set (with the values before), when it started, settled and ended, and
 * its measured window's figures, merged from the window's histograms. */
#ifndef TPCC_RESULTS_STEPS_H
#define TPCC_RESULTS_STEPS_H

#include "core/waits.h"
#include <stdint.h>
#include "json.h"
#include "core/stats.h"

#define STEP_SET_MAX 4
#define STEP_METRICS_MAX 16

typedef struct step_change {
	char name[64];
	char old[128];            /* as read back before the change */
	char value[128];          /* as read back after it */
	double effect_s;          /* from the change until the server had it in
	                           * effect (a buffer-pool resize done, a reload
	                           * read); -1: it never said so in time */
} step_change;

typedef struct step_result {
	int index;                /* 1, 2, ... */
	char label[160];          /* "vus=4 innodb_io_capacity=1000" */
	int vus, vus_old;         /* -1: the step left the VU count alone */
	long rate, rate_old;      /* offered TPM, 0 none; rate -1: left alone */
	int nset;
	step_change set[STEP_SET_MAX];
	int started, settled, ended;  /* seconds of the run */
	int complete;             /* 0: cut short (stop, signal, next) */
	char settle_by[8];        /* --settle auto: "MSER-5" (found), "max"; "" fixed */
	int settle_found;         /* the second MSER-5 found NOPM settled at (-1 none) */
	char ended_by[8];         /* cut short by: "next" (the operator's), "stop"
	                           * (the run or the sweep ended); "" complete */
	int reset;                /* the database was restored before the step */
	double reset_s;           /* how long that took, VUs stopped to restored */
	int seconds;              /* ticks in the measured window */
	int vus_min, vus_max;     /* active VUs over the window's ticks */
	double nopm, tpm;
	int nopm_ci;              /* nopm_lo..nopm_hi known: NOPM's 95% interval
	                           * from the window's per-second NOPM (the
	                           * printed table's; not in the file, whose
	                           * readers compute it from the ticks) */
	double nopm_lo, nopm_hi;
	double server_tpm;        /* averaged over the window; -1: none */
	uint64_t commits[TX_COUNT];
	double p50[TX_COUNT], p95[TX_COUNT], p99[TX_COUNT], max[TX_COUNT];  /* ms */
	double p90[TX_COUNT];     /* ms: the percentile TPC-C bounds (capacity's default limits) */
	uint64_t errors[ERR_KIND_COUNT];
	uint64_t failed, retries, reconnects;
	double client_cpu_s;
	double cpu_per_1000_no;   /* client CPU seconds per 1,000 New-Orders */
	/* An offered load in the window (its seconds that had one): the mean
	 * rate offered (0: none), achieved, the backlog, whether it was met,
	 * and the service times beside p50.. (from the intended starts). */
	double offered_tpm, achieved_tpm, behind_max_s, behind_end_s;
	int rate_met;
	double svc_avg[TX_COUNT], svc_p50[TX_COUNT], svc_p95[TX_COUNT], svc_p99[TX_COUNT];
	double svc_max[TX_COUNT];
	int nmetrics;             /* the server's, averaged over the window */
	char metric[STEP_METRICS_MAX][48];
	double metric_avg[STEP_METRICS_MAX];
	double metric_rate[STEP_METRICS_MAX];  /* average change per second */
	/* The server's waits over the window: seconds that had them, mean
	 * AAS per class, the top events (mean AAS). */
	int wait_seconds;
	double wait_aas[WC_COUNT];
	int nwait_top;
	wait_event wait_top[4];
} step_result;

/* One element of the results file's "steps" array. */
void step_json(jbuf *b, const step_result *s);

#endif
