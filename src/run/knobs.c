/* knobs.c: changing server variables through the one knob journal
 * (knob_journal.h): engine_set_var reads, before and after the change, the
 * variable, the ones the dialect says move with it and the knob panel's,
 * and journals every one that moved; engine_restore_knobs puts them back.
 * The journal goes into the results file after each change, so a client
 * killed mid-run leaves what `restore-knobs` needs. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dialect/server.h"
#include "engine_int.h"
#include "util/util.h"

#define WATCH_MAX 48

/* The variables read around a change of name: its dependents, then the
 * knob panel's list, each once, name itself left out. */
static int watched(const engine *e, const char *name, const char **out, int max)
{
	int n = 0;
	const char *const *dep = e->d && e->d->dependents ? e->d->dependents(name) : NULL;
	const char *const *panel = e->d ? e->d->knobs : NULL;
	const char *list[KNOBS_MAX + 1];
	if (e->cfg.nknobs) {
		int k;
		for (k = 0; k < e->cfg.nknobs && k < KNOBS_MAX; k++)
			list[k] = e->cfg.knobs[k];
		list[k] = NULL;
		panel = list;
	}
	for (int pass = 0; pass < 2; pass++)
		for (const char *const *p = pass ? panel : dep; p && *p && n < max; p++) {
			int seen = !strcmp(*p, name);
			for (int i = 0; i < n && !seen; i++)
				seen = !strcmp(out[i], *p);
			if (!seen)
				out[n++] = *p;
		}
	return n;
}

/* A change or a put-back that found the server away waits for it, as the
 * VUs do (up to run.reconnect_give_up, 0: 300 s), rather than leave a
 * variable changed (a sweep sets variables around a server's restart):
 * 1 to try again, 0 to give up.  verb names a change, which says once
 * that it waits (*said) and gives up (-1) as soon as the run is stopped:
 * the operator's stop must not wait out the server.  With verb NULL (the
 * put-back at the run's end, which stopping is no reason to skip) it
 * waits silently. */
static int server_back(engine *e, const char *verb, const char *name, uint64_t since,
		       int *said)
{
	const struct timespec nap = { 0, 250 * 1000 * 1000 };
	int limit = e->cfg.reconnect_max_s ? e->cfg.reconnect_max_s : 300;
	if (!engine_ctl_lost(e) || (now_ns() - since) / 1e9 > limit)
		return 0;
	if (verb && engine_stopping(e))
		return -1;
	if (verb && !*said) {
		engine_event(e, "warning", "%s %s: the server is not answering; waiting up to %d s "
			     "for it (stop ends the wait)", verb, name, limit);
		*said = 1;
	}
	nanosleep(&nap, NULL);
	return 1;
}

static void write_journal(engine *e)
{
	knob_entry k[JOURNAL_MAX];
	int n = journal_copy(&e->journal, k, JOURNAL_MAX);
	pthread_mutex_lock(&e->lock);
	if (e->res && !e->done)
		results_knobs(e->res, k, n);
	pthread_mutex_unlock(&e->lock);
}

/* verb: the event's first word ("set", "put back"); back: the journal's
 * entry to put back (value unused), NULL to set value. */
static int set_journalled(engine *e, const char *verb, const char *name, const char *value,
			  const knob_entry *back, const char *by, char *was, size_t waslen,
			  char *err, size_t errlen)
{
	char old[128] = "?", now[128] = "?", note[256] = "", ign[256], saved_text[128] = "";
	const char *w[WATCH_MAX];
	static const size_t vl = 128;
	char (*before)[128] = NULL;
	int nw = watched(e, name, w, WATCH_MAX), saved = VAR_SAVED_UNKNOWN;

	uint64_t t0 = now_ns();
	int said = 0, up;
	while (engine_get_var(e, name, old, sizeof old, ign, sizeof ign)) {
		if ((up = server_back(e, verb, name, t0, &said)) > 0)
			continue;
		if (up < 0)
			snprintf(err, errlen, "%s %s: not done: the run is stopping and the server "
				 "is still not answering (%s)", verb, name, ign);
		else if (said)
			snprintf(err, errlen, "%s %s: not done: the server did not come back (%s)",
				 verb, name, ign);
		else
			snprintf(err, errlen, "%s %s: %s", verb, name, ign);
		return -1;
	}
	if (was)
		str_copy(was, old, waslen);
	/* Kept by the journal from the first change only: how to put the
	 * variable back without leaving a record of the run's own. */
	if (!back)
		saved = engine_ctl_saved_var(e, name, saved_text, sizeof saved_text);
	char buf[WATCH_MAX][128];
	before = buf;
	for (int i = 0; i < nw; i++)
		if (engine_get_var(e, w[i], before[i], vl, ign, sizeof ign))
			before[i][0] = '\0';
	if (back ? engine_ctl_put_back_var(e, back, note, sizeof note, err, errlen) :
		   engine_ctl_set_var(e, name, value, note, sizeof note, err, errlen))
		return -1;
	if (engine_get_var(e, name, now, sizeof now, ign, sizeof ign))
		str_copy(now, back ? back->old : value, sizeof now);
	journal_note(&e->journal, name, old, saved, saved_text, now, by, NULL);
	engine_event(e, "knob", "%s %s %s -> %s%s%s", verb, name, old, now, note[0] ? ": " : "", note);
	for (int i = 0; i < nw; i++) {
		char after[128];
		if (!before[i][0] || engine_get_var(e, w[i], after, sizeof after, ign, sizeof ign) ||
		    !strcmp(after, before[i]))
			continue;
		journal_note(&e->journal, w[i], before[i], VAR_SAVED_UNKNOWN, NULL, after, by, name);
		engine_event(e, "knob", "%s moved with %s: %s -> %s", w[i], name, before[i], after);
	}
	write_journal(e);
	return 0;
}

