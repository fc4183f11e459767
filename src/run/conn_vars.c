/* conn_vars.c: see conn_vars.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "conn_vars.h"
#include "util/util.h"

void conn_vars_init(conn_vars *cv)
{
	memset(cv, 0, sizeof *cv);
	pthread_mutex_init(&cv->lock, NULL);
	atomic_init(&cv->gen, 0);
}

void conn_vars_destroy(conn_vars *cv)
{
	pthread_mutex_destroy(&cv->lock);
}

int conn_vars_note(conn_vars *cv, const char *name, const char *value)
{
	int i, rc = 0;

	pthread_mutex_lock(&cv->lock);
	for (i = 0; i < cv->n && strcmp(cv->name[i], name); i++)
		;
	if (i == cv->n && cv->n == CONN_VARS_MAX) {
		rc = -1;
	} else {
		if (i == cv->n) {
			str_copy(cv->name[i], name, sizeof cv->name[i]);
			cv->n++;
		}
		str_copy(cv->value[i], value, sizeof cv->value[i]);
		atomic_fetch_add(&cv->gen, 1);
	}
	pthread_mutex_unlock(&cv->lock);
	return rc;
}

int conn_vars_apply(conn_vars *cv, long *seen, const dialect *d, db_conn *c, db_error *err)
{
	char name[CONN_VARS_MAX][64], value[CONN_VARS_MAX][128], note[256];
	long gen = atomic_load_explicit(&cv->gen, memory_order_acquire);
	int n, rc = 0;

	if (gen == *seen || !d->set_var)
		return 0;
	/* Copied out, so a slow statement never holds up a `set`. */
	pthread_mutex_lock(&cv->lock);
	gen = atomic_load(&cv->gen);
	n = cv->n;
	memcpy(name, cv->name, sizeof name);
	memcpy(value, cv->value, sizeof value);
	pthread_mutex_unlock(&cv->lock);
	for (int i = 0; i < n; i++) {
		db_error e1;
		if (d->set_var(c, name[i], value[i], note, sizeof note, rc ? &e1 : err))
			rc = -1;
	}
	*seen = gen;
	return rc;
}
