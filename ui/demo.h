/* demo.h: the demo's story, a schedule that loops until the operator
 * leaves: VU steps where throughput answers, then each of the dialect's
 * demo settings changed for a while and put back, then more VUs than the
 * database serves at once, each step with a caption saying what to watch.
 * Pure: no curses, no engine. */
#ifndef TPCC_UI_DEMO_H
#define TPCC_UI_DEMO_H

#include "dialect/dialect.h"

#define DEMO_ACTIONS 24

typedef enum demo_kind { DEMO_VUS, DEMO_SET, DEMO_PUT_BACK } demo_kind;

typedef struct demo_action {
	int at;                   /* seconds into the loop */
	demo_kind kind;
	int vus;                  /* DEMO_VUS */
	const char *name, *value; /* DEMO_SET (value), DEMO_PUT_BACK */
	char caption[192];
} demo_action;

typedef struct demo_plan {
	demo_action a[DEMO_ACTIONS];
	int n;
	int period;               /* seconds of one loop */
} demo_plan;

/* The story for knobs (NULL, or ended by a NULL name) with steps of
 * step_s seconds.  A setting stands two steps, after two steps of the same
 * VUs, so each side of its before/after verdict (30 s at the default 20 s
 * steps) sees one state only. */
void demo_plan_make(demo_plan *p, const dialect_demo_knob *knobs, int step_s);
/* The action in force at second t of the run (the last one due), and
 * which loop it is in; -1 before the first (t < 0). */
int demo_plan_at(const demo_plan *p, int t, int *loop);

/* The VU count in force once action i has run. */
int demo_plan_vus(const demo_plan *p, int i);

#endif
