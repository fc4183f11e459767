/* sysinfo.h: the machine a run ran on, as published benchmark reports list
 * it (CPU model and count, memory, kernel, the data directory's disk), and
 * the server variables a DBA compares between two runs.  Read once, when
 * the run starts, into the results file's "system" object. */
#ifndef TPCC_SYSINFO_H
#define TPCC_SYSINFO_H

#include <stddef.h>
#include <stdint.h>
#include "config/options.h"
#include "dialect/dialect.h"
#include "drivers/driver.h"

#define SYSINFO_VARS_MAX 24

typedef struct sys_var {
	char name[64];
	char value[128];
} sys_var;

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

/* Fill si.  c (may be NULL) is a connection to the run's server, for its
 * data directory, process and variables; d its dialect (may be NULL). */
void sysinfo_read(sys_info *si, const tpcc_config *cfg, db_conn *c, const dialect *d);

/* The scheduler marked [like this] in a queue/scheduler line; "" if none. */
void sysinfo_parse_scheduler(const char *line, char *out, size_t len);

#endif
