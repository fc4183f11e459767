/* instance.h: where one client instance sits in a run that several share
 * (--warehouse-range, --start-at), checked and waited for alike by run and
 * sweep. */
#ifndef TPCC_SUBCOMMANDS_INSTANCE_H
#define TPCC_SUBCOMMANDS_INSTANCE_H

#include <stddef.h>
#include "config/options.h"
#include "signals.h"

/* The range's and start time's syntax, and that the range and
 * --all-warehouses are not both asked for.  *start_at gets the start time
 * (0 or in the past: at once).  0, or -1 with err filled (a usage error). */
int instance_check(const tpcc_config *c, long long *start_at, char *err, size_t errlen);

/* Wait until the wall clock reaches at, saying so once.  0 when it has, 1
 * when a signal asked to stop first. */
int instance_wait(long long at, signals *s);

#endif
