/* test_unit_chart.c: the console's pure drawing pieces: chart scaling and
 * labels, the braille canvas and its encodings, sparklines, the demo's VU
 * schedule. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "ui/braille.h"
#include "ui/bigdigits.h"
#include "dialect/dialect.h"
#include "ui/complete.h"
#include "ui/demo.h"
#include "ui/events.h"
#include "ui/frame.h"
#include "ui/scale.h"
#include "ui/sparkline.h"

START_TEST(test_nice_top)
{
	ck_assert_double_eq(scale_nice_top(0), 1);
	ck_assert_double_eq(scale_nice_top(-5), 1);
	ck_assert_double_eq(scale_nice_top(0.3), 1);
	ck_assert_double_eq(scale_nice_top(1), 1);
	ck_assert_double_eq(scale_nice_top(1.01), 1.5);
	ck_assert_double_eq(scale_nice_top(2), 2);
	ck_assert_double_eq(scale_nice_top(2.2), 2.5);
	ck_assert_double_eq(scale_nice_top(3), 3);
	ck_assert_double_eq(scale_nice_top(7), 8);
	ck_assert_double_eq(scale_nice_top(10), 10);
	ck_assert_double_eq(scale_nice_top(41220), 50000);
	ck_assert_double_eq(scale_nice_top(60000), 60000);
	ck_assert_double_eq(scale_nice_top(59999), 60000);
	ck_assert_double_eq(scale_nice_top(49000), 50000);
	ck_assert_double_eq(scale_nice_top(20001), 25000);
	ck_assert_double_eq(scale_nice_top(1.5e6), 1.5e6);
	ck_assert_double_eq(scale_nice_top(105000), 150000);
	ck_assert_double_eq(scale_nice_top(8001), 10000);
	/* Always at least the value, and never more than half as much
	 * again: the line fills two thirds of the chart or more. */
	for (double v = 1.5; v < 1e7; v *= 1.37) {
		ck_assert(scale_nice_top(v) >= v);
		ck_assert_msg(scale_nice_top(v) <= 1.5 * v, "%g for %g", scale_nice_top(v), v);
	}
}
END_TEST

START_TEST(test_labels)
{
	/* The middle of a latency axis under a few ms (0.5, 0.75, 12.5)
	 * keeps its fraction: not "0", the same as the axis's foot. */
	static const struct { double v; const char *want; } cases[] = {
		{ 0, "0" }, { 950, "950" }, { 1200, "1.2k" }, { 2500, "2.5k" },
		{ 60000, "60k" }, { 25000, "25k" }, { 1.5e6, "1.5M" }, { 2e6, "2M" },
		{ -3, "0" }, { 0.5, "0.5" }, { 0.75, "0.75" }, { 12.5, "12.5" }, { 7, "7" },
	};
	char b[16];
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		scale_label(cases[i].v, b, sizeof b);
		ck_assert_msg(!strcmp(b, cases[i].want), "%g labelled '%s', not '%s'",
			      cases[i].v, b, cases[i].want);
	}
	for (double v = 0; v < 1e13; v = v * 1.7 + 1) {
		scale_label(v, b, sizeof b);
		ck_assert_msg(strlen(b) <= 5, "%g labelled '%s'", v, b);
	}
}
END_TEST

