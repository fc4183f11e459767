/* results_merge.c: see results_merge.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "config/options.h"
#include "results_merge.h"
#include "core/histogram.h"
#include "util/util.h"

/* One instance's place in the merge. */
typedef struct part {
	const rr_run *r;
	long long start, end;       /* wall-clock seconds of its first and last tick */
	int first_w, last_w;
	const char *name;
} part;

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

static int parse_started(const rr_run *r, long long *at)
{
	struct tm tm;
	memset(&tm, 0, sizeof tm);
	const char *end = strptime(r->started_at, "%Y-%m-%dT%H:%M:%S", &tm);
	if (!end || (*end && *end != 'Z'))
		return -1;
	*at = (long long)timegm(&tm);
	return 0;
}

static int describe(const rr_run *r, part *p, char *err, size_t errlen)
{
	char buf[64], why[256];
	const char *range = rr_text(r, "config.workload.warehouse_range", buf, sizeof buf);
	p->r = r;
	p->name = base_name(r->path);
	if (parse_started(r, &p->start)) {
		snprintf(err, errlen, "%s: run.started_at '%s' is not a UTC time: cannot align "
			 "it with the others", r->path, r->started_at);
		return -1;
	}
	if (!r->nticks) {
		snprintf(err, errlen, "%s: no ticks to merge", r->path);
		return -1;
	}
	p->end = p->start + r->ticks[r->nticks - 1].t;
	p->start += r->ticks[0].t;
	/* A run is hours, a soak days: a tick beyond a year is a broken file,
	 * not a second to allocate. */
	if (r->ticks[0].t < 0 || r->ticks[r->nticks - 1].t > 366 * 86400) {
		snprintf(err, errlen, "%s: ticks t from %d to %d: not seconds of one run", r->path,
			 r->ticks[0].t, r->ticks[r->nticks - 1].t);
		return -1;
	}
	if (opt_warehouse_range(range ? range : "", r->warehouses, &p->first_w, &p->last_w, why,
				sizeof why)) {
		snprintf(err, errlen, "%s: config \"workload.warehouse_range\": %s", r->path, why);
		return -1;
	}
	return 0;
}

/* Why a and b cannot be two instances of one run, or 0. */
static int refuse(const part *a, const part *b, char *err, size_t errlen)
{
	if (a->r->warehouses != b->r->warehouses) {
		snprintf(err, errlen, "--merge: %s has %d warehouse%s and %s %d: not one run",
			 a->r->path, a->r->warehouses, a->r->warehouses == 1 ? "" : "s", b->r->path,
			 b->r->warehouses);
		return -1;
	}
	if (strcmp(a->r->database, b->r->database)) {
		snprintf(err, errlen, "--merge: %s ran against database '%s' and %s against "
			 "'%s': not one run", a->r->path, a->r->database, b->r->path,
			 b->r->database);
		return -1;
	}
	if (a->first_w <= b->last_w && b->first_w <= a->last_w) {
		snprintf(err, errlen, "--merge: the warehouse ranges of %s (%d-%d) and %s (%d-%d) "
			 "overlap: merge the instances of one run, each with its own "
			 "--warehouse-range", a->r->path, a->first_w, a->last_w, b->r->path,
			 b->first_w, b->last_w);
		return -1;
	}
	if (a->start > b->end || b->start > a->end) {
		snprintf(err, errlen, "--merge: %s (%s) and %s (%s) have no second in common: "
			 "not one run (start them together with --start-at)", a->r->path,
			 a->r->started_at, b->r->path, b->r->started_at);
		return -1;
	}
	return 0;
}

/* a + b where a missing figure (NAN) adds nothing. */
static double add(double a, double b)
{
	return isnan(a) ? b : isnan(b) ? a : a + b;
}

static double worst(double a, double b)
{
	return isnan(a) ? b : isnan(b) ? a : a > b ? a : b;
}

