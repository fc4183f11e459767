/* test_unit_results.c: the noise test on series with known answers (block
 * lengths, identical series, a clear shift, Student's t), the results
 * reader on format 1, format 2 and a file cut mid-tick, the scheduler line
 * of /sys, bytes that are not UTF-8 read as U+FFFD, the --fail-if gates, and rr_merge on two instances of one run
 * a second apart (wall-clock alignment, sums, histograms added exactly)
 * and the pairs it refuses, markers' effects put into their events, and
 * the client-bound verdict's words for each cause. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "report/compare.h"
#include "util/noise.h"
#include "results/client_bound.h"
#include "results/effect_track.h"
#include "results/results_merge.h"
#include "results/results_read.h"
#include "core/histogram.h"
#include "run/sysinfo.h"

START_TEST(test_block_len)
{
	ck_assert_int_eq(noise_block_len(600), 20);
	ck_assert_int_eq(noise_block_len(150), 15);
	ck_assert_int_eq(noise_block_len(60), 10);
	/* 20 s: 10-s blocks would leave two; 6-s blocks leave three. */
	ck_assert_int_eq(noise_block_len(20), 6);
	ck_assert_int_eq(noise_block_len(6), 2);
}
END_TEST

START_TEST(test_t95)
{
	ck_assert(fabs(noise_t95(1) - 12.706) < 1e-9);
	ck_assert(fabs(noise_t95(10) - 2.228) < 1e-9);
	ck_assert(fabs(noise_t95(40) - 2.021) < 0.002);
	ck_assert(fabs(noise_t95(1e6) - 1.960) < 0.001);
}
END_TEST

/* 100, 110, 100, 110, ...: every 10-s block has mean 105. */
static void alternating(double *x, int n, double lo, double hi)
{
	for (int i = 0; i < n; i++)
		x[i] = i % 2 ? hi : lo;
}

START_TEST(test_noise_verdicts)
{
	double a[60], b[60], c[60];
	noise_stat sa, sb, sc;
	noise_verdict v;
	char text[160];
	alternating(a, 60, 100, 110);
	alternating(b, 60, 100, 110);
	for (int i = 0; i < 60; i++)      /* +10%, with its own ripple */
		c[i] = 115.5 + (i / 10 % 2 ? 3 : -3);
	noise_blocks(a, 60, &sa);
	ck_assert_int_eq(sa.block, 10);
	ck_assert_int_eq(sa.blocks, 6);
	ck_assert(fabs(sa.mean - 105) < 1e-9);
	ck_assert(sa.rel_se == 0);
	noise_blocks(b, 60, &sb);
	noise_compare(105, &sa, 105, &sb, &v);
	ck_assert(v.known && !v.beyond);
	noise_text(&v, "B", "faster", "slower", text, sizeof text);
	ck_assert_str_eq(text, "within noise");
	noise_blocks(c, 60, &sc);
	noise_compare(105, &sa, 115.5, &sc, &v);
	ck_assert(v.known && v.beyond);
	ck_assert(fabs(v.change_pct - 10) < 1e-9);
	ck_assert(v.lo_pct > 5 && v.lo_pct < 10 && v.hi_pct > 10 && v.hi_pct < 15);
	noise_text(&v, "B", "faster", "slower", text, sizeof text);
	ck_assert_msg(!strncmp(text, "B is 10.0% faster (95% interval +", 33), "%s", text);
	/* The same shift hidden in a ripple as large: not beyond noise. */
	for (int i = 0; i < 60; i++)
		c[i] = 115.5 + (i / 10 % 2 ? 30 : -30);
	noise_blocks(c, 60, &sc);
	noise_compare(105, &sa, 115.5, &sc, &v);
	ck_assert(v.known && !v.beyond);
	/* Too few seconds for two blocks: no verdict. */
	noise_blocks(a, 3, &sa);
	noise_compare(105, &sa, 115.5, &sc, &v);
	ck_assert(!v.known);
}
END_TEST

