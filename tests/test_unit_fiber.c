/* test_unit_fiber.c: the fiber pool (src/run/fiber.c) that runs keyed
 * terminals: sleeps end at their deadline and never before it, a wake from
 * another thread ends a sleep (also one posted before the fiber went to
 * sleep), a wait for a file descriptor ends when it is ready or when its
 * timeout passes, a kept fd (FIBER_KEEP) ends each of many waits, also
 * for data that came before the wait, a kept fd closed and a new one of
 * the same number given with FIBER_NEW is waited for anew, waits ended
 * early by their fd or a wake leave no pile of timer entries behind, a
 * fiber released while it sleeps or waits on a socket never resumes and
 * its worker goes on, released fibers are freed (ASan's leak check), and
 * fibers go to the workers fiber_pool_pack says: evenly by default,
 * filling one worker to its pack before the next, then to the fewest. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <errno.h>
#include <unistd.h>
#include <sys/socket.h>
#include "run/fiber.h"
#include "util/util.h"

#define MS 1000000ull

/* What the main thread waits for without sleeping: a count the fibers
 * raise under a mutex, signalled. */
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int done;

static void mark_done(void)
{
	pthread_mutex_lock(&mu);
	done++;
	pthread_cond_broadcast(&cv);
	pthread_mutex_unlock(&mu);
}

static void wait_done(int n)
{
	pthread_mutex_lock(&mu);
	while (done < n)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
}

struct sleeper {
	uint64_t deadline, woke_at;
	int on_fiber, woken;
};

static void sleeper_main(void *arg)
{
	struct sleeper *s = arg;
	s->on_fiber = fiber_self() != NULL;
	while (now_ns() < s->deadline && !s->woken)
		s->woken = fiber_sleep_until(s->deadline);
	s->woke_at = now_ns();
	mark_done();
}

