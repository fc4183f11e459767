/* events.h: reading run events for the screen: which ones are markers on
 * the charts and what their short label is, and the throughput before and
 * after a change.  Pure: no curses. */
#ifndef TPCC_UI_EVENTS_H
#define TPCC_UI_EVENTS_H

#include <stddef.h>
#include "util/noise.h"
#include "results/results.h"
#include "core/stats.h"
#include "run/monitor.h"

/* A short label ("VUs 16", "innodb_io_capacity 2000", "steady", the mark's
 * text) for events that change the run; returns 0 for the others (commands,
 * errors, SQL), which are not drawn on the charts. */
int event_marker_label(const run_event *ev, char *buf, size_t len);

/* The seconds each side of a marker its before/after compares. */
#define EFFECT_WINDOW 30

typedef struct event_effect {
	double before, after;     /* mean NOPM; valid when the counts are > 0 */
	int nbefore, nafter;      /* seconds that went into each */
	/* after against before by compare's test (block means of the two
	 * windows), so a DBA tuning live does not chase a ripple */
	noise_verdict v;
} event_effect;

/* NOPM over the window seconds up to the event's second t (ticks t-window+1
 * .. t) and the window seconds after it (t+1 .. t+window), from ticks
 * sorted by t, and whether the change is beyond their noise. */
void event_effect_of(const tick *ticks, int n, int t, int window, event_effect *out);

/* The waits before and after run second t, per class: mean AAS over the
 * window seconds each side, from monitor samples s[0..n) whose second is
 * off from the run's (run second = sample t + off), with the noise
 * verdict of each change; moved is the class whose AAS changed most (-1:
 * none had waits both sides). */
typedef struct wait_effect {
	int nbefore, nafter;
	double before[WC_COUNT], after[WC_COUNT];
	noise_verdict v[WC_COUNT];
	int moved;
} wait_effect;
void event_waits_effect(const mon_sample *s, int n, int off, int t, int window, wait_effect *out);
/* "log write/fsync waits -41%" (or "row locks +1.2 sessions" from about
 * none) for the moved class, with "(within noise)" when it is; "" when
 * none moved. */
void wait_effect_text(const wait_effect *w, char *buf, size_t len);

#endif
