/* engine.c: the run's creation and life cycle (create, start, wait,
 * destroy), the VU pool and the phases the other parts share, and the
 * snapshots front ends copy.  The VU thread is in vu.c, the per-second
 * collector in collector.c, what commands call in control.c; the state
 * they share, and which lock guards what, in engine_int.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "engine_int.h"
#include "dialect/server.h"
#include "tpcc/schema_check.h"
#include "util/util.h"

const char *const vu_state_names[VU_STATE_COUNT] = {
	"starting", "running", "thinking", "retrying", "reconnecting",
	"error", "stopping", "done"
};

/* ---- the VU pool ---------------------------------------------------------- */

int engine_active_locked(engine *e)
{
	int n = 0;
	for (int i = 0; i < e->nvus; i++)
		n += vu_active(e->vus[i]);
	return n;
}

/* Join finished VUs and fold their counts into e->retired; how many
 * threads it joined. */
int engine_reap_locked(engine *e, int all)
{
	int k = 0, joined = 0;
	for (int i = 0; i < e->nvus; i++) {
		vu *v = e->vus[i];
		/* born 0: the spawner may still be making its thread. */
		if (v->abandoned && !v->joined) {
			/* Still blocked in the server: counted, never freed, since
			 * its thread may yet write to it. */
			if (all && !v->folded) {
				stats_take(e->retired, v->stats, e->drained, e->drained_svc, &e->cut);
				v->folded = 1;
			}
			e->vus[k++] = v;
			continue;
		}
		if (all || (atomic_load(&v->finished) && v->born)) {
			if (v->born == 1 && !v->joined) {
				pthread_join(v->th, NULL);
				joined++;
			}
			if (v->born == 2)
				fiber_release(atomic_load(&v->fib));
			if (e->slot_vu[v->slot] == v) {   /* gave up while active */
				e->slot_vu[v->slot] = NULL;
				e->slot_used[v->slot / 64] &= ~((uint64_t)1 << (v->slot % 64));
			}
			if (atomic_load(&v->state) == VU_ERROR && !atomic_load(&v->stop))
				e->vus_lost++;
			if (v->folded)
				stats_drain(v->stats, e->drained, e->drained_svc);
			else
				stats_take(e->retired, v->stats, e->drained, e->drained_svc, &e->cut);
			stats_release(v->stats);
			free(v->stats);
			free(v);
		} else {
			e->vus[k++] = v;
		}
	}
	e->nvus = k;
	return joined;
}

/* Stop every VU and wait for each to finish its transaction, but for at
 * most grace_ms: a VU blocked in a server that does not answer (stopped,
 * hung, behind a dead network) would hold the run's end, and with it the
 * results file and the exit a signal asked for, for as long as the server
 * likes.  Such a VU is left behind: never joined, never freed, its counts
 * folded as they stand; its transaction rolls back when its connection
 * closes.  Called with e->lock held; returns with it released, because a
 * finishing VU may log an event, which takes the lock.  e->ending freezes
 * the VU list meanwhile, and tells the spawner to start no more: once it
 * is joined every VU is either running or never will. */
void engine_stop_all_unlocked(engine *e, int grace_ms)
{
	e->ending = 1;
	for (int i = 0; i < e->nvus; i++)
		vu_tell_stop(e->vus[i]);
	pthread_cond_broadcast(&e->spawn_cond);
	pthread_mutex_unlock(&e->lock);
	if (e->spawner_running) {
		pthread_join(e->spawner, NULL);
		e->spawner_running = 0;
	}
	pthread_mutex_lock(&e->lock);
	uint64_t end = now_ns() + (uint64_t)grace_ms * 1000000u;
	struct timespec ts = { .tv_sec = (time_t)(end / 1000000000u),
			       .tv_nsec = (long)(end % 1000000000u) };
	while (e->vus_running > e->vus_abandoned && now_ns() < end)
		pthread_cond_timedwait(&e->cond, &e->lock, &ts);
	int left = 0;
	for (int i = 0; i < e->nvus; i++) {
		vu *v = e->vus[i];
		if ((v->born == 2 || (v->born == 1 && !v->joined)) && !v->abandoned &&
		    !atomic_load(&v->finished)) {
			v->abandoned = 1;
			e->vus_abandoned++;
			left++;
		}
	}
	pthread_mutex_unlock(&e->lock);
	for (int i = 0; i < e->nvus; i++) {
		vu *v = e->vus[i];
		if (v->born == 1 && !v->joined && atomic_load(&v->finished)) {
			pthread_join(v->th, NULL);
			v->joined = 1;
		}
	}
	if (left)
		engine_event(e, "error", "%d VUs still waiting on the server after %.1f s: left "
			     "behind (the server rolls their transactions back when their "
			     "connections close)", left, grace_ms / 1000.0);
}

