#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "figures.h"
#include "json.h"
#include "results.h"
#include "effect_track.h"
#include "util/util.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

#define WAITS_TICK_TOP 5    /* events kept per tick: the rest is in the classes */

/* The file is written by a thread of its own: a disk that stalls (a full
 * journal, a frozen or slow filesystem) would otherwise hold whoever
 * called, and the collector calls with the engine's lock held, so ticks,
 * commands and signals would wait on the disk.  Callers change the
 * buffers below under lock and wake the writer; the writer copies what is
 * to be written under lock and writes it without.  Only the writer (and,
 * once it has stopped, results_finish) touches the file, tail and
 * file_end. */
struct results {
	FILE *f;
	char path[1024];
	long tail;            /* where the closing part starts */
	long file_end;        /* the file's size as last written */
	int nticks;
	pthread_mutex_t lock; /* guards everything below */
	pthread_cond_t wake;
	pthread_t writer;
	int writer_on, dirty, quit;
	jbuf out;             /* the writer's copy being written */
	jbuf events;          /* the events array's elements, comma-separated */
	jbuf tmp;
	jbuf durability;      /* "[w,d,o_id]" triples, each second and at the end */
	jbuf homes;           /* "[w,d]" per terminal slot, filled at the end */
	int warehouses;
	int io_error;         /* last write failed; retried on the next tick */
	jbuf pending;         /* ticks not yet on disk (disk full), separators included */
	int npending;
	jbuf good;            /* the closing part as last written, to restore */
	hist_snap *hist;      /* the steady phase's, TX_COUNT of them, at the end */
	jbuf steps;           /* a sweep's finished steps, elements (steps.c) */
	jbuf step_cur;        /* the step under way, rewritten as it goes */
	jbuf steps_table;     /* and its printed table, string elements */
	jbuf knobs;           /* the knob journal's entries, elements (knobs.c) */
	jbuf ab;              /* an A/B trial's object, whole */
	jbuf capacity;        /* a capacity search's object, whole */
	jbuf closing_text;    /* closing_running's */
	int closing_fresh;    /* closing_text holds what the buffers above say */
	jbuf waits;           /* the steady phase's waits: an object's members, or empty */
	effect_track *fx;     /* markers waiting for the seconds after them */
};

const char *results_path(const results *r) { return r->path; }

long results_bytes(results *r)
{
	pthread_mutex_lock(&r->lock);
	long n = r->file_end;
	pthread_mutex_unlock(&r->lock);
	return n;
}

void results_set_histograms(results *r, const hist_snap lat[TX_COUNT])
{
	pthread_mutex_lock(&r->lock);
	if (!r->hist)
		r->hist = malloc(TX_COUNT * sizeof *r->hist);
	if (r->hist)
		memcpy(r->hist, lat, TX_COUNT * sizeof *r->hist);
	pthread_mutex_unlock(&r->lock);
}

static void write_config(jbuf *b, const tpcc_config *cfg)
{
	char val[OPT_STR_MAX + 16];
	jb_key(b, "config");
	jb_obj_open(b);
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (o->secret)
			continue; /* never a password, not even masked */
		opt_format(cfg, o, val, sizeof val);
		jb_kv_str(b, o->key, val);
	}
	jb_obj_close(b);
}

/* "K=V,K=V" (checked by opt_check_tags) as an object. */
static void write_tags(jbuf *b, const char *tags)
{
	char key[256], val[1024];
	jb_key(b, "tags");
	jb_obj_open(b);
	for (const char *p = tags; *p;) {
		const char *end = strchr(p, ','), *eq = strchr(p, '=');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (eq && eq < p + n) {
			snprintf(key, sizeof key, "%.*s", (int)(eq - p), p);
			snprintf(val, sizeof val, "%.*s", (int)(p + n - eq - 1), eq + 1);
			jb_kv_str(b, key, val);
		}
		p += n;
		if (*p == ',')
			p++;
	}
	jb_obj_close(b);
}

static void kv_str_or_null(jbuf *b, const char *key, const char *v)
{
	if (v && v[0])
		jb_kv_str(b, key, v);
	else
		jb_kv_null(b, key);
}

static void write_system(jbuf *b, const sys_info *si, const char *server_version)
{
	jb_key(b, "system");
	jb_obj_open(b);
	kv_str_or_null(b, "hostname", si->hostname);
	kv_str_or_null(b, "cpu_model", si->cpu_model);
	jb_kv_int(b, "cpus", si->cpus);
	jb_kv_int(b, "memory_bytes", (int64_t)si->mem_bytes);
	kv_str_or_null(b, "kernel", si->kernel);
	jb_key(b, "data_disk");
	jb_obj_open(b);
	kv_str_or_null(b, "device", si->disk);
	kv_str_or_null(b, "model", si->disk_model);
	kv_str_or_null(b, "scheduler", si->disk_scheduler);
	if (si->disk_rotational >= 0)
		jb_kv_bool(b, "rotational", si->disk_rotational);
	else
		jb_kv_null(b, "rotational");
	if (!si->disk[0])
		kv_str_or_null(b, "why_none", si->disk_why);
	jb_obj_close(b);
	kv_str_or_null(b, "server_version", server_version);
	jb_kv_bool(b, "server_local", si->server_local);
	kv_str_or_null(b, "server_process", si->server_how);
	jb_key(b, "server_variables");
	jb_obj_open(b);
	for (int i = 0; i < si->nvars; i++)
		jb_kv_str(b, si->vars[i].name, si->vars[i].value);
	jb_obj_close(b);
	jb_obj_close(b);
}

