/* client_bound.h: the client-bound verdict in words (a run's summary gives
 * its facts: results_client_bound_facts, results.h).  The batch summary,
 * compare and both reports say it alike, from the summary's figures or
 * from a results file's: what made the run's NOPM the client's limit and
 * not the server's, and what to change.
 *
 * Two causes.  The client wanted nearly all the host's cores: the NOPM is
 * its CPU's ceiling.  Or an offered load's schedule fell behind: the VUs
 * were busy, most often waiting on the server, so the NOPM is what that
 * many VUs get at the server's latency; the text then names the latency
 * and each VU's share of the schedule, so that a slow server is not read
 * as a slow client. */
#ifndef TPCC_RESULTS_CLIENT_BOUND_H
#define TPCC_RESULTS_CLIENT_BOUND_H

#include <stddef.h>
#include <stdint.h>
#include "core/stats.h"

typedef struct cb_facts {
	double cpu_share, behind_share;   /* of the steady seconds, 0..1 */
	int vus;                          /* the most the steady phase had */
	double offered_tpm;               /* an offered load's; <= 0 or NAN: none */
	double txn_ms;                    /* a transaction's mean service time; NAN: unknown */
} cb_facts;

typedef enum { CB_CPU, CB_SCHEDULE } cb_cause;

/* The cause the verdict names: the cores when they were short in half
 * the steady seconds or in as many as the schedule was behind, else the
 * schedule. */
cb_cause client_bound_cause(const cb_facts *f);
const char *client_bound_cause_name(cb_cause c);   /* "cpu", "schedule" */

/* The mean of per-type means avg[] weighted by commits[] (TX_COUNT each);
 * NAN when nothing committed. */
double client_bound_mean_ms(const uint64_t *commits, const double *avg);

/* The verdict's reason and its advice as one sentence, no leading
 * capital and no full stop, e.g. "the client wanted nearly all the
 * host's cores in 92% of the steady seconds: this NOPM is the client's
 * ceiling, not the server's". */
void client_bound_text(const cb_facts *f, char *buf, size_t len);

#endif
