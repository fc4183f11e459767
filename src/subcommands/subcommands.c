/* subcommands.c: the subcommand table and what reads it: lookup, dispatch
 * and the --help list. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "config/usage.h"
#include "drivers/driver.h"
#include "subcommands.h"

const subcommand subcommands[] = {
	{ "build", sub_build, 0, "create the TPC-C tables and load --warehouses warehouses" },
	{ "run", sub_run, 0, "run the workload (ramp-up, steady, ramp-down): on a terminal "
	  "in the full-screen console, else (or with --batch) one line of figures per "
	  "second, commands typed on stdin steering it" },
	{ "demo", sub_demo, 1, "the console on a 1-warehouse SQLite schema (built if "
	  "missing), VUs looping 1, 2, 4, 8 and back until q" },
	{ "cli", sub_cli, 0, "run with a tpcc> prompt instead of the console (-s FILE runs "
	  "a command script first)" },
	{ "check", sub_check, 0, "check the TPC-C consistency conditions (clause 3.3.2)" },
	{ "drop", sub_drop, 0, "drop the TPC-C tables" },
};

const size_t subcommand_count = sizeof subcommands / sizeof subcommands[0];

const subcommand subcommand_default = {
	"", sub_console, 1, "the console over the configured schema; when there is none "
	"it offers to build it first"
};

const subcommand *subcommand_find(const char *name, char *err, size_t errlen)
{
	size_t pos = 0;

	for (size_t i = 0; i < subcommand_count; i++)
		if (!strcmp(subcommands[i].name, name))
			return &subcommands[i];
	pos += (size_t)snprintf(err, errlen, "unknown subcommand '%s' (", name);
	for (size_t i = 0; i < subcommand_count && pos < errlen; i++)
		pos += (size_t)snprintf(err + pos, errlen - pos, "%s%s", i ? ", " : "",
					subcommands[i].name);
	if (pos < errlen)
		snprintf(err + pos, errlen - pos, ")");
	return NULL;
}

int subcommand_on_terminal(void)
{
	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
}

int subcommand_ready(const subcommand *sc, const tpcc_config *c, char *err, size_t errlen)
{
	if (sc->needs_terminal && !subcommand_on_terminal()) {
		if (sc == &subcommand_default)
			snprintf(err, errlen, "no subcommand; try 'tpcc-console run --batch' or "
				 "'tpcc-console --help'");
		else
			snprintf(err, errlen, "%s needs a terminal; for a headless run use "
				 "'run --batch'", sc->name);
		return EX_USAGE;
	}
	if (!driver_find(c->driver)) {
		snprintf(err, errlen, "driver '%s' is not available in this build (have: %s)",
			 c->driver, driver_names());
		return EX_USAGE;
	}
	return EX_OK;
}

void subcommands_usage(FILE *out)
{
	fputs("\nSubcommands:\n", out);
	for (size_t i = 0; i < subcommand_count; i++) {
		int n = fprintf(out, "  %s", subcommands[i].name);
		usage_wrap(out, n, 12, subcommands[i].help);
	}
	char text[256];
	snprintf(text, sizeof text, "With no subcommand on a terminal: %s.", subcommand_default.help);
	usage_wrap(out, 0, 0, text);
	fputs("Options may come before or after the subcommand.\n", out);
}
