/* password.h: --ask-password's prompt. */
#ifndef TPCC_SUBCOMMANDS_PASSWORD_H
#define TPCC_SUBCOMMANDS_PASSWORD_H

#include <stddef.h>

/* Ask for the password on /dev/tty with echo off.  Returns 0, or -1 with
 * err filled (no terminal to ask on, or the read failed). */
int password_prompt(char *buf, size_t len, char *err, size_t errlen);

#endif
