#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include "batch.h"
#include "command.h"
#include "steady.h"
#include "util/utf8.h"

static void on_tick(const tick *t, void *ud)
{
	batch_out *b = ud;
	char nopm[24], tpm[24], srv[40] = "";
	if (b->interval > 1 && t->t % b->interval)
		return;
	if (t->server_tpm >= 0) {
		char n[24];
		snprintf(srv, sizeof srv, "  server tpm %s", fmt_thousands(t->server_tpm, n, sizeof n));
	}
	uint64_t err = t->failed; /* transactions given up; retried errors show as retries */
	char recon[96] = "";
	size_t rl = 0;
	if (t->rate_tpm > 0) {
		char n[24];
		rl = (size_t)snprintf(recon, sizeof recon, "  offered %s behind %.2f s",
				      fmt_thousands(t->rate_tpm, n, sizeof n), t->behind_s);
	}
	if (t->vus_reconnecting)
		snprintf(recon + rl, sizeof recon - rl, "  reconnecting %d", t->vus_reconnecting);
	/* A type nothing of which finished this second has no p95: "-",
	 * not 0.0 ms (max 0, as the results file's null). */
	char p95[TX_COUNT][16];
	for (int i = 0; i < TX_COUNT; i++) {
		if (t->max[i] > 0)
			snprintf(p95[i], sizeof p95[i], "%.1f", t->p95[i]);
		else
			snprintf(p95[i], sizeof p95[i], "-");
	}
	pthread_mutex_lock(&b->lock);
	fprintf(b->out, "[%4ds %-8s] vus %d  nopm %s  tpm %s%s  p95 ms no %s pay %s os %s dl %s sl %s"
		"  err %llu  retry %llu%s\n",
		t->t, phase_names[t->phase], t->vus, fmt_thousands(t->nopm, nopm, sizeof nopm),
		fmt_thousands(t->tpm, tpm, sizeof tpm), srv, p95[TX_NEW_ORDER], p95[TX_PAYMENT],
		p95[TX_ORDER_STATUS], p95[TX_DELIVERY], p95[TX_STOCK_LEVEL],
		(unsigned long long)err, (unsigned long long)t->retries, recon);
	fflush(b->out);
	pthread_mutex_unlock(&b->lock);
}

/* One line of a command's answer: a server's rows and errors come in its
 * own character set, and a pipeline's log wants UTF-8. */
static void put_utf8(FILE *out, const char *prefix, const char *text)
{
	size_t n = strlen(text);
	char *u = utf8_repair(text, n, &n);
	const char *s = u ? u : text;
	fprintf(out, "%s%s%s", prefix, s, n && s[n - 1] == '\n' ? "" : "\n");
	free(u);
}

static void on_event(const run_event *ev, void *ud)
{
	batch_out *b = ud;
	pthread_mutex_lock(&b->lock);
	fprintf(b->out, "[%4ds %-8s] %s\n", ev->t, ev->type, ev->text);
	fflush(b->out);
	pthread_mutex_unlock(&b->lock);
}

void batch_init(batch_out *b, FILE *out, int interval)
{
	b->out = out;
	b->interval = interval > 0 ? interval : 1;
	pthread_mutex_init(&b->lock, NULL);
}

void batch_hooks(batch_out *b, engine_hooks *h)
{
	h->on_tick = on_tick;
	h->on_event = on_event;
	h->ud = b;
}

typedef struct reader {
	batch_out *b;
	engine *e;
	FILE *in;
} reader;

static void *reader_main(void *arg)
{
	reader *r = arg;
	char line[2048], out[4096], err[512];
	sigset_t all;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);

	while (fgets(line, sizeof line, r->in)) {
		line[strcspn(line, "\r\n")] = '\0';
		cmd_ctx x = { .e = r->e, .out = out, .outlen = sizeof out };
		const command_def *d;
		cmd_args a;
		int p = command_parse(line, &d, &a, err, sizeof err);
		if (p == 0)
			continue;
		if (engine_is_done(r->e))
			break;
		int rc = p < 0 ? -1 : command_run(&x, line, err, sizeof err);
		pthread_mutex_lock(&r->b->lock);
		if (rc)
			put_utf8(r->b->out, "error: ", err);
		else if (out[0])
			put_utf8(r->b->out, "", out);
		fflush(r->b->out);
		pthread_mutex_unlock(&r->b->lock);
		if (rc)
			engine_event(r->e, "error", "command '%s': %s", line, err);
	}
	free(r);
	return NULL;
}

int batch_read_commands(batch_out *b, engine *e, FILE *in)
{
	pthread_t th;
	reader *r = malloc(sizeof *r);
	if (!r)
		return -1;
	r->b = b;
	r->e = e;
	r->in = in;
	if (pthread_create(&th, NULL, reader_main, r)) {
		free(r);
		return -1;
	}
	pthread_detach(th);
	return 0;
}

/* Offered against achieved, and the service times beside the latencies
 * the main table counts from each transaction's intended start. */
