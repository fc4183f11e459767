#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <math.h>
#include <stdio.h>
#include "client_bound.h"
#include "util/util.h"

cb_cause client_bound_cause(const cb_facts *f)
{
	return f->cpu_share >= f->behind_share ? CB_CPU : CB_SCHEDULE;
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

/* A time in ms as the summary's table gives it: tenths below 100 ms. */
static void fmt_ms(double ms, char *buf, size_t len)
{
	if (ms < 100)
		snprintf(buf, len, "%.1f", ms);
	else
		fmt_thousands(ms, buf, len);
}

void client_bound_text(const cb_facts *f, char *buf, size_t len)
{
	if (client_bound_cause(f) == CB_CPU) {
		snprintf(buf, len, "the client wanted nearly all the host's cores in %.0f%% of the "
			 "steady seconds: this NOPM is the client's ceiling, not the server's",
			 100 * f->cpu_share);
		return;
	}
	char took[32], share[32], rate[32];
	/* Each VU's share of the schedule: a VU runs one transaction at a
	 * time, so the VUs keep up only while a transaction takes less. */
	if (f->vus > 0 && f->offered_tpm > 0 && isfinite(f->txn_ms)) {
		fmt_ms(f->txn_ms, took, sizeof took);
		fmt_ms(60000.0 * f->vus / f->offered_tpm, share, sizeof share);
		fmt_thousands(f->offered_tpm, rate, sizeof rate);
		snprintf(buf, len, "the offered load's schedule fell behind in %.0f%% of the steady "
			 "seconds: a transaction took %s ms on average, and each of the %d VUs had %s ms "
			 "for one at %s a minute; this NOPM is what %d VUs get at the server's latency, "
			 "not the server's ceiling: add VUs, or lower the rate",
			 100 * f->behind_share, took, f->vus, share, rate, f->vus);
		return;
	}
	snprintf(buf, len, "the offered load's schedule fell behind in %.0f%% of the steady "
		 "seconds: this NOPM is what the VUs got at the server's latency, not the server's "
		 "ceiling: add VUs, or lower the rate", 100 * f->behind_share);
}