/* A figure null on every tick: why, once. */
static void write_unavailable(jbuf *b, const run_info *ri)
{
	jb_key(b, "unavailable");
	jb_obj_open(b);
	if (ri->why_no_server_cpu)
		jb_kv_str(b, "cpu_server", ri->why_no_server_cpu);
	if (ri->why_no_disk)
		jb_kv_str(b, "disk", ri->why_no_disk);
	if (ri->why_no_metrics)
		jb_kv_str(b, "server_metrics", ri->why_no_metrics);
	jb_obj_close(b);
}

static int write_tail(results *r, int unlock);
static void *writer_main(void *arg);

static int mkdir_p(const char *dir)
{
	char tmp[1024];
	str_copy(tmp, dir, sizeof tmp);
	for (char *p = tmp + 1; *p; p++)
		if (*p == '/') {
			*p = '\0';
			if (mkdir(tmp, 0750) && errno != EEXIST)
				return -1;
			*p = '/';
		}
	if (mkdir(tmp, 0750) && errno != EEXIST)
		return -1;
	return 0;
}

int results_open(results **out, const char *dir, const run_info *ri,
		 char *path, size_t pathlen, char *err, size_t errlen)
{
	results *r = calloc(1, sizeof *r);
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	int fd = -1;

	if (!r || !(r->fx = effect_track_new())) {
		free(r);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (mkdir_p(dir)) {
		snprintf(err, errlen, "%s: cannot create results directory: %s", dir, strerror(errno));
		effect_track_free(r->fx);
		free(r);
		return -1;
	}
	gmtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
	for (int n = 1; n < 100 && fd < 0; n++) {
		if (n == 1)
			snprintf(r->path, sizeof r->path, "%s/%s-%s-%dw.json", dir, stamp, ri->dialect, ri->warehouses);
		else
			snprintf(r->path, sizeof r->path, "%s/%s-%s-%dw-%d.json", dir, stamp, ri->dialect, ri->warehouses, n);
		/* O_EXCL: never follow a planted link or clobber another run. */
		fd = open(r->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0 || !(r->f = fdopen(fd, "w+"))) {
		snprintf(err, errlen, "%s: cannot create results file: %s", r->path, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(r);
		return -1;
	}
	r->warehouses = ri->warehouses;
	pthread_mutex_init(&r->lock, NULL);
	pthread_cond_init(&r->wake, NULL);
	jb_init(&r->out);
	jb_init(&r->events);
	jb_init(&r->tmp);
	jb_init(&r->durability);
	jb_init(&r->homes);
	jb_init(&r->pending);
	jb_init(&r->good);
	jb_init(&r->steps);
	jb_init(&r->step_cur);
	jb_init(&r->steps_table);
	jb_init(&r->knobs);
	jb_init(&r->ab);
	jb_init(&r->capacity);
	jb_init(&r->closing_text);
	jb_init(&r->waits);

	jbuf *b = &r->tmp;
	jb_obj_open(b);
	jb_kv_str(b, "format", RESULTS_FORMAT);
	jb_key(b, "tool");
	jb_obj_open(b);
	jb_kv_str(b, "name", "tpcc-console");
	jb_kv_str(b, "version", PACKAGE_VERSION);
	jb_obj_close(b);
	jb_key(b, "run");
	jb_obj_open(b);
	jb_kv_str(b, "started_at", ri->started_at);
	jb_kv_str(b, "driver", ri->driver);
	jb_kv_str(b, "dialect", ri->dialect);
	jb_kv_str(b, "server_version", ri->server_version);
	jb_kv_str(b, "database", ri->database);
	jb_kv_int(b, "warehouses", ri->warehouses);
	jb_kv_str(b, "mode", ri->mode);
	jb_kv_bool(b, "keying_thinking", ri->cfg->keying_thinking);
	/* Name the departures from TPC-C (clause 5.2's keying and think times,
	 * clause 2.7's deferred Delivery) so no one reads NOPM as tpmC. */
	jb_kv_str(b, "departures", ri->cfg->keying_thinking ?
		  "Delivery runs in the foreground; order lines processed in item order" :
		  "no keying or think time; Delivery runs in the foreground; "
		  "order lines processed in item order");
	jb_kv_str(b, "label", ri->label ? ri->label : "");
	write_tags(b, ri->tags ? ri->tags : "");
	if (ri->part > 0) {
		jb_kv_int(b, "part", ri->part);
		jb_kv_str(b, "continues", ri->continues ? ri->continues : "");
	}
	jb_obj_close(b);
	if (ri->sys)
		write_system(b, ri->sys, ri->server_version);
	write_unavailable(b, ri);
	write_config(b, ri->cfg);
	jb_key(b, "ticks");
	jb_raw(b, "[");
	if (fwrite(b->s.p, 1, b->s.len, r->f) != b->s.len || fflush(r->f) != 0) {
		snprintf(err, errlen, "%s: write failed: %s", r->path, strerror(errno));
		results_close(r);
		return -1;
	}
	r->tail = r->file_end = ftell(r->f);
	str_copy(path, r->path, pathlen);
	*out = r;
	/* The closing part now, so the file is valid from the start. */
	pthread_mutex_lock(&r->lock);
	write_tail(r, 0);
	pthread_mutex_unlock(&r->lock);
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);   /* signals are main's */
	r->writer_on = !pthread_create(&r->writer, NULL, writer_main, r);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return 0;
}

/* What the monitor sampled for this second: null for each part it has not
 * (the header's "unavailable" says why when it never will). */
/* "aas": {class: average active sessions}, all classes, and "top":
 * [[event, class, aas], ...] largest first. */
static void waits_aas_json(jbuf *b, const double aas[WC_COUNT], const wait_event *ev, int nev)
{
	jb_key(b, "aas");
	jb_obj_open(b);
	for (int i = 0; i < WC_COUNT; i++)
		jb_kv_dbl(b, wait_class_names[i], aas[i], 2);
	jb_obj_close(b);
	jb_key(b, "top");
	jb_arr_open(b);
	for (int i = 0; i < nev; i++) {
		jb_el_begin(b);
		jb_arr_open(b);
		jb_el_str(b, ev[i].name);
		jb_el_str(b, wait_class_names[ev[i].cls]);
		jb_el_dbl(b, ev[i].aas, 2);
		jb_arr_close(b);
	}
	jb_arr_close(b);
}

/* A tick's waits (null: none that second): the classes, the top events
 * and the counters that go with them. */
static void waits_json(jbuf *b, const wait_second *w)
{
	if (w->source == WS_NONE) {
		jb_kv_null(b, "waits");
		return;
	}
	jb_key(b, "waits");
	jb_obj_open(b);
	jb_kv_str(b, "source", w->source == WS_TIMED ? "timed" : "sampled");
	if (w->source == WS_SAMPLED || w->samples)
		jb_kv_int(b, "samples", w->samples);
	waits_aas_json(b, w->aas, w->ev, w->nev < WAITS_TICK_TOP ? w->nev : WAITS_TICK_TOP);
	if (w->ncounters) {
		jb_key(b, "counters");
		jb_obj_open(b);
		for (int i = 0; i < w->ncounters; i++)
			jb_kv_dbl(b, w->counter[i].name, w->counter[i].gauge ? w->counter[i].value :
				  w->counter[i].rate, 1);
		jb_obj_close(b);
	}
	jb_obj_close(b);
}

static void sample_json(jbuf *b, const mon_sample *s)
{
	if (!s) {
		jb_kv_null(b, "host_cpu");
		jb_kv_null(b, "cpu_server");
		jb_kv_null(b, "disk");
		jb_kv_null(b, "server_metrics");
		jb_kv_null(b, "server_metrics_per_s");
		jb_kv_null(b, "waits");
		return;
	}
	jb_key(b, "host_cpu");
	jb_obj_open(b);
	jb_kv_dbl(b, "user", s->host_user, 1);
	jb_kv_dbl(b, "system", s->host_sys, 1);
	jb_kv_dbl(b, "iowait", s->host_iowait, 1);
	jb_obj_close(b);
	if (s->server >= 0)
		jb_kv_dbl(b, "cpu_server", s->server, 1);
	else
		jb_kv_null(b, "cpu_server");
	if (s->disk) {
		jb_key(b, "disk");
		jb_obj_open(b);
		jb_kv_dbl(b, "r_iops", s->disk_r_iops, 1);
		jb_kv_dbl(b, "w_iops", s->disk_w_iops, 1);
		if (s->disk_r_ms >= 0)
			jb_kv_dbl(b, "r_ms", s->disk_r_ms, 3);
		else
			jb_kv_null(b, "r_ms");
		if (s->disk_w_ms >= 0)
			jb_kv_dbl(b, "w_ms", s->disk_w_ms, 3);
		else
			jb_kv_null(b, "w_ms");
		jb_obj_close(b);
	} else {
		jb_kv_null(b, "disk");
	}
	if (s->db_mb >= 0) {
		jb_kv_dbl(b, "db_file_mb", s->db_mb, 2);
		jb_kv_dbl(b, "log_file_mb", s->log_mb, 2);
	}
	if (s->nmetrics) {
		jb_key(b, "server_metrics");
		jb_obj_open(b);
		for (int i = 0; i < s->nmetrics; i++)
			jb_kv_dbl(b, s->metric[i].name, s->metric[i].value, 0);
		jb_obj_close(b);
		jb_key(b, "server_metrics_per_s");
		jb_obj_open(b);
		for (int i = 0; i < s->nmetrics; i++)
			jb_kv_dbl(b, s->metric[i].name, s->rate[i], 1);
		jb_obj_close(b);
	} else {
		jb_kv_null(b, "server_metrics");
		jb_kv_null(b, "server_metrics_per_s");
	}
	waits_json(b, &s->waits);
}

static void tick_json(jbuf *b, const tick *t, const mon_sample *s)
{
	jb_obj_open(b);
	jb_kv_int(b, "t", t->t);
	jb_kv_str(b, "phase", phase_names[t->phase]);
	jb_kv_int(b, "vus", t->vus);
	jb_kv_int(b, "vus_target", t->vus_target);
	jb_kv_int(b, "vus_running", t->vus_running);
	figures_tpm_json(b, t->nopm, t->tpm, t->server_tpm, 0);
	if (t->rate_tpm > 0) {
		jb_kv_dbl(b, "offered_tpm", t->rate_tpm, 0);
		jb_kv_dbl(b, "behind_s", t->behind_s, 3);
		jb_kv_int(b, "behind_txn", (int64_t)t->behind_n);
	} else
		jb_kv_null(b, "offered_tpm");
	figures_json(b, &(figures_ref){ .commits = t->commits, .p50 = t->p50, .p95 = t->p95,
					.p99 = t->p99, .max = t->max, .errors = t->errors,
					.failed = t->failed, .retries = t->retries,
					.reconnects = t->reconnects });
	jb_kv_int(b, "vus_reconnecting", t->vus_reconnecting);
	jb_kv_dbl(b, "cpu_client", t->cpu_client, 1);
	sample_json(b, s);
	jb_obj_close(b);
}

/* One type's histogram: its non-empty buckets as [lo_us, hi_us, count], the
 * log-linear scheme of core/histogram.h, so runs merge exactly. */
static void hist_json(jbuf *b, const char *name, const hist_snap *h)
{
	jb_key(b, name);
	jb_obj_open(b);
	jb_kv_int(b, "count", (int64_t)h->count);
	jb_kv_int(b, "sum_us", (int64_t)h->sum_us);
	jb_kv_int(b, "max_us", (int64_t)h->max_us);
	jb_key(b, "buckets");
	jb_arr_open(b);
	for (int i = 0; i < HIST_BUCKETS; i++) {
		if (!h->b[i])
			continue;
		jb_el_begin(b);
		jb_printf(b, "[%llu,%llu,%llu]", (unsigned long long)hist_bucket_lo(i),
			  (unsigned long long)hist_bucket_hi(i), (unsigned long long)h->b[i]);
		b->need_comma = 1;
	}
	jb_arr_close(b);
	jb_obj_close(b);
}

/* "key": [elements], when there are any (elements: written apart by commas). */
static void elements_array(jbuf *b, const char *key, const jbuf *elements)
{
	if (!elements->s.len)
		return;
	jb_key(b, key);
	jb_raw(b, "[");
	jb_raw(b, elements->s.p);
	jb_raw(b, "]");
	b->need_comma = 1;
}

/* The arrays that grow as the run goes: events, a sweep's steps (the one
 * under way last), the knob journal, the sweep's printed table. */
static void closing_arrays(jbuf *b, const results *r)
{
	jb_raw(b, "\n],\"events\":[");
	if (r->events.s.len)
		jb_raw(b, r->events.s.p);
	jb_raw(b, "]");
	b->need_comma = 1;
	if (r->steps.s.len || r->step_cur.s.len) {
		jb_key(b, "steps");
		jb_raw(b, "[");
		if (r->steps.s.len)
			jb_raw(b, r->steps.s.p);
		if (r->step_cur.s.len) {
			jb_raw(b, r->steps.s.len ? ",\n" : "\n");
			jb_raw(b, r->step_cur.s.p);
		}
		jb_raw(b, "]");
		b->need_comma = 1;
	}
	elements_array(b, "knob_journal", &r->knobs);
	if (r->waits.s.len) {
		jb_key(b, "waits_steady");
		jb_raw(b, "{");
		jb_raw(b, r->waits.s.p);
		jb_raw(b, "}");
		b->need_comma = 1;
	}
	elements_array(b, "steps_table", &r->steps_table);
	if (r->ab.s.len) {
		jb_key(b, "ab");
		jb_raw(b, r->ab.s.p);
		b->need_comma = 1;
	}
	if (r->capacity.s.len) {
		jb_key(b, "capacity");
		jb_raw(b, r->capacity.s.p);
		b->need_comma = 1;
	}
}

void results_client_bound_facts(const run_summary *s, cb_facts *f)
{
	int offered = s->rate_tpm > 0;
	f->cpu_share = s->client_cpu_share;
	f->behind_share = s->client_behind_share;
	f->vus = s->vus_max;
	f->offered_tpm = offered ? s->rate_tpm : NAN;
	f->txn_ms = s->client_steady_load ?
		client_bound_mean_ms(s->commits, offered ? s->svc_avg : s->avg) : NAN;
}

/* Whether the client was the limit, and where NOPM settled (MSER-5) and
 * whether it kept a trend after that. */
static void summary_verdicts(jbuf *b, const run_summary *s)
{
	jb_key(b, "client_bound");
	jb_obj_open(b);
	jb_kv_bool(b, "verdict", s->client_bound);
	jb_kv_dbl(b, "cpu_share", s->client_cpu_share, 3);
	jb_kv_dbl(b, "behind_share", s->client_behind_share, 3);
	jb_kv_int(b, "cores", s->cores);
	cb_facts f;
	results_client_bound_facts(s, &f);
	if (s->client_bound)
		jb_kv_str(b, "cause", client_bound_cause_name(client_bound_cause(&f)));
	else
		jb_kv_null(b, "cause");
	if (isfinite(f.txn_ms))
		jb_kv_dbl(b, "txn_ms", f.txn_ms, 3);
	else
		jb_kv_null(b, "txn_ms");
	jb_obj_close(b);
	jb_key(b, "steady_state");
	jb_obj_open(b);
	jb_kv_str(b, "rule", "MSER-5");
	if (s->steady_from_t >= 0)
		jb_kv_int(b, "from_t", s->steady_from_t);
	else
		jb_kv_null(b, "from_t");
	jb_kv_int(b, "trend_seconds", s->trend_seconds);
	if (s->trend_known) {
		jb_kv_dbl(b, "trend_pct", s->trend_pct, 2);
		jb_kv_dbl(b, "trend_lo_pct", s->trend_lo_pct, 2);
		jb_kv_dbl(b, "trend_hi_pct", s->trend_hi_pct, 2);
		jb_kv_bool(b, "steady", !s->trending);
	} else {
		jb_kv_null(b, "trend_pct");
		jb_kv_null(b, "steady");
	}
	if (s->auto_max > 0) {
		jb_key(b, "auto_rampup");
		jb_obj_open(b);
		jb_kv_int(b, "max_s", s->auto_max);
		if (s->auto_entered_at >= 0)
			jb_kv_int(b, "entered_at", s->auto_entered_at);
		else
			jb_kv_null(b, "entered_at");
		if (s->auto_settled_at >= 0)
			jb_kv_int(b, "settled_at", s->auto_settled_at);
		else
			jb_kv_null(b, "settled_at");
		jb_kv_str(b, "by", s->auto_settled_at >= 0 ? "MSER-5" : s->auto_entered_at < 0 ?
			  "none" : s->auto_entered_at >= s->auto_max ? "max" : "operator");
		jb_obj_close(b);
	} else {
		jb_kv_null(b, "auto_rampup");
	}
	jb_obj_close(b);
}

/* The summary's throughput and latency figures, per type and for an
 * offered load. */
static void summary_figures(jbuf *b, const run_summary *s)
{
	jb_kv_int(b, "steady_seconds", s->steady_seconds);
	jb_kv_int(b, "total_seconds", s->total_seconds);
	figures_tpm_json(b, s->nopm, s->tpm, s->server_tpm, 1);
	jb_kv_int(b, "vus_max", s->vus_max);
	figures_json(b, &(figures_ref){ .commits = s->commits, .avg = s->avg, .p50 = s->p50,
					.p90 = s->p90, .p95 = s->p95, .p99 = s->p99,
					.max = s->max, .errors = s->errors, .failed = s->failed,
					.retries = s->retries, .reconnects = s->reconnects });
	int rt = 0;
	for (int i = 0; i < TX_COUNT; i++)
		rt |= s->round_trips[i] > 0;
	if (rt) {
		jb_key(b, "round_trips");
		jb_obj_open(b);
		for (int i = 0; i < TX_COUNT; i++)
			if (s->round_trips[i] > 0)
				jb_kv_dbl(b, txn_names[i], s->round_trips[i], 2);
		jb_obj_close(b);
	}
	figures_rate_json(b, &(rate_ref){ .offered_tpm = s->rate_tpm,
					  .achieved_tpm = s->rate_achieved_tpm,
					  .behind_max_s = s->behind_max_s,
					  .behind_end_s = s->behind_end_s, .met = s->rate_met,
					  .avg = s->svc_avg, .p50 = s->svc_p50,
					  .p95 = s->svc_p95,
					  .p99 = s->svc_p99, .max = s->svc_max });
	summary_verdicts(b, s);
}

/* The mix's audit counters and the checks on them. */
static void summary_audit(jbuf *b, const run_summary *s, int warehouses)
{
	char lines[16][96];
	jb_key(b, "audit");
	jb_obj_open(b);
	for (int i = 0; i < AU_COUNT; i++)
		jb_kv_int(b, audit_names[i], (int64_t)s->audit[i]);
	jb_key(b, "checks");
	jb_arr_open(b);
	int n = summary_audit_lines(s, warehouses, lines, 16, NULL);
	for (int i = 0; i < n; i++)
		jb_el_str(b, lines[i]);
	jb_arr_close(b);
	jb_kv_bool(b, "ok", s->audit_ok);
	jb_obj_close(b);
}

/* How far the run was from one the specification would accept. */
static void summary_compliance(jbuf *b, const run_summary *s, int warehouses)
{
	char cl[COMPLIANCE_LINES][160];
	int compliant;
	int n = summary_compliance_lines(s, warehouses, cl, COMPLIANCE_LINES, &compliant);
	jb_key(b, "compliance");
	jb_obj_open(b);
	jb_kv_bool(b, "compliant", compliant);
	jb_key(b, "checks");
	jb_arr_open(b);
	for (int i = 0; i < n; i++)
		jb_el_str(b, cl[i]);
	jb_arr_close(b);
	jb_kv_str(b, "departures", summary_departures);
	jb_obj_close(b);
}

/* The whole run's counts (every phase), the client's CPU, and the steady
 * phase's histograms. */
static void summary_totals(jbuf *b, const results *r, const run_summary *s)
{
	jb_key(b, "run_totals");
	jb_obj_open(b);
	jb_key(b, "commits");
	jb_obj_open(b);
	for (int i = 0; i < TX_COUNT; i++)
		jb_kv_int(b, txn_names[i], (int64_t)s->run_commits[i]);
	jb_obj_close(b);
	jb_kv_int(b, "new_order_rollbacks", (int64_t)s->run_rollbacks);
	jb_kv_int(b, "failed", (int64_t)s->run_failed);
	jb_obj_close(b);
	jb_kv_dbl(b, "client_cpu_s", s->client_cpu_s, 3);
	jb_kv_dbl(b, "client_cpu_s_per_1000_txn", s->cpu_per_1000, 4);
	jb_kv_dbl(b, "client_cpu_s_per_1000_new_orders", s->cpu_per_1000_no, 4);
	if (r->hist) {
		jb_key(b, "histograms_us");
		jb_obj_open(b);
		for (int i = 0; i < TX_COUNT; i++)
			hist_json(b, txn_names[i], &r->hist[i]);
		jb_obj_close(b);
	}
}

/* After the summary: the terminals' homes, the durability record, how the
 * run ended. */
static void closing_end(jbuf *b, const results *r, const char *stopped_by, int complete)
{
	if (r->homes.s.len) {
		jb_key(b, "terminal_homes");
		jb_raw(b, r->homes.s.p);
		b->need_comma = 1;
	}
	if (r->durability.s.len) {
		jb_key(b, "durability");
		jb_obj_open(b);
		jb_key(b, "new_order_acked");
		jb_raw(b, r->durability.s.p);
		b->need_comma = 1;
		jb_obj_close(b);
	}
	if (stopped_by)
		jb_kv_str(b, "stopped_by", stopped_by);
	else
		jb_kv_null(b, "stopped_by");
	jb_kv_bool(b, "complete", complete);
	jb_raw(b, "}\n");
}

/* Everything after the ticks: while the run goes, s NULL (no summary yet);
 * at its end, the summary. */
static void closing(jbuf *b, const results *r, const run_summary *s, const char *stopped_by,
		    int complete)
{
	closing_arrays(b, r);
	if (s) {
		jb_key(b, "summary");
		jb_obj_open(b);
		summary_figures(b, s);
		summary_audit(b, s, r->warehouses);
		summary_compliance(b, s, r->warehouses);
		summary_totals(b, r, s);
		jb_obj_close(b);
	} else {
		jb_kv_null(b, "summary");
	}
	closing_end(b, r, stopped_by, complete);
}

/* The closing part as a running run has it, made again only when what it
 * holds changed (an event, a step, the knobs), not every tick. */
static const jbuf *closing_running(results *r)
{
	if (!r->closing_fresh || r->closing_text.s.oom) {
		jb_reset(&r->closing_text);
		closing(&r->closing_text, r, NULL, NULL, 0);
		r->closing_fresh = 1;
	}
	return &r->closing_text;
}

static int pwrite_all(int fd, const char *p, size_t n, off_t off)
{
	while (n) {
		ssize_t w = pwrite(fd, p, n, off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return -1;
		p += w;
		n -= (size_t)w;
		off += w;
	}
	return 0;
}

/* Rewrite everything after the last tick on disk, r->lock held on entry
 * and on return; unlock: not while the disk is written (the writer
 * thread; a caller writing itself, without one, keeps the lock so no
 * other uses r->out meanwhile).  When the disk is
 * full, the ticks wait in memory and the closing part as last written is
 * put back: rewriting bytes the file already has needs no new space, so
 * the file stays valid JSON, and the next tick tries again.  The file is
 * truncated only when it would otherwise keep bytes past the new end: a
 * truncation every second is a metadata change the filesystem journals. */
static int write_tail(results *r, int unlock)
{
	jbuf *b = &r->out;
	int fd = fileno(r->f);

	r->dirty = 0;
	jb_reset(b);
	if (r->pending.s.len)
		jb_raw(b, r->pending.s.p);
	size_t ticklen = b->s.len;
	int nt = r->npending;
	const jbuf *c = closing_running(r);
	if (c->s.len)
		jb_raw(b, c->s.p);
	int oom = b->s.oom || r->pending.s.oom || c->s.oom;
	if (unlock)
		pthread_mutex_unlock(&r->lock);

	off_t end = r->tail + (off_t)b->s.len;
	int failed = oom || pwrite_all(fd, b->s.p, b->s.len, r->tail) ||
		     (end < r->file_end && ftruncate(fd, end));
	if (!failed) {
		r->file_end = end;
	} else if (r->good.s.len && !pwrite_all(fd, r->good.s.p, r->good.s.len, r->tail)) {
		end = r->tail + (off_t)r->good.s.len;
		if (!ftruncate(fd, end))
			r->file_end = end;
	}

	if (unlock)
		pthread_mutex_lock(&r->lock);
	if (failed) {
		r->io_error = 1;
		return -1;
	}
	r->tail += (long)ticklen;
	r->nticks += nt;
	r->npending -= nt;
	strbuf_drop_front(&r->pending.s, ticklen);
	jb_reset(&r->good);
	jb_raw(&r->good, b->s.p + ticklen);
	r->io_error = 0;
	return 0;
}

static void *writer_main(void *arg)
{
	results *r = arg;
	pthread_setname_np(pthread_self(), "tpcc-results");
	pthread_mutex_lock(&r->lock);
	for (;;) {
		while (!r->dirty && !r->quit)
			pthread_cond_wait(&r->wake, &r->lock);
		if (r->quit)
			break;   /* results_finish writes what is left */
		write_tail(r, 1);
	}
	pthread_mutex_unlock(&r->lock);
	return NULL;
}

/* Stop the writer, after the write it may be in the middle of. */
static void writer_stop(results *r)
{
	if (!r->writer_on)
		return;
	pthread_mutex_lock(&r->lock);
	r->quit = 1;
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
	pthread_join(r->writer, NULL);
	pthread_mutex_lock(&r->lock);
	r->writer_on = 0;
	pthread_mutex_unlock(&r->lock);
}

/* Something changed, r->lock held, and released on return: the writer
 * writes it, or this thread does when there is no writer (it could not
 * be started).  Returns whether the last write failed (-1) or not (0). */
static int changed_unlock(results *r)
{
	r->dirty = 1;
	if (r->writer_on)
		pthread_cond_signal(&r->wake);
	else
		write_tail(r, 0);
	int rc = r->io_error ? -1 : 0;
	pthread_mutex_unlock(&r->lock);
	return rc;
}

int results_tick(results *r, const tick *t, const mon_sample *s)
{
	jbuf one;
	jb_init(&one);
	tick_json(&one, t, s);
	pthread_mutex_lock(&r->lock);
	if (!one.s.oom) {
		jb_raw(&r->pending, r->nticks + r->npending ? ",\n" : "\n");
		jb_raw(&r->pending, one.s.p);
		r->npending++;
	}
	effect_track_second(r->fx, t, s);
	if (effect_track_flush(r->fx, &r->events, 0))
		r->closing_fresh = 0;
	int rc = changed_unlock(r);
	int oom = one.s.oom;
	jb_free(&one);
	return oom ? -1 : rc;
}

int results_event(results *r, const run_event *ev)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jbuf *b = &r->events;
	if (b->s.len)
		jb_raw(b, ",");
	jb_raw(b, "\n");
	b->need_comma = 0;
	jb_obj_open(b);
	jb_kv_int(b, "t", ev->t);
	jb_kv_str(b, "type", ev->type);
	jb_kv_str(b, "text", ev->text);
	jb_obj_close(b);
	if (!b->s.oom)
		effect_track_event(r->fx, ev, b->s.len - 1);
	return changed_unlock(r);
}

int results_step(results *r, const step_result *s, int final)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jb_reset(&r->step_cur);
	step_json(&r->step_cur, s);
	if (final) {
		jb_raw(&r->steps, r->steps.s.len ? ",\n" : "\n");
		jb_raw(&r->steps, r->step_cur.s.p);
		jb_reset(&r->step_cur);
	}
	return changed_unlock(r);
}

int results_knobs(results *r, const knob_entry *k, int n)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jb_reset(&r->knobs);
	for (int i = 0; i < n; i++)
		knob_entry_json(&r->knobs, &k[i]);
	return changed_unlock(r);
}

