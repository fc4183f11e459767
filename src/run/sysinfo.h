/* sysinfo.h: the machine a run ran on, as published benchmark reports list
 * it (CPU model and count, memory, kernel, the data directory's disk), and
 * the server variables a DBA compares between two runs.  Read once, when
 * the run starts, into the results file's "system" object. */
#ifndef TPCC_SYSINFO_H
#define TPCC_SYSINFO_H

#include <stddef.h>
#include <stdint.h>
#include "config/options.h"
#include "dialect/dialect.h"
#include "drivers/driver.h"
#include "core/sample.h"

/* Fill si.  c (may be NULL) is a connection to the run's server, for its
 * data directory, process and variables; d its dialect (may be NULL). */
void sysinfo_read(sys_info *si, const tpcc_config *cfg, db_conn *c, const dialect *d);

/* The scheduler marked [like this] in a queue/scheduler line; "" if none. */
void sysinfo_parse_scheduler(const char *line, char *out, size_t len);

#endif
