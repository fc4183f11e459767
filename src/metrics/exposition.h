/* exposition.h: the Prometheus text format (version 0.0.4) of what the
 * engine published: counters per transaction type and error class, the
 * latency histograms folded into fixed le bounds, VUs, phase, client CPU
 * and the server's metrics.  Pure: it formats a copy, so it is tested
 * without a run.  The names are documented in doc/metrics.md and the man
 * page's METRICS section. */
#ifndef TPCC_EXPOSITION_H
#define TPCC_EXPOSITION_H

#include <stddef.h>
#include <stdint.h>
#include "run/engine.h"

/* The le bounds of every latency histogram, in microseconds, +Inf apart. */
#define EXPO_NBOUNDS 31
extern const uint64_t expo_bounds_us[EXPO_NBOUNDS];

/* What is fixed for the whole run: each series carries run="..." (the
 * results file's name without .json) and label="..." when the run has one;
 * the target's own instance label is Prometheus's to add. */
typedef struct expo_static {
	char run[256];
	char label[128];          /* "" : no label */
	char version[32];
	int warehouses;
	int first_w, last_w;      /* the home warehouses of this instance */
} expo_static;

/* Cumulative counts at each bound (and the total, for +Inf) from our
 * log-linear histogram: a bucket of ours counts toward the first bound
 * that all of its values are at or below, so one straddling a bound is
 * counted at the next (our buckets are about 1% wide). */
void expo_fold(const hist_snap *h, uint64_t cum[EXPO_NBOUNDS]);

/* The whole page into a malloc'd string (*out, length *len); cpu_s is this
 * process's CPU seconds.  Returns 0, or -1 when out of memory. */
int expo_render(const engine_pub *p, const expo_static *st, double cpu_s, char **out,
		size_t *len);

#endif
