#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include "stats.h"

const char *const txn_names[TX_COUNT] = {
	"new_order", "payment", "order_status", "delivery", "stock_level"
};
const char *const txn_short[TX_COUNT] = { "no", "pay", "os", "dl", "sl" };
const char *const err_kind_names[ERR_KIND_COUNT] = {
	"deadlock", "lock_timeout", "connection", "other"
};
const char *const audit_names[AU_COUNT] = {
	"new_order_lines", "remote_order_lines", "new_order_rollbacks",
	"remote_payments", "payments_by_name", "order_status_by_name",
	"delivery_skipped_districts"
};
const char *const phase_names[PH_COUNT] = { "idle", "rampup", "steady", "rampdown", "done" };

#define LOAD(x) atomic_load_explicit(&(x), memory_order_relaxed)

static void record(vu_stats *v, enum txn_type t, int service, uint64_t us)
{
	uint32_t head = LOAD(v->head);
	if (us < (1u << SAMPLE_US_BITS) &&
	    head - atomic_load_explicit(&v->tail, memory_order_acquire) < VU_SAMPLES) {
		uint32_t kind = (uint32_t)t * 2 + (uint32_t)service;
		atomic_store_explicit(&v->sample[head % VU_SAMPLES],
				      kind << SAMPLE_US_BITS | (uint32_t)us, memory_order_relaxed);
		/* Release: the collector that sees the new head sees the sample. */
		atomic_store_explicit(&v->head, head + 1, memory_order_release);
		return;
	}
	vu_hists *h = LOAD(v->over);
	if (!h) {
		h = calloc(1, sizeof *h);
		if (!h)
			return;
		atomic_store_explicit(&v->over, h, memory_order_release);
	}
	hist_record(service ? &h->svc[t] : &h->lat[t], us);
}

void stats_record(vu_stats *v, enum txn_type t, uint64_t us)
{
	record(v, t, 0, us);
}

void stats_record_service(vu_stats *v, enum txn_type t, uint64_t us)
{
	record(v, t, 1, us);
}

void stats_done(vu_stats *v, enum txn_type t, uint64_t lat_us, int64_t svc_us, int rolled_back)
{
	uint32_t seq = LOAD(v->seq);
	atomic_store_explicit(&v->seq, seq + 1, memory_order_relaxed);
	/* Release: a reader that sees any store below sees seq odd too. */
	atomic_thread_fence(memory_order_release);
	record(v, t, 0, lat_us);
	if (svc_us >= 0)
		record(v, t, 1, (uint64_t)svc_us);
	stat_add(rolled_back ? &v->audit[AU_NO_ROLLBACKS] : &v->commits[t], 1);
	atomic_store_explicit(&v->seq, seq + 2, memory_order_release);
}

static void drain_to(vu_stats *v, uint32_t head, hist_snap lat[TX_COUNT], hist_snap svc[TX_COUNT])
{
	uint32_t tail = LOAD(v->tail);
	for (; tail != head; tail++) {
		uint32_t x = LOAD(v->sample[tail % VU_SAMPLES]), kind = x >> SAMPLE_US_BITS;
		hist_snap_record(kind & 1 ? &svc[kind / 2] : &lat[kind / 2],
				 x & ((1u << SAMPLE_US_BITS) - 1));
	}
	/* Release: the VU reuses the slots only after they were read. */
	atomic_store_explicit(&v->tail, tail, memory_order_release);
}

void stats_drain(vu_stats *v, hist_snap lat[TX_COUNT], hist_snap svc[TX_COUNT])
{
	drain_to(v, atomic_load_explicit(&v->head, memory_order_acquire), lat, svc);
}

static void add_hists(stats_sum *d, const stats_sum *a)
{
	for (int i = 0; i < TX_COUNT; i++) {
		hist_snap_add(&d->lat[i], &a->lat[i]);
		hist_snap_add(&d->svc[i], &a->svc[i]);
	}
}

static void add_counters(stats_sum *d, const stats_sum *a)
{
	for (int i = 0; i < TX_COUNT; i++) {
		d->commits[i] += a->commits[i];
		d->round_trips[i] += a->round_trips[i];
		d->rt_txns[i] += a->rt_txns[i];
	}
	for (int i = 0; i < ERR_KIND_COUNT; i++)
		d->errors[i] += a->errors[i];
	for (int i = 0; i < AU_COUNT; i++)
		d->audit[i] += a->audit[i];
	d->failed += a->failed;
	d->retries += a->retries;
	d->reconnects += a->reconnects;
}

