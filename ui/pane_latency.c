/* pane_latency.c: per transaction type p50/p95/p99/max in ms, for the last
 * second or (key l) the steady phase so far, and a p95 sparkline.  A figure
 * turns red, and gets a '!', when that type's 90th percentile is over the
 * TPC-C response time limit (clause 5.2.5.4). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "pane.h"
#include "sparkline.h"

/* 90th percentile limits in ms: 5 s for all but Stock-Level's 20 s (the
 * Delivery limit applies to queueing it, which we do inline). */
static const double p90_limit_ms[TX_COUNT] = { 5000, 5000, 5000, 5000, 20000 };
/* Name and four figures take this many columns; a sparkline narrower than
 * SPARK_MIN seconds shows no trend. */
#define NUMBERS_W 35
#define SPARK_MIN 6
static const char *const short_name[TX_COUNT] = { "new-ord", "payment", "ord-stat", "delivery", "stock-lv" };

static void fmt_ms(double v, char *buf, size_t len)
{
	if (v >= 1000)
		snprintf(buf, len, "%.0f", v);
	else if (v >= 100)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.1f", v);
}

static void lat_draw(pane *p, const ui_view *v)
{
	const tick *t = &v->st.last;
	const run_summary *s = &v->st.steady;
	int steady = v->latency_steady;
	char title[64], c[4][16];

	snprintf(title, sizeof title, "Latency ms (%s)", steady ? "steady phase, l: last s" : "last s, l: steady");
	pane_frame(p, title);
	/* The sparkline of p95 only where it has room to say something; the
	 * numbers always. */
	int spark = pane_iw(p) - NUMBERS_W >= SPARK_MIN;
	pane_printf(p, 0, 0, crt_attr(CRT_DIM), "%-9s%6s%6s%6s%7s%s", "", "p50", "p95", "p99", "max",
		    spark ? "  p95" : "");
	for (int i = 0; i < TX_COUNT; i++) {
		double p50 = steady ? s->p50[i] : t->p50[i], p95 = steady ? s->p95[i] : t->p95[i];
		double p99 = steady ? s->p99[i] : t->p99[i], mx = steady ? s->max[i] : t->max[i];
		double p90 = steady ? s->p90[i] : t->p90[i];
		int over = p90 > p90_limit_ms[i];
		fmt_ms(p50, c[0], sizeof c[0]);
		fmt_ms(p95, c[1], sizeof c[1]);
		fmt_ms(p99, c[2], sizeof c[2]);
		fmt_ms(mx, c[3], sizeof c[3]);
		int x = pane_printf(p, 1 + i, 0, 0, "%-9s%6s", short_name[i], c[0]);
		x += pane_printf(p, 1 + i, x, over ? crt_attr(CRT_BAD) : 0, "%5s%s", c[1], over ? "!" : " ");
		x += pane_printf(p, 1 + i, x, 0, "%5s%7s  ", c[2], c[3]);
		/* The sparkline: p95 of the latest seconds, one glyph each. */
		int w = pane_iw(p) - x;
		if (spark && w > 0 && v->nticks) {
			double vals[256];
			int n = v->nticks < w ? v->nticks : w;
			if (n > 256)
				n = 256;
			for (int k = 0; k < n; k++)
				vals[k] = v->ticks[v->nticks - n + k].p95[i];
			char sp[256 * 3 + 1];
			spark_render(vals, n, 0, !crt_utf8, sp, sizeof sp);
			pane_put(p, 1 + i, x, crt_attr(over ? CRT_BAD : CRT_GOOD), sp);
		}
	}
	if (steady)
		pane_printf(p, 1 + TX_COUNT, 0, 0, "failed %llu  retries %llu  reconnects %llu",
			    (unsigned long long)s->failed, (unsigned long long)s->retries,
			    (unsigned long long)s->reconnects);
	else
		pane_printf(p, 1 + TX_COUNT, 0, 0, "failed/s %llu  retries/s %llu  reconn %llu",
			    (unsigned long long)t->failed, (unsigned long long)t->retries,
			    (unsigned long long)t->reconnects);
}

const pane_class pane_latency_class = {
	.name = "latency",
	.draw = lat_draw,
};
