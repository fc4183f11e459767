/* figures.c: see figures.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "figures.h"

/* key: per type {avg, p50, p90, p95, p99, max}, avg and p90 left out
 * when NULL; a type with nothing measured (max 0: every sample takes
 * some time) has null for each, not 0 ms. */
static void latency_json(jbuf *b, const char *key, const double *avg, const double *p50,
			 const double *p90, const double *p95, const double *p99,
			 const double *max)
{
	jb_key(b, key);
	jb_obj_open(b);
	for (int i = 0; i < TX_COUNT; i++) {
		if (!(max[i] > 0)) {
			jb_kv_null(b, txn_names[i]);
			continue;
		}
		jb_key(b, txn_names[i]);
		jb_obj_open(b);
		if (avg)
			jb_kv_dbl(b, "avg", avg[i], 3);
		jb_kv_dbl(b, "p50", p50[i], 3);
		if (p90)
			jb_kv_dbl(b, "p90", p90[i], 3);
		jb_kv_dbl(b, "p95", p95[i], 3);
		jb_kv_dbl(b, "p99", p99[i], 3);
		jb_kv_dbl(b, "max", max[i], 3);
		jb_obj_close(b);
	}
	jb_obj_close(b);
}

void figures_json(jbuf *b, const figures_ref *f)
{
	jb_key(b, "commits");
	jb_obj_open(b);
	for (int i = 0; i < TX_COUNT; i++)
		jb_kv_int(b, txn_names[i], (int64_t)f->commits[i]);
	jb_obj_close(b);
	latency_json(b, "latency_ms", f->avg, f->p50, f->p90, f->p95, f->p99, f->max);
	jb_key(b, "errors");
	jb_obj_open(b);
	for (int i = 0; i < ERR_KIND_COUNT; i++)
		jb_kv_int(b, err_kind_names[i], (int64_t)f->errors[i]);
	jb_obj_close(b);
	jb_kv_int(b, "failed", (int64_t)f->failed);
	jb_kv_int(b, "retries", (int64_t)f->retries);
	jb_kv_int(b, "reconnects", (int64_t)f->reconnects);
}

void figures_rate_json(jbuf *b, const rate_ref *r)
{
	if (r->offered_tpm <= 0) {
		jb_kv_null(b, "rate");
		return;
	}
	jb_key(b, "rate");
	jb_obj_open(b);
	jb_kv_dbl(b, "offered_tpm", r->offered_tpm, 1);
	jb_kv_dbl(b, "achieved_tpm", r->achieved_tpm, 1);
	jb_kv_bool(b, "achieved", r->met);
	jb_kv_dbl(b, "behind_max_s", r->behind_max_s, 3);
	jb_kv_dbl(b, "behind_end_s", r->behind_end_s, 3);
	latency_json(b, "service_latency_ms", r->avg, r->p50, NULL, r->p95, r->p99, r->max);
	jb_obj_close(b);
}

void figures_tpm_json(jbuf *b, double nopm, double tpm, double server_tpm, int decimals)
{
	jb_kv_dbl(b, "nopm", nopm, decimals);
	jb_kv_dbl(b, "tpm", tpm, decimals);
	if (server_tpm >= 0)
		jb_kv_dbl(b, "server_tpm", server_tpm, decimals);
	else
		jb_kv_null(b, "server_tpm");
}
