/* conn_string.h: ODBC connection strings without their password. */
#ifndef TPCC_CONFIG_CONN_STRING_H
#define TPCC_CONFIG_CONN_STRING_H

#include <stddef.h>

/* An ODBC connection string with the PWD=/Password= values replaced by
 * "***": opt_format uses it for connection.odbc, so the password never
 * reaches a results file or the screen. */
void conn_string_redact(const char *in, char *out, size_t len);
/* The same string with its PWD=/Password= pairs left out altogether, for a
 * saved config file that must not hold the password. */
void conn_string_strip_password(const char *in, char *out, size_t len);

#endif
