/* monitor.c: the sampling thread.  Locking: m->lock guards the ring and the
 * server description; /proc reads and database calls happen outside it. */
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
#include <unistd.h>
#include "diskstats.h"
#include "monitor.h"
#include "procstat.h"
#include "schema.h"
#include "server.h"
#include "util.h"

#define MON_RING 1024
#define RECONNECT_S 10          /* between attempts at the metrics connection */

struct monitor {
	tpcc_config cfg;
	const db_driver *drv;
	pthread_t th;
	pthread_mutex_t lock;
	pthread_cond_t cond;        /* CLOCK_MONOTONIC: wakes the thread to stop */
	int stop;
	mon_sample *ring;
	int n;
	pid_t server;
	char how[160];
	int looked;                 /* the server pid search has been done */
	char disk[64];              /* the data directory's block device, or "" */
	char disk_why[160];         /* why there is none */
};

static int host_is_local(const char *h)
{
	return !h[0] || !strcmp(h, "localhost") || !strcmp(h, "127.0.0.1") || !strcmp(h, "::1");
}

pid_t monitor_find_server(const tpcc_config *cfg, db_conn *vars, char *how, size_t len)
{
	char buf[512];
	db_error de;
	pid_t pid;

	if (cfg->server_pid > 0) {
		snprintf(how, len, "pid %d (connection.server_pid)", cfg->server_pid);
		return (pid_t)cfg->server_pid;
	}
	if (!strcmp(cfg->driver, "sqlite")) {
		snprintf(how, len, "embedded (in the client)");
		return 0;
	}
	if (!host_is_local(cfg->host)) {
		snprintf(how, len, "server on %s: not local", cfg->host);
		return 0;
	}
	const char *sock = cfg->socket;
	if (!sock[0] && vars && vars->drv->get_var &&
	    vars->drv->get_var(vars, "socket", buf, sizeof buf, &de) == 0)
		sock = buf;
	if (strcmp(cfg->host, "127.0.0.1") && strcmp(cfg->host, "::1") &&
	    (pid = procstat_socket_owner(sock)) > 0) {
		snprintf(how, len, "pid %d (owns %.100s)", (int)pid, sock);
		return pid;
	}
	int port = cfg->port;
	if (port <= 0 && vars && vars->drv->get_var &&
	    vars->drv->get_var(vars, "port", buf, sizeof buf, &de) == 0)
		port = atoi(buf);
	if ((pid = procstat_port_owner(port)) > 0) {
		snprintf(how, len, "pid %d (listens on port %d)", (int)pid, port);
		return pid;
	}
	if (vars && vars->drv->get_var && vars->drv->get_var(vars, "pid_file", buf, sizeof buf, &de) == 0 &&
	    (pid = procstat_pidfile(buf)) > 0) {
		snprintf(how, len, "pid %d (from %.100s)", (int)pid, buf);
		return pid;
	}
	snprintf(how, len, "server process not found (set connection.server_pid)");
	return 0;
}

/* The disk the SQLite file or the local server's data directory is on.  c
 * may be NULL: then a connection of its own asks, and is closed again. */
static int find_disk(monitor *m, db_conn *c, char *dev, size_t devlen, char *why, size_t whylen)
{
	char dir[OPT_STR_MAX];
	db_error de;
	db_conn *own = NULL;

	if (!strcmp(m->cfg.driver, "sqlite"))
		return diskstats_device(m->cfg.db_file, dev, devlen, why, whylen);
	if (!host_is_local(m->cfg.host)) {
		snprintf(why, whylen, "server on %.100s: not local", m->cfg.host);
		return -1;
	}
	if (!c && schema_connect(&m->cfg, 0, &own, &de)) {
		snprintf(why, whylen, "cannot ask the server for its data directory");
		return -1;
	}
	c = c ? c : own;
	const dialect *d = schema_dialect(&m->cfg, c, &de);
	int rc = server_datadir(c, d, dir, sizeof dir, &de);
	if (own)
		own->drv->disconnect(own);
	if (rc) {
		snprintf(why, whylen, "data directory: %.120s", de.msg);
		return -1;
	}
	return diskstats_device(dir, dev, devlen, why, whylen);
}

