/* main.c: tpcc-console's entry point: parse the command line and config,
 * take the password, route signals to one thread, and run a subcommand.
 * The only place that exits. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "run/batch.h"
#include "tpcc/build.h"
#include "ui/build_offer.h"
#include "ui/cli.h"
#include "ui/console.h"
#include "tpcc/consistency.h"
#include "tpcc/durability.h"
#include "dialect/dialect.h"
#include "run/engine.h"
#include "tpcc/loader.h"
#include "config/args.h"
#include "config/conf_file.h"
#include "config/options.h"
#include "config/usage.h"
#include "util/progress.h"
#include "tpcc/schema.h"
#include "util/util.h"

/* Exit codes: 0 ok, 1 failure (database, check failed), 2 bad usage or
 * config, 130 stopped by a signal. */
enum { EX_OK = 0, EX_FAIL = 1, EX_USAGE = 2, EX_SIGNAL = 130 };

/* The signal thread's view of what to stop.  Set before signals can come. */
static atomic_int g_stop;               /* build/check: stop soon */
static engine *_Atomic g_engine;        /* run: engine_stop() it */
static atomic_int g_hangup;             /* the terminal is gone: do not draw */
static int g_hangup_stops;              /* run.on_hangup = stop; set before the thread */

/* SIGHUP: the terminal closed.  Stopping is the operator's choice
 * (run.on_hangup); either way nobody is left to read the screen, so the
 * console lets go of it, and a second SIGHUP (the shell's, tmux's) is the
 * same news again, never a reason to force an exit. */
static int on_hangup(void)
{
	if (atomic_exchange(&g_hangup, 1))
		return 0;
	engine *e = atomic_load(&g_engine);
	if (!g_hangup_stops) {
		if (e)
			engine_event(e, "hangup", "terminal closed: the run goes on headless "
				     "(run.on_hangup = continue)");
		/* stderr is the dead terminal or the console's capture: either
		 * way a failed write, never a signal (SIGPIPE is ignored). */
		fprintf(stderr, "\nHangup: terminal closed; carrying on headless (run.on_hangup = continue)\n");
		return 0;
	}
	return 1;
}

/* While the cli's prompt is up, SIGINT is its to handle (drop the line
 * typed, or ask before stopping): a byte down this pipe per signal, made
 * once and never closed, so the signal thread never writes to a stale fd. */
static int g_intr_pipe[2] = { -1, -1 };
static atomic_int g_intr_to_cli;

static void *signal_main(void *arg)
{
	sigset_t *set = arg;
	int sig, count = 0;
	for (;;) {
		if (sigwait(set, &sig))
			continue;
		if (sig == SIGHUP && !on_hangup())
			continue;
		if (sig == SIGINT && atomic_load(&g_intr_to_cli) &&
		    write(g_intr_pipe[1], "i", 1) == 1)
			continue;
		count++;
		atomic_store(&g_stop, 1);
		engine *e = atomic_load(&g_engine);
		if (e)
			engine_stop(e, sig == SIGHUP ? "hangup" : "signal");
		if (count == 1)
			fprintf(stderr, "\n%s: stopping cleanly (again to force)\n", strsignal(sig));
		else {
			/* The console may own the terminal: give it back first. */
			console_emergency();
			fprintf(stderr, "\nforced exit\n");
			_exit(EX_SIGNAL);
		}
	}
	return NULL;
}

static int prompt_password(char *buf, size_t len)
{
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
	struct termios old, noecho;
	if (fd < 0) {
		fprintf(stderr, "--ask-password: no terminal to ask on\n");
		return -1;
	}
	dprintf(fd, "Password: ");
	int echo_off = tcgetattr(fd, &old) == 0;
	if (echo_off) {
		noecho = old;
		noecho.c_lflag &= ~(tcflag_t)ECHO;
		tcsetattr(fd, TCSAFLUSH, &noecho);
	}
	ssize_t n = read(fd, buf, len - 1);
	if (echo_off)
		tcsetattr(fd, TCSAFLUSH, &old);
	dprintf(fd, "\n");
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	return 0;
}

static int need_driver(const tpcc_config *c)
{
	if (driver_find(c->driver))
		return 0;
	fprintf(stderr, "tpcc-console: driver '%s' is not available in this build (have: %s)\n",
		c->driver, driver_names());
	return -1;
}

