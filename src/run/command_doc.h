/* command_doc.h: the man page's paragraph for each command of the command
 * table (command.c), kept beside it so the COMMANDS section is generated
 * from the table, not written again by hand.  The table's usage and help
 * stay the one-line forms the console and `help` show. */
#ifndef TPCC_RUN_COMMAND_DOC_H
#define TPCC_RUN_COMMAND_DOC_H

#include <stddef.h>

typedef struct command_doc {
	const char *name;   /* a command_table name */
	const char *man;    /* roff, one or more lines */
} command_doc;

extern const command_doc command_docs[];
extern const size_t command_doc_count;

/* The paragraph for a command, or NULL when it has none. */
const char *command_doc_find(const char *name);

#endif
