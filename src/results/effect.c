/* effect.c: see effect.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "util/utf8.h"
#include "util/util.h"
#include "effect.h"

#define SIDE_MAX 600   /* seconds a side can hold: the longest window asked */

void effect_second_of(const tick *t, const mon_sample *s, effect_second *out)
{
	memset(out, 0, sizeof *out);
	out->t = t->t;
	out->nopm = t->nopm;
	for (int k = 0; k < TX_COUNT; k++)
		out->p95[k] = t->commits[k] ? t->p95[k] : NAN;
	if (!s)
		return;
	if (s->waits.source != WS_NONE) {
		out->waits = 1;
		memcpy(out->aas, s->waits.aas, sizeof out->aas);
	}
	out->nmetrics = s->nmetrics;
	memcpy(out->metric, s->metric, sizeof out->metric);
	memcpy(out->rate, s->rate, sizeof out->rate);
}

/* The two sides of one figure: x[0..nb) before, x[nb..nb+na) after, NAN
 * for a second without it. */
static void figure(const double *xb, int nb, const double *xa, int na, effect_figure *f)
{
	noise_stat sb, sa;
	double sum[2] = { 0, 0 };
	int n[2] = { 0, 0 };
	for (int i = 0; i < nb; i++)
		if (!isnan(xb[i]))
			sum[0] += xb[i], n[0]++;
	for (int i = 0; i < na; i++)
		if (!isnan(xa[i]))
			sum[1] += xa[i], n[1]++;
	memset(f, 0, sizeof *f);
	f->before = n[0] ? sum[0] / n[0] : NAN;
	f->after = n[1] ? sum[1] / n[1] : NAN;
	if (!n[0] || !n[1])
		return;
	noise_blocks(xb, nb, &sb);
	noise_blocks(xa, na, &sa);
	noise_compare(f->before, &sb, f->after, &sa, &f->v);
}

typedef struct sides {
	const effect_second *b[SIDE_MAX], *a[SIDE_MAX];
	int nb, na;
	double xb[SIDE_MAX], xa[SIDE_MAX];
} sides;

/* Which figure of a second: a type's p95, a class's AAS, a metric. */
typedef struct pick_arg {
	int k;
	const char *name;
	int per_s;
} pick_arg;

typedef double (*pick_fn)(const effect_second *s, const pick_arg *arg);

/* Fill xb/xa with one figure of each side's seconds, and compare them. */
static void pick(sides *sd, pick_fn fn, const pick_arg *arg, effect_figure *f)
{
	for (int i = 0; i < sd->nb; i++)
		sd->xb[i] = fn(sd->b[i], arg);
	for (int i = 0; i < sd->na; i++)
		sd->xa[i] = fn(sd->a[i], arg);
	figure(sd->xb, sd->nb, sd->xa, sd->na, f);
}

static double pick_nopm(const effect_second *s, const pick_arg *arg)
{
	(void)arg;
	return s->nopm;
}

static double pick_p95(const effect_second *s, const pick_arg *arg)
{
	return s->p95[arg->k];
}

static double pick_aas(const effect_second *s, const pick_arg *arg)
{
	return s->waits ? s->aas[arg->k] : NAN;
}

static double pick_metric(const effect_second *s, const pick_arg *arg)
{
	for (int i = 0; i < s->nmetrics; i++)
		if (!strcmp(s->metric[i].name, arg->name))
			return arg->per_s ? s->rate[i] : s->metric[i].value;
	return NAN;
}

/* How far a figure moved, for the ranking: beyond noise first, then the
 * relative change (from about nothing: the plain one, small). */
static double moved_by(const effect_figure *f)
{
	if (isnan(f->before) || isnan(f->after))
		return -1;
	double d = fabs(f->after - f->before);
	double base = fabs(f->before) > fabs(f->after) ? fabs(f->before) : fabs(f->after);
	double rel = base > 1e-9 ? d / base : 0;
	return rel + (f->v.known && f->v.beyond ? 10 : 0);
}

