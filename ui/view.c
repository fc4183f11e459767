#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include "view.h"

int view_alloc(ui_view *v)
{
	v->ticks = calloc(VIEW_TICKS, sizeof *v->ticks);
	v->events = calloc(VIEW_EVENTS, sizeof *v->events);
	v->samples = calloc(VIEW_SAMPLES, sizeof *v->samples);
	v->vu = calloc(VIEW_VUS, 1);
	if (!v->ticks || !v->events || !v->samples || !v->vu) {
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
	if (m) {
		v->nsamples = monitor_samples(m, v->samples, VIEW_SAMPLES);
		v->server_pid = monitor_server(m, v->server_how, sizeof v->server_how);
		v->have_disk = monitor_disk(m, v->disk, sizeof v->disk, v->disk_why,
					    sizeof v->disk_why);
	}
}
