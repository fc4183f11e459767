#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include "client_bound.h"
#include "util/util.h"

cb_cause client_bound_cause(const cb_facts *f)
{
	/* A client short of CPU is short of it whatever its schedule did. */
	return f->cpu_share >= 0.5 || f->cpu_share >= f->behind_share ? CB_CPU : CB_SCHEDULE;
}

const char *client_bound_cause_name(cb_cause c)
{
	return c == CB_CPU ? "cpu" : "schedule";
}

double client_bound_mean_ms(const uint64_t *commits, const double *avg)
{
	double sum = 0, n = 0;
	for (int i = 0; i < TX_COUNT; i++)
		if (commits[i] && isfinite(avg[i])) {
			sum += (double)commits[i] * avg[i];
			n += (double)commits[i];
		}
	return n > 0 ? sum / n : NAN;
}

/* A time in ms as the summary's table gives it, tenths below 100 ms, and
 * hundredths below 1 ms (a share of a high rate's schedule). */
static void fmt_ms(double ms, char *buf, size_t len)
{
	if (ms < 1)
		snprintf(buf, len, "%.2f", ms);
	else if (ms < 100)
		snprintf(buf, len, "%.1f", ms);
	else
		fmt_thousands(ms, buf, len);
}

void client_bound_text(const cb_facts *f, char *buf, size_t len)
{
	if (client_bound_cause(f) == CB_CPU) {
		snprintf(buf, len, "the client wanted nearly all the host's cores in %.0f%% of the "
			 "steady seconds: this NOPM is the client's ceiling, not the server's; a client "
			 "on another machine, or the warehouses split over several, would measure the "
			 "server", 100 * f->cpu_share);
		return;
	}
	int pct = (int)lround(100 * f->behind_share);
	if (f->vus <= 0 || !(f->offered_tpm > 0) || !isfinite(f->txn_ms) || f->txn_ms <= 0) {
		snprintf(buf, len, "the offered load's schedule fell behind in %d%% of the steady "
			 "seconds: the VUs could not ask for more at the server's latency, so this NOPM "
			 "is their limit, not shown to be the server's; more VUs would show whether the "
			 "server holds the rate", pct);
		return;
	}
	/* A VU runs one transaction at a time: at R TPM over N VUs each must
	 * finish one every 60,000 N / R ms, and at T ms a transaction N VUs
	 * can offer at most 60,000 N / T TPM. */
	double every_ms = 60000.0 * f->vus / f->offered_tpm;
	char took[32], every[32], rate[32], most[32];
	fmt_ms(f->txn_ms, took, sizeof took);
	fmt_ms(every_ms, every, sizeof every);
	fmt_thousands(f->offered_tpm, rate, sizeof rate);
	fmt_thousands(60000.0 * f->vus / f->txn_ms, most, sizeof most);
	if (every_ms < f->txn_ms)
		snprintf(buf, len, "the offered load's schedule fell behind in %d%% of the steady "
			 "seconds: %s TPM over %d VUs needs a transaction from each every %s ms, and "
			 "they took %s ms on average, so %d VUs can offer at most %s TPM at this "
			 "latency; this NOPM is their limit, not shown to be the server's; more VUs "
			 "would show whether the server holds the rate",
			 pct, rate, f->vus, every, took, f->vus, most);
	else
		snprintf(buf, len, "the offered load's schedule fell behind in %d%% of the steady "
			 "seconds, though the transactions' %s ms on average fit the %s ms each of the "
			 "%d VUs has at %s TPM: stalls or bursts of the server's latency put them "
			 "behind, so this NOPM is a backlog's, not the rate's; more VUs would absorb them",
			 pct, took, every, f->vus, rate);
}