START_TEST(test_sleeps)
{
	enum { N = 2000 };
	char err[256];
	fiber_pool *p = fiber_pool_new(2, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	REQUIRE(fiber_self() == NULL);
	struct sleeper *s = calloc(N, sizeof *s);
	fiber **f = calloc(N, sizeof *f);
	done = 0;
	uint64_t t0 = now_ns();
	for (int i = 0; i < N; i++) {
		/* Out of order, so the heap has work: 0 to 49 ms from now. */
		s[i].deadline = t0 + (uint64_t)((i * 37) % 50) * MS;
		f[i] = fiber_new(p, sleeper_main, &s[i], err, sizeof err);
		REQUIRE_MSG(f[i], "%s", err);
		fiber_start(f[i]);
	}
	wait_done(N);
	for (int i = 0; i < N; i++) {
		REQUIRE_MSG(s[i].on_fiber, "fiber %d ran off its worker", i);
		REQUIRE_MSG(!s[i].woken, "fiber %d woken by nobody", i);
		REQUIRE_MSG(s[i].woke_at >= s[i].deadline, "fiber %d woke %lld ns early", i,
			    (long long)(s[i].deadline - s[i].woke_at));
		fiber_release(f[i]);
	}
	fiber_pool_free(p);
	free(s);
	free(f);
}
END_TEST

struct waker {
	atomic_int running, posted;
	int early, late;
};

static void wake_main(void *arg)
{
	struct waker *w = arg;
	atomic_store(&w->running, 1);
	/* Its worker takes no post while it runs: the wake waits for it. */
	while (!atomic_load(&w->posted))
		;
	w->early = fiber_sleep_until(now_ns() + 600000 * MS);
	mark_done();
	/* And one posted while it sleeps. */
	atomic_store(&w->running, 2);
	w->late = fiber_sleep_until(now_ns() + 600000 * MS);
	mark_done();
}

START_TEST(test_wake)
{
	char err[256];
	fiber_pool *p = fiber_pool_new(1, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	struct waker w = { 0 };
	done = 0;
	fiber *f = fiber_new(p, wake_main, &w, err, sizeof err);
	REQUIRE_MSG(f, "%s", err);
	fiber_start(f);
	while (!atomic_load(&w.running))
		sched_yield();
	fiber_wake(f);
	atomic_store(&w.posted, 1);
	wait_done(1);
	REQUIRE(w.early == 1);
	while (atomic_load(&w.running) != 2)
		sched_yield();
	fiber_wake(f);   /* asleep by now, or about to be: either way it ends */
	wait_done(2);
	REQUIRE(w.late == 1);
	fiber_release(f);
	fiber_pool_free(p);
}
END_TEST

struct fdwait {
	int fd;
	atomic_int step;
	int first, timed, second;
};

static void fd_main(void *arg)
{
	struct fdwait *w = arg;
	atomic_store(&w->step, 1);
	w->first = fiber_wait_fd(w->fd, FIBER_READ, 600000);
	char c;
	REQUIRE(read(w->fd, &c, 1) == 1);
	w->timed = fiber_wait_fd(w->fd, FIBER_READ, 20);   /* nothing to read */
	atomic_store(&w->step, 2);
	w->second = fiber_wait_fd(w->fd, FIBER_READ, 600000);
	mark_done();
}

START_TEST(test_wait_fd)
{
	char err[256];
	int pfd[2];
	REQUIRE(pipe(pfd) == 0);
	fiber_pool *p = fiber_pool_new(1, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	struct fdwait w = { .fd = pfd[0] };
	done = 0;
	fiber *f = fiber_new(p, fd_main, &w, err, sizeof err);
	REQUIRE_MSG(f, "%s", err);
	fiber_start(f);
	while (!atomic_load(&w.step))
		sched_yield();
	REQUIRE(write(pfd[1], "x", 1) == 1);
	while (atomic_load(&w.step) != 2)
		sched_yield();
	REQUIRE(write(pfd[1], "y", 1) == 1);
	wait_done(1);
	REQUIRE(w.first == FIBER_READ);
	REQUIRE(w.timed == 0);
	REQUIRE(w.second == FIBER_READ);   /* the same fd again, after a timeout */
	fiber_release(f);
	fiber_pool_free(p);
	close(pfd[0]);
	close(pfd[1]);
}
END_TEST

/* A socket pair, the fiber's end non-blocking, as a driver's is. */
static void pair(int sv[2])
{
	REQUIRE(socketpair(AF_UNIX, SOCK_STREAM, 0, sv) == 0);
	REQUIRE(fcntl(sv[0], F_SETFL, O_NONBLOCK) == 0);
}

/* Read what there is; the count, 0 when the wait ended for nothing. */
static int drain(int fd)
{
	char buf[256];
	int n = 0;
	ssize_t r;
	while ((r = read(fd, buf, sizeof buf)) > 0)
		n += (int)r;
	REQUIRE(r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK));
	return n;
}

#define KEPT_ROUNDS 200

struct kept {
	int sv[2];
	atomic_int round;       /* the fiber's: rounds it has read */
	atomic_int reopened;    /* the fiber's: it closed and reopened its fd */
	int filled, early, empty, wrote_after_full;
};

/* Read a byte a round, waiting as the driver does: kept, for as long as
 * it takes, again when a wait ended with nothing to read. */
static void read_round(struct kept *k, int flags)
{
	int got = 0;
	while (!got) {
		REQUIRE(fiber_wait_fd(k->sv[0], FIBER_READ | flags, 600000) & FIBER_READ);
		flags &= ~FIBER_NEW;
		got = drain(k->sv[0]);
		k->empty += !got;
	}
	REQUIRE(got == 1);
}

static void kept_main(void *arg)
{
	struct kept *k = arg;
	read_round(k, FIBER_KEEP | FIBER_NEW);
	atomic_store(&k->round, 1);
	for (int i = 2; i <= KEPT_ROUNDS; i++) {
		read_round(k, FIBER_KEEP);
		atomic_store(&k->round, i);
	}
	/* A byte that comes while the fiber does not wait (it sleeps here,
	 * with its fd kept): the next wait ends for it. */
	while (atomic_load(&k->round) != -1)
		fiber_sleep_until(now_ns() + MS);
	int r = fiber_wait_fd(k->sv[0], FIBER_READ | FIBER_KEEP, 600000);
	k->early = r == FIBER_READ && drain(k->sv[0]) == 1;
	/* Writable, waited for on the kept fd when its buffer is full. */
	char junk[4096] = { 0 };
	ssize_t w;
	while ((w = write(k->sv[0], junk, sizeof junk)) > 0)
		k->filled += (int)w;
	atomic_store(&k->round, -2);
	REQUIRE(fiber_wait_fd(k->sv[0], FIBER_WRITE | FIBER_KEEP, 600000) & FIBER_WRITE);
	k->wrote_after_full = write(k->sv[0], junk, 1) == 1;
	read_round(k, FIBER_KEEP);   /* kept for reading alone again */
	/* The main thread closes the fd and puts a new socket on its number:
	 * kept without FIBER_NEW that one would never be waited for. */
	atomic_store(&k->round, -4);
	while (!atomic_load(&k->reopened))
		fiber_sleep_until(now_ns() + MS);
	read_round(k, FIBER_KEEP | FIBER_NEW);
	atomic_store(&k->round, -3);
	read_round(k, FIBER_KEEP);
	mark_done();
}

START_TEST(test_wait_fd_kept)
{
	char err[256];
	fiber_pool *p = fiber_pool_new(1, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	struct kept k;
	memset(&k, 0, sizeof k);
	pair(k.sv);
	done = 0;
	fiber *f = fiber_new(p, kept_main, &k, err, sizeof err);
	REQUIRE_MSG(f, "%s", err);
	fiber_start(f);
	for (int i = 1; i <= KEPT_ROUNDS; i++) {
		REQUIRE(write(k.sv[1], "x", 1) == 1);
		while (atomic_load(&k.round) != i)
			sched_yield();
	}
	REQUIRE(write(k.sv[1], "e", 1) == 1);   /* before the fiber waits */
	atomic_store(&k.round, -1);
	while (atomic_load(&k.round) != -2)
		sched_yield();
	char buf[4096];
	for (int left = k.filled + 1; left > 0;) {   /* the fiber's writes */
		ssize_t r = read(k.sv[1], buf, sizeof buf);
		REQUIRE(r > 0);
		left -= (int)r;
	}
	REQUIRE(write(k.sv[1], "r", 1) == 1);
	while (atomic_load(&k.round) != -4)
		sched_yield();
	/* dup2 closes the fiber's socket and puts the new one on its number. */
	int sv[2];
	pair(sv);
	REQUIRE(dup2(sv[0], k.sv[0]) == k.sv[0] && close(sv[0]) == 0 && close(k.sv[1]) == 0);
	k.sv[1] = sv[1];
	atomic_store(&k.reopened, 1);
	REQUIRE(write(k.sv[1], "n", 1) == 1);
	while (atomic_load(&k.round) != -3)
		sched_yield();
	REQUIRE(write(k.sv[1], "m", 1) == 1);
	wait_done(1);
	REQUIRE(k.early);
	REQUIRE(k.wrote_after_full);
	/* Early ends for nothing are allowed, but not one a round. */
	REQUIRE_MSG(k.empty < KEPT_ROUNDS / 2, "%d waits of %d ended with nothing", k.empty,
		    KEPT_ROUNDS);
	fiber_release(f);
	fiber_pool_free(p);
	close(k.sv[0]);
	close(k.sv[1]);
}
END_TEST

#define EARLY_ROUNDS 20000

struct early {
	int sv[2];
	int most;      /* the most timer entries seen */
};

/* Each wait is given a long timeout and ends at once: on its socket (the
 * fiber wrote to it) or on a wake (posted by itself before it sleeps).
 * Each leaves an entry behind; they must not add up. */
static void early_main(void *arg)
{
	struct early *e = arg;
	fiber *self = fiber_self();
	for (int i = 0; i < EARLY_ROUNDS; i++) {
		if (i % 2) {
			REQUIRE(write(e->sv[1], "x", 1) == 1);
			REQUIRE(fiber_wait_fd(e->sv[0], FIBER_READ | FIBER_KEEP, 600000) & FIBER_READ);
			drain(e->sv[0]);
		} else {
			fiber_wake(self);
			REQUIRE(fiber_sleep_until(now_ns() + 600000 * MS) == 1);
		}
		int n = fiber_timer_entries();
		if (n > e->most)
			e->most = n;
	}
	mark_done();
}

START_TEST(test_timer_heap_bounded)
{
	char err[256];
	fiber_pool *p = fiber_pool_new(1, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	struct early e = { .most = 0 };
	pair(e.sv);
	done = 0;
	fiber *f = fiber_new(p, early_main, &e, err, sizeof err);
	REQUIRE_MSG(f, "%s", err);
	fiber_start(f);
	wait_done(1);
	/* One live fiber: the heap is compacted when full, and its first
	 * size is 256 entries. */
	REQUIRE_MSG(e.most <= 256, "%d timer entries after %d waits ended early", e.most,
		    EARLY_ROUNDS);
	fiber_release(f);
	fiber_pool_free(p);
	close(e.sv[0]);
	close(e.sv[1]);
}
END_TEST

/* Released in the middle of a wait that never ends by itself. */
struct victim {
	int fd;             /* -1: sleeps */
	atomic_int waiting;
	atomic_int resumed;
};

static void victim_main(void *arg)
{
	struct victim *v = arg;
	atomic_store(&v->waiting, 1);
	if (v->fd < 0)
		fiber_sleep_until(now_ns() + 600000 * MS);
	else
		fiber_wait_fd(v->fd, FIBER_READ | FIBER_KEEP, 600000);
	atomic_store(&v->resumed, 1);
	mark_done();
}

static void after_main(void *arg)
{
	/* A sleep of its own, so that the worker goes round its loop (and
	 * its timer heap and epoll set) once more after the release. */
	fiber_sleep_until(now_ns() + MS);
	*(int *)arg = 1;
	mark_done();
}

START_TEST(test_release_while_waiting)
{
	char err[256];
	/* One worker: what is started after the release runs after it. */
	fiber_pool *p = fiber_pool_new(1, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	int sv[2];
	pair(sv);
	struct victim sleeper = { .fd = -1 }, reader = { .fd = sv[0] };
	done = 0;
	fiber *fs = fiber_new(p, victim_main, &sleeper, err, sizeof err);
	REQUIRE_MSG(fs, "%s", err);
	fiber *fr = fiber_new(p, victim_main, &reader, err, sizeof err);
	REQUIRE_MSG(fr, "%s", err);
	fiber_start(fs);
	fiber_start(fr);
	while (!atomic_load(&sleeper.waiting) || !atomic_load(&reader.waiting))
		sched_yield();
	fiber_release(fs);
	fiber_release(fr);
	/* Data on the released reader's socket, after the release: the
	 * worker must not find its fiber for it. */
	REQUIRE(write(sv[1], "x", 1) == 1);
	int ran = 0;
	fiber *fa = fiber_new(p, after_main, &ran, err, sizeof err);
	REQUIRE_MSG(fa, "%s", err);
	fiber_start(fa);
	wait_done(1);
	REQUIRE(ran == 1);
	REQUIRE_MSG(!atomic_load(&sleeper.resumed), "a fiber released while it slept ran on");
	REQUIRE_MSG(!atomic_load(&reader.resumed), "a fiber released while it waited ran on");
	fiber_release(fa);
	/* The sleeper's timer entry is still in the heap: the pool frees it
	 * (ASan's leak check sees that it does). */
	fiber_pool_free(p);
	close(sv[0]);
	close(sv[1]);
}
END_TEST

static void where_main(void *arg)
{
	*(pthread_t *)arg = pthread_self();
	mark_done();
}

/* n fibers on p, one after the other (each placed before the next is
 * made), their workers' threads in th. */
static void place_fibers(fiber_pool *p, int n, pthread_t *th, fiber **f)
{
	char err[256];
	for (int i = 0; i < n; i++) {
		f[i] = fiber_new(p, where_main, &th[i], err, sizeof err);
		REQUIRE_MSG(f[i], "%s", err);
		fiber_start(f[i]);
	}
	wait_done(n);
}

START_TEST(test_placement)
{
	char err[256];
	pthread_t th[7];
	fiber *f[7];
	fiber_pool *p = fiber_pool_new(3, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	done = 0;
	place_fibers(p, 4, th, f);   /* the default: one a worker, then the fewest */
	REQUIRE_MSG(!pthread_equal(th[0], th[1]) && !pthread_equal(th[1], th[2]) &&
		    !pthread_equal(th[0], th[2]), "three fibers share a worker of three");
	REQUIRE_MSG(pthread_equal(th[3], th[0]), "the fourth not on the first of the fewest");
	for (int i = 0; i < 4; i++)
		fiber_release(f[i]);
	fiber_pool_free(p);

	p = fiber_pool_new(3, 64 * 1024, NULL, NULL, "t-fiber", err, sizeof err);
	REQUIRE_MSG(p, "%s", err);
	fiber_pool_pack(p, 2);
	done = 0;
	place_fibers(p, 7, th, f);
	/* 0 and 1 fill the first worker, 2 and 3 the second, 4 and 5 the
	 * third; all full, 6 goes to the first of the fewest. */
	for (int i = 0; i < 7; i += 2)
		REQUIRE_MSG(i == 6 || pthread_equal(th[i], th[i + 1]),
			    "fibers %d and %d not packed on one worker", i, i + 1);
	REQUIRE_MSG(!pthread_equal(th[0], th[2]) && !pthread_equal(th[2], th[4]) &&
		    !pthread_equal(th[0], th[4]), "a worker took more than its pack");
	REQUIRE_MSG(pthread_equal(th[6], th[0]), "the seventh not on the first of the fewest");
	for (int i = 0; i < 7; i++)
		fiber_release(f[i]);
	fiber_pool_free(p);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("fiber");
	TCase *tc = tcase_create("fiber");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_sleeps);
	tcase_add_test(tc, test_wake);
	tcase_add_test(tc, test_wait_fd);
	tcase_add_test(tc, test_wait_fd_kept);
	tcase_add_test(tc, test_timer_heap_bounded);
	tcase_add_test(tc, test_release_while_waiting);
	tcase_add_test(tc, test_placement);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
