/* conninfo.h: libpq connection strings ("host=h password='x y'") and URIs
 * (postgresql://user:secret@host/db?password=...) without their password,
 * for the screen, the results file, a saved config and argv.  Parsed here
 * by the rules of libpq's documentation, without libpq: config sits below
 * the drivers. */
#ifndef TPCC_CONFIG_CONNINFO_H
#define TPCC_CONFIG_CONNINFO_H

#include <stddef.h>

/* The password values replaced by "***". */
void conninfo_redact(const char *in, char *out, size_t len);
/* The password pairs left out (a URI's ":secret" in its user part too). */
void conninfo_strip_password(const char *in, char *out, size_t len);
/* Overwrite the password values in place with '*', same length: for the
 * command line's copy, which /proc/PID/cmdline shows.  Returns how many
 * it found. */
int conninfo_mask_in_place(char *s);

#endif
