/* cli.h: the line-mode console, for when curses is unwanted: a `tpcc>`
 * prompt with libedit's full editor (el_gets, history shared with the
 * console, Tab completion), the same command language, and a script of
 * commands run first. */
#ifndef TPCC_UI_CLI_H
#define TPCC_UI_CLI_H

#include <stdatomic.h>
#include <stddef.h>
#include "engine.h"

/* Run script (may be NULL or "") then read commands until quit, end of
 * input, or the run ends.  Leaving stops the run.  Output and the run's
 * events go to out.  Returns 0, or -1 with err filled when the script
 * cannot be read. */
int cli_run(engine *e, const tpcc_config *cfg, const char *script, atomic_int *stop,
	    FILE *out, char *err, size_t errlen);

#endif
