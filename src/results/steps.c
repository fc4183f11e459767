/* steps.c: a step's JSON (see steps.h and the results file's "steps" in
 * doc/internals.md). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "figures.h"
#include "steps.h"

static void old_new(jbuf *b, const char *key, int64_t old, int64_t now)
{
	jb_key(b, key);
	jb_obj_open(b);
	jb_kv_int(b, "old", old);
	jb_kv_int(b, "new", now);
	jb_obj_close(b);
}

void step_json(jbuf *b, const step_result *s)
{
	jb_el_begin(b);
	jb_obj_open(b);
	jb_kv_int(b, "step", s->index);
	jb_kv_str(b, "label", s->label);
	jb_key(b, "set");
	jb_obj_open(b);
	if (s->vus >= 0)
		old_new(b, "vus", s->vus_old, s->vus);
	if (s->rate >= 0)
		old_new(b, "rate", s->rate_old, s->rate);
	for (int i = 0; i < s->nset; i++) {
		jb_key(b, s->set[i].name);
		jb_obj_open(b);
		jb_kv_str(b, "old", s->set[i].old);
		jb_kv_str(b, "new", s->set[i].value);
		if (s->set[i].effect_s >= 0)
			jb_kv_dbl(b, "in_effect_s", s->set[i].effect_s, 3);
		else
			jb_kv_null(b, "in_effect_s");
		jb_obj_close(b);
	}
	jb_obj_close(b);
	if (s->reset) {
		jb_kv_bool(b, "reset", 1);
		jb_kv_dbl(b, "reset_s", s->reset_s, 3);
	}
	jb_kv_int(b, "started", s->started);
	jb_kv_int(b, "settled", s->settled);
	if (s->settle_by[0]) {
		jb_kv_str(b, "settle_by", s->settle_by);
		if (s->settle_found >= 0)
			jb_kv_int(b, "settle_found", s->settle_found);
		else
			jb_kv_null(b, "settle_found");
	}
	jb_kv_int(b, "ended", s->ended);
	jb_kv_bool(b, "complete", s->complete);
	if (s->ended_by[0])
		jb_kv_str(b, "ended_by", s->ended_by);
	else
		jb_kv_null(b, "ended_by");
	jb_kv_int(b, "seconds", s->seconds);
	jb_kv_int(b, "vus_min", s->vus_min);
	jb_kv_int(b, "vus_max", s->vus_max);
	figures_tpm_json(b, s->nopm, s->tpm, s->server_tpm, 1);
	figures_json(b, &(figures_ref){ .commits = s->commits, .p50 = s->p50, .p95 = s->p95,
					.p99 = s->p99, .max = s->max, .p90 = s->p90,
					.errors = s->errors,
					.failed = s->failed, .retries = s->retries,
					.reconnects = s->reconnects });
	figures_rate_json(b, &(rate_ref){ .offered_tpm = s->offered_tpm,
					  .achieved_tpm = s->achieved_tpm,
					  .behind_max_s = s->behind_max_s,
					  .behind_end_s = s->behind_end_s, .met = s->rate_met,
					  .avg = s->svc_avg, .p50 = s->svc_p50, .p95 = s->svc_p95,
					  .p99 = s->svc_p99,
					  .max = s->svc_max });
	jb_kv_dbl(b, "client_cpu_s", s->client_cpu_s, 3);
	jb_kv_dbl(b, "client_cpu_s_per_1000_new_orders", s->cpu_per_1000_no, 4);
	jb_key(b, "server_metrics");
	jb_obj_open(b);
	for (int i = 0; i < s->nmetrics; i++) {
		jb_key(b, s->metric[i]);
		jb_obj_open(b);
		jb_kv_dbl(b, "avg", s->metric_avg[i], 2);
		jb_kv_dbl(b, "per_s", s->metric_rate[i], 2);
		jb_obj_close(b);
	}
	jb_obj_close(b);
	if (s->wait_seconds) {
		double share;
		int dom = wait_dominant(s->wait_aas, &share);
		jb_key(b, "waits");
		jb_obj_open(b);
		jb_kv_int(b, "seconds", s->wait_seconds);
		jb_key(b, "aas");
		jb_obj_open(b);
		for (int c = 0; c < WC_COUNT; c++)
			jb_kv_dbl(b, wait_class_names[c], s->wait_aas[c], 2);
		jb_obj_close(b);
		if (dom >= 0) {
			jb_kv_str(b, "dominant", wait_class_names[dom]);
			jb_kv_dbl(b, "dominant_share", share, 3);
		} else {
			jb_kv_null(b, "dominant");
		}
		jb_key(b, "top");
		jb_arr_open(b);
		for (int i = 0; i < s->nwait_top; i++) {
			jb_el_begin(b);
			jb_arr_open(b);
			jb_el_str(b, s->wait_top[i].name);
			jb_el_str(b, wait_class_names[s->wait_top[i].cls]);
			jb_el_dbl(b, s->wait_top[i].aas, 2);
			jb_arr_close(b);
		}
		jb_arr_close(b);
		jb_obj_close(b);
	}
	jb_obj_close(b);
}