static void rate_summary(FILE *out, const run_summary *s)
{
	char a[24], b[24];
	fprintf(out, "  offered load: %s TPM offered, %s achieved (%.1f%%), behind schedule at "
		"most %.2f s, %.2f s at the end: %s\n", fmt_thousands(s->rate_tpm, a, sizeof a),
		fmt_thousands(s->rate_achieved_tpm, b, sizeof b),
		100.0 * s->rate_achieved_tpm / s->rate_tpm, s->behind_max_s, s->behind_end_s,
		s->rate_met ? "achieved" :
		"not achieved (the VUs could not keep up: more VUs or a lower rate)");
	fprintf(out, "  latency from the intended start; service time (from the real start) "
		"p50/p95/p99/max ms:");
	for (int i = 0; i < TX_COUNT; i++)
		fprintf(out, "%s %s %.2f/%.2f/%.2f/%.2f", i ? ";" : "", txn_short[i], s->svc_p50[i],
			s->svc_p95[i], s->svc_p99[i], s->svc_max[i]);
	fputc('\n', out);
}

/* Where NOPM settled (MSER-5) and whether the steady phase was steady. */
static void steady_line(FILE *out, const run_summary *s)
{
	if (s->steady_from_t >= 0)
		fprintf(out, "  steady state: NOPM settled at second %d (MSER-5)", s->steady_from_t);
	else
		fprintf(out, "  steady state: not found (MSER-5: the run is short, or NOPM never "
			"settled)");
	if (s->trend_known && s->trending)
		fprintf(out, "; NOPM %s %.0f%% across the steady phase (95%% %+.1f..%+.1f%%): "
			"not steady", s->trend_pct < 0 ? "fell" : "rose", fabs(s->trend_pct),
			s->trend_lo_pct, s->trend_hi_pct);
	else if (s->trend_known && (s->trend_lo_pct < -STEADY_UNEVEN_PCT ||
				    s->trend_hi_pct > STEADY_UNEVEN_PCT))
		fprintf(out, "; NOPM too uneven across the steady phase to show a trend or its "
			"absence (%+.1f%%, 95%% %+.1f..%+.1f%%)", s->trend_pct, s->trend_lo_pct,
			s->trend_hi_pct);
	else if (s->trend_known)
		fprintf(out, "; no trend across the steady phase (NOPM %+.1f%%, 95%% %+.1f..%+.1f%%)",
			s->trend_pct, s->trend_lo_pct, s->trend_hi_pct);
	fputc('\n', out);
	if (s->auto_max > 0 && s->auto_settled_at >= 0)
		fprintf(out, "  ramp-up auto: the steady phase started at second %d, MSER-5 having "
			"found NOPM settled at second %d\n", s->auto_entered_at, s->auto_settled_at);
	else if (s->auto_max > 0)
		fprintf(out, "  ramp-up auto: no steady state found; the ramp-up ended %s\n",
			s->auto_entered_at < 0 ? "never" : s->auto_entered_at >= s->auto_max ?
			"at its most (auto:MAX)" : "by hand");
}

void batch_summary(FILE *out, const run_summary *s, int warehouses, const char *results_path)
{
	char a[24], b[24], lines[8][96];
	int ok;
	fprintf(out, "\nSummary of the steady phase: %d s, up to %d VU%s\n", s->steady_seconds,
		s->vus_max, s->vus_max == 1 ? "" : "s");
	fprintf(out, "  NOPM %s   TPM %s", fmt_thousands(s->nopm, a, sizeof a),
		fmt_thousands(s->tpm, b, sizeof b));
	if (s->server_tpm >= 0)
		fprintf(out, "   server TPM %s", fmt_thousands(s->server_tpm, a, sizeof a));
	fputc('\n', out);
	if (s->rate_tpm > 0)
		rate_summary(out, s);
	steady_line(out, s);
	if (s->client_bound) {
		cb_facts f;
		char why[400];
		results_client_bound_facts(s, &f);
		client_bound_text(&f, why, sizeof why);
		fprintf(out, "  client-bound: %s\n", why);
	}
	fprintf(out, "  %-13s %10s %9s %9s %9s %9s %9s %9s\n", "transaction", "count",
		"avg ms", "p50", "p90", "p95", "p99", "max");
	for (int i = 0; i < TX_COUNT; i++)
		fprintf(out, "  %-13s %10llu %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f\n", txn_names[i],
			(unsigned long long)s->commits[i], s->avg[i], s->p50[i], s->p90[i], s->p95[i],
			s->p99[i], s->max[i]);
	fprintf(out, "  errors: deadlock %llu  lock timeout %llu  connection %llu  other %llu;"
		"  failed %llu  retries %llu  reconnects %llu\n",
		(unsigned long long)s->errors[ERR_DEADLOCK], (unsigned long long)s->errors[ERR_LOCK_TIMEOUT],
		(unsigned long long)s->errors[ERR_CONNECTION], (unsigned long long)s->errors[ERR_OTHER],
		(unsigned long long)s->failed, (unsigned long long)s->retries,
		(unsigned long long)s->reconnects);
	int n = summary_audit_lines(s, warehouses, lines, 8, &ok);
	fprintf(out, "  audit:");
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? "; " : " ", lines[i]);
	char cl[COMPLIANCE_LINES][160];
	int compliant;
	n = summary_compliance_lines(s, warehouses, cl, COMPLIANCE_LINES, &compliant);
	fprintf(out, "\n  compliance: %s in what this tool checks:",
		compliant ? "COMPLIANT" : "not compliant");
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%s", i ? "; " : " ", cl[i]);
	fprintf(out, "\n  compliance: %s", summary_departures);
	fprintf(out, "\n  client CPU %.2f s: %.3f s per 1,000 transactions, %.3f s per 1,000 New-Orders\n",
		s->client_cpu_s, s->cpu_per_1000, s->cpu_per_1000_no);
	if (results_path && results_path[0])
		fprintf(out, "  results: %s\n", results_path);
	fflush(out);
}
