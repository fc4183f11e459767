/* events.h: a marker's effect from what the console holds: its ticks and
 * the monitor's samples, whose clocks differ by a constant.  The
 * comparison itself is results/effect.h's, the one the results file and
 * the report use.  Pure: no curses. */
#ifndef TPCC_UI_EVENTS_H
#define TPCC_UI_EVENTS_H

#include <stddef.h>
#include "results/effect.h"

/* The effect at run second t from ticks[0..nt) (sorted by t) and
 * samples[0..ns) (sorted; run second = sample t + the last tick's t - the
 * last sample's t).  0, or -1 when a side has no second; nopm.before and
 * nbefore are set even then. */
int events_effect(const tick *ticks, int nt, const mon_sample *samples, int ns, int t,
		  marker_effect *out);

#endif
