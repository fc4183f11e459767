#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include "util/util.h"
#include "view.h"

int view_alloc(ui_view *v)
{
	v->ticks = calloc_resident(VIEW_TICKS, sizeof *v->ticks);
	v->events = calloc_resident(VIEW_EVENTS, sizeof *v->events);
	v->samples = calloc_resident(VIEW_SAMPLES, sizeof *v->samples);
	v->vu = calloc(VIEW_VUS, 1);
	v->steps = calloc(ENGINE_STEPS_MAX, sizeof *v->steps);
	v->steps_gen = -1;
	if (!v->ticks || !v->events || !v->samples || !v->vu || !v->steps) {
		view_free(v);
		return -1;
	}
	return 0;
}

void view_free(ui_view *v)
{
	free(v->ticks);
	free(v->events);
	free(v->samples);
	free(v->vu);
	free(v->steps);
	v->steps = NULL;
	v->ticks = NULL;
	v->events = NULL;
	v->samples = NULL;
	v->vu = NULL;
}

void view_snapshot(ui_view *v, engine *e, monitor *m)
{
	engine_get_status(e, &v->st);
	v->d = engine_dialect(e);
	v->nticks = engine_ticks(e, v->ticks, VIEW_TICKS);
	v->nevents = engine_events(e, v->events, VIEW_EVENTS, &v->events_total);
	v->nvu = engine_vu_states(e, v->vu, VIEW_VUS);
	v->done = engine_is_done(e);
	long gen;
	engine_steps_gen(e, &gen);
	/* engine_ab_state counts as a change of the steps: a trial's verdict
	 * is copied only when it moves, not on every redraw. */
	if (gen != v->steps_gen) {
		v->nsteps = engine_steps(e, v->steps, ENGINE_STEPS_MAX, &v->steps_gen);
		v->ab_segments = engine_ab(e, v->ab_verdict, sizeof v->ab_verdict);
	}
	v->sweeping = engine_job_running(e);
	if (m) {
		v->nsamples = monitor_samples(m, v->samples, VIEW_SAMPLES);
		v->server_pid = monitor_server(m, v->server_how, sizeof v->server_how);
		v->wait_kind = monitor_waits(m, v->wait_label, sizeof v->wait_label, v->wait_note,
					     sizeof v->wait_note);
		v->have_disk = monitor_disk(m, v->disk, sizeof v->disk, v->disk_why,
					    sizeof v->disk_why);
	}
}
