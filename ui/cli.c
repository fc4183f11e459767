/* cli.c: the line-mode console.  Events are printed between commands, not
 * as they happen: another thread writing under libedit's line would garble
 * it.
 *
 * el_gets blocks in read(), and signals go to main's sigwait thread, so a
 * signal alone cannot wake the prompt.  libedit reads its keys through our
 * read_key instead: it waits on standard input and on intr_fd (a byte there
 * per SIGINT), and looks every quarter second whether the run ended or a
 * signal stopped it.  Ctrl-C at the prompt then acts at once, as in a
 * shell: it drops a typed line; at an empty prompt it says how to stop,
 * and a second Ctrl-C stops the run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>
#include "cli.h"
#include "run/command.h"
#include "complete.h"
#include "cmdhist.h"

#define POLL_MS 250               /* how soon the prompt sees the run end */
#define KEY_INTR 3                /* ^C: what read_key returns for a SIGINT */

typedef struct cli {
	engine *e;
	FILE *out;
	long seen;                /* events already printed */
	const char *knobs[32];
	int nknobs;
	atomic_int *stop;         /* a signal stopped the run */
	int in, intr_fd;
	atomic_int *intr_on;      /* SIGINT goes to intr_fd (see intr_at_prompt) */
	int tty;                  /* standard input is a terminal: a line to edit */
	mbstate_t mbs;            /* of a character read a byte at a time */
	int armed;                /* Ctrl-C at an empty prompt once: again stops */
	int interrupted;          /* Ctrl-C stopped the run */
} cli;

static cli *the_cli;              /* for the completion callback */

static void print_events(cli *c)
{
	run_event ev[64];
	long total;
	int n = engine_events(c->e, ev, 64, &total);
	long fresh = total - c->seen;
	/* Only the latest 64 are kept to print: say how many went by unseen
	 * (the results file has them all). */
	if (fresh > n)
		fprintf(c->out, "[%ld earlier events not shown; the results file has them]\n",
			fresh - n);
	for (int i = fresh < n ? n - (int)fresh : 0; i < n; i++)
		fprintf(c->out, "[%4ds %-8s] %s\n", ev[i].t, ev[i].type, ev[i].text);
	c->seen = total;
	fflush(c->out);
}

/* SIGINT comes to the prompt (on) only while it waits for a key; while a
 * command runs it stops the run as in batch mode, so Ctrl-C ends a `set`
 * waiting for a server that went away rather than sit in the pipe. */
static void intr_at_prompt(cli *c, int on)
{
	if (c->intr_on)
		atomic_store(c->intr_on, on && c->intr_fd >= 0);
}

/* One command; returns 1 when it asked to leave. */
static int execute(cli *c, const char *line)
{
	char out[4096], err[1024];
	cmd_ctx x = { .e = c->e, .out = out, .outlen = sizeof out };
	intr_at_prompt(c, 0);
	int rc = command_run(&x, line, err, sizeof err);
	intr_at_prompt(c, 1);
	if (rc) {
		fprintf(c->out, "error: %s\n", err);
		engine_event(c->e, "error", "command '%.100s': %.120s", line, err);
	} else if (out[0]) {
		fprintf(c->out, "%s%s", out, out[strlen(out) - 1] == '\n' ? "" : "\n");
	}
	print_events(c);
	return x.quit;
}

static char *prompt(EditLine *el)
{
	return "tpcc> ";
}

static unsigned char complete(EditLine *el, int ch)
{
	const LineInfo *li = el_line(el);
	char line[1024], ins[256], list[512];
	int cur = (int)(li->cursor - li->buffer);
	int len = (int)(li->lastchar - li->buffer);
	if (len >= (int)sizeof line)
		return CC_ERROR;
	memcpy(line, li->buffer, (size_t)len);
	line[len] = '\0';
	int n = complete_line(line, cur, the_cli->knobs, the_cli->nknobs, ins, sizeof ins, list,
			      sizeof list);
	if (!n)
		return CC_ERROR;
	if (ins[0] && el_insertstr(el, ins) < 0)
		return CC_ERROR;
	if (n > 1) {
		fprintf(the_cli->out, "\n%s\n", list);
		return CC_REDISPLAY;
	}
	return CC_REFRESH;
}

/* Ctrl-C (SIGINT, or the key itself when the terminal does not make it a
 * signal). */
static unsigned char interrupt(EditLine *el, int ch)
{
	cli *c = the_cli;
	const LineInfoW *li = el_wline(el);   /* characters, not bytes */
	(void)ch;
	if (li->lastchar > li->buffer) {
		/* A line typed: drop it, as a shell does. */
		el_cursor(el, (int)(li->lastchar - li->cursor));
		el_deletestr(el, (int)(li->lastchar - li->buffer));
		fputs("^C\n", c->out);
		c->armed = 0;
		return CC_REDISPLAY;
	}
	if (!c->armed) {
		fputs("^C\nCtrl-C again, or quit, stops the run\n", c->out);
		c->armed = 1;
		return CC_REDISPLAY;
	}
	fputs("^C\n", c->out);
	c->interrupted = 1;
	return CC_EOF;
}

/* libedit's read function: see the top of the file.  Returns 1 with a
 * character, 0 to end el_gets (end of input, the run is over, Ctrl-C
 * without a terminal), -1 on a read error. */
