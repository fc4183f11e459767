/* worker.c: a fixed ring of jobs, one thread.  w->lock guards the ring, the
 * reply and the knob values; it is never held across an engine call. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "run/command.h"
#include "tpcc/snapshot.h"
#include "util/util.h"
#include "worker.h"

#define QUEUE 32

enum job_kind { JOB_COMMAND, JOB_VUS, JOB_KNOBS, JOB_SET, JOB_PUT_BACK, JOB_RESET };

typedef struct job {
	enum job_kind kind;
	int n;
	char text[1024];
	char value[128];          /* JOB_SET's; text is the name */
	const tpcc_config *cfg;   /* JOB_RESET's: whose snapshot */
} job;

struct worker {
	engine *e;
	pthread_t th;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	job q[QUEUE];
	int head, count, running, stop;
	long reply_no;
	char reply[4096];
	int reply_err, quit;
	worker_knob knobs[WORKER_KNOBS];
	int nknobs;
};

static void post_reply(worker *w, const char *text, int is_err, int quit)
{
	pthread_mutex_lock(&w->lock);
	str_copy(w->reply, text, sizeof w->reply);
	w->reply_err = is_err;
	w->quit |= quit;
	w->reply_no++;
	pthread_mutex_unlock(&w->lock);
}

static int restore_snapshot(void *ud, char *err, size_t errlen)
{
	snapshot_report r;
	const atomic_int no_stop = 0;
	return snapshot_restore(ud, 1, &no_stop, NULL, &r, err, errlen) ? -1 : 0;
}

static void run_job(worker *w, const job *j)
{
	char out[4096], err[1024];
	switch (j->kind) {
	case JOB_COMMAND: {
		cmd_ctx x = { .e = w->e, .out = out, .outlen = sizeof out };
		if (command_run(&x, j->text, err, sizeof err)) {
			engine_event(w->e, "error", "command '%.100s': %.120s", j->text, err);
			post_reply(w, err, 1, 0);
		} else {
			post_reply(w, out, 0, x.quit);
		}
		break;
	}
	case JOB_VUS:
		if (engine_set_vus(w->e, j->n, j->text, err, sizeof err))
			post_reply(w, err, 1, 0);
		break;
	case JOB_SET:
		if (engine_set_var_by(w->e, j->text, j->value, "demo", NULL, 0, err, sizeof err))
			post_reply(w, err, 1, 0);
		break;
	case JOB_PUT_BACK:
		if (engine_put_back_var(w->e, j->text, "demo", err, sizeof err))
			post_reply(w, err, 1, 0);
		break;
	case JOB_RESET:
		if (engine_reset_database(w->e, 1, "demo", restore_snapshot, (void *)j->cfg, NULL,
					  err, sizeof err)) {
			engine_event(w->e, "error", "demo: no reset: %s", err);
			post_reply(w, err, 1, 0);
		}
		break;
	case JOB_KNOBS:
		for (int i = 0; i < w->nknobs; i++) {
			char name[64], val[128];
			pthread_mutex_lock(&w->lock);
			str_copy(name, w->knobs[i].name, sizeof name);
			pthread_mutex_unlock(&w->lock);
			int ok = engine_get_var(w->e, name, val, sizeof val, err, sizeof err) == 0;
			int changed = engine_knob_changed(w->e, name);
			pthread_mutex_lock(&w->lock);
			str_copy(w->knobs[i].value, ok ? val : err, sizeof w->knobs[i].value);
			w->knobs[i].ok = ok;
			w->knobs[i].changed = changed;
			pthread_mutex_unlock(&w->lock);
		}
		break;
	}
}

