/* figures.h: the figures a tick, a sweep's step and the summary carry in the
 * results file (commits and latency per type, errors by class, failed,
 * retries, reconnects), written one way for both. */
#ifndef TPCC_RESULTS_FIGURES_H
#define TPCC_RESULTS_FIGURES_H

#include <stdint.h>
#include "json.h"
#include "core/stats.h"

typedef struct figures_ref {
	const uint64_t *commits;                       /* [TX_COUNT] */
	const double *p50, *p95, *p99, *max;           /* [TX_COUNT], ms */
	const double *avg, *p90;                       /* the summary's too; NULL: left out */
	const uint64_t *errors;                        /* [ERR_KIND_COUNT] */
	uint64_t failed, retries, reconnects;
} figures_ref;

/* "commits", "latency_ms", "errors", "failed", "retries", "reconnects"
 * as keys of the object open in b. */
void figures_json(jbuf *b, const figures_ref *f);

/* "nopm", "tpm" and "server_tpm" (null where server_tpm < 0: the server
 * has no counter), with decimals places, as keys of the object open in b. */
void figures_tpm_json(jbuf *b, double nopm, double tpm, double server_tpm, int decimals);

/* An offered load's figures, in the summary and in a step. */
typedef struct rate_ref {
	double offered_tpm;                            /* <= 0: a closed loop */
	double achieved_tpm, behind_max_s, behind_end_s;
	int met;
	const double *avg, *p50, *p95, *p99, *max;     /* service times, ms */
} rate_ref;

/* "rate": {offered_tpm, achieved_tpm, achieved, behind_max_s,
 * behind_end_s, service_latency_ms}, or "rate": null in a closed loop. */
void figures_rate_json(jbuf *b, const rate_ref *r);

#endif
