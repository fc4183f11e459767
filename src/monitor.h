/* monitor.h: a thread that samples, once a second on absolute deadlines, the
 * host's CPU split, this process's CPU, the database server process's CPU
 * and the I/O of the disk under its data directory when the server is
 * local, and the server's own metrics over a connection of its own.  A slow server delays only this thread: front ends read the
 * samples already taken and never wait. */
#ifndef TPCC_MONITOR_H
#define TPCC_MONITOR_H

#include <stddef.h>
#include <sys/types.h>
#include "driver.h"
#include "options.h"

#define MON_METRICS_MAX 16

typedef struct mon_sample {
	int t;                          /* seconds since the monitor started */
	double host_user, host_sys, host_iowait;  /* percent of all CPUs */
	double client;                  /* percent of one core */
	double server;                  /* percent of one core; -1 unknown */
	int disk;                       /* 1: the disk figures below are set */
	double disk_r_iops, disk_w_iops;          /* of the data directory's disk */
	double disk_r_ms, disk_w_ms;    /* average per I/O; -1 when none completed */
	int nmetrics;                   /* 0 when the driver has none or it failed */
	db_metric metric[MON_METRICS_MAX];        /* as the server reports them */
	double rate[MON_METRICS_MAX];   /* change per second since the last sample */
} mon_sample;

typedef struct monitor monitor;

/* Start the thread.  It connects for metrics itself (and retries), so this
 * never waits for the database. */
int monitor_start(const tpcc_config *cfg, monitor **out, char *err, size_t errlen);
/* Stop the thread and free everything; m may be NULL. */
void monitor_stop(monitor *m);
/* Copy up to max of the latest samples, oldest first; returns the count. */
int monitor_samples(monitor *m, mon_sample *out, int max);
/* The server's pid when it was found locally, else 0; and a line saying how
 * (or why not), for the CPU pane. */
pid_t monitor_server(monitor *m, char *how, size_t len);

/* The block device under the server's data directory (the SQLite file's
 * directory): 1 with its name in dev, else 0 with why not in why ("looking",
 * "not local", "overlay: no block device"...). */
int monitor_disk(monitor *m, char *dev, size_t devlen, char *why, size_t whylen);

/* Find the local server for cfg: connection.server_pid, else the owner of
 * the socket or TCP port, else the pid file the server names.  vars may be
 * NULL; otherwise it is asked for socket, port and pid_file when cfg does
 * not say.  Returns 0 when the server is not on this host. */
pid_t monitor_find_server(const tpcc_config *cfg, db_conn *vars, char *how, size_t len);

#endif
