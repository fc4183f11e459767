/* effect_track.c: see effect_track.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "effect.h"
#include "effect_track.h"

/* The seconds kept: the window each side and a little. */
#define RECENT (2 * EFFECT_WINDOW + 4)
/* Markers waiting at once; past it the oldest is written with what it has. */
#define WAITING_MAX 64

typedef struct waiting {
	int t;
	size_t end;           /* its closing brace in the events' text */
} waiting;

struct effect_track {
	effect_second recent[RECENT];
	long nrecent;         /* seconds ever kept (second i at i % RECENT) */
	waiting w[WAITING_MAX];
	int nw;
};

effect_track *effect_track_new(void)
{
	return calloc(1, sizeof(effect_track));
}

void effect_track_free(effect_track *k)
{
	free(k);
}

void effect_track_second(effect_track *k, const tick *t, const mon_sample *s)
{
	if (!k)
		return;
	effect_second_of(t, s, &k->recent[k->nrecent % RECENT]);
	k->nrecent++;
}

void effect_track_event(effect_track *k, const run_event *ev, size_t end)
{
	char label[64];
	if (!k || !event_marker_label(ev, label, sizeof label))
		return;
	/* More markers within one window than this cannot be told apart:
	 * the later ones go without. */
	if (k->nw == WAITING_MAX)
		return;
	k->w[k->nw++] = (waiting){ ev->t, end };
}

static void figure_json(jbuf *b, const char *key, const effect_figure *f)
{
	jb_key(b, key);
	jb_obj_open(b);
	jb_kv_dbl(b, "before", f->before, 2);
	jb_kv_dbl(b, "after", f->after, 2);
	if (f->v.known) {
		jb_kv_dbl(b, "change_pct", f->v.change_pct, 1);
		jb_kv_dbl(b, "lo_pct", f->v.lo_pct, 1);
		jb_kv_dbl(b, "hi_pct", f->v.hi_pct, 1);
	}
	jb_kv_str(b, "verdict", effect_verdict(&f->v));
	jb_obj_close(b);
}

void effect_json(jbuf *b, const marker_effect *m)
{
	char line[400];
	jb_obj_open(b);
	jb_kv_int(b, "window_s", EFFECT_WINDOW);
	jb_kv_int(b, "before_s", m->nbefore);
	jb_kv_int(b, "after_s", m->nafter);
	effect_headline(m, " | ", line, sizeof line);
	jb_kv_str(b, "headline", line);
	figure_json(b, "nopm", &m->nopm);
	jb_key(b, "p95_ms");
	jb_obj_open(b);
	for (int k = 0; k < TX_COUNT; k++)
		if (!isnan(m->p95[k].before) && !isnan(m->p95[k].after))
			figure_json(b, txn_names[k], &m->p95[k]);
	jb_obj_close(b);
	if (m->waits) {
		jb_key(b, "waits");
		jb_obj_open(b);
		if (m->moved >= 0)
			jb_kv_str(b, "moved_most", wait_class_names[m->moved]);
		else
			jb_kv_null(b, "moved_most");
		for (int c = 0; c < WC_COUNT; c++)
			if (m->aas[c].before >= 0.005 || m->aas[c].after >= 0.005)
				figure_json(b, wait_class_names[c], &m->aas[c]);
		jb_obj_close(b);
	} else {
		jb_kv_null(b, "waits");
	}
	jb_key(b, "server_metrics");
	jb_arr_open(b);
	for (int i = 0; i < m->nmetrics; i++) {
		const effect_metric *x = &m->metric[i];
		jb_el_begin(b);
		jb_obj_open(b);
		jb_kv_str(b, "name", x->name);
		jb_kv_bool(b, "per_s", x->per_s);
		jb_kv_dbl(b, "before", x->f.before, 2);
		jb_kv_dbl(b, "after", x->f.after, 2);
		if (x->f.v.known)
			jb_kv_dbl(b, "change_pct", x->f.v.change_pct, 1);
		jb_kv_str(b, "verdict", effect_verdict(&x->f.v));
		jb_obj_close(b);
	}
	jb_arr_close(b);
	jb_obj_close(b);
}

/* The effect of waiting marker i into its event; it leaves the list. */
static void put(effect_track *k, jbuf *events, int i)
{
	/* The ring as it is: effect_compute finds the seconds by their t. */
	int n = k->nrecent < RECENT ? (int)k->nrecent : RECENT;
	marker_effect m;
	waiting w = k->w[i];
	memmove(&k->w[i], &k->w[i + 1], (size_t)(k->nw - i - 1) * sizeof k->w[0]);
	k->nw--;
	if (effect_compute(k->recent, n, w.t, EFFECT_WINDOW, &m))
		return;
	jbuf one;
	jb_init(&one);
	jb_raw(&one, ",\"effect\":");
	effect_json(&one, &m);
	if (!one.s.oom && w.end <= events->s.len) {
		strbuf_insert(&events->s, w.end, one.s.p, one.s.len);
		/* The events after it moved by as much. */
		for (int j = 0; j < k->nw; j++)
			if (k->w[j].end > w.end)
				k->w[j].end += one.s.len;
	}
	jb_free(&one);
}

int effect_track_flush(effect_track *k, jbuf *events, int final)
{
	if (!k || !k->nw || !k->nrecent)
		return 0;
	int last = k->recent[(k->nrecent - 1) % RECENT].t, put_in = 0;
	for (int i = 0; i < k->nw;)
		if (final || last >= k->w[i].t + EFFECT_WINDOW) {
			put(k, events, i);
			put_in++;
		} else {
			i++;
		}
	return put_in;
}