/* ---- phases ------------------------------------------------------------- */

int engine_phase_at(const engine *e, int t)
{
	if (t < e->rampup_end)
		return PH_RAMPUP;
	if (t < e->steady_end)
		return PH_STEADY;
	if (t < e->rampdown_end)
		return PH_RAMPDOWN;
	return PH_DONE;
}

void engine_phase_changed(engine *e, int from, int to)
{
	if (from != to)
		engine_event(e, "phase", "phase %s -> %s", phase_names[from], phase_names[to]);
}

/* Everything a run needs of the database, found out before a VU starts
 * so that a wrong database costs a message, not a run of errors.
 * ENGINE_EUNUSABLE names what is missing and what to do. */
static int usable_schema(engine *e, const tpcc_config *cfg, char *err, size_t errlen)
{
	char where[OPT_STR_MAX + 16];
	db_error de;
	int rc;

	int phrase;
	const char *target = schema_target_phrase(cfg, &phrase);
	/* "the ODBC connection's database", where the connection names it */
	snprintf(where, sizeof where, phrase ? "%s's database" : "database %s", target);

	if (e->procedures && !e->d->create_procedures) {
		/* Better to refuse than to run statements under another name. */
		snprintf(err, errlen, "workload.mode procedures: the %s dialect has no stored "
			 "procedures; use --mode statements", e->d->name);
		return ENGINE_EUNUSABLE;
	}
	if (schema_inspect(e->ctl, &e->schema, &de)) {
		snprintf(err, errlen, "cannot read the schema: %s", de.msg);
		return -1;
	}
	e->d = schema_speak(&e->schema, e->d, &e->mapped);
	if (!e->schema.present) {
		snprintf(err, errlen, "no TPC-C schema in %s (no tpcc_meta table): run 'tpcc-console "
			 "build' first, 'tpcc-console adopt' for one another tool built, or point the "
			 "connection at the database that holds it", where);
		return ENGINE_EUNUSABLE;
	}
	if (!e->schema.complete) {
		snprintf(err, errlen, "%s holds %s", where, schema_unfinished(&e->schema));
		return ENGINE_EUNUSABLE;
	}
	if (e->schema.warehouses < 1) {
		snprintf(err, errlen, "tpcc_meta has no warehouse count: not a tpcc-console schema?");
		return ENGINE_EUNUSABLE;
	}
	if (cfg->warehouses > 0 && cfg->warehouses != e->schema.warehouses) {
		snprintf(err, errlen, "the schema has %d warehouse%s but %d %s configured: "
			 "set workload.warehouses (or --warehouses) to %d, or rebuild",
			 e->schema.warehouses, e->schema.warehouses == 1 ? "" : "s", cfg->warehouses,
			 cfg->warehouses == 1 ? "is" : "are", e->schema.warehouses);
		return ENGINE_EUNUSABLE;
	}
	if (e->drv->caps.no_server)
		return 0;
	if ((rc = schema_check_tables(e->ctl, &e->schema.map, where, err, errlen)) ||
	    (rc = schema_check_warehouses(e->ctl, &e->schema.map, e->schema.warehouses, where,
					  err, errlen)))
		return rc < 0 ? -1 : ENGINE_EUNUSABLE;
	if (!e->procedures)
		return 0;
	if (!e->d->proc_exists_sql && !e->schema.procedures) {
		snprintf(err, errlen, "the schema has no stored procedures: run 'tpcc-console build "
			 "--procedures-only' first");
		return ENGINE_EUNUSABLE;
	}
	rc = schema_check_procedures(e->ctl, e->d, where, err, errlen);
	if (rc)
		return rc < 0 ? -1 : ENGINE_EUNUSABLE;
	if (e->schema.procedures && e->schema.procedures != schema_proc_version(e->d)) {
		snprintf(err, errlen, "the stored procedures in %s are version %d, this tpcc-console "
			 "calls version %d: run 'tpcc-console build --procedures-only' with the same "
			 "connection options to replace them", where, e->schema.procedures,
			 schema_proc_version(e->d));
		return ENGINE_EUNUSABLE;
	}
	return 0;
}

/* ---- life cycle ------------------------------------------------------------ */