START_TEST(test_braille_dots)
{
	braille_canvas c;
	char u[4];
	ck_assert_int_eq(braille_init(&c, 3, 2), 0);
	braille_set(&c, 0, 0);             /* dot 1 */
	ck_assert_uint_eq(braille_bits(&c, 0, 0), 0x01);
	braille_set(&c, 1, 3);             /* dot 8 */
	ck_assert_uint_eq(braille_bits(&c, 0, 0), 0x81);
	braille_set(&c, 0, 3);             /* dot 7 */
	braille_set(&c, 1, 0);             /* dot 4 */
	ck_assert_uint_eq(braille_bits(&c, 0, 0), 0xC9);
	braille_set(&c, 5, 7);             /* last cell, dot 8 */
	ck_assert_uint_eq(braille_bits(&c, 2, 1), 0x80);
	braille_set(&c, 6, 0);             /* outside: ignored */
	braille_set(&c, -1, 0);
	braille_set(&c, 0, 8);
	ck_assert_uint_eq(braille_bits(&c, 2, 0), 0);
	ck_assert_uint_eq(braille_bits(&c, 9, 9), 0);

	braille_utf8(0x00, u);
	ck_assert_str_eq(u, "\xE2\xA0\x80");   /* U+2800 */
	braille_utf8(0xFF, u);
	ck_assert_str_eq(u, "\xE2\xA3\xBF");   /* U+28FF, all eight dots */
	braille_utf8(0x40, u);
	ck_assert_str_eq(u, "\xE2\xA1\x80");   /* U+2840, dot 7 */

	ck_assert_int_eq(braille_ascii(0), ' ');
	ck_assert_int_eq(braille_ascii(0x01), '\'');
	ck_assert_int_eq(braille_ascii(0x80), '.');
	ck_assert_int_eq(braille_ascii(0x81), ':');
	braille_clear(&c);
	ck_assert_uint_eq(braille_bits(&c, 0, 0), 0);
	braille_free(&c);
}
END_TEST

START_TEST(test_braille_plot)
{
	braille_canvas c;
	ck_assert_int_eq(braille_init(&c, 4, 2), 0);   /* 8 x 8 dots */
	ck_assert_int_eq(braille_level_y(&c, 0, 100), 7);
	ck_assert_int_eq(braille_level_y(&c, 100, 100), 0);
	ck_assert_int_eq(braille_level_y(&c, 500, 100), 0);    /* clamped */
	ck_assert_int_eq(braille_level_y(&c, -5, 100), 7);
	ck_assert_int_eq(braille_level_y(&c, 50, 100), 3);     /* 3.5 rounds to 4 from the bottom */
	ck_assert_int_eq(braille_level_y(&c, 5, 0), 7);        /* no scale: bottom */

	/* Two samples per cell: a flat line at the top fills both top dots. */
	double flat[8] = { 100, 100, 100, 100, 100, 100, 100, 100 };
	braille_plot(&c, flat, 8, 0, 100);
	for (int col = 0; col < 4; col++) {
		ck_assert_uint_eq(braille_bits(&c, col, 0), 0x09);
		ck_assert_uint_eq(braille_bits(&c, col, 1), 0);
	}
	/* A jump from the bottom to the top is one connected vertical run. */
	braille_clear(&c);
	double jump[2] = { 0, 100 };
	braille_plot(&c, jump, 2, 6, 100);
	ck_assert_uint_eq(braille_bits(&c, 3, 1), 0x40 | 0x38);  /* dot 7, then dots 4, 5, 6 */
	ck_assert_uint_eq(braille_bits(&c, 3, 0), 0xB8);         /* the whole right column */
	/* Samples past the right edge are dropped, not wrapped. */
	braille_clear(&c);
	braille_plot(&c, flat, 8, 4, 100);
	ck_assert_uint_eq(braille_bits(&c, 0, 0), 0);
	ck_assert_uint_eq(braille_bits(&c, 3, 0), 0x09);
	braille_free(&c);
}
END_TEST

START_TEST(test_sparkline)
{
	char out[64];
	ck_assert_int_eq(spark_level(0, 10), 0);
	ck_assert_int_eq(spark_level(-1, 10), 0);
	ck_assert_int_eq(spark_level(5, 0), 0);
	ck_assert_int_eq(spark_level(10, 10), 7);
	ck_assert_int_eq(spark_level(20, 10), 7);
	ck_assert_int_eq(spark_level(5, 10), 4);
	ck_assert_int_eq(spark_level(1.24, 10), 0);
	ck_assert_int_eq(spark_level(1.25, 10), 1);

	double v[4] = { 0, 5, 10, 2.5 };
	ck_assert_int_eq(spark_render(v, 4, 10, 0, out, sizeof out), 4);
	ck_assert_str_eq(out, "\xE2\x96\x81\xE2\x96\x85\xE2\x96\x88\xE2\x96\x83"); /* ▁▅█▃ */
	ck_assert_int_eq(spark_render(v, 4, 10, 1, out, sizeof out), 4);
	ck_assert_str_eq(out, "_=#-");
	/* max 0: scaled to the largest sample. */
	ck_assert_int_eq(spark_render(v, 4, 0, 1, out, sizeof out), 4);
	ck_assert_str_eq(out, "_=#-");
	/* Never overflows: 3 UTF-8 glyphs need 10 bytes with the NUL. */
	ck_assert_int_eq(spark_render(v, 4, 10, 0, out, 10), 3);
	ck_assert_uint_eq(strlen(out), 9);
	ck_assert_int_eq(spark_render(v, 4, 10, 0, out, 9), 2);
	ck_assert_int_eq(spark_render(v, 4, 10, 1, out, 1), 0);
	ck_assert_str_eq(out, "");
	ck_assert_int_eq(spark_render(v, 0, 10, 1, out, sizeof out), 0);
}
END_TEST