/* The dialect for a connection made; prints why when there is none. */
static const dialect *conn_dialect(const tpcc_config *c, db_conn *conn)
{
	db_error e;
	const dialect *d = schema_dialect(c, conn, &e);
	if (!d)
		fprintf(stderr, "tpcc-console: %s\n", e.msg);
	return d;
}

/* build --procedures-only: the procedures again, on a finished build. */
static int build_procedures(tpcc_config *c, db_conn *conn, const dialect *d,
			    const schema_info *si)
{
	db_error e;

	if (!si->present || !si->complete) {
		fprintf(stderr, "tpcc-console: %s holds no finished build; run 'tpcc-console build' "
			"first\n", schema_target_name(c));
		return EX_FAIL;
	}
	if (schema_create_procedures(conn, d, &e)) {
		fprintf(stderr, "tpcc-console: creating the procedures failed: %s\n", e.msg);
		return EX_FAIL;
	}
	printf("created the %s stored procedures in %s\n", d->name, schema_target_name(c));
	return EX_OK;
}

/* ---- build -------------------------------------------------------------- */

/* build's lines on stdout, as the stages come. */
static void build_note_stdout(void *ctx, enum build_stage stage, const char *text)
{
	if (stage != BUILD_CONNECTING && stage != BUILD_LOADING)
		printf("%s\n", text);
	fflush(stdout);
}

/* build --procedures-only: its own connection to a finished build. */
static int cmd_build_procedures(tpcc_config *c)
{
	const dialect *d;
	db_conn *conn;
	db_error e;
	schema_info si;

	if (schema_connect(c, 0, &conn, &e)) {
		fprintf(stderr, "tpcc-console: cannot connect: %s\n", e.msg);
		return EX_FAIL;
	}
	if (!(d = conn_dialect(c, conn))) {
		conn->drv->disconnect(conn);
		return EX_USAGE;
	}
	int rc = EX_FAIL;
	if (schema_inspect(conn, &si, &e))
		fprintf(stderr, "tpcc-console: %s\n", e.msg);
	else
		rc = build_procedures(c, conn, d, &si);
	conn->drv->disconnect(conn);
	return rc;
}

static int cmd_build(tpcc_config *c)
{
	progress p;
	build_report r;
	char err[1200];

	if (need_driver(c))
		return EX_USAGE;
	if (c->warehouses <= 0)
		c->warehouses = 1;
	if (c->procedures_only)
		return cmd_build_procedures(c);
	if (build_schema(c, &g_stop, &p, stdout, build_note_stdout, NULL, &r, err, sizeof err)) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		return atomic_load(&g_stop) ? EX_SIGNAL : EX_FAIL;
	}
	return EX_OK;
}

/* ---- drop / check ------------------------------------------------------- */

static int cmd_drop(tpcc_config *c)
{
	const dialect *d;
	db_conn *conn;
	db_error e;
	if (need_driver(c))
		return EX_USAGE;
	if (schema_connect(c, 0, &conn, &e)) {
		fprintf(stderr, "tpcc-console: cannot connect: %s\n", e.msg);
		return EX_FAIL;
	}
	if (!(d = conn_dialect(c, conn))) {
		conn->drv->disconnect(conn);
		return EX_USAGE;
	}
	int rc = schema_drop(conn, d, &e);
	conn->drv->disconnect(conn);
	if (rc) {
		fprintf(stderr, "tpcc-console: drop failed: %s\n", e.msg);
		return EX_FAIL;
	}
	printf("dropped the TPC-C tables in %s\n", schema_target_name(c));
	return EX_OK;
}

