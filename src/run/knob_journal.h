/* knob_journal.h: every server variable the run changed, with its value
 * before the first change: the ones a `set` or a sweep's step asked for,
 * and the ones the server moved along with them (a dependent variable the
 * dialect names, or one of the knob panel's).  It is how variables are put
 * back at the end of a sweep (or of a run with run.restore_knobs), and, as
 * the results file's "knob_journal", by `restore-knobs` after the client
 * died.  Its own lock, held only for copies: never across a database call,
 * never with another lock. */
#ifndef TPCC_KNOB_JOURNAL_H
#define TPCC_KNOB_JOURNAL_H

#include <pthread.h>
#include "results/knobs.h"

#define JOURNAL_MAX 64

typedef struct knob_journal {
	pthread_mutex_t lock;
	int n;
	knob_entry v[JOURNAL_MAX];
} knob_journal;

void journal_init(knob_journal *j);
void journal_destroy(knob_journal *j);
/* Record name's value before a change and where it came from (saved,
 * saved_text: knob_entry's; kept from the first change only), and what
 * it is now.  dependent_of: the variable whose change moved it, NULL for
 * one asked for.  1 when the journal changed. */
int journal_note(knob_journal *j, const char *name, const char *old, int saved,
		 const char *saved_text, const char *now, const char *by,
		 const char *dependent_of);
/* Copy the entries; returns the count. */
int journal_copy(knob_journal *j, knob_entry *out, int max);
void journal_mark(knob_journal *j, const char *name, int restored, const char *now);
/* 1 when name was changed and not put back (for the knob panel). */
int journal_changed(knob_journal *j, const char *name);
/* The order to put back in: the variables asked for, the last changed
 * first, then the ones that moved with them; order[] gets indexes into the
 * copy in out. */
int journal_put_back_order(const knob_entry *v, int n, int *order);

#endif
