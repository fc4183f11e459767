/* sysinfo.c: see sysinfo.h.  Every figure is best effort: a file that
 * cannot be read leaves its field empty, never fails the run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#include "local_server.h"
#include "sysinfo.h"
#include "dialect/server.h"
#include "util/util.h"

static void trim(char *s)
{
	size_t n = strlen(s);
	while (n && (s[n - 1] == '\n' || s[n - 1] == ' ' || s[n - 1] == '\t'))
		s[--n] = '\0';
}

/* The first line of a small file, trimmed; "" when unreadable. */
static void read_line(const char *path, char *out, size_t len)
{
	FILE *f = fopen(path, "r");
	out[0] = '\0';
	if (!f)
		return;
	if (!fgets(out, (int)len, f))
		out[0] = '\0';
	fclose(f);
	trim(out);
}

static void cpu_model(char *out, size_t len)
{
	char line[512];
	FILE *f = fopen("/proc/cpuinfo", "r");
	out[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		/* x86 says "model name", many ARM kernels only "Hardware" or
		 * "Model"; the first one found wins. */
		if (strncmp(line, "model name", 10) && strncmp(line, "Hardware", 8) &&
		    strncmp(line, "Model", 5))
			continue;
		char *colon = strchr(line, ':');
		if (!colon)
			continue;
		colon++;
		while (*colon == ' ' || *colon == '\t')
			colon++;
		str_copy(out, colon, len);
		trim(out);
		break;
	}
	fclose(f);
}

static uint64_t mem_total(void)
{
	char line[256];
	unsigned long long kb = 0;
	FILE *f = fopen("/proc/meminfo", "r");
	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

void sysinfo_parse_scheduler(const char *line, char *out, size_t len)
{
	const char *a = strchr(line, '['), *b = a ? strchr(a, ']') : NULL;
	out[0] = '\0';
	if (!a || !b)
		return;
	size_t n = (size_t)(b - a - 1);
	if (n >= len)
		n = len - 1;
	memcpy(out, a + 1, n);
	out[n] = '\0';
}

/* A partition's model and scheduler are its whole disk's: /sys/class/block/
 * DEV/partition exists for a partition, and its parent directory is the
 * disk's. */
static void disk_details(sys_info *si)
{
	char path[512], base[300], line[256];
	snprintf(base, sizeof base, "/sys/class/block/%s", si->disk);
	snprintf(path, sizeof path, "%s/partition", base);
	if (access(path, F_OK) == 0)
		snprintf(base, sizeof base, "/sys/class/block/%s/..", si->disk);
	snprintf(path, sizeof path, "%s/device/model", base);
	read_line(path, si->disk_model, sizeof si->disk_model);
	snprintf(path, sizeof path, "%s/queue/scheduler", base);
	read_line(path, line, sizeof line);
	sysinfo_parse_scheduler(line, si->disk_scheduler, sizeof si->disk_scheduler);
	snprintf(path, sizeof path, "%s/queue/rotational", base);
	read_line(path, line, sizeof line);
	si->disk_rotational = line[0] ? atoi(line) : -1;
}

void sysinfo_read(sys_info *si, const tpcc_config *cfg, db_conn *c, const dialect *d)
{
	struct utsname u;
	memset(si, 0, sizeof *si);
	si->disk_rotational = -1;
	if (gethostname(si->hostname, sizeof si->hostname))
		si->hostname[0] = '\0';
	si->hostname[sizeof si->hostname - 1] = '\0';
	cpu_model(si->cpu_model, sizeof si->cpu_model);
	long n = sysconf(_SC_NPROCESSORS_ONLN);
	si->cpus = n > 0 ? (int)n : 0;
	si->mem_bytes = mem_total();
	if (uname(&u) == 0)
		snprintf(si->kernel, sizeof si->kernel, "%.60s %.60s %.40s", u.sysname, u.release,
			 u.machine);
	const db_driver *drv = driver_find(cfg->driver);
	if (drv && drv->caps.no_server) {
		str_copy(si->disk_why, "null driver: no database", sizeof si->disk_why);
		str_copy(si->server_how, "null driver: no server", sizeof si->server_how);
		return;
	}
	if (local_server_disk(cfg, c, si->disk, sizeof si->disk, si->disk_why, sizeof si->disk_why))
		si->disk[0] = '\0';
	else
		disk_details(si);
	si->server_local = local_server_pid(cfg, c, si->server_how, sizeof si->server_how) > 0;
	if (!c || !d || !d->compare_vars)
		return;
	for (int i = 0; d->compare_vars[i] && si->nvars < SYSINFO_VARS_MAX; i++) {
		db_error de;
		sys_var *v = &si->vars[si->nvars];
		if (server_get_var(c, d, d->compare_vars[i], v->value, sizeof v->value, &de))
			continue;   /* not on this version: left out */
		str_copy(v->name, d->compare_vars[i], sizeof v->name);
		si->nvars++;
	}
}
