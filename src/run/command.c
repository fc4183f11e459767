#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "command.h"
#include "config/options.h"
#include "engine.h"
#include "sweep_live.h"
#include "util/util.h"

int command_vus_value(const char *arg, int current, int *out, char *err, size_t errlen)
{
	char *end;
	int rel = arg[0] == '+' || arg[0] == '-';
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (!*arg || *end || errno || (rel && !isdigit((unsigned char)arg[1]))) {
		snprintf(err, errlen, "vus: expected N, +N or -N, got '%s'", arg);
		return -1;
	}
	/* Bound the change first: current + v must not overflow. */
	if (v > INT_MAX || v < -(long)INT_MAX) {
		snprintf(err, errlen, "vus: the VU count must be from 0 to 10000, got '%s'", arg);
		return -1;
	}
	long long n = rel ? (long long)current + v : v;
	if (n < 0 || n > 10000) {
		/* "-5" from 3 VUs: say the count it would make, not just "-2". */
		if (rel)
			snprintf(err, errlen, "vus: the VU count must be from 0 to 10000; %s from %d "
				 "VU%s would make %lld", arg, current, current == 1 ? "" : "s", n);
		else
			snprintf(err, errlen, "vus: the VU count must be from 0 to 10000, got %lld", n);
		return -1;
	}
	*out = (int)n;
	return 0;
}

static int c_vus(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	engine_status st;
	int n;
	engine_get_status(x->e, &st);
	if (command_vus_value(a->argv[0], st.vus_target, &n, err, errlen))
		return -1;
	if (engine_set_vus(x->e, n, "operator", err, errlen))
		return -1;
	snprintf(x->out, x->outlen, "vus %d -> %d", st.vus_target, n);
	return 0;
}

static int c_rate(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	long tpm, old = engine_rate(x->e);
	char msg[200];
	if (a->argc == 0) {
		if (old > 0)
			snprintf(x->out, x->outlen, "rate %ld transactions a minute offered", old);
		else
			snprintf(x->out, x->outlen, "rate off: every VU runs flat out");
		return 0;
	}
	if (rate_parse(a->argv[0], &tpm, msg, sizeof msg)) {
		snprintf(err, errlen, "rate: %s", msg);
		return -1;
	}
	if (engine_set_rate(x->e, tpm, 1, "operator", err, errlen))
		return -1;
	if (tpm > 0)
		snprintf(x->out, x->outlen, "rate %ld transactions a minute offered", tpm);
	else
		snprintf(x->out, x->outlen, "rate off: every VU runs flat out");
	return 0;
}

static int c_phase(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	const char *p = a->argv[0];
	if (!strcmp(p, "steady"))
		return engine_end_rampup(x->e, err, errlen);
	if (!strcmp(p, "rampdown"))
		return engine_start_rampdown(x->e, err, errlen);
	snprintf(err, errlen, "phase: expected 'steady' or 'rampdown', got '%s'", p);
	return -1;
}

static int c_extend(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	int s = 0;
	if (a->argc == 1) {
		long v;
		if (opt_parse_seconds(a->argv[0], 1, 86400 * 30, &v)) {
			snprintf(err, errlen, "extend: expected seconds from 1 to 2592000 (or 90s, "
				 "45m, 2h, 1d), got '%s'", a->argv[0]);
			return -1;
		}
		s = (int)v;
	}
	return engine_extend(x->e, s, err, errlen);
}

/* How long stop waits for a sweep to record the step it cuts short
 * before the run stops anyway (a step waiting on a server that is away). */
#define STOP_SWEEP_WAIT_MS 5000

static int c_stop(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	char ign[256];
	/* A sweep's step under way is ended and recorded first, so the file
	 * has it and the table whole; its variables go back as the run ends. */
	int sweep = engine_job_running(x->e);
	if (sweep && engine_step_ask(x->e, STEP_ASK_END, ign, sizeof ign) == 0)
		engine_job_wait(x->e, STOP_SWEEP_WAIT_MS);
	engine_stop(x->e, "operator");
	snprintf(x->out, x->outlen, "stopping%s: VUs finish their transactions",
		 sweep ? " the sweep and the run" : "");
	return 0;
}

static int c_sweep(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	return sweep_live_start(x->e, a->argv[0], x->out, x->outlen, err, errlen);
}

static int c_ab(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	return ab_live_start(x->e, a->argv[0], x->out, x->outlen, err, errlen);
}

static int c_next(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	char why[256];
	if (engine_step_ask(x->e, STEP_ASK_NEXT, why, sizeof why)) {
		snprintf(err, errlen, "next: %s", why);
		return -1;
	}
	snprintf(x->out, x->outlen, "next: the step under way ends now");
	return 0;
}

