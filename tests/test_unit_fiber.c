/* test_unit_fiber.c: the fiber pool (src/run/fiber.c) that runs keyed
 * terminals: sleeps end at their deadline and never before it, a wake from
 * another thread ends a sleep (also one posted before the fiber went to
 * sleep), a wait for a file descriptor ends when it is ready or when its
 * timeout passes, and released fibers are freed (ASan's leak check). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

int main(void)
{
	Suite *s = suite_create("fiber");
	TCase *tc = tcase_create("fiber");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, test_sleeps);
	tcase_add_test(tc, test_wake);
	tcase_add_test(tc, test_wait_fd);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
