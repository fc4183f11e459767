/* events.h: reading run events for the screen: which ones are markers on
 * the charts and what their short label is, and the throughput before and
 * after a change.  Pure: no curses. */
#ifndef TPCC_UI_EVENTS_H
#define TPCC_UI_EVENTS_H

#include <stddef.h>
#include "report/noise.h"
#include "results/results.h"
#include "core/stats.h"

/* A short label ("VUs 16", "innodb_io_capacity 2000", "steady", the mark's
 * text) for events that change the run; returns 0 for the others (commands,
 * errors, SQL), which are not drawn on the charts. */
int event_marker_label(const run_event *ev, char *buf, size_t len);

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

#endif
