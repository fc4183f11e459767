/* cli.h: the line-mode console, for when curses is unwanted: a `tpcc>`
 * prompt with libedit's full editor (el_gets, history shared with the
 * console, Tab completion), the same command language, and a script of
 * commands run first. */
#ifndef TPCC_UI_CLI_H
#define TPCC_UI_CLI_H

#include <stdatomic.h>
#include <stddef.h>
#include "run/engine.h"

/* Run script (may be NULL or "") then read commands until quit, end of
 * input, the run ends, or stop is set (by the signal thread).  intr_fd
 * (or -1) has a byte to read for each SIGINT the prompt should take: on a
 * terminal it drops the line typed, or at an empty prompt says how to stop
 * and a second one stops the run (setting stop, as a signal); without a
 * terminal it stops the run at once.  *intr_on (or NULL), which says
 * whether a SIGINT goes to intr_fd, is cleared while a command runs: the
 * signal then stops the run as in batch mode, and a command waiting on the
 * server (a set, for a server gone) ends with it.  Leaving stops the run.
 * Output and the run's events go to out.  Returns 0, or -1 with err filled
 * when the script cannot be read. */
int cli_run(engine *e, const tpcc_config *cfg, const char *script, atomic_int *stop,
	    int intr_fd, atomic_int *intr_on, FILE *out, char *err, size_t errlen);

#endif
