/* command.h: the command language shared by batch standard input, script
 * files, the line-mode CLI and the console's command line.  One table lists
 * every command (name, arguments, help, handler), as tmux does; a unique
 * prefix of a name is accepted. */
#ifndef TPCC_COMMAND_H
#define TPCC_COMMAND_H

#include <stddef.h>

struct engine;

#define CMD_MAX_ARGS 4
#define CMD_ARG_LEN 1024

typedef struct cmd_args {
	int argc;
	char argv[CMD_MAX_ARGS][CMD_ARG_LEN];
} cmd_args;

typedef struct cmd_ctx {
	struct engine *e;
	char *out;               /* what to show the operator (may be empty) */
	size_t outlen;
	int quit;                /* set by quit: the front end should leave */
} cmd_ctx;

/* The last argument takes the rest of the line. */
#define CMD_REST 1
/* It talks to the server over the control connection, so it may wait as
 * long as the server does (a lost one: up to run.reconnect_give_up): a
 * front end that runs commands apart runs these apart from the others,
 * which only the engine answers and which must never wait behind them. */
#define CMD_SERVER 2

typedef struct command_def {
	const char *name;
	int min_args, max_args;
	int flags;               /* CMD_REST, CMD_SERVER */
	const char *usage;
	const char *help;
	int (*exec)(cmd_ctx *x, const cmd_args *a, char *err, size_t errlen);
} command_def;

extern const command_def command_table[];
extern const size_t command_count;

/* Split a line into a command and its arguments.  Returns 1 with *def set,
 * 0 for an empty or comment line, -1 with err filled ("unknown command 'x'",
 * "ambiguous command 'e', could be: extend, exit", "usage: vus N|+N|-N"). */
int command_parse(const char *line, const command_def **def, cmd_args *args,
		  char *err, size_t errlen);

/* Parse and execute one line against a running engine, logging it as a
 * "command" event.  Returns 0 (ok or empty), -1 with err filled; never ends
 * the run unless asked to. */
int command_run(cmd_ctx *x, const char *line, char *err, size_t errlen);

/* 1 when line is a command flagged CMD_SERVER; 0 for any other line, a
 * bad one among them (its error comes at once from command_run). */
int command_uses_server(const char *line);

/* "N", "+N" or "-N" against the current count; -1 with err on bad input. */
int command_vus_value(const char *arg, int current, int *out, char *err, size_t errlen);

/* Names that start with prefix, for completion; returns how many were
 * written to out (at most max). */
int command_complete(const char *prefix, const char **out, int max);

#endif
