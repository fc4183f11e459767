/* replay.c: the console over a finished run.  The view the panes draw is
 * filled from the results file at the replay's clock instead of from an
 * engine, so the screen is the one the run showed: chart, latency, CPU,
 * server, events as they happened.  The clock runs at 1x, 10x or 60x, or
 * stands; the arrows seek. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jansson.h>
#include "console_state.h"
#include "crt.h"
#include "replay.h"
#include "report/report.h"
#include "report/report_steps.h"
#include "report/report_waits.h"
#include "util/util.h"

#define FRAME_MS 100

static double or0(double v)
{
	return isnan(v) ? 0 : v;
}

static void tick_of(const rr_tick *r, tick *t)
{
	memset(t, 0, sizeof *t);
	t->t = r->t;
	t->phase = r->phase;
	t->vus = r->vus;
	t->vus_target = r->vus_target ? r->vus_target : r->vus;
	t->nopm = or0(r->nopm);
	t->tpm = or0(r->tpm);
	t->server_tpm = isnan(r->server_tpm) ? -1 : r->server_tpm;
	for (int k = 0; k < TX_COUNT; k++) {
		t->commits[k] = (uint64_t)or0(r->commits[k]);
		t->p50[k] = or0(r->p50[k]);
		t->p95[k] = or0(r->p95[k]);
		t->p99[k] = or0(r->p99[k]);
		t->max[k] = or0(r->max[k]);
	}
	for (int k = 0; k < ERR_KIND_COUNT; k++)
		t->errors[k] = (uint64_t)or0(r->errors_by[k]);
	t->failed = (uint64_t)or0(r->failed);
	t->retries = (uint64_t)or0(r->retries);
	t->reconnects = (uint64_t)or0(r->reconnects);
	t->cpu_client = or0(r->cpu_client);
	/* The header says BEHIND SCHEDULE at the seconds the run was. */
	t->rate_tpm = r->offered_tpm > 0 ? r->offered_tpm : -1;
	t->behind_s = or0(r->behind_s);
	t->behind_n = (uint64_t)or0(r->behind_txn);
}

static void sample_of(const rr_run *run, const rr_tick *r, mon_sample *s)
{
	int i = (int)(r - run->ticks);
	memset(s, 0, sizeof *s);
	s->t = r->t;
	s->host_user = or0(r->host_user);
	s->host_sys = or0(r->host_sys);
	s->host_iowait = or0(r->host_iowait);
	s->client = or0(r->cpu_client);
	s->server = isnan(r->cpu_server) ? -1 : r->cpu_server;
	s->disk = !isnan(r->w_iops);
	s->disk_r_iops = or0(r->r_iops);
	s->disk_w_iops = or0(r->w_iops);
	s->disk_r_ms = isnan(r->r_ms) ? -1 : r->r_ms;
	s->disk_w_ms = isnan(r->w_ms) ? -1 : r->w_ms;
	s->db_mb = s->log_mb = -1;
	for (int m = 0; m < run->nmetrics && s->nmetrics < MON_METRICS_MAX; m++) {
		if (isnan(r->metric[m]))
			continue;
		str_copy(s->metric[s->nmetrics].name, run->metric_name[m], sizeof s->metric[0].name);
		s->metric[s->nmetrics].value = r->metric[m];
		s->rate[s->nmetrics] = or0(r->metric_per_s[m]);
		s->nmetrics++;
	}
	report_waits_tick(run, i, &s->waits);
}

/* The file's sweep steps as the engine kept them in the run, for the
 * step table and the charts' spans; returns the count. */
static int steps_of(const rr_run *r, engine_step *out, int max)
{
	report_step_table t;
	report_step_table_load(r, &t);
	const report_step *rs = t.rows;
	int n = t.n;
	json_t *st = rr_object(r, "steps");
	n = n < max ? n : max;
	for (int i = 0; i < n; i++) {
		json_t *e = json_array_get(st, (size_t)i);
		engine_step *k = &out[i];
		step_result *s = &k->r;
		memset(k, 0, sizeof *k);
		s->index = rs[i].step;
		str_copy(s->label, rs[i].setting, sizeof s->label);
		s->nopm = or0(rs[i].nopm);
		s->tpm = or0(rs[i].tpm);
		s->p95[TX_NEW_ORDER] = or0(rs[i].p95_no);
		s->p95[TX_PAYMENT] = or0(rs[i].p95_pay);
		s->errors[0] = (uint64_t)or0(rs[i].errors);
		s->complete = rs[i].complete;
		s->started = (int)json_integer_value(json_object_get(e, "started"));
		s->settled = (int)json_integer_value(json_object_get(e, "settled"));
		s->ended = (int)json_integer_value(json_object_get(e, "ended"));
		const char *by = json_string_value(json_object_get(e, "ended_by"));
		str_copy(s->ended_by, by ? by : "", sizeof s->ended_by);
		k->from = s->settled + 1;
		k->to = s->ended;
	}
	report_step_table_free(&t);
	return n;
}

