/* reference.h: the man page's generated sections (SUBCOMMANDS, OPTIONS,
 * COMMANDS, the console's keys) as roff, written from the tables that drive the program:
 * `tpcc-console --dump-reference=SECTION`, for scripts/gen-man.sh, which
 * puts them in doc/tpcc-console.1, and tests/reference.sh, which fails
 * when the committed page has drifted from them. */
#ifndef TPCC_SUBCOMMANDS_REFERENCE_H
#define TPCC_SUBCOMMANDS_REFERENCE_H

#include <stddef.h>
#include <stdio.h>

/* Write one section ("subcommands", "options", "commands", "keys", "completion",
 * "config-keys": the configuration keys, for tests/reference.sh).  Returns EX_OK, or
 * EX_USAGE for an unknown section and EX_FAIL for a table row with no
 * text to write (a key without help, a command without a paragraph), err
 * filled. */
int reference_dump(FILE *out, const char *section, char *err, size_t errlen);

#endif
