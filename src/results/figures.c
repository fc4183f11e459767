/* figures.c: see figures.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "figures.h"

void figures_json(jbuf *b, const figures_ref *f)
{
	jb_key(b, "commits");
	jb_obj_open(b);
	for (int i = 0; i < TX_COUNT; i++)
		jb_kv_int(b, txn_names[i], (int64_t)f->commits[i]);
	jb_obj_close(b);
	jb_key(b, "latency_ms");
	jb_obj_open(b);
	for (int i = 0; i < TX_COUNT; i++) {
		jb_key(b, txn_names[i]);
		jb_obj_open(b);
		if (f->avg)
			jb_kv_dbl(b, "avg", f->avg[i], 3);
		jb_kv_dbl(b, "p50", f->p50[i], 3);
		if (f->p90)
			jb_kv_dbl(b, "p90", f->p90[i], 3);
		jb_kv_dbl(b, "p95", f->p95[i], 3);
		jb_kv_dbl(b, "p99", f->p99[i], 3);
		jb_kv_dbl(b, "max", f->max[i], 3);
		jb_obj_close(b);
	}
	jb_obj_close(b);
	jb_key(b, "errors");
	jb_obj_open(b);
	for (int i = 0; i < ERR_KIND_COUNT; i++)
		jb_kv_int(b, err_kind_names[i], (int64_t)f->errors[i]);
	jb_obj_close(b);
	jb_kv_int(b, "failed", (int64_t)f->failed);
	jb_kv_int(b, "retries", (int64_t)f->retries);
	jb_kv_int(b, "reconnects", (int64_t)f->reconnects);
}
