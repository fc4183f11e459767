/* build_offer.h: when the console is asked to run on a database without a
 * TPC-C schema, it offers to build one ("No TPC-C schema in DB. Build W
 * warehouses now? (y/n)") and on y builds it with the same code as `build`
 * (src/tpcc/build_job.h, as `build` starts it), drawing the progress (bar, rows/s,
 * warehouses done, ETA) in curses as it goes.  Then the run can start. */
#ifndef TPCC_UI_BUILD_OFFER_H
#define TPCC_UI_BUILD_OFFER_H

#include <stdatomic.h>
#include <stddef.h>
#include "config/options.h"

enum build_offer_result { OFFER_FAILED = -1, OFFER_DECLINED = 0, OFFER_BUILT = 1 };

/* Ask, and build on y.  *stop (set by the signal thread) ends the question
 * or the load.  Returns an enum build_offer_result; on OFFER_FAILED err
 * says why (the terminal, or the build's error).  The terminal is given back
 * on return. */
int build_offer_run(const tpcc_config *c, const atomic_int *stop, char *err, size_t errlen);

#endif