int results_waits(results *r, const wait_sum *steady)
{
	double aas[WC_COUNT];
	wait_event top[WAIT_EVENTS_MAX];
	int n = wait_sum_mean(steady, aas, top, WAIT_EVENTS_MAX);
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jb_reset(&r->waits);
	if (steady->seconds) {
		jb_kv_int(&r->waits, "seconds", steady->seconds);
		waits_aas_json(&r->waits, aas, top, n);
	}
	return changed_unlock(r);
}

int results_steps_table(results *r, const char *const *lines, int n)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jb_reset(&r->steps_table);
	for (int i = 0; i < n; i++)
		jb_el_str(&r->steps_table, lines[i]);
	return changed_unlock(r);
}

/* A section kept whole and replaced by each call. */
static int section(results *r, jbuf *into, const char *json_object)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jb_reset(into);
	jb_raw(into, json_object);
	return changed_unlock(r);
}

int results_ab(results *r, const char *json_object)
{
	return section(r, &r->ab, json_object);
}

int results_capacity(results *r, const char *json_object)
{
	return section(r, &r->capacity, json_object);
}

int results_finish(results *r, const run_summary *s, const char *stopped_by,
		   char *err, size_t errlen)
{
	char tmp[1100];
	int fd = -1;
	FILE *o = NULL;
	char buf[65536];
	size_t n;
	jbuf *b = &r->tmp;

	writer_stop(r);
	/* The markers still waiting get the seconds there were. */
	effect_track_flush(r->fx, &r->events, 1);
	long left = r->tail;
	snprintf(tmp, sizeof tmp, "%s.tmp", r->path);
	unlink(tmp);
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
	if (fd < 0 || !(o = fdopen(fd, "w")))
		goto fail;
	fd = -1;
	if (fseek(r->f, 0, SEEK_SET))
		goto fail;
	while (left > 0 && (n = fread(buf, 1, left < (long)sizeof buf ? (size_t)left : sizeof buf, r->f)) > 0) {
		if (fwrite(buf, 1, n, o) != n)
			goto fail;
		left -= (long)n;
	}
	if (left)
		goto fail;
	jb_reset(b);
	if (r->pending.s.len)
		jb_raw(b, r->pending.s.p);  /* ticks the full disk held back */
	closing(b, r, s, stopped_by, 1);
	if (b->s.oom || fwrite(b->s.p, 1, b->s.len, o) != b->s.len || fflush(o) || fsync(fileno(o)))
		goto fail;
	if (fclose(o)) {
		o = NULL;
		goto fail;
	}
	o = NULL;
	if (rename(tmp, r->path))
		goto fail;
	return 0;
fail:
	{
		int e = errno;
		snprintf(err, errlen, "%s: cannot finish the results file: %s.  The file on disk is "
			 "valid JSON marked \"complete\": false; it lacks the summary, the durability "
			 "record%s and the last %d second%s of ticks (all printed above)", r->path,
			 strerror(e), r->events.s.len ? ", the events since the disk filled" : "",
			 r->npending, r->npending == 1 ? "" : "s");
	}
	if (o)
		fclose(o);
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return -1;
}

