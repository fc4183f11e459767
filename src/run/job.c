/* job.c: a front end's job on a thread of its own (engine_job_start), and
 * the operator's requests to the sweep step under way.  The thread is the
 * engine's to join, so a job cannot use an engine that is gone. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include "engine_int.h"

static void *job_main(void *arg)
{
	engine *e = arg;
	sigset_t all;
	/* Signals are the signal thread's and the UI's; VUs this thread
	 * starts inherit the mask. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	pthread_setname_np(pthread_self(), "tpcc-job");
	e->job_fn(e->job_arg);
	atomic_store(&e->job_running, 0);
	return NULL;
}

void engine_job_join(engine *e)
{
	pthread_mutex_lock(&e->lock);
	int started = e->job_started;
	e->job_started = 0;
	pthread_mutex_unlock(&e->lock);
	if (started)
		pthread_join(e->job_th, NULL);
}

int engine_job_start(engine *e, void *(*fn)(void *), void *arg, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->lock);
	if (atomic_load(&e->job_running)) {
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "a sweep is under way already (stop ends it and the run)");
		return -1;
	}
	/* The last job has ended (its thread takes no lock after saying
	 * so): it is joined before the next, here, so two starts cannot
	 * both take the slot. */
	if (e->job_started) {
		pthread_join(e->job_th, NULL);
		e->job_started = 0;
	}
	int phase = e->phase;
	if (e->done || e->stop_req || e->ending || (phase != PH_RAMPUP && phase != PH_STEADY)) {
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "the run is in %s: a sweep needs ramp-up or steady",
			 phase_names[phase]);
		return -1;
	}
	e->job_fn = fn;
	e->job_arg = arg;
	atomic_store(&e->step_ask, STEP_ASK_NONE);
	atomic_store(&e->job_running, 1);
	if (pthread_create(&e->job_th, NULL, job_main, e)) {
		atomic_store(&e->job_running, 0);
		pthread_mutex_unlock(&e->lock);
		snprintf(err, errlen, "cannot start the sweep's thread");
		return -1;
	}
	e->job_started = 1;
	pthread_mutex_unlock(&e->lock);
	return 0;
}

int engine_job_running(engine *e)
{
	return atomic_load(&e->job_running);
}

int engine_job_wait(engine *e, int ms)
{
	const struct timespec nap = { 0, 10 * 1000 * 1000 };
	for (int waited = 0; atomic_load(&e->job_running) && waited < ms; waited += 10)
		nanosleep(&nap, NULL);
	return !atomic_load(&e->job_running);
}

int engine_step_ask(engine *e, int what, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->lock);
	int under_way = e->step_now >= 0 && atomic_load(&e->job_running);
	pthread_mutex_unlock(&e->lock);
	if (!under_way) {
		snprintf(err, errlen, "no sweep step under way (a sweep's step begins once its "
			 "change is made; :sweep starts one)");
		return -1;
	}
	atomic_store(&e->step_ask, what);
	return 0;
}

int engine_step_asked(engine *e)
{
	return atomic_exchange(&e->step_ask, STEP_ASK_NONE);
}