START_TEST(test_gates)
{
	char err[256], what[256];
	cmp_row rows[CF_COUNT];
	ck_assert_int_eq(compare_check_gate("nopm<-5%,p95>10%", err, sizeof err), 0);
	ck_assert_int_eq(compare_check_gate("nopm<-5", err, sizeof err), -1);
	ck_assert_int_eq(compare_check_gate("speed<-5%", err, sizeof err), -1);
	ck_assert_msg(strstr(err, "'speed<-5%'") != NULL, "%s", err);
	memset(rows, 0, sizeof rows);
	rows[CF_NOPM].v = (noise_verdict){ .change_pct = -8, .lo_pct = -12, .hi_pct = -4,
					   .beyond = 1, .known = 1 };
	ck_assert_int_eq(compare_gate("nopm<-5%", rows, what, sizeof what), 1);
	ck_assert_msg(strstr(what, "nopm<-5% (-8.0%)") != NULL, "%s", what);
	ck_assert_int_eq(compare_gate("nopm<-10%", rows, what, sizeof what), 0);
	/* Past the bound but within noise: not a regression. */
	rows[CF_NOPM].v.beyond = 0;
	ck_assert_int_eq(compare_gate("nopm<-5%", rows, what, sizeof what), 0);
}
END_TEST

START_TEST(test_scheduler)
{
	char s[32];
	sysinfo_parse_scheduler("none [mq-deadline] kyber", s, sizeof s);
	ck_assert_str_eq(s, "mq-deadline");
	sysinfo_parse_scheduler("none", s, sizeof s);
	ck_assert_str_eq(s, "");
}
END_TEST

static char *fixture(const char *text)
{
	static char path[64];
	strcpy(path, "/tmp/tpcc-unit-results-XXXXXX");
	int fd = mkstemp(path);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	close(fd);
	return path;
}

#define TICK(t, ph, nopm) \
	"\n{\"t\":" #t ",\"phase\":\"" ph "\",\"vus\":2,\"nopm\":" #nopm ",\"tpm\":" #nopm "0," \
	"\"server_tpm\":null,\"latency_ms\":{\"new_order\":{\"p95\":" #t ",\"p99\":9}}," \
	"\"errors\":{\"deadlock\":1},\"failed\":0,\"cpu_client\":10}"

START_TEST(test_read_format1_without_summary)
{
	const char *p = fixture("{\"format\":\"tpcc-console-results/1\",\"run\":{\"dialect\":"
				"\"sqlite\",\"warehouses\":1,\"mode\":\"statements\"},\"ticks\":["
				TICK(1, "rampup", 10) "," TICK(2, "steady", 100) ","
				TICK(3, "steady", 200) "," TICK(4, "steady", 300)
				"\n],\"events\":[],\"summary\":null,\"stopped_by\":null,"
				"\"complete\":false}\n");
	rr_run *r;
	char err[512];
	ck_assert_int_eq(results_read(p, &r, err, sizeof err), 0);
	unlink(p);
	ck_assert_int_eq(r->format, 1);
	ck_assert_int_eq(r->nticks, 4);
	ck_assert_int_eq(r->steady_from, 1);
	ck_assert_int_eq(r->steady_to, 4);
	ck_assert(r->summary_from_ticks);
	ck_assert(fabs(r->fig.nopm - 200) < 1e-9);
	ck_assert(fabs(r->fig.p95[0] - 3) < 1e-9);       /* the median second's */
	ck_assert(fabs(r->fig.errors - 3) < 1e-9);
	ck_assert(isnan(r->ticks[0].host_user));          /* format 1 has none */
	ck_assert_msg(strstr(r->missing, "did not finish") && strstr(r->missing, "format 1"),
		      "%s", r->missing);
	results_read_free(r);
}
END_TEST

START_TEST(test_read_cut_file)
{
	/* Cut in the middle of the fourth tick. */
	const char *p = fixture("{\"format\":\"tpcc-console-results/2\",\"run\":{\"label\":\"x\"},"
				"\"ticks\":[" TICK(1, "steady", 100) "," TICK(2, "steady", 200) ","
				TICK(3, "steady", 300) ",\n{\"t\":4,\"phase\":\"stea");
	rr_run *r;
	char err[512];
	ck_assert_int_eq(results_read(p, &r, err, sizeof err), 0);
	unlink(p);
	ck_assert(r->cut);
	ck_assert_int_eq(r->nticks, 3);
	ck_assert_str_eq(r->label, "x");
	ck_assert(strstr(r->missing, "cut short") != NULL);
	results_read_free(r);
}
END_TEST

