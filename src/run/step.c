/* step.c: see step.h.  Each step is timed by the run's own seconds (the
 * collector's ticks), so its window is exactly the ticks it names, however
 * late this thread wakes. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "config/options.h"
#include "steady.h"
#include "step.h"
#include "util/util.h"

/* ---- the steps from the configuration ------------------------------------ */

/* "1,2,4" into VU counts. */
static int parse_vus(const char *list, int *out, int max, char *err, size_t errlen)
{
	int n = 0;
	const char *p = list;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);
		if (end == p || (*end && *end != ',') || v < 1 || v > SCHEDULE_VUS_MAX) {
			snprintf(err, errlen, "sweep.vus (--vus): expected VU counts from 1 to %d "
				 "separated by commas, got '%s'", SCHEDULE_VUS_MAX, list);
			return -1;
		}
		if (n == max) {
			snprintf(err, errlen, "sweep.vus (--vus): at most %d VU counts", max);
			return -1;
		}
		out[n++] = (int)v;
		p = *end ? end + 1 : end;
		if (*end && !*p) {
			snprintf(err, errlen, "sweep.vus (--vus): a comma at the end of '%s'", list);
			return -1;
		}
	}
	return n;
}

/* "20000,40000" into offered rates (rate.h; "off" or 0: a closed loop). */
static int parse_rates(const char *list, long *out, int max, char *err, size_t errlen)
{
	char buf[OPT_STR_MAX], msg[160];
	int n = 0;
	str_copy(buf, list, sizeof buf);
	for (char *save = NULL, *w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		if (n == max) {
			snprintf(err, errlen, "sweep.rate (--rate): at most %d rates", max);
			return -1;
		}
		if (rate_parse(w, &out[n++], msg, sizeof msg)) {
			snprintf(err, errlen, "sweep.rate (--rate): %s in '%s'", msg, list);
			return -1;
		}
	}
	if (!n || list[strlen(list) - 1] == ',' || list[0] == ',' || strstr(list, ",,")) {
		snprintf(err, errlen, "sweep.rate (--rate): expected rates in transactions per "
			 "minute separated by commas, got '%s'", list);
		return -1;
	}
	return n;
}

/* "NAME=V1,V2" into the name and its values. */
static int parse_knob(const char *spec, char *name, size_t namelen, char vals[][128], int max,
		      char *err, size_t errlen)
{
	const char *eq = strchr(spec, '=');
	char msg[256];
	if (!eq || eq == spec || !eq[1] || (size_t)(eq - spec) >= namelen) {
		snprintf(err, errlen, "sweep.knob (--knob): expected NAME=V1,V2,..., got '%s'", spec);
		return -1;
	}
	snprintf(name, namelen, "%.*s", (int)(eq - spec), spec);
	if (opt_check_knob(name, msg, sizeof msg)) {
		snprintf(err, errlen, "sweep.knob (--knob): %s", msg);
		return -1;
	}
	int n = 0;
	for (const char *p = eq + 1;;) {
		const char *c = strchr(p, ',');
		size_t l = c ? (size_t)(c - p) : strlen(p);
		if (l == 0 || l >= 128) {
			snprintf(err, errlen, "sweep.knob (--knob): %s in '%s'",
				 l ? "a value longer than 127 characters" : "an empty value", spec);
			return -1;
		}
		if (n == max) {
			snprintf(err, errlen, "sweep.knob (--knob): at most %d values", max);
			return -1;
		}
		snprintf(vals[n++], 128, "%.*s", (int)l, p);
		if (!c)
			break;
		p = c + 1;
	}
	return n;
}

/* One "vus=4 NAME=V settle=S step=S" of sweep.steps (cut out of the list,
 * so writable). */
