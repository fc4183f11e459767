/* diskstats.h: the disk under the database: which block device holds a
 * directory (stat -> major:minor -> /sys/dev/block), and its read and write
 * IOPS and average latencies from /proc/diskstats.  The parsers are pure so
 * the unit test can feed them fixture text. */
#ifndef TPCC_DISKSTATS_H
#define TPCC_DISKSTATS_H

#include <stddef.h>

/* Cumulative counters of one /proc/diskstats line. */
typedef struct disk_counters {
	unsigned long long rd_ios, rd_ms, wr_ios, wr_ms;
} disk_counters;

/* Per second between two readings; a latency is -1 when no I/O completed
 * (there is nothing to average: show "-", never NaN). */
typedef struct disk_rates {
	double r_iops, w_iops;
	double r_ms, w_ms;
} disk_rates;

/* Find dev's line in the text of /proc/diskstats.  Returns 0, or -1 when
 * the device has no line (or the line is short). */
int diskstats_parse(const char *text, const char *dev, disk_counters *out);
/* Read /proc/diskstats now; 0 or -1. */
int diskstats_read(const char *dev, disk_counters *out);
/* b - a for a counter that may have wrapped: the kernel prints the time
 * fields (and, on 32-bit kernels, all of them) as 32-bit numbers. */
unsigned long long diskstats_delta(unsigned long long a, unsigned long long b);
/* Rates from a to b over dt seconds (dt <= 0: all zero, latencies -1). */
void diskstats_rates(const disk_counters *a, const disk_counters *b, double dt, disk_rates *out);

/* The filesystem type of the mount with device maj:min in the text of
 * /proc/self/mountinfo; 0, or -1 when no line has it. */
int diskstats_mount_fstype(const char *mountinfo, unsigned maj, unsigned min, char *fstype,
			   size_t len);
/* The block device whose /proc/diskstats line counts I/O to path (a file or
 * a directory): its name in dev, 0.  A partition is named as itself (it
 * has its own line), a device-mapper volume as dm-N.  -1 with why filled
 * ("overlay has no block device", "no such directory", ...) otherwise. */
int diskstats_device(const char *path, char *dev, size_t devlen, char *why, size_t whylen);

#endif