static void tick_clear(rr_tick *m)
{
	double *nan_fields[] = { &m->nopm, &m->tpm, &m->server_tpm, &m->retries, &m->reconnects,
				 &m->failed, &m->errors, &m->cpu_client, &m->host_user,
				 &m->host_sys, &m->host_iowait, &m->cpu_server, &m->r_iops,
				 &m->w_iops, &m->r_ms, &m->w_ms, &m->offered_tpm, &m->behind_s,
				 &m->behind_txn };
	for (size_t i = 0; i < sizeof nan_fields / sizeof nan_fields[0]; i++)
		*nan_fields[i] = NAN;
	for (int k = 0; k < TX_COUNT; k++)
		m->p50[k] = m->p95[k] = m->p99[k] = m->max[k] = m->commits[k] = NAN;
	for (int k = 0; k < ERR_KIND_COUNT; k++)
		m->errors_by[k] = NAN;
	for (int k = 0; k < RR_METRICS_MAX; k++)
		m->metric[k] = m->metric_per_s[k] = NAN;
}

static void tick_add(rr_tick *m, const rr_tick *t)
{
	m->vus += t->vus;
	m->vus_running += t->vus_running;
	m->vus_target += t->vus_target;
	m->nopm = add(m->nopm, t->nopm);
	m->tpm = add(m->tpm, t->tpm);
	for (int k = 0; k < TX_COUNT; k++) {
		m->commits[k] = add(m->commits[k], t->commits[k]);
		m->p50[k] = worst(m->p50[k], t->p50[k]);
		m->p95[k] = worst(m->p95[k], t->p95[k]);
		m->p99[k] = worst(m->p99[k], t->p99[k]);
		m->max[k] = worst(m->max[k], t->max[k]);
	}
	for (int k = 0; k < ERR_KIND_COUNT; k++)
		m->errors_by[k] = add(m->errors_by[k], t->errors_by[k]);
	m->retries = add(m->retries, t->retries);
	m->reconnects = add(m->reconnects, t->reconnects);
	m->failed = add(m->failed, t->failed);
	m->errors = add(m->errors, t->errors);
	m->cpu_client = add(m->cpu_client, t->cpu_client);
	/* Instances offer their own loads: the rates add, the worst backlog is the run's. */
	m->offered_tpm = add(m->offered_tpm, t->offered_tpm);
	m->behind_s = worst(m->behind_s, t->behind_s);
	m->behind_txn = add(m->behind_txn, t->behind_txn);
}

/* The figures of the one server and host the instances share. */
static void tick_server(rr_tick *m, const rr_tick *t, int metrics)
{
	m->server_tpm = t->server_tpm;
	m->host_user = t->host_user;
	m->host_sys = t->host_sys;
	m->host_iowait = t->host_iowait;
	m->cpu_server = t->cpu_server;
	m->r_iops = t->r_iops;
	m->w_iops = t->w_iops;
	m->r_ms = t->r_ms;
	m->w_ms = t->w_ms;
	if (metrics)
		for (int k = 0; k < RR_METRICS_MAX; k++) {
			m->metric[k] = t->metric[k];
			m->metric_per_s[k] = t->metric_per_s[k];
		}
}

/* The wall-clock series: second s of the merge is origin + s. */
static int merge_ticks(rr_run *m, const part *p, int n, long long origin, char *err,
		       size_t errlen)
{
	long long last = 0;
	for (int i = 0; i < n; i++)
		if (p[i].end - origin > last)
			last = p[i].end - origin;
	int len = (int)last + 1;
	/* at[s * n + i]: 1 + the index of file i's tick at second s, 0 none. */
	int *at = calloc((size_t)len * (size_t)n, sizeof *at);
	m->ticks = calloc((size_t)len, sizeof *m->ticks);
	if (!at || !m->ticks) {
		free(at);
		snprintf(err, errlen, "--merge: out of memory");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		long long off = p[i].start - p[i].r->ticks[0].t - origin;
		for (int j = 0; j < p[i].r->nticks; j++) {
			long long s = off + p[i].r->ticks[j].t;
			if (s >= 0 && s < len)
				at[s * n + i] = j + 1;
		}
	}
	m->steady_from = m->steady_to = -1;
	for (int s = 0; s < len; s++) {
		rr_tick *mt = &m->ticks[m->nticks];
		int present = 0, steady = 0, other = -1;
		memset(mt, 0, sizeof *mt);
		tick_clear(mt);
		mt->t = s;
		for (int i = 0; i < n; i++) {
			if (!at[s * n + i])
				continue;
			const rr_tick *t = &p[i].r->ticks[at[s * n + i] - 1];
			if (!present++)
				tick_server(mt, t, i == 0);
			tick_add(mt, t);
			if (t->phase == PH_STEADY)
				steady++;
			else if (other < 0)
				other = t->phase;
		}
		if (!present)
			continue;
		if (steady == n)
			mt->phase = PH_STEADY;
		else
			mt->phase = other >= 0 ? other : m->steady_from < 0 ? PH_RAMPUP : PH_RAMPDOWN;
		if (mt->phase == PH_STEADY) {
			if (m->steady_from < 0)
				m->steady_from = m->nticks;
			m->steady_to = m->nticks + 1;
		}
		m->nticks++;
	}
	if (m->steady_from < 0)
		m->steady_from = m->steady_to = 0;
	free(at);
	return 0;
}

