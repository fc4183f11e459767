/* demo.h: the demo's endless VU schedule: 1, 2, 4, ... up to a peak and back
 * down, one step every step_s seconds, then again.  Pure: no curses. */
#ifndef TPCC_UI_DEMO_H
#define TPCC_UI_DEMO_H

/* VUs at second t of the run for a schedule peaking at peak (a power of
 * two) with steps of step_s seconds. */
int demo_vus_at(int t, int peak, int step_s);

#endif