START_TEST(test_demo_schedule)
{
	static const dialect_demo_knob knobs[] = {
		{ "synchronous", "FULL", "FULL caption", "back caption" },
		{ NULL, NULL, NULL, NULL }
	};
	demo_plan p;
	int loop;
	demo_plan_make(&p, knobs, 20);
	/* VUs 1, 2, 4 a step apart; the setting two steps later, standing two
	 * steps; then 8 VUs and back to 2, and the loop starts again. */
	ck_assert_int_eq(p.n, 7);
	ck_assert_int_eq(p.period, 200);
	ck_assert_int_eq(demo_plan_at(&p, -1, &loop), -1);
	int i = demo_plan_at(&p, 0, &loop);
	ck_assert_int_eq(p.a[i].kind, DEMO_VUS);
	ck_assert_int_eq(p.a[i].vus, 1);
	ck_assert_int_eq(loop, 0);
	ck_assert_int_eq(p.a[demo_plan_at(&p, 39, &loop)].vus, 2);
	i = demo_plan_at(&p, 80, &loop);
	ck_assert_int_eq(p.a[i].kind, DEMO_SET);
	ck_assert_str_eq(p.a[i].name, "synchronous");
	ck_assert_str_eq(p.a[i].value, "FULL");
	ck_assert_str_eq(p.a[i].caption, "FULL caption");
	ck_assert_int_eq(demo_plan_vus(&p, i), 4);
	i = demo_plan_at(&p, 119, &loop);
	ck_assert_int_eq(p.a[i].kind, DEMO_SET);
	i = demo_plan_at(&p, 120, &loop);
	ck_assert_int_eq(p.a[i].kind, DEMO_PUT_BACK);
	ck_assert_str_eq(p.a[i].caption, "back caption");
	ck_assert_int_eq(p.a[demo_plan_at(&p, 160, &loop)].vus, 8);
	ck_assert_int_eq(p.a[demo_plan_at(&p, 199, &loop)].vus, 2);
	i = demo_plan_at(&p, 200, &loop);
	ck_assert_int_eq(loop, 1);
	ck_assert_int_eq(p.a[i].vus, 1);
	/* No settings: the VU steps alone. */
	demo_plan_make(&p, NULL, 5);
	ck_assert_int_eq(p.n, 5);
	ck_assert_int_eq(p.a[demo_plan_at(&p, 22, &loop)].vus, 8);
}
END_TEST

static run_event ev(const char *type, const char *text)
{
	run_event e = { .t = 10 };
	snprintf(e.type, sizeof e.type, "%s", type);
	snprintf(e.text, sizeof e.text, "%s", text);
	return e;
}

