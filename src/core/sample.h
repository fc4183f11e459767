/* sample.h: what the monitor and sysinfo measure, as plain records: the
 * run takes them (src/run/monitor.c, sysinfo.c), the results file and the
 * front ends read them.  They live here, below every layer, so that
 * results/ can write them without reaching up into run/. */
#ifndef TPCC_SAMPLE_H
#define TPCC_SAMPLE_H

#include <stdint.h>
#include "waits.h"

/* One of a server's own counters or gauges, as its dialect reads it
 * (src/dialect/server.h). */
typedef struct db_metric {
	char name[48];
	double value;
	/* A counter, read as its change per second (the dialect's view says
	 * so); 0: a gauge, read as it is.  Set by the monitor. */
	int per_s;
} db_metric;

#define MON_METRICS_MAX 16

typedef struct mon_sample {
	int t;                          /* seconds since the monitor started */
	double host_user, host_sys, host_iowait;  /* percent of all CPUs */
	double client;                  /* percent of one core */
	double server;                  /* percent of one core; -1 unknown */
	int disk;                       /* 1: the disk figures below are set */
	double disk_r_iops, disk_w_iops;          /* of the data directory's disk */
	double disk_r_ms, disk_w_ms;    /* average per I/O; -1 when none completed */
	double db_mb, log_mb;           /* a database kept in a file here (SQLite):
	                                 * its size and its log's; -1: not one */
	int nmetrics;                   /* 0 when the driver has none or it failed */
	db_metric metric[MON_METRICS_MAX];        /* as the server reports them */
	double rate[MON_METRICS_MAX];   /* change per second since the last sample */
	wait_second waits;              /* the run's sessions' waits (source WS_NONE: none) */
} mon_sample;

#define SYSINFO_VARS_MAX 24

typedef struct sys_var {
	char name[64];
	char value[128];
} sys_var;

/* The machine a run ran on, and the server variables a DBA compares. */
typedef struct sys_info {
	char hostname[128];
	char cpu_model[128];        /* "" when /proc/cpuinfo does not say */
	int cpus;                   /* online */
	uint64_t mem_bytes;         /* MemTotal; 0 unknown */
	char kernel[192];           /* uname: sysname release machine */
	char disk[64];              /* the data directory's block device, "" none */
	char disk_why[160];         /* ... and why there is none */
	char disk_model[128];       /* /sys/block/DEV/device/model, "" unreadable */
	char disk_scheduler[64];    /* the one in [brackets], "" unreadable */
	int disk_rotational;        /* 1 spinning, 0 not, -1 unknown */
	int server_local;           /* the server's process was found here */
	char server_how[160];       /* its pid and how it was found, or why not */
	int nvars;
	sys_var vars[SYSINFO_VARS_MAX];  /* the dialect's compare_vars that read */
} sys_info;

#endif
