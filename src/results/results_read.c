/* results_read.c: see results_read.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results.h"
#include "results_read.h"
#include "util/utf8.h"
#include "util/util.h"

static double num_or_nan(const json_t *v)
{
	return json_is_number(v) ? json_number_value(v) : NAN;
}

static double num_at(const json_t *o, const char *key)
{
	return num_or_nan(json_object_get(o, key));
}

/* Cut short between two characters, so what is read stays UTF-8. */
static void text_at(const json_t *o, const char *key, char *buf, size_t len)
{
	const json_t *v = json_object_get(o, key);
	utf8_copy(buf, json_is_string(v) ? json_string_value(v) : "", len);
}

static void add_missing(rr_run *r, const char *what)
{
	size_t n = strlen(r->missing);
	snprintf(r->missing + n, sizeof r->missing - n, "%s%s", n ? "; " : "", what);
}

static int phase_of(const char *name)
{
	for (int i = 0; i < PH_COUNT; i++)
		if (!strcmp(name, phase_names[i]))
			return i;
	return PH_IDLE;
}

static int metric_index(rr_run *r, const char *name)
{
	for (int i = 0; i < r->nmetrics; i++)
		if (!strcmp(r->metric_name[i], name))
			return i;
	if (r->nmetrics == RR_METRICS_MAX)
		return -1;
	utf8_copy(r->metric_name[r->nmetrics], name, sizeof r->metric_name[0]);
	r->metric_counter[r->nmetrics] = 1;
	return r->nmetrics++;
}