START_TEST(test_event_labels)
{
	char b[64];
	run_event e = ev("vus", "vus 8 -> 16 (operator)");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "VUs 16");
	e = ev("knob", "set innodb_io_capacity 200 -> 2000");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "innodb_io_capacity 2000");
	e = ev("knob", "put back synchronous 2 -> 1");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "synchronous 1");
	e = ev("knob", "set innodb_io_capacity 200 -> 900: SET GLOBAL: sessions read most variables");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "innodb_io_capacity 900");
	e = ev("phase", "phase rampup -> steady");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "steady");
	e = ev("phase", "phase idle -> rampup");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 0);
	e = ev("mark", "checkpoint storm");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "checkpoint storm");
	/* A sweep's step where it begins, not where it measures or ends. */
	e = ev("step", "step 2/5: vus=4, settling 15 s, then measuring 60 s");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 1);
	ck_assert_str_eq(b, "step 2");
	e = ev("step", "step 2/5 measuring (vus=4)");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 0);
	e = ev("step", "step 2/5 done (vus=4): NOPM 100, TPM 230 over 60 s");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 0);
	e = ev("command", "vus +1");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 0);
	e = ev("error", "vu 3: connect: refused");
	ck_assert_int_eq(event_marker_label(&e, b, sizeof b), 0);
}
END_TEST

/* 100 seconds of a run, NOPM `before` up to second 50 and `after` from
 * there, with New-Orders committed; no samples yet. */
static void effect_run(tick *t, mon_sample *smp, double before, double after)
{
	memset(t, 0, 100 * sizeof *t);
	memset(smp, 0, 100 * sizeof *smp);
	for (int i = 0; i < 100; i++) {
		t[i].t = i + 1;
		t[i].nopm = i + 1 <= 50 ? before : after;
		t[i].commits[0] = 10;
	}
}

START_TEST(test_event_effect)
{
	tick t[100];
	mon_sample smp[100];
	marker_effect fx;
	effect_run(t, smp, 1000, 3000);
	for (int i = 0; i < 100; i++) {
		t[i].p95[0] = i + 1 <= 50 ? 20 : 10;
		/* The monitor's clock runs 3 s behind the run's. */
		smp[i].t = i - 2;
		smp[i].waits.source = WS_SAMPLED;
		smp[i].waits.aas[WC_CPU] = 1;
		smp[i].waits.aas[WC_LOG] = i + 1 <= 50 ? 2 : 0.5;
		smp[i].nmetrics = 2;
		snprintf(smp[i].metric[0].name, sizeof smp[i].metric[0].name, "dirty");
		smp[i].metric[0].value = i + 1 <= 50 ? 100 : 4000;
		snprintf(smp[i].metric[1].name, sizeof smp[i].metric[1].name, "writes");
		smp[i].metric[1].per_s = 1;
		smp[i].metric[1].value = 10.0 * i;
		smp[i].rate[1] = 10;
	}
	ck_assert_int_eq(events_effect(t, 100, smp, 100, 50, &fx), 0);
	ck_assert_int_eq(fx.nbefore, 30);
	ck_assert_int_eq(fx.nafter, 30);
	ck_assert_double_eq(fx.nopm.before, 1000);
	ck_assert_double_eq(fx.nopm.after, 3000);
	/* A tripling with no ripple is beyond noise. */
	ck_assert(fx.nopm.v.known && fx.nopm.v.beyond);
	ck_assert_double_eq(fx.p95[0].before, 20);
	ck_assert_double_eq(fx.p95[0].after, 10);
	ck_assert(isnan(fx.p95[1].before));
	/* The samples matched to their run second: log waits fell, CPU did not. */
	ck_assert_int_eq(fx.moved, WC_LOG);
	ck_assert_double_eq(fx.aas[WC_LOG].before, 2);
	ck_assert_double_eq(fx.aas[WC_LOG].after, 0.5);
	ck_assert(!fx.aas[WC_CPU].v.beyond);
	/* The gauge moved, the counter's rate did not: only the gauge. */
	ck_assert_int_eq(fx.nmetrics, 1);
	ck_assert_str_eq(fx.metric[0].name, "dirty");
	ck_assert_double_eq(fx.metric[0].f.after, 4000);
	char line[256];
	effect_headline(&fx, " | ", line, sizeof line);
	ck_assert_str_eq(line, "NOPM +200.0% beyond noise (1,000 -> 3,000) | log write/fsync waits -75%");
	/* The same means with a ripple as large as the change are not. */
	for (int i = 0; i < 100; i++)
		t[i].nopm = (i + 1 <= 50 ? 1000 : 1100) + (i / 10 % 2 ? 400 : -400);
	events_effect(t, 100, smp, 100, 50, &fx);
	ck_assert(fx.nopm.v.known && !fx.nopm.v.beyond);
	for (int i = 0; i < 100; i++)
		t[i].nopm = i + 1 <= 50 ? 1000 : 3000;
	/* Near the start and the end: fewer seconds, still honest means. */
	events_effect(t, 100, smp, 100, 5, &fx);
	ck_assert_int_eq(fx.nbefore, 5);
	ck_assert_int_eq(fx.nafter, 30);
	events_effect(t, 100, NULL, 0, 95, &fx);
	ck_assert_int_eq(fx.nafter, 5);
	ck_assert_double_eq(fx.nopm.after, 3000);
	ck_assert_int_eq(fx.waits, 0);
	/* Nothing after yet: the before still known, for "after: wait". */
	ck_assert_int_eq(events_effect(t, 100, NULL, 0, 100, &fx), -1);
	ck_assert_int_eq(fx.nbefore, 30);
	ck_assert_double_eq(fx.nopm.before, 3000);
	ck_assert_int_eq(events_effect(t, 0, NULL, 0, 50, &fx), -1);
	ck_assert_int_eq(fx.nbefore + fx.nafter, 0);
}
END_TEST

