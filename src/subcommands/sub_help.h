/* sub_help.h: `tpcc-console SUBCOMMAND --help`: the subcommand's own
 * usage line, its one-line help and its man page paragraph as plain
 * text, rather than the whole program's help. */
#ifndef TPCC_SUBCOMMANDS_SUB_HELP_H
#define TPCC_SUBCOMMANDS_SUB_HELP_H

#include <stdio.h>
#include "subcommands.h"

void sub_help(FILE *out, const subcommand *s);
/* The man(7) subset the tables use, as words folded to 78 columns. */
void sub_help_roff(FILE *out, const char *roff);

#endif