static int parse_step(char *text, int idx, const tpcc_config *c, step_spec *s, char *err,
		      size_t errlen)
{
	char msg[256];
	memset(s, 0, sizeof *s);
	s->vus = -1;
	s->rate = -1;
	s->seconds = c->sweep_step;
	s->settle = c->sweep_settle;
	s->settle_auto = c->settle_auto;
	int fields = 0;
	for (char *save = NULL, *w = strtok_r(text, " \t", &save); w;
	     w = strtok_r(NULL, " \t", &save), fields++) {
		char *eq = strchr(w, '=');
		if (!eq || eq == w || !eq[1]) {
			snprintf(err, errlen, "sweep.steps (--steps): step %d: expected NAME=VALUE, "
				 "got '%s'", idx, w);
			return -1;
		}
		*eq = '\0';
		const char *v = eq + 1;
		if (!strcmp(w, "rate")) {
			if (rate_parse(v, &s->rate, msg, sizeof msg)) {
				snprintf(err, errlen, "sweep.steps (--steps): step %d: rate: %s", idx,
					 msg);
				return -1;
			}
			continue;
		}
		if (!strcmp(w, "vus") || !strcmp(w, "settle") || !strcmp(w, "step")) {
			int vus = !strcmp(w, "vus");
			long lo = !strcmp(w, "settle") ? 0 : 1, n = 0;
			long hi = vus ? SCHEDULE_VUS_MAX : 86400;
			char *end = NULL;
			int bad;
			if (vus) {
				n = strtol(v, &end, 10);
				bad = *end || end == v || n < lo || n > hi;
			} else {
				bad = opt_parse_seconds(v, lo, hi, &n) != 0;
			}
			if (bad) {
				snprintf(err, errlen, "sweep.steps (--steps): step %d: %s: expected %s "
					 "from %ld to %ld%s, got '%s'", idx, w,
					 vus ? "an integer" : "seconds", lo, hi,
					 vus ? "" : " (or 90s, 45m, 2h, 1d)", v);
				return -1;
			}
			*(!strcmp(w, "vus") ? &s->vus : !strcmp(w, "settle") ? &s->settle
									    : &s->seconds) = (int)n;
			if (!strcmp(w, "settle"))
				s->settle_auto = 0;
			continue;
		}
		if (opt_check_knob(w, msg, sizeof msg)) {
			snprintf(err, errlen, "sweep.steps (--steps): step %d: %s", idx, msg);
			return -1;
		}
		if (s->nset == STEP_SET_MAX || strlen(v) >= sizeof s->set[0].value) {
			snprintf(err, errlen, "sweep.steps (--steps): step %d: %s", idx,
				 s->nset == STEP_SET_MAX ? "at most 4 variables a step" :
				 "a value longer than 127 characters");
			return -1;
		}
		str_copy(s->set[s->nset].name, w, sizeof s->set[0].name);
		str_copy(s->set[s->nset].value, v, sizeof s->set[0].value);
		s->nset++;
	}
	if (!fields) {
		snprintf(err, errlen, "sweep.steps (--steps): step %d is empty", idx);
		return -1;
	}
	return 0;
}

static int steps_from_text(const tpcc_config *c, step_spec *out, int max, char *err,
			   size_t errlen)
{
	char *text = strdup(c->sweep_steps);
	int n = 0, rc = 0;
	if (!text) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (char *p = text; p && rc == 0;) {
		char *semi = strchr(p, ';');
		if (semi)
			*semi = '\0';
		if (n == max) {
			snprintf(err, errlen, "sweep.steps (--steps): at most %d steps", max);
			rc = -1;
		} else
			rc = parse_step(p, n + 1, c, &out[n], err, errlen);
		n++;
		p = semi ? semi + 1 : NULL;
	}
	free(text);
	return rc ? -1 : n;
}

