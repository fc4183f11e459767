/* conf_save.h: write a tpcc_config back as a config file.  See conf_save.c. */
#ifndef TPCC_CONFIG_CONF_SAVE_H
#define TPCC_CONFIG_CONF_SAVE_H

#include <stddef.h>

#include "options.h"

/* Write c to path as a libconfig file that config_load_file reads back to
 * the same settings.  The password (connection.password and an ODBC
 * string's PWD=) is written only when with_password; the file is then
 * created mode 0600.  The file is replaced atomically.  warn (may be NULL)
 * gets a notice, e.g. that the file it replaced was readable by others.
 * Returns 0, or -1 with err filled. */
int config_save_file(const tpcc_config *c, const char *path, int with_password,
		     char *warn, size_t warnlen, char *err, size_t errlen);

#endif