/* SQLite's synchronous=FULL: NOPM falls, the commits' log waits rise, and
 * the checkpoints' data I/O falls further, since it follows the writes.
 * The wait that says why is the one that rose. */
START_TEST(test_event_effect_why)
{
	tick t[100];
	mon_sample smp[100];
	marker_effect fx;
	effect_run(t, smp, 40000, 15000);
	for (int i = 0; i < 100; i++) {
		int after = i + 1 > 50;
		smp[i].t = i + 1;
		smp[i].waits.source = WS_TIMED;
		smp[i].waits.aas[WC_TABLE_LOCK] = 3;
		smp[i].waits.aas[WC_LOG] = after ? 0.85 : 0.55;
		smp[i].waits.aas[WC_DATA_IO] = after ? 0.05 : 0.4;
	}
	ck_assert_int_eq(events_effect(t, 100, smp, 100, 50, &fx), 0);
	ck_assert(fx.nopm.v.known && fx.nopm.v.beyond);
	ck_assert_int_eq(fx.moved, WC_LOG);
	/* A class that rose by a hair within its own noise explains nothing:
	 * with the log flat, the largest change again. */
	for (int i = 0; i < 100; i++) {
		smp[i].waits.aas[WC_LOG] = 0.55;
		smp[i].waits.aas[WC_CPU] = 1 + (i / 10 % 2 ? 0.3 : -0.3) + (i + 1 > 50 ? 0.01 : 0);
	}
	ck_assert_int_eq(events_effect(t, 100, smp, 100, 50, &fx), 0);
	ck_assert(!fx.aas[WC_CPU].v.beyond);
	ck_assert_int_eq(fx.moved, WC_DATA_IO);
	/* NOPM within noise: no way to read, the largest change. */
	for (int i = 0; i < 100; i++)
		t[i].nopm = 20000 + (i / 10 % 2 ? 8000 : -8000);
	ck_assert_int_eq(events_effect(t, 100, smp, 100, 50, &fx), 0);
	ck_assert(!fx.nopm.v.beyond);
	ck_assert_int_eq(fx.moved, WC_DATA_IO);
}
END_TEST

