/* pane_cpu.c: host CPU split, this process, and the database server
 * process when it runs here, each as a sparkline of the latest seconds. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "pane.h"
#include "sparkline.h"

#define LABEL_W 9
#define VALUE_W 6

static void row(const pane *p, const ui_view *v, int r, const char *label, size_t off, double scale)
{
	int w = pane_iw(p) - LABEL_W - VALUE_W - 1;
	double vals[256];
	char sp[256 * 3 + 1];
	int n = v->nsamples < w ? v->nsamples : w;
	if (n > 256)
		n = 256;
	if (n < 0)
		n = 0;
	for (int k = 0; k < n; k++)
		vals[k] = *(const double *)((const char *)&v->samples[v->nsamples - n + k] + off);
	pane_printf(p, r, 0, 0, "%-*s", LABEL_W, label);
	if (n) {
		spark_render(vals, n, scale, !crt_utf8, sp, sizeof sp);
		pane_put(p, r, LABEL_W, crt_attr(CRT_GOOD), sp);
		pane_printf(p, r, LABEL_W + w + 1, A_BOLD, "%4.0f%%", vals[n - 1]);
	}
}

static void cpu_draw(pane *p, const ui_view *v)
{
	pane_frame(p, "CPU");
	row(p, v, 0, "host usr", offsetof(mon_sample, host_user), 100);
	row(p, v, 1, "     sys", offsetof(mon_sample, host_sys), 100);
	row(p, v, 2, "  iowait", offsetof(mon_sample, host_iowait), 100);
	row(p, v, 3, "client", offsetof(mon_sample, client), 100);
	if (v->server_pid > 0) {
		double top = 100;
		for (int k = 0; k < v->nsamples; k++)
			top = v->samples[k].server > top ? v->samples[k].server : top;
		row(p, v, 4, "server", offsetof(mon_sample, server), top);
		pane_printf(p, 5, 0, crt_attr(CRT_DIM), "server %s", v->server_how);
	} else {
		pane_printf(p, 4, 0, crt_attr(CRT_DIM), "server: %s", v->server_how);
	}
	pane_printf(p, 6, 0, crt_attr(CRT_DIM), "%% of one core; host: of all");
}

const pane_class pane_cpu_class = {
	.name = "cpu",
	.draw = cpu_draw,
};
