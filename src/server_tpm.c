/* server_tpm.c: see server_tpm.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "schema.h"
#include "server.h"
#include "server_tpm.h"
#include "util.h"

struct server_tpm {
	tpcc_config cfg;
	const dialect *d;
	db_conn *conn;
	pthread_t th;
	pthread_mutex_t lock;
	pthread_cond_t cond;      /* CLOCK_MONOTONIC: wakes the thread to stop */
	int stop;
	int have;
	int64_t value;
	uint64_t at_ns;
};

static int sample(server_tpm *m, db_error *e)
{
	int64_t v;

	if (!m->conn && schema_connect(&m->cfg, 0, &m->conn, e))
		return -1;
	if (server_txn_counter(m->conn, m->d, &v, e)) {
		if (e->cls == DB_RECONNECT) {
			m->conn->drv->disconnect(m->conn);
			m->conn = NULL;
		}
		return -1;
	}
	uint64_t now = now_ns();
	pthread_mutex_lock(&m->lock);
	m->value = v;
	m->at_ns = now;
	m->have = 1;
	pthread_mutex_unlock(&m->lock);
	return 0;
}

static void *sampler(void *arg)
{
	server_tpm *m = arg;
	sigset_t all;
	db_error e;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	uint64_t next = now_ns();
	pthread_mutex_lock(&m->lock);
	while (!m->stop) {
		/* Absolute deadlines, as the collector's: no drift. */
		next += 1000000000u;
		struct timespec ts = { .tv_sec = (time_t)(next / 1000000000u),
				       .tv_nsec = (long)(next % 1000000000u) };
		while (!m->stop && now_ns() < next)
			if (pthread_cond_timedwait(&m->cond, &m->lock, &ts) == ETIMEDOUT)
				break;
		if (m->stop)
			break;
		pthread_mutex_unlock(&m->lock);
		sample(m, &e);   /* a failed read leaves the last one standing */
		pthread_mutex_lock(&m->lock);
		uint64_t n = now_ns();
		if (n > next + 1000000000u)
			next = n;    /* a slow server: skip, never burst */
	}
	pthread_mutex_unlock(&m->lock);
	return NULL;
}

static void destroy(server_tpm *m)
{
	if (m->conn)
		m->conn->drv->disconnect(m->conn);
	pthread_mutex_destroy(&m->lock);
	pthread_cond_destroy(&m->cond);
	free(m);
}

int server_tpm_start(server_tpm **out, const tpcc_config *cfg, const dialect *d,
		     char *note, size_t notelen)
{
	server_tpm *m;
	pthread_condattr_t ca;
	db_error e;

	*out = NULL;
	note[0] = '\0';
	/* No counter at all (sqlite): nothing to connect for, nothing to say. */
	const db_driver *drv = driver_find(cfg->driver);
	if (!drv || (!drv->txn_counter && !d->txn_counter_sql))
		return 0;
	m = calloc(1, sizeof *m);
	if (!m) {
		snprintf(note, notelen, "out of memory");
		return 0;
	}
	m->cfg = *cfg;
	/* The counter is server-wide: no database, so this session is not
	 * counted among the benchmark database's sessions. */
	if (!strcmp(cfg->driver, "mysql"))
		m->cfg.database[0] = '\0';
	m->d = d;
	pthread_mutex_init(&m->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&m->cond, &ca);
	pthread_condattr_destroy(&ca);
	if (schema_connect(&m->cfg, 0, &m->conn, &e)) {
		snprintf(note, notelen, "no server TPM: cannot connect: %s", e.msg);
		destroy(m);
		return 0;
	}
	if (!server_has_txn_counter(m->conn, d)) {
		snprintf(note, notelen, "no server TPM: the %s dialect has no transaction counter",
			 d->name);
		destroy(m);
		return 0;
	}
	if (sample(m, &e)) {
		snprintf(note, notelen, "no server TPM: %s", e.msg);
		destroy(m);
		return 0;
	}
	if (pthread_create(&m->th, NULL, sampler, m)) {
		snprintf(note, notelen, "no server TPM: cannot start its thread");
		destroy(m);
		return 0;
	}
	*out = m;
	return 0;
}

int server_tpm_latest(server_tpm *m, int64_t *value, uint64_t *at_ns)
{
	int have;

	pthread_mutex_lock(&m->lock);
	have = m->have;
	*value = m->value;
	*at_ns = m->at_ns;
	pthread_mutex_unlock(&m->lock);
	return have;
}

void server_tpm_stop(server_tpm *m)
{
	if (!m)
		return;
	pthread_mutex_lock(&m->lock);
	m->stop = 1;
	pthread_cond_broadcast(&m->cond);
	pthread_mutex_unlock(&m->lock);
	pthread_join(m->th, NULL);
	destroy(m);
}
