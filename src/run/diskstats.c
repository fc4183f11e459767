/* diskstats.c: see diskstats.h.  Best effort, as procstat.c: a disk we
 * cannot find is shown as "n/a" with the reason, never an error that stops
 * a run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include "diskstats.h"

/* Call fn on each line of text (without its newline) until it returns
 * nonzero; returns that value, or 0.  Lines longer than the buffer are cut:
 * the fields we want are near the start. */
static int each_line(const char *text, int (*fn)(const char *line, void *ctx), void *ctx)
{
	char line[4096];
	for (const char *p = text; *p;) {
		size_t n = strcspn(p, "\n");
		size_t k = n < sizeof line - 1 ? n : sizeof line - 1;
		memcpy(line, p, k);
		line[k] = '\0';
		int rc = fn(line, ctx);
		if (rc)
			return rc;
		p += n;
		if (*p == '\n')
			p++;
	}
	return 0;
}

struct find_dev {
	const char *dev;
	disk_counters *out;
};

static int match_disk(const char *line, void *ctx)
{
	struct find_dev *f = ctx;
	char name[128];
	disk_counters c;
	/* major minor name, then reads completed, merged, sectors, ms reading,
	 * writes completed, merged, sectors, ms writing, ... */
	if (sscanf(line, " %*u %*u %127s %llu %*u %*u %llu %llu %*u %*u %llu", name, &c.rd_ios,
		   &c.rd_ms, &c.wr_ios, &c.wr_ms) != 5 || strcmp(name, f->dev))
		return 0;
	*f->out = c;
	return 1;
}

int diskstats_parse(const char *text, const char *dev, disk_counters *out)
{
	struct find_dev f = { .dev = dev, .out = out };
	return each_line(text, match_disk, &f) == 1 ? 0 : -1;
}

/* each_line over a file, read a line at a time (mountinfo can be long). */
static int each_file_line(const char *path, int (*fn)(const char *line, void *ctx), void *ctx)
{
	char line[8192];
	int rc = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return 0;
	while (!rc && fgets(line, sizeof line, f))
		rc = each_line(line, fn, ctx);
	fclose(f);
	return rc;
}

int diskstats_read(const char *dev, disk_counters *out)
{
	struct find_dev f = { .dev = dev, .out = out };
	return each_file_line("/proc/diskstats", match_disk, &f) == 1 ? 0 : -1;
}

unsigned long long diskstats_delta(unsigned long long a, unsigned long long b)
{
	if (b >= a)
		return b - a;
	/* Went backwards: a 32-bit field that wrapped when the old value fits
	 * in 32 bits, else a 64-bit one (unsigned arithmetic wraps for us). */
	if (a <= 0xffffffffull)
		return (b - a) & 0xffffffffull;
	return b - a;
}

static double latency(unsigned long long ms, unsigned long long ios)
{
	return ios ? (double)ms / (double)ios : -1;
}

void diskstats_rates(const disk_counters *a, const disk_counters *b, double dt, disk_rates *out)
{
	unsigned long long rd = diskstats_delta(a->rd_ios, b->rd_ios);
	unsigned long long wr = diskstats_delta(a->wr_ios, b->wr_ios);
	if (dt <= 0) {
		*out = (disk_rates){ 0, 0, -1, -1 };
		return;
	}
	out->r_iops = (double)rd / dt;
	out->w_iops = (double)wr / dt;
	out->r_ms = latency(diskstats_delta(a->rd_ms, b->rd_ms), rd);
	out->w_ms = latency(diskstats_delta(a->wr_ms, b->wr_ms), wr);
}

struct find_mount {
	unsigned maj, min;
	char *fstype;
	size_t len;
};

static int match_mount(const char *line, void *ctx)
{
	struct find_mount *f = ctx;
	unsigned maj, min;
	char type[64];
	/* id parent maj:min root mountpoint options [optional...] - fstype ... */
	if (sscanf(line, "%*s %*s %u:%u", &maj, &min) != 2 || maj != f->maj || min != f->min)
		return 0;
	const char *sep = strstr(line, " - ");
	if (!sep || sscanf(sep + 3, "%63s", type) != 1)
		return 0;
	snprintf(f->fstype, f->len, "%s", type);
	return 1;
}

int diskstats_mount_fstype(const char *mountinfo, unsigned maj, unsigned min, char *fstype,
			   size_t len)
{
	struct find_mount f = { .maj = maj, .min = min, .fstype = fstype, .len = len };
	return each_line(mountinfo, match_mount, &f) == 1 ? 0 : -1;
}

static int mount_fstype(unsigned maj, unsigned min, char *fstype, size_t len)
{
	struct find_mount f = { .maj = maj, .min = min, .fstype = fstype, .len = len };
	return each_file_line("/proc/self/mountinfo", match_mount, &f) == 1 ? 0 : -1;
}

int diskstats_device(const char *path, char *dev, size_t devlen, char *why, size_t whylen)
{
	struct stat st;
	char link[96], target[512], type[64];
	disk_counters c;

	if (!path || !path[0]) {
		snprintf(why, whylen, "no data directory");
		return -1;
	}
	if (stat(path, &st)) {
		snprintf(why, whylen, "%.200s: %s", path, strerror(errno));
		return -1;
	}
	unsigned maj = major(st.st_dev), min = minor(st.st_dev);
	snprintf(link, sizeof link, "/sys/dev/block/%u:%u", maj, min);
	ssize_t n = readlink(link, target, sizeof target - 1);
	if (n <= 0) {
		/* overlay, tmpfs, btrfs, NFS: anonymous devices, no disk of their
		 * own to count. */
		if (mount_fstype(maj, min, type, sizeof type) == 0)
			snprintf(why, whylen, "%s: no block device", type);
		else
			snprintf(why, whylen, "device %u:%u is not a block device", maj, min);
		return -1;
	}
	target[n] = '\0';
	const char *name = strrchr(target, '/');
	name = name ? name + 1 : target;
	if (diskstats_read(name, &c)) {
		snprintf(why, whylen, "%.60s has no line in /proc/diskstats", name);
		return -1;
	}
	snprintf(dev, devlen, "%s", name);
	return 0;
}
