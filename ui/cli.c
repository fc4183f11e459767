/* cli.c: the line-mode console.  Events are printed between commands, not
 * as they happen: another thread writing under libedit's line would garble
 * it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "command.h"
#include "complete.h"
#include "history.h"

typedef struct cli {
	engine *e;
	FILE *out;
	long seen;                /* events already printed */
	const char *knobs[32];
	int nknobs;
} cli;

static cli *the_cli;              /* for the completion callback */

static void print_events(cli *c)
{
	run_event ev[64];
	long total;
	int n = engine_events(c->e, ev, 64, &total);
	long fresh = total - c->seen;
	for (int i = fresh < n ? n - (int)fresh : 0; i < n; i++)
		fprintf(c->out, "[%4ds %-8s] %s\n", ev[i].t, ev[i].type, ev[i].text);
	c->seen = total;
	fflush(c->out);
}

/* One command; returns 1 when it asked to leave. */
static int execute(cli *c, const char *line)
{
	char out[4096], err[1024];
	cmd_ctx x = { .e = c->e, .out = out, .outlen = sizeof out };
	if (command_run(&x, line, err, sizeof err)) {
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

static int run_script(cli *c, const char *path, char *err, size_t errlen)
{
	char line[2048];
	FILE *f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "cannot read the script %s", path);
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
	    FILE *out, char *err, size_t errlen)
{
	cli c = { .e = e, .out = out };
	char path[1024];
	HistEvent ev;
	int quit = 0;

	c.nknobs = knob_names(cfg->driver, cfg->knobs, cfg->nknobs, c.knobs, 32);
	the_cli = &c;
	fprintf(out, "tpcc-console cli: commands as in scripts ('help' lists them); "
		"quit or end of input stops the run\n");
	print_events(&c);
	if (script && script[0]) {
		quit = run_script(&c, script, err, errlen);
		if (quit < 0)
			return -1;
	}
	History *h = hist_open(NULL, path, sizeof path);
	EditLine *el = el_init("tpcc-console", stdin, out, stderr);
	if (!el || !h) {
		snprintf(err, errlen, "cannot set up the line editor");
		if (el)
			el_end(el);
		hist_close(h, NULL);
		return -1;
	}
	el_set(el, EL_EDITOR, "emacs");
	el_set(el, EL_PROMPT, prompt);
	el_set(el, EL_HIST, history, h);
	el_set(el, EL_ADDFN, "tpcc-complete", "complete a command or knob", complete);
	el_set(el, EL_BIND, "^I", "tpcc-complete", NULL);
	el_source(el, NULL);      /* the user's ~/.editrc, as other libedit tools */

	while (!quit && !engine_is_done(e) && !(stop && atomic_load(stop))) {
		int count;
		const char *got = el_gets(el, &count);
		if (!got || count <= 0)
			break;        /* end of input */
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
	hist_close(h, path);
	if (!engine_is_done(e))
		engine_stop(e, "operator");
	the_cli = NULL;
	return 0;
}