int steps_from_config(const tpcc_config *c, step_spec *out, int max, char *err, size_t errlen)
{
	if (c->sweep_steps[0]) {
		if (c->sweep_vus[0] || c->sweep_knob[0] || c->sweep_rate[0]) {
			snprintf(err, errlen, "sweep: give the steps either one by one (sweep.steps, "
				 "--steps) or as lists (sweep.vus, sweep.knob and sweep.rate, --vus, "
				 "--knob and --rate), not both");
			return -1;
		}
		return steps_from_text(c, out, max, err, errlen);
	}

	int vus[STEPS_MAX], nvus = 0, nvals = 0, nrates = 0;
	long rates[STEPS_MAX];
	char name[64] = "", (*vals)[128] = NULL;

	if (c->sweep_vus[0] && (nvus = parse_vus(c->sweep_vus, vus, STEPS_MAX, err, errlen)) < 0)
		return -1;
	if (c->sweep_rate[0] &&
	    (nrates = parse_rates(c->sweep_rate, rates, STEPS_MAX, err, errlen)) < 0)
		return -1;
	if (strchr(c->sweep_knob, ';')) {
		snprintf(err, errlen, "sweep: one variable (--knob NAME=V1,V2,...); for several a "
			 "step give the steps one by one (--steps)");
		return -1;
	}
	if (c->sweep_knob[0]) {
		vals = malloc(STEPS_MAX * sizeof *vals);
		if (!vals) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		nvals = parse_knob(c->sweep_knob, name, sizeof name, vals, STEPS_MAX, err, errlen);
		if (nvals < 0) {
			free(vals);
			return -1;
		}
	}
	if (!nvus && !nvals && !nrates) {
		snprintf(err, errlen, "sweep: nothing to sweep: give --vus a list (e.g. --vus 1,2,4), "
			 "--knob NAME=V1,V2,... or --rate a list (e.g. --rate 20000,40000) (or "
			 "sweep.vus / sweep.knob / sweep.rate in the config file)");
		return -1;
	}
	int outer = nvals ? nvals : 1, middle = nrates ? nrates : 1, inner = nvus ? nvus : 1;
	if ((long)outer * middle * inner > max) {
		snprintf(err, errlen, "sweep: %d x %d x %d steps, at most %d", outer, middle, inner,
			 max);
		free(vals);
		return -1;
	}
	int n = 0;
	for (int k = 0; k < outer * middle; k++)
		for (int v = 0; v < inner; v++) {
			step_spec *s = &out[n++];
			memset(s, 0, sizeof *s);
			s->vus = nvus ? vus[v] : -1;
			s->rate = nrates ? rates[k % middle] : -1;
			if (nvals) {
				s->nset = 1;
				str_copy(s->set[0].name, name, sizeof s->set[0].name);
				str_copy(s->set[0].value, vals[k / middle], sizeof s->set[0].value);
			}
			s->seconds = c->sweep_step;
			s->settle = c->sweep_settle;
			s->settle_auto = c->settle_auto;
		}
	free(vals);
	return n;
}

/* ---- A and B of an A/B trial -------------------------------------------- */

/* One dimension's two values, or the error for another count. */
static int two(int n, const char *what, const char *given, char *err, size_t errlen)
{
	if (n == 2)
		return 0;
	snprintf(err, errlen, "ab: %s takes two values, A's and B's (e.g. %s), got %d in '%s'",
		 what, !strcmp(what, "--vus") ? "--vus 8,16" : !strcmp(what, "--rate") ?
		 "--rate 20000,40000" : "--knob NAME=A,B", n, given);
	return -1;
}

int steps_ab_arms(const tpcc_config *c, step_spec *a, step_spec *b, char *err, size_t errlen)
{
	memset(a, 0, sizeof *a);
	a->vus = -1;
	a->rate = -1;
	a->seconds = c->ab_segment;
	a->settle = c->sweep_settle;
	a->settle_auto = c->settle_auto;
	*b = *a;
	if (c->sweep_steps[0]) {
		snprintf(err, errlen, "ab: give A and B with --knob NAME=A,B, --vus A,B or --rate "
			 "A,B, not --steps");
		return -1;
	}
	if (c->sweep_vus[0]) {
		int v[STEPS_MAX], n = parse_vus(c->sweep_vus, v, STEPS_MAX, err, errlen);
		if (n < 0 || two(n, "--vus", c->sweep_vus, err, errlen))
			return -1;
		a->vus = v[0], b->vus = v[1];
	}
	if (c->sweep_rate[0]) {
		long r[STEPS_MAX];
		int n = parse_rates(c->sweep_rate, r, STEPS_MAX, err, errlen);
		if (n < 0 || two(n, "--rate", c->sweep_rate, err, errlen))
			return -1;
		a->rate = r[0], b->rate = r[1];
	}
	char list[OPT_STR_MAX], vals[3][128];
	str_copy(list, c->sweep_knob, sizeof list);
	for (char *save = NULL, *k = strtok_r(list, ";", &save); k; k = strtok_r(NULL, ";", &save)) {
		k += strspn(k, " ");
		if (a->nset == STEP_SET_MAX) {
			snprintf(err, errlen, "ab: at most %d variables (--knob)", STEP_SET_MAX);
			return -1;
		}
		char name[64];
		int n = parse_knob(k, name, sizeof name, vals, 3, err, errlen);
		if (n < 0 && strstr(err, "at most"))
			n = 3;
		if (n < 0 || two(n, "--knob", k, err, errlen))
			return -1;
		for (int i = 0; i < a->nset; i++)
			if (!strcmp(a->set[i].name, name)) {
				snprintf(err, errlen, "ab: --knob names %s twice", name);
				return -1;
			}
		str_copy(a->set[a->nset].name, name, sizeof a->set[0].name);
		str_copy(b->set[b->nset].name, name, sizeof b->set[0].name);
		str_copy(a->set[a->nset++].value, vals[0], sizeof a->set[0].value);
		str_copy(b->set[b->nset++].value, vals[1], sizeof b->set[0].value);
	}
	if (a->vus < 0 && a->rate < 0 && !a->nset) {
		snprintf(err, errlen, "ab: nothing to try: give A's and B's values with --knob "
			 "NAME=A,B (repeatable), --vus A,B or --rate A,B");
		return -1;
	}
	return 0;
}