static int read_key(EditLine *el, wchar_t *wc)
{
	cli *c = the_cli;
	(void)el;
	for (;;) {
		if (engine_is_done(c->e) || (c->stop && atomic_load(c->stop)))
			return 0;
		struct pollfd pf[2] = { { .fd = c->in, .events = POLLIN },
					{ .fd = c->intr_fd, .events = POLLIN } };
		int n = poll(pf, c->intr_fd >= 0 ? 2 : 1, POLL_MS);
		if (n < 0 && errno != EINTR)
			return -1;
		if (n <= 0)
			continue;
		char b;
		if (c->intr_fd >= 0 && (pf[1].revents & POLLIN) && read(c->intr_fd, &b, 1) == 1) {
			if (c->tty) {
				*wc = KEY_INTR;   /* bound to interrupt() */
				return 1;
			}
			/* No line to clear, nobody to ask: stop, as before. */
			c->interrupted = 1;
			return 0;
		}
		if (!(pf[0].revents & (POLLIN | POLLHUP | POLLERR)))
			continue;
		ssize_t r = read(c->in, &b, 1);
		if (r == 0)
			return 0;
		if (r < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (r < 0)
			return -1;
		size_t k = mbrtowc(wc, &b, 1, &c->mbs);
		if (k == (size_t)-2)
			continue;         /* more bytes of this character to come */
		if (k == (size_t)-1) {
			memset(&c->mbs, 0, sizeof c->mbs);
			*wc = (unsigned char)b;   /* not in this locale: the byte */
		}
		return 1;
	}
}

static int run_script(cli *c, const char *path, char *err, size_t errlen)
{
	char line[2048];
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read the script %s: %s", path, strerror(errno));
		return -1;
	}
	int quit = 0;
	while (!quit && fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		const command_def *d;
		cmd_args a;
		char perr[256];
		if (command_parse(line, &d, &a, perr, sizeof perr) == 0)
			continue; /* blank and comment lines */
		fprintf(c->out, "tpcc> %s\n", line);
		quit = execute(c, line);
	}
	fclose(f);
	return quit;
}

int cli_run(engine *e, const tpcc_config *cfg, const char *script, atomic_int *stop,
	    int intr_fd, atomic_int *intr_on, FILE *out, char *err, size_t errlen)
{
	cli c = { .e = e, .out = out, .stop = stop, .in = fileno(stdin), .intr_fd = intr_fd,
		  .intr_on = intr_on };
	char path[1024];
	HistEvent ev;
	int quit = 0;

	c.nknobs = knob_names(engine_dialect(e), cfg->knobs, cfg->nknobs, c.knobs, 32);
	the_cli = &c;
	c.tty = isatty(c.in);
	fprintf(out, "tpcc-console cli: commands as in scripts ('help' lists them); "
		"quit, end of input or Ctrl-C twice stops the run\n");
	print_events(&c);
	if (script && script[0]) {
		quit = run_script(&c, script, err, errlen);
		if (quit < 0)
			return -1;
	}
	/* libedit reads the locale in el_init, and read_key decodes by it:
	 * in the C locale every byte past ASCII is a character libedit cannot
	 * turn back into text, and el_gets drops it.  Only the character set:
	 * numbers still print with a '.' for the results and the SQL.  An
	 * ASCII locale (C, POSIX) can hold no such key at all, yet nearly
	 * every terminal sends UTF-8: read that, as the console does. */
	setlocale(LC_CTYPE, "");
	if (!strcmp(nl_langinfo(CODESET), "ANSI_X3.4-1968"))
		setlocale(LC_CTYPE, "C.UTF-8");
	History *h = cmdhist_open(NULL, path, sizeof path);
	EditLine *el = el_init("tpcc-console", stdin, out, stderr);
	if (!el || !h) {
		snprintf(err, errlen, "cannot set up the line editor");
		if (el)
			el_end(el);
		cmdhist_close(h, NULL);
		return -1;
	}
	el_set(el, EL_EDITOR, "emacs");
	el_set(el, EL_PROMPT, prompt);
	el_set(el, EL_HIST, history, h);
	/* el_wset keeps the names it is given; el_set would copy them and
	 * never free the copies (LeakSanitizer sees them at exit). */
	el_wset(el, EL_ADDFN, L"tpcc-complete", L"complete a command or knob", complete);
	el_set(el, EL_BIND, "^I", "tpcc-complete", NULL);
	el_source(el, NULL);      /* the user's ~/.editrc, as other libedit tools */
	/* After the user's bindings: Ctrl-C must stay ours. */
	el_wset(el, EL_ADDFN, L"tpcc-interrupt", L"drop the line, or stop the run", interrupt);
	el_set(el, EL_BIND, "^C", "tpcc-interrupt", NULL);
	el_set(el, EL_GETCFN, read_key);

	while (!quit && !engine_is_done(e) && !(stop && atomic_load(stop))) {
		int count;
		const char *got = el_gets(el, &count);
		/* A line cut short by the run's end or a signal is not run. */
		if (!got || count <= 0 || c.interrupted || engine_is_done(e) ||
		    (stop && atomic_load(stop)))
			break;        /* end of input */
		c.armed = 0;
		char line[2048];
		snprintf(line, sizeof line, "%s", got);
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0]) {
			print_events(&c);
			continue;
		}
		history(h, &ev, H_ENTER, line);
		quit = execute(&c, line);
	}
	el_end(el);
	cmdhist_close(h, path);
	if (c.tty)
		fputc('\n', out);    /* the summary starts on a line of its own */
	print_events(&c);
	if (c.interrupted) {
		/* As a signal in batch mode: stopped by a signal, exit 130. */
		if (stop)
			atomic_store(stop, 1);
		engine_stop(e, "signal");
	}
	if (!engine_is_done(e))
		engine_stop(e, "operator");
	the_cli = NULL;
	return 0;
}