START_TEST(test_read_repairs_utf8)
{
	/* As an older writer left it: a label typed in a Latin-1 terminal and
	 * a server's Latin-1 error text, copied byte for byte. */
	const char *p = fixture("{\"format\":\"tpcc-console-results/2\",\"run\":{\"label\":"
				"\"io\xff cap\"},\"ticks\":[" TICK(1, "steady", 100) "],\"events\":["
				"{\"t\":1,\"type\":\"error\",\"text\":\"caf\xe9\"}],\"complete\":false}");
	rr_run *r;
	char err[512], note[96];
	ck_assert_msg(results_read(p, &r, err, sizeof err) == 0, "%s", err);
	unlink(p);
	ck_assert_str_eq(r->label, "io\xef\xbf\xbd cap");
	ck_assert_int_eq(r->nevents, 1);
	ck_assert_str_eq(r->events[0].text, "caf\xef\xbf\xbd");
	ck_assert_uint_eq(r->repaired, 2);
	ck_assert_str_eq(rr_repaired_note(r, note, sizeof note),
			 "2 bytes that were not UTF-8 read as U+FFFD");
	ck_assert_msg(strstr(r->missing, note) != NULL, "%s", r->missing);
	results_read_free(r);
}
END_TEST

START_TEST(test_read_refuses)
{
	rr_run *r;
	char err[512];
	const char *p = fixture("{\"ticks\":[]}");
	ck_assert_int_eq(results_read(p, &r, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "not a results file") != NULL, "%s", err);
	unlink(p);
	p = fixture("hello");
	ck_assert_int_eq(results_read(p, &r, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "not JSON") != NULL, "%s", err);
	unlink(p);
	p = fixture("{\"format\":\"tpcc-console-results/9\",\"ticks\":[]}");
	ck_assert_int_eq(results_read(p, &r, err, sizeof err), -1);
	ck_assert_msg(strstr(err, "newer") != NULL, "%s", err);
	unlink(p);
	ck_assert_int_eq(results_read("/nonexistent/x.json", &r, err, sizeof err), -1);
}
END_TEST

#define MTICK(t, ph, run, nopm) \
	"\n{\"t\":" #t ",\"phase\":\"" ph "\",\"vus\":" #run ",\"vus_target\":2," \
	"\"vus_running\":" #run ",\"nopm\":" #nopm "," \
	"\"tpm\":" #nopm "0,\"commits\":{\"new_order\":" #nopm "},\"latency_ms\":" \
	"{\"new_order\":{\"p95\":" #t ",\"p99\":" #t "}},\"errors\":{\"deadlock\":1}," \
	"\"failed\":0,\"cpu_client\":10}"

/* One instance's file: ticks t=1 (ramp-up, 3 VUs at work), 2..4 (steady,
 * 2) with NOPM a and b; its steady histogram of New-Order holds n1 at 1 ms and n10 at 10 ms. */
static char *instance(const char *started, const char *range, int w, const char *db, int a,
		      int b, int n1, int n10, double p95)
{
	static char path[64];
	char text[4096], t1[1400], t2[256];
	int b1 = hist_bucket(1000), b10 = hist_bucket(10000);
	snprintf(t1, sizeof t1, MTICK(1, "rampup", 3, %d) "," MTICK(2, "steady", 2, %d) ","
		 MTICK(3, "steady", 2, %d) "," MTICK(4, "steady", 2, %d), a, a, a, b, b, b, b, b, b,
		 b, b, b);
	snprintf(t2, sizeof t2, "[[%llu,%llu,%d],[%llu,%llu,%d]]",
		 (unsigned long long)hist_bucket_lo(b1), (unsigned long long)hist_bucket_hi(b1), n1,
		 (unsigned long long)hist_bucket_lo(b10), (unsigned long long)hist_bucket_hi(b10),
		 n10);
	snprintf(text, sizeof text, "{\"format\":\"tpcc-console-results/2\",\"run\":{"
		 "\"started_at\":\"%s\",\"database\":\"%s\",\"warehouses\":%d},"
		 "\"config\":{\"workload.warehouse_range\":\"%s\"},\"ticks\":[%s\n],"
		 "\"events\":[{\"t\":2,\"type\":\"phase\",\"text\":\"phase rampup -> steady\"},"
		 "{\"t\":3,\"type\":\"mark\",\"text\":\"m\"}],"
		 "\"summary\":{\"steady_seconds\":3,\"nopm\":%d,\"tpm\":%d0,\"retries\":2,"
		 "\"errors\":{\"deadlock\":3},\"failed\":0,\"vus_max\":2,"
		 "\"client_cpu_s_per_1000_new_orders\":1,"
		 "\"latency_ms\":{\"new_order\":{\"p95\":%g,\"p99\":10}},"
		 "\"histograms_us\":{\"new_order\":{\"count\":%d,\"sum_us\":0,\"max_us\":10000,"
		 "\"buckets\":%s}}},\"stopped_by\":null,\"complete\":true}\n",
		 started, db, w, range, t1, b, b, p95, n1 + n10, t2);
	strcpy(path, fixture(text));
	return strdup(path);
}

