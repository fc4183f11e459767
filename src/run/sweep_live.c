/* sweep_live.c: see sweep_live.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ab_trial.h"
#include "step.h"
#include "sweep_live.h"
#include "tpcc/snapshot.h"
#include "util/util.h"

typedef struct live {
	engine *e;
	int n;
	ab_trial *ab;             /* an A/B trial's estimate; NULL: a sweep */
	tpcc_config cfg;          /* reset-between: whose schema to restore */
	/* A restore between steps runs to its end: a stop asked meanwhile is
	 * taken when it is done (the engine joins this job in engine_wait). */
	atomic_int no_stop;
	step_spec steps[STEPS_MAX];
	step_result res[STEPS_MAX];
} live;

/* The sweep.* option a word names: "vus", "knob", "settle" by the key's
 * last part, or a long option such as "reset-between". */
static const opt_def *sweep_option(const char *name, size_t len)
{
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (strncmp(o->key, "sweep.", 6))
			continue;
		const char *tail = o->key + 6;
		if ((strlen(tail) == len && !strncmp(tail, name, len)) ||
		    (o->longopt && strlen(o->longopt) == len && !strncmp(o->longopt, name, len)))
			return o;
	}
	return NULL;
}

static void expected(char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < opt_count && used < len; i++) {
		const opt_def *o = &opt_table[i];
		if (strncmp(o->key, "sweep.", 6))
			continue;
		int k = snprintf(buf + used, len - used, "%s%s=%s", used ? ", " : "", o->key + 6,
				 o->argname ? o->argname : "VALUE");
		used += k > 0 ? (size_t)k : 0;
	}
}

static int live_args(const char *who, const tpcc_config *base, const char *words,
		     tpcc_config *out, char *err, size_t errlen)
{
	char msg[512], want[512];
	*out = *base;
	out->sweep_vus[0] = out->sweep_knob[0] = out->sweep_steps[0] = '\0';
	for (const char *p = words;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		const char *w = p;
		while (*p && !isspace((unsigned char)*p))
			p++;
		size_t wl = (size_t)(p - w);
		const char *name = w;
		if (wl > 2 && w[0] == '-' && w[1] == '-')
			name += 2;
		size_t nl = wl - (size_t)(name - w);
		const char *eq = memchr(name, '=', nl);
		if (eq)
			nl = (size_t)(eq - name);
		const opt_def *o = sweep_option(name, nl);
		if (!o) {
			expected(want, sizeof want);
			snprintf(err, errlen, "%s: unknown argument '%.*s'; expected %s", who, (int)wl,
				 w, want);
			return -1;
		}
		char value[sizeof out->sweep_steps];
		if (eq && o->offset == offsetof(tpcc_config, sweep_steps)) {
			/* The steps have spaces of their own: the rest of the line. */
			size_t l = strlen(eq + 1);
			while (l && isspace((unsigned char)eq[l]))
				l--;
			str_copy(value, eq + 1, l + 1 < sizeof value ? l + 1 : sizeof value);
			p += strlen(p);
		} else if (eq) {
			snprintf(value, sizeof value, "%.*s", (int)(w + wl - eq - 1), eq + 1);
		} else if (o->type == OPT_BOOL) {
			str_copy(value, "true", sizeof value);
		} else {
			/* "--vus 1,2": the value is the next word. */
			while (isspace((unsigned char)*p))
				p++;
			const char *v = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
			if (v == p) {
				snprintf(err, errlen, "%s: %.*s: missing value; expected %.*s=%s", who,
					 (int)nl, name, (int)nl, name, o->argname ? o->argname : "VALUE");
				return -1;
			}
			snprintf(value, sizeof value, "%.*s", (int)(p - v), v);
		}
		if (opt_set(out, o, value, msg, sizeof msg)) {
			snprintf(err, errlen, "%s: %.*s: %s", who, (int)nl, name, msg);
			return -1;
		}
	}
	return 0;
}

int sweep_live_args(const tpcc_config *base, const char *words, tpcc_config *out,
		    char *err, size_t errlen)
{
	return live_args("sweep", base, words, out, err, errlen);
}

/* step_spec.reset for reset-between, as the sweep subcommand's: the steps'
 * runner has stopped the VUs and, where the restore makes the database
 * again, closed the run's other connections. */
static int live_reset(void *ud, char *err, size_t errlen)
{
	live *l = ud;
	snapshot_report r;
	return snapshot_restore(&l->cfg, 1, &l->no_stop, NULL, &r, err, errlen) ? -1 : 0;
}

