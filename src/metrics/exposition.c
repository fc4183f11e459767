/* exposition.c: the Prometheus text page, built into a growing buffer. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "exposition.h"
#include "util/strbuf.h"
#include "util/utf8.h"

/* 1-1.5-2-3-4-5-7.5 steps from 1 ms to 2 s, then coarser to 60 s: a p95
 * of a few milliseconds falls in a bucket under half as wide as its value,
 * with 32 series per type. */
const uint64_t expo_bounds_us[EXPO_NBOUNDS] = {
	100, 250, 500, 1000, 2000, 3000, 4000, 5000, 7500,
	10000, 15000, 20000, 30000, 40000, 50000, 75000,
	100000, 150000, 200000, 300000, 400000, 500000, 750000,
	1000000, 1500000, 2000000, 3000000, 5000000, 10000000, 30000000, 60000000,
};

/* A page starts this large: about 20 KB with every series. */
#define PAGE_FIRST 32768

typedef struct buf {
	strbuf s;
	const char *labels;   /* run="..",label=".." */
} buf;

static void put(buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	strbuf_vprintf(&b->s, fmt, ap);
	va_end(ap);
}

/* A label value with \, " and newline escaped as the format asks, and
 * bytes that are not UTF-8 (the format's encoding) as U+FFFD; cut short
 * only between two characters. */
static void escape(char *dst, size_t size, const char *src)
{
	size_t n = 0, left = strlen(src);
	while (left) {
		size_t k = utf8_seq_len(src, left);
		const char *from = k ? src : UTF8_REPLACEMENT;
		size_t w = k ? k : 3;
		int esc = *src == '\\' || *src == '"' || *src == '\n';
		if (esc)
			from = *src == '\n' ? "\\n" : *src == '"' ? "\\\"" : "\\\\", w = 2;
		if (n + w >= size)
			break;
		memcpy(dst + n, from, w);
		n += w;
		src += k ? k : 1;
		left -= k ? k : 1;
	}
	dst[n] = '\0';
}

