/* roll.c: a results file that rolls over (run.results_roll_kb).  A run
 * left going for days (the demo at a booth) would otherwise grow one file,
 * and the event list the writer keeps in memory for it, without bound.
 * Past the bound the file is finished like a run's (complete, a summary of
 * its own steady seconds, "stopped_by": "rolled over") and the run goes on
 * in a new file whose header names it ("run.part", "run.continues"); of
 * the files this run wrote only the last run.results_keep stay on disk.
 * The collector does it after a tick, the only thread that writes ticks,
 * so no tick falls between the two files. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "engine_int.h"
#include "util/util.h"

#define ROLLED_BY "rolled over"

void engine_part_summary(engine *e, run_summary *s)
{
	engine_make_summary(e, s, e->seg, e->seg_secs, e->seg_cpu, e->seg_vus_max);
	engine_steady_summary(e, s, e->seg_from_t);
	s->total_seconds = e->t - e->seg_from_t + 1;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The file just finished joins the kept ones; the oldest go past the
 * bound.  Only files this run wrote are ever removed. */
static void prune(engine *e, const char *finished)
{
	if (e->roll_keep <= 1) {
		if (unlink(finished) == 0)
			engine_event(e, "info", "results: removed %s (keeping the current file only)",
				     finished);
		return;
	}
	if (e->nkept == e->roll_keep - 1) {
		if (unlink(e->kept[0]) && errno != ENOENT)
			engine_event(e, "error", "results: cannot remove %s: %s", e->kept[0],
				     strerror(errno));
		else
			engine_event(e, "info", "results: removed %s (keeping the last %d files)",
				     e->kept[0], e->roll_keep);
		memmove(e->kept[0], e->kept[1], (size_t)(e->nkept - 1) * sizeof e->kept[0]);
		e->nkept--;
	}
	str_copy(e->kept[e->nkept++], finished, sizeof e->kept[0]);
}

void engine_roll_results(engine *e)
{
	char err[512], old_path[1024], new_path[1024];
	run_summary s;
	results *old, *nu;

	if (e->roll_bytes <= 0 || e->roll_off || !e->res || results_bytes(e->res) < e->roll_bytes)
		return;
	/* The new file is made without e->lock (a slow disk holds only this
	 * thread); e->ri changes only here once the run goes. */
	str_copy(old_path, results_path(e->res), sizeof old_path);
	str_copy(e->continues, base_name(old_path), sizeof e->continues);
	e->ri.part++;
	e->ri.continues = e->continues;
	if (results_open(&nu, e->cfg.results_dir, &e->ri, new_path, sizeof new_path,
			 err, sizeof err)) {
		e->ri.part--;
		e->roll_off = 1;
		engine_event(e, "error", "results: cannot roll over (%s); the run goes on in %s",
			     err, old_path);
		return;
	}
	pthread_mutex_lock(&e->lock);
	if (e->done || e->stop_req) {
		pthread_mutex_unlock(&e->lock);
		results_close(nu);
		unlink(new_path);
		e->ri.part--;
		return;
	}
	old = e->res;
	engine_part_summary(e, &s);
	results_set_homes(old, (const short (*)[2])e->homes, e->homes_n);
	results_set_histograms(old, e->seg->lat);
	e->res = nu;
	str_copy(e->results_path, new_path, sizeof e->results_path);
	memset(e->seg, 0, sizeof *e->seg);
	e->seg_secs = 0;
	e->seg_cpu = 0;
	e->seg_vus_max = 0;
	e->seg_from_t = e->t + 1;
	pthread_mutex_unlock(&e->lock);

	/* The journal as it stands now; a change after this copy writes itself. */
	knob_entry k[JOURNAL_MAX];
	int n = journal_copy(&e->journal, k, JOURNAL_MAX);
	pthread_mutex_lock(&e->lock);
	if (n && e->res == nu && !e->done)
		results_knobs(nu, k, n);
	pthread_mutex_unlock(&e->lock);

	int failed = results_finish(old, &s, ROLLED_BY, err, sizeof err);
	results_close(old);
	engine_event(e, "info", "results: %s passed %ld KB: finished; the run goes on in %s",
		     old_path, e->roll_bytes / 1024, new_path);
	if (failed)
		engine_event(e, "error", "results: %s", err);
	prune(e, old_path);
}