/* ---- before the first step ----------------------------------------------- */

int steps_check(engine *e, const step_spec *s, int n, char *err, size_t errlen)
{
	for (int i = 0; i < n; i++)
		for (int j = 0; j < s[i].nset; j++) {
			int seen = 0;
			for (int k = 0; k < i && !seen; k++)
				for (int m = 0; m < s[k].nset; m++)
					seen |= !strcmp(s[k].set[m].name, s[i].set[j].name) &&
						!strcmp(s[k].set[m].value, s[i].set[j].value);
			if (seen)
				continue;
			int rc = engine_check_var(e, s[i].set[j].name, s[i].set[j].value, err, errlen);
			if (rc)
				return rc;
		}
	return 0;
}

/* ---- running them -------------------------------------------------------- */

/* Poll the run's clock until second `until` has been recorded or the run
 * is over; returns 1 when it is over, STEP_WAIT_ASKED + the request when
 * the operator asked for the next step or the sweep's end (ask, not NULL,
 * gets it).  `seen`, when not NULL, is called on each new second (to
 * refresh the step under way in the file). */
#define STEP_WAIT_ASKED 2
static int wait_until(engine *e, int until, void (*seen)(void *), void *ud, int *ask)
{
	const struct timespec nap = { 0, 20 * 1000 * 1000 };
	int t, done, last = -1;
	for (;;) {
		engine_clock(e, &t, &done);
		if (done)
			return 1;
		if (ask && (*ask = engine_step_asked(e)) != STEP_ASK_NONE)
			return STEP_WAIT_ASKED;
		if (t != last && last >= 0 && seen)
			seen(ud);
		last = t;
		if (t >= until)
			return 0;
		nanosleep(&nap, NULL);
	}
}

static void fill(step_result *r, const engine_window *w)
{
	const stats_sum *s = &w->s;
	tick tk;

	/* A window is a long tick: the same rates, percentiles and counts. */
	stats_fill_tick(&tk, s, w->seconds);
	r->seconds = w->seconds;
	r->vus_min = w->vus_min < 0 ? 0 : w->vus_min;
	r->vus_max = w->vus_max;
	r->nopm = w->seconds ? tk.nopm : 0;
	r->tpm = w->seconds ? tk.tpm : 0;
	memcpy(r->commits, tk.commits, sizeof r->commits);
	memcpy(r->p50, tk.p50, sizeof r->p50);
	memcpy(r->p90, tk.p90, sizeof r->p90);
	memcpy(r->p95, tk.p95, sizeof r->p95);
	memcpy(r->p99, tk.p99, sizeof r->p99);
	memcpy(r->max, tk.max, sizeof r->max);
	memcpy(r->errors, tk.errors, sizeof r->errors);
	r->failed = tk.failed;
	r->retries = tk.retries;
	r->reconnects = tk.reconnects;
	r->client_cpu_s = w->cpu_s;
	r->cpu_per_1000_no = s->commits[TX_NEW_ORDER] ?
		w->cpu_s * 1000 / s->commits[TX_NEW_ORDER] : 0;
	r->server_tpm = w->server_ticks ? w->server_tpm_sum / w->server_ticks : -1;
	if (w->offered.secs > 0) {
		r->offered_tpm = w->offered.offered / w->offered.secs;
		r->achieved_tpm = w->offered.done / w->offered.secs;
		r->behind_max_s = w->offered.behind_max_s;
		r->behind_end_s = w->offered.behind_end_s;
		r->rate_met = rate_met(r->offered_tpm, r->achieved_tpm, r->behind_end_s);
		stats_service_ms(s, r->svc_avg, r->svc_p50, r->svc_p95, r->svc_p99, r->svc_max);
	}
	r->wait_seconds = w->waits.seconds;
	r->nwait_top = wait_sum_mean(&w->waits, r->wait_aas, r->wait_top, 4);
	r->nmetrics = w->metric_samples ? w->nmetrics : 0;
	for (int i = 0; i < r->nmetrics && i < STEP_METRICS_MAX; i++) {
		str_copy(r->metric[i], w->metric[i].name, sizeof r->metric[i]);
		r->metric_avg[i] = w->metric[i].value / w->metric_samples;
		r->metric_rate[i] = w->rate[i] / w->metric_samples;
	}
}

