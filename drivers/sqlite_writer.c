/* sqlite_writer.c: the per-file writer lock (see sqlite_writer.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "sqlite_writer.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#ifndef SQLITE_WRITER_FAIR_MS
/* How long the writer at the head of the queue may wait before the lock
 * is handed to it directly.  Until then a free lock goes to whoever asks
 * first, most often the writer that just committed: its page cache is
 * still good (another connection's commit empties it) and no thread has
 * to be woken and scheduled while the lock stays idle.  Handing over at
 * every commit (the first version of this queue) cost a context switch
 * and a cold cache per transaction, about a quarter of NOPM at 8 VUs.
 * Past this wait the queue is served strictly in order, so a wait is
 * bounded by it plus one transaction per writer ahead, plus the head's
 * last look (POLL_MAX_NS below): 80 ms keeps the New-Order maximum at 8
 * VUs near 160 ms on an idle machine, where 100 ms gave up to 190. */
#define SQLITE_WRITER_FAIR_MS 80
#endif

typedef struct waiter {
	pthread_cond_t cv;
	pthread_t thread;
	struct waiter *next;
	int64_t since;            /* CLOCK_MONOTONIC ns, when it queued */
	int granted;
} waiter;

struct sqlite_writer {
	sqlite_writer *next;      /* in the registry */
	dev_t dev;
	ino_t ino;
	int refs;
	pthread_mutex_t mu;
	int held;                 /* a write transaction is open under the lock */
	pthread_t owner;          /* whose, while held */
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

#ifdef SQLITE_WRITER_OFF
	/* A build for bench/sqlite-writers: SQLite's busy handler alone, the
	 * hand-off this replaces. */
	(void)sb;
	(void)w;
	(void)path;
	return NULL;
#endif
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

static void take(sqlite_writer *w, pthread_t t)
{
	w->held = 1;
	w->owner = t;
}

static waiter *pop_head(sqlite_writer *w)
{
	waiter *h = w->head;

	w->head = h->next;
	if (!w->head)
		w->tail = NULL;
	h->next = NULL;
	return h;
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

/* The head of the queue has waited its share: the lock is its next. */
static int starving(const sqlite_writer *w, int64_t now)
{
	return w->head && now - w->head->since >= (int64_t)SQLITE_WRITER_FAIR_MS * 1000000;
}

/* ---- the lock ---------------------------------------------------------- */

/* While the head of the queue waits its share it looks at the lock now and
 * then, rather than being woken at every release: a wake at every commit
 * let it take a lock the committer was about to take again, which moved
 * the lock to a cold page cache and cost a context switch each time.  The
 * look-ups start at POLL_MIN and double up to POLL_MAX, so a lock left
 * idle (its last writer went on to a read-only transaction or a think
 * time) waits at most POLL_MAX for the head. */
#define POLL_MIN_NS 1000000
#define POLL_MAX_NS 8000000

/* A waiter that has just become the head starts looking at the lock. */
static void wake_head(sqlite_writer *w)
{
	if (w->head)
		pthread_cond_signal(&w->head->cv);
}

int sqlite_writer_acquire(sqlite_writer *w, int wait_ms)
{
	pthread_t self = pthread_self();
	int64_t now, deadline, poll = POLL_MIN_NS;
	waiter me;
	int got = 0;

	if (!w)
		return 0;
	pthread_mutex_lock(&w->mu);
	now = now_ns();
	if (w->held && pthread_equal(w->owner, self)) {
		/* Writing already through another connection: waiting for
		 * ourselves would never end.  SQLite's busy timeout decides. */
		pthread_mutex_unlock(&w->mu);
		return 0;
	}
	if (!w->held && !starving(w, now)) {
		take(w, self);
		pthread_mutex_unlock(&w->mu);
		return 1;
	}
	pthread_cond_init(&me.cv, NULL);
	me.thread = self;
	me.next = NULL;
	me.since = now;
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
		struct timespec ts;
		int64_t until = deadline;

		if (me.granted) {
			got = 1;
			break;
		}
		if (!w->held && w->head == &me) {
			pop_head(w);
			take(w, self);
			wake_head(w);
			got = 1;
			break;
		}
		now = now_ns();
		if (now >= deadline) {
			int was_head = w->head == &me;
			dequeue(w, &me);
			if (was_head)
				wake_head(w);
			break;
		}
		if (w->head == &me) {
			if (now + poll < until)
				until = now + poll;
			if (poll < POLL_MAX_NS)
				poll *= 2;
		}
		/* pthread_cond_timedwait reads CLOCK_REALTIME; convert the
		 * monotonic time to it for this one wait. */
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

/* A head that has waited its share is handed the lock; any other waits
 * for its next look. */
void sqlite_writer_release(sqlite_writer *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->mu);
	w->held = 0;
	if (starving(w, now_ns())) {
		waiter *h = pop_head(w);
		h->granted = 1;
		take(w, h->thread);
		pthread_cond_signal(&h->cv);
		wake_head(w);
	}
	pthread_mutex_unlock(&w->mu);
}