/* The metrics connection: connect lazily, drop it on error, try again
 * RECONNECT_S later. */
static db_conn *metrics_conn(monitor *m, db_conn *c, uint64_t *next_try)
{
	db_params p;
	db_error de;
	if (c || !m->drv || !m->drv->metrics || now_ns() < *next_try)
		return c;
	*next_try = now_ns() + RECONNECT_S * 1000000000ull;
	db_params_from_config(&m->cfg, &p);
	/* Server-wide figures need no database; without one, this session is
	 * not counted among the benchmark database's sessions. */
	if (!strcmp(m->cfg.driver, "mysql"))
		p.database = NULL;
	if (m->drv->connect(&p, &c, &de) != 0)
		return NULL;
	return c;
}

static void sample_metrics(monitor *m, db_conn **c, mon_sample *s, const mon_sample *prev, double dt)
{
	db_error de;
	s->nmetrics = 0;
	if (!*c)
		return;
	int n = m->drv->metrics(*c, s->metric, MON_METRICS_MAX, &de);
	/* An open read view would itself hold back purge (and grow the history
	 * list we are showing): end the transaction every time. */
	m->drv->commit(*c, &de);
	if (n < 0) {
		m->drv->disconnect(*c);
		*c = NULL;
		return;
	}
	s->nmetrics = n;
	for (int i = 0; i < n; i++) {
		s->rate[i] = 0;
		for (int j = 0; prev && dt > 0 && j < prev->nmetrics; j++)
			if (!strcmp(prev->metric[j].name, s->metric[i].name))
				s->rate[i] = (s->metric[i].value - prev->metric[j].value) / dt;
	}
}

static void *monitor_main(void *arg)
{
	monitor *m = arg;
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_setname_np(pthread_self(), "tpcc-monitor"); /* for top -H and /proc */

	db_conn *c = NULL;
	uint64_t next_try = 0, t0 = now_ns(), last = t0;
	cpu_times h0 = { 0 }, h1;
	double cli0 = process_cpu_seconds(), srv0 = -1;
	mon_sample prev = { .nmetrics = 0 };
	int have_prev = 0, have_disk = 0;
	disk_counters d0, d1;
	char dev[64] = "";
	procstat_host(&h0);

	pthread_mutex_lock(&m->lock);
	for (int t = 1; !m->stop; t++) {
		uint64_t deadline = t0 + (uint64_t)t * 1000000000ull;
		struct timespec ts = { .tv_sec = (time_t)(deadline / 1000000000ull),
				       .tv_nsec = (long)(deadline % 1000000000ull) };
		while (!m->stop && now_ns() < deadline)
			if (pthread_cond_timedwait(&m->cond, &m->lock, &ts) == ETIMEDOUT)
				break;
		if (m->stop)
			break;
		pthread_mutex_unlock(&m->lock);

		mon_sample s = { .t = t, .server = -1 };
		uint64_t now = now_ns();
		double dt = (now - last) / 1e9;
		last = now;
		if (procstat_host(&h1) == 0) {
			procstat_host_pct(&h0, &h1, &s.host_user, &s.host_sys, &s.host_iowait);
			h0 = h1;
		}
		double cli = process_cpu_seconds();
		s.client = dt > 0 ? 100.0 * (cli - cli0) / dt : 0;
		cli0 = cli;
		c = metrics_conn(m, c, &next_try);
		if (!m->looked && (c || !m->drv || !m->drv->metrics || t > 1)) {
			char how[160], why[160] = "";
			pid_t pid = monitor_find_server(&m->cfg, c, how, sizeof how);
			if (find_disk(m, c, dev, sizeof dev, why, sizeof why))
				dev[0] = '\0';
			pthread_mutex_lock(&m->lock);
			m->server = pid;
			str_copy(m->how, how, sizeof m->how);
			str_copy(m->disk, dev, sizeof m->disk);
			str_copy(m->disk_why, why, sizeof m->disk_why);
			m->looked = 1;
			pthread_mutex_unlock(&m->lock);
		}
		if (dev[0] && diskstats_read(dev, &d1) == 0) {
			disk_rates r;
			if (have_disk) {
				diskstats_rates(&d0, &d1, dt, &r);
				s.disk = 1;
				s.disk_r_iops = r.r_iops;
				s.disk_w_iops = r.w_iops;
				s.disk_r_ms = r.r_ms;
				s.disk_w_ms = r.w_ms;
			}
			d0 = d1;
			have_disk = 1;
		}
		if (m->server > 0) {
			double srv = procstat_pid_cpu(m->server);
			if (srv >= 0 && srv0 >= 0 && dt > 0)
				s.server = 100.0 * (srv - srv0) / dt;
			srv0 = srv;
		}
		sample_metrics(m, &c, &s, have_prev ? &prev : NULL, dt);
		prev = s;
		have_prev = 1;

		pthread_mutex_lock(&m->lock);
		m->ring[m->n++ % MON_RING] = s;
		/* Skip deadlines a slow metrics query made us miss. */
		uint64_t behind = now_ns() - t0;
		if (behind / 1000000000ull > (uint64_t)t)
			t = (int)(behind / 1000000000ull);
	}
	pthread_mutex_unlock(&m->lock);
	if (c)
		m->drv->disconnect(c);
	return NULL;
}

