/* completion.h: the bash completion script, written from the subcommand,
 * option and command-line tables (`tpcc-console --dump-reference=completion`),
 * so a new option or subcommand completes without anyone editing a script.
 * scripts/gen-man.sh writes it to contrib/bash-completion/tpcc-console and
 * tests/reference.sh fails when the committed file has drifted. */
#ifndef TPCC_SUBCOMMANDS_COMPLETION_H
#define TPCC_SUBCOMMANDS_COMPLETION_H

#include <stdio.h>

void completion_write(FILE *out);

#endif