static int c_quit(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	x->quit = 1;
	return c_stop(x, a, err, errlen);
}

static int c_pause(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	return engine_pause(x->e, 1);
}

static int c_resume(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	return engine_pause(x->e, 0);
}

static int c_set(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	if (engine_set_var(x->e, a->argv[0], a->argv[1], err, errlen))
		return -1;
	char now[256];
	if (engine_get_var(x->e, a->argv[0], now, sizeof now, err, errlen) == 0)
		snprintf(x->out, x->outlen, "%s = %s", a->argv[0], now);
	return 0;
}

static int c_get(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	char v[256];
	if (engine_get_var(x->e, a->argv[0], v, sizeof v, err, errlen))
		return -1;
	snprintf(x->out, x->outlen, "%s = %s", a->argv[0], v);
	return 0;
}

static int c_metrics(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	return engine_metrics(x->e, x->out, x->outlen, err, errlen);
}

static int c_sql(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	return engine_sql(x->e, a->argv[0], x->out, x->outlen, err, errlen);
}

static int c_mark(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	engine_event(x->e, "mark", "%s", a->argv[0]);
	return 0;
}

static int c_status(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	engine_status st;
	engine_get_status(x->e, &st);
	char srv[40] = "";
	if (st.last.server_tpm >= 0)
		snprintf(srv, sizeof srv, "  server tpm %.0f", st.last.server_tpm);
	snprintf(x->out, x->outlen, "t %d s  phase %s (%d s left)  vus %d/%d%s  nopm %.0f  tpm %.0f%s  results %s",
		 st.t, phase_names[st.phase], st.phase_left, st.vus, st.vus_target,
		 st.paused ? " (paused)" : "", st.last.nopm, st.last.tpm, srv, st.results_path);
	return 0;
}

static int c_help(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen)
{
	size_t used = 0;
	x->out[0] = '\0';
	for (size_t i = 0; i < command_count && used < x->outlen; i++) {
		const command_def *d = &command_table[i];
		if (a->argc == 1 && strcmp(a->argv[0], d->name))
			continue;
		int n = snprintf(x->out + used, x->outlen - used, "%-28s %s\n", d->usage, d->help);
		used += n > 0 ? (size_t)n : 0;
	}
	if (a->argc == 1 && !x->out[0]) {
		snprintf(err, errlen, "help: no command '%s'", a->argv[0]);
		return -1;
	}
	return 0;
}

const command_def command_table[] = {
	{ "vus", 1, 1, 0, "vus N|+N|-N", "set the number of virtual users", c_vus },
	{ "rate", 0, 1, 0, "rate [TPM|off]", "offer TPM transactions a minute over all VUs (off: flat out again)", c_rate },
	{ "phase", 1, 1, 0, "phase steady|rampdown", "end ramp-up now, or start ramp-down now", c_phase },
	{ "extend", 0, 1, 0, "extend [SECONDS]", "make the steady phase longer (default: run.extend_step)", c_extend },
	{ "pause", 0, 0, 0, "pause", "pause every VU after its transaction", c_pause },
	{ "resume", 0, 0, 0, "resume", "resume paused VUs", c_resume },
	{ "set", 2, 2, CMD_REST | CMD_SERVER, "set VARIABLE VALUE", "set a server variable (SET GLOBAL, ALTER SYSTEM, sp_configure; PRAGMA on sqlite)", c_set },
	{ "get", 1, 1, CMD_SERVER, "get VARIABLE", "show a server variable", c_get },
	{ "metrics", 0, 0, CMD_SERVER, "metrics", "show the server's metrics now (InnoDB, pg_stat_*, ...)", c_metrics },
	{ "sql", 1, 1, CMD_REST | CMD_SERVER, "sql STATEMENT", "run a statement on the control connection", c_sql },
	{ "mark", 1, 1, CMD_REST, "mark TEXT", "put a mark on the timeline", c_mark },
	{ "status", 0, 0, 0, "status", "show the run's phase, VUs and last second", c_status },
	{ "sweep", 1, 1, CMD_REST, "sweep vus=N,N.. [knob=NAME=V,V..] [step=S] [settle=S] [reset-between]",
	  "run a sweep's steps now, as the sweep subcommand does; the run ends after the last", c_sweep },
	{ "ab", 1, 1, CMD_REST, "ab knob=NAME=A,B|vus=A,B|rate=A,B [segments=N] [segment=S] [settle=S]",
	  "run an A/B trial now, as the ab subcommand does: B's effect with its 95% interval after each segment; the run ends after the last", c_ab },
	{ "next", 0, 0, 0, "next", "end the sweep's step under way now and go on with the next", c_next },
	{ "stop", 0, 0, 0, "stop", "end the run now, and a sweep with it (the results file is finished)", c_stop },
	{ "quit", 0, 0, 0, "quit", "stop the run and leave", c_quit },
	{ "help", 0, 1, 0, "help [COMMAND]", "list the commands", c_help },
};
const size_t command_count = sizeof command_table / sizeof command_table[0];