int engine_create(const tpcc_config *cfg, const engine_hooks *hooks, engine **out,
		  char *err, size_t errlen)
{
	engine *e = calloc(1, sizeof *e);
	db_error de;
	pthread_condattr_t ca;

	if (!e) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	e->cfg = *cfg;
	if (hooks)
		e->hooks = *hooks;
	pthread_mutex_init(&e->lock, NULL);
	pthread_mutex_init(&e->ctl_lock, NULL);
	journal_init(&e->journal);
	rate_init(&e->rate);
	refusals_init(&e->refusals);
	e->step_now = -1;
	pthread_mutex_init(&e->pub_lock, NULL);
	pthread_mutex_init(&e->knob_lock, NULL);
	conn_vars_init(&e->cvars);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&e->cond, &ca);
	pthread_condattr_destroy(&ca);
	pthread_cond_init(&e->spawn_cond, NULL);
	e->retired = calloc_resident(1, sizeof(stats_sum));
	e->cum = calloc_resident(1, sizeof(stats_sum));
	e->prev = calloc_resident(1, sizeof(stats_sum));
	e->iv = calloc_resident(1, sizeof(stats_sum));
	e->steady = calloc_resident(1, sizeof(stats_sum));
	e->seg = calloc_resident(1, sizeof(stats_sum));
	e->ring = calloc_resident(RING, sizeof(tick));
	e->evring = calloc_resident(EVRING, sizeof(run_event));
	e->pub = calloc(1, sizeof *e->pub);
	if (!e->retired || !e->cum || !e->prev || !e->iv || !e->steady || !e->seg || !e->ring || !e->evring ||
	    !e->pub) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	e->pub->step = -1;
	e->drv = driver_find(cfg->driver);
	if (!e->drv) {
		snprintf(err, errlen, "driver '%s' is not available (have: %s)", cfg->driver,
			 driver_names());
		goto fail;
	}
	/* Before connecting: a setting that cannot work is no server's fault. */
	if (vu_use_fibers(cfg, e->drv, err, errlen) < 0) {
		engine_destroy(e);
		return ENGINE_EUNUSABLE;
	}
	if (schema_connect(cfg, &e->ctl, &de)) {
		snprintf(err, errlen, "cannot connect: %s", de.msg);
		/* No database file is no schema, not a server's failure. */
		if (db_error_no_database(&de)) {
			engine_destroy(e);
			return ENGINE_EUNUSABLE;
		}
		goto fail;
	}
	/* Over ODBC the dialect is known only now, from the server. */
	e->d = schema_dialect(cfg, e->ctl, &de);
	if (!e->d) {
		snprintf(err, errlen, "%s", de.msg);
		goto fail;
	}
	e->procedures = !strcmp(cfg->mode, "procedures");
	str_copy(e->server_version, e->drv->server_version(e->ctl), sizeof e->server_version);
	str_copy(e->database, e->drv->database ? e->drv->database(e->ctl) : cfg->database,
		 sizeof e->database);
	int rc = usable_schema(e, cfg, err, errlen);
	if (rc) {
		engine_destroy(e);
		return rc;
	}
	if (opt_warehouse_range(cfg->warehouse_range, e->schema.warehouses, &e->home_first,
				&e->home_last, err, errlen)) {
		engine_destroy(e);
		return ENGINE_EUNUSABLE;
	}
	e->acked = calloc((size_t)e->schema.warehouses * 10, sizeof *e->acked);
	if (!e->acked) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	tpcc_rng r;
	rng_seed(&r, fresh_seed());
	nurand_c_run(&r, &e->schema.c_load, &e->c_run);
	*out = e;
	return 0;
fail:
	engine_destroy(e);
	return -1;
}

/* The system object and why a per-tick figure will stay null, for the
 * results file's header: read over the control connection, before any
 * thread uses it. */
static void describe_system(engine *e)
{
	sysinfo_read(&e->sys, &e->cfg, e->drv->caps.no_server ? NULL : e->ctl, e->d);
	e->ri.sys = &e->sys;
	if (!e->sys.server_local) {
		str_copy(e->why_server_cpu, e->sys.server_how, sizeof e->why_server_cpu);
		e->ri.why_no_server_cpu = e->why_server_cpu;
	}
	if (!e->sys.disk[0]) {
		str_copy(e->why_disk, e->sys.disk_why, sizeof e->why_disk);
		e->ri.why_no_disk = e->why_disk;
	}
	if (!server_has_metrics(e->drv, e->d)) {
		snprintf(e->why_metrics, sizeof e->why_metrics, "the %s %s has no server metrics",
			 e->drv->caps.no_server ? e->drv->name : e->d->name,
			 e->drv->caps.no_server ? "driver" : "dialect");
		e->ri.why_no_metrics = e->why_metrics;
	}
}

