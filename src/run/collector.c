/* collector.c: the collector thread.  On an absolute deadline each
 * second it reaps finished VUs, folds every VU's counters into a tick
 * (appended to the ring front ends copy and to the results file), moves
 * the phases on and applies the VU schedule; when the run ends it stops
 * the VUs and finishes the results file with the summary. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "engine_int.h"
#include "procstat.h"
#include "steady.h"
#include "util/util.h"

void engine_make_summary(engine *e, run_summary *s, const stats_sum *st, int secs, double cpu,
			 int vus_max)
{
	memset(s, 0, sizeof *s);
	s->steady_seconds = secs;
	s->total_seconds = e->t;
	s->vus_max = vus_max;
	uint64_t all = st->audit[AU_NO_ROLLBACKS];
	for (int i = 0; i < TX_COUNT; i++) {
		const hist_snap *h = &st->lat[i];
		s->commits[i] = st->commits[i];
		all += st->commits[i];
		s->p50[i] = hist_percentile(h, 50) / 1000;
		s->p90[i] = hist_percentile(h, 90) / 1000;
		s->p95[i] = hist_percentile(h, 95) / 1000;
		s->p99[i] = hist_percentile(h, 99) / 1000;
		s->max[i] = h->max_us / 1000.0;
		s->avg[i] = h->count ? h->sum_us / 1000.0 / h->count : 0;
		s->round_trips[i] = st->rt_txns[i] ? (double)st->round_trips[i] / st->rt_txns[i] : -1;
	}
	if (secs > 0) {
		s->nopm = st->commits[TX_NEW_ORDER] * 60.0 / secs;
		s->tpm = all * 60.0 / secs;
	}
	memcpy(s->errors, st->errors, sizeof s->errors);
	memcpy(s->audit, st->audit, sizeof s->audit);
	s->failed = st->failed;
	s->retries = st->retries;
	s->reconnects = st->reconnects;
	s->server_tpm = e->srv_steady_ns ? e->srv_steady_delta * 60e9 / e->srv_steady_ns : -1;
	s->client_cpu_s = cpu;
	s->cpu_per_1000 = all ? cpu * 1000 / all : 0;
	s->cpu_per_1000_no = st->commits[TX_NEW_ORDER] ?
		cpu * 1000 / st->commits[TX_NEW_ORDER] : 0;
	s->rate_tpm = -1;
	if (e->rate_steady.secs > 0) {
		const rate_sums *r = &e->rate_steady;
		s->rate_tpm = r->offered / r->secs;
		s->rate_achieved_tpm = r->done / r->secs;
		s->behind_max_s = r->behind_max_s;
		s->behind_end_s = r->behind_end_s;
		s->rate_met = rate_met(s->rate_tpm, s->rate_achieved_tpm, s->behind_end_s);
		stats_service_ms(st, s->svc_avg, s->svc_p50, s->svc_p95, s->svc_p99, s->svc_max);
	}
	char lines[8][96];
	summary_audit_lines(s, e->schema.warehouses, lines, 8, &s->audit_ok);
	/* Client-bound when the client was the limit in half the steady
	 * seconds or more. */
	s->client_cpu_share = e->steady_secs ? (double)e->cb_cpu_secs / e->steady_secs : 0;
	s->client_behind_share = e->steady_secs ? (double)e->cb_behind_secs / e->steady_secs : 0;
	s->client_bound = e->steady_secs >= 5 &&
		(s->client_cpu_share >= 0.5 || s->client_behind_share >= 0.5);
	s->client_steady_load = e->cb_ticks > 0 && e->cb_vus_lo == e->cb_vus_hi &&
		e->cb_rate_lo == e->cb_rate_hi;
	s->cores = (int)sysconf(_SC_NPROCESSORS_ONLN);
	s->keyed = e->cfg.keying_thinking;
	s->spec_homes = e->cfg.keying_thinking && !e->vus_moved &&
		e->cfg.vus == 10 * e->schema.warehouses;
}

static void make_summary(engine *e, run_summary *s)
{
	engine_make_summary(e, s, e->steady, e->steady_secs, e->cpu_steady, e->steady_vus_max);
}

/* A client that wants 85% or more of the host's cores is taken to be the
 * limit: what it gets then depends on it, not on the server. */
#define CLIENT_BOUND_SHARE 0.85

