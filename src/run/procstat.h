/* procstat.h: what Linux's /proc says about CPU time: the host's split
 * (user, system, iowait), one process's CPU seconds, and which local process
 * owns a listening socket (to find the database server we talk to). */
#ifndef TPCC_PROCSTAT_H
#define TPCC_PROCSTAT_H

#include <stddef.h>
#include <sys/types.h>

/* Cumulative jiffies from the first line of /proc/stat. */
typedef struct cpu_times {
	unsigned long long user, sys, iowait, idle, total;
} cpu_times;

/* Parse a "cpu  user nice system idle iowait irq softirq steal ..." line.
 * user counts nice; sys counts irq and softirq.  Returns 0 or -1. */
int procstat_parse_cpu(const char *line, cpu_times *out);
int procstat_host(cpu_times *out);
/* Percentages of all CPUs between two readings; 0 when no time passed. */
void procstat_host_pct(const cpu_times *a, const cpu_times *b,
		       double *user, double *sys, double *iowait);

/* CPU seconds (user + system) of pid from /proc/PID/stat; -1 on error. */
double procstat_pid_cpu(pid_t pid);
/* Seconds this process's threads have run or waited on a run queue to
 * run (each thread's schedstat under /proc/self/task), summed: what the client asked of the
 * CPUs, got or not.  Per second, near the host's CPU count, the client
 * itself was the limit, on a busy machine too.  -1 on error; threads that
 * ended are no longer counted (a difference can fall). */
double procstat_self_demand(void);
/* Parse the text of /proc/PID/stat: utime + stime in clock ticks. */
int procstat_parse_pid_stat(const char *text, unsigned long long *ticks);
/* The same, with the parent's pid and the CPU of the children it has
 * waited for (cutime + cstime). */
int procstat_parse_pid_stat_tree(const char *text, pid_t *ppid, unsigned long long *ticks,
				 unsigned long long *reaped);
/* CPU seconds of pid, of the children it has waited for, and of its live
 * children (and theirs): what a server made of processes (PostgreSQL, a
 * backend per connection) spends; a one-process server (MariaDB) reads as
 * procstat_pid_cpu.  -1 when pid cannot be read. */
double procstat_tree_cpu(pid_t pid);

/* The pid holding a listening Unix socket at path, or a TCP socket listening
 * on port (IPv4 or IPv6); 0 when not found here (remote server, or another
 * user's process we may not look into). */
pid_t procstat_socket_owner(const char *path);
pid_t procstat_port_owner(int port);
/* The pid written in a pid file, if that process exists; 0 otherwise. */
pid_t procstat_pidfile(const char *path);

#endif