/* The step under way, refreshed in the results file each second. */
struct progress {
	engine *e;
	step_result *r;
	engine_window *w;
	int measuring;
};

static void refresh(void *ud)
{
	struct progress *p = ud;
	if (p->measuring) {
		engine_window_read(p->e, p->w);
		fill(p->r, p->w);
	}
	engine_record_step(p->e, p->r, 0);
}

static void label(step_result *r, const step_spec *s)
{
	size_t used = 0;
	r->label[0] = '\0';
	if (s->vus >= 0)
		used += (size_t)snprintf(r->label, sizeof r->label, "vus=%d", s->vus);
	if (s->rate >= 0)
		used += (size_t)snprintf(r->label + used, sizeof r->label - used, "%srate=%ld",
					 used ? " " : "", s->rate);
	for (int i = 0; i < s->nset && used < sizeof r->label; i++)
		used += (size_t)snprintf(r->label + used, sizeof r->label - used, "%s%s=%s",
					 used ? " " : "", s->set[i].name, s->set[i].value);
	if (!r->label[0])
		str_copy(r->label, "as is", sizeof r->label);
}

/* --settle auto: from second t0 (the change), wait until MSER-5 on the
 * NOPM since settles (tried every STEP_AUTO_BATCH seconds once it has the
 * 20 s it needs), or max seconds have gone.  Returns as wait_until; r
 * gets settle_by ("MSER-5", "max") and settle_found. */
#define STEP_AUTO_BATCH 5
static int settle_auto(engine *e, int t0, int max, struct progress *p, int *ask, step_result *r)
{
	tick *tk = malloc((size_t)(max + 2) * sizeof *tk);
	double *x = malloc((size_t)(max + 2) * sizeof *x);
	int rc = 0;
	r->settle_found = -1;
	for (int t = t0 + STEP_AUTO_BATCH;; t += STEP_AUTO_BATCH) {
		if (t > t0 + max)
			t = t0 + max;
		rc = wait_until(e, t, refresh, p, ask);
		if (rc)
			break;
		if (t >= t0 + max || !tk || !x) {
			str_copy(r->settle_by, "max", sizeof r->settle_by);
			break;
		}
		int n = engine_ticks(e, tk, t - t0 + 1), m = 0;
		for (int i = 0; i < n; i++)
			if (tk[i].t > t0)
				x[m++] = tk[i].nopm;
		int cut = steady_mser5(x, m);
		if (cut >= 0) {
			str_copy(r->settle_by, "MSER-5", sizeof r->settle_by);
			r->settle_found = t0 + 1 + cut;
			break;
		}
	}
	free(tk);
	free(x);
	return rc;
}

/* The settle time starts once the server has the value in effect: a
 * buffer pool resizes in the background, a reload reaches each backend
 * when it gets round to it.  Seconds since t0, or -1 when the server did
 * not say so within STEP_EFFECT_MAX_S (the step goes on, with a warning). */