static int cmd_check(tpcc_config *c)
{
	db_conn *conn;
	db_error e;
	schema_info si;
	check_result res[CHECK_COUNT];
	char err[600];

	if (need_driver(c))
		return EX_USAGE;
	if (schema_connect(c, 0, &conn, &e)) {
		fprintf(stderr, "tpcc-console: cannot connect: %s\n", e.msg);
		return EX_FAIL;
	}
	if (schema_inspect(conn, &si, &e) || !si.present) {
		fprintf(stderr, "tpcc-console: no TPC-C schema in %s%s%s\n", schema_target_name(c),
			si.present ? ": " : "", si.present ? e.msg : "");
		conn->drv->disconnect(conn);
		return EX_FAIL;
	}
	if (c->durability_file[0]) {
		acked_order *a = NULL;
		int n = durability_load(c->durability_file, &a, err, sizeof err);
		if (n < 0) {
			fprintf(stderr, "tpcc-console: %s\n", err);
			conn->drv->disconnect(conn);
			return EX_FAIL;
		}
		printf("durability audit of %s against %s\n", schema_target_name(c), c->durability_file);
		long lost = durability_check(conn, a, n, stdout, &g_stop, err, sizeof err);
		free(a);
		conn->drv->disconnect(conn);
		if (lost < 0) {
			fprintf(stderr, "tpcc-console: durability check %s: %s\n",
				atomic_load(&g_stop) ? "stopped" : "could not run", err);
			return atomic_load(&g_stop) ? EX_SIGNAL : EX_FAIL;
		}
		return lost ? EX_FAIL : EX_OK;
	}
	printf("consistency check of %s (%d warehouse%s), TPC-C clause 3.3.2\n", schema_target_name(c),
	       si.warehouses, si.warehouses == 1 ? "" : "s");
	fflush(stdout);
	int failed = check_run(conn, stdout, res, &g_stop, err, sizeof err);
	conn->drv->disconnect(conn);
	if (failed < 0) {
		fprintf(stderr, "tpcc-console: check could not run: %s\n", err);
		return atomic_load(&g_stop) ? EX_SIGNAL : EX_FAIL;
	}
	if (res[CHECK_COUNT - 1].status == CHECK_NOT_RUN) {
		check_report_stopped(stdout, res);
		return EX_SIGNAL;
	}
	printf("%s: %d condition%s failed\n", failed ? "FAILED" : "passed", failed, failed == 1 ? "" : "s");
	return failed ? EX_FAIL : EX_OK;
}

/* ---- run ---------------------------------------------------------------- */

/* 1: a complete schema, 0: none, -1: a build that did not finish or no
 * way to look (err says which). */
static int schema_ready(const tpcc_config *c, char *err, size_t errlen)
{
	db_conn *conn;
	db_error e;
	schema_info si;
	if (schema_connect(c, 0, &conn, &e))
		return 0; /* e.g. no such database yet: build will create it */
	int rc = schema_inspect(conn, &si, &e);
	conn->drv->disconnect(conn);
	if (rc) {
		snprintf(err, errlen, "%s", e.msg);
		return -1;
	}
	if (si.present && !si.complete) {
		snprintf(err, errlen, "%s holds a build that did not finish: run 'tpcc-console drop'",
			 schema_target_name(c));
		return -1;
	}
	return si.present;
}

/* The console on a database without a schema: offer to build one first.
 * Returns -1 to go on to the run, else the exit code. */
static int offer_build(tpcc_config *c)
{
	char err[1200];
	int ready = schema_ready(c, err, sizeof err);
	if (ready < 0) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		return EX_FAIL;
	}
	if (ready)
		return -1;
	switch (build_offer_run(c, &g_stop, err, sizeof err)) {
	case OFFER_BUILT:
		return -1;
	case OFFER_DECLINED:
		if (atomic_load(&g_stop))
			return EX_SIGNAL;
		fprintf(stderr, "tpcc-console: no TPC-C schema in %s: nothing to run (tpcc-console "
			"build makes one)\n", schema_target_name(c));
		return EX_OK;
	default:
		fprintf(stderr, "tpcc-console: %s\n", err);
		return atomic_load(&g_stop) ? EX_SIGNAL : EX_FAIL;
	}
}


