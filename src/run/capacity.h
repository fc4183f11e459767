/* capacity.h: the search of the capacity subcommand for the highest
 * offered rate (rate.h: an open loop, latency from each transaction's
 * intended start) that holds every limit: a percentile of a type's
 * latency at most a bound, and the rate achieved (rate_met).
 *
 * The search is a list of sweep steps whose rates it picks as each step
 * ends (step_spec.after): step 1 runs the VUs flat out (a closed loop),
 * which no offered rate can beat with those VUs, so it gives the first
 * rate to try; a rate that holds is followed by one 25% higher until one
 * fails, one that fails by half of it until one holds (the bracket); then
 * the bracket is halved (bisection) until it is within CAP_RESOLUTION of
 * its low end or the step budget is spent.  The answer, the knee, is the
 * highest rate that held.  Pure: it sees step results, not the engine. */
#ifndef TPCC_CAPACITY_H
#define TPCC_CAPACITY_H

#include <stddef.h>
#include "results/steps.h"

#define CAP_LIMITS_MAX 10
#define CAP_STEPS_MAX 64
#define CAP_STEPS_DEFAULT 10
#define CAP_RESOLUTION 0.01   /* the bracket's width, share of its low end */
#define CAP_RATE_MIN 60       /* TPM: below this the search gives up */

enum cap_pct { CAP_P50, CAP_P90, CAP_P95, CAP_P99, CAP_MAX, CAP_PCT_COUNT };
extern const char *const cap_pct_names[CAP_PCT_COUNT];   /* "p50", ... "max" */

typedef struct cap_limit {
	int type;            /* enum txn_type */
	int pct;             /* enum cap_pct */
	double ms;
	char name[40];       /* "new_order.p90" */
} cap_limit;

/* The limits from text ("new_order.p90=5s; payment.p99=200ms", items
 * apart by ';'); empty text: TPC-C's 90th-percentile bounds (clause
 * 5.2.5.4).  The count, or -1 with err naming the option (--limit) and
 * what it expected. */
int cap_limits_parse(const char *text, cap_limit *out, int max, char *err, size_t errlen);

/* The step budget from sweep.steps (--steps): empty, CAP_STEPS_DEFAULT;
 * else a whole number 2..CAP_STEPS_MAX.  -1 with err filled. */
int cap_budget_parse(const char *text, char *err, size_t errlen);

/* A limit's figure in a step, ms. */
double cap_figure(const step_result *r, const cap_limit *l);

/* Did step r hold every limit?  1 or 0; why (when 0) says what failed. */
int cap_holds(const step_result *r, const cap_limit *l, int nl, char *why, size_t whylen);

typedef struct cap_search {
	int budget;
	double ceiling;      /* TPM flat out (step 1); 0 before */
	long lo, hi;         /* highest rate that held, lowest that failed; 0: none yet */
	int measured;        /* offered-rate steps judged */
	char stopped[128];   /* why the search ended ("" under way) */
} cap_search;

void cap_search_init(cap_search *s, int budget);

/* After the n-th step (r[n-1], step 1 the closed loop): the next rate to
 * offer, or 0 when the search is over (stopped says why).  held, when
 * step n offered a rate, gets its verdict. */
long cap_search_next(cap_search *s, const step_result *r, int n, int held);

#endif