static int by_t(const void *a, const void *b)
{
	const rr_event *x = a, *y = b;
	return (x->t > y->t) - (x->t < y->t);
}

/* Every instance's events on the merged clock; the phase changes once,
 * the first file's, since the instances change phase together. */
static int merge_events(rr_run *m, const part *p, int n, long long origin, char *err,
			size_t errlen)
{
	int total = 0;
	for (int i = 0; i < n; i++)
		total += p[i].r->nevents;
	m->events = calloc((size_t)(total ? total : 1), sizeof *m->events);
	if (!m->events) {
		snprintf(err, errlen, "--merge: out of memory");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		long long off = p[i].start - p[i].r->ticks[0].t - origin;
		for (int j = 0; j < p[i].r->nevents; j++) {
			const rr_event *e = &p[i].r->events[j];
			if (i && !strcmp(e->type, "phase"))
				continue;
			rr_event *d = &m->events[m->nevents++];
			*d = *e;
			d->t = (int)(off + e->t);
			/* The files of one run share a name in their own folders:
			 * the label tells the instances apart where there is one. */
			if (i)
				snprintf(d->text, sizeof d->text, "%.120s: %.120s",
					 p[i].r->label[0] ? p[i].r->label : p[i].r->path, e->text);
		}
	}
	qsort(m->events, (size_t)m->nevents, sizeof *m->events, by_t);
	return 0;
}

/* Add the file's steady histogram of one type into s; -1: it has none. */
static int hist_add_json(hist_snap *s, const json_t *h)
{
	const json_t *b = json_object_get(h, "buckets");
	if (!json_is_array(b))
		return -1;
	s->count += (uint64_t)json_integer_value(json_object_get(h, "count"));
	s->sum_us += (uint64_t)json_integer_value(json_object_get(h, "sum_us"));
	uint64_t mx = (uint64_t)json_integer_value(json_object_get(h, "max_us"));
	if (mx > s->max_us)
		s->max_us = mx;
	for (size_t i = 0; i < json_array_size(b); i++) {
		const json_t *e = json_array_get(b, i);
		s->b[hist_bucket((uint64_t)json_integer_value(json_array_get(e, 0)))] +=
			(uint64_t)json_integer_value(json_array_get(e, 2));
	}
	return 0;
}

static json_t *hist_to_json(const hist_snap *s)
{
	json_t *o = json_object(), *b = json_array();
	json_object_set_new(o, "count", json_integer((json_int_t)s->count));
	json_object_set_new(o, "sum_us", json_integer((json_int_t)s->sum_us));
	json_object_set_new(o, "max_us", json_integer((json_int_t)s->max_us));
	for (int i = 0; i < HIST_BUCKETS; i++)
		if (s->b[i])
			json_array_append_new(b, json_pack("[I,I,I]", (json_int_t)hist_bucket_lo(i),
							   (json_int_t)hist_bucket_hi(i),
							   (json_int_t)s->b[i]));
	json_object_set_new(o, "buckets", b);
	return o;
}

/* p95/p99 of the summary from the added histograms; 0 when merged
 * exactly, 1 when some file lacked them (the worst instance's then). */