static void client_bound_tick(engine *e, tick *tk, double wall, int phase)
{
	double d = procstat_self_demand();
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	tk->client_demand = d >= 0 && e->demand_last >= 0 && wall > 0 && d >= e->demand_last ?
		(d - e->demand_last) / wall : -1;
	e->demand_last = d;
	int cpu = tk->client_demand >= CLIENT_BOUND_SHARE * (cores > 0 ? cores : 1);
	int behind = tk->rate_tpm > 0 && tk->behind_s > RATE_MET_BEHIND_S;
	tk->client_bound = cpu || behind;
	if (phase == PH_STEADY) {
		e->cb_cpu_secs += cpu;
		e->cb_behind_secs += behind;
		if (!e->cb_ticks++) {
			e->cb_vus_lo = e->cb_vus_hi = tk->vus_target;
			e->cb_rate_lo = e->cb_rate_hi = tk->rate_tpm;
		}
		e->cb_vus_lo = tk->vus_target < e->cb_vus_lo ? tk->vus_target : e->cb_vus_lo;
		e->cb_vus_hi = tk->vus_target > e->cb_vus_hi ? tk->vus_target : e->cb_vus_hi;
		e->cb_rate_lo = fmin(e->cb_rate_lo, tk->rate_tpm);
		e->cb_rate_hi = fmax(e->cb_rate_hi, tk->rate_tpm);
	}
}

/* Where NOPM settled and whether the steady phase was steady, from the
 * ticks still in the ring (the last RING seconds) from second from_t on;
 * e->lock held. */
void engine_steady_summary(engine *e, run_summary *s, int from_t)
{
	tick *tk = malloc(RING * sizeof *tk);
	int *t = malloc(RING * sizeof *t), *ph = malloc(RING * sizeof *ph);
	double *x = malloc(RING * sizeof *x);
	steady_state st = { .from_t = -1 };
	if (tk && t && ph && x) {
		int n = ring_latest(tk, e->ring, sizeof *tk, e->nticks, RING, RING), m = 0;
		for (int i = 0; i < n; i++)
			if (tk[i].t >= from_t) {
				t[m] = tk[i].t, ph[m] = tk[i].phase, x[m] = tk[i].nopm;
				m++;
			}
		steady_find(t, x, ph, m, &st);
	}
	s->steady_from_t = st.found ? st.from_t : -1;
	s->auto_max = e->cfg.rampup_auto ? e->cfg.rampup : 0;
	s->auto_entered_at = e->steady_secs ? e->rampup_end : -1;
	s->auto_settled_at = e->auto_from;
	s->trend_known = st.trend_known;
	s->trend_seconds = st.seconds;
	s->trend_pct = st.trend_pct;
	s->trend_lo_pct = st.lo_pct;
	s->trend_hi_pct = st.hi_pct;
	s->trending = st.trending;
	free(tk);
	free(t);
	free(ph);
	free(x);
}

/* The server's TPM from its counter's latest reading against the one the
 * previous tick used; the sampler's clock, not the tick's, times it.  No
 * new reading yet: the last rate stands.  -1 when there is no counter. */
static void server_rate_locked(engine *e, tick *tk, int phase)
{
	int64_t v;
	uint64_t at;

	tk->server_tpm = -1;
	if (!e->mon || !monitor_txn_counter(e->mon, &v, &at))
		return;
	/* A counter that went back was started afresh (a server restarted, a
	 * database made again by a restore): what it reads now is what was
	 * done since, over the whole interval, the outage in it, as the
	 * client's TPM has the outage's seconds in it too.  Dropping the
	 * interval instead made the steady phase's server TPM that of the
	 * seconds the server was up: 22,474 against the client's 13,452
	 * after a kill -9 and a restart. */
	if (e->srv_have_prev && at > e->srv_prev_ns) {
		int64_t delta = v < e->srv_prev ? v : v - e->srv_prev;
		uint64_t ns = at - e->srv_prev_ns;
		e->srv_rate = delta * 60e9 / ns;
		if (phase == PH_STEADY) {
			e->srv_steady_delta += delta;
			e->srv_steady_ns += ns;
		}
	}
	if (!e->srv_have_prev || at > e->srv_prev_ns) {
		e->srv_prev = v;
		e->srv_prev_ns = at;
	}
	/* A reading older than two seconds (a server down or stalled) is not
	 * this second's: unknown, not the last rate held. */
	if (e->srv_have_prev && now_ns() - at <= 2000000000ull)
		tk->server_tpm = e->srv_rate;
	e->srv_have_prev = 1;
}

