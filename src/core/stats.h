/* stats.h: per-VU counters and latencies, and the per-second tick the
 * collector folds them into.  A VU writes only its own vu_stats (relaxed
 * atomics, so the collector can read without locks); nothing else writes
 * it but the ring's tail.
 *
 * Latencies go into a small ring of samples that the collector empties
 * into its own histograms each second: a keyed terminal completes a
 * transaction every 20 s or so, and ten thousand of them must not each
 * carry (and have folded every second) five 1,408-bucket histograms.
 * A VU that fills its ring before the collector comes by (one running
 * without keying and thinking) gets those histograms after all, once,
 * and records there while the ring is full. */
#ifndef TPCC_STATS_H
#define TPCC_STATS_H

#include <stdatomic.h>
#include <stdint.h>
#include "histogram.h"

enum txn_type { TX_NEW_ORDER, TX_PAYMENT, TX_ORDER_STATUS, TX_DELIVERY, TX_STOCK_LEVEL, TX_COUNT };

/* Error classes as counted: what the driver classified. */
enum err_kind { ERR_DEADLOCK, ERR_LOCK_TIMEOUT, ERR_CONNECTION, ERR_OTHER, ERR_KIND_COUNT };

/* Audit counters for the shares TPC-C clauses 2.4 to 2.7 bound (remote
 * lines and payments, rollbacks, by-name look-ups, skipped deliveries). */
enum audit_id {
	AU_NO_LINES, AU_NO_REMOTE_LINES, AU_NO_ROLLBACKS,
	AU_PAY_REMOTE, AU_PAY_BYNAME, AU_OS_BYNAME, AU_DL_SKIPPED, AU_COUNT
};

#define VU_SAMPLES 64        /* a second of a VU with keying and thinking, many times over */
/* A sample: kind << 28 | microseconds (up to 268 s; longer ones go to the
 * histograms), kind = type * 2, + 1 for a service time (below). */
#define SAMPLE_US_BITS 28

typedef struct vu_hists {
	histogram lat[TX_COUNT];
	histogram svc[TX_COUNT];
} vu_hists;

typedef struct vu_stats {
	/* Odd while the VU publishes a finished transaction (stats_done):
	 * a reader that sees it change reads again, so that a cut never has
	 * a latency without its commit or a commit without its latency. */
	_Atomic uint32_t seq;
	_Atomic uint32_t head;             /* samples written: the VU's */
	_Atomic uint32_t tail;             /* samples taken: the collector's */
	_Atomic uint32_t sample[VU_SAMPLES];
	_Atomic(vu_hists *) over;          /* made by the VU when its ring was full */
	_Atomic uint64_t commits[TX_COUNT];
	_Atomic uint64_t errors[ERR_KIND_COUNT];
	_Atomic uint64_t failed;           /* transactions abandoned after errors */
	_Atomic uint64_t retries;
	_Atomic uint64_t reconnects;
	_Atomic uint64_t audit[AU_COUNT];
	/* Waits for the server per type, over the attempts (rt_txns) the
	 * driver counted them for (drivers without a count add nothing). */
	_Atomic uint64_t round_trips[TX_COUNT], rt_txns[TX_COUNT];
} vu_stats;

/* Plain sums over all VUs at one instant (cumulative) or over an interval. */
typedef struct stats_sum {
	hist_snap lat[TX_COUNT];
	/* Under an offered load (rate.h) lat counts from each transaction's
	 * intended start; svc from when it really started, the service time
	 * alone, for comparison.  Empty in a closed loop, where they agree. */
	hist_snap svc[TX_COUNT];
	uint64_t commits[TX_COUNT];
	uint64_t errors[ERR_KIND_COUNT];
	uint64_t failed, retries, reconnects;
	uint64_t audit[AU_COUNT];
	uint64_t round_trips[TX_COUNT], rt_txns[TX_COUNT];
} stats_sum;

enum phase { PH_IDLE, PH_RAMPUP, PH_STEADY, PH_RAMPDOWN, PH_DONE, PH_COUNT };

