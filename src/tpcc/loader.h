/* loader.h: generates the initial TPC-C population (clause 4.3.3) and loads
 * it with multi-row INSERTs, several warehouses in parallel. */
#ifndef TPCC_LOADER_H
#define TPCC_LOADER_H

#include <stdatomic.h>
#include <stddef.h>
#include "dialect/dialect.h"
#include "config/options.h"
#include "util/progress.h"
#include "rand.h"

/* Rows the load will write, for the progress bar. */
uint64_t loader_rows_estimate(int warehouses);

/* Load item and warehouses 1..cfg->warehouses on cfg->load_threads
 * connections.  *stop set non-zero (by a signal handler) ends the load early
 * with an error.  Returns 0, or -1 with err filled. */
int loader_run(const tpcc_config *cfg, const dialect *d, const tpcc_nurand_c *c_load,
	       const atomic_int *stop, progress *prog, char *err, size_t errlen);

#endif
