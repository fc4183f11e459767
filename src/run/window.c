/* window.c: a sweep step's measured window.  The collector folds each
 * tick of the window into it as it records the tick (histograms added, so
 * the window's percentiles are those of all its transactions, never an
 * average of per-second ones); the step reads it when it is over.  The
 * window's seconds are fixed in advance, so no tick is missed or counted
 * twice however late the step's thread looks. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine_int.h"

int engine_window_open(engine *e, int from, int to, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->lock);
	if (!e->win && !(e->win = malloc(sizeof *e->win))) {
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "out of memory for a step's window");
		return -1;
	}
	memset(e->win, 0, sizeof *e->win);
	e->win->from = from;
	e->win->to = to;
	e->win->vus_min = -1;
	e->win->sample_t = -1;
	pthread_mutex_unlock(&e->lock);
	return 0;
}

int engine_window_read(engine *e, engine_window *out)
{
	pthread_mutex_lock(&e->lock);
	int over = 0;
	if (e->win) {
		*out = *e->win;
		over = e->t >= e->win->to;
	} else
		memset(out, 0, sizeof *out);
	pthread_mutex_unlock(&e->lock);
	return over;
}

void engine_window_close(engine *e)
{
	pthread_mutex_lock(&e->lock);
	if (e->win && e->win->to > e->t)
		e->win->to = e->t;
	pthread_mutex_unlock(&e->lock);
}

void engine_clock(engine *e, int *t, int *done)
{
	pthread_mutex_lock(&e->lock);
	*t = e->t;
	*done = e->done || e->stop_req || e->ending || e->phase == PH_DONE;
	pthread_mutex_unlock(&e->lock);
}

/* The monitor's latest sample, when it is one the window has not had. */
static void window_metrics(engine_window *w, monitor *m, int *last_t)
{
	mon_sample s;
	if (!m || monitor_samples(m, &s, 1) != 1 || s.t == *last_t || s.nmetrics <= 0)
		return;
	*last_t = s.t;
	if (w->metric_samples == 0) {
		w->nmetrics = s.nmetrics;
		for (int i = 0; i < s.nmetrics; i++) {
			w->metric[i] = s.metric[i];
			w->rate[i] = s.rate[i];
		}
	} else {
		if (s.nmetrics != w->nmetrics)
			return; /* a failed reading left some out: not comparable */
		for (int i = 0; i < s.nmetrics; i++) {
			w->metric[i].value += s.metric[i].value;
			w->rate[i] += s.rate[i];
		}
	}
	w->metric_samples++;
}

void window_tick_locked(engine *e, const tick *tk, const stats_sum *iv, double cpu)
{
	engine_window *w = e->win;

	if (!w || tk->t < w->from || tk->t > w->to)
		return;
	stats_sum_add(&w->s, iv);
	w->seconds++;
	w->cpu_s += cpu;
	if (tk->server_tpm >= 0) {
		w->server_tpm_sum += tk->server_tpm;
		w->server_ticks++;
	}
	if (w->vus_min < 0 || tk->vus < w->vus_min)
		w->vus_min = tk->vus;
	if (tk->vus > w->vus_max)
		w->vus_max = tk->vus;
	rate_sums_add(&w->offered, tk->rate_tpm, tk->tpm, tk->behind_s);
	window_metrics(w, e->mon, &w->sample_t);
}

void engine_record_step(engine *e, const step_result *s, int final)
{
	pthread_mutex_lock(&e->lock);
	e->step_now = final ? -1 : s->index;
	if (e->res && !e->done)
		results_step(e->res, s, final);
	pthread_mutex_unlock(&e->lock);
}

void engine_record_steps_table(engine *e, const char *const *lines, int n)
{
	pthread_mutex_lock(&e->lock);
	if (e->res && !e->done)
		results_steps_table(e->res, lines, n);
	pthread_mutex_unlock(&e->lock);
}
