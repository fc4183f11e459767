/* wait_sampler.h: the monitor's half of the server's waits (the dialect
 * owns the SQL and the classes, src/dialect/waits.h): on the monitor's own
 * connection and thread, never a VU's, it opens the dialect's source once
 * per connection, takes WAIT_HZ snapshots a second of the run's sessions,
 * and makes each second's wait_second from them. */
#ifndef TPCC_WAIT_SAMPLER_H
#define TPCC_WAIT_SAMPLER_H

#include <stdint.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"

#define WAIT_HZ 10

/* The driver's own waits (db_waits) summed over the VUs: each VU adds what
 * its connection waited after each transaction; the sampler reads them. */
typedef struct wait_totals {
	_Atomic uint64_t lock_n, lock_ns, ckpt_n, ckpt_ns, commit_n, commit_ns;
} wait_totals;

/* A VU's connection's waits into t (its counters start again). */
void wait_totals_take(wait_totals *t, db_conn *c);

typedef struct wait_sampler {
	const dialect *d;
	wait_src src;
	wait_acc acc;
	int opened;               /* src is open on the current connection */
	wait_second prev;
	int have_prev;
	uint64_t last_ns;         /* the previous second's end */
	const wait_totals *drv;   /* the driver's waits, or NULL */
	uint64_t drv_prev[6];
} wait_sampler;

/* drv (may be NULL): the driver's own waits, for a driver that counts
 * them (caps: take_waits). */
void wait_sampler_init(wait_sampler *w, const dialect *d, const char *database,
		       const wait_totals *drv);
/* The connection c was dropped or replaced: open the source again. */
void wait_sampler_lost(wait_sampler *w);
/* Whether snapshots are taken between seconds on c. */
int wait_sampler_sampling(const wait_sampler *w);
/* One snapshot; on a lost connection *c is closed and set to NULL. */
void wait_sampler_snapshot(wait_sampler *w, db_conn **c);
/* The second's end: the last snapshot, then out (source WS_NONE when there
 * is nothing to say).  Returns 1 when the source was (re)opened, so the
 * caller publishes its label and note. */
int wait_sampler_second(wait_sampler *w, db_conn **c, wait_second *out);

#endif