/* The monitor's latest sample for the results file's per-tick host, disk
 * and server figures; NULL before its first.  A sample older than two
 * seconds (a stalled server query) is not this tick's: NULL too. */
static const mon_sample *tick_sample(engine *e, mon_sample *s)
{
	if (!e->mon || monitor_samples(e->mon, s, 1) != 1)
		return NULL;
	if (s->t != e->sample_t) {
		e->sample_t = s->t;
		e->sample_age = 0;
	} else if (++e->sample_age >= 2) {
		return NULL;
	}
	return s;
}

/* The offered load's figures for the tick, and the steady phase's sums
 * of them: the seconds a rate was offered, what was offered and done in
 * them, and the backlog. */
static void rate_tick_locked(engine *e, tick *tk, uint64_t now, int phase)
{
	long tpm = rate_tpm(&e->rate);
	tk->rate_tpm = tpm > 0 ? (double)tpm : -1;
	rate_behind(&e->rate, now, &tk->behind_s, &tk->behind_n);
	if (phase == PH_STEADY)
		rate_sums_add(&e->rate_steady, tk->rate_tpm, tk->tpm, tk->behind_s);
}

/* 1 when the VUs just fell more than RATE_MET_BEHIND_S behind an offered
 * load (say so once), -1 when they are back on it (or it ended), else 0. */
static int rate_warning_locked(engine *e, const tick *tk)
{
	int late = tk->rate_tpm > 0 && tk->behind_s > RATE_MET_BEHIND_S;
	if (late && !e->rate_warned) {
		e->rate_warned = 1;
		return 1;
	}
	if (e->rate_warned && (tk->rate_tpm <= 0 || tk->behind_s == 0)) {
		e->rate_warned = 0;
		return -1;
	}
	return 0;
}

/* Fold one second into a tick; called with e->lock held. */
static void collect_locked(engine *e, tick *tk, int phase)
{
	/* States first: a VU seen past reconnecting (set_state releases) has
	 * counted its reconnect already, so the counts read next include it
	 * and a tick never shows a VU back without its reconnect. */
	int reconnecting = 0, running = 0;
	for (int i = 0; i < e->nvus; i++) {
		int st = atomic_load_explicit(&e->vus[i]->state, memory_order_acquire);
		reconnecting += st == VU_RECONNECTING;
		running += vu_active(e->vus[i]) &&
			(st == VU_RUNNING || st == VU_THINKING || st == VU_RETRYING);
	}
	memset(e->cum, 0, sizeof *e->cum);
	stats_sum_add(e->cum, e->retired);
	for (int i = 0; i < e->nvus; i++)
		stats_take(e->cum, e->vus[i]->stats, e->drained, e->drained_svc, &e->cut);
	for (int i = 0; i < TX_COUNT; i++) {
		hist_snap_add(&e->cum->lat[i], &e->drained[i]);
		hist_snap_add(&e->cum->svc[i], &e->drained_svc[i]);
	}
	stats_diff(e->iv, e->cum, e->prev);
	stats_sum *t = e->prev;
	e->prev = e->cum;
	e->cum = t;

	uint64_t n = now_ns();
	double cpu = process_cpu_seconds();
	double wall = (n - e->cpu_last_ns) / 1e9;

	memset(tk, 0, sizeof *tk);
	tk->t = e->t;
	tk->phase = phase;
	tk->vus = engine_active_locked(e);
	tk->vus_target = e->target;
	tk->vus_reconnecting = reconnecting;
	tk->vus_running = running;
	stats_fill_tick(tk, e->iv, 1.0);
	rate_tick_locked(e, tk, n, phase);
	server_rate_locked(e, tk, phase);
	tk->cpu_client = wall > 0 ? 100.0 * (cpu - e->cpu_last) / wall : 0;
	client_bound_tick(e, tk, wall, phase);
	window_tick_locked(e, tk, e->iv, cpu - e->cpu_last);
	if (phase == PH_STEADY) {
		stats_sum_add(e->steady, e->iv);
		e->steady_secs++;
		e->steady_vus_max = running > e->steady_vus_max ? running : e->steady_vus_max;
		e->seg_vus_max = running > e->seg_vus_max ? running : e->seg_vus_max;
		e->cpu_steady += cpu - e->cpu_last;
		stats_sum_add(e->seg, e->iv);
		e->seg_secs++;
		e->seg_cpu += cpu - e->cpu_last;
		/* Once a second is cheap, and a front end then copies figures
		 * instead of merging histograms on every redraw. */
		make_summary(e, &e->steady_live);
	}
	e->cpu_last = cpu;
	e->cpu_last_ns = n;
	e->ring[e->nticks % RING] = *tk;
	e->nticks++;
	if (e->res) {
		mon_sample ms;
		const mon_sample *smp = tick_sample(e, &ms);
		if (smp)
			wait_sum_add(&e->waits_all, &smp->waits);
		if (smp && phase == PH_STEADY && smp->waits.source != WS_NONE) {
			wait_sum_add(&e->waits_steady, &smp->waits);
			results_waits(e->res, &e->waits_steady);
		}
		/* Each second, not only at the end: a client killed mid-run
		 * (SQLite's server is the client) still leaves the audit's
		 * record, as of this second. */
		results_set_durability(e->res, e->acked, e->schema.warehouses);
		int failing = results_tick(e->res, tk, smp) != 0;
		if (failing != e->results_failing) {
			e->results_failing = failing;
			e->results_flip = 1;
		}
	}
}