int engine_set_var_by(engine *e, const char *name, const char *value, const char *by,
		      char *was, size_t waslen, char *err, size_t errlen)
{
	pthread_mutex_lock(&e->knob_lock);
	int rc = -1;
	if (e->knobs_closed)
		snprintf(err, errlen, "set %s: the run is over and its variables were put back", name);
	else
		rc = set_journalled(e, "set", name, value, NULL, by, was, waslen, err, errlen);
	pthread_mutex_unlock(&e->knob_lock);
	return rc;
}

int engine_put_back_var(engine *e, const char *name, const char *by, char *err, size_t errlen)
{
	knob_entry k[JOURNAL_MAX];
	const knob_entry *x = NULL;
	int rc = -1;

	pthread_mutex_lock(&e->knob_lock);
	int n = journal_copy(&e->journal, k, JOURNAL_MAX);
	for (int i = 0; i < n && !x; i++)
		if (!strcmp(k[i].name, name) && !k[i].dependent_of[0])
			x = &k[i];
	if (e->knobs_closed)
		snprintf(err, errlen, "put back %s: the run is over and its variables were put back", name);
	else if (!x)
		snprintf(err, errlen, "put back %s: not changed in this run", name);
	else if ((rc = set_journalled(e, "put back", name, x->old, x, by, NULL, 0, err, errlen)) == 0) {
		journal_mark(&e->journal, name, 1, x->old);
		write_journal(e);
	}
	pthread_mutex_unlock(&e->knob_lock);
	return rc;
}

int engine_set_var(engine *e, const char *name, const char *value, char *err, size_t errlen)
{
	return engine_set_var_by(e, name, value, "set", NULL, 0, err, errlen);
}

void engine_restore_at_end(engine *e)
{
	atomic_store(&e->restore_at_end, 1);
}

int engine_knob_changed(engine *e, const char *name)
{
	return journal_changed(&e->journal, name);
}

/* Two rounds: a value the server refused or moved in the first (a
 * maximum below its minimum's value for a moment) goes in the second,
 * and one found back there after the first tried it was put back all the
 * same: its line is written then. */
int engine_restore_knobs(engine *e, char *err, size_t errlen)
{
	knob_entry k[JOURNAL_MAX];
	int order[JOURNAL_MAX], failed = 0, tried[JOURNAL_MAX] = { 0 };
	char note[256], now[128], why[512] = "", last[512] = "";

	uint64_t t0 = now_ns();
	for (int round = 0; round < 2; round++) {
		while (engine_get_var(e, "version", now, sizeof now, why, sizeof why) &&
		       server_back(e, NULL, NULL, t0, NULL))
			;
		int n = journal_copy(&e->journal, k, JOURNAL_MAX);
		int m = journal_put_back_order(k, n, order);
		failed = 0;
		for (int i = 0; i < m; i++) {
			knob_entry *x = &k[order[i]];
			why[0] = '\0';
			int back = engine_ctl_var_is_back(e, x, now, sizeof now, why, sizeof why);
			if (back <= 0) {
				tried[order[i]] = 1;
				if (engine_ctl_put_back_var(e, x, note, sizeof note, why, sizeof why) ||
				    engine_ctl_var_is_back(e, x, now, sizeof now, why,
							   sizeof why) <= 0) {
					if (!why[0] && strcmp(now, x->old))
						snprintf(why, sizeof why, "%s reads %s, not %s", x->name,
							 now, x->old);
					else if (!why[0])
						snprintf(why, sizeof why, "%s reads %s, but the server's "
							 "record of changed settings holds it otherwise "
							 "than before the run", x->name, now);
					str_copy(last, why, sizeof last);
					failed++;
					continue;
				}
			}
			journal_mark(&e->journal, x->name, 1, now);
			if (tried[order[i]])
				engine_event(e, "knob", "put back %s %s -> %s", x->name, x->now, x->old);
		}
		if (!failed)
			break;
	}
	write_journal(e);
	if (failed) {
		snprintf(err, errlen, "%d variable%s not put back: %s (the results file's "
			 "knob_journal names them: tpcc-console restore-knobs FILE)", failed,
			 failed == 1 ? "" : "s", last);
		engine_event(e, "error", "%s", err);
		return -1;
	}
	return 0;
}

void engine_restore_if_asked(engine *e)
{
	char err[768];
	if (!atomic_load(&e->restore_at_end) && !e->cfg.restore_knobs)
		return;
	pthread_mutex_lock(&e->knob_lock);
	e->knobs_closed = 1;
	engine_restore_knobs(e, err, sizeof err);
	pthread_mutex_unlock(&e->knob_lock);
}
