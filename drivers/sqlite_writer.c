/* sqlite_writer.c: the per-file writer turn (see sqlite_writer.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "sqlite_writer.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#ifndef SQLITE_WRITER_QUANTUM_MS
/* How long one thread may keep the turn over consecutive transactions
 * while others wait (each other writer's commit empties a connection's
 * page cache, so a longer turn starts fewer transactions cold).  0: the
 * turn passes at every commit, in arrival order.  Measured with
 * bench/sqlite-writers on a loaded 2-core machine, 8 VUs, against the old
 * busy-handler hand-off: 0 gave +2% and +73% NOPM in two sittings, 5 ms
 * -13% and -44% (a holder descheduled between two transactions keeps the
 * lock idle for the rest of its turn while the others wait); both kept the
 * New-Order maximum near 0.3-0.6 s where the old hand-off reached 4-12 s.
 * Later, at a load average of 5: 0 gave 27,148-29,432 NOPM and maxima of
 * 117-139 ms against the old hand-off's 35,352-42,592 NOPM and 5.4-7.1 s;
 * single runs of 5 and 20 ms gave 25,488 (172 ms) and 30,008 (217 ms).
 * So the queue costs NOPM (a writer's page cache goes cold at every
 * hand-off); which turn, if any, wins it back wants a quiet machine:
 * build with -DSQLITE_WRITER_QUANTUM_MS=N to measure it. */
#define SQLITE_WRITER_QUANTUM_MS 0
#endif

typedef struct waiter {
	pthread_cond_t cv;
	pthread_t thread;
	struct waiter *next;
	int granted;
} waiter;

struct sqlite_writer {
	sqlite_writer *next;      /* in the registry */
	dev_t dev;
	ino_t ino;
	int refs;
	pthread_mutex_t mu;
	int held;                 /* a write transaction is open under the turn */
	int has_turn;             /* turn_thread may begin again until turn_end */
	pthread_t turn_thread;
	int64_t turn_end;         /* CLOCK_MONOTONIC ns */
	waiter *head, *tail;      /* in arrival order */
};

/* One lock per file for the whole process, as SQLite keeps one lock table
 * per file (its inode list): the connections to a file share nothing else
 * to hang it on.  The registry is the only state here, behind its mutex. */
static pthread_mutex_t registry_mu = PTHREAD_MUTEX_INITIALIZER;
static sqlite_writer *registry;

static int64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

sqlite_writer *sqlite_writer_get(const char *path)
{
	struct stat sb;
	sqlite_writer *w;

	if (!path || !*path || stat(path, &sb) != 0)
		return NULL;
	pthread_mutex_lock(&registry_mu);
	for (w = registry; w; w = w->next)
		if (w->dev == sb.st_dev && w->ino == sb.st_ino)
			break;
	if (!w && (w = calloc(1, sizeof(*w))) != NULL) {
		pthread_mutex_init(&w->mu, NULL);
		w->dev = sb.st_dev;
		w->ino = sb.st_ino;
		w->next = registry;
		registry = w;
	}
	if (w)
		w->refs++;
	pthread_mutex_unlock(&registry_mu);
	return w;
}

void sqlite_writer_put(sqlite_writer *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&registry_mu);
	if (--w->refs == 0) {
		sqlite_writer **pp = &registry;
		while (*pp != w)
			pp = &(*pp)->next;
		*pp = w->next;
		pthread_mutex_destroy(&w->mu);
		free(w);
	}
	pthread_mutex_unlock(&registry_mu);
}

/* ---- under w->mu ------------------------------------------------------ */

static void begin_turn(sqlite_writer *w, pthread_t t, int64_t now)
{
	w->has_turn = 1;
	w->turn_thread = t;
	w->turn_end = now + (int64_t)SQLITE_WRITER_QUANTUM_MS * 1000000;
	w->held = 1;
}

static void dequeue(sqlite_writer *w, waiter *me)
{
	waiter *prev = NULL;

	for (waiter *q = w->head; q; prev = q, q = q->next) {
		if (q != me)
			continue;
		if (prev)
			prev->next = q->next;
		else
			w->head = q->next;
		if (w->tail == q)
			w->tail = prev;
		break;
	}
	me->next = NULL;
}