static const char *skip_space(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return p;
}

/* Copy the word at p into out; NULL if it does not fit (never cut short). */
static const char *word(const char *p, char *out, size_t len)
{
	size_t n = 0;
	while (p[n] && !isspace((unsigned char)p[n]))
		n++;
	if (n >= len)
		return NULL;
	memcpy(out, p, n);
	out[n] = '\0';
	return p + n;
}

static const command_def *lookup(const char *name, char *err, size_t errlen)
{
	const command_def *found = NULL;
	char cands[256] = "";
	int n = 0;
	size_t len = strlen(name);

	for (size_t i = 0; i < command_count; i++) {
		if (!strcmp(command_table[i].name, name))
			return &command_table[i];
		if (!strncmp(command_table[i].name, name, len)) {
			found = &command_table[i];
			size_t u = strlen(cands);
			snprintf(cands + u, sizeof cands - u, "%s%s", n++ ? ", " : "", found->name);
		}
	}
	if (n == 1)
		return found;
	if (n > 1)
		snprintf(err, errlen, "ambiguous command '%s', could be: %s", name, cands);
	else
		snprintf(err, errlen, "unknown command '%s' (try 'help')", name);
	return NULL;
}

int command_parse(const char *line, const command_def **def, cmd_args *args,
		  char *err, size_t errlen)
{
	char name[64];
	const char *p = skip_space(line);

	memset(args, 0, sizeof *args);
	if (!*p || *p == '#')
		return 0;
	const char *after = word(p, name, sizeof name);
	if (!after) {
		snprintf(err, errlen, "unknown command '%.20s...' (try 'help')", p);
		return -1;
	}
	p = after;
	const command_def *d = lookup(name, err, errlen);
	if (!d)
		return -1;
	for (;;) {
		p = skip_space(p);
		if (!*p)
			break;
		if (args->argc == d->max_args) {
			snprintf(err, errlen, "%s: too many arguments; usage: %s", d->name, d->usage);
			return -1;
		}
		if ((d->flags & CMD_REST) && args->argc == d->max_args - 1) {
			/* The last argument is the rest of the line, trailing space cut. */
			size_t n = strlen(p);
			while (n && isspace((unsigned char)p[n - 1]))
				n--;
			if (n >= CMD_ARG_LEN) {
				snprintf(err, errlen, "%s: argument too long (at most %d characters)",
					 d->name, CMD_ARG_LEN - 1);
				return -1;
			}
			memcpy(args->argv[args->argc], p, n);
			args->argv[args->argc++][n] = '\0';
			break;
		}
		p = word(p, args->argv[args->argc++], CMD_ARG_LEN);
		if (!p) {
			snprintf(err, errlen, "%s: argument %d too long (at most %d characters)",
				 d->name, args->argc, CMD_ARG_LEN - 1);
			return -1;
		}
	}
	if (args->argc < d->min_args) {
		snprintf(err, errlen, "%s: missing argument; usage: %s", d->name, d->usage);
		return -1;
	}
	*def = d;
	return 1;
}

int command_run(cmd_ctx *x, const char *line, char *err, size_t errlen)
{
	const command_def *d;
	cmd_args a;
	x->out[0] = '\0';
	err[0] = '\0';
	int rc = command_parse(line, &d, &a, err, errlen);
	if (rc <= 0)
		return rc;
	/* Every command the operator gives is on the run's timeline. */
	engine_event(x->e, "command", "%s", line);
	return d->exec(x, &a, err, errlen) ? -1 : 0;
}

int command_uses_server(const char *line)
{
	const command_def *d;
	cmd_args a;
	char err[256];
	return command_parse(line, &d, &a, err, sizeof err) == 1 && (d->flags & CMD_SERVER);
}

int command_complete(const char *prefix, const char **out, int max)
{
	int n = 0;
	size_t len = strlen(prefix);
	for (size_t i = 0; i < command_count && n < max; i++)
		if (!strncmp(command_table[i].name, prefix, len))
			out[n++] = command_table[i].name;
	return n;
}