int monitor_start(const tpcc_config *cfg, monitor **out, char *err, size_t errlen)
{
	monitor *m = calloc(1, sizeof *m);
	pthread_condattr_t ca;
	if (!m || !(m->ring = calloc(MON_RING, sizeof *m->ring))) {
		free(m);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	m->cfg = *cfg;
	m->drv = driver_find(cfg->driver);
	str_copy(m->how, "looking for the server process", sizeof m->how);
	str_copy(m->disk_why, "looking for the data directory's disk", sizeof m->disk_why);
	pthread_mutex_init(&m->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&m->cond, &ca);
	pthread_condattr_destroy(&ca);
	int rc = pthread_create(&m->th, NULL, monitor_main, m);
	if (rc) {
		snprintf(err, errlen, "cannot start the monitor thread: %s", strerror(rc));
		pthread_mutex_destroy(&m->lock);
		pthread_cond_destroy(&m->cond);
		free(m->ring);
		free(m);
		return -1;
	}
	*out = m;
	return 0;
}

void monitor_stop(monitor *m)
{
	if (!m)
		return;
	pthread_mutex_lock(&m->lock);
	m->stop = 1;
	pthread_cond_broadcast(&m->cond);
	pthread_mutex_unlock(&m->lock);
	pthread_join(m->th, NULL);
	memset(m->cfg.password, 0, sizeof m->cfg.password);
	pthread_mutex_destroy(&m->lock);
	pthread_cond_destroy(&m->cond);
	free(m->ring);
	free(m);
}

int monitor_samples(monitor *m, mon_sample *out, int max)
{
	pthread_mutex_lock(&m->lock);
	int n = ring_latest(out, m->ring, sizeof *out, m->n, MON_RING, max);
	pthread_mutex_unlock(&m->lock);
	return n;
}

pid_t monitor_server(monitor *m, char *how, size_t len)
{
	pthread_mutex_lock(&m->lock);
	pid_t p = m->server;
	str_copy(how, m->how, len);
	pthread_mutex_unlock(&m->lock);
	return p;
}

int monitor_disk(monitor *m, char *dev, size_t devlen, char *why, size_t whylen)
{
	pthread_mutex_lock(&m->lock);
	int found = m->disk[0] != '\0';
	str_copy(dev, m->disk, devlen);
	str_copy(why, m->disk_why, whylen);
	pthread_mutex_unlock(&m->lock);
	return found;
}