/* Once the monitor has opened the server's waits, and again when what it
 * says of them changes: which source is read, and the line the operator
 * should read (a missing privilege), as an event. */
static void waits_note(engine *e)
{
	char label[96], note[240];
	if (!e->mon || monitor_waits(e->mon, label, sizeof label, note, sizeof note) == WS_NONE)
		return;
	if (!note[0])
		snprintf(note, sizeof note, "waits: %s", label);
	if (!strcmp(note, e->waits_said))
		return;
	str_copy(e->waits_said, note, sizeof e->waits_said);
	engine_event(e, "waits", "%s", note);
}

/* A stop asked by engine_stop_async becomes an ordinary one.  Returns
 * whether the run is to stop. */
static int take_async_stop_locked(engine *e)
{
	const char *why = atomic_load(&e->stop_async);
	if (why && !e->stop_req) {
		e->stop_req = 1;
		str_copy(e->stop_reason, why, sizeof e->stop_reason);
	}
	return e->stop_req;
}

/* The copy the metrics endpoint reads (engine_published), kept apart from
 * collect_locked so the two change independently.  e->prev is the
 * cumulative sum collect_locked just made.  Its time is the tick's second
 * on the wall clock, as the results file counts it (a second each, however
 * late the collector woke), so rate() over it agrees with the file.  The monitor's sample is read
 * here rather than by the scraper, whose thread outlives the monitor. */
static void publish_locked(engine *e, const tick *tk)
{
	mon_sample s;
	int have = e->mon && monitor_samples(e->mon, &s, 1) == 1;

	pthread_mutex_lock(&e->pub_lock);
	engine_pub *p = e->pub;
	p->ticks++;
	p->at_ms = e->t0_wall_ms + (long long)tk->t * 1000;
	p->t = tk->t;
	p->phase = tk->phase;
	p->vus = tk->vus;
	p->vus_target = tk->vus_target;
	p->vus_reconnecting = tk->vus_reconnecting;
	p->step = e->step_now;
	p->offered_tpm = tk->rate_tpm;
	p->achieved_tpm = tk->tpm;
	p->behind_s = tk->behind_s;
	p->behind_n = tk->behind_n;
	p->cum = *e->prev;
	p->waits = e->waits_all;
	if (have) {
		p->sample = s;
		p->have_sample = 1;
	}
	pthread_mutex_unlock(&e->pub_lock);
}

/* Wait, e->lock held, until second e->t + 1 of the run has passed (an
 * absolute deadline from t0: ticks never drift).  1: the run ends
 * first (a stop asked within the second, which is then no tick). */
static int await_second_locked(engine *e, uint64_t t0)
{
	uint64_t deadline = t0 + (uint64_t)(e->t + 1) * 1000000000u;
	struct timespec ts = { .tv_sec = (time_t)(deadline / 1000000000u),
			       .tv_nsec = (long)(deadline % 1000000000u) };
	while (!take_async_stop_locked(e) && now_ns() < deadline)
		if (pthread_cond_timedwait(&e->cond, &e->lock, &ts) == ETIMEDOUT)
			break;
	take_async_stop_locked(e);
	return (e->stop_req && now_ns() < deadline) || e->phase == PH_DONE;
}

/* --rampup auto: at the end of each 5-s batch of the ramp-up, MSER-5 on
 * its NOPM so far; once the rule settles (within the first half: its own
 * test that the series has stopped moving) the ramp-up ends with this
 * second, as `end-rampup` ends it.  Returns 1 when it did; e->lock held. */
