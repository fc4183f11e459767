/* event.h: one event of a run's timeline, as the engine logs it and the
 * results file keeps it. */
#ifndef TPCC_EVENT_H
#define TPCC_EVENT_H

typedef struct run_event {
	int t;                    /* second of the run */
	char type[16];            /* vus, phase, knob, mark, error, command, info */
	char text[256];
} run_event;

#endif
