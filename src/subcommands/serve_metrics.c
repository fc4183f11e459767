/* serve_metrics.c: see serve_metrics.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "exit_codes.h"
#include "run/monitor.h"
#include "serve_metrics.h"

int serve_metrics_bind(const tpcc_config *c, int *fd, char *err, size_t errlen)
{
	char host[256];
	int port;

	*fd = -1;
	if (!c->metrics_listen[0])
		return EX_OK;
	if (endpoint_parse_listen(c->metrics_listen, host, sizeof host, &port, err, errlen))
		return EX_USAGE;
	*fd = endpoint_bind(c->metrics_listen, err, errlen);
	return *fd < 0 ? EX_FAIL : EX_OK;
}

endpoint *serve_metrics_start(engine *e, const tpcc_config *c, int fd)
{
	char merr[300], host[256];
	int port;
	endpoint *ep = NULL;

	if (fd < 0)
		return NULL;
	/* The endpoint serves the server's metrics too: sample them. */
	if (engine_monitor(e))
		monitor_watch(engine_monitor(e));
	if (endpoint_start(fd, e, &ep, merr, sizeof merr))
		engine_event(e, "error", "no metrics endpoint: %s", merr);
	else if (!endpoint_parse_listen(c->metrics_listen, host, sizeof host, &port, merr,
					sizeof merr))
		printf("metrics: http://%s%s%s:%d/metrics\n", strchr(host, ':') ? "[" : "", host,
		       strchr(host, ':') ? "]" : "", port);
	return ep;
}
