/* procstat.c: reading /proc.  Everything here is best effort: a field we
 * cannot read is reported as unknown, never as an error that stops a run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "procstat.h"

int procstat_parse_cpu(const char *line, cpu_times *out)
{
	unsigned long long v[8] = { 0 };
	if (strncmp(line, "cpu ", 4) != 0)
		return -1;
	int n = sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1],
		       &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]);
	if (n < 4)
		return -1;
	out->user = v[0] + v[1];
	out->sys = v[2] + v[5] + v[6];
	out->idle = v[3];
	out->iowait = v[4];
	out->total = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
	return 0;
}

int procstat_host(cpu_times *out)
{
	char line[512];
	FILE *f = fopen("/proc/stat", "r");
	if (!f)
		return -1;
	int rc = fgets(line, sizeof line, f) ? procstat_parse_cpu(line, out) : -1;
	fclose(f);
	return rc;
}

void procstat_host_pct(const cpu_times *a, const cpu_times *b,
		       double *user, double *sys, double *iowait)
{
	double dt = b->total > a->total ? (double)(b->total - a->total) : 0;
	*user = dt > 0 ? 100.0 * (double)(b->user - a->user) / dt : 0;
	*sys = dt > 0 ? 100.0 * (double)(b->sys - a->sys) / dt : 0;
	*iowait = dt > 0 ? 100.0 * (double)(b->iowait - a->iowait) / dt : 0;
}

int procstat_parse_pid_stat(const char *text, unsigned long long *ticks)
{
	/* The command name may hold spaces and parentheses: fields are counted
	 * from the last ')'.  utime and stime are fields 14 and 15. */
	const char *p = strrchr(text, ')');
	unsigned long long ut, st;
	if (!p)
		return -1;
	if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return -1;
	*ticks = ut + st;
	return 0;
}

int procstat_parse_pid_stat_tree(const char *text, pid_t *ppid, unsigned long long *ticks,
				 unsigned long long *reaped)
{
	const char *p = strrchr(text, ')');
	unsigned long long ut, st;
	long long cut, cst;
	int pp;
	if (!p)
		return -1;
	if (sscanf(p + 1, " %*c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %lld %lld", &pp,
		   &ut, &st, &cut, &cst) != 5)
		return -1;
	*ppid = (pid_t)pp;
	*ticks = ut + st;
	*reaped = (unsigned long long)(cut > 0 ? cut : 0) + (unsigned long long)(cst > 0 ? cst : 0);
	return 0;
}

/* The text of /proc/NAME/stat into buf; 0, or -1 when it is gone. */
static int read_stat(const char *name, char *buf, size_t len)
{
	char path[300];
	snprintf(path, sizeof path, "/proc/%s/stat", name);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, len - 1, f);
	fclose(f);
	buf[n] = '\0';
	return 0;
}

static double clock_ticks_seconds(unsigned long long ticks)
{
	long hz = sysconf(_SC_CLK_TCK);
	return (double)ticks / (double)(hz > 0 ? hz : 100);
}

double procstat_tree_cpu(pid_t pid)
{
	char name[32], text[1024];
	pid_t ppid;
	unsigned long long ticks, reaped, total;
	snprintf(name, sizeof name, "%d", (int)pid);
	if (read_stat(name, text, sizeof text) ||
	    procstat_parse_pid_stat_tree(text, &ppid, &ticks, &reaped))
		return -1;
	total = ticks + reaped;
	/* A child's time moves into the parent's reaped count when it is
	 * waited for, so the sum stays whole as backends come and go.  The
	 * kernel lists the main thread's children: the stat files of those
	 * alone are read, each second, rather than every process's in the
	 * system (that scan was a sixth of the client's CPU in a
	 * procedures run).  A server forks from its main thread (the
	 * postmaster has no other); without the list (a kernel built
	 * without it) every process is looked at. */
	char list[64];
	snprintf(list, sizeof list, "/proc/%d/task/%d/children", (int)pid, (int)pid);
	FILE *kids = fopen(list, "r");
	if (kids) {
		int child;
		while (fscanf(kids, "%d", &child) == 1) {
			snprintf(name, sizeof name, "%d", child);
			if (read_stat(name, text, sizeof text) == 0 &&
			    procstat_parse_pid_stat_tree(text, &ppid, &ticks, &reaped) == 0 &&
			    ppid == pid)
				total += ticks + reaped;
		}
		fclose(kids);
		return clock_ticks_seconds(total);
	}
	DIR *proc = opendir("/proc");
	struct dirent *d;
	while (proc && (d = readdir(proc))) {
		if (d->d_name[0] < '1' || d->d_name[0] > '9')
			continue;
		if (read_stat(d->d_name, text, sizeof text) == 0 &&
		    procstat_parse_pid_stat_tree(text, &ppid, &ticks, &reaped) == 0 && ppid == pid)
			total += ticks + reaped;
	}
	if (proc)
		closedir(proc);
	return clock_ticks_seconds(total);
}

