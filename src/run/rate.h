/* rate.h: an offered load (open loop).  Instead of every VU running flat
 * out, the run asks for a number of transactions per minute, spread over
 * all VUs: transaction k of the schedule is meant to start at
 * base + k x interval, whichever VU takes it.  A VU takes the next start
 * (rate_claim), waits for it, and the engine measures latency from that
 * intended start, so a stall shows in every transaction it delayed (the
 * coordinated-omission correction), beside the service time from when the
 * transaction really began.
 *
 * Lock-free on the VU's path: one fetch-and-add per transaction on a
 * cache line of its own.  A change of rate (rate_set, any thread) bumps
 * the epoch; a VU napping until a start of an older schedule drops it
 * (rate_current) and takes one of the new. */
#ifndef TPCC_RATE_H
#define TPCC_RATE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define RATE_TPM_MAX 100000000L

typedef struct rate_sched {
	/* Padding rather than _Alignas: the struct lives in a calloc'ed
	 * engine, which is not aligned to a cache line. */
	char pad0[64];
	/* The intended start of the next transaction not yet taken, ns on
	 * the monotonic clock: every VU adds to it, on a line of its own. */
	_Atomic uint64_t next_ns;
	char pad1[64];
	/* Read on every claim, written only by rate_set. */
	_Atomic uint64_t interval_ns;                /* 0: closed loop */
	atomic_uint epoch;                           /* odd while rate_set writes */
	_Atomic long tpm;                            /* as asked; 0: closed loop */
	pthread_mutex_t lock;                        /* rate_set's writers */
	char pad2[64];
} rate_sched;

void rate_init(rate_sched *r);
void rate_destroy(rate_sched *r);
/* Offer tpm transactions per minute from now (0: closed loop again).
 * With keep_backlog a schedule already behind keeps its backlog: the new
 * one starts where the old one's next start was, if that is past, so
 * turning the rate down does not hide the transactions already late (the
 * operator's change); without, it starts afresh (a sweep's step, measured
 * on its own). */
void rate_set(rate_sched *r, long tpm, uint64_t now, int keep_backlog);
/* Start the schedule again from now, backlog dropped (after a pause). */
void rate_restart(rate_sched *r, uint64_t now);
long rate_tpm(const rate_sched *r);
/* The VU: the intended start of its next transaction, 0 in a closed loop;
 * *epoch gets the schedule it belongs to. */
uint64_t rate_claim(rate_sched *r, unsigned *epoch);
/* Is the schedule of epoch still the one in force? */
int rate_current(const rate_sched *r, unsigned epoch);
/* The collector, each second: how far behind schedule the VUs are, as the
 * wait of the oldest start due and not taken (seconds, 0 when none is)
 * and how many starts are due; both 0 in a closed loop. */
void rate_behind(const rate_sched *r, uint64_t now, double *behind_s, uint64_t *behind_n);
/* An offered load over a span of ticks (the steady phase, a step's
 * window): the seconds that had one, the rates offered and achieved summed
 * over them, and the backlog's worst and last. */
typedef struct rate_sums {
	int secs;
	double offered, done;
	double behind_max_s, behind_end_s;
} rate_sums;
/* One tick: its offered rate (<= 0: none, nothing added), its TPM and how
 * far behind it was. */
void rate_sums_add(rate_sums *s, double offered_tpm, double tpm, double behind_s);

/* Did the VUs keep up?  Achieved at least 95% of what was offered, and at
 * most a second behind schedule at the end (a backlog that grows shows
 * there before the average falls). */
#define RATE_MET_SHARE 0.95
#define RATE_MET_BEHIND_S 1.0
int rate_met(double offered_tpm, double achieved_tpm, double behind_end_s);
/* Parse a rate as typed at the console: a whole number of transactions per
 * minute, 0 to RATE_TPM_MAX, or "off" (0).  -1 with err filled. */
int rate_parse(const char *s, long *tpm, char *err, size_t errlen);

#endif