void results_set_durability(results *r, const atomic_int *acked, int warehouses)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jbuf *b = &r->durability;
	jb_reset(b);
	jb_arr_open(b);
	for (int w = 1; w <= warehouses; w++)
		for (int d = 1; d <= 10; d++) {
			int o = atomic_load_explicit(&acked[(w - 1) * 10 + d - 1], memory_order_relaxed);
			if (!o)
				continue;
			jb_el_begin(b);
			jb_printf(b, "[%d,%d,%d]", w, d, o);
			b->need_comma = 1;
		}
	jb_arr_close(b);
	pthread_mutex_unlock(&r->lock);
}

void results_set_homes(results *r, const short (*homes)[2], int n)
{
	pthread_mutex_lock(&r->lock);
	r->closing_fresh = 0;
	jbuf *b = &r->homes;
	jb_reset(b);
	jb_arr_open(b);
	for (int i = 0; i < n; i++) {
		jb_el_begin(b);
		jb_printf(b, "[%d,%d]", homes[i][0], homes[i][1]);
		b->need_comma = 1;
	}
	jb_arr_close(b);
	pthread_mutex_unlock(&r->lock);
}

void results_close(results *r)
{
	if (!r)
		return;
	writer_stop(r);
	if (r->f)
		fclose(r->f);
	pthread_mutex_destroy(&r->lock);
	pthread_cond_destroy(&r->wake);
	jb_free(&r->out);
	jb_free(&r->durability);
	jb_free(&r->homes);
	jb_free(&r->pending);
	jb_free(&r->good);
	jb_free(&r->steps);
	jb_free(&r->step_cur);
	jb_free(&r->steps_table);
	jb_free(&r->knobs);
	jb_free(&r->ab);
	jb_free(&r->capacity);
	jb_free(&r->waits);
	jb_free(&r->events);
	jb_free(&r->tmp);
	jb_free(&r->closing_text);
	free(r->hist);
	effect_track_free(r->fx);
	free(r);
}