#define STEP_EFFECT_MAX_S 300
static double wait_in_effect(engine *e, const char *name, const char *value, uint64_t t0)
{
	const struct timespec nap = { 0, 50 * 1000 * 1000 };
	char status[256] = "", err[512];
	int t, done, said = 0;
	for (;;) {
		int rc = engine_var_in_effect(e, name, value, status, sizeof status, err, sizeof err);
		double took = (now_ns() - t0) / 1e9;
		if (rc > 0) {
			if (took >= 1)
				engine_event(e, "step", "%s = %s in effect after %.1f s", name, value, took);
			return took;
		}
		/* Said once, so a long wait is not taken for a hang. */
		if (rc == 0 && took >= 1 && !said++)
			engine_event(e, "step", "waiting for %s = %s to take effect (%s; up to %d s)",
				     name, value, status, STEP_EFFECT_MAX_S);
		engine_clock(e, &t, &done);
		if (rc < 0 || took > STEP_EFFECT_MAX_S || done) {
			engine_event(e, "warning", "%s = %s: not seen in effect after %.0f s (%s); "
				     "the step goes on", name, value, took, rc < 0 ? err : status);
			return -1;
		}
		nanosleep(&nap, NULL);
	}
}

/* sweep --reset-between: the database restored (engine_reset_database);
 * the VUs of a step that names none started again.  The run's seconds go
 * on meanwhile; the step's settle time and window start after it. */
static int reset(engine *e, const step_spec *s, step_result *r, char *err, size_t errlen)
{
	char what[48];
	snprintf(what, sizeof what, "step %d", r->index);
	if (engine_reset_database(e, s->vus < 0, what, s->reset, s->reset_ud, &r->reset_s, err,
				  errlen))
		return -1;
	r->reset = 1;
	return 0;
}

/* Make the step's changes: the VU count, then each variable. */
static int apply(engine *e, const step_spec *s, step_result *r, char *err, size_t errlen)
{
	engine_status st;
	engine_get_status(e, &st);
	r->vus = s->vus;
	r->vus_old = st.vus_target;
	if (s->vus >= 0 && s->vus != st.vus_target &&
	    engine_set_vus(e, s->vus, "step", err, errlen))
		return -1;
	r->rate = s->rate;
	r->rate_old = engine_rate(e);
	char by[32];
	snprintf(by, sizeof by, "step %d", r->index);
	/* Afresh: a step behind the one before must not inherit its backlog,
	 * or each step's latency would be that of all the steps before it. */
	if (s->rate >= 0 && s->rate != r->rate_old &&
	    engine_set_rate(e, s->rate, 0, by, err, errlen))
		return -1;
	for (int i = 0; i < s->nset && i < STEP_SET_MAX; i++) {
		step_change *c = &r->set[i];
		str_copy(c->name, s->set[i].name, sizeof c->name);
		r->nset = i + 1;
		str_copy(c->value, s->set[i].value, sizeof c->value);
		uint64_t t0 = now_ns();
		char status[256], ign[512];
		/* A value already in place is not set again: a knob event (and
		 * a journal entry) for a change that changes nothing would
		 * mislead whoever reads the run. */
		if (engine_var_in_effect(e, c->name, s->set[i].value, status, sizeof status, ign,
					 sizeof ign) > 0 &&
		    !engine_get_var(e, c->name, c->old, sizeof c->old, ign, sizeof ign)) {
			engine_event(e, "step", "%s = %s already in effect: not set again", c->name,
				     s->set[i].value);
			str_copy(c->value, c->old, sizeof c->value);
			c->effect_s = 0;
			continue;
		}
		if (engine_set_var_by(e, c->name, s->set[i].value, by, c->old, sizeof c->old, err,
				      errlen))
			return -1;
		c->effect_s = wait_in_effect(e, c->name, s->set[i].value, t0);
		char now[128];
		if (!engine_get_var(e, c->name, now, sizeof now, err, errlen))
			str_copy(c->value, now, sizeof c->value);
	}
	return 0;
}

