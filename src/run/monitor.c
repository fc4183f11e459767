/* monitor.c: the sampling thread.  Locking: m->lock guards the ring, the
 * counter reading and the server and disk descriptions; /proc reads and
 * database calls happen outside it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "diskstats.h"
#include "local_server.h"
#include "monitor.h"
#include "procstat.h"
#include "wait_sampler.h"
#include "tpcc/schema.h"
#include "dialect/server.h"
#include "util/util.h"

#define MON_RING 1024
#define STOP_WAIT_MS 200        /* for a thread in a query when the run ends */
#define RECONNECT_S 10          /* between attempts when only metrics need one */

struct monitor {
	tpcc_config cfg;            /* for mysql, with no database: see monitor_start */
	const dialect *d;
	const db_driver *drv;
	db_conn *conn;              /* the thread's once started */
	int counter;                /* the transaction counter is read */
	atomic_int watch;           /* CPU, disk and metrics are sampled */
	pthread_t th;
	pthread_mutex_t lock;
	pthread_cond_t cond;        /* CLOCK_MONOTONIC: wakes the thread to stop */
	int stop;
	int ended;                  /* the thread is past its last use of m */
	int abandoned;              /* monitor_stop stopped waiting: the thread frees m */
	int away;                   /* monitor_leave: hold no connection */
	int left;                   /* ... and the thread has closed its own */
	int have_txn;
	int64_t txn;
	uint64_t txn_ns;
	mon_sample *ring;
	int n;
	pid_t server;
	char how[160];
	char disk[64];              /* the data directory's block device, or "" */
	char disk_why[160];         /* why there is none */
	wait_sampler ws;            /* the thread's alone */
	int wait_kind;              /* what ws says, under lock, for front ends */
	char wait_label[96];
	char wait_note[240];
};

/* What the watching half keeps from one second to the next. */
typedef struct watch_state {
	int started;
	uint64_t last;              /* when the previous sample was taken */
	cpu_times h0;
	double cli0, srv0;
	mon_sample prev;
	int have_prev;
	int looked;                 /* the server pid and disk were looked for */
	char dev[64];
	disk_counters d0;
	int have_disk;
} watch_state;

static void drop_conn(db_conn **c)
{
	if (*c)
		(*c)->drv->disconnect(*c);
	*c = NULL;
}

/* The connection: connected lazily when lost, as often as every second when
 * the counter needs it (server TPM resumes soon after a restart), every
 * RECONNECT_S when only metrics do. */
static db_conn *sampler_conn(monitor *m, db_conn *c, int watching, int away,
			     uint64_t *next_try)
{
	db_error de;
	int want = m->counter || (watching && (server_has_metrics(m->drv, m->d) ||
						server_has_waits(m->drv, m->d)));
	if (away) {
		drop_conn(&c);
		pthread_mutex_lock(&m->lock);
		m->left = 1;
		pthread_cond_broadcast(&m->cond);
		pthread_mutex_unlock(&m->lock);
		return NULL;
	}
	if (c || !want || now_ns() < *next_try)
		return c;
	*next_try = now_ns() + (m->counter ? 1 : RECONNECT_S) * 1000000000ull;
	if (schema_connect(&m->cfg, &c, &de))
		return NULL;
	return c;
}

static int read_counter(monitor *m, db_conn **c, db_error *e)
{
	int64_t v;
	if (server_txn_counter(*c, m->d, &v, e)) {
		if (e->cls == DB_RECONNECT)
			drop_conn(c);
		return -1;
	}
	uint64_t now = now_ns();
	pthread_mutex_lock(&m->lock);
	if (!m->away) {   /* a reading from before monitor_leave is not kept */
		m->txn = v;
		m->txn_ns = now;
		m->have_txn = 1;
	}
	pthread_mutex_unlock(&m->lock);
	return 0;
}

static void sample_metrics(monitor *m, db_conn **c, mon_sample *s, const mon_sample *prev, double dt)
{
	db_error de;
	s->nmetrics = 0;
	if (!*c || !server_has_metrics(m->drv, m->d))
		return;
	int n = server_metrics(*c, m->d, s->metric, MON_METRICS_MAX, &de);
	/* Only a lost connection is dropped: a server that refuses the query
	 * (an older version without one of its views) must not take the
	 * transaction counter's connection with it every second. */
	if (n < 0) {
		if (de.cls == DB_RECONNECT)
			drop_conn(c);
		return;
	}
	s->nmetrics = n;
	for (int i = 0; i < n; i++) {
		s->metric[i].per_s = 0;
		for (const dialect_view *v = m->d->view; v && v->name; v++)
			if (!strcmp(v->name, s->metric[i].name))
				s->metric[i].per_s = v->rate;
		s->rate[i] = 0;
		for (int j = 0; prev && dt > 0 && j < prev->nmetrics; j++)
			if (!strcmp(prev->metric[j].name, s->metric[i].name))
				s->rate[i] = (s->metric[i].value - prev->metric[j].value) / dt;
	}
}