static void metrics(sides *sd, marker_effect *m)
{
	const effect_second *last = sd->na ? sd->a[sd->na - 1] : NULL;
	m->nmetrics = 0;
	for (int i = 0; last && i < last->nmetrics; i++) {
		effect_metric em;
		memset(&em, 0, sizeof em);
		str_copy(em.name, last->metric[i].name, sizeof em.name);
		em.per_s = last->metric[i].per_s;
		pick_arg arg = { .name = em.name, .per_s = em.per_s };
		pick(sd, pick_metric, &arg, &em.f);
		double by = moved_by(&em.f);
		/* Too few seconds to judge: no claim that it moved. */
		if (by <= 0 || !em.f.v.known)
			continue;
		/* Insert by how far it moved; keep the top EFFECT_METRICS. */
		int at = m->nmetrics;
		while (at > 0 && moved_by(&m->metric[at - 1].f) < by)
			at--;
		if (at >= EFFECT_METRICS)
			continue;
		int n = m->nmetrics < EFFECT_METRICS ? m->nmetrics : EFFECT_METRICS - 1;
		memmove(&m->metric[at + 1], &m->metric[at], (size_t)(n - at) * sizeof m->metric[0]);
		m->metric[at] = em;
		if (m->nmetrics < EFFECT_METRICS)
			m->nmetrics++;
	}
}

/* The wait class that says why NOPM moved: when NOPM fell beyond noise,
 * the class whose sessions rose most beyond their own noise (when it
 * rose, fell most), since a class that moved with the work explains
 * nothing (SQLite's checkpoints shrink when synchronous=FULL slows the
 * commits); else, or when no class moved that way, the class that
 * changed most.  -1: none moved. */
static int moved_most(const marker_effect *m)
{
	int dir = 0, any = -1, against = -1;
	double most = 0, most_against = 0;
	if (m->nopm.v.known && m->nopm.v.beyond)
		dir = m->nopm.after < m->nopm.before ? 1 : -1;   /* the waits' way */
	for (int c = 0; c < WC_COUNT; c++) {
		double d = m->aas[c].after - m->aas[c].before;
		if (isnan(d))
			continue;
		if (fabs(d) > most) {
			most = fabs(d);
			any = c;
		}
		if (dir && m->aas[c].v.known && m->aas[c].v.beyond && d * dir > most_against) {
			most_against = d * dir;
			against = c;
		}
	}
	return against >= 0 ? against : any;
}

int effect_compute(const effect_second *s, int n, int t, int window, marker_effect *out)
{
	sides sd;    /* about 20 KB: never called on a fiber's stack */
	memset(out, 0, sizeof *out);
	out->t = t;
	out->moved = -1;
	if (window > SIDE_MAX)
		window = SIDE_MAX;
	sd.nb = sd.na = 0;
	/* In order of time within each side, for the blocks. */
	for (int d = -window + 1; d <= window; d++)
		for (int i = 0; i < n; i++)
			if (s[i].t == t + d) {
				if (d <= 0)
					sd.b[sd.nb++] = &s[i];
				else
					sd.a[sd.na++] = &s[i];
				break;
			}
	out->nbefore = sd.nb;
	out->nafter = sd.na;
	pick_arg arg = { 0 };
	/* NOPM before even with nothing after yet: "after: wait". */
	pick(&sd, pick_nopm, &arg, &out->nopm);
	if (!sd.nb || !sd.na)
		return -1;
	for (arg.k = 0; arg.k < TX_COUNT; arg.k++)
		pick(&sd, pick_p95, &arg, &out->p95[arg.k]);
	int wb = 0, wa = 0;
	for (int i = 0; i < sd.nb; i++)
		wb += sd.b[i]->waits;
	for (int i = 0; i < sd.na; i++)
		wa += sd.a[i]->waits;
	out->waits = wb && wa;
	for (int c = 0; out->waits && c < WC_COUNT; c++) {
		arg.k = c;
		pick(&sd, pick_aas, &arg, &out->aas[c]);
	}
	if (out->waits)
		out->moved = moved_most(out);
	metrics(&sd, out);
	return 0;
}

