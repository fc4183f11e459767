/* waits.h: how the dialects read the server's waits: the sampler's state,
 * timed waits' deltas, and the mapping of each server's events to the
 * classes of core/waits.h (server knowledge, so the dialect's). */
#ifndef TPCC_WAITS_H
#define TPCC_WAITS_H

#include <stddef.h>
#include "core/waits.h"

/* The sampler's state between readings, the monitor's: the dialect's
 * wait_open fills how it samples and what to tell the operator, and its
 * readings keep what they need for deltas here. */
typedef struct wait_src {
	int kind;                 /* enum wait_source_kind; WS_NONE: none here */
	char database[64];        /* the run's database: whose sessions count */
	int limited;              /* a privilege is missing: the dialect reads less */
	int flags;                /* the dialect's own */
	char label[96];           /* what is read, for the pane's title line */
	char note[240];           /* the one line the operator should read, or "" */
	int refine;               /* WS_SAMPLED: each second is refined by timed waits
				   * (wait_timed, folded, then wait_refine) */
	int ntimed;               /* WS_TIMED: cumulative seconds per event so far */
	int have_timed;
	struct { char name[WAIT_EVENT_NAME]; int cls; double s; } timed[WAIT_TIMED_MAX];
} wait_src;

/* WS_TIMED: a reading of cumulative wait seconds per event (name, class,
 * seconds) is folded into out against the previous one in w, over dt
 * seconds; the first reading only sets the baseline (returns 0, else 1). */
typedef struct wait_reading {
	int n;
	struct { char name[WAIT_EVENT_NAME]; int cls; double s; } ev[WAIT_TIMED_MAX];
} wait_reading;
int wait_timed_fold(wait_src *w, const wait_reading *r, double dt, wait_second *out);
/* A sampled second (the sessions' state looked at several times a second)
 * refined by the timed waits of the same sessions over it: the sampled
 * busy time becomes the timed classes' seconds, the rest CPU (time on no
 * timed wait).  Row locks, the client's time and the log (commit) stay
 * the samples' where the timed figure is smaller, since a server may time
 * none of them (MariaDB 10.11 times neither InnoDB row-lock waits nor its
 * redo log's writes); a timed figure beyond the samples' is taken out of
 * their CPU. */
void wait_refine(wait_second *out, const wait_second *timed);

/* Event classifiers, pure functions the dialects use and unit tests read. */
/* PostgreSQL: pg_stat_activity's state, wait_event_type and wait_event
 * (NULL or "" where the column is NULL).  -1: the session is idle (not
 * counted). */
int wait_class_pg(const char *state, const char *type, const char *event);
/* MariaDB/MySQL without performance_schema: PROCESSLIST's COMMAND, STATE
 * and INFO (its first words), and INNODB_TRX's trx_state for the session
 * (NULL: no transaction open).  -1: idle.  event gets a name for it. */
int wait_class_mysql_session(const char *command, const char *state, const char *info,
			     const char *trx_state, char *event, size_t len);
/* MariaDB/MySQL performance_schema wait event names (wait/io/file/...).
 * -1: not a wait of a session in a statement ("idle", the client's think
 * time between statements; wait/io/table/, the time in the storage
 * engine's handler calls, which holds the CPU and every InnoDB wait). */
int wait_class_mysql_event(const char *name);
/* SQL Server's sys.dm_os_wait_stats wait types. */
int wait_class_mssql(const char *wait_type);

#endif
