/* core/waits.c: the wait classes' names and arithmetic; see waits.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "waits.h"

const char *const wait_class_names[WC_COUNT] = {
	"cpu", "log", "data_io", "row_lock", "table_lock", "buffer_pool", "mutex",
	"network", "other",
};
const char *const wait_class_labels[WC_COUNT] = {
	"CPU", "log write/fsync", "data file I/O", "row locks", "table/metadata locks",
	"buffer pool", "mutex/rw-lock", "network/client", "other",
};
const char *const wait_class_brief[WC_COUNT] = {
	"CPU", "log", "data I/O", "row lock", "tbl lock", "buf pool", "mutex", "client",
	"other",
};

int wait_class_by_name(const char *name)
{
	for (int i = 0; name && i < WC_COUNT; i++)
		if (!strcmp(name, wait_class_names[i]))
			return i;
	return -1;
}

void wait_acc_reset(wait_acc *a)
{
	memset(a, 0, sizeof *a);
}

/* Add n to the event of that name and class in ev (of *nev, at most max);
 * an event past max goes to the class's own "(more)" slot, the last, so a
 * sum never loses time, only names. */
static void event_add(wait_event *ev, int *nev, int max, int cls, const char *name, double n)
{
	const char *nm = name && *name ? name : wait_class_labels[cls];
	for (int i = 0; i < *nev; i++)
		if (ev[i].cls == cls && !strcmp(ev[i].name, nm)) {
			ev[i].aas += n;
			return;
		}
	if (*nev == max) {
		ev[max - 1].aas += n;
		snprintf(ev[max - 1].name, sizeof ev[max - 1].name, "(more)");
		ev[max - 1].cls = WC_OTHER;
		return;
	}
	snprintf(ev[*nev].name, sizeof ev[*nev].name, "%s", nm);
	ev[*nev].cls = cls;
	ev[*nev].aas = n;
	(*nev)++;
}

void wait_acc_session(wait_acc *a, int cls, const char *event)
{
	if (cls < 0 || cls >= WC_COUNT)
		return;
	a->cls[cls] += 1;
	event_add(a->ev, &a->nev, WAIT_ACC_EVENTS, cls, event, 1);
}

void wait_acc_snapshot(wait_acc *a)
{
	a->samples++;
}

static int by_aas(const void *x, const void *y)
{
	const wait_event *a = x, *b = y;
	return a->aas < b->aas ? 1 : a->aas > b->aas ? -1 : strcmp(a->name, b->name);
}

int wait_top_events(const wait_event *ev, int n, double k, wait_event *top, int max)
{
	wait_event tmp[WAIT_TIMED_MAX];
	memcpy(tmp, ev, (size_t)n * sizeof *ev);
	qsort(tmp, (size_t)n, sizeof *tmp, by_aas);
	int m = n < max ? n : max;
	for (int i = 0; i < m; i++) {
		top[i] = tmp[i];
		top[i].aas *= k;
	}
	return m;
}

void wait_acc_second(const wait_acc *a, wait_second *out)
{
	out->source = WS_SAMPLED;
	out->samples = a->samples;
	double k = a->samples ? 1.0 / a->samples : 0;
	for (int i = 0; i < WC_COUNT; i++)
		out->aas[i] = a->cls[i] * k;
	out->nev = wait_top_events(a->ev, a->nev, k, out->ev, WAIT_EVENTS_MAX);
}

void wait_sum_reset(wait_sum *s)
{
	memset(s, 0, sizeof *s);
}

void wait_sum_add(wait_sum *s, const wait_second *w)
{
	if (!w || w->source == WS_NONE)
		return;
	s->seconds++;
	for (int i = 0; i < WC_COUNT; i++)
		s->aas[i] += w->aas[i];
	for (int i = 0; i < w->nev; i++)
		event_add(s->ev, &s->nev, WAIT_ACC_EVENTS, w->ev[i].cls, w->ev[i].name, w->ev[i].aas);
}

int wait_sum_mean(const wait_sum *s, double aas[WC_COUNT], wait_event *top, int max)
{
	double k = s->seconds ? 1.0 / s->seconds : 0;
	for (int i = 0; i < WC_COUNT; i++)
		aas[i] = s->aas[i] * k;
	return top ? wait_top_events(s->ev, s->nev, k, top, max) : 0;
}

double wait_total(const double aas[WC_COUNT])
{
	double t = 0;
	for (int i = 0; i < WC_COUNT; i++)
		t += aas[i];
	return t;
}

int wait_dominant(const double aas[WC_COUNT], double *share)
{
	int best = -1;
	double total = wait_total(aas);
	for (int i = 0; i < WC_COUNT; i++)
		if (aas[i] > 0 && (best < 0 || aas[i] > aas[best]))
			best = i;
	if (share)
		*share = best >= 0 && total > 0 ? aas[best] / total : 0;
	return best;
}

void wait_counters_rate(wait_counter *cur, int n, const wait_counter *prev, int nprev, double dt)
{
	for (int i = 0; i < n; i++) {
		cur[i].rate = 0;
		for (int j = 0; prev && dt > 0 && !cur[i].gauge && j < nprev; j++)
			if (!strcmp(prev[j].name, cur[i].name) && cur[i].value >= prev[j].value)
				cur[i].rate = (cur[i].value - prev[j].value) / dt;
	}
}