int summary_audit_lines(const run_summary *s, int warehouses, char lines[][96], int max,
			int *all_ok)
{
	int n = 0, ok = 1;
	uint64_t no = s->commits[TX_NEW_ORDER] + s->audit[AU_NO_ROLLBACKS];
	uint64_t pay = s->commits[TX_PAYMENT], os = s->commits[TX_ORDER_STATUS];
	struct { const char *name; double v, lo, hi; int applies; const char *unit; } c[] = {
		{ "new-order rollbacks", no ? 100.0 * s->audit[AU_NO_ROLLBACKS] / no : 0, 0.9, 1.1, no >= 2000, "%" },
		{ "remote order lines", s->audit[AU_NO_LINES] ? 100.0 * s->audit[AU_NO_REMOTE_LINES] / s->audit[AU_NO_LINES] : 0,
		  0.95, 1.05, warehouses > 1 && s->audit[AU_NO_LINES] >= 50000, "%" },
		{ "remote payments", pay ? 100.0 * s->audit[AU_PAY_REMOTE] / pay : 0, 14, 16, warehouses > 1 && pay >= 2000, "%" },
		{ "by-name look-ups", (pay + os) ? 100.0 * (s->audit[AU_PAY_BYNAME] + s->audit[AU_OS_BYNAME]) / (pay + os) : 0,
		  57, 63, pay + os >= 2000, "%" },
		{ "lines per order", s->commits[TX_NEW_ORDER] ? (double)s->audit[AU_NO_LINES] / s->commits[TX_NEW_ORDER] : 0,
		  9.5, 10.5, s->commits[TX_NEW_ORDER] >= 1000, "" },
	};
	for (size_t i = 0; i < sizeof c / sizeof c[0] && n < max; i++) {
		int in = c[i].v >= c[i].lo && c[i].v <= c[i].hi;
		if (c[i].applies && !in)
			ok = 0;
		int remote = i == 1 || i == 2;
		snprintf(lines[n++], 96, "%s %.2f%s (%.2f..%.2f) %s", c[i].name, c[i].v, c[i].unit,
			 c[i].lo, c[i].hi, c[i].applies ? (in ? "ok" : "OUT") :
			 remote && warehouses < 2 ? "n/a (one warehouse)" : "n/a (too few)");
	}
	if (all_ok)
		*all_ok = ok;
	return n;
}