static rr_run *load(char *path)
{
	rr_run *r;
	char err[512];
	ck_assert_msg(results_read(path, &r, err, sizeof err) == 0, "%s", err);
	unlink(path);
	free(path);
	return r;
}

START_TEST(test_merge_two_instances)
{
	rr_run *in[2], *m;
	char err[512];
	in[0] = load(instance("2026-01-01T12:00:00Z", "1-1", 2, "tpcc", 10, 100, 100, 0, 1));
	in[1] = load(instance("2026-01-01T12:00:01Z", "2-2", 2, "tpcc", 20, 200, 92, 8, 10));
	ck_assert_msg(rr_merge(in, 2, &m, err, sizeof err) == 0, "%s", err);
	/* Second 1: the first alone; 2: its steady, the other's ramp-up;
	 * 3 and 4 both steady; 5: the second alone. */
	ck_assert_int_eq(m->nticks, 5);
	double nopm[5] = { 10, 120, 300, 300, 200 };
	for (int i = 0; i < 5; i++) {
		ck_assert_int_eq(m->ticks[i].t, i + 1);
		ck_assert_msg(fabs(m->ticks[i].nopm - nopm[i]) < 1e-9, "tick %d: %g", i,
			      m->ticks[i].nopm);
	}
	ck_assert(fabs(m->ticks[2].commits[0] - 300) < 1e-9);
	ck_assert(fabs(m->ticks[2].errors - 2) < 1e-9);
	ck_assert_int_eq(m->ticks[2].vus, 4);
	ck_assert_int_eq(m->ticks[1].phase, PH_RAMPUP);
	ck_assert_int_eq(m->ticks[4].phase, PH_RAMPDOWN);
	ck_assert_int_eq(m->steady_from, 2);
	ck_assert_int_eq(m->steady_to, 4);
	ck_assert(fabs(m->ticks[2].p95[0] - 3) < 1e-9);   /* the worst instance's second */
	ck_assert_str_eq(m->started_at, "2026-01-01T12:00:00Z");
	ck_assert(fabs(m->fig.nopm - 300) < 1e-9);
	ck_assert(fabs(m->fig.tpm - 3000) < 1e-9);
	ck_assert(fabs(m->fig.errors - 6) < 1e-9);
	ck_assert(fabs(m->fig.retries - 4) < 1e-9);
	ck_assert(fabs(m->fig.cpu_per_1000_no - 1) < 1e-9);
	/* The steady seconds' VUs at work, not the ramp-up's 3 + 3. */
	ck_assert_int_eq(m->fig.vus_max, 4);
	/* 192 at 1 ms and 8 at 10 ms: p95 is 1 ms though one instance's is
	 * 10 ms, and p99 10 ms; within the bucket's width. */
	ck_assert_msg(fabs(m->fig.p95[0] - 1) < 0.02, "p95 %g", m->fig.p95[0]);
	ck_assert_msg(fabs(m->fig.p99[0] - 10) < 0.2, "p99 %g", m->fig.p99[0]);
	char buf[64];
	ck_assert_str_eq(rr_text(m, "summary.histograms_us.new_order.count", buf, sizeof buf),
			 "200");
	ck_assert_str_eq(rr_text(m, "config.workload.warehouse_range", buf, sizeof buf),
			 "1-1,2-2");
	/* One phase change (the instances change together), both marks. */
	int phases = 0, marks = 0;
	for (int i = 0; i < m->nevents; i++) {
		phases += !strcmp(m->events[i].type, "phase");
		marks += !strcmp(m->events[i].type, "mark");
	}
	ck_assert_int_eq(phases, 1);
	ck_assert_int_eq(marks, 2);
	results_read_free(m);
	results_read_free(in[0]);
	results_read_free(in[1]);
}
END_TEST

static void refused(const char *s2, const char *r2, int w2, const char *db2, const char *why)
{
	rr_run *in[2], *m = NULL;
	char err[512];
	in[0] = load(instance("2026-01-01T12:00:00Z", "1-1", 2, "tpcc", 10, 100, 100, 0, 1));
	in[1] = load(instance(s2, r2, w2, db2, 20, 200, 92, 8, 10));
	ck_assert_int_eq(rr_merge(in, 2, &m, err, sizeof err), -1);
	ck_assert(m == NULL);
	ck_assert_msg(strstr(err, why) && strstr(err, in[0]->path) && strstr(err, in[1]->path),
		      "%s", err);
	results_read_free(in[0]);
	results_read_free(in[1]);
}

