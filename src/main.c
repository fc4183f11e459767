/* main.c: tpcc-console's entry point: parse the command line and config,
 * take the password, start the signal thread, and run a subcommand from
 * the table (src/subcommands/).  The only place that exits. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "config/args.h"
#include "config/conf_file.h"
#include "config/options.h"
#include "config/usage.h"
#include "dialect/dialect.h"
#include "subcommands/password.h"
#include "subcommands/reference.h"
#include "subcommands/signals.h"
#include "subcommands/sub_help.h"
#include "subcommands/subcommands.h"
#include "util/util.h"

/* Settings that no single option's check can see: a native driver's
 * dialect is known before connecting (over ODBC the engine finds out once
 * connected), so procedures mode on one without them is refused here. */
static int check_config(const tpcc_config *c, char *err, size_t errlen)
{
	if (config_validate(c, err, errlen))
		return -1;
	const dialect *nd = dialect_for_driver(driver_find(c->driver));
	if (!strcmp(c->mode, "procedures") && nd && !nd->create_procedures) {
		snprintf(err, errlen, "workload.mode procedures: the %s dialect has no "
			 "stored procedures; use --mode statements", nd->name);
		return -1;
	}
	return 0;
}

/* Argument parsing, config, and the subcommand's table row: EX_OK to go
 * on, else the exit code (help and version print and end here). */
static int setup(tpcc_config *cfg, int argc, char **argv, const subcommand **sc,
		 char *err, size_t errlen)
{
	const char *sub = NULL;

	config_defaults(cfg);
	int rc = config_parse_args(cfg, argc, argv, &sub, err, errlen);
	if (rc == ARGS_HELP) {
		const subcommand *s = sub ? subcommand_find(sub, err, errlen) : NULL;
		if (sub && !s)
			return EX_USAGE;
		if (s)
			sub_help(stdout, s);
		else
			config_usage(stdout, subcommands_usage);
		return EX_OK;
	}
	if (rc == ARGS_VERSION) {
		printf("tpcc-console %s\n", PACKAGE_VERSION);
		return EX_OK;
	}
	if (rc == ARGS_OK && cfg->dump_reference[0])
		return reference_dump(stdout, cfg->dump_reference, err, errlen);
	if (rc < 0 || check_config(cfg, err, errlen))
		return EX_USAGE;
	*sc = sub ? subcommand_find(sub, err, errlen) : &subcommand_default;
	if (!*sc)
		return EX_USAGE;
	rc = subcommand_ready(*sc, cfg, err, errlen);
	if (rc)
		return rc;
	if (cfg->config_path[0] && config_file_exposes_password(cfg->config_path, cfg))
		fprintf(stderr, "tpcc-console: warning: %s holds a password and is readable by others"
			" (chmod 600 it)\n", cfg->config_path);
	if (cfg->ask_password && password_prompt(cfg->password, sizeof cfg->password, err, errlen))
		return EX_USAGE;
	return EX_OK;
}

int main(int argc, char **argv)
{
	tpcc_config cfg;
	const subcommand *sc = NULL;
	char err[1200] = "";
	signals sig;

	setvbuf(stdout, NULL, _IOLBF, 0);
	memory_setup();
	int rc = setup(&cfg, argc, argv, &sc, err, sizeof err);
	if (rc == EX_OK && sc) {
		signals_start(&sig, !strcmp(cfg.on_hangup, "stop"));
		rc = sc->fn(&cfg, &sig, err, sizeof err);
	}
	if (err[0])
		fprintf(stderr, "tpcc-console: %s\n", err);
	memset(cfg.password, 0, sizeof cfg.password);
	/* exit(), not return: the signal thread keeps using sig, which lives
	 * in this frame, until the process is gone. */
	exit(rc);
}
