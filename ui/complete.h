/* complete.h: tab completion for the command line and the CLI: command
 * names for the first word, knob names after `set` and `get`.  Pure. */
#ifndef TPCC_UI_COMPLETE_H
#define TPCC_UI_COMPLETE_H

#include <stddef.h>
#include "dialect/dialect.h"

/* Complete the word that ends at byte cur of line.  Returns how many
 * candidates there are; insert gets what to add at the cursor (their common
 * continuation, plus a space when there is just one) and list the candidates
 * separated by spaces. */
int complete_line(const char *line, int cur, const char *const *knobs, int nknobs,
		  char *insert, size_t ilen, char *list, size_t llen);

/* The knobs to offer: run.knobs when configured, else the dialect's usual
 * ones (d->knobs; d may be NULL).  Returns the count. */
int knob_names(const dialect *d, const char (*configured)[64], int nconfigured,
	       const char **out, int max);

#endif