/* The second's waits, and what the front ends say of their source when
 * it was just opened (on a new connection). */
static void sample_waits(monitor *m, db_conn **c, mon_sample *s)
{
	if (wait_sampler_second(&m->ws, c, &s->waits)) {
		pthread_mutex_lock(&m->lock);
		m->wait_kind = m->ws.src.kind;
		str_copy(m->wait_label, m->ws.src.label, sizeof m->wait_label);
		str_copy(m->wait_note, m->ws.src.note, sizeof m->wait_note);
		pthread_mutex_unlock(&m->lock);
	}
}

/* Once, on the first watched second with the connection (or without one
 * after a second's grace): where the server runs and its disk. */
static void look_for_server(monitor *m, db_conn *c, watch_state *w)
{
	char how[160], why[160] = "";
	pid_t pid = local_server_pid(&m->cfg, c, how, sizeof how);
	if (local_server_disk(&m->cfg, c, w->dev, sizeof w->dev, why, sizeof why))
		w->dev[0] = '\0';
	pthread_mutex_lock(&m->lock);
	m->server = pid;
	str_copy(m->how, how, sizeof m->how);
	str_copy(m->disk, w->dev, sizeof m->disk);
	str_copy(m->disk_why, why, sizeof m->disk_why);
	pthread_mutex_unlock(&m->lock);
	w->looked = 1;
}

static void sample_disk(watch_state *w, mon_sample *s, double dt)
{
	disk_counters d1;
	disk_rates r;
	if (!w->dev[0] || diskstats_read(w->dev, &d1))
		return;
	if (w->have_disk) {
		diskstats_rates(&w->d0, &d1, dt, &r);
		s->disk = 1;
		s->disk_r_iops = r.r_iops;
		s->disk_w_iops = r.w_iops;
		s->disk_r_ms = r.r_ms;
		s->disk_w_ms = r.w_ms;
	}
	w->d0 = d1;
	w->have_disk = 1;
}

/* The size of a file in MB; 0 when it is not there (a log not yet made, or
 * emptied by a checkpoint). */
static double file_mb(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? st.st_size / 1048576.0 : 0;
}

/* A database kept in a file here (SQLite): how large it and its log are. */
static void sample_files(monitor *m, mon_sample *s)
{
	char log[sizeof m->cfg.db_file + 16];
	s->db_mb = s->log_mb = -1;
	if (!m->d || !m->d->log_suffix || !m->cfg.db_file[0])
		return;
	snprintf(log, sizeof log, "%s%s", m->cfg.db_file, m->d->log_suffix);
	s->db_mb = file_mb(m->cfg.db_file);
	s->log_mb = file_mb(log);
}

/* One watched second into s; 0 when it is the first (a baseline for the
 * rates, nothing to show yet). */
static int watch_second(monitor *m, db_conn **c, watch_state *w, mon_sample *s)
{
	cpu_times h1;
	uint64_t now = now_ns();
	if (!w->started) {
		procstat_host(&w->h0);
		w->cli0 = process_cpu_seconds();
		w->srv0 = -1;
		w->last = now;
		w->started = 1;
		if (*c || !server_has_metrics(m->drv, m->d))
			look_for_server(m, *c, w);
		/* The server's baseline too, so its CPU is known from the first
		 * sample on, as the host's is. */
		if (m->server > 0)
			w->srv0 = procstat_tree_cpu(m->server);
		/* The waits' source is opened now, so their snapshots start
		 * in the first second. */
		sample_waits(m, c, s);
		return 0;
	}
	double dt = (now - w->last) / 1e9;
	w->last = now;
	if (procstat_host(&h1) == 0) {
		procstat_host_pct(&w->h0, &h1, &s->host_user, &s->host_sys, &s->host_iowait);
		w->h0 = h1;
	}
	double cli = process_cpu_seconds();
	s->client = dt > 0 ? 100.0 * (cli - w->cli0) / dt : 0;
	w->cli0 = cli;
	if (!w->looked)
		look_for_server(m, *c, w);
	if (m->server > 0) {
		double srv = procstat_tree_cpu(m->server);
		/* A child that ended unwaited-for takes its time with it. */
		if (srv >= 0 && w->srv0 >= 0 && dt > 0)
			s->server = srv >= w->srv0 ? 100.0 * (srv - w->srv0) / dt : 0;
		w->srv0 = srv;
	}
	sample_disk(w, s, dt);
	sample_files(m, s);
	sample_metrics(m, c, s, w->have_prev ? &w->prev : NULL, dt);
	sample_waits(m, c, s);
	w->prev = *s;
	w->have_prev = 1;
	return 1;
}

