/* local_server.h: where the database server runs when it runs here: its
 * process (for its CPU) and the block device under its data directory (for
 * the disk's I/O).  Both say, when they find nothing, why not, for the
 * console's CPU / disk pane. */
#ifndef TPCC_LOCAL_SERVER_H
#define TPCC_LOCAL_SERVER_H

#include <stddef.h>
#include <sys/types.h>
#include "drivers/driver.h"
#include "config/options.h"

/* Find the local server for cfg: connection.server_pid, else the owner of
 * the socket or TCP port, else the pid file the server names.  vars may be
 * NULL; otherwise it is asked for socket, port and pid_file when cfg does
 * not say.  Returns 0 when the server is not on this host. */
pid_t local_server_pid(const tpcc_config *cfg, db_conn *vars, char *how, size_t len);

/* The disk the SQLite file, or the local server's data directory, is on:
 * 0 with the device's /proc/diskstats name in dev, else -1 with why.  c
 * (may be NULL: then a connection of its own asks, and is closed again)
 * is asked for the data directory. */
int local_server_disk(const tpcc_config *cfg, db_conn *c, char *dev, size_t devlen, char *why,
		      size_t whylen);

#endif
