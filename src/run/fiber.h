/* fiber.h: many small cooperative tasks on a few threads.  A keyed TPC-C
 * terminal spends nearly all its life asleep or waiting for its server; as
 * a thread each such wait is a trip through the kernel's scheduler and a
 * cold stack, ten thousand times over.  As a fiber it is an entry in its
 * worker's timer heap or epoll set, and the worker runs whichever are
 * ready, one after the other.
 *
 * A fiber belongs to one worker for its whole life and runs only there, so
 * what it does between two waits is never interleaved with another fiber
 * of that worker; fibers of different workers run in parallel, as threads
 * do.  A fiber may take a mutex (held briefly: the worker waits with it),
 * never a condition variable or anything else that waits for another
 * fiber.
 *
 * Stacks are mmap'd with a guard page below, so an overflow is a crash,
 * never a silent overwrite; only the pages a fiber touches cost memory.
 * The workers take the faults (SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT)
 * on a signal stack of their own: a handler installed with SA_ONSTACK
 * runs even when the fault is a fiber's overflow. */
#ifndef TPCC_FIBER_H
#define TPCC_FIBER_H

#include <stddef.h>
#include <stdint.h>

typedef struct fiber_pool fiber_pool;
typedef struct fiber fiber;

/* threads workers (at least 1), named name (at most 15 characters), each
 * calling setup(arg) (NULL: nothing) on its own thread first: its
 * scheduling, its timer slack. */
fiber_pool *fiber_pool_new(int threads, size_t stack_bytes, void (*setup)(void *), void *arg,
			   const char *name, char *err, size_t errlen);
/* Stop the workers and free the pool and every fiber released; a fiber
 * never released (one the caller gave up on while it waited) is never
 * resumed, and left as it is. */
void fiber_pool_free(fiber_pool *p);
int fiber_pool_size(const fiber_pool *p);
/* Where fiber_new puts a fiber: on the first worker holding fewer than
 * per_worker live fibers, else on the one holding the fewest.  1 (the
 * default) spreads them evenly; more packs them, so that a worker sleeps
 * only when all of its many fibers wait, and the workers left empty cost
 * nothing.  Set it before the first fiber_new. */
void fiber_pool_pack(fiber_pool *p, int per_worker);
int fiber_pool_packing(const fiber_pool *p);

/* From any thread: a new fiber that will run fn(arg) on the worker that
 * fiber_pool_pack chooses, once fiber_start is called (so that the caller can publish it
 * first, for whoever may wake it).  It is the caller's to release
 * (fiber_release) once fn is known to have returned, or to have stopped
 * mattering. */
fiber *fiber_new(fiber_pool *p, void (*fn)(void *), void *arg, char *err, size_t errlen);
void fiber_start(fiber *f);
/* From any thread: f's sleep in progress, or its next one, ends at once. */
void fiber_wake(fiber *f);
/* From any thread: f's worker frees it (after any wake still queued). */
void fiber_release(fiber *f);

/* In a fiber (fiber_self() != NULL): */
fiber *fiber_self(void);
/* Sleep until deadline_ns (CLOCK_MONOTONIC, as now_ns) or a fiber_wake;
 * 1 woken, 0 the time came. */
int fiber_sleep_until(uint64_t deadline_ns);
/* Wait until fd is readable (FIBER_READ) or writable (FIBER_WRITE), or
 * timeout_ms passes (-1: no limit).  Returns the events ready (error and
 * hang-up count as both), 0 on timeout. */
#define FIBER_READ  1
#define FIBER_WRITE 2
/* FIBER_KEEP: fd stays open and this fiber's from now until its function
 * returns or a later wait says FIBER_NEW: it stays in the worker's epoll
 * set between waits, which then cost no system call.  A wait may then end
 * with nothing to read (an edge that came before it): the caller's I/O
 * says EAGAIN and it waits again.  FIBER_NEW: fd may be a new file of a
 * number already seen (a reconnect): registered again. */
#define FIBER_KEEP  4
#define FIBER_NEW   8
int fiber_wait_fd(int fd, int events, int timeout_ms);
/* The entries in this fiber's worker's timer heap, stale ones included:
 * for tests, which check that waits ended early do not pile up there. */
int fiber_timer_entries(void);

#endif
