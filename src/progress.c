#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include <unistd.h>
#include "progress.h"
#include "util.h"

static void fmt_eta(char *buf, size_t len, double s)
{
	if (s < 0 || s > 359999)
		snprintf(buf, len, "--:--");
	else if (s >= 3600)
		snprintf(buf, len, "%d:%02d:%02d", (int)s / 3600, (int)s / 60 % 60, (int)s % 60);
	else
		snprintf(buf, len, "%d:%02d", (int)s / 60, (int)s % 60);
}

static void draw(progress *p, int final)
{
	uint64_t done = atomic_load(&p->done);
	int parts = atomic_load(&p->parts_done);
	double el = (now_ns() - p->start_ns) / 1e9;
	double frac = p->total ? (double)done / p->total : 0;
	if (frac > 1)
		frac = 1;
	if (final)
		frac = 1;
	double rate = el > 0 ? done / el : 0;
	char eta[16];
	fmt_eta(eta, sizeof eta, rate > 0 ? (p->total - (done < p->total ? done : p->total)) / rate : -1);

	if (p->tty) {
		char bar[31];
		int fill = (int)(frac * 30);
		for (int i = 0; i < 30; i++)
			bar[i] = i < fill ? '=' : (i == fill ? '>' : ' ');
		bar[30] = '\0';
		fprintf(p->out, "\r%s [%s] %3d%%  %d/%d warehouses  %.0f rows/s  ETA %s   %s",
			p->what, bar, (int)(frac * 100), parts, p->parts_total, rate,
			final ? "0:00" : eta, final ? "\n" : "");
	} else {
		fprintf(p->out, "%s: %3d%%  %d/%d warehouses  %llu rows  %.0f rows/s  elapsed %.0f s  ETA %s\n",
			p->what, (int)(frac * 100), parts, p->parts_total,
			(unsigned long long)done, rate, el, final ? "0:00" : eta);
	}
	fflush(p->out);
}

static void *progress_main(void *arg)
{
	progress *p = arg;
	uint64_t period = p->tty ? 250000000u : 5000000000u;
	uint64_t next = now_ns() + period;
	while (!atomic_load(&p->stop)) {
		/* short naps so finish() is not held up by a long period */
		sleep_ms(50);
		if (now_ns() >= next) {
			draw(p, 0);
			next += period;
		}
	}
	return NULL;
}

void progress_start(progress *p, const char *what, uint64_t total, int parts_total, FILE *out)
{
	memset(p, 0, sizeof *p);
	p->what = what;
	p->total = total;
	p->parts_total = parts_total;
	p->out = out;
	p->tty = isatty(fileno(out));
	p->start_ns = now_ns();
	p->running = pthread_create(&p->thread, NULL, progress_main, p) == 0;
}

void progress_finish(progress *p)
{
	atomic_store(&p->stop, 1);
	if (p->running)
		pthread_join(p->thread, NULL);
	p->running = 0;
	draw(p, 1);
}
