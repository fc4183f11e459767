/* endpoint.h: the /metrics HTTP endpoint (libmicrohttpd), serving the
 * engine's published copy in the Prometheus text format.
 *
 * Bounded so a slow or hostile client cannot slow the run or grow memory:
 * one event-driven thread serves every connection (a slow one holds only
 * its own socket), at most ENDPOINT_CONNECTIONS at once, each closed after
 * ENDPOINT_TIMEOUT_S idle seconds, its request line and headers within
 * ENDPOINT_REQUEST_BYTES; a request with a body is refused with 413 unread.
 * A scrape copies the publication under a lock no VU takes. */
#ifndef TPCC_ENDPOINT_H
#define TPCC_ENDPOINT_H

#include <stddef.h>
#include "run/engine.h"

#define ENDPOINT_CONNECTIONS 64
#define ENDPOINT_TIMEOUT_S 5
#define ENDPOINT_REQUEST_BYTES 16384

typedef struct endpoint endpoint;

/* "PORT", ":PORT", "ADDR:PORT" or "[ADDR6]:PORT"; no address: loopback
 * (127.0.0.1).  Fills host and *port; -1 with err saying what was expected. */
int endpoint_parse_listen(const char *spec, char *host, size_t hostlen, int *port,
			  char *err, size_t errlen);
/* Bind and listen on spec (run.metrics_listen) before the run starts, so
 * a port in use fails the command before any database work.  Returns the
 * listening socket, or -1 with err. */
int endpoint_bind(const char *spec, char *err, size_t errlen);
/* Serve e on the socket endpoint_bind made (the endpoint owns it now)
 * until endpoint_stop.  The run's fixed labels are read from e now, so
 * call it after engine_start.  Returns 0, -1 with err. */
int endpoint_start(int fd, engine *e, endpoint **out, char *err, size_t errlen);
/* Close the socket, end the thread and free; ep may be NULL. */
void endpoint_stop(endpoint *ep);

#endif