/* The next wait snapshot's time before deadline, or deadline itself when
 * none is due (no sampling source open, or the second's last). */
static uint64_t next_snapshot(const monitor *m, uint64_t deadline)
{
	const uint64_t step = 1000000000ull / WAIT_HZ;
	if (!wait_sampler_sampling(&m->ws))
		return deadline;
	uint64_t base = deadline - 1000000000ull, now = now_ns();
	uint64_t k = now > base ? (now - base) / step + 1 : 1;
	uint64_t at = base + k * step;
	return at + step / 2 < deadline ? at : deadline;
}

/* Wait, holding m->lock, until at, a stop, or monitor_leave's call: 1
 * when woken early for one of those, 0 when at came. */
static int wait_until(monitor *m, uint64_t at)
{
	struct timespec ts = { .tv_sec = (time_t)(at / 1000000000ull),
			       .tv_nsec = (long)(at % 1000000000ull) };
	while (!m->stop && !(m->away && !m->left) && now_ns() < at)
		if (pthread_cond_timedwait(&m->cond, &m->lock, &ts) == ETIMEDOUT)
			break;
	return m->stop || (m->away && !m->left);
}

static void monitor_free(monitor *m);

static void *monitor_main(void *arg)
{
	monitor *m = arg;
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_setname_np(pthread_self(), "tpcc-monitor"); /* for top -H and /proc */

	db_conn *c = m->conn;
	db_error de;
	uint64_t next_try = 0, t0 = now_ns();
	watch_state w = { .started = 0 };

	pthread_mutex_lock(&m->lock);
	for (int t = 1; !m->stop; t++) {
		uint64_t deadline = t0 + (uint64_t)t * 1000000000ull;
		/* Between the seconds, the waits' snapshots of the sessions,
		 * WAIT_HZ a second on deadlines of their own. */
		for (;;) {
			uint64_t at = next_snapshot(m, deadline);
			if (wait_until(m, at) || at >= deadline)
				break;
			pthread_mutex_unlock(&m->lock);
			wait_sampler_snapshot(&m->ws, &c);
			pthread_mutex_lock(&m->lock);
		}
		if (m->stop)
			break;
		int away = m->away;
		pthread_mutex_unlock(&m->lock);

		int watching = atomic_load(&m->watch);
		db_conn *was = c;
		c = sampler_conn(m, c, watching, away, &next_try);
		if (c != was)
			wait_sampler_lost(&m->ws);
		/* The counter first: its reading is stamped as it is taken. */
		if (c && m->counter)
			read_counter(m, &c, &de);   /* a failed read leaves the last one */
		mon_sample s = { .t = t, .server = -1 };
		int keep = watching && watch_second(m, &c, &w, &s);

		pthread_mutex_lock(&m->lock);
		if (keep)
			m->ring[m->n++ % MON_RING] = s;
		/* Skip deadlines a slow server made us miss: never burst. */
		uint64_t behind = now_ns() - t0;
		if (behind / 1000000000ull > (uint64_t)t)
			t = (int)(behind / 1000000000ull);
	}
	pthread_mutex_unlock(&m->lock);
	drop_conn(&c);
	pthread_mutex_lock(&m->lock);
	m->ended = 1;
	int orphan = m->abandoned;
	pthread_cond_broadcast(&m->cond);
	pthread_mutex_unlock(&m->lock);
	if (orphan)
		monitor_free(m);
	return NULL;
}

/* Connect and read the counter once, so the run knows at its start whether
 * it has server TPM; note says why not. */
static void first_reading(monitor *m, char *note, size_t notelen)
{
	db_error e;
	const db_driver *drv = m->drv;
	if (!drv || !m->d || (!m->d->txn_counter && !m->d->txn_counter_sql) ||
	    drv->caps.no_server)
		return;           /* no counter at all (sqlite, no server): nothing to say */
	if (schema_connect(&m->cfg, &m->conn, &e)) {
		snprintf(note, notelen, "no server TPM: cannot connect: %s", e.msg);
		return;
	}
	if (!server_has_txn_counter(m->conn, m->d))
		snprintf(note, notelen, "no server TPM: the %s dialect has no transaction counter",
			 m->d ? m->d->name : drv->name);
	else if (read_counter(m, &m->conn, &e))
		snprintf(note, notelen, "no server TPM: %s", e.msg);
	else
		m->counter = 1;
	/* Without the counter, connect again only if a front end watches. */
	if (!m->counter)
		drop_conn(&m->conn);
}

