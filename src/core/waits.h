/* core/waits.h: what the server's sessions are waiting for, in the classes a DBA
 * recognises (ASH's convention: CPU is a class of its own), each second, in
 * average active sessions (AAS): how many of the run's sessions were, on
 * average over the second, on CPU or waiting in that class.
 *
 * Two ways to get there, both the dialect's (waits are server knowledge):
 * - sampling: several times a second the dialect looks at what each of the
 *   run's sessions is doing (pg_stat_activity, MariaDB's PROCESSLIST joined
 *   to INNODB_TRX) and counts each into a class and an event (wait_acc);
 *   a second's AAS is the count over the snapshots taken in it;
 * - timed waits: the server's own cumulative wait times (SQL Server's
 *   sys.dm_os_wait_stats, a driver's busy waits): their change over a
 *   second, in seconds per second, is the AAS of that wait.
 * The mapping from a server's events to the classes lives in each dialect's
 * waits file (src/dialect/waits.h); this one holds the vocabulary and the
 * arithmetic, below every layer, since the monitor's samples, the results
 * file and the front ends all carry a second's waits. */
#ifndef TPCC_CORE_WAITS_H
#define TPCC_CORE_WAITS_H

#include <stddef.h>

enum wait_class {
	WC_CPU, WC_LOG, WC_DATA_IO, WC_ROW_LOCK, WC_TABLE_LOCK, WC_BUFFER, WC_MUTEX,
	WC_NETWORK, WC_OTHER, WC_COUNT
};

/* "cpu", "log", ...: in files and /metrics. */
extern const char *const wait_class_names[WC_COUNT];
/* "CPU", "log write/fsync", ...: on screen and in reports. */
extern const char *const wait_class_labels[WC_COUNT];
/* At most 8 columns, for narrow panes. */
extern const char *const wait_class_brief[WC_COUNT];
/* The class of a name in wait_class_names, or -1. */
int wait_class_by_name(const char *name);

/* How a second's waits were had. */
enum wait_source_kind {
	WS_NONE,        /* no waits (no dialect support, or refused) */
	WS_SAMPLED,     /* sessions sampled, wait_acc */
	WS_TIMED,       /* timed waits' deltas */
};

#define WAIT_EVENT_NAME 48
#define WAIT_EVENTS_MAX 8       /* a second's top events, kept per sample */
#define WAIT_ACC_EVENTS 48      /* distinct events one accumulator tells apart */
#define WAIT_COUNTERS_MAX 8
#define WAIT_TIMED_MAX 96       /* events a timed reading tells apart */

typedef struct wait_event {
	char name[WAIT_EVENT_NAME];
	int cls;
	double aas;
} wait_event;

/* A counter that goes with the waits (InnoDB's row lock time, WAL syncs,
 * ungranted locks): its value as read, and its change per second unless it
 * is a gauge. */
typedef struct wait_counter {
	char name[40];
	double value;
	double rate;
	int gauge;
} wait_counter;

/* One second's waits. */
typedef struct wait_second {
	int source;               /* enum wait_source_kind */
	int samples;              /* snapshots taken in the second (WS_SAMPLED) */
	double aas[WC_COUNT];
	int nev;                  /* ev: the top events, largest first */
	wait_event ev[WAIT_EVENTS_MAX];
	int ncounters;
	wait_counter counter[WAIT_COUNTERS_MAX];
} wait_second;

/* The sessions counted over a second's snapshots. */
typedef struct wait_acc {
	int samples;
	double cls[WC_COUNT];
	int nev;
	wait_event ev[WAIT_ACC_EVENTS];   /* aas: sessions counted */
} wait_acc;

void wait_acc_reset(wait_acc *a);
/* One session seen in class cls (an event name, "" for the class's own)
 * in the snapshot being taken. */
void wait_acc_session(wait_acc *a, int cls, const char *event);
/* The snapshot is complete: count it. */
void wait_acc_snapshot(wait_acc *a);
/* The accumulated seconds (or less) as AAS into out (its counters kept). */
void wait_acc_second(const wait_acc *a, wait_second *out);

/* Sums over many seconds (a steady phase, a step, a marker's window):
 * seconds counted, class AAS summed, events summed by name. */
typedef struct wait_sum {
	int seconds;
	double aas[WC_COUNT];
	int nev;
	wait_event ev[WAIT_ACC_EVENTS];
} wait_sum;

void wait_sum_reset(wait_sum *s);
void wait_sum_add(wait_sum *s, const wait_second *w);
/* The sum's mean AAS per class, and its top events (up to max, largest
 * first, their aas the mean); returns how many events. */
int wait_sum_mean(const wait_sum *s, double aas[WC_COUNT], wait_event *top, int max);

/* The class with the largest AAS in aas, and its share of their total
 * (0..1); -1 when all are 0. */
int wait_dominant(const double aas[WC_COUNT], double *share);
/* The top max of ev (n of them, at most WAIT_TIMED_MAX) scaled by k into
 * top, largest first; returns how many. */
int wait_top_events(const wait_event *ev, int n, double k, wait_event *top, int max);
/* Total AAS over the classes. */
double wait_total(const double aas[WC_COUNT]);

/* A counter's rate from the previous reading of the same name in prev
 * (dt seconds before); 0 when there is none. */
void wait_counters_rate(wait_counter *cur, int n, const wait_counter *prev, int nprev, double dt);


#endif