static void *worker_main(void *arg)
{
	worker *w = arg;
	sigset_t all;
	/* VUs this thread starts inherit the mask: only the UI thread and the
	 * signal thread take signals. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_setname_np(pthread_self(), "tpcc-command");
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->stop && !w->count)
			pthread_cond_wait(&w->cond, &w->lock);
		if (w->stop)
			break;
		job j = w->q[w->head];
		w->head = (w->head + 1) % QUEUE;
		w->count--;
		w->running = 1;
		pthread_mutex_unlock(&w->lock);
		run_job(w, &j);
		pthread_mutex_lock(&w->lock);
		w->running = 0;
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

int worker_start(engine *e, const char *const *knobs, int nknobs, worker **out,
		 char *err, size_t errlen)
{
	worker *w = calloc(1, sizeof *w);
	if (!w) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	w->e = e;
	for (int i = 0; i < nknobs && i < WORKER_KNOBS; i++) {
		str_copy(w->knobs[i].name, knobs[i], sizeof w->knobs[i].name);
		str_copy(w->knobs[i].value, "?", sizeof w->knobs[i].value);
		w->nknobs++;
	}
	pthread_mutex_init(&w->lock, NULL);
	pthread_cond_init(&w->cond, NULL);
	if (pthread_create(&w->th, NULL, worker_main, w)) {
		snprintf(err, errlen, "cannot start the command thread");
		pthread_mutex_destroy(&w->lock);
		pthread_cond_destroy(&w->cond);
		free(w);
		return -1;
	}
	*out = w;
	return 0;
}

void worker_stop(worker *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = 1;
	pthread_cond_broadcast(&w->cond);
	pthread_mutex_unlock(&w->lock);
	pthread_join(w->th, NULL);
	pthread_mutex_destroy(&w->lock);
	pthread_cond_destroy(&w->cond);
	free(w);
}

static int push2(worker *w, enum job_kind kind, int n, const char *text, const char *value)
{
	pthread_mutex_lock(&w->lock);
	if (w->count == QUEUE) {
		pthread_mutex_unlock(&w->lock);
		return -1;
	}
	job *j = &w->q[(w->head + w->count) % QUEUE];
	j->kind = kind;
	j->n = n;
	str_copy(j->text, text ? text : "", sizeof j->text);
	str_copy(j->value, value ? value : "", sizeof j->value);
	w->count++;
	pthread_cond_signal(&w->cond);
	pthread_mutex_unlock(&w->lock);
	return 0;
}

static int push(worker *w, enum job_kind kind, int n, const char *text)
{
	return push2(w, kind, n, text, NULL);
}

int worker_set_var(worker *w, const char *name, const char *value)
{
	return push2(w, JOB_SET, 0, name, value);
}

int worker_put_back_var(worker *w, const char *name)
{
	return push(w, JOB_PUT_BACK, 0, name);
}

int worker_reset_database(worker *w, const tpcc_config *cfg)
{
	pthread_mutex_lock(&w->lock);
	int full = w->count == QUEUE;
	if (!full) {
		job *j = &w->q[(w->head + w->count) % QUEUE];
		j->kind = JOB_RESET;
		j->cfg = cfg;
		w->count++;
		pthread_cond_signal(&w->cond);
	}
	pthread_mutex_unlock(&w->lock);
	return full ? -1 : 0;
}

int worker_command(worker *w, const char *line)
{
	return push(w, JOB_COMMAND, 0, line);
}

int worker_set_vus(worker *w, int n, const char *why)
{
	return push(w, JOB_VUS, n, why);
}

int worker_read_knobs(worker *w)
{
	return push(w, JOB_KNOBS, 0, NULL);
}

long worker_reply(worker *w, char *text, size_t len, int *is_err, int *quit)
{
	pthread_mutex_lock(&w->lock);
	long n = w->reply_no;
	str_copy(text, w->reply, len);
	*is_err = w->reply_err;
	*quit = w->quit;
	pthread_mutex_unlock(&w->lock);
	return n;
}

int worker_busy(worker *w)
{
	pthread_mutex_lock(&w->lock);
	int b = w->running || w->count;
	pthread_mutex_unlock(&w->lock);
	return b;
}

int worker_knobs(worker *w, worker_knob *out, int max)
{
	pthread_mutex_lock(&w->lock);
	int n = w->nknobs < max ? w->nknobs : max;
	memcpy(out, w->knobs, (size_t)n * sizeof *out);
	pthread_mutex_unlock(&w->lock);
	return n;
}