START_TEST(test_completion)
{
	const char *knobs[] = { "innodb_io_capacity", "innodb_io_capacity_max", "sync_binlog" };
	char ins[128], list[512];
	ck_assert_int_eq(complete_line("vu", 2, knobs, 3, ins, sizeof ins, list, sizeof list), 1);
	ck_assert_str_eq(ins, "s ");
	/* Ambiguous: the common part only, and the candidates listed. */
	ck_assert_int_eq(complete_line("s", 1, knobs, 3, ins, sizeof ins, list, sizeof list), 5);
	ck_assert_str_eq(ins, "");
	ck_assert_str_eq(list, "set sql status sweep stop");
	ck_assert_int_eq(complete_line("st", 2, knobs, 3, ins, sizeof ins, list, sizeof list), 2);
	ck_assert_str_eq(ins, "");
	ck_assert_int_eq(complete_line("sta", 3, knobs, 3, ins, sizeof ins, list, sizeof list), 1);
	ck_assert_str_eq(ins, "tus ");
	/* Knob names after set and get. */
	ck_assert_int_eq(complete_line("set inn", 7, knobs, 3, ins, sizeof ins, list, sizeof list), 2);
	ck_assert_str_eq(ins, "odb_io_capacity");
	ck_assert_int_eq(complete_line("get  sy", 7, knobs, 3, ins, sizeof ins, list, sizeof list), 1);
	ck_assert_str_eq(ins, "nc_binlog ");
	/* Nothing to offer for other arguments or unknown words. */
	ck_assert_int_eq(complete_line("vus 1", 5, knobs, 3, ins, sizeof ins, list, sizeof list), 0);
	ck_assert_int_eq(complete_line("set x 1", 7, knobs, 3, ins, sizeof ins, list, sizeof list), 0);
	ck_assert_int_eq(complete_line("zz", 2, knobs, 3, ins, sizeof ins, list, sizeof list), 0);
	/* The cursor, not the end of the line, decides the word. */
	ck_assert_int_eq(complete_line("ex 30", 2, knobs, 3, ins, sizeof ins, list, sizeof list), 1);
	ck_assert_str_eq(ins, "tend ");

	const char *out[8];
	const char conf[2][64] = { "a_knob", "b_knob" };
	ck_assert_int_eq(knob_names(&dialect_mysql, NULL, 0, out, 8), 6);
	ck_assert_str_eq(out[0], "innodb_io_capacity");
	ck_assert_str_eq(out[5], "sync_binlog");
	ck_assert_int_eq(knob_names(&dialect_mysql, conf, 2, out, 8), 2);
	ck_assert_str_eq(out[1], "b_knob");
	ck_assert_int_eq(knob_names(&dialect_sqlite, NULL, 0, out, 2), 2);
	/* Each dialect its own: an ODBC PostgreSQL run offered InnoDB's. */
	ck_assert_int_eq(knob_names(&dialect_pg, NULL, 0, out, 8), 5);
	ck_assert_str_eq(out[0], "checkpoint_completion_target");
	ck_assert_int_eq(knob_names(NULL, NULL, 0, out, 8), 0);
}
END_TEST

START_TEST(test_label_slot)
{
	char used[40] = { 0 };
	int n;
	/* A free row: the label goes where it is asked to, whole. */
	ck_assert_int_eq(scale_label_slot(used, 40, 5, 6, &n), 5);
	ck_assert_int_eq(n, 6);
	memset(used + 5, 1, 6);
	/* Right after a taken run: no blank before it, so not there... */
	ck_assert_int_eq(scale_label_slot(used, 40, 11, 4, &n), -1);
	/* ...but one column on, whole. */
	ck_assert_int_eq(scale_label_slot(used, 40, 12, 4, &n), 12);
	ck_assert_int_eq(n, 4);
	/* Before a taken run it is cut to leave one blank: "abc~" of 8. */
	ck_assert_int_eq(scale_label_slot(used, 40, 0, 8, &n), 0);
	ck_assert_int_eq(n, 4);
	/* Under three free columns: nothing. */
	ck_assert_int_eq(scale_label_slot(used, 40, 2, 8, &n), -1);
	/* At the right edge it moves left to end there, and needs no blank after. */
	ck_assert_int_eq(scale_label_slot(used, 40, 38, 5, &n), 35);
	ck_assert_int_eq(n, 5);
}
END_TEST

START_TEST(test_trim_zeros)
{
	char b[32];
	scale_trim_zeros("90.000000", b, sizeof b);
	ck_assert_str_eq(b, "90");
	scale_trim_zeros("0.500000", b, sizeof b);
	ck_assert_str_eq(b, "0.5");
	scale_trim_zeros("-1.250", b, sizeof b);
	ck_assert_str_eq(b, "-1.25");
	scale_trim_zeros("100", b, sizeof b);
	ck_assert_str_eq(b, "100");
	scale_trim_zeros("O_DIRECT", b, sizeof b);
	ck_assert_str_eq(b, "O_DIRECT");
	scale_trim_zeros("1.0.0", b, sizeof b);
	ck_assert_str_eq(b, "1.0.0");
}
END_TEST

