/* effect.h: what changed at a marker (a knob set, a mark, a sweep step, a
 * phase, a VU change): the seconds after it against the seconds before,
 * for NOPM, each type's p95, each wait class and the server metrics that
 * moved most, each with its noise verdict.  One computation for the
 * results file (written into the marker's event), the console's events
 * pane and marker list, and the report's table.  Pure: no locks, no I/O. */
#ifndef TPCC_EFFECT_H
#define TPCC_EFFECT_H

#include <stddef.h>
#include "core/sample.h"
#include "core/stats.h"
#include "util/noise.h"
#include "event.h"

/* The seconds each side of a marker. */
#define EFFECT_WINDOW 30
/* The server metrics kept: those that moved most. */
#define EFFECT_METRICS 3

/* One second as the comparison reads it. */
typedef struct effect_second {
	int t;                          /* the run's second */
	double nopm;
	double p95[TX_COUNT];           /* ms; NAN: none of the type committed */
	int waits;                      /* aas was read this second */
	double aas[WC_COUNT];
	int nmetrics;
	db_metric metric[MON_METRICS_MAX];
	double rate[MON_METRICS_MAX];   /* the counters' change per second */
} effect_second;

/* The second of tick t with its monitor sample s (may be NULL). */
void effect_second_of(const tick *t, const mon_sample *s, effect_second *out);

typedef struct effect_figure {
	double before, after;           /* means; NAN: no second on that side */
	noise_verdict v;
} effect_figure;

typedef struct effect_metric {
	char name[48];
	int per_s;                      /* a counter, compared by its change per second */
	effect_figure f;
} effect_metric;

typedef struct marker_effect {
	int t;                          /* the marker's second */
	int nbefore, nafter;            /* seconds each side (after < window: so far) */
	effect_figure nopm;
	effect_figure p95[TX_COUNT];
	int waits;                      /* seconds with waits on both sides */
	effect_figure aas[WC_COUNT];
	int moved;                      /* the class that explains the change (effect.c), -1 none */
	int nmetrics;                   /* the metrics that moved most, most first */
	effect_metric metric[EFFECT_METRICS];
} marker_effect;

/* The effect at second t from s[0..n) (in any order; seconds outside the
 * two windows are skipped): the window seconds up to t (t-window+1 .. t)
 * against the window seconds after it (t+1 .. t+window).  Returns 0, or
 * -1 when a side has no second (nothing to compare). */
int effect_compute(const effect_second *s, int n, int t, int window, marker_effect *out);

/* "within noise", "beyond noise" or "too few seconds" (not enough blocks). */
const char *effect_verdict(const noise_verdict *v);

/* The one line of a marker's effect, the verdict first: "NOPM +12.3%
 * beyond noise (35,188 -> 39,518) | log write/fsync waits -41%". sep is
 * the separator before the waits' part.  "" when there is no effect. */
void effect_headline(const marker_effect *m, const char *sep, char *buf, size_t len);

/* "log write/fsync waits -41%" (or "row locks +1.2 sessions" from about
 * none) for the class that explains the change (m->moved), "(within
 * noise)" when it is; "" when none moved. */
void effect_waits_text(const marker_effect *m, char *buf, size_t len);

/* A short label ("VUs 16", "innodb_io_capacity 2000", "step 2", the
 * mark's text) for events that change the run; 0 for the others
 * (commands, errors, SQL), which are not markers. */
int event_marker_label(const run_event *ev, char *buf, size_t len);

#endif