int steps_run(engine *e, const step_spec *s, int n, step_result *out, int *nout,
	      char *err, size_t errlen)
{
	engine_window w;
	engine_status st;
	int rc = 0, t, done;

	*nout = 0;
	/* However the run ends from here on (the last step, stop, a signal,
	 * a step that failed), the collector puts the journal back. */
	engine_restore_at_end(e);
	/* Ramp-up, when there is one, comes before the first step. */
	for (;;) {
		engine_get_status(e, &st);
		engine_clock(e, &t, &done);
		if (done || st.phase != PH_RAMPUP)
			break;
		wait_until(e, t + 1, NULL, NULL, NULL);
	}
	for (int i = 0; i < n && !done; i++) {
		step_result *r = &out[i];
		struct progress p = { .e = e, .r = r, .w = &w };

		memset(r, 0, sizeof *r);
		r->index = i + 1;
		label(r, &s[i]);
		engine_clock(e, &t, &done);
		if (done)
			break;
		r->started = t;
		*nout = i + 1;
		rc = s[i].reset ? reset(e, &s[i], r, err, errlen) : 0;
		if (!rc)
			rc = apply(e, &s[i], r, err, errlen);
		engine_record_step(e, r, 0);
		if (rc) {
			steps_record_table(e, out, i + 1);
			engine_event(e, "error", "step %d/%d (%s): %s; ending the sweep", i + 1, n,
				     r->label, err);
			break;
		}
		engine_clock(e, &t, &done);
		/* A next or stop asked before this step was under way was
		 * meant for the last one. */
		engine_step_asked(e);
		int ask = STEP_ASK_NONE, waited = 0, settle = s[i].settle;
		if (s[i].settle_auto) {
			engine_event(e, "step", "step %d/%d: %s, settling until NOPM is steady "
				     "(MSER-5, at most %d s), then measuring %d s", i + 1, n, r->label,
				     s[i].settle, s[i].seconds);
			int t0 = t;
			/* A window at the latest the step could measure, so that
			 * one cut short while settling reads as measuring nothing. */
			if (engine_window_open(e, t + s[i].settle + 1, t + s[i].settle + s[i].seconds,
					       err, errlen)) {
				rc = -1;
				break;
			}
			waited = settle_auto(e, t0, s[i].settle, &p, &ask, r);
			engine_clock(e, &t, &done);
			settle = 0;
			if (!waited && r->settle_found >= 0)
				engine_event(e, "steady", "step %d/%d settled after %d s: NOPM steady "
					     "from second %d (MSER-5)", i + 1, n, t - t0, r->settle_found);
			else if (!waited)
				engine_event(e, "steady", "step %d/%d: NOPM not found steady within "
					     "%d s; measuring anyway", i + 1, n, t - t0);
		}
		int from = t + settle + 1, to = t + settle + s[i].seconds;
		if (!waited && engine_window_open(e, from, to, err, errlen)) {
			rc = -1;
			break;
		}
		if (!s[i].settle_auto)
			engine_event(e, "step", "step %d/%d: %s, settling %d s, then measuring %d s",
				     i + 1, n, r->label, s[i].settle, s[i].seconds);
		if (!waited)
			waited = wait_until(e, from - 1, refresh, &p, &ask);
		r->settled = from - 1;
		if (!waited) {
			engine_event(e, "step", "step %d/%d measuring (%s)", i + 1, n, r->label);
			p.measuring = 1;
			waited = wait_until(e, to, refresh, &p, &ask);
		}
		if (waited == STEP_WAIT_ASKED) {
			/* The window ends with the second the run is at; asked
			 * while settling, it measured nothing. */
			engine_window_close(e);
			engine_clock(e, &t, &done);
			if (r->settled > t)
				r->settled = t;
		}
		int over = engine_window_read(e, &w);
		fill(r, &w);
		engine_clock(e, &t, &done);
		r->ended = t < to ? t : to;
		r->complete = over && w.seconds == s[i].seconds;
		str_copy(r->ended_by, r->complete ? "" : ask == STEP_ASK_NEXT ? "next" : "stop",
			 sizeof r->ended_by);
		engine_record_step(e, r, 1);
		steps_record_table(e, out, i + 1);
		engine_event(e, "step", "step %d/%d done (%s): NOPM %.0f, TPM %.0f over %d s%s",
			     i + 1, n, r->label, r->nopm, r->tpm, r->seconds,
			     r->complete ? "" : ask == STEP_ASK_NEXT ? ", ended early (next)" :
			     ", cut short");
		if (s[i].after && s[i].after(s[i].after_ud, out, i + 1))
			break;
		if (ask == STEP_ASK_END)
			break;
	}
	return rc;
}

