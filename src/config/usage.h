/* usage.h: the --help text, from the option tables.  See usage.c. */
#ifndef TPCC_CONFIG_USAGE_H
#define TPCC_CONFIG_USAGE_H

#include <stdio.h>

/* Write the --help text.  subcommands (may be NULL) writes the list of
 * subcommands where it belongs: the program's top layer owns that list. */
void config_usage(FILE *out, void (*subcommands)(FILE *out));
/* Print text word-wrapped to a terminal's width from column col (the cursor
 * is at column at), ending the line. */
void usage_wrap(FILE *out, int at, int col, const char *text);

#endif