int engine_start(engine *e, char *err, size_t errlen)
{
	e->ri.driver = e->cfg.driver;
	e->ri.dialect = e->drv->caps.no_server ? e->drv->name : e->d->name;
	e->ri.server_version = e->server_version;
	e->ri.database = e->drv->caps.embedded ? e->cfg.db_file : e->database;
	/* A file's path as given ("t.sqlite") names another file from another
	 * directory: the results record where it is, so that compare --merge
	 * and the durability audit know two runs' files for the same. */
	if (e->drv->caps.embedded && realpath(e->cfg.db_file, e->db_path))
		e->ri.database = e->db_path;
	e->ri.warehouses = e->schema.warehouses;
	e->ri.mode = e->cfg.mode;
	e->ri.cfg = &e->cfg;
	timestamp_iso_utc(e->ri.started_at);
	e->ri.label = e->cfg.label;
	e->ri.tags = e->cfg.tags;
	describe_system(e);
	if (e->cfg.results_roll_kb > 0) {
		e->roll_keep = e->cfg.results_keep > 0 ? e->cfg.results_keep : 1;
		e->kept = calloc((size_t)e->roll_keep, sizeof *e->kept);
		if (!e->kept) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		e->roll_bytes = e->cfg.results_roll_kb * 1024L;
	}
	if (results_open(&e->res, e->cfg.results_dir, &e->ri, e->results_path,
			 sizeof e->results_path, err, errlen))
		return -1;

	e->rampup_end = e->cfg.rampup;
	e->auto_at = e->auto_from = -1;
	e->steady_end = e->rampup_end + e->cfg.duration;
	e->rampdown_end = e->steady_end + e->cfg.rampdown;
	e->phase = engine_phase_at(e, 0);
	int vus = e->cfg.vus;
	if (e->cfg.nschedule > 0 && e->cfg.schedule[0].at == 0) {
		vus = e->cfg.schedule[0].vus;
		e->sched_idx = 1;
	}
	engine_event(e, "phase", "phase idle -> %s", phase_names[e->phase]);
	char note[600], merr[200];
	if (monitor_start(&e->cfg, e->d, &e->drv_waits, &e->mon, note, sizeof note, merr, sizeof merr))
		engine_event(e, "info", "no server TPM and no monitor: %s", merr);
	else if (note[0])
		engine_event(e, "info", "%s", note);
	/* The results file keeps what the console shows (host, disk, server
	 * metrics), so every run samples them, batch or not. */
	if (e->mon)
		monitor_watch(e->mon);
	/* From now: the VUs' connecting is the ramp-up's to absorb. */
	if (e->cfg.rate > 0)
		rate_set(&e->rate, e->cfg.rate, now_ns(), 0);
	if (vu_use_fibers(&e->cfg, e->drv, err, errlen) == 1) {
		e->fibers = vu_fiber_pool(e, err, errlen);
		if (!e->fibers)
			return -1;
		int pack = fiber_pool_packing(e->fibers);
		if (pack > 1)
			engine_event(e, "info", "VUs run as fibers on %d worker threads, %d to a "
				     "worker before the next takes any (workload.terminals)",
				     fiber_pool_size(e->fibers), pack);
		else
			engine_event(e, "info", "VUs run as fibers on %d worker threads "
				     "(workload.terminals)", fiber_pool_size(e->fibers));
	}
	/* The collector first: it ticks while the VUs start. */
	if (pthread_create(&e->spawner, NULL, vu_spawner_main, e)) {
		snprintf(err, errlen, "cannot start the VU spawner thread");
		return -1;
	}
	e->spawner_running = 1;
	if (pthread_create(&e->collector, NULL, collector_main, e)) {
		snprintf(err, errlen, "cannot start the collector thread");
		return -1;
	}
	e->collector_running = 1;
	if (engine_set_vus(e, vus, "start", err, errlen))
		return -1;
	return 0;
}

int engine_wait(engine *e, run_summary *summary, char *err, size_t errlen)
{
	if (e->collector_running) {
		pthread_join(e->collector, NULL);
		e->collector_running = 0;
	}
	/* The run is over: a job still going sees it at its next look. */
	engine_job_join(e);
	monitor_stop(e->mon);
	e->mon = NULL;
	if (summary)
		*summary = e->summary;
	if (e->finish_err[0]) {
		snprintf(err, errlen, "%s", e->finish_err);
		return -1;
	}
	return 0;
}

