/* sqlite_writer.h: one writer lock per database file, shared by this
 * process's connections to it, handed over fairly.
 *
 * SQLite's own write lock has no queue: a connection that finds it taken
 * sleeps in the busy handler (1, 2, 5 ... 100 ms) and tries again, while
 * the connection that just committed takes it straight back.  At 8 VUs a
 * New-Order then waited seconds.  Here writers queue for it: a free lock
 * goes to whoever asks first (most often the writer that just committed,
 * its cache still good) until the writer at the head of the queue has
 * waited SQLITE_WRITER_FAIR_MS; from then on the lock is handed over in
 * arrival order.  Meanwhile the head looks at the lock every 1 to 8 ms
 * rather than being woken at each commit, which would move the lock to a
 * cold cache whenever the woken head won the race.  A wait is bounded: past it the connection goes on to
 * BEGIN IMMEDIATE and SQLite's busy handler, as before (another process,
 * or a lock held by a thread stuck elsewhere).  A thread that already
 * holds the lock through one connection and begins a write on another
 * passes straight through, never waiting on itself.
 */
#ifndef TPCC_DRIVERS_SQLITE_WRITER_H
#define TPCC_DRIVERS_SQLITE_WRITER_H

typedef struct sqlite_writer sqlite_writer;

/* The lock for the database file at path (found by device and inode, so
 * two names of one file share it), made on first use; each call takes a
 * reference.  NULL when out of memory or path cannot be examined (an
 * in-memory database): the caller then writes without it. */
sqlite_writer *sqlite_writer_get(const char *path);
void sqlite_writer_put(sqlite_writer *w);

/* Wait for the lock, at most wait_ms.  Returns 1 when the caller holds it
 * (release it after the transaction ends), 0 when it goes on without it
 * (timed out, or this thread holds it already through another connection). */
int sqlite_writer_acquire(sqlite_writer *w, int wait_ms);
void sqlite_writer_release(sqlite_writer *w);

#endif