#define AUTO_BATCH 5
static int auto_rampup_locked(engine *e, int phase)
{
	if (!e->cfg.rampup_auto || phase != PH_RAMPUP || e->auto_at >= 0 || e->t % AUTO_BATCH ||
	    e->rampup_end <= e->t)
		return 0;
	int max = e->t < RING ? e->t : RING;
	tick *tk = malloc((size_t)max * sizeof *tk);
	double *x = malloc((size_t)max * sizeof *x);
	int found = 0;
	if (tk && x) {
		int n = ring_latest(tk, e->ring, sizeof *tk, e->nticks, RING, max), m = 0, t0 = -1;
		for (int i = 0; i < n; i++)
			if (tk[i].phase == PH_RAMPUP) {
				if (t0 < 0)
					t0 = tk[i].t;
				x[m++] = tk[i].nopm;
			}
		int cut = steady_mser5(x, m);
		if (cut >= 0) {
			int shift = e->rampup_end - e->t;
			e->rampup_end -= shift;
			e->steady_end -= shift;
			e->rampdown_end -= shift;
			e->auto_at = e->t;
			e->auto_from = t0 + cut;
			found = 1;
		}
	}
	free(tk);
	free(x);
	return found;
}

/* What a tick decided under the lock, for what it does after, without. */
typedef struct tick_after {
	tick tk;
	int phase, newphase;     /* the second's phase, and the next one's */
	int sched_vus;           /* the VU schedule's change, or -1 */
	int lost_all;            /* every VU gave up reconnecting */
	int behind;              /* rate_warning_locked's */
	int flip, failing;       /* the results file stopped or started failing */
	int stop;
	int auto_found;          /* --rampup auto: the steady state found now */
	int joined;              /* VU threads joined this second */
} tick_after;

/* The phase for the next second, and the VU schedule.  A job (a live
 * sweep) holds the steady phase until it ends it, and the schedule's
 * changes are left out meanwhile. */
static void next_phase_locked(engine *e, tick_after *a)
{
	int job = atomic_load(&e->job_running);
	if (job && a->phase == PH_STEADY && e->t >= e->steady_end) {
		int hold = e->t + 1 - e->steady_end;
		e->steady_end += hold;
		e->rampdown_end += hold;
	}
	e->phase = engine_phase_at(e, e->t);
	a->newphase = e->phase;
	a->sched_vus = -1;
	while (e->sched_idx < e->cfg.nschedule && e->cfg.schedule[e->sched_idx].at <= e->t) {
		int v = e->cfg.schedule[e->sched_idx++].vus;
		if (!job)
			a->sched_vus = v;
	}
}

/* One second: reap finished VUs, fold the VUs' counters into a tick and
 * publish it, and decide what comes next. */
static void tick_locked(engine *e, tick_after *a)
{
	a->phase = e->phase;
	e->t++;
	a->joined = engine_reap_locked(e, 0);
	collect_locked(e, &a->tk, a->phase);
	publish_locked(e, &a->tk);
	a->auto_found = auto_rampup_locked(e, a->phase);
	next_phase_locked(e, a);
	a->lost_all = e->target > 0 && e->vus_lost > 0 && engine_active_locked(e) == 0;
	if (a->lost_all && !e->stop_req) {
		e->stop_req = 1;
		str_copy(e->stop_reason, "connection lost", sizeof e->stop_reason);
	}
	a->behind = rate_warning_locked(e, &a->tk);
	a->flip = e->results_flip;
	a->failing = e->results_failing;
	e->results_flip = 0;
	a->stop = e->stop_req || a->newphase == PH_DONE;
}

/* The tick's events, the front end's hook, the phase change and the
 * schedule's VUs: each may take the lock, so none holds it. */