/* One second of the run, as the collector publishes it. */
typedef struct tick {
	int t;                 /* seconds since the run started */
	int phase;
	int vus, vus_target;   /* active (asked for and not removed), and asked for */
	int vus_running;       /* of the active, those connected and working */
	double nopm, tpm;      /* this second's rate, per minute */
	uint64_t commits[TX_COUNT];
	double p50[TX_COUNT], p95[TX_COUNT], p99[TX_COUNT], max[TX_COUNT]; /* ms */
	double p90[TX_COUNT];   /* ms: the percentile TPC-C bounds (clause 5.2.5.4) */
	uint64_t errors[ERR_KIND_COUNT];
	uint64_t failed, retries, reconnects;
	int vus_reconnecting;  /* VUs waiting for the server at the tick */
	double cpu_client;     /* percent of one core */
	double server_tpm;     /* from the server's own counter; -1: none */
	/* An offered load (rate.h): the rate asked for, per minute (-1: none,
	 * a closed loop), and how far behind it the VUs are: the oldest
	 * transaction due but not started, seconds, and how many are due. */
	double rate_tpm;
	double behind_s;
	uint64_t behind_n;
	/* The CPU the client asked for this second, in cores (run + run-queue
	 * wait of its threads; -1 unknown), and whether the client was the
	 * limit: it wanted nearly every core, or an offered load fell behind. */
	double client_demand;
	int client_bound;
} tick;

extern const char *const txn_names[TX_COUNT];       /* "new_order", ... */
extern const char *const txn_short[TX_COUNT];       /* "no", "pay", ... */
extern const char *const err_kind_names[ERR_KIND_COUNT];
extern const char *const audit_names[AU_COUNT];
extern const char *const phase_names[PH_COUNT];

static inline void stat_add(_Atomic uint64_t *c, uint64_t n)
{
	atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
			      memory_order_relaxed);
}

/* The VU, once a transaction has its outcome: its latency, its service
 * time (svc_us >= 0, under an offered load) and its commit or, rolled_back,
 * its rollback (New-Order's unused item), published as one: a collector's
 * cut has all of it or none, so a window's histogram counts are exactly its
 * commits plus its rollbacks. */
void stats_done(vu_stats *v, enum txn_type t, uint64_t lat_us, int64_t svc_us, int rolled_back);
/* stats_done's parts, on their own only where no counter goes with them:
 * one latency (lost only when memory for the histograms a full ring needs
 * is not to be had), and one service time. */
void stats_record(vu_stats *v, enum txn_type t, uint64_t us);
void stats_record_service(vu_stats *v, enum txn_type t, uint64_t us);
/* The collector (or the reaper, once the VU is gone): move the samples in
 * v's ring into lat and svc, which it owns. */
void stats_drain(vu_stats *v, hist_snap lat[TX_COUNT], hist_snap svc[TX_COUNT]);

/* One consistent read of a VU: the reader's own scratch (its histograms
 * are too big for a stack). */
typedef struct stats_cut {
	uint32_t head;
	stats_sum c;      /* counters, and the full ring's histograms if any */
	int hists;
} stats_cut;

/* s += what v holds at one instant between two stats_done calls: its
 * counters and any histograms, and its ring's samples up to that instant
 * into lat and svc (which, as for stats_drain, the caller owns). */
void stats_take(stats_sum *s, vu_stats *v, hist_snap lat[TX_COUNT], hist_snap svc[TX_COUNT],
		stats_cut *scratch);
/* Free what stats_record made; v itself is the caller's. */
void stats_release(vu_stats *v);
/* d = a - b */
void stats_diff(stats_sum *d, const stats_sum *a, const stats_sum *b);
void stats_sum_add(stats_sum *d, const stats_sum *a);
/* The service times' mean, p50, p95, p99 and max per type, ms. */
void stats_service_ms(const stats_sum *s, double avg[TX_COUNT], double p50[TX_COUNT],
		      double p95[TX_COUNT], double p99[TX_COUNT], double max[TX_COUNT]);
/* Fill a tick's rates and percentiles from an interval of `seconds`. */
void stats_fill_tick(tick *t, const stats_sum *interval, double seconds);

#endif