static int on_terminal(void)
{
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

enum front { FRONT_BATCH, FRONT_CONSOLE, FRONT_CLI };

/* With the console, the run's lines would only scroll under it; the cli
 * prints events between commands. */
static int cmd_run(tpcc_config *c, enum front front, int demo)
{
	engine *e;
	engine_hooks h = { 0 };
	batch_out b;
	run_summary s;
	char err[1200];
	sigset_t winch;

	if (need_driver(c))
		return EX_USAGE;
	int console = front == FRONT_CONSOLE;
	if (console && !demo) {
		int rc = offer_build(c);
		if (rc >= 0)
			return rc;
	}
	batch_init(&b, stdout, c->report_interval);
	if (front == FRONT_BATCH)
		batch_hooks(&b, &h);
	int made = engine_create(c, &h, &e, err, sizeof err);
	if (made) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		return made == ENGINE_EUNUSABLE ? EX_USAGE : EX_FAIL;
	}
	engine_status st;
	engine_get_status(e, &st);
	char vus[32];
	if (c->nschedule)
		snprintf(vus, sizeof vus, "a %d-step VU schedule", c->nschedule);
	else
		snprintf(vus, sizeof vus, "%d VU%s", c->vus, c->vus == 1 ? "" : "s");
	printf("run: %s on %s, %d warehouse%s, %s, ramp-up %d s, steady %d s, ramp-down %d s, %s mode\n",
	       st.server_version, schema_target_name(c), st.warehouses, st.warehouses == 1 ? "" : "s", vus,
	       c->rampup, c->duration, c->rampdown, c->mode);
	fflush(stdout);
	atomic_store(&g_engine, e);
	/* VU threads inherit the mask: SIGWINCH is for the console's thread. */
	sigemptyset(&winch);
	sigaddset(&winch, SIGWINCH);
	if (console)
		pthread_sigmask(SIG_BLOCK, &winch, NULL);
	if (engine_start(e, err, sizeof err)) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		atomic_store(&g_engine, NULL);
		engine_destroy(e);
		return EX_FAIL;
	}
	engine_get_status(e, &st);
	printf("results: %s\n", st.results_path);
	fflush(stdout);
	if (console) {
		console_opts o = { .demo = demo, .stop = &g_stop, .hangup = &g_hangup };
		if (console_run(e, c, &o, err, sizeof err)) {
			fprintf(stderr, "tpcc-console: console: %s; stopping the run\n", err);
			engine_stop(e, "operator");
		}
	} else if (front == FRONT_CLI) {
		atomic_store(&g_intr_to_cli, g_intr_pipe[1] >= 0);
		int rc = cli_run(e, c, c->script, &g_stop, g_intr_pipe[0], stdout, err, sizeof err);
		atomic_store(&g_intr_to_cli, 0);
		if (rc) {
			fprintf(stderr, "tpcc-console: cli: %s; stopping the run\n", err);
			engine_stop(e, "operator");
		}
	} else {
		batch_read_commands(&b, e, stdin);
	}
	int rc = engine_wait(e, &s, err, sizeof err);
	atomic_store(&g_engine, NULL);
	engine_get_status(e, &st);
	batch_summary(stdout, &s, st.warehouses, st.results_path);
	if (rc)
		fprintf(stderr, "tpcc-console: %s\n", err);
	engine_destroy(e);
	if (rc)
		return EX_FAIL;
	if (atomic_load(&g_stop))
		return EX_SIGNAL;
	/* A run the server ended is a failed run, whatever it measured. */
	return !strcmp(st.stopped_by, "connection lost") ? EX_FAIL : EX_OK;
}

/* ---- demo --------------------------------------------------------------- */

/* The demo: the configured database (SQLite by default), a 1-warehouse
 * schema built first when there is none, and a VU schedule looping until
 * the operator quits. */
static int cmd_demo(tpcc_config *c)
{
	char err[600];
	if (!on_terminal()) {
		fprintf(stderr, "tpcc-console: demo needs a terminal; for a headless run use 'run --batch'\n");
		return EX_USAGE;
	}
	int ready = schema_ready(c, err, sizeof err);
	if (ready < 0) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		return EX_FAIL;
	}
	if (!ready) {
		printf("no TPC-C schema in %s yet: building a small one for the demo\n", schema_target_name(c));
		if (c->warehouses <= 0)
			c->warehouses = 1;
		int rc = cmd_build(c);
		if (rc)
			return rc;
	}
	c->vus = 1;
	c->nschedule = 0;
	c->rampup = 5;
	c->duration = 2592000;
	c->rampdown = 0;
	return cmd_run(c, FRONT_CONSOLE, 1);
}