static void head(buf *b, const char *name, const char *type, const char *help)
{
	put(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* One sample; extra is "" or more labels without the leading comma. */
static void sample(buf *b, const char *name, const char *extra, double v)
{
	put(b, "%s{%s%s%s} %.15g\n", name, b->labels, extra[0] ? "," : "", extra, v);
}

static void sample_u(buf *b, const char *name, const char *extra, uint64_t v)
{
	put(b, "%s{%s%s%s} %llu\n", name, b->labels, extra[0] ? "," : "", extra,
	    (unsigned long long)v);
}

void expo_fold(const hist_snap *h, uint64_t cum[EXPO_NBOUNDS])
{
	int k = 0;
	uint64_t run = 0;
	for (int i = 0; i < HIST_BUCKETS; i++) {
		if (!h->b[i])
			continue;
		/* the bucket's values are lo .. hi-1 microseconds */
		uint64_t top = hist_bucket_hi(i) - 1;
		while (k < EXPO_NBOUNDS && expo_bounds_us[k] < top)
			cum[k++] = run;
		run += h->b[i];
	}
	while (k < EXPO_NBOUNDS)
		cum[k++] = run;
}

static void latency(buf *b, const engine_pub *p)
{
	char lab[96];
	head(b, "tpcc_latency_seconds", "histogram",
	     "Time from a transaction's first attempt to its commit, by type.");
	for (int t = 0; t < TX_COUNT; t++) {
		const hist_snap *h = &p->cum.lat[t];
		uint64_t cum[EXPO_NBOUNDS];
		expo_fold(h, cum);
		for (int k = 0; k < EXPO_NBOUNDS; k++) {
			snprintf(lab, sizeof lab, "type=\"%s\",le=\"%g\"", txn_names[t],
				 expo_bounds_us[k] / 1e6);
			sample_u(b, "tpcc_latency_seconds_bucket", lab, cum[k]);
		}
		snprintf(lab, sizeof lab, "type=\"%s\",le=\"+Inf\"", txn_names[t]);
		sample_u(b, "tpcc_latency_seconds_bucket", lab, h->count);
		snprintf(lab, sizeof lab, "type=\"%s\"", txn_names[t]);
		sample(b, "tpcc_latency_seconds_sum", lab, h->sum_us / 1e6);
		sample_u(b, "tpcc_latency_seconds_count", lab, h->count);
	}
}

static void counters(buf *b, const engine_pub *p)
{
	char lab[64];
	head(b, "tpcc_commits_total", "counter", "Transactions committed, by type.");
	for (int t = 0; t < TX_COUNT; t++) {
		snprintf(lab, sizeof lab, "type=\"%s\"", txn_names[t]);
		sample_u(b, "tpcc_commits_total", lab, p->cum.commits[t]);
	}
	head(b, "tpcc_rollbacks_total", "counter",
	     "New-Orders rolled back on purpose (the 1% with an unused item).");
	sample_u(b, "tpcc_rollbacks_total", "", p->cum.audit[AU_NO_ROLLBACKS]);
	head(b, "tpcc_errors_total", "counter", "Errors, by the class the driver gave them.");
	for (int k = 0; k < ERR_KIND_COUNT; k++) {
		snprintf(lab, sizeof lab, "class=\"%s\"", err_kind_names[k]);
		sample_u(b, "tpcc_errors_total", lab, p->cum.errors[k]);
	}
	head(b, "tpcc_failed_total", "counter", "Transactions abandoned after their retries.");
	sample_u(b, "tpcc_failed_total", "", p->cum.failed);
	head(b, "tpcc_retries_total", "counter", "Transactions retried whole after a deadlock or lock timeout.");
	sample_u(b, "tpcc_retries_total", "", p->cum.retries);
	head(b, "tpcc_reconnects_total", "counter", "Reconnections after a lost connection.");
	sample_u(b, "tpcc_reconnects_total", "", p->cum.reconnects);
}

/* The run's sessions' waits, in seconds a session spent in each class (and
 * event) so far: rate() of one is its average active sessions.  Events are
 * bounded (WAIT_ACC_EVENTS names, the rest under "(more)"). */
static void wait_counters(buf *b, const engine_pub *p)
{
	char lab[200], name[128];
	if (!p->waits.seconds)
		return;
	head(b, "tpcc_wait_seconds_total", "counter",
	     "Seconds the run's sessions spent on CPU or waiting, by wait class (rate(): average active sessions).");
	for (int i = 0; i < WC_COUNT; i++) {
		snprintf(lab, sizeof lab, "class=\"%s\"", wait_class_names[i]);
		sample(b, "tpcc_wait_seconds_total", lab, p->waits.aas[i]);
	}
	head(b, "tpcc_wait_event_seconds_total", "counter",
	     "The same by the server's wait event within its class.");
	for (int i = 0; i < p->waits.nev; i++) {
		escape(name, sizeof name, p->waits.ev[i].name);
		snprintf(lab, sizeof lab, "class=\"%s\",event=\"%s\"",
			 wait_class_names[p->waits.ev[i].cls], name);
		sample(b, "tpcc_wait_event_seconds_total", lab, p->waits.ev[i].aas);
	}
}

/* Read at the scrape, not at the tick. */
static void now_figures(buf *b, const engine_pub *p, double cpu_s)
{
	char lab[160], name[128];
	head(b, "tpcc_client_cpu_seconds_total", "counter", "CPU time of the tpcc-console process.");
	sample(b, "tpcc_client_cpu_seconds_total", "", cpu_s);
	wait_counters(b, p);
	if (!p->have_sample || !p->sample.nmetrics)
		return;
	head(b, "tpcc_server_metric", "gauge",
	     "The server's own figures as the monitor last read them (counters as they stand).");
	for (int i = 0; i < p->sample.nmetrics; i++) {
		escape(name, sizeof name, p->sample.metric[i].name);
		snprintf(lab, sizeof lab, "name=\"%s\"", name);
		sample(b, "tpcc_server_metric", lab, p->sample.metric[i].value);
	}
}

/* Only while a rate is offered: a closed loop has no schedule to be
 * behind, and a 0 would read as one kept. */
static void offered_load(buf *b, const engine_pub *p)
{
	const struct { const char *name, *help; double v; } g[] = {
		{ "tpcc_offered_tpm", "Transactions a minute the offered load (--rate) asks of "
		  "all VUs, at the last tick.", p->offered_tpm },
		{ "tpcc_achieved_tpm", "Transactions a minute committed in the last tick's "
		  "second, under an offered load.", p->achieved_tpm },
		{ "tpcc_behind_schedule_seconds", "How long the oldest transaction the offered "
		  "load's schedule has due has waited to start.", p->behind_s },
		{ "tpcc_behind_schedule_transactions", "Transactions the offered load's schedule "
		  "has due and not yet started.", (double)p->behind_n },
	};
	if (p->offered_tpm <= 0)
		return;
	for (size_t i = 0; i < sizeof g / sizeof g[0]; i++) {
		head(b, g[i].name, "gauge", g[i].help);
		sample(b, g[i].name, "", g[i].v);
	}
}

static void gauges(buf *b, const engine_pub *p, const expo_static *st)
{
	char lab[160], name[128];
	head(b, "tpcc_vus", "gauge", "VUs running.");
	sample(b, "tpcc_vus", "", p->vus);
	head(b, "tpcc_vus_target", "gauge", "VUs asked for.");
	sample(b, "tpcc_vus_target", "", p->vus_target);
	head(b, "tpcc_vus_reconnecting", "gauge", "VUs waiting for the server.");
	sample(b, "tpcc_vus_reconnecting", "", p->vus_reconnecting);
	head(b, "tpcc_phase", "gauge", "1 for the phase the run is in, 0 for the others.");
	for (int i = 0; i < PH_COUNT; i++) {
		snprintf(lab, sizeof lab, "phase=\"%s\"", phase_names[i]);
		sample(b, "tpcc_phase", lab, p->phase == i);
	}
	/* The step as the value, not as a label: a label value each step
	 * would make a new series of each. */
	if (p->step >= 0) {
		head(b, "tpcc_step", "gauge", "The number of the schedule's or sweep's step in effect.");
		sample(b, "tpcc_step", "", p->step);
	}
	offered_load(b, p);
	head(b, "tpcc_elapsed_seconds", "gauge", "Seconds since the run started, at the last tick.");
	sample(b, "tpcc_elapsed_seconds", "", p->t);
	head(b, "tpcc_warehouses", "gauge", "Warehouses in the schema.");
	sample(b, "tpcc_warehouses", "", st->warehouses);
	head(b, "tpcc_home_warehouse_first", "gauge", "Lowest home warehouse of this instance's VUs.");
	sample(b, "tpcc_home_warehouse_first", "", st->first_w);
	head(b, "tpcc_home_warehouse_last", "gauge", "Highest home warehouse of this instance's VUs.");
	sample(b, "tpcc_home_warehouse_last", "", st->last_w);
	escape(name, sizeof name, st->version);
	head(b, "tpcc_info", "gauge", "Always 1: the version of tpcc-console.");
	snprintf(lab, sizeof lab, "version=\"%s\"", name);
	sample(b, "tpcc_info", lab, 1);
}

int expo_render(const engine_pub *p, const expo_static *st, double cpu_s, char **out,
		size_t *len)
{
	char run[512], label[256], labels[800];
	escape(run, sizeof run, st->run);
	escape(label, sizeof label, st->label);
	if (label[0])
		snprintf(labels, sizeof labels, "run=\"%s\",label=\"%s\"", run, label);
	else
		snprintf(labels, sizeof labels, "run=\"%s\"", run);
	/* No sample carries a time of its own: Prometheus advises against
	 * it (a sample older than the scrape is dropped as out of order, or
	 * goes stale apart from the target's other series). */
	buf b = { .labels = labels };
	if (strbuf_reserve(&b.s, 0, PAGE_FIRST))
		return -1;
	counters(&b, p);
	latency(&b, p);
	gauges(&b, p, st);
	now_figures(&b, p, cpu_s);
	if (b.s.oom) {
		strbuf_free(&b.s);
		return -1;
	}
	*out = b.s.p;
	*len = b.s.len;
	return 0;
}
