/* knob_journal.c: see knob_journal.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "knob_journal.h"
#include "util/util.h"

void journal_init(knob_journal *j)
{
	memset(j, 0, sizeof *j);
	pthread_mutex_init(&j->lock, NULL);
}

void journal_destroy(knob_journal *j)
{
	pthread_mutex_destroy(&j->lock);
}

static knob_entry *find(knob_journal *j, const char *name)
{
	for (int i = 0; i < j->n; i++)
		if (!strcmp(j->v[i].name, name))
			return &j->v[i];
	return NULL;
}

int journal_note(knob_journal *j, const char *name, const char *old, int saved,
		 const char *saved_text, const char *now, const char *by,
		 const char *dependent_of)
{
	pthread_mutex_lock(&j->lock);
	knob_entry *k = find(j, name);
	int changed = 0;
	if (!k && j->n < JOURNAL_MAX) {
		k = &j->v[j->n++];
		memset(k, 0, sizeof *k);
		str_copy(k->name, name, sizeof k->name);
		str_copy(k->old, old, sizeof k->old);
		k->saved = saved;
		str_copy(k->saved_text, saved_text ? saved_text : "", sizeof k->saved_text);
		str_copy(k->by, by, sizeof k->by);
		str_copy(k->dependent_of, dependent_of ? dependent_of : "", sizeof k->dependent_of);
		changed = 1;
	}
	if (k) {
		/* Asked for after it had moved with another: it is now the
		 * operator's, put back with the ones asked for. */
		if (!dependent_of && k->dependent_of[0]) {
			k->dependent_of[0] = '\0';
			str_copy(k->by, by, sizeof k->by);
		}
		changed |= k->restored || strcmp(k->now, now);
		k->restored = 0;
		str_copy(k->now, now, sizeof k->now);
	}
	pthread_mutex_unlock(&j->lock);
	return changed;
}

int journal_copy(knob_journal *j, knob_entry *out, int max)
{
	pthread_mutex_lock(&j->lock);
	int n = j->n < max ? j->n : max;
	memcpy(out, j->v, (size_t)n * sizeof *out);
	pthread_mutex_unlock(&j->lock);
	return n;
}

void journal_mark(knob_journal *j, const char *name, int restored, const char *now)
{
	pthread_mutex_lock(&j->lock);
	knob_entry *k = find(j, name);
	if (k) {
		k->restored = restored;
		str_copy(k->now, now, sizeof k->now);
	}
	pthread_mutex_unlock(&j->lock);
}

int journal_changed(knob_journal *j, const char *name)
{
	pthread_mutex_lock(&j->lock);
	knob_entry *k = find(j, name);
	int yes = k && !k->restored && strcmp(k->old, k->now);
	pthread_mutex_unlock(&j->lock);
	return yes;
}

int journal_put_back_order(const knob_entry *v, int n, int *order)
{
	int k = 0;
	/* The dependents last: the server may move them again while the ones
	 * asked for go back (innodb_io_capacity_max with innodb_io_capacity),
	 * and their own values then land last. */
	for (int dep = 0; dep < 2; dep++)
		for (int i = n - 1; i >= 0; i--)
			if ((v[i].dependent_of[0] != 0) == dep && !v[i].restored)
				order[k++] = i;
	return k;
}
