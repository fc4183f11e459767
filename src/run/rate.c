/* rate.c: see rate.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rate.h"

void rate_init(rate_sched *r)
{
	atomic_init(&r->next_ns, 0);
	atomic_init(&r->interval_ns, 0);
	atomic_init(&r->epoch, 0);
	atomic_init(&r->tpm, 0);
	pthread_mutex_init(&r->lock, NULL);
}

void rate_destroy(rate_sched *r)
{
	pthread_mutex_destroy(&r->lock);
}

/* rate_lock held.  The epoch is odd while the two fields change, so a
 * claim that overlaps a change sees a different epoch after it and takes
 * again. */
static void put(rate_sched *r, long tpm, uint64_t base)
{
	atomic_fetch_add(&r->epoch, 1);
	/* Integer nanoseconds: below 60 million a minute the rounding is
	 * under 0.1%. */
	atomic_store(&r->interval_ns, tpm > 0 ? (uint64_t)(60e9 / (double)tpm) : 0);
	atomic_store(&r->next_ns, base);
	atomic_store(&r->tpm, tpm);
	atomic_fetch_add(&r->epoch, 1);
}

void rate_set(rate_sched *r, long tpm, uint64_t now, int keep_backlog)
{
	pthread_mutex_lock(&r->lock);
	uint64_t next = atomic_load(&r->next_ns);
	uint64_t base = keep_backlog && atomic_load(&r->interval_ns) && next < now ? next : now;
	put(r, tpm, base);
	pthread_mutex_unlock(&r->lock);
}

void rate_restart(rate_sched *r, uint64_t now)
{
	pthread_mutex_lock(&r->lock);
	put(r, atomic_load(&r->tpm), now);
	pthread_mutex_unlock(&r->lock);
}

long rate_tpm(const rate_sched *r)
{
	return atomic_load_explicit(&r->tpm, memory_order_relaxed);
}

uint64_t rate_claim(rate_sched *r, unsigned *epoch)
{
	for (;;) {
		unsigned e = atomic_load_explicit(&r->epoch, memory_order_acquire);
		uint64_t iv = atomic_load_explicit(&r->interval_ns, memory_order_relaxed);
		if (!iv && !(e & 1)) {
			*epoch = e;
			return 0;
		}
		uint64_t at = atomic_fetch_add_explicit(&r->next_ns, iv, memory_order_relaxed);
		if (!(e & 1) && atomic_load_explicit(&r->epoch, memory_order_acquire) == e) {
			*epoch = e;
			return at;
		}
	}
}

int rate_current(const rate_sched *r, unsigned epoch)
{
	return atomic_load_explicit(&r->epoch, memory_order_relaxed) == epoch;
}

void rate_behind(const rate_sched *r, uint64_t now, double *behind_s, uint64_t *behind_n)
{
	uint64_t iv = atomic_load_explicit(&r->interval_ns, memory_order_relaxed);
	uint64_t next = atomic_load_explicit(&r->next_ns, memory_order_relaxed);
	*behind_s = 0;
	*behind_n = 0;
	if (!iv || next >= now)
		return;
	*behind_s = (double)(now - next) / 1e9;
	*behind_n = (now - next) / iv + 1;
}

void rate_sums_add(rate_sums *s, double offered_tpm, double tpm, double behind_s)
{
	if (offered_tpm <= 0)
		return;
	s->secs++;
	s->offered += offered_tpm;
	s->done += tpm;
	if (behind_s > s->behind_max_s)
		s->behind_max_s = behind_s;
	s->behind_end_s = behind_s;
}

int rate_met(double offered_tpm, double achieved_tpm, double behind_end_s)
{
	return achieved_tpm >= RATE_MET_SHARE * offered_tpm && behind_end_s <= RATE_MET_BEHIND_S;
}

int rate_parse(const char *s, long *tpm, char *err, size_t errlen)
{
	if (!strcmp(s, "off")) {
		*tpm = 0;
		return 0;
	}
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < 0 || v > RATE_TPM_MAX) {
		snprintf(err, errlen, "expected transactions per minute from 0 to %ld, or off "
			 "(0 and off: every VU flat out again), got '%s'", RATE_TPM_MAX, s);
		return -1;
	}
	*tpm = v;
	return 0;
}
