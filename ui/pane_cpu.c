/* pane_cpu.c: host CPU split, this process, the database server process
 * when it runs here, and the disk under its data directory (IOPS and
 * average latency per I/O), each as a sparkline of the latest seconds. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "pane.h"
#include "tpcc/schema.h"
#include "sparkline.h"

#define LABEL_W 9
#define VALUE_W 6

/* How a row's latest value is written in VALUE_W - 1 columns. */
enum row_fmt { FMT_PCT, FMT_COUNT, FMT_MS };

static void fmt_value(double v, enum row_fmt f, char *buf, size_t len)
{
	if (f == FMT_PCT)
		snprintf(buf, len, "%4.0f%%", v);
	else if (f == FMT_MS && v < 0)
		snprintf(buf, len, "%5s", "-");   /* no I/O completed: nothing to average */
	else if (f == FMT_MS)
		snprintf(buf, len, v < 10 ? "%5.2f" : v < 100 ? "%5.1f" : "%5.0f", v);
	else if (v < 10000)
		snprintf(buf, len, "%5.0f", v);
	else
		snprintf(buf, len, "%4.0fk", v / 1000);
}

/* The double at offsetof(mon_sample, ...) off, copied out: a cast of the
 * byte pointer would read it as well, but says nothing of its type. */
static double sample_at(const mon_sample *s, size_t off)
{
	double v;
	memcpy(&v, (const char *)s + off, sizeof v);
	return v;
}

static double field(const mon_sample *s, size_t off)
{
	double v = sample_at(s, off);
	return v < 0 ? 0 : v;     /* unknown draws as nothing */
}

static void row(const pane *p, const ui_view *v, int r, const char *label, size_t off, double scale,
		enum row_fmt f)
{
	int w = pane_iw(p) - LABEL_W - VALUE_W - 1;
	double vals[256];
	char sp[256 * 3 + 1], num[32];
	int n = v->nsamples < w ? v->nsamples : w;
	if (n > 256)
		n = 256;
	if (n < 0)
		n = 0;
	for (int k = 0; k < n; k++)
		vals[k] = field(&v->samples[v->nsamples - n + k], off);
	pane_printf(p, r, 0, 0, "%-*s", LABEL_W, label);
	if (n) {
		spark_render(vals, n, scale, !crt_utf8, sp, sizeof sp);
		pane_put(p, r, LABEL_W, crt_attr(CRT_GOOD), sp);
		fmt_value(sample_at(&v->samples[v->nsamples - 1], off), f,
			  num, sizeof num);
		pane_put(p, r, LABEL_W + w + 1, A_BOLD, num);
	}
}

/* Four rows from r: the disk's IOPS and latencies, or one saying why not. */
static int disk_rows(const pane *p, const ui_view *v, int r)
{
	const mon_sample *last = v->nsamples ? &v->samples[v->nsamples - 1] : NULL;
	char line[256];
	if (!v->have_disk) {
		snprintf(line, sizeof line, "disk: n/a (%s)", v->disk_why);
		pane_put_cut(p, r, 0, crt_attr(CRT_DIM), line);
		return r + 1;
	}
	snprintf(line, sizeof line, "disk %s (%s)", v->disk,
		 schema_embedded(v->cfg) ? "database file" : "data directory");
	pane_put_cut(p, r++, 0, crt_attr(CRT_DIM), line);
	if (last && last->db_mb >= 0)
		pane_printf(p, r++, 0, 0, " file %.1f MB, log %.1f MB", last->db_mb, last->log_mb);
	if (!last || !last->disk)
		return r;        /* the first reading has no rate yet */
	row(p, v, r++, " r IOPS", offsetof(mon_sample, disk_r_iops), 0, FMT_COUNT);
	row(p, v, r++, " w IOPS", offsetof(mon_sample, disk_w_iops), 0, FMT_COUNT);
	row(p, v, r++, " r ms", offsetof(mon_sample, disk_r_ms), 0, FMT_MS);
	row(p, v, r++, " w ms", offsetof(mon_sample, disk_w_ms), 0, FMT_MS);
	return r;
}

static void cpu_draw(pane *p, const ui_view *v)
{
	char line[256];
	pane_frame(p, "CPU / disk");
	row(p, v, 0, "host usr", offsetof(mon_sample, host_user), 100, FMT_PCT);
	row(p, v, 1, "     sys", offsetof(mon_sample, host_sys), 100, FMT_PCT);
	row(p, v, 2, "  iowait", offsetof(mon_sample, host_iowait), 100, FMT_PCT);
	row(p, v, 3, "client", offsetof(mon_sample, client), 100, FMT_PCT);
	int r = 4;
	if (v->server_pid > 0) {
		double top = 100;
		for (int k = 0; k < v->nsamples; k++)
			top = v->samples[k].server > top ? v->samples[k].server : top;
		row(p, v, r++, "server", offsetof(mon_sample, server), top, FMT_PCT);
		snprintf(line, sizeof line, "server %s", v->server_how);
		pane_put_cut(p, r++, 0, crt_attr(CRT_DIM), line);
	} else {
		snprintf(line, sizeof line, "server: %s", v->server_how);
		pane_put_cut(p, r++, 0, crt_attr(CRT_DIM), line);
	}
	r = disk_rows(p, v, r);
	pane_printf(p, r, 0, crt_attr(CRT_DIM), "%% of one core; host: of all");
}

const pane_class pane_cpu_class = {
	.name = "cpu",
	.draw = cpu_draw,
};