static void tick_unlocked(engine *e, const tick_after *a)
{
	/* The VUs that left freed their connections' memory in the arenas
	 * their threads used; give its pages back now (util.c). */
	if (a->joined)
		memory_give_back();
	if (a->lost_all)
		engine_event(e, "error", "every VU gave up reconnecting after %d s: ending the run",
			     e->cfg.reconnect_max_s);
	char said[400];
	const char *type = refusals_news(&e->refusals, e->cfg.reconnect_max_s, said, sizeof said);
	if (type)
		engine_event(e, type, "%s", said);
	if (a->behind > 0)
		engine_event(e, "warning", "behind schedule: the VUs are %.1f s behind the "
			     "offered %.0f TPM and cannot keep up (more VUs, or a lower rate)",
			     a->tk.behind_s, a->tk.rate_tpm);
	else if (a->behind < 0)
		engine_event(e, "info", "back on schedule with the offered load");
	if (a->flip)
		engine_event(e, "error", a->failing ?
			     "cannot write the results file %s (disk full?); the run goes on and "
			     "the file is caught up when writing works again" :
			     "the results file %s is being written again", e->results_path);

	if (a->auto_found)
		engine_event(e, "steady", "steady state found: NOPM settled at second %d (MSER-5 "
			     "on the ramp-up's NOPM); the steady phase starts", e->auto_from);
	else if (e->cfg.rampup_auto && a->phase == PH_RAMPUP && a->newphase == PH_STEADY &&
		 e->auto_at < 0)
		engine_event(e, "steady", "no steady state found within the ramp-up's %d s "
			     "(auto:%d): the steady phase starts", e->cfg.rampup, e->cfg.rampup);
	waits_note(e);
	engine_roll_results(e);
	if (e->hooks.on_tick)
		e->hooks.on_tick(&a->tk, e->hooks.ud);
	engine_phase_changed(e, a->phase, a->newphase);
	if (a->sched_vus >= 0 && !a->stop) {
		char err[256];
		if (engine_set_vus(e, a->sched_vus, "schedule", err, sizeof err))
			engine_event(e, "error", "schedule: %s", err);
	}
}

/* The run's end, e->lock held on entry: stop the VUs, put the knobs back
 * if asked, and finish the results file with the summary. */
static void run_end_locked(engine *e)
{
	int vus = engine_active_locked(e);
	/* A stop someone asked for (a signal, the operator, the server lost)
	 * is honoured within a second whatever the server does; at the
	 * phases' natural end the VUs' last transactions get longer. */
	engine_stop_all_unlocked(e, e->stop_req ? STOP_GRACE_ASKED_MS : STOP_GRACE_END_MS);
	if (vus)
		engine_event(e, "vus", "vus %d -> 0 (run ending)", vus);
	/* Before the file is finished, so it says what was put back. */
	engine_restore_if_asked(e);
	pthread_mutex_lock(&e->lock);
	engine_reap_locked(e, 1);
	e->target = 0;
	make_summary(e, &e->summary);
	engine_steady_summary(e, &e->summary, 0);
	for (int i = 0; i < TX_COUNT; i++)
		e->summary.run_commits[i] = e->retired->commits[i];
	e->summary.run_rollbacks = e->retired->audit[AU_NO_ROLLBACKS];
	e->summary.run_failed = e->retired->failed;
	if (e->res) {
		results_set_durability(e->res, e->acked, e->schema.warehouses);
		results_set_homes(e->res, (const short (*)[2])e->homes, e->homes_n);
		results_set_histograms(e->res, e->ri.part ? e->seg->lat : e->steady->lat);
	}
	const char *by = e->stop_req ? e->stop_reason : NULL;
	/* A rolled run's last file sums its own seconds, as each before it. */
	run_summary part;
	if (e->ri.part)
		engine_part_summary(e, &part);
	if (e->res)
		results_finish(e->res, e->ri.part ? &part : &e->summary, by, e->finish_err,
			       sizeof e->finish_err);
	e->done = 1;
	pthread_cond_broadcast(&e->cond);
	pthread_mutex_unlock(&e->lock);
}

void *collector_main(void *arg)
{
	engine *e = arg;
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	/* A name, so its CPU can be read in /proc/PID/task (bench/scale). */
	pthread_setname_np(pthread_self(), "tpcc-collector");

	uint64_t t0 = now_ns();
	struct timespec wall;
	clock_gettime(CLOCK_REALTIME, &wall);
	pthread_mutex_lock(&e->lock);
	e->t0_wall_ms = (long long)wall.tv_sec * 1000 + wall.tv_nsec / 1000000;
	e->cpu_last = process_cpu_seconds();
	e->cpu_last_ns = t0;
	e->demand_last = procstat_self_demand();
	while (!await_second_locked(e, t0)) {
		tick_after a;
		tick_locked(e, &a);
		pthread_mutex_unlock(&e->lock);
		tick_unlocked(e, &a);
		pthread_mutex_lock(&e->lock);
		if (a.stop || e->stop_req)
			break;
	}
	run_end_locked(e);
	return NULL;
}