static void usage_subcommands(FILE *out)
{
	fputs("\nSubcommands:\n"
	      "  build     create the TPC-C tables and load --warehouses warehouses\n"
	      "  run       run the workload (ramp-up, steady, ramp-down): on a terminal\n"
	      "            in the full-screen console, else (or with --batch) one line\n"
	      "            of figures per second, commands typed on stdin steering it\n"
	      "  demo      the console on a 1-warehouse SQLite schema (built if missing),\n"
	      "            VUs looping 1, 2, 4, 8 and back until q\n"
	      "  cli       run with a tpcc> prompt instead of the console (-s FILE runs\n"
	      "            a command script first)\n"
	      "  check     check the TPC-C consistency conditions (clause 3.3.2)\n"
	      "  drop      drop the TPC-C tables\n"
	      "With no subcommand on a terminal: the console over the configured\n"
	      "schema; when there is none it offers to build it first.\n"
	      "Options may come before or after the subcommand.\n", out);
}

int main(int argc, char **argv)
{
	tpcc_config cfg;
	const char *sub = NULL;
	char err[1024];
	sigset_t sigs;
	pthread_t sigthread;

	setvbuf(stdout, NULL, _IOLBF, 0);
	config_defaults(&cfg);
	int rc = config_parse_args(&cfg, argc, argv, &sub, err, sizeof err);
	if (rc == ARGS_HELP) {
		config_usage(stdout, usage_subcommands);
		return EX_OK;
	}
	if (rc == ARGS_VERSION) {
		printf("tpcc-console %s\n", PACKAGE_VERSION);
		return EX_OK;
	}
	if (rc < 0) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		return EX_USAGE;
	}
	if (config_validate(&cfg, err, sizeof err)) {
		fprintf(stderr, "tpcc-console: %s\n", err);
		return EX_USAGE;
	}
	/* A native driver's dialect is known before connecting; over ODBC the
	 * engine finds out once connected. */
	const dialect *nd = dialect_for_driver(cfg.driver);
	if (!strcmp(cfg.mode, "procedures") && nd && !nd->create_procedures) {
		fprintf(stderr, "tpcc-console: workload.mode procedures: the %s dialect has no "
			"stored procedures; use --mode statements\n", nd->name);
		return EX_USAGE;
	}
	if (!sub && !on_terminal()) {
		fprintf(stderr, "tpcc-console: no subcommand; try 'tpcc-console run --batch' or 'tpcc-console --help'\n");
		return EX_USAGE;
	}
	if (cfg.config_path[0] && config_file_exposes_password(cfg.config_path, &cfg))
		fprintf(stderr, "tpcc-console: warning: %s holds a password and is readable by others"
			" (chmod 600 it)\n", cfg.config_path);
	if (cfg.ask_password && prompt_password(cfg.password, sizeof cfg.password))
		return EX_USAGE;

	g_hangup_stops = !strcmp(cfg.on_hangup, "stop");
	/* Every thread inherits this mask; only signal_main takes the signals. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* A file size limit must show up as a write error, not kill the run. */
	signal(SIGXFSZ, SIG_IGN);
	/* Non-blocking writes: a burst of signals never stalls the thread. */
	if (pipe2(g_intr_pipe, O_CLOEXEC) == 0)
		fcntl(g_intr_pipe[1], F_SETFL, O_NONBLOCK);
	if (pthread_create(&sigthread, NULL, signal_main, &sigs) == 0)
		pthread_detach(sigthread);

	if (!sub) {
		/* On a terminal with nothing asked: the console, over the
		 * configured schema, offering to build it when there is none. */
		rc = cmd_run(&cfg, FRONT_CONSOLE, 0);
	} else if (!strcmp(sub, "build"))
		rc = cmd_build(&cfg);
	else if (!strcmp(sub, "run"))
		rc = cmd_run(&cfg, !cfg.batch && on_terminal() ? FRONT_CONSOLE : FRONT_BATCH, 0);
	else if (!strcmp(sub, "cli"))
		rc = cmd_run(&cfg, FRONT_CLI, 0);
	else if (!strcmp(sub, "demo"))
		rc = cmd_demo(&cfg);
	else if (!strcmp(sub, "check"))
		rc = cmd_check(&cfg);
	else if (!strcmp(sub, "drop"))
		rc = cmd_drop(&cfg);
	else {
		fprintf(stderr, "tpcc-console: unknown subcommand '%s' (build, run, demo, cli, check, drop)\n", sub);
		rc = EX_USAGE;
	}
	memset(cfg.password, 0, sizeof cfg.password);
	return rc;
}
