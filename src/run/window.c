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
#include "util/util.h"

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
	/* The step under way has its window from now on, for front ends. */
	if (e->steps && e->step_now > 0 && e->step_now <= e->nsteps) {
		e->steps[e->step_now - 1].from = from;
		e->steps[e->step_now - 1].to = to;
		e->steps_gen++;
	}
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
	if (!m || monitor_samples(m, &s, 1) != 1 || s.t == *last_t)
		return;
	*last_t = s.t;
	wait_sum_add(&w->waits, &s.waits);
	if (s.nmetrics <= 0)
		return;
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

/* The engine's copy of a step for front ends; the window is this step's
 * once it opened after the step began (the first record, before it
 * opens, still finds the last step's). */
static void keep_step_locked(engine *e, const step_result *s, int final)
{
	int i = s->index - 1;
	if (i < 0 || i >= ENGINE_STEPS_MAX)
		return;
	if (!e->steps && !(e->steps = calloc(ENGINE_STEPS_MAX, sizeof *e->steps)))
		return;
	engine_step *k = &e->steps[i];
	k->r = *s;
	k->final = final;
	k->from = k->to = 0;
	if (e->win && e->win->from > s->started) {
		k->from = e->win->from;
		k->to = e->win->to;
	}
	if (i + 1 > e->nsteps)
		e->nsteps = i + 1;
	e->steps_gen++;
}

int engine_steps(engine *e, engine_step *out, int max, long *gen)
{
	pthread_mutex_lock(&e->lock);
	int n = e->nsteps < max ? e->nsteps : max;
	if (n > 0)
		memcpy(out, e->steps, (size_t)n * sizeof *out);
	if (gen)
		*gen = e->steps_gen;
	pthread_mutex_unlock(&e->lock);
	return n;
}

int engine_steps_gen(engine *e, long *gen)
{
	pthread_mutex_lock(&e->lock);
	int n = e->nsteps;
	*gen = e->steps_gen;
	pthread_mutex_unlock(&e->lock);
	return n;
}

void engine_record_step(engine *e, const step_result *s, int final)
{
	pthread_mutex_lock(&e->lock);
	e->step_now = final ? -1 : s->index;
	keep_step_locked(e, s, final);
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

void engine_record_ab(engine *e, const char *json_object)
{
	pthread_mutex_lock(&e->lock);
	if (e->res && !e->done)
		results_ab(e->res, json_object);
	pthread_mutex_unlock(&e->lock);
}

void engine_ab_state(engine *e, int segments, const char *verdict)
{
	pthread_mutex_lock(&e->lock);
	e->ab_segments = segments;
	str_copy(e->ab_verdict, verdict, sizeof e->ab_verdict);
	e->steps_gen++;
	pthread_mutex_unlock(&e->lock);
}

int engine_ab(engine *e, char *out, size_t len)
{
	pthread_mutex_lock(&e->lock);
	int n = e->ab_segments;
	str_copy(out, e->ab_verdict, len);
	pthread_mutex_unlock(&e->lock);
	return n;
}

void engine_record_capacity(engine *e, const char *json_object)
{
	pthread_mutex_lock(&e->lock);
	if (e->res && !e->done)
		results_capacity(e->res, json_object);
	pthread_mutex_unlock(&e->lock);
}
