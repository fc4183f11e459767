/* tdist.h: Student's t quantile the verdicts' intervals use, in one place
 * for the layers that state an interval (the noise test and the A/B
 * estimate in src/report/noise.c, the steady-state trend in
 * src/run/steady.c). */
#ifndef TPCC_TDIST_H
#define TPCC_TDIST_H

/* Student's t, two-sided 95%, for df degrees of freedom (>= 1). */
double tdist_t95(double df);

#endif
