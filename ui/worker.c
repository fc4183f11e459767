/* worker.c: two fixed rings of jobs, a thread each.  Jobs that talk to the
 * server (CMD_SERVER commands, the knob panel's reads, the demo's settings
 * and reset) go in order on the server lane; the rest (stop, vus, status,
 * mark, ...) on the engine lane, which never waits behind a server that
 * does not answer.  w->lock guards both rings, the reply and the knob
 * values; it is never held across an engine call. */
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
enum { LANE_ENGINE, LANE_SERVER, LANES };

typedef struct job {
	enum job_kind kind;
	int n;
	char text[1024];
	char value[128];          /* JOB_SET's; text is the name */
	const tpcc_config *cfg;   /* JOB_RESET's: whose snapshot */
} job;

typedef struct lane {
	struct worker *w;
	pthread_t th;
	int started;
	pthread_cond_t cond;
	job q[QUEUE];
	int head, count, running;
} lane;

struct worker {
	engine *e;
	pthread_mutex_t lock;
	lane lanes[LANES];
	int stop;
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

static void *lane_main(void *arg)
{
	lane *l = arg;
	worker *w = l->w;
	sigset_t all;
	/* VUs this thread starts inherit the mask: only the UI thread and the
	 * signal thread take signals. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_setname_np(pthread_self(), l == &w->lanes[LANE_SERVER] ? "tpcc-cmd-server" :
			   "tpcc-command");
	pthread_mutex_lock(&w->lock);
	for (;;) {
		while (!w->stop && !l->count)
			pthread_cond_wait(&l->cond, &w->lock);
		if (w->stop)
			break;
		job j = l->q[l->head];
		l->head = (l->head + 1) % QUEUE;
		l->count--;
		l->running = 1;
		pthread_mutex_unlock(&w->lock);
		run_job(w, &j);
		pthread_mutex_lock(&w->lock);
		l->running = 0;
	}
	pthread_mutex_unlock(&w->lock);
	return NULL;
}

void worker_stop(worker *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = 1;
	for (int i = 0; i < LANES; i++)
		pthread_cond_broadcast(&w->lanes[i].cond);
	pthread_mutex_unlock(&w->lock);
	for (int i = 0; i < LANES; i++) {
		if (w->lanes[i].started)
			pthread_join(w->lanes[i].th, NULL);
		pthread_cond_destroy(&w->lanes[i].cond);
	}
	pthread_mutex_destroy(&w->lock);
	free(w);
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
	for (int i = 0; i < LANES; i++) {
		w->lanes[i].w = w;
		pthread_cond_init(&w->lanes[i].cond, NULL);
	}
	for (int i = 0; i < LANES; i++) {
		lane *l = &w->lanes[i];
		if (pthread_create(&l->th, NULL, lane_main, l)) {
			snprintf(err, errlen, "cannot start the command threads");
			worker_stop(w);
			return -1;
		}
		l->started = 1;
	}
	*out = w;
	return 0;
}

/* The job at the tail of kind's lane, w->lock held; NULL when it is full.
 * The caller fills it and calls queued(). */
static job *tail(worker *w, enum job_kind kind, const char *text, lane **lp)
{
	int server = kind != JOB_VUS && (kind != JOB_COMMAND || command_uses_server(text));
	lane *l = &w->lanes[server ? LANE_SERVER : LANE_ENGINE];
	*lp = l;
	if (l->count == QUEUE)
		return NULL;
	job *j = &l->q[(l->head + l->count) % QUEUE];
	j->kind = kind;
	return j;
}

static void queued(lane *l)
{
	l->count++;
	pthread_cond_signal(&l->cond);
}

static int push2(worker *w, enum job_kind kind, int n, const char *text, const char *value)
{
	lane *l;
	pthread_mutex_lock(&w->lock);
	job *j = tail(w, kind, text ? text : "", &l);
	if (j) {
		j->n = n;
		str_copy(j->text, text ? text : "", sizeof j->text);
		str_copy(j->value, value ? value : "", sizeof j->value);
		queued(l);
	}
	pthread_mutex_unlock(&w->lock);
	return j ? 0 : -1;
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
	lane *l;
	pthread_mutex_lock(&w->lock);
	job *j = tail(w, JOB_RESET, NULL, &l);
	if (j) {
		j->cfg = cfg;
		queued(l);
	}
	pthread_mutex_unlock(&w->lock);
	return j ? 0 : -1;
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
	int b = 0;
	pthread_mutex_lock(&w->lock);
	for (int i = 0; i < LANES; i++)
		b |= w->lanes[i].running || w->lanes[i].count;
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