/* Relaxed reads of everything stats_take adds. */
static void read_counters(stats_cut *c, const vu_stats *v)
{
	stats_sum *s = &c->c;
	const vu_hists *h = atomic_load_explicit(&v->over, memory_order_acquire);
	c->head = LOAD(v->head);
	c->hists = h != NULL;
	for (int i = 0; i < TX_COUNT; i++) {
		if (h) {
			hist_read(&h->lat[i], &s->lat[i]);
			hist_read(&h->svc[i], &s->svc[i]);
		}
		s->commits[i] = LOAD(v->commits[i]);
		s->round_trips[i] = LOAD(v->round_trips[i]);
		s->rt_txns[i] = LOAD(v->rt_txns[i]);
	}
	for (int i = 0; i < ERR_KIND_COUNT; i++)
		s->errors[i] = LOAD(v->errors[i]);
	for (int i = 0; i < AU_COUNT; i++)
		s->audit[i] = LOAD(v->audit[i]);
	s->failed = LOAD(v->failed);
	s->retries = LOAD(v->retries);
	s->reconnects = LOAD(v->reconnects);
}

void stats_take(stats_sum *s, vu_stats *v, hist_snap lat[TX_COUNT], hist_snap svc[TX_COUNT],
		stats_cut *c)
{
	for (unsigned tries = 1;; tries++) {
		uint32_t s1 = atomic_load_explicit(&v->seq, memory_order_acquire);
		if (!(s1 & 1)) {
			read_counters(c, v);
			atomic_thread_fence(memory_order_acquire);
			if (LOAD(v->seq) == s1)
				break;
		}
		/* The VU is inside stats_done, a few stores long, unless the
		 * scheduler took its core away there. */
		if (tries % 64 == 0)
			sched_yield();
	}
	/* Samples below the cut's head are the VU's until drained, and stay put. */
	drain_to(v, c->head, lat, svc);
	/* The cut's histograms hold a value only when the VU has some. */
	if (c->hists)
		add_hists(s, &c->c);
	add_counters(s, &c->c);
}

void stats_release(vu_stats *v)
{
	free(LOAD(v->over));
}

void stats_diff(stats_sum *d, const stats_sum *a, const stats_sum *b)
{
	for (int i = 0; i < TX_COUNT; i++) {
		hist_snap_sub(&d->lat[i], &a->lat[i], &b->lat[i]);
		hist_snap_sub(&d->svc[i], &a->svc[i], &b->svc[i]);
		d->commits[i] = a->commits[i] - b->commits[i];
		d->round_trips[i] = a->round_trips[i] - b->round_trips[i];
		d->rt_txns[i] = a->rt_txns[i] - b->rt_txns[i];
	}
	for (int i = 0; i < ERR_KIND_COUNT; i++)
		d->errors[i] = a->errors[i] - b->errors[i];
	for (int i = 0; i < AU_COUNT; i++)
		d->audit[i] = a->audit[i] - b->audit[i];
	d->failed = a->failed - b->failed;
	d->retries = a->retries - b->retries;
	d->reconnects = a->reconnects - b->reconnects;
}

void stats_sum_add(stats_sum *d, const stats_sum *a)
{
	add_hists(d, a);
	add_counters(d, a);
}

void stats_fill_tick(tick *t, const stats_sum *iv, double seconds)
{
	uint64_t all = 0;
	for (int i = 0; i < TX_COUNT; i++) {
		t->commits[i] = iv->commits[i];
		all += iv->commits[i];
		t->p50[i] = hist_percentile(&iv->lat[i], 50) / 1000.0;
		t->p90[i] = hist_percentile(&iv->lat[i], 90) / 1000.0;
		t->p95[i] = hist_percentile(&iv->lat[i], 95) / 1000.0;
		t->p99[i] = hist_percentile(&iv->lat[i], 99) / 1000.0;
		t->max[i] = iv->lat[i].max_us / 1000.0;
	}
	/* A New-Order rolled back on its unused item is a completed transaction
	 * (clause 2.4.1.4): it counts in TPM, not in NOPM. */
	all += iv->audit[AU_NO_ROLLBACKS];
	if (seconds <= 0)
		seconds = 1;
	t->nopm = iv->commits[TX_NEW_ORDER] * 60.0 / seconds;
	t->tpm = all * 60.0 / seconds;
	memcpy(t->errors, iv->errors, sizeof t->errors);
	t->failed = iv->failed;
	t->retries = iv->retries;
	t->reconnects = iv->reconnects;
}

void stats_service_ms(const stats_sum *s, double avg[TX_COUNT], double p50[TX_COUNT],
		      double p95[TX_COUNT], double p99[TX_COUNT], double max[TX_COUNT])
{
	for (int i = 0; i < TX_COUNT; i++) {
		avg[i] = s->svc[i].count ? s->svc[i].sum_us / 1000.0 / s->svc[i].count : 0;
		p50[i] = hist_percentile(&s->svc[i], 50) / 1000;
		p95[i] = hist_percentile(&s->svc[i], 95) / 1000;
		p99[i] = hist_percentile(&s->svc[i], 99) / 1000;
		max[i] = s->svc[i].max_us / 1000.0;
	}
}