/* The steps begun by second now: finished when it is past their end. */
static void steps_at(ui_view *v, const engine_step *all, int n, int now)
{
	v->nsteps = 0;
	v->sweeping = 0;
	for (int i = 0; i < n && all[i].r.started <= now; i++) {
		v->steps[v->nsteps] = all[i];
		v->steps[v->nsteps].final = all[i].r.ended <= now;
		v->sweeping |= all[i].r.ended > now;
		v->nsteps++;
	}
}

/* Whether the run had reached its done phase by second now: from then the
 * live console showed it so, its VUs gone, where the file's last tick
 * still has the second before. */
static int done_by(const rr_run *r, int now)
{
	for (int i = 0; i < r->nevents && r->events[i].t <= now; i++)
		if (!strcmp(r->events[i].type, "phase") && strstr(r->events[i].text, "-> done"))
			return 1;
	return 0;
}

/* The view as the console showed it at second now of the run. */
static void view_at(ui_view *v, const rr_run *r, const rr_run *ghost, int now, int paused)
{
	int upto = 0;
	while (upto < r->nticks && r->ticks[upto].t <= now)
		upto++;
	int first = upto > VIEW_TICKS ? upto - VIEW_TICKS : 0;
	v->nticks = upto - first;
	for (int i = 0; i < v->nticks; i++)
		tick_of(&r->ticks[first + i], &v->ticks[i]);
	int sfirst = upto > VIEW_SAMPLES ? upto - VIEW_SAMPLES : 0;
	v->nsamples = upto - sfirst;
	for (int i = 0; i < v->nsamples; i++)
		sample_of(r, &r->ticks[sfirst + i], &v->samples[i]);
	int ne = 0;
	while (ne < r->nevents && r->events[ne].t <= now)
		ne++;
	int efirst = ne > VIEW_EVENTS ? ne - VIEW_EVENTS : 0;
	v->nevents = ne - efirst;
	v->events_total = ne;
	for (int i = 0; i < v->nevents; i++) {
		run_event *e = &v->events[i];
		e->t = r->events[efirst + i].t;
		str_copy(e->type, r->events[efirst + i].type, sizeof e->type);
		str_copy(e->text, r->events[efirst + i].text, sizeof e->text);
	}
	if (v->ghost && ghost) {
		/* The other run's second at the same distance from its steady start. */
		int off = (ghost->steady_to > ghost->steady_from ? ghost->ticks[ghost->steady_from].t : 0) -
			  (r->steady_to > r->steady_from ? r->ticks[r->steady_from].t : 0);
		for (int i = 0; i < v->nticks; i++) {
			int want = v->ticks[i].t + off, j = want - 1;
			v->ghost[i] = 0;
			if (j >= 0 && j < ghost->nticks && ghost->ticks[j].t == want)
				v->ghost[i] = or0(ghost->ticks[j].nopm);
		}
	}
	engine_status *st = &v->st;
	memset(st, 0, sizeof *st);
	st->t = now;
	st->phase_left = -1;
	st->paused = paused;
	st->warehouses = r->warehouses;
	str_copy(st->server_version, r->server_version, sizeof st->server_version);
	str_copy(st->database, r->database, sizeof st->database);
	str_copy(st->results_path, r->path, sizeof st->results_path);
	if (v->nticks) {
		st->last = v->ticks[v->nticks - 1];
		st->phase = st->last.phase;
		st->vus = st->last.vus;
		st->vus_target = st->last.vus_target;
	}
	if (done_by(r, now)) {
		st->phase = PH_DONE;
		st->vus = st->vus_target = 0;
	}
	/* The steady phase so far: its mean rates, and the file's percentiles
	 * once it is over (a finished run's summary). */
	int ns = 0;
	for (int i = r->steady_from; i < r->steady_to && i < upto; i++, ns++) {
		st->steady.nopm += r->ticks[i].nopm;
		st->steady.tpm += r->ticks[i].tpm;
	}
	if (ns) {
		st->steady.nopm /= ns;
		st->steady.tpm /= ns;
		st->steady.steady_seconds = ns;
		for (int k = 0; k < TX_COUNT; k++) {
			st->steady.p95[k] = or0(r->fig.p95[k]);
			st->steady.p99[k] = or0(r->fig.p99[k]);
		}
	}
	v->nvu = st->vus < VIEW_VUS ? st->vus : VIEW_VUS;
	memset(v->vu, VU_RUNNING, (size_t)v->nvu);
	/* The CPU pane's server and disk rows, when the file measured them. */
	int server = 0, disk = 0;
	for (int i = 0; i < r->nticks && !(server && disk); i++) {
		server |= !isnan(r->ticks[i].cpu_server);
		disk |= !isnan(r->ticks[i].w_iops);
	}
	/* The file keeps no pid; the pane draws the server row when it is > 0. */
	v->server_pid = server ? 1 : 0;
	snprintf(v->server_how, sizeof v->server_how, "%s",
		 server ? "(as the results file recorded it)" : "not measured in this run");
	v->have_disk = disk;
	char dev[64];
	str_copy(v->disk, rr_text(r, "system.data_disk.device", dev, sizeof dev) ? dev : "data disk",
		 sizeof v->disk);
	snprintf(v->disk_why, sizeof v->disk_why, "not measured in this run");
	v->done = upto == r->nticks;
}