START_TEST(test_merge_refuses)
{
	refused("2026-01-01T12:00:01Z", "1-2", 2, "tpcc", "overlap");
	refused("2026-01-01T12:00:01Z", "", 2, "tpcc", "overlap");  /* no range: every warehouse */
	refused("2026-01-01T12:00:01Z", "2-2", 3, "tpcc", "warehouses");
	refused("2026-01-01T12:00:01Z", "2-2", 2, "tpcc2", "database");
	refused("2026-01-01T12:00:05Z", "2-2", 2, "tpcc", "no second in common");
}
END_TEST

static void event_into(effect_track *k, jbuf *events, int t, const char *type, const char *text)
{
	run_event ev = { .t = t };
	snprintf(ev.type, sizeof ev.type, "%s", type);
	snprintf(ev.text, sizeof ev.text, "%s", text);
	if (events->s.len)
		jb_raw(events, ",");
	events->need_comma = 0;
	jb_obj_open(events);
	jb_kv_int(events, "t", t);
	jb_kv_str(events, "type", type);
	jb_kv_str(events, "text", text);
	jb_obj_close(events);
	effect_track_event(k, &ev, events->s.len - 1);
}

START_TEST(test_effect_into_events)
{
	effect_track *k = effect_track_new();
	jbuf ev;
	jb_init(&ev);
	ck_assert_ptr_nonnull(k);
	event_into(k, &ev, 0, "phase", "phase idle -> rampup");
	for (int i = 1; i <= 100; i++) {
		tick t = { .t = i, .nopm = i <= 40 ? 1000 : 1500 };
		t.commits[0] = 5;
		t.p95[0] = 12;
		effect_track_second(k, &t, NULL);
		if (i == 40) {
			event_into(k, &ev, 40, "knob", "set innodb_io_capacity 200 -> 2000");
			event_into(k, &ev, 40, "error", "vu 3: deadlock");
		}
		if (i == 95)
			event_into(k, &ev, 95, "mark", "late");
		/* The phase's effect goes in once its 30 s after have passed
		 * (it had no second before it: none), the knob's likewise. */
		ck_assert_int_eq(effect_track_flush(k, &ev, 0), i == 70 ? 1 : 0);
	}
	ck_assert_int_eq(effect_track_flush(k, &ev, 1), 1);
	char text[65536];
	snprintf(text, sizeof text, "[%s]", ev.s.p);
	json_error_t je;
	json_t *a = json_loads(text, 0, &je);
	ck_assert_msg(a != NULL, "not JSON: %s in %s", je.text, text);
	ck_assert_int_eq((int)json_array_size(a), 4);
	ck_assert_ptr_null(json_object_get(json_array_get(a, 0), "effect"));
	json_t *fx = json_object_get(json_array_get(a, 1), "effect");
	ck_assert_ptr_nonnull(fx);
	ck_assert_int_eq(json_integer_value(json_object_get(fx, "after_s")), 30);
	json_t *nopm = json_object_get(fx, "nopm");
	ck_assert_double_eq(json_number_value(json_object_get(nopm, "before")), 1000);
	ck_assert_double_eq(json_number_value(json_object_get(nopm, "after")), 1500);
	ck_assert_str_eq(json_string_value(json_object_get(nopm, "verdict")), "beyond noise");
	ck_assert_ptr_nonnull(json_object_get(json_object_get(fx, "p95_ms"), "new_order"));
	ck_assert(json_is_null(json_object_get(fx, "waits")));
	ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(fx, "headline")),
				     "NOPM +50.0% beyond noise"));
	/* Not a marker: no effect; the late mark: the 5 s there were. */
	ck_assert_ptr_null(json_object_get(json_array_get(a, 2), "effect"));
	fx = json_object_get(json_array_get(a, 3), "effect");
	ck_assert_int_eq(json_integer_value(json_object_get(fx, "after_s")), 5);
	ck_assert_str_eq(json_string_value(json_object_get(json_array_get(a, 3), "text")), "late");
	json_decref(a);
	jb_free(&ev);
	effect_track_free(k);
}
END_TEST