const char *effect_verdict(const noise_verdict *v)
{
	return !v->known ? "too few seconds" : v->beyond ? "beyond noise" : "within noise";
}

void effect_waits_text(const marker_effect *m, char *buf, size_t len)
{
	buf[0] = '\0';
	if (m->moved < 0)
		return;
	int c = m->moved;
	const effect_figure *f = &m->aas[c];
	const char *noun = c == WC_CPU || c == WC_ROW_LOCK || c == WC_TABLE_LOCK ? "" : " waits";
	const char *judged = !f->v.known ? "" : f->v.beyond ? "" : " (within noise)";
	double b = f->before, a = f->after;
	/* From about nothing a percentage says nothing: sessions instead. */
	if (b < 0.05)
		snprintf(buf, len, "%s%s %+.1f sessions%s", wait_class_labels[c], noun, a - b, judged);
	else
		snprintf(buf, len, "%s%s %+.0f%%%s", wait_class_labels[c], noun, 100.0 * (a - b) / b,
			 judged);
}

void effect_headline(const marker_effect *m, const char *sep, char *buf, size_t len)
{
	char a[24], b[24], w[128];
	buf[0] = '\0';
	if (!m->nbefore || !m->nafter)
		return;
	const effect_figure *f = &m->nopm;
	double pct = f->before > 0 ? 100.0 * (f->after - f->before) / f->before : 0;
	size_t o = (size_t)snprintf(buf, len, "NOPM %+.1f%% %s%s (%s -> %s)", pct,
		 !f->v.known ? "too few s to judge" : f->v.beyond ? "beyond noise" : "within noise",
		 m->nafter < EFFECT_WINDOW ? " so far" : "",
		 fmt_thousands(f->before, a, sizeof a), fmt_thousands(f->after, b, sizeof b));
	effect_waits_text(m, w, sizeof w);
	if (o < len && w[0])
		snprintf(buf + o, len - o, "%s%s", sep, w);
}

int event_marker_label(const run_event *ev, char *buf, size_t len)
{
	int a, b;
	char name[64], from[64], to[64];
	if (!strcmp(ev->type, "vus") && sscanf(ev->text, "vus %d -> %d", &a, &b) == 2) {
		snprintf(buf, len, "VUs %d", b);
		return 1;
	}
	/* A change, or a put-back (the demo's, the end of a sweep's). */
	if (!strcmp(ev->type, "knob") &&
	    (sscanf(ev->text, "set %63s %63s -> %63s", name, from, to) == 3 ||
	     sscanf(ev->text, "put back %63s %63s -> %63s", name, from, to) == 3)) {
		/* "-> 900: SET GLOBAL: ..." carries the server's note after it. */
		size_t l = strlen(to);
		if (l > 1 && to[l - 1] == ':')
			to[l - 1] = '\0';
		snprintf(buf, len, "%s %s", name, to);
		return 1;
	}
	if (!strcmp(ev->type, "rate") && sscanf(ev->text, "rate %63s -> %63s", from, to) == 2) {
		snprintf(buf, len, "rate %s", to);
		return 1;
	}
	if (!strcmp(ev->type, "phase")) {
		const char *arrow = strstr(ev->text, "-> ");
		snprintf(buf, len, "%s", arrow ? arrow + 3 : "extended");
		return strncmp(ev->text, "phase idle", 10) != 0;
	}
	char colon;
	/* A sweep's step where it begins ("step 2/5: vus=4, settling ..."). */
	if (!strcmp(ev->type, "step") && sscanf(ev->text, "step %d/%d%c", &a, &b, &colon) == 3 &&
	    colon == ':') {
		snprintf(buf, len, "step %d", a);
		return 1;
	}
	if (!strcmp(ev->type, "mark") || !strcmp(ev->type, "pause")) {
		utf8_copy(buf, ev->text, len);      /* cut between characters */
		return 1;
	}
	return 0;
}
