/* subcommands.h: the table of subcommands (build, run, demo, cli, check,
 * drop), as tmux has for its commands: one row each with its function,
 * whether it needs a terminal, and the line --help and the man page show.
 * Dispatch, the unknown-subcommand message and the help list all read it. */
#ifndef TPCC_SUBCOMMANDS_H
#define TPCC_SUBCOMMANDS_H

#include <stddef.h>
#include <stdio.h>
#include "config/options.h"
#include "exit_codes.h"
#include "signals.h"


/* A subcommand: an exit code, err filled when there is something to say
 * (main prints it). */
typedef int (*subcommand_fn)(tpcc_config *c, signals *s, char *err, size_t errlen);

typedef struct subcommand {
	const char *name;
	subcommand_fn fn;
	int needs_terminal;
	const char *help;         /* one line for --help */
	const char *man;          /* the man page's paragraph (roff) */
	int max_files;            /* words after the name it takes (results files) */
	int min_files;
} subcommand;

extern const subcommand subcommands[];
extern const size_t subcommand_count;
/* What runs with no subcommand: the console over the configured schema. */
extern const subcommand subcommand_default;

/* The subcommand named name, or NULL with err filled ("unknown subcommand
 * 'x' (build, run, ...)"). */
const subcommand *subcommand_find(const char *name, char *err, size_t errlen);
/* Before anything is asked or started: EX_USAGE with err filled when sc
 * needs a terminal and has none, or the configured driver is not in this
 * build; else EX_OK. */
int subcommand_ready(const subcommand *sc, const tpcc_config *c, char *err, size_t errlen);
/* 1 when stdin and stdout are both a terminal. */
int subcommand_on_terminal(void);
/* The subcommands block of --help. */
void subcommands_usage(FILE *out);

/* The bodies (build.c, run.c, check.c, drop.c). */
int sub_build(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_run(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_console(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_cli(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_demo(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_check(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_drop(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_adopt(tpcc_config *c, signals *s, char *err, size_t errlen);
/* results files (src/report/): report.c, compare.c, runs.c, replay.c */
int sub_compare(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_runs(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_report(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_replay(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_sweep(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_capacity(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_ab(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_restore_knobs(tpcc_config *c, signals *s, char *err, size_t errlen);
/* snapshot.c, restore.c */
int sub_snapshot(tpcc_config *c, signals *s, char *err, size_t errlen);
int sub_restore(tpcc_config *c, signals *s, char *err, size_t errlen);

#endif