static void read_tick(rr_run *r, const json_t *j, rr_tick *t)
{
	const json_t *lat = json_object_get(j, "latency_ms"), *v;
	const char *k;
	t->t = (int)json_integer_value(json_object_get(j, "t"));
	t->phase = phase_of(json_string_value(json_object_get(j, "phase")) ?
			    json_string_value(json_object_get(j, "phase")) : "");
	t->vus = (int)json_integer_value(json_object_get(j, "vus"));
	t->vus_target = (int)json_integer_value(json_object_get(j, "vus_target"));
	const json_t *run = json_object_get(j, "vus_running");
	t->vus_running = run ? (int)json_integer_value(run) : t->vus;
	t->nopm = num_at(j, "nopm");
	t->tpm = num_at(j, "tpm");
	t->server_tpm = num_at(j, "server_tpm");
	t->offered_tpm = num_at(j, "offered_tpm");
	t->behind_s = num_at(j, "behind_s");
	t->behind_txn = num_at(j, "behind_txn");
	for (int i = 0; i < TX_COUNT; i++) {
		const json_t *o = json_object_get(lat, txn_names[i]);
		t->p50[i] = num_at(o, "p50");
		t->p95[i] = num_at(o, "p95");
		t->p99[i] = num_at(o, "p99");
		t->max[i] = num_at(o, "max");
		t->commits[i] = num_at(json_object_get(j, "commits"), txn_names[i]);
	}
	for (int i = 0; i < ERR_KIND_COUNT; i++)
		t->errors_by[i] = num_at(json_object_get(j, "errors"), err_kind_names[i]);
	t->retries = num_at(j, "retries");
	t->reconnects = num_at(j, "reconnects");
	t->failed = num_at(j, "failed");
	t->errors = 0;
	json_object_foreach((json_t *)json_object_get(j, "errors"), k, v)
		t->errors += json_number_value(v);
	t->errors += json_number_value(json_object_get(j, "failed"));
	t->cpu_client = num_at(j, "cpu_client");
	const json_t *h = json_object_get(j, "host_cpu");
	t->host_user = num_at(h, "user");
	t->host_sys = num_at(h, "system");
	t->host_iowait = num_at(h, "iowait");
	t->cpu_server = num_at(j, "cpu_server");
	const json_t *d = json_object_get(j, "disk");
	t->r_iops = num_at(d, "r_iops");
	t->w_iops = num_at(d, "w_iops");
	t->r_ms = num_at(d, "r_ms");
	t->w_ms = num_at(d, "w_ms");
	for (int i = 0; i < RR_METRICS_MAX; i++)
		t->metric[i] = t->metric_per_s[i] = NAN;
	const json_t *m = json_object_get(j, "server_metrics");
	const json_t *ps = json_object_get(j, "server_metrics_per_s");
	json_object_foreach((json_t *)m, k, v) {
		int i = metric_index(r, k);
		if (i < 0)
			continue;
		t->metric[i] = num_or_nan(v);
		t->metric_per_s[i] = num_at(ps, k);
	}
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The median over the steady ticks of one type's p95 (p99 with hi). */
static double median_of(const rr_run *r, int type, int hi, double *x)
{
	int n = 0;
	for (int i = r->steady_from; i < r->steady_to; i++) {
		double v = hi ? r->ticks[i].p99[type] : r->ticks[i].p95[type];
		if (!isnan(v))
			x[n++] = v;
	}
	if (!n)
		return NAN;
	qsort(x, (size_t)n, sizeof *x, by_value);
	return n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2;
}

/* The steady ticks' figures, for a file without a summary (killed, cut). */
static void figures_from_ticks(rr_run *r)
{
	rr_figures *f = &r->fig;
	int n = r->steady_to - r->steady_from;
	double cpu = 0, no = 0;
	memset(f, 0, sizeof *f);
	f->server_tpm = NAN;
	f->steady_seconds = n;
	f->rate_offered = f->rate_achieved = f->behind_max_s = NAN;
	double offered = 0, achieved = 0;
	int rated = 0;
	for (int i = r->steady_from; i < r->steady_to; i++) {
		const rr_tick *t = &r->ticks[i];
		if (t->offered_tpm > 0) {   /* the seconds that had a rate, as the summary's */
			offered += t->offered_tpm;
			achieved += t->tpm;
			rated++;
			if (!(t->behind_s <= f->behind_max_s))
				f->behind_max_s = t->behind_s;
		}
		f->nopm += t->nopm / n;
		f->tpm += t->tpm / n;
		f->errors += t->errors;
		cpu += isnan(t->cpu_client) ? 0 : t->cpu_client / 100;
		no += t->nopm / 60;
		if (t->vus_running > f->vus_max)
			f->vus_max = t->vus_running;
	}
	/* Percentiles cannot be averaged and the merged histogram is gone:
	 * the median second's is the central figure left. */
	double *x = malloc((size_t)(n > 0 ? n : 1) * sizeof *x);
	for (int k = 0; k < TX_COUNT && x; k++) {
		f->p95[k] = median_of(r, k, 0, x);
		f->p99[k] = median_of(r, k, 1, x);
	}
	if (!x)
		for (int k = 0; k < TX_COUNT; k++)
			f->p95[k] = f->p99[k] = NAN;
	free(x);
	if (rated) {
		f->rate_offered = offered / rated;
		f->rate_achieved = achieved / rated;
	}
	f->retries = NAN;
	f->cpu_per_1000_no = no > 0 ? cpu * 1000 / no : NAN;
	r->summary_from_ticks = 1;
}

static void read_summary(rr_run *r, const json_t *s)
{
	rr_figures *f = &r->fig;
	const json_t *lat = json_object_get(s, "latency_ms"), *v;
	const char *k;
	f->steady_seconds = (int)json_integer_value(json_object_get(s, "steady_seconds"));
	f->nopm = num_at(s, "nopm");
	f->tpm = num_at(s, "tpm");
	f->server_tpm = num_at(s, "server_tpm");
	for (int i = 0; i < TX_COUNT; i++) {
		const json_t *o = json_object_get(lat, txn_names[i]);
		f->p95[i] = num_at(o, "p95");
		f->p99[i] = num_at(o, "p99");
	}
	f->errors = 0;
	json_object_foreach((json_t *)json_object_get(s, "errors"), k, v)
		f->errors += json_number_value(v);
	f->errors += json_number_value(json_object_get(s, "failed"));
	f->retries = num_at(s, "retries");
	f->cpu_per_1000_no = num_at(s, "client_cpu_s_per_1000_new_orders");
	f->vus_max = (int)json_integer_value(json_object_get(s, "vus_max"));
	const json_t *rate = json_object_get(s, "rate");
	f->rate_offered = num_at(rate, "offered_tpm");
	f->rate_achieved = num_at(rate, "achieved_tpm");
	f->behind_max_s = num_at(rate, "behind_max_s");
	r->has_summary = 1;
}

/* A file cut mid-write (copied while running, a full disk's lost tail):
 * end it after its last whole tick and parse that.  Ticks are written one
 * a line, each starting "\n{\"t\":". */
static json_t *parse_cut(char *text, size_t len, int *cut)
{
	static const char mark[] = "\n{\"t\":";
	const char *ticks = strstr(text, "\"ticks\":[");
	*cut = 0;
	if (!ticks)
		return NULL;
	char *end = text + len;
	for (int tries = 0; tries < 4; tries++) {
		char *p = NULL;
		for (char *q = (char *)ticks; (q = strstr(q, mark)) && q < end; q++)
			p = q;
		if (!p)
			p = (char *)ticks + strlen("\"ticks\":[");
		size_t keep = (size_t)(p - text);
		while (keep && (text[keep - 1] == ',' || text[keep - 1] == '\n'))
			keep--;
		char *fixed = malloc(keep + 8);
		if (!fixed)
			return NULL;
		memcpy(fixed, text, keep);
		memcpy(fixed + keep, "\n]}", 4);
		json_t *root = json_loads(fixed, 0, NULL);
		free(fixed);
		if (root) {
			*cut = 1;
			return root;
		}
		end = p;       /* that tick was broken too: one further back */
		if (p == ticks + strlen("\"ticks\":["))
			break;
	}
	return NULL;
}

static int load_root(const char *path, rr_run *r, char *err, size_t errlen)
{
	size_t len = 0;
	json_error_t je;
	char *text = read_file_text(path, &len, err, errlen);
	if (!text)
		return -1;
	/* jansson takes only UTF-8; an older tpcc-console wrote a
	 * label or a server's error text byte for byte, whatever its
	 * encoding.  Such a file is read with those bytes as U+FFFD. */
	r->repaired = utf8_invalid_bytes(text, len);
	if (r->repaired) {
		char *fixed = utf8_repair(text, len, &len);
		free(text);
		text = fixed;
		if (!text) {
			snprintf(err, errlen, "%s: out of memory", path);
			return -1;
		}
	}
	json_t *root = json_loadb(text, len, 0, &je);
	if (!root && strstr(text, "\"format\":\"" RESULTS_FORMAT_PREFIX) == text + 1)
		root = parse_cut(text, len, &r->cut);
	free(text);
	if (!root) {
		snprintf(err, errlen, "%s: not a results file: not JSON (line %d: %s)", path,
			 je.line, je.text);
		return -1;
	}
	const char *fmt = json_string_value(json_object_get(root, "format"));
	if (!json_is_object(root) || !fmt ||
	    strncmp(fmt, RESULTS_FORMAT_PREFIX, strlen(RESULTS_FORMAT_PREFIX))) {
		snprintf(err, errlen, "%s: not a results file: no \"format\": \"%s...\"", path,
			 RESULTS_FORMAT_PREFIX);
		json_decref(root);
		return -1;
	}
	r->format = atoi(fmt + strlen(RESULTS_FORMAT_PREFIX));
	if (r->format < 1 || r->format > 2) {
		snprintf(err, errlen, "%s: results format '%s' is not one this version reads "
			 "(1 and 2): a newer tpcc-console wrote it", path, fmt);
		json_decref(root);
		return -1;
	}
	if (!json_is_array(json_object_get(root, "ticks"))) {
		snprintf(err, errlen, "%s: not a results file: no \"ticks\" array", path);
		json_decref(root);
		return -1;
	}
	r->root = root;
	return 0;
}

int results_read(const char *path, rr_run **out, char *err, size_t errlen)
{
	rr_run *r = calloc(1, sizeof *r);
	*out = NULL;
	if (!r) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	str_copy(r->path, path, sizeof r->path);
	if (load_root(path, r, err, errlen)) {
		free(r);
		return -1;
	}
	json_t *root = r->root, *run = json_object_get(root, "run"), *v;
	const char *k;
	text_at(run, "started_at", r->started_at, sizeof r->started_at);
	text_at(run, "label", r->label, sizeof r->label);
	text_at(run, "driver", r->driver, sizeof r->driver);
	text_at(run, "dialect", r->dialect, sizeof r->dialect);
	text_at(run, "server_version", r->server_version, sizeof r->server_version);
	text_at(run, "database", r->database, sizeof r->database);
	text_at(run, "mode", r->mode, sizeof r->mode);
	r->warehouses = (int)json_integer_value(json_object_get(run, "warehouses"));
	/* NAME=VALUE,...; what does not fit is cut between two characters,
	 * so the tags stay UTF-8 (runs --json hands them to jansson). */
	size_t tn = 0;
	json_object_foreach(json_object_get(run, "tags"), k, v) {
		char *tag = NULL;
		if (!json_is_string(v) ||
		    asprintf(&tag, "%s%s=%s", tn ? "," : "", k, json_string_value(v)) < 0)
			continue;
		size_t w = utf8_copy(r->tags + tn, tag, sizeof r->tags - tn), n = strlen(tag);
		tn += w;
		free(tag);
		if (w < n)
			break;
	}
	r->complete = json_is_true(json_object_get(root, "complete"));
	text_at(root, "stopped_by", r->stopped_by, sizeof r->stopped_by);

	json_t *ticks = json_object_get(root, "ticks");
	size_t n = json_array_size(ticks);
	r->ticks = calloc(n ? n : 1, sizeof *r->ticks);
	json_t *events = json_object_get(root, "events");
	size_t ne = json_array_size(events);
	r->events = calloc(ne ? ne : 1, sizeof *r->events);
	if (!r->ticks || !r->events) {
		snprintf(err, errlen, "%s: out of memory", path);
		results_read_free(r);
		return -1;
	}
	r->steady_from = r->steady_to = -1;
	for (size_t i = 0; i < n; i++) {
		rr_tick *t = &r->ticks[r->nticks];
		read_tick(r, json_array_get(ticks, i), t);
		if (t->phase == PH_STEADY) {
			if (r->steady_from < 0)
				r->steady_from = r->nticks;
			r->steady_to = r->nticks + 1;
		}
		r->nticks++;
	}
	if (r->steady_from < 0)
		r->steady_from = r->steady_to = 0;
	/* A metric that ever falls is a gauge (dirty pages), one that never
	 * does a counter (reads): the figure to draw is its rate. */
	for (int m = 0; m < r->nmetrics; m++)
		for (int i = 1; i < r->nticks; i++)
			if (r->ticks[i].metric[m] < r->ticks[i - 1].metric[m])
				r->metric_counter[m] = 0;
	for (size_t i = 0; i < ne; i++) {
		json_t *e = json_array_get(events, i);
		rr_event *ev = &r->events[r->nevents++];
		ev->t = (int)json_integer_value(json_object_get(e, "t"));
		text_at(e, "type", ev->type, sizeof ev->type);
		text_at(e, "text", ev->text, sizeof ev->text);
	}

	json_t *sum = json_object_get(root, "summary");
	if (json_is_object(sum))
		read_summary(r, sum);
	else
		figures_from_ticks(r);
	if (r->cut)
		add_missing(r, "the file is cut short: read up to its last whole tick; events, "
			    "summary and histograms lost");
	else if (!r->complete)
		add_missing(r, "the run did not finish (killed?): no summary");
	if (r->summary_from_ticks && r->steady_to > r->steady_from)
		add_missing(r, "figures from the steady ticks (p95/p99: the median second's)");
	if (r->nticks && r->steady_to == r->steady_from)
		add_missing(r, "no steady-phase tick");
	if (!r->nticks)
		add_missing(r, "no ticks");
	char note[96];
	if (rr_repaired_note(r, note, sizeof note))
		add_missing(r, note);
	if (r->format < 2)
		add_missing(r, "format 1: no host CPU, disk, server metrics, system, label or "
			    "histograms");
	*out = r;
	return 0;
}

const char *rr_repaired_note(const rr_run *r, char *buf, size_t len)
{
	if (!r->repaired)
		return NULL;
	snprintf(buf, len, "%zu byte%s that %s not UTF-8 read as U+FFFD", r->repaired,
		 r->repaired == 1 ? "" : "s", r->repaired == 1 ? "was" : "were");
	return buf;
}

void results_read_free(rr_run *r)
{
	if (!r)
		return;
	json_decref(r->root);
	free(r->ticks);
	free(r->events);
	free(r);
}

int rr_int(const void *x, int dflt)
{
	if (!json_is_number((const json_t *)x))
		return dflt;
	double v = json_number_value(x);
	return v >= INT_MIN && v <= INT_MAX ? (int)v : dflt;
}

void *rr_object(const rr_run *r, const char *dotted)
{
	char key[128];
	json_t *o = r->root;
	const char *p = dotted;
	/* config keys hold dots themselves ("run.vus"): after "config." the
	 * rest is one key. */
	while (o && *p) {
		const char *dot = strchr(p, '.');
		size_t n = dot ? (size_t)(dot - p) : strlen(p);
		if (o == json_object_get(r->root, "config"))
			n = strlen(p), dot = NULL;
		snprintf(key, sizeof key, "%.*s", (int)n, p);
		o = json_object_get(o, key);
		p = dot ? dot + 1 : p + n;
	}
	return o;
}

const char *rr_text(const rr_run *r, const char *dotted, char *buf, size_t len)
{
	json_t *v = rr_object(r, dotted);
	if (json_is_string(v))
		utf8_copy(buf, json_string_value(v), len);
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, len, "%g", json_real_value(v));
	else if (json_is_boolean(v))
		snprintf(buf, len, "%s", json_is_true(v) ? "true" : "false");
	else
		return NULL;
	return buf;
}
