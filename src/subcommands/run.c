/* run.c: the subcommands that run the workload: run (the console on a
 * terminal, else batch lines), cli (a tpcc> prompt), the console with no
 * subcommand (offering to build a schema first), and demo. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "run/batch.h"
#include "instance.h"
#include "serve_metrics.h"
#include "session.h"
#include "subcommands.h"
#include "tpcc/schema.h"
#include "tpcc/snapshot.h"
#include "ui/build_offer.h"
#include "ui/cli.h"
#include "ui/console.h"

/* schema_ready's work: 1 a complete schema, 0 none, -1 a build that did
 * not finish or no way to look. */
static int inspect(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		   char *err, size_t errlen)
{
	int *ready = ctx;
	db_error e;
	schema_info si;

	if (schema_inspect(conn, &si, &e)) {
		snprintf(err, errlen, "%s", e.msg);
		*ready = -1;
	} else if (si.present && !si.complete) {
		snprintf(err, errlen, "%s holds %s", schema_target_name(c), schema_unfinished(&si));
		*ready = -1;
	} else
		*ready = si.present;
	return EX_OK;
}

/* 1: a complete schema, 0: none, -1: a build that did not finish or no
 * way to look (err says which). */
static int schema_ready(tpcc_config *c, char *err, size_t errlen)
{
	int ready = 0;
	/* No connection counts as no schema (e.g. no such database yet:
	 * build will create it), so its message is dropped. */
	if (session_run(c, 0, inspect, &ready, err, errlen) != EX_OK)
		err[0] = '\0';
	return ready;
}

/* The console on a database without a schema: offer to build one first.
 * Returns -1 to go on to the run, else the exit code. */
static int offer_build(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	int ready = schema_ready(c, err, errlen);
	if (ready < 0)
		return EX_FAIL;
	if (ready)
		return -1;
	switch (build_offer_run(c, &s->stop, err, errlen)) {
	case OFFER_BUILT:
		err[0] = '\0';
		return -1;
	case OFFER_DECLINED:
		err[0] = '\0';
		if (atomic_load(&s->stop))
			return EX_SIGNAL;
		snprintf(err, errlen, "no TPC-C schema in %s: nothing to run (tpcc-console "
			 "build makes one)", schema_target_name(c));
		return EX_OK;
	default:
		return atomic_load(&s->stop) ? EX_SIGNAL : EX_FAIL;
	}
}

enum front { FRONT_BATCH, FRONT_CONSOLE, FRONT_CLI };

/* demo: the steady phase is open-ended (the console's q ends it). */
static void print_plan(const tpcc_config *c, const engine_status *st, int demo)
{
	char vus[32], steady[32], rampup[48];
	if (c->nschedule)
		snprintf(vus, sizeof vus, "a %d-step VU schedule", c->nschedule);
	else
		snprintf(vus, sizeof vus, "%d VU%s", c->vus, c->vus == 1 ? "" : "s");
	if (demo)
		snprintf(steady, sizeof steady, "until you quit");
	else
		snprintf(steady, sizeof steady, "%d s", c->duration);
	/* --rampup auto:25 is "until steady, at most 25 s", not 25 s. */
	if (c->rampup_auto)
		snprintf(rampup, sizeof rampup, "until steady (at most %d s)", c->rampup);
	else
		snprintf(rampup, sizeof rampup, "%d s", c->rampup);
	printf("run: %s on %s, %d warehouse%s, %s, ramp-up %s, steady %s, ramp-down %d s, %s mode\n",
	       st->server_version, schema_target_name(c), st->warehouses,
	       st->warehouses == 1 ? "" : "s", vus, rampup, steady, c->rampdown, c->mode);
	fflush(stdout);
}

/* The front end steers the started run until it is over: with the console
 * the run's lines would only scroll under it; the cli prints events
 * between commands. */
static void steer(engine *e, tpcc_config *c, signals *s, enum front front, int demo,
		  batch_out *b)
{
	char err[1200];

	if (front == FRONT_CONSOLE) {
		console_opts o = { .demo = demo, .stop = &s->stop, .hangup = &s->hangup };
		if (console_run(e, c, &o, err, sizeof err)) {
			fprintf(stderr, "tpcc-console: console: %s; stopping the run\n", err);
			engine_stop(e, "operator");
		}
	} else if (front == FRONT_CLI) {
		atomic_store(&s->intr_to_cli, s->intr_pipe[1] >= 0);
		int rc = cli_run(e, c, c->script, &s->stop, s->intr_pipe[0], &s->intr_to_cli,
				 stdout, err, sizeof err);
		atomic_store(&s->intr_to_cli, 0);
		if (rc) {
			fprintf(stderr, "tpcc-console: cli: %s; stopping the run\n", err);
			engine_stop(e, "operator");
		}
	} else {
		batch_read_commands(b, e, stdin);
	}
}