double procstat_pid_cpu(pid_t pid)
{
	char name[32], text[1024];
	unsigned long long ticks;
	snprintf(name, sizeof name, "%d", (int)pid);
	if (read_stat(name, text, sizeof text) || procstat_parse_pid_stat(text, &ticks))
		return -1;
	long hz = sysconf(_SC_CLK_TCK);
	return (double)ticks / (double)(hz > 0 ? hz : 100);
}

double procstat_self_demand(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *t;
	double sum = 0;
	if (!d)
		return -1;
	while ((t = readdir(d))) {
		char path[300];
		unsigned long long run, wait;
		if (t->d_name[0] < '0' || t->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/self/task/%s/schedstat", t->d_name);
		FILE *f = fopen(path, "r");
		if (!f)
			continue;   /* the thread ended meanwhile */
		if (fscanf(f, "%llu %llu", &run, &wait) == 2)
			sum += (run + wait) / 1e9;
		fclose(f);
	}
	closedir(d);
	return sum;
}

/* The pid with an open fd on socket:[inode], by walking /proc/PID/fd. */
static pid_t inode_owner(unsigned long inode)
{
	char want[48], path[600], link[64];
	DIR *proc = opendir("/proc");
	struct dirent *p;
	pid_t found = 0;
	if (!proc)
		return 0;
	snprintf(want, sizeof want, "socket:[%lu]", inode);
	while (!found && (p = readdir(proc))) {
		if (p->d_name[0] < '1' || p->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s/fd", p->d_name);
		DIR *fds = opendir(path);
		struct dirent *f;
		if (!fds)
			continue; /* another user's process */
		while ((f = readdir(fds))) {
			snprintf(path, sizeof path, "/proc/%s/fd/%s", p->d_name, f->d_name);
			ssize_t n = readlink(path, link, sizeof link - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			if (!strcmp(link, want)) {
				found = (pid_t)atoi(p->d_name);
				break;
			}
		}
		closedir(fds);
	}
	closedir(proc);
	return found;
}

pid_t procstat_socket_owner(const char *path)
{
	char line[1024];
	unsigned long inode = 0;
	FILE *f;
	if (!path || !*path || !(f = fopen("/proc/net/unix", "r")))
		return 0;
	/* Num RefCount Protocol Flags Type St Inode Path; flags 00010000 is
	 * __SO_ACCEPTCON, a listening socket. */
	while (!inode && fgets(line, sizeof line, f)) {
		unsigned long flags, ino;
		char p[512];
		if (sscanf(line, "%*s %*s %*s %lx %*s %*s %lu %511s", &flags, &ino, p) == 3 &&
		    (flags & 0x10000) && !strcmp(p, path))
			inode = ino;
	}
	fclose(f);
	return inode ? inode_owner(inode) : 0;
}

static unsigned long listen_inode(const char *table, int port)
{
	char line[512];
	unsigned long inode = 0;
	FILE *f = fopen(table, "r");
	if (!f)
		return 0;
	/* sl local_address rem_address st ... inode; st 0A is LISTEN. */
	while (!inode && fgets(line, sizeof line, f)) {
		char local[64];
		unsigned st, lport;
		unsigned long ino;
		if (sscanf(line, " %*s %63s %*s %x %*s %*s %*s %*s %*s %lu", local, &st, &ino) != 3)
			continue;
		char *colon = strrchr(local, ':');
		if (colon && sscanf(colon + 1, "%x", &lport) == 1 && (int)lport == port && st == 0x0A)
			inode = ino;
	}
	fclose(f);
	return inode;
}

pid_t procstat_port_owner(int port)
{
	unsigned long inode;
	if (port <= 0)
		return 0;
	inode = listen_inode("/proc/net/tcp", port);
	if (!inode)
		inode = listen_inode("/proc/net/tcp6", port);
	return inode ? inode_owner(inode) : 0;
}

pid_t procstat_pidfile(const char *path)
{
	char buf[32], proc[48];
	FILE *f;
	if (!path || !*path || !(f = fopen(path, "r")))
		return 0;
	int ok = fgets(buf, sizeof buf, f) != NULL;
	fclose(f);
	long pid = ok ? strtol(buf, NULL, 10) : 0;
	if (pid <= 0)
		return 0;
	snprintf(proc, sizeof proc, "/proc/%ld", pid);
	return access(proc, F_OK) == 0 ? (pid_t)pid : 0;
}
