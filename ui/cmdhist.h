/* cmdhist.h: the command history both front ends share (the console's
 * command line and the line-mode CLI), kept in ~/.tpcc-console_history
 * through libedit's history(3). */
#ifndef TPCC_UI_CMDHIST_H
#define TPCC_UI_CMDHIST_H

#include <histedit.h>
#include <stddef.h>

/* Open a history and load it from file (NULL: ~/.tpcc-console_history,
 * "": none); path gets the file used ("" for none).  NULL on failure. */
History *cmdhist_open(const char *file, char *path, size_t len);
/* Save to path (created 0600: it can hold SQL and values) and free. */
void cmdhist_close(History *h, const char *path);

#endif