static int run_with(tpcc_config *c, signals *s, enum front front, int demo, char *err,
		    size_t errlen)
{
	engine *e;
	engine_hooks h = { 0 };
	batch_out b;
	run_summary sum;
	engine_status st;
	sigset_t winch;

	if (front == FRONT_CONSOLE && !demo) {
		int rc = offer_build(c, s, err, errlen);
		if (rc >= 0)
			return rc;
	}
	int mfd = -1;
	long long start_at;
	endpoint *ep = NULL;
	if (instance_check(c, &start_at, err, errlen))
		return EX_USAGE;
	if (opt_check_rate(c, 0, err, errlen))
		return EX_USAGE;
	int bound = serve_metrics_bind(c, &mfd, err, errlen);
	if (bound != EX_OK)
		return bound;
	batch_init(&b, stdout, c->report_interval);
	if (front == FRONT_BATCH)
		batch_hooks(&b, &h);
	int made = engine_create(c, &h, &e, err, errlen);
	if (made) {
		if (mfd >= 0)
			close(mfd);
		return made == ENGINE_EUNUSABLE ? EX_USAGE : EX_FAIL;
	}
	engine_get_status(e, &st);
	print_plan(c, &st, demo);
	atomic_store(&s->engine, e);
	/* VU threads inherit the mask: SIGWINCH is for the console's thread. */
	sigemptyset(&winch);
	sigaddset(&winch, SIGWINCH);
	if (front == FRONT_CONSOLE)
		pthread_sigmask(SIG_BLOCK, &winch, NULL);
	if (instance_wait(start_at, s)) {
		atomic_store(&s->engine, NULL);
		engine_destroy(e);
		if (mfd >= 0)
			close(mfd);
		return EX_SIGNAL;
	}
	if (engine_start(e, err, errlen)) {
		atomic_store(&s->engine, NULL);
		engine_destroy(e);
		if (mfd >= 0)
			close(mfd);
		return EX_FAIL;
	}
	engine_get_status(e, &st);
	printf("results: %s\n", st.results_path);
	ep = serve_metrics_start(e, c, mfd);
	fflush(stdout);
	steer(e, c, s, front, demo, &b);
	int rc = engine_wait(e, &sum, err, errlen);
	endpoint_stop(ep);
	atomic_store(&s->engine, NULL);
	engine_get_status(e, &st);
	batch_summary(stdout, &sum, st.warehouses, st.results_path);
	if (!rc)
		err[0] = '\0';
	engine_destroy(e);
	if (rc)
		return EX_FAIL;
	if (atomic_load(&s->stop))
		return EX_SIGNAL;
	/* A run the server ended is a failed run, whatever it measured. */
	return !strcmp(st.stopped_by, "connection lost") ? EX_FAIL : EX_OK;
}

int sub_run(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	int console = !c->batch && subcommand_on_terminal();
	return run_with(c, s, console ? FRONT_CONSOLE : FRONT_BATCH, 0, err, errlen);
}

int sub_console(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	return run_with(c, s, FRONT_CONSOLE, 0, err, errlen);
}

int sub_cli(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	/* A script that cannot be read is found before the run starts, so
	 * it leaves no results file of a run nobody steered. */
	if (c->script[0]) {
		FILE *f = fopen(c->script, "r");
		if (!f) {
			snprintf(err, errlen, "cli: cannot read the script %s: %s", c->script,
				 strerror(errno));
			return EX_USAGE;
		}
		fclose(f);
	}
	return run_with(c, s, FRONT_CLI, 0, err, errlen);
}

#define DEMO_RESULTS_ROLL_KB 16384

/* The demo: the configured database (SQLite by default), a 1-warehouse
 * schema built first when there is none, and a VU schedule looping until
 * the operator quits. */
int sub_demo(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	int ready = schema_ready(c, err, errlen);
	if (ready < 0)
		return EX_FAIL;
	if (!ready) {
		printf("no TPC-C schema in %s yet: building a small one for the demo\n",
		       schema_target_name(c));
		if (c->warehouses <= 0)
			c->warehouses = 1;
		int rc = sub_build(c, s, err, errlen);
		if (rc)
			return rc;
	}
	/* A file database grows by every order: keep a snapshot of it fresh,
	 * which the story restores when the file passes run.demo_max_db. */
	const dialect *d = dialect_for_driver(driver_find(c->driver));
	snapshot_report r;
	if (c->demo_max_db > 0 && d && d->log_suffix &&
	    snapshot_usable(c, 0, &r, err, errlen) == SNAPSHOT_REFUSED) {
		printf("keeping a snapshot of the schema, restored when the file passes %d MB\n",
		       c->demo_max_db);
		if (snapshot_take(c, &s->stop, NULL, &r, err, errlen))
			return EX_FAIL;
	}
	c->vus = 1;
	c->nschedule = 0;
	c->rampup = 5;
	c->duration = 2592000;
	c->rampdown = 0;
	/* Left running for days, its results roll over and the old go. */
	if (c->results_roll_kb == 0)
		c->results_roll_kb = DEMO_RESULTS_ROLL_KB;
	/* The story's settings go back however the demo ends. */
	c->restore_knobs = 1;
	return run_with(c, s, FRONT_CONSOLE, 1, err, errlen);
}
