/* effect_track.h: the markers of a results file waiting for the seconds
 * after them.  A marker's event is written at once; when the window after
 * it has passed (or the file is finished first), its effect (effect.h) is
 * put into that event as "effect".  The last seconds are kept for it. */
#ifndef TPCC_EFFECT_TRACK_H
#define TPCC_EFFECT_TRACK_H

#include "core/sample.h"
#include "core/stats.h"
#include "effect.h"
#include "json.h"
#include "event.h"

typedef struct effect_track effect_track;

/* NULL when out of memory (the file then goes without effects). */
effect_track *effect_track_new(void);
void effect_track_free(effect_track *k);
/* Each second of the file, as it is written. */
void effect_track_second(effect_track *k, const tick *t, const mon_sample *s);
/* An event just appended to events, its closing brace at byte end: kept
 * when it is a marker. */
void effect_track_event(effect_track *k, const run_event *ev, size_t end);
/* Put the effects that are due into events (all of them when final, with
 * the seconds there are); returns how many were put in. */
int effect_track_flush(effect_track *k, jbuf *events, int final);
/* The effect as the file writes it: an object. */
void effect_json(jbuf *b, const marker_effect *m);

#endif