START_TEST(test_client_bound_text)
{
	char buf[400];
	uint64_t commits[TX_COUNT] = { 3, 1 };
	double avg[TX_COUNT] = { 10, 30, NAN, NAN, NAN };
	ck_assert_double_eq_tol(client_bound_mean_ms(commits, avg), 15, 1e-9);
	uint64_t none[TX_COUNT] = { 0 };
	ck_assert(isnan(client_bound_mean_ms(none, avg)));
	/* The client's cores: the larger share names the cause ... */
	cb_facts f = { .cpu_share = 0.92, .behind_share = 0.40, .vus = 8, .offered_tpm = NAN,
		       .txn_ms = 2 };
	ck_assert_int_eq(client_bound_cause(&f), CB_CPU);
	client_bound_text(&f, buf, sizeof buf);
	ck_assert_str_eq(buf, "the client wanted nearly all the host's cores in 92% of the steady "
			 "seconds: this NOPM is the client's ceiling, not the server's; a client on "
			 "another machine, or the warehouses split over several, would measure the "
			 "server");
	/* ... and a client short of CPU in half the seconds is named for it
	 * even when its schedule fell behind in more. */
	f.cpu_share = 0.6, f.behind_share = 0.9;
	ck_assert_int_eq(client_bound_cause(&f), CB_CPU);
	ck_assert_str_eq(client_bound_cause_name(CB_CPU), "cpu");
	/* The schedule, the mean time over each VU's share of it: the most
	 * these VUs can offer at that latency. */
	f = (cb_facts){ .cpu_share = 0.1, .behind_share = 0.62, .vus = 8, .offered_tpm = 120,
			.txn_ms = 4800 };
	ck_assert_int_eq(client_bound_cause(&f), CB_SCHEDULE);
	ck_assert_str_eq(client_bound_cause_name(client_bound_cause(&f)), "schedule");
	client_bound_text(&f, buf, sizeof buf);
	ck_assert_str_eq(buf, "the offered load's schedule fell behind in 62% of the steady "
			 "seconds: 120 TPM over 8 VUs needs a transaction from each every 4,000 ms, "
			 "and they took 4,800 ms on average, so 8 VUs can offer at most 100 TPM at "
			 "this latency; this NOPM is their limit, not shown to be the server's; more "
			 "VUs would show whether the server holds the rate");
	/* A mean that fits the share: not the VU count but the stalls. */
	f.txn_ms = 2500;
	client_bound_text(&f, buf, sizeof buf);
	ck_assert_str_eq(buf, "the offered load's schedule fell behind in 62% of the steady "
			 "seconds, though the transactions' 2,500 ms on average fit the 4,000 ms "
			 "each of the 8 VUs has at 120 TPM: stalls or bursts of the server's latency "
			 "put them behind, so this NOPM is a backlog's, not the rate's; more VUs "
			 "would absorb them");
	/* No time (VUs or rate moved, merged instances, an older file):
	 * the verdict without figures. */
	f.txn_ms = NAN;
	client_bound_text(&f, buf, sizeof buf);
	ck_assert_str_eq(buf, "the offered load's schedule fell behind in 62% of the steady "
			 "seconds: the VUs could not ask for more at the server's latency, so this "
			 "NOPM is their limit, not shown to be the server's; more VUs would show "
			 "whether the server holds the rate");
	/* A high rate's share in hundredths of a ms, not 0.0. */
	f = (cb_facts){ .behind_share = 0.8, .vus = 4, .offered_tpm = 600000, .txn_ms = 0.9 };
	client_bound_text(&f, buf, sizeof buf);
	ck_assert_ptr_nonnull(strstr(buf, "600,000 TPM over 4 VUs needs a transaction from each "
				     "every 0.40 ms, and they took 0.90 ms on average"));
	/* Cut short, never overrun. */
	char small[16];
	client_bound_text(&f, small, sizeof small);
	ck_assert_uint_eq(strlen(small), sizeof small - 1);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("results");
	TCase *tc = tcase_create("core");
	tcase_add_test(tc, test_block_len);
	tcase_add_test(tc, test_t95);
	tcase_add_test(tc, test_noise_verdicts);
	tcase_add_test(tc, test_gates);
	tcase_add_test(tc, test_scheduler);
	tcase_add_test(tc, test_read_format1_without_summary);
	tcase_add_test(tc, test_read_cut_file);
	tcase_add_test(tc, test_read_repairs_utf8);
	tcase_add_test(tc, test_read_refuses);
	tcase_add_test(tc, test_merge_two_instances);
	tcase_add_test(tc, test_merge_refuses);
	tcase_add_test(tc, test_effect_into_events);
	tcase_add_test(tc, test_client_bound_text);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
