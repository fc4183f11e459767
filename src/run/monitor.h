/* monitor.h: the one thread that samples the server and the host, once a
 * second on absolute deadlines, over one connection of its own:
 *
 * - the server's transaction counter, for the collector's `server TPM`
 *   (every run, every front end: it goes into the results);
 * - once the engine asks (monitor_watch: every run, as the results file
 *   keeps them per tick), the host's CPU split, this process's CPU, the
 *   server process's CPU and the I/O of the disk under its data directory
 *   when the server is local, and the server's own metrics.
 *
 * A slow server delays only this thread: the collector and the front ends
 * read the samples already taken and never wait. */
#ifndef TPCC_MONITOR_H
#define TPCC_MONITOR_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"
#include "config/options.h"
#include "core/sample.h"
#include "dialect/waits.h"

typedef struct monitor monitor;

/* Start the thread.  d (may be NULL) is the run's dialect.  When it or the
 * driver has a transaction counter, this connects and reads it once before
 * returning; when that fails (cannot connect, no privilege), note says why
 * and the run goes on without server TPM.  note is empty otherwise (and
 * when there is no counter at all, as with SQLite).  Returns -1 with err
 * only when the thread cannot be started. */
struct wait_totals;
/* drv_waits (may be NULL): the driver's own waits the VUs sum, read as the
 * waits where the driver counts them (wait_sampler.h). */
int monitor_start(const tpcc_config *cfg, const dialect *d, const struct wait_totals *drv_waits,
		  monitor **out, char *note,
		  size_t notelen, char *err, size_t errlen);
/* Stop the thread and free everything; m may be NULL. */
void monitor_stop(monitor *m);
/* Close the thread's connection and open none until monitor_return, for
 * a restore that makes the database again: 0 once it is closed, -1 when
 * the thread did not get round to it within ms (it is in a query a slow
 * server has not answered).  The seconds meanwhile are sampled still,
 * without the server's metrics, and there is no counter reading. */
int monitor_leave(monitor *m, int ms);
void monitor_return(monitor *m);
/* From now on, also sample CPU, disk and server metrics (see the top). */
void monitor_watch(monitor *m);

/* The latest counter reading: 1 with the count of committed + rolled-back
 * transactions and the CLOCK_MONOTONIC ns it was taken at, 0 when none. */
int monitor_txn_counter(monitor *m, int64_t *value, uint64_t *at_ns);
/* Copy up to max of the latest samples, oldest first; returns the count. */
int monitor_samples(monitor *m, mon_sample *out, int max);
/* How the server's waits are read: the source kind (enum
 * wait_source_kind; WS_NONE before the first reading or where there are
 * none), with what is read in label and the operator's line in note (a
 * missing privilege; may be empty). */
int monitor_waits(monitor *m, char *label, size_t labellen, char *note, size_t notelen);
/* The server's pid when it was found locally, else 0; and a line saying how
 * (or why not), for the CPU pane. */
pid_t monitor_server(monitor *m, char *how, size_t len);
/* The block device under the server's data directory (the SQLite file's):
 * 1 with its name in dev, else 0 with why not in why ("looking", "not
 * local", "overlay: no block device"...). */
int monitor_disk(monitor *m, char *dev, size_t devlen, char *why, size_t whylen);

#endif
