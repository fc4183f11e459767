/* conf_file.h: the config file: read one into a tpcc_config, and tell when
 * one holding a password is readable by others.  See conf_file.c. */
#ifndef TPCC_CONFIG_CONF_FILE_H
#define TPCC_CONFIG_CONF_FILE_H

#include <stddef.h>

#include "options.h"

/* Load a libconfig file over c.  Errors name the file, line and key:
 * "tpcc.conf:12: workload.warehouses: expected an integer from 1 to 100000".
 * Returns 0, or -1 with err filled (one line per problem found, in file
 * order) and c left untouched.  On success c->config_path is set. */
int config_load_file(tpcc_config *c, const char *path, char *err, size_t errlen);
/* 1 if the file holds a password and is readable by group or others. */
int config_file_exposes_password(const char *path, const tpcc_config *c);

#endif