/* The run's settings as its file recorded them, for the header. */
static void config_of(const rr_run *r, tpcc_config *cfg)
{
	config_defaults(cfg);
	json_t *conf = rr_object(r, "config"), *v;
	const char *k;
	char err[256];
	json_object_foreach(conf, k, v) {
		const opt_def *o = opt_find_key(k);
		if (o && json_is_string(v))
			(void)opt_set(cfg, o, json_string_value(v), err, sizeof err);
	}
}

static void status_line(console *c, const rr_run *r, int now, int speed, int paused)
{
	char at[16], end[16];
	int last = r->nticks ? r->ticks[r->nticks - 1].t : 0;
	fmt_hms(now, at, sizeof at);
	fmt_hms(last, end, sizeof end);
	console_message(c, 0, "replay %s %s of %s, %s; space pauses, 1/2/3 speed, arrows seek, q leaves",
			paused ? "PAUSED at" : speed == 1 ? "1x," : speed == 10 ? "10x," : "60x,",
			at, end, report_run_name(r));
}

int replay_run(const rr_run *r, const rr_run *against, const replay_opts *o, char *err,
	       size_t errlen)
{
	console c;
	tpcc_config cfg;
	memset(&c, 0, sizeof c);
	config_of(r, &cfg);
	c.cfg = &cfg;
	c.v.cfg = &cfg;
	c.replay = 1;
	c.v.d = dialect_by_name(r->dialect);
	if (view_alloc(&c.v) ||
	    (against && !(c.v.ghost = calloc(VIEW_TICKS, sizeof *c.v.ghost)))) {
		view_free(&c.v);
		free(c.v.ghost);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (crt_init(err, errlen)) {
		view_free(&c.v);
		free(c.v.ghost);
		return -1;
	}
	static engine_step steps[ENGINE_STEPS_MAX];   /* one replay a process */
	int nsteps = steps_of(r, steps, ENGINE_STEPS_MAX);
	console_panes_init(&c);
	console_layout(&c);

	int last = r->nticks ? r->ticks[r->nticks - 1].t : 0;
	double clock = 0;
	int speed = 1, paused = 0;
	uint64_t prev = now_ns();
	for (;;) {
		uint64_t n = now_ns();
		if (!paused)
			clock += (n - prev) / 1e9 * speed;
		prev = n;
		if (clock > last)
			clock = last;
		/* A closed terminal makes getch return at once: without this
		 * the loop would spin on it for good. */
		if ((o->stop && atomic_load(o->stop)) || (o->hangup && atomic_load(o->hangup)))
			break;
		view_at(&c.v, r, against, (int)clock, paused);
		steps_at(&c.v, steps, nsteps, (int)clock);
		console_steps_follow(&c);
		status_line(&c, r, (int)clock, speed, paused);
		console_draw(&c);
		timeout(FRAME_MS);
		int key = getch();
		if (key == 'q' || key == 'Q')
			break;
		switch (key) {
		case ' ': case 'p': paused = !paused; break;
		case '1': speed = 1; paused = 0; break;
		case '2': speed = 10; paused = 0; break;
		case '3': speed = 60; paused = 0; break;
		case KEY_RIGHT: clock += 10; break;
		case KEY_LEFT: clock -= 10; break;
		case '>': case KEY_SRIGHT: clock += 60; break;
		case '<': case KEY_SLEFT: clock -= 60; break;
		case KEY_HOME: clock = 0; break;
		case KEY_END: clock = last; break;
		case 'T': c.v.show_steps = !c.v.show_steps; console_layout(&c); break;
		case KEY_PPAGE: console_steps_scroll(&c, 1); break;
		case KEY_NPAGE: console_steps_scroll(&c, -1); break;
		case KEY_RESIZE: console_layout(&c); break;
		default: break;
		}
		if (clock < 0)
			clock = 0;
		if (clock > last)
			clock = last;
	}
	crt_done();
	for (int i = 0; i < P_COUNT; i++)
		pane_destroy(&c.panes[i]);
	free(c.v.ghost);
	c.v.ghost = NULL;
	view_free(&c.v);
	return 0;
}
