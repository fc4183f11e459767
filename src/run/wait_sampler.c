/* wait_sampler.c: see wait_sampler.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "dialect/server.h"
#include "util/util.h"
#include "wait_sampler.h"

void wait_sampler_init(wait_sampler *w, const dialect *d, const char *database)
{
	memset(w, 0, sizeof *w);
	w->d = d;
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