void steps_record_table(engine *e, const step_result *r, int n)
{
	char (*lines)[STEP_LINE] = malloc((STEPS_MAX + 1) * sizeof *lines);
	const char *ptr[STEPS_MAX + 1];
	if (!lines)
		return;
	int k = steps_table(r, n, lines, STEPS_MAX + 1);
	for (int i = 0; i < k; i++)
		ptr[i] = lines[i];
	engine_record_steps_table(e, ptr, k);
	free(lines);
}

/* ---- the table ----------------------------------------------------------- */

int steps_table(const step_result *r, int n, char lines[][STEP_LINE], int max)
{
	int k = 0, w = 7;
	if (max < 1)
		return 0;
	for (int i = 0; i < n; i++)
		if ((int)strlen(r[i].label) > w)
			w = (int)strlen(r[i].label);
	if (w > 100)
		w = 100;
	/* Under an offered load the rate asked for stands beside the TPM
	 * achieved (and p95 counts from the intended starts). */
	int rated = 0;
	for (int i = 0; i < n; i++)
		rated |= r[i].offered_tpm > 0;
	char off[24] = "";
	if (rated)
		snprintf(off, sizeof off, " %10s", "offered");
	/* Where the server's waits were read, the class that took most of
	 * the sessions' time in each step, and its share. */
	int waited = 0;
	for (int i = 0; i < n; i++)
		waited |= r[i].wait_seconds > 0;
	char wt[32] = "";
	if (waited)
		snprintf(wt, sizeof wt, "  %-13s", "most waited");
	/* NOPM's 95% interval, where the caller could work it out. */
	int ci = 0;
	for (int i = 0; i < n; i++)
		ci |= r[i].nopm_ci;
	char iv[48] = "";
	if (ci)
		snprintf(iv, sizeof iv, " %17s", "95%-interval");
	snprintf(lines[k++], STEP_LINE, "%4s  %-*s %10s%s%s %10s %9s %9s %7s %6s%s", "step", w,
		 "setting", "NOPM", iv, off, "TPM", "p95 NO", "p95 Pay", "errors", "ratio", wt);
	for (int i = 0; i < n && k < max; i++) {
		uint64_t errs = 0;
		for (int c = 0; c < ERR_KIND_COUNT; c++)
			errs += r[i].errors[c];
		char ratio[16];
		if (r[0].nopm > 0)
			snprintf(ratio, sizeof ratio, "%.2f", r[i].nopm / r[0].nopm);
		else
			snprintf(ratio, sizeof ratio, "-");
		if (rated && r[i].offered_tpm > 0)
			snprintf(off, sizeof off, " %10.0f", r[i].offered_tpm);
		else if (rated)
			snprintf(off, sizeof off, " %10s", "-");
		double share;
		int dom = r[i].wait_seconds ? wait_dominant(r[i].wait_aas, &share) : -1;
		if (waited && dom >= 0)
			snprintf(wt, sizeof wt, "  %-8s %3.0f%%", wait_class_brief[dom], 100 * share);
		else if (waited)
			snprintf(wt, sizeof wt, "  %-13s", "-");
		if (ci && r[i].nopm_ci) {
			char span[40];
			snprintf(span, sizeof span, "%.0f..%.0f", r[i].nopm_lo, r[i].nopm_hi);
			snprintf(iv, sizeof iv, " %17s", span);
		} else if (ci)
			snprintf(iv, sizeof iv, " %17s", "-");
		snprintf(lines[k++], STEP_LINE, "%4d  %-*.*s %10.0f%s%s %10.0f %9.2f %9.2f %7llu %6s%s%s%s",
			 r[i].index, w, w, r[i].label, r[i].nopm, iv, off, r[i].tpm,
			 r[i].p95[TX_NEW_ORDER], r[i].p95[TX_PAYMENT], (unsigned long long)errs, ratio, wt,
			 r[i].offered_tpm > 0 && !r[i].rate_met ? "  (not achieved)" : "",
			 r[i].complete ? "" : !strcmp(r[i].ended_by, "next") ? "  (ended early)" :
			 "  (cut short)");
	}
	return k;
}