static int merge_percentiles(rr_run *m, const part *p, int n, json_t *hists)
{
	hist_snap *s = malloc(sizeof *s);
	int approx = 0;
	for (int k = 0; k < TX_COUNT; k++) {
		int ok = s != NULL;
		if (s)
			hist_snap_clear(s);
		for (int i = 0; i < n && ok; i++) {
			char key[80];
			snprintf(key, sizeof key, "summary.histograms_us.%s", txn_names[k]);
			ok = hist_add_json(s, rr_object(p[i].r, key)) == 0;
		}
		if (ok && s->count) {
			m->fig.p95[k] = hist_percentile(s, 95) / 1000.0;
			m->fig.p99[k] = hist_percentile(s, 99) / 1000.0;
			json_object_set_new(hists, txn_names[k], hist_to_json(s));
			continue;
		}
		approx |= !ok;
		m->fig.p95[k] = m->fig.p99[k] = NAN;
		for (int i = 0; i < n; i++) {
			m->fig.p95[k] = worst(m->fig.p95[k], p[i].r->fig.p95[k]);
			m->fig.p99[k] = worst(m->fig.p99[k], p[i].r->fig.p99[k]);
		}
	}
	free(s);
	return approx;
}

static void merge_figures(rr_run *m, const part *p, int n)
{
	rr_figures *f = &m->fig;
	double cpu = 0, no = 0;
	f->steady_seconds = m->steady_to - m->steady_from;
	f->nopm = f->tpm = f->errors = f->retries = NAN;
	f->rate_offered = f->rate_achieved = f->behind_max_s = NAN;
	f->server_tpm = p[0].r->fig.server_tpm;
	for (int i = 0; i < n; i++) {
		const rr_figures *g = &p[i].r->fig;
		double no_i = g->nopm * g->steady_seconds / 60;
		f->nopm = add(f->nopm, g->nopm);
		f->tpm = add(f->tpm, g->tpm);
		f->errors = add(f->errors, g->errors);
		f->retries = add(f->retries, g->retries);
		f->rate_offered = add(f->rate_offered, g->rate_offered);
		f->rate_achieved = add(f->rate_achieved, g->rate_achieved);
		f->behind_max_s = worst(f->behind_max_s, g->behind_max_s);
		cpu += g->cpu_per_1000_no * no_i / 1000;
		no += no_i;
	}
	f->cpu_per_1000_no = no > 0 ? cpu * 1000 / no : NAN;
	/* As each summary's: the steady seconds' VUs at work. */
	f->vus_max = 0;
	for (int i = m->steady_from; i < m->steady_to; i++)
		if (m->ticks[i].vus_running > f->vus_max)
			f->vus_max = m->ticks[i].vus_running;
}

/* The instances' client-bound verdicts as one: each client is a limit of
 * its own, so the run was client-bound when any instance was, by the
 * largest shares; one instance's latency against all the VUs would be
 * no figure of either, so the time is left out (the words then give
 * none). */
static void merge_client_bound(json_t *sum, const part *p, int n)
{
	json_t *cb = json_object();
	int verdict = 0;
	double cpu = 0, behind = 0;
	for (int i = 0; i < n; i++) {
		json_t *c = json_object_get(json_object_get(p[i].r->root, "summary"), "client_bound");
		verdict |= json_is_true(json_object_get(c, "verdict"));
		cpu = fmax(cpu, json_number_value(json_object_get(c, "cpu_share")));
		behind = fmax(behind, json_number_value(json_object_get(c, "behind_share")));
	}
	json_object_set_new(cb, "verdict", json_boolean(verdict));
	json_object_set_new(cb, "cpu_share", json_real(cpu));
	json_object_set_new(cb, "behind_share", json_real(behind));
	json_object_set_new(cb, "txn_ms", json_null());
	json_object_set_new(sum, "client_bound", cb);
}

/* The first file's document with what the merge changed: no ticks (they
 * are in rr_run), the merged histograms, the label, every range, the
 * client-bound verdict. */
static json_t *merge_root(const rr_run *m, const part *p, int n, json_t *hists)
{
	json_t *root = json_copy(p[0].r->root);
	json_t *run = json_copy(json_object_get(root, "run"));
	json_t *cfg = json_copy(json_object_get(root, "config"));
	json_t *sum = json_object_get(root, "summary");
	char ranges[512] = "";
	size_t len = 0;
	for (int i = 0; i < n && len < sizeof ranges; i++)
		len += (size_t)snprintf(ranges + len, sizeof ranges - len, "%s%d-%d", i ? "," : "",
					p[i].first_w, p[i].last_w);
	json_object_set_new(root, "ticks", json_array());
	if (json_is_object(run)) {
		json_object_set_new(run, "label", json_string(m->label));
		json_object_set_new(run, "started_at", json_string(m->started_at));
		json_object_set_new(root, "run", run);
	} else
		json_decref(run);
	if (json_is_object(cfg)) {
		json_object_set_new(cfg, "workload.warehouse_range", json_string(ranges));
		json_object_set_new(root, "config", cfg);
	} else
		json_decref(cfg);
	if (json_is_object(sum)) {
		sum = json_copy(sum);
		if (json_object_size(hists))
			json_object_set(sum, "histograms_us", hists);
		else
			json_object_del(sum, "histograms_us");
		merge_client_bound(sum, p, n);
		json_object_set_new(root, "summary", sum);
	}
	return root;
}

