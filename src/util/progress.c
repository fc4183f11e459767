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

void progress_format(const progress *p, int bar_w, enum progress_end end, char *buf, size_t len)
{
	uint64_t done = atomic_load(&p->done);
	int parts = atomic_load(&p->parts_done);
	double el = (now_ns() - p->start_ns) / 1e9;
	double frac = p->total ? (double)done / p->total : 0;
	if (frac > 1 || end == PROGRESS_WHOLE)
		frac = 1;
	double rate = el > 0 ? done / el : 0;
	char eta[16], bar[130] = "";
	fmt_eta(eta, sizeof eta, rate > 0 ? (p->total - (done < p->total ? done : p->total)) / rate : -1);
	if (bar_w > (int)sizeof bar - 4)
		bar_w = (int)sizeof bar - 4;
	if (bar_w > 0) {
		int fill = (int)(frac * bar_w);
		bar[0] = '[';
		for (int i = 0; i < bar_w; i++)
			bar[1 + i] = i < fill ? '=' : (i == fill ? '>' : ' ');
		bar[1 + bar_w] = ']';
		bar[2 + bar_w] = ' ';
		bar[3 + bar_w] = '\0';
	}
	const char *pw = p->parts_what ? p->parts_what : "warehouses";
	const char *u = p->unit ? p->unit : "rows";
	/* "0/1 warehouse": the total says the number, the plural's -s goes. */
	int pwlen = (int)strlen(pw) - (p->parts_total == 1 && *pw);
	snprintf(buf, len, "%s%3d%%  %d/%d %.*s  %llu %s  %.0f %s/s  elapsed %.0f s  ETA %s",
		 bar, (int)(frac * 100), parts, p->parts_total, pwlen, pw, (unsigned long long)done, u,
		 rate, u, el, end == PROGRESS_WHOLE ? "0:00" : end == PROGRESS_CUT ? "--:--" : eta);
}

static void draw(progress *p, enum progress_end end)
{
	char line[300];
	if (!p->out)
		return;
	progress_format(p, p->tty ? 30 : 0, end, line, sizeof line);
	if (p->tty)
		fprintf(p->out, "\r%s %s   %s", p->what, line, end != PROGRESS_GOING ? "\n" : "");
	else
		fprintf(p->out, "%s: %s\n", p->what, line);
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
			draw(p, PROGRESS_GOING);
			next += period;
		}
	}
	return NULL;
}

void progress_start(progress *p, const char *what, uint64_t total, int parts_total, FILE *out)
{
	progress_start_named(p, what, NULL, NULL, total, parts_total, out);
}

void progress_start_named(progress *p, const char *what, const char *parts_what,
			  const char *unit, uint64_t total, int parts_total, FILE *out)
{
	memset(p, 0, sizeof *p);
	p->what = what;
	p->parts_what = parts_what;
	p->unit = unit;
	p->total = total;
	p->parts_total = parts_total;
	p->out = out;
	p->tty = out && isatty(fileno(out));
	p->start_ns = now_ns();
	p->running = out && pthread_create(&p->thread, NULL, progress_main, p) == 0;
}

void progress_finish(progress *p, enum progress_end end)
{
	atomic_store(&p->stop, 1);
	if (p->running)
		pthread_join(p->thread, NULL);
	p->running = 0;
	draw(p, end);
}
