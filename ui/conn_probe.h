/* conn_probe.h: "test connection" without waiting for it.  A probe copies
 * the settings, connects on a thread of its own, and keeps the outcome (the
 * server version and whether a TPC-C schema is there, or the error) for
 * whoever polls it.  The console's UI thread never blocks on the database:
 * a connection attempt that hangs only holds its own thread, bounded by
 * connection.connect_timeout. */
#ifndef TPCC_CONN_PROBE_H
#define TPCC_CONN_PROBE_H

#include <stddef.h>
#include "config/options.h"

typedef struct conn_probe conn_probe;

/* Start connecting with a copy of c.  Returns 0, or -1 with err filled
 * (the settings do not validate, or no thread could start). */
int conn_probe_start(const tpcc_config *c, conn_probe **out, char *err, size_t errlen);
/* 0 while connecting; 1 when done, with *ok and text ("OK: 10.11.6-MariaDB,
 * TPC-C schema with 4 warehouses" or the driver's error) filled. */
int conn_probe_poll(conn_probe *p, int *ok, char *text, size_t len);
/* Let go of the probe; a thread still connecting frees it when it ends. */
void conn_probe_release(conn_probe *p);

#endif