/* The turn passes to the writer that has waited longest; the one behind
 * it is woken too, to watch the new turn's end as the head of the queue. */
static void grant_head(sqlite_writer *w, int64_t now)
{
	waiter *h = w->head;

	w->head = h->next;
	if (!w->head)
		w->tail = NULL;
	h->next = NULL;
	begin_turn(w, h->thread, now);
	h->granted = 1;
	pthread_cond_signal(&h->cv);
	if (w->head)
		pthread_cond_signal(&w->head->cv);
}

static int turn_is(const sqlite_writer *w, pthread_t t)
{
	return w->has_turn && pthread_equal(w->turn_thread, t);
}

/* ---- the turn ---------------------------------------------------------- */

int sqlite_writer_acquire(sqlite_writer *w, int wait_ms)
{
	pthread_t self = pthread_self();
	int64_t now, deadline;
	waiter me;
	int got = 0;

	if (!w)
		return 0;
	pthread_mutex_lock(&w->mu);
	now = now_ns();
	if (w->held && turn_is(w, self)) {
		/* Writing already through another connection: waiting for our
		 * own turn would never end.  SQLite's busy timeout decides. */
		pthread_mutex_unlock(&w->mu);
		return 0;
	}
	if (!w->held) {
		int expired = !w->has_turn || now >= w->turn_end;

		if (turn_is(w, self) && (!expired || !w->head)) {
			w->held = 1;            /* our turn goes on */
			pthread_mutex_unlock(&w->mu);
			return 1;
		}
		if (!w->head && (expired || turn_is(w, self))) {
			begin_turn(w, self, now);
			pthread_mutex_unlock(&w->mu);
			return 1;
		}
		if (w->head && expired)
			grant_head(w, now);     /* its holder went idle past its turn */
	}
	pthread_cond_init(&me.cv, NULL);
	me.thread = self;
	me.next = NULL;
	me.granted = 0;
	/* me lives on this stack while it is queued: every way out of the
	 * wait below takes it off the queue first. */
	if (w->tail)
		w->tail->next = &me;
	else
		/* cppcheck-suppress autoVariables */
		w->head = &me;
	/* cppcheck-suppress autoVariables */
	w->tail = &me;
	deadline = now + (int64_t)wait_ms * 1000000;
	for (;;) {
		int64_t until = deadline;
		struct timespec ts;

		if (me.granted) {
			got = 1;
			break;
		}
		now = now_ns();
		if (w->head == &me && !w->held && w->has_turn && now >= w->turn_end) {
			/* The holder is between transactions past its turn (a
			 * think time, a read-only transaction): take over. */
			dequeue(w, &me);
			begin_turn(w, self, now);
			got = 1;
			break;
		}
		if (now >= deadline) {
			dequeue(w, &me);
			break;
		}
		/* The head wakes once at the turn's end, to take over from a
		 * holder gone idle; the holder's release hands over after it. */
		if (w->head == &me && w->has_turn && w->turn_end > now && w->turn_end < until)
			until = w->turn_end;
		/* pthread_cond_timedwait reads CLOCK_REALTIME; convert the
		 * monotonic deadline to it for this one wait. */
		clock_gettime(CLOCK_REALTIME, &ts);
		int64_t abs = (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec + (until - now);
		ts.tv_sec = abs / 1000000000;
		ts.tv_nsec = abs % 1000000000;
		/* Every wake, timed out or not, re-reads the state above. */
		pthread_cond_timedwait(&me.cv, &w->mu, &ts);
	}
	pthread_mutex_unlock(&w->mu);
	pthread_cond_destroy(&me.cv);
	return got;
}

void sqlite_writer_release(sqlite_writer *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	w->held = 0;
	if (w->head) {
		int64_t now = now_ns();

		if (now >= w->turn_end)
			grant_head(w, now);
	}
	pthread_mutex_unlock(&w->mu);
}

void sqlite_writer_yield(sqlite_writer *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	if (!w->held && turn_is(w, pthread_self())) {
		if (w->head)
			grant_head(w, now_ns());
		else
			w->has_turn = 0;
	}
	pthread_mutex_unlock(&w->mu);
}
