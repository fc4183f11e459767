/* wait_sampler.c: see wait_sampler.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdatomic.h>
#include <string.h>
#include "dialect/server.h"
#include "util/util.h"
#include "wait_sampler.h"

void wait_totals_take(wait_totals *t, db_conn *c)
{
	db_waits w;
	if (!c || !c->drv->take_waits)
		return;
	c->drv->take_waits(c, &w);
	if (w.lock_ns) {
		atomic_fetch_add_explicit(&t->lock_n, w.lock_n, memory_order_relaxed);
		atomic_fetch_add_explicit(&t->lock_ns, w.lock_ns, memory_order_relaxed);
	}
	if (w.ckpt_n) {
		atomic_fetch_add_explicit(&t->ckpt_n, w.ckpt_n, memory_order_relaxed);
		atomic_fetch_add_explicit(&t->ckpt_ns, w.ckpt_ns, memory_order_relaxed);
	}
	if (w.commit_n) {
		atomic_fetch_add_explicit(&t->commit_n, w.commit_n, memory_order_relaxed);
		atomic_fetch_add_explicit(&t->commit_ns, w.commit_ns, memory_order_relaxed);
	}
}

/* A driver that counts its own waits (SQLite: no server to ask): the
 * second's share of them, as timed waits. */
static int driver_second(wait_sampler *w, wait_second *out, double dt)
{
	uint64_t now[6] = {
		atomic_load_explicit(&w->drv->lock_n, memory_order_relaxed),
		atomic_load_explicit(&w->drv->lock_ns, memory_order_relaxed),
		atomic_load_explicit(&w->drv->ckpt_n, memory_order_relaxed),
		atomic_load_explicit(&w->drv->ckpt_ns, memory_order_relaxed),
		atomic_load_explicit(&w->drv->commit_n, memory_order_relaxed),
		atomic_load_explicit(&w->drv->commit_ns, memory_order_relaxed),
	};
	int had = w->have_prev && dt > 0;
	memset(out, 0, sizeof *out);
	if (had) {
		double lock = (now[1] - w->drv_prev[1]) / 1e9 / dt;
		double ckpt = (now[3] - w->drv_prev[3]) / 1e9 / dt;
		double commit = (now[5] - w->drv_prev[5]) / 1e9 / dt;
		out->source = WS_TIMED;
		out->aas[WC_TABLE_LOCK] = lock;
		/* A checkpoint copies the WAL's pages into the database file
		 * and syncs it: data file I/O, as a server's page flushing is.
		 * In the log class it hid the commits' syncs, since the
		 * checkpoints shrink as synchronous=FULL slows the writes. */
		out->aas[WC_LOG] = commit;
		out->aas[WC_DATA_IO] = ckpt;
		wait_event ev[3] = {
			{ "busy: write lock (BEGIN IMMEDIATE)", WC_TABLE_LOCK, lock },
			{ "checkpoint (TRUNCATE)", WC_DATA_IO, ckpt },
			{ "commit: WAL write and sync", WC_LOG, commit },
		};
		out->nev = wait_top_events(ev, 3, 1.0, out->ev, WAIT_EVENTS_MAX);
		wait_counter k[3] = {
			{ "busy_waits", (double)now[0], (now[0] - w->drv_prev[0]) / dt, 0 },
			{ "checkpoints", (double)now[2], (now[2] - w->drv_prev[2]) / dt, 0 },
			{ "commits", (double)now[4], (now[4] - w->drv_prev[4]) / dt, 0 },
		};
		memcpy(out->counter, k, sizeof k);
		out->ncounters = 3;
	}
	memcpy(w->drv_prev, now, sizeof now);
	w->have_prev = 1;
	return had;
}

void wait_sampler_init(wait_sampler *w, const dialect *d, const char *database,
		       const wait_totals *drv)
{
	memset(w, 0, sizeof *w);
	w->d = d;
	w->drv = drv;
	if (drv) {
		w->opened = 1;
		w->src.kind = WS_TIMED;
		str_copy(w->src.label, "the driver's own: write-lock waits, commits, checkpoints",
			 sizeof w->src.label);
		str_copy(w->src.note, "waits: SQLite has no server to ask; the driver times its "
			 "write-lock waits, commits and checkpoints", sizeof w->src.note);
	}
	str_copy(w->src.database, database ? database : "", sizeof w->src.database);
}

void wait_sampler_lost(wait_sampler *w)
{
	w->opened = 0;
	w->have_prev = 0;
	w->src.have_timed = 0;
	wait_acc_reset(&w->acc);
}

static void drop(wait_sampler *w, db_conn **c, const db_error *e)
{
	if (e->cls != DB_RECONNECT)
		return;
	(*c)->drv->disconnect(*c);
	*c = NULL;
	wait_sampler_lost(w);
}

/* Open the source on *c once; returns 1 when it just did. */
static int open_source(wait_sampler *w, db_conn **c)
{
	db_error e;
	if (w->opened || !*c || !server_has_waits((*c)->drv, w->d))
		return 0;
	if (server_wait_open(*c, w->d, &w->src, &e)) {
		drop(w, c, &e);
		return 0;
	}
	w->opened = 1;
	return 1;
}

int wait_sampler_sampling(const wait_sampler *w)
{
	return w->opened && w->src.kind == WS_SAMPLED;
}

void wait_sampler_snapshot(wait_sampler *w, db_conn **c)
{
	db_error e;
	if (!*c || !wait_sampler_sampling(w))
		return;
	if (server_wait_sample(*c, w->d, &w->src, &w->acc, &e))
		drop(w, c, &e);
}

int wait_sampler_second(wait_sampler *w, db_conn **c, wait_second *out)
{
	db_error e;
	uint64_t now = now_ns();
	memset(out, 0, sizeof *out);
	if (w->drv) {
		double dt = w->last_ns && now > w->last_ns ? (now - w->last_ns) / 1e9 : 0;
		int first = !w->last_ns;
		w->last_ns = now;
		driver_second(w, out, dt);
		return first;
	}
	int opened = open_source(w, c);
	if (!w->opened || !*c) {
		w->last_ns = now;
		return opened;
	}
	double dt = w->last_ns && now > w->last_ns ? (now - w->last_ns) / 1e9 : 0;
	w->last_ns = now;
	int have = 0;
	if (w->src.kind == WS_SAMPLED) {
		wait_sampler_snapshot(w, c);
		/* The snapshots of a second the source opened in start the
		 * next one. */
		if (!opened && w->acc.samples) {
			wait_acc_second(&w->acc, out);
			have = 1;
		}
		wait_acc_reset(&w->acc);
	}
	if (*c) {
		int rc = server_wait_second(*c, w->d, &w->src, out, w->have_prev ? &w->prev : NULL, dt, &e);
		if (rc < 0)
			drop(w, c, &e);
		else if (w->src.kind == WS_TIMED)
			have = rc == 1;
	}
	if (!have)
		out->source = WS_NONE;
	w->prev = *out;
	w->have_prev = 1;
	return opened;
}
