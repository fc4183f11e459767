/* pg_errors.c: PostgreSQL's SQLSTATEs as error kinds (see pg_errors.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "pg_errors.h"

#include <string.h>

db_errkind pg_sqlstate_kind(const char *s)
{
	if (!s)
		return DB_KIND_OTHER;
	if (!strcmp(s, "40001") || !strcmp(s, "40P01"))
		return DB_KIND_DEADLOCK;
	/* lock_not_available is what lock_timeout raises.  query_canceled
	 * (57014: statement_timeout, or an operator's pg_cancel_backend) is
	 * left "other": a statement that outlives statement_timeout would
	 * outlive it again, and a cancel is meant to stop the work. */
	if (!strcmp(s, "55P03"))
		return DB_KIND_LOCK_TIMEOUT;
	/* admin_shutdown (pg_terminate_backend, a fast shutdown),
	 * crash_shutdown, cannot_connect_now (still starting), and
	 * too_many_connections (max_connections or a role's limit: a
	 * connect retried once the limit is raised or a slot frees) */
	if (!strncmp(s, "08", 2) || !strcmp(s, "57P01") || !strcmp(s, "57P02") ||
	    !strcmp(s, "57P03") || !strcmp(s, "53300"))
		return DB_KIND_CONNECTION;
	if (!strncmp(s, "23", 2))
		return DB_KIND_CONSTRAINT;
	return DB_KIND_OTHER;
}