static void merge_text(rr_run *m, const part *p, int n, int earliest)
{
	const rr_run *a = p[0].r;
	size_t len = 0, lab = 0;
	m->format = a->format;
	m->complete = 1;
	m->has_summary = 1;
	for (int i = 0; i < n; i++) {
		const rr_run *r = p[i].r;
		len += (size_t)snprintf(m->path + len, len < sizeof m->path ? sizeof m->path - len : 0,
					"%s%s", i ? " + " : "", r->path);
		if (len >= sizeof m->path)
			len = sizeof m->path;
		if (r->format < m->format)
			m->format = r->format;
		m->complete &= r->complete;
		m->cut |= r->cut;
		m->has_summary &= r->has_summary;
		m->summary_from_ticks |= r->summary_from_ticks;
	}
	for (int i = 0; i < n && lab < sizeof m->label; i++)
		lab += (size_t)snprintf(m->label + lab, sizeof m->label - lab, "%s%s",
					i ? " + " : "", p[i].r->label[0] ? p[i].r->label : p[i].name);
	str_copy(m->started_at, p[earliest].r->started_at, sizeof m->started_at);
	str_copy(m->driver, a->driver, sizeof m->driver);
	str_copy(m->dialect, a->dialect, sizeof m->dialect);
	str_copy(m->server_version, a->server_version, sizeof m->server_version);
	str_copy(m->database, a->database, sizeof m->database);
	str_copy(m->mode, a->mode, sizeof m->mode);
	str_copy(m->stopped_by, a->stopped_by, sizeof m->stopped_by);
	str_copy(m->tags, a->tags, sizeof m->tags);
	m->warehouses = a->warehouses;
	m->nmetrics = a->nmetrics;
	memcpy(m->metric_name, a->metric_name, sizeof m->metric_name);
	memcpy(m->metric_counter, a->metric_counter, sizeof m->metric_counter);
}

int rr_merge(rr_run *const *runs, int n, rr_run **out, char *err, size_t errlen)
{
	*out = NULL;
	if (n < 2) {
		snprintf(err, errlen, "--merge: needs two results files or more");
		return -1;
	}
	part *p = calloc((size_t)n, sizeof *p);
	rr_run *m = calloc(1, sizeof *m);
	json_t *hists = json_object();
	int earliest = 0, rc = -1;
	if (!p || !m || !hists) {
		snprintf(err, errlen, "--merge: out of memory");
		goto done;
	}
	for (int i = 0; i < n; i++) {
		if (describe(runs[i], &p[i], err, errlen))
			goto done;
		for (int j = 0; j < i; j++)
			if (refuse(&p[j], &p[i], err, errlen))
				goto done;
		if (p[i].start - runs[i]->ticks[0].t < p[earliest].start - runs[earliest]->ticks[0].t)
			earliest = i;
	}
	long long origin = p[earliest].start - runs[earliest]->ticks[0].t;
	merge_text(m, p, n, earliest);
	if (merge_ticks(m, p, n, origin, err, errlen) ||
	    merge_events(m, p, n, origin, err, errlen))
		goto done;
	merge_figures(m, p, n);
	int approx = merge_percentiles(m, p, n, hists);
	m->root = merge_root(m, p, n, hists);
	snprintf(m->missing, sizeof m->missing, "merged %d files on the wall clock: per-second "
		 "p50/p95/p99 are the worst instance's, server and host figures %.300s's%s", n,
		 p[0].r->path, approx ? "; the steady p95/p99 too (a file has no histograms)" : "");
	rc = 0;
done:
	json_decref(hists);
	free(p);
	if (rc)
		results_read_free(m);
	else
		*out = m;
	return rc;
}
