/* serve_metrics.h: --metrics-listen for the subcommands that run the
 * workload (run, sweep): the socket is bound before anything connects, so
 * a port in use fails the command before any database work, and served
 * once the engine has started. */
#ifndef TPCC_SERVE_METRICS_H
#define TPCC_SERVE_METRICS_H

#include <stddef.h>
#include "config/options.h"
#include "metrics/endpoint.h"

/* Bind run.metrics_listen when set: *fd the socket, -1 when not asked.
 * EX_OK, EX_USAGE (a bad address) or EX_FAIL (cannot bind) with err. */
int serve_metrics_bind(const tpcc_config *c, int *fd, char *err, size_t errlen);
/* Serve e on fd (the endpoint owns it from now on) and print the address;
 * a failure is an error event, not the run's end.  NULL when fd < 0. */
endpoint *serve_metrics_start(engine *e, const tpcc_config *c, int fd);

#endif
