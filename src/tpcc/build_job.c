/* build_job.c: see build_job.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "build_job.h"
#include "util/util.h"

struct build_job {
	tpcc_config cfg;
	const atomic_int *stop;
	progress *prog;
	FILE *progress_out;
	build_note_fn note;
	void *ctx;
	pthread_t thread;
	atomic_int finished;
	int rc;
	build_report report;
	char err[1200];
};

static void *job_main(void *arg)
{
	build_job *j = arg;
	j->rc = build_schema(&j->cfg, j->stop, j->prog, j->progress_out, j->note, j->ctx,
			     &j->report, j->err, sizeof j->err);
	atomic_store(&j->finished, 1);
	return NULL;
}

int build_start(const tpcc_config *c, const atomic_int *stop, progress *prog, FILE *progress_out,
		build_note_fn note, void *ctx, build_job **out, char *err, size_t errlen)
{
	build_job *j = calloc(1, sizeof *j);
	sigset_t all, old;

	*out = NULL;
	if (!j) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	j->cfg = *c;
	j->stop = stop;
	j->prog = prog;
	j->progress_out = progress_out;
	j->note = note;
	j->ctx = ctx;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	int rc = pthread_create(&j->thread, NULL, job_main, j);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		snprintf(err, errlen, "cannot start the build thread: %s", strerror(rc));
		memset(j->cfg.password, 0, sizeof j->cfg.password);
		free(j);
		return -1;
	}
	*out = j;
	return 0;
}

int build_finished(const build_job *j)
{
	return atomic_load(&j->finished);
}

int build_wait(build_job *j, build_report *r, char *err, size_t errlen)
{
	pthread_join(j->thread, NULL);
	int rc = j->rc;
	if (r)
		*r = j->report;
	if (rc)
		snprintf(err, errlen, "%s", j->err);
	memset(j->cfg.password, 0, sizeof j->cfg.password);
	free(j);
	return rc;
}
