/* args.h: the command line: the options that are not config keys, and the
 * parser that applies argv (and -c FILE) over a config.  See args.c. */
#ifndef TPCC_CONFIG_ARGS_H
#define TPCC_CONFIG_ARGS_H

#include <stddef.h>

#include "options.h"

enum cli_kind { CLI_CONFIG = 1, CLI_ASKPASS, CLI_DURABILITY, CLI_SCRIPT, CLI_PROCS_ONLY, CLI_HELP, CLI_VERSION,
	CLI_DUMP_REF, CLI_OUTPUT, CLI_FORMAT, CLI_FAIL_IF, CLI_JSON, CLI_AGAINST,
	CLI_MERGE, CLI_APPLY, CLI_TABLE_SET };

/* A command-line option that is not a config key. */
typedef struct cli_opt {
	const char *longopt;
	char shortopt;
	enum cli_kind kind;
	const char *argname; /* NULL: a flag */
	const char *help;    /* one line for --help */
	const char *man;     /* the man page's paragraph (roff) */
	int hidden;          /* for the build, not the operator: no help, no prefix */
} cli_opt;

extern const cli_opt cli_table[];
extern const size_t cli_count;

/* What config_parse_args found besides settings. */
enum { ARGS_OK = 0, ARGS_HELP = 1, ARGS_VERSION = 2 };

/* Parse argv (options may come before or after the subcommand).  The first
 * non-option word is the subcommand, stored in *subcmd (NULL if none); the
 * words after it go to c->files (at most ARGS_FILES_MAX; the subcommand
 * table says which subcommands take them).  -c/--config is applied first, then the other options
 * over it; last, TPCC_PASSWORD fills an empty password.  c should hold
 * config_defaults() on entry.  Returns ARGS_OK, ARGS_HELP or ARGS_VERSION
 * (the caller prints them: the help names the subcommands, which this
 * layer does not know), or -1 on error with err filled. */
int config_parse_args(tpcc_config *c, int argc, char **argv, const char **subcmd,
		      char *err, size_t errlen);

#endif
