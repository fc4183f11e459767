/* knobs.h: one entry of the results file's "knob_journal": a server
 * variable the run changed, its value before, and whether it was put back
 * (see src/run/knob_journal.h). */
#ifndef TPCC_RESULTS_KNOBS_H
#define TPCC_RESULTS_KNOBS_H

#include "json.h"

typedef struct knob_entry {
	char name[64];
	char old[128];            /* before the run's first change */
	char now[128];            /* as last read */
	char by[64];              /* "set", "step 3" */
	char dependent_of[64];    /* "" when asked for, else what moved it */
	/* The server's record of changed settings before the first change
	 * (server.h's VAR_SAVED_*): -1 unknown, 0 no entry, 1 an entry, its
	 * value as written in saved_text. */
	int saved;
	char saved_text[128];
	int restored;
} knob_entry;

void knob_entry_json(jbuf *b, const knob_entry *k);

#endif
