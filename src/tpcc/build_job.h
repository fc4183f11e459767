/* build_job.h: a build (build.h) on a thread of its own, the one way to
 * start one: `build` waits for it while the thread prints, the console's
 * offer to build draws its progress in curses meanwhile.  The thread blocks
 * every signal: they stay with the threads that handle them, which set the
 * stop flag. */
#ifndef TPCC_BUILD_JOB_H
#define TPCC_BUILD_JOB_H

#include "build.h"

typedef struct build_job build_job;

/* Start build_schema(c, stop, prog, progress_out, note, ctx) on a thread;
 * c is copied, prog and ctx must outlive the job (note is called on the
 * build's thread).  Returns 0 with *out, or -1 with err filled. */
int build_start(const tpcc_config *c, const atomic_int *stop, progress *prog, FILE *progress_out,
		build_note_fn note, void *ctx, build_job **out, char *err, size_t errlen);
/* 1 once the build has returned: build_wait will not wait. */
int build_finished(const build_job *j);
/* Wait for the build, free j and return build_schema's result: 0 with r
 * filled, or -1 with err filled. */
int build_wait(build_job *j, build_report *r, char *err, size_t errlen);

#endif
