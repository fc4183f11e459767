/* server_tpm.h: a thread that reads the server's own transaction counter
 * once a second over a connection of its own, so the collector can show
 * `server TPM` beside the client's without ever waiting on the database
 * (nor taking the engine's control connection from the operator). */
#ifndef TPCC_SERVER_TPM_H
#define TPCC_SERVER_TPM_H

#include <stddef.h>
#include <stdint.h>
#include "dialect.h"
#include "options.h"

typedef struct server_tpm server_tpm;

/* Connect and start sampling.  When the dialect has no counter, returns 0
 * with *out NULL and note empty; when the first read fails (no privilege to
 * read it), *out NULL and why in note.  Either way the run goes on without
 * server TPM. */
int server_tpm_start(server_tpm **out, const tpcc_config *cfg, const dialect *d,
		     char *note, size_t notelen);
/* The latest reading: 1 with the counter and the CLOCK_MONOTONIC ns it was
 * taken at, 0 when there is none. */
int server_tpm_latest(server_tpm *m, int64_t *value, uint64_t *at_ns);
void server_tpm_stop(server_tpm *m);

#endif