static void *runner(void *arg)
{
	live *l = arg;
	engine *e = l->e;
	int nres = 0, t, done;
	char err[512] = "", ign[256];
	int failed = steps_run(e, l->steps, l->n, l->res, &nres, err, sizeof err);
	engine_clock(e, &t, &done);
	/* A stop that ended the steps stops the run itself, as its own. */
	int stopping = nres > 0 && !strcmp(l->res[nres - 1].ended_by, "stop");
	if (!done && l->ab)
		engine_event(e, "ab", "ab %s after %d of %d segments: %s; the run ends",
			     stopping ? "stopped" : failed ? "failed" : "done", nres, l->n,
			     l->ab->verdict);
	else if (!done)
		engine_event(e, "sweep", "sweep %s after %d of %d step%s: the run ends",
			     stopping ? "stopped" : failed ? "failed" : "done", nres, l->n,
			     l->n == 1 ? "" : "s");
	/* As the sweep subcommand's: the steps were the steady phase. */
	if (!done && !stopping)
		engine_start_rampdown(e, ign, sizeof ign);
	free(l->ab);
	free(l);
	return NULL;
}

/* The steps of a sweep (ab NULL) or of an A/B trial from words, checked
 * with the server, started on the engine's job thread. */
static int live_start(engine *e, const char *who, const char *words, char *out,
		      size_t outlen, char *err, size_t errlen)
{
	tpcc_config *c = malloc(sizeof *c);
	live *l = calloc(1, sizeof *l);
	int rc = -1, is_ab = !strcmp(who, "ab");
	if (!c || !l || (is_ab && !(l->ab = calloc(1, sizeof *l->ab)))) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (engine_job_running(e)) {
		snprintf(err, errlen, "%s: a sweep or an A/B trial is under way already (next ends "
			 "its step, stop ends it and the run)", who);
		goto out;
	}
	if (live_args(who, engine_config(e), words, c, err, errlen))
		goto out;
	l->e = e;
	if (is_ab) {
		l->n = ab_trial_init(l->ab, c, l->steps, err, errlen);
	} else
		l->n = steps_from_config(c, l->steps, STEPS_MAX, err, errlen);
	if (l->n < 0)
		goto out;
	/* Every value is put to the server before anything changes. */
	if (steps_check(e, l->steps, l->n, err, errlen))
		goto out;
	/* A snapshot of this schema's warehouse count must exist before the
	 * first step.  (The subcommand also asks, before its run connects,
	 * whether anyone else holds a database the restore makes again; here
	 * the run's own sessions are open, so a foreign one is found by the
	 * first restore, which then fails its step with the reason.) */
	if (c->sweep_reset && !is_ab) {
		snapshot_report sr;
		char why[512];
		if (snapshot_usable(c, 0, &sr, why, sizeof why)) {
			snprintf(err, errlen, "sweep: reset-between: %s", why);
			goto out;
		}
		l->cfg = *c;
		atomic_init(&l->no_stop, 0);
		for (int i = 0; i < l->n; i++)
			l->steps[i].reset = live_reset, l->steps[i].reset_ud = l;
	}
	int total = 0;
	for (int i = 0; i < l->n; i++)
		total += l->steps[i].settle + l->steps[i].seconds;
	/* Said before the runner starts: it frees l when it is done. */
	if (is_ab) {
		snprintf(out, outlen, "ab: %d segments, A = %s, B = %s (settle %d s, measure %d s "
			 "each; about %d s), then the run ends; stop ends the trial and the run",
			 l->n, l->ab->label[0], l->ab->label[1], l->steps[0].settle,
			 l->steps[0].seconds, total);
		engine_event(e, "ab", "A/B trial of %d segments: A = %s, B = %s", l->n,
			     l->ab->label[0], l->ab->label[1]);
	} else {
		snprintf(out, outlen, "sweep: %d step%s (settle %d s, measure %d s each; about "
			 "%d s), then the run ends; next ends a step early, stop ends the sweep "
			 "and the run", l->n, l->n == 1 ? "" : "s", l->steps[0].settle,
			 l->steps[0].seconds, total);
		engine_event(e, "sweep", "sweep of %d step%s: %s", l->n, l->n == 1 ? "" : "s",
			     words);
	}
	if (is_ab)
		ab_trial_start(l->ab, e);
	if (engine_job_start(e, runner, l, err, errlen)) {
		if (is_ab)
			engine_ab_state(e, 0, "");
		out[0] = '\0';
		goto out;
	}
	l = NULL;   /* the runner's now */
	rc = 0;
out:
	free(c);
	if (l)
		free(l->ab);
	free(l);
	return rc;
}

int sweep_live_start(engine *e, const char *words, char *out, size_t outlen, char *err,
		     size_t errlen)
{
	return live_start(e, "sweep", words, out, outlen, err, errlen);
}

int ab_live_start(engine *e, const char *words, char *out, size_t outlen, char *err,
		  size_t errlen)
{
	return live_start(e, "ab", words, out, outlen, err, errlen);
}