const char summary_departures[] =
	"departures that remain: Delivery runs in the foreground, not queued and deferred "
	"(clause 2.7); order lines processed in item order; response times measured at the "
	"driver, not at emulated terminals; not checked here: a measurement interval of at "
	"least 2 hours, the ACID and durability tests of clause 3, pricing";

int summary_compliance_lines(const run_summary *s, int warehouses, char lines[][160], int max,
			     int *compliant)
{
	/* Clause 5.2.5.3: 90% of each type within 5 s, Stock-Level 20 s. */
	static const double p90_limit_ms[TX_COUNT] = { 5000, 5000, 5000, 5000, 20000 };
	int n = 0, ok = 1;
	double per_w = warehouses > 0 ? s->nopm / warehouses : 0;
	int terms = s->vus_max == 10 * warehouses && s->spec_homes;

#define LINE(good, ...) do { \
		if (!(good)) \
			ok = 0; \
		if (n < max) \
			snprintf(lines[n++], 160, __VA_ARGS__); \
	} while (0)
	LINE(s->keyed, "keying and think times %s", s->keyed ? "on: ok" : "off: OUT");
	LINE(terms, "terminals %d (10 per warehouse: %d), on the spec's home warehouse and "
	     "district: %s", s->vus_max, 10 * warehouses, terms ? "ok" : "OUT");
	LINE(per_w <= 12.86, "NOPM per warehouse %.2f (at most 12.86) %s", per_w,
	     per_w <= 12.86 ? "ok" : "OUT");
	for (int i = 0; i < TX_COUNT; i++) {
		int in = s->commits[i] > 0 && s->p90[i] <= p90_limit_ms[i];
		LINE(in, "%s 90th percentile %.0f ms (at most %.0f) %s", txn_names[i], s->p90[i],
		     p90_limit_ms[i], s->commits[i] ? (in ? "ok" : "OUT") : "OUT (none completed)");
	}
	LINE(s->audit_ok, "audit bounds %s", s->audit_ok ? "ok" : "OUT");
#undef LINE
	if (compliant)
		*compliant = ok;
	return n;
}