void engine_destroy(engine *e)
{
	if (!e)
		return;
	if (e->collector_running) {
		engine_stop(e, "shutdown");
		pthread_join(e->collector, NULL);
	}
	engine_job_join(e);
	pthread_mutex_lock(&e->lock);
	engine_stop_all_unlocked(e, 0);   /* the collector waited already */
	pthread_mutex_lock(&e->lock);
	if (e->retired)
		engine_reap_locked(e, 1);
	results *res = e->res;
	e->res = NULL;
	int left = e->vus_abandoned;
	pthread_mutex_unlock(&e->lock);
	monitor_stop(e->mon);
	if (e->ctl)
		e->ctl->drv->disconnect(e->ctl);
	results_close(res);
	/* VUs left behind in a server that never answered still point at the
	 * engine, its lock and the acked table: those stay for the process's
	 * last moments rather than be freed under them. */
	if (left)
		return;
	fiber_pool_free(e->fibers);
	free(e->vus);
	free(e->retired);
	free(e->cum);
	free(e->prev);
	free(e->iv);
	free(e->steady);
	free(e->seg);
	free(e->kept);
	free(e->win);
	free(e->steps);
	journal_destroy(&e->journal);
	rate_destroy(&e->rate);
	refusals_destroy(&e->refusals);
	pthread_mutex_destroy(&e->knob_lock);
	conn_vars_destroy(&e->cvars);
	free(e->ring);
	free(e->acked);
	free(e->evring);
	free(e->pub);
	pthread_mutex_destroy(&e->lock);
	pthread_mutex_destroy(&e->pub_lock);
	pthread_mutex_destroy(&e->ctl_lock);
	pthread_cond_destroy(&e->cond);
	pthread_cond_destroy(&e->spawn_cond);
	free(e);
}

/* ---- snapshots ------------------------------------------------------------ */

const dialect *engine_dialect(const engine *e)
{
	return e->d;
}

void engine_get_status(engine *e, engine_status *st)
{
	memset(st, 0, sizeof *st);
	pthread_mutex_lock(&e->lock);
	st->phase = e->phase;
	st->t = e->t;
	int end = e->phase == PH_RAMPUP ? e->rampup_end : e->phase == PH_STEADY ? e->steady_end :
		  e->phase == PH_RAMPDOWN ? e->rampdown_end : -1;
	st->phase_left = end >= 0 ? end - e->t : -1;
	st->vus = engine_active_locked(e);
	st->vus_target = e->target;
	st->paused = atomic_load(&e->paused);
	st->warehouses = e->schema.warehouses;
	str_copy(st->server_version, e->server_version, sizeof st->server_version);
	str_copy(st->database, e->database, sizeof st->database);
	str_copy(st->results_path, e->results_path, sizeof st->results_path);
	if (e->stop_req)
		str_copy(st->stopped_by, e->stop_reason, sizeof st->stopped_by);
	if (e->nticks)
		st->last = e->ring[(e->nticks - 1) % RING];
	st->steady = e->steady_live;
	pthread_mutex_unlock(&e->lock);
}

int engine_ticks(engine *e, tick *out, int max)
{
	pthread_mutex_lock(&e->lock);
	int n = ring_latest(out, e->ring, sizeof *out, e->nticks, RING, max);
	pthread_mutex_unlock(&e->lock);
	return n;
}

int engine_events(engine *e, run_event *out, int max, long *total)
{
	pthread_mutex_lock(&e->lock);
	int n = ring_latest(out, e->evring, sizeof *out, e->nevents, EVRING, max);
	if (total)
		*total = e->nevents;
	pthread_mutex_unlock(&e->lock);
	return n;
}

int engine_vu_states(engine *e, unsigned char *out, int max)
{
	pthread_mutex_lock(&e->lock);
	int n = 0;
	for (int i = 0; i < e->nvus && n < max; i++)
		out[n++] = (unsigned char)atomic_load(&e->vus[i]->state);
	pthread_mutex_unlock(&e->lock);
	return n;
}

monitor *engine_monitor(engine *e)
{
	return e->mon;
}

void engine_home_range(const engine *e, int *first, int *last)
{
	*first = e->home_first;
	*last = e->home_last;
}

const char *engine_label(const engine *e)
{
	return e->cfg.label;
}

const tpcc_config *engine_config(const engine *e)
{
	return &e->cfg;
}

void engine_published(engine *e, engine_pub *out)
{
	pthread_mutex_lock(&e->pub_lock);
	*out = *e->pub;
	pthread_mutex_unlock(&e->pub_lock);
}

int engine_is_done(engine *e)
{
	pthread_mutex_lock(&e->lock);
	int d = e->done;
	pthread_mutex_unlock(&e->lock);
	return d;
}