int monitor_start(const tpcc_config *cfg, const dialect *d, const wait_totals *drv_waits,
		  monitor **out, char *note,
		  size_t notelen, char *err, size_t errlen)
{
	monitor *m = calloc(1, sizeof *m);
	pthread_condattr_t ca;
	*out = NULL;
	note[0] = '\0';
	if (!m || !(m->ring = calloc_resident(MON_RING, sizeof *m->ring))) {
		free(m);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	m->cfg = *cfg;
	/* The counter and the metrics are server-wide: no database, so this
	 * session is not counted among the benchmark database's sessions. */
	m->d = d;
	m->drv = driver_find(cfg->driver);
	if (m->drv && m->drv->caps.monitor_serverwide)
		m->cfg.database[0] = '\0';
	wait_sampler_init(&m->ws, d, cfg->database,
			  m->drv && m->drv->take_waits ? drv_waits : NULL);
	str_copy(m->how, "looking for the server process", sizeof m->how);
	str_copy(m->disk_why, "looking for the data directory's disk", sizeof m->disk_why);
	pthread_mutex_init(&m->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&m->cond, &ca);
	pthread_condattr_destroy(&ca);
	first_reading(m, note, notelen);
	int rc = pthread_create(&m->th, NULL, monitor_main, m);
	if (rc) {
		snprintf(err, errlen, "cannot start the monitor thread: %s", strerror(rc));
		drop_conn(&m->conn);
		memset(m->cfg.password, 0, sizeof m->cfg.password);
		pthread_mutex_destroy(&m->lock);
		pthread_cond_destroy(&m->cond);
		free(m->ring);
		free(m);
		return -1;
	}
	*out = m;
	return 0;
}

/* By monitor_stop once the thread has ended, or by the thread itself
 * when monitor_stop stopped waiting for it: in a console kept open all
 * day, each run whose monitor was slow to stop would otherwise leave
 * its ring behind. */
static void monitor_free(monitor *m)
{
	memset(m->cfg.password, 0, sizeof m->cfg.password);
	pthread_mutex_destroy(&m->lock);
	pthread_cond_destroy(&m->cond);
	free(m->ring);
	free(m);
}

void monitor_stop(monitor *m)
{
	if (!m)
		return;
	pthread_mutex_lock(&m->lock);
	m->stop = 1;
	pthread_cond_broadcast(&m->cond);
	/* The thread may be in a query a stalled server never answers; the
	 * run's end (and the exit a signal asked for) does not wait for it:
	 * it is left detached, and frees m itself if it ever ends. */
	uint64_t end = now_ns() + STOP_WAIT_MS * 1000000ull;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000ull),
			       .tv_nsec = (long)(end % 1000000000ull) };
	while (!m->ended && now_ns() < end)
		pthread_cond_timedwait(&m->cond, &m->lock, &ts);
	int ended = m->ended;
	pthread_t th = m->th;
	if (!ended)
		m->abandoned = 1;
	pthread_mutex_unlock(&m->lock);
	if (!ended) {
		pthread_detach(th);   /* m may be freed already: th is a copy */
		return;
	}
	pthread_join(th, NULL);
	monitor_free(m);
}

int monitor_leave(monitor *m, int ms)
{
	pthread_mutex_lock(&m->lock);
	m->away = 1;
	m->left = 0;
	m->have_txn = 0;
	pthread_cond_broadcast(&m->cond);
	uint64_t end = now_ns() + (uint64_t)ms * 1000000ull;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000ull),
			       .tv_nsec = (long)(end % 1000000000ull) };
	while (!m->left && !m->ended && now_ns() < end)
		pthread_cond_timedwait(&m->cond, &m->lock, &ts);
	int left = m->left || m->ended;
	pthread_mutex_unlock(&m->lock);
	return left ? 0 : -1;
}

void monitor_return(monitor *m)
{
	pthread_mutex_lock(&m->lock);
	m->away = 0;
	m->left = 0;
	pthread_mutex_unlock(&m->lock);
}

void monitor_watch(monitor *m)
{
	atomic_store(&m->watch, 1);
}

int monitor_txn_counter(monitor *m, int64_t *value, uint64_t *at_ns)
{
	pthread_mutex_lock(&m->lock);
	int have = m->have_txn;
	*value = m->txn;
	*at_ns = m->txn_ns;
	pthread_mutex_unlock(&m->lock);
	return have;
}

int monitor_samples(monitor *m, mon_sample *out, int max)
{
	pthread_mutex_lock(&m->lock);
	int n = ring_latest(out, m->ring, sizeof *out, m->n, MON_RING, max);
	pthread_mutex_unlock(&m->lock);
	return n;
}

int monitor_waits(monitor *m, char *label, size_t labellen, char *note, size_t notelen)
{
	pthread_mutex_lock(&m->lock);
	int k = m->wait_kind;
	str_copy(label, m->wait_label, labellen);
	str_copy(note, m->wait_note, notelen);
	pthread_mutex_unlock(&m->lock);
	return k;
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