START_TEST(test_bigdigits)
{
	char row[256];
	/* Digits 3 wide, the comma 1, a blank column between glyphs. */
	ck_assert_int_eq(bigdigits_width("1,234", 1), 17);
	ck_assert_int_eq(bigdigits_width("1,234", 2), 34);
	ck_assert_int_eq(bigdigits_width("", 1), 0);
	ck_assert_int_eq(bigdigits_row("1,2", 0, 1, 0, row, sizeof row), 9);
	ck_assert_str_eq(row, "##    ###");
	ck_assert_int_eq(bigdigits_row("1,2", 4, 1, 0, row, sizeof row), 9);
	ck_assert_str_eq(row, "### # ###");
	/* Scale 2 doubles both ways: row 1 is row 0 again. */
	ck_assert_int_eq(bigdigits_row("7", 1, 2, 0, row, sizeof row), 6);
	ck_assert_str_eq(row, "######");
	ck_assert_int_eq(bigdigits_row("7", 10, 2, 0, row, sizeof row), 0);
	ck_assert_int_eq(bigdigits_row("8", 0, 1, 1, row, sizeof row), 3);
	ck_assert_str_eq(row, "\u2588\u2588\u2588");
	/* Cut at the buffer, never past it. */
	ck_assert_int_lt(bigdigits_row("888", 0, 1, 1, row, 8), 9);
}
END_TEST

START_TEST(test_braille_fill)
{
	braille_canvas c;
	double v[4] = { 0, 10, 5, 0 };
	ck_assert_int_eq(braille_init(&c, 2, 1), 0);
	braille_fill(&c, v, 4, 0, 10);
	/* Every dot from the level down: column 0 the bottom dot (7, 0x40)
	 * only, column 1 all four (4, 5, 6, 8: 0xB8); in cell 1 column 2 at
	 * half of 3 dot rows rounds to 2 (dots 2, 3, 7: 0x46) and column 3
	 * the bottom dot (8, 0x80). */
	ck_assert_uint_eq(braille_bits(&c, 0, 0), 0x40 | 0xB8);
	ck_assert_uint_eq(braille_bits(&c, 1, 0), 0x46 | 0x80);
	braille_free(&c);
}
END_TEST

/* The console's wait for a key: a frame in the future waits until then
 * (rounded up); one already past (a draw slower than a frame) waits not
 * at all.  The old expression, (int)((next - now + 999999) / 1000000) in
 * unsigned arithmetic, gave a negative int there: curses' block-forever. */
START_TEST(test_frame_wait)
{
	uint64_t now = 5000000000ull;
	ck_assert_int_eq(frame_wait_ms(now + 250000000ull, now), 250);
	ck_assert_int_eq(frame_wait_ms(now + 1, now), 1);
	ck_assert_int_eq(frame_wait_ms(now, now), 0);
	ck_assert_int_eq(frame_wait_ms(now - 1, now), 0);
	ck_assert_int_eq(frame_wait_ms(now - 300000000ull, now), 0);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("chart");
	TCase *tc = tcase_create("chart");
	tcase_add_test(tc, test_nice_top);
	tcase_add_test(tc, test_labels);
	tcase_add_test(tc, test_braille_dots);
	tcase_add_test(tc, test_braille_plot);
	tcase_add_test(tc, test_sparkline);
	tcase_add_test(tc, test_demo_schedule);
	tcase_add_test(tc, test_event_labels);
	tcase_add_test(tc, test_event_effect);
	tcase_add_test(tc, test_event_effect_why);
	tcase_add_test(tc, test_completion);
	tcase_add_test(tc, test_label_slot);
	tcase_add_test(tc, test_trim_zeros);
	tcase_add_test(tc, test_braille_fill);
	tcase_add_test(tc, test_bigdigits);
	tcase_add_test(tc, test_frame_wait);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
