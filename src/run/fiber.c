/* fiber.c: see fiber.h.  Each worker owns an epoll set, an eventfd that
 * other threads write to reach it, a min-heap of sleeping fibers by
 * deadline and a run queue.  Other threads never touch a fiber's state:
 * they post an operation (start, wake, free) to the worker's inbox, which
 * the worker takes only while no fiber of its own runs; that is what makes
 * a wake posted just before a fiber goes to sleep still end that sleep,
 * and a free posted after a wake find the wake already done. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include "fiber.h"
#include "fiber_ctx.h"
#include "util/util.h"

#if defined(__SANITIZE_THREAD__)
#include <sanitizer/tsan_interface.h>
#define FIBER_TSAN 1
#endif
#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#define FIBER_ASAN 1
#endif

enum fstate { F_READY, F_RUNNING, F_SLEEPING, F_WAITING_FD, F_DONE };
enum op { OP_START, OP_WAKE, OP_FREE };

typedef struct worker worker;

struct tentry {
	uint64_t deadline;
	fiber *f;
	uint32_t gen;
};

struct fiber {
	worker *w;
	fiber_ctx ctx;
	void *map;              /* the stack's mapping, guard page first */
	size_t map_len;
	void *stack;            /* above the guard page */
	size_t stack_len;
	void (*fn)(void *);
	void *arg;
	enum fstate state;      /* the worker's alone, as is all below */
	/* The timer heap's entries name it with the tgen of their push; any
	 * make_ready moves tgen on, so an entry left behind by a wake or an
	 * fd event is stale and skipped when it comes up.  in_heap counts
	 * them: a released fiber still named there is freed by the last. */
	uint32_t tgen;
	int in_heap, zombie;
	int revents;            /* what the last wait found */
	int woken;              /* a wake came while it was not asleep */
	int reg_fd;             /* the fd last given to epoll, -1 none */
	/* A kept fd (FIBER_KEEP) stays in the epoll set, edge-triggered,
	 * between waits: no epoll_ctl a wait.  Its edges that come while the
	 * fiber does not wait for them are kept in pending for its next wait,
	 * which then ends at once (maybe for nothing: the caller's read says
	 * EAGAIN and it waits again). */
	int reg_keep;
	uint32_t reg_ev;        /* the events given to epoll for reg_fd */
	int want, pending;
	int overflow;           /* the test hook's victim: see fiber_pool_new */
	fiber *next_ready;
#ifdef FIBER_TSAN
	void *tsan;
#endif
#ifdef FIBER_ASAN
	void *fake;
#endif
};

typedef struct post {
	enum op op;
	fiber *f;
} post;

struct worker {
	fiber_pool *p;
	pthread_t th;
	int ep, evfd;
	fiber_ctx sched;
	fiber *cur;
	fiber *ready_head, *ready_tail;
	struct tentry *heap;    /* a min-heap by deadline, in one array: the
	                         * sift never touches ten thousand fibers */
	int nheap, capheap;
	pthread_mutex_t lock;   /* the inbox and quit */
	post *inbox;
	int ninbox, capinbox;
	int quit;
	atomic_int live;        /* fibers made for it and not yet freed */
	stack_t altstack, old_altstack;
#ifdef FIBER_TSAN
	void *tsan;
#endif
#ifdef FIBER_ASAN
	void *fake;
	const void *stack_bottom;
	size_t stack_size;
#endif
};

struct fiber_pool {
	worker *w;
	int n, started;
	int pack;               /* see fiber_pool_pack */
	size_t stack;
	void (*setup)(void *);
	void *setup_arg;
	int overflow;           /* the test hook: see fiber_pool_new */
	atomic_int made;
	char name[16];
};

static _Thread_local worker *self_worker;

fiber *fiber_self(void)
{
	return self_worker ? self_worker->cur : NULL;
}

static void fiber_free_now(fiber *f)
{
	atomic_fetch_sub_explicit(&f->w->live, 1, memory_order_relaxed);
	if (f->map)
		munmap(f->map, f->map_len);
#ifdef FIBER_TSAN
	if (f->tsan)
		__tsan_destroy_fiber(f->tsan);
#endif
	free(f);
}

/* ---- the timer heap ------------------------------------------------------ */

static void heap_sift_down(worker *w, int i)
{
	struct tentry *h = w->heap, t;
	for (;;) {
		int l = 2 * i + 1, r = l + 1, m = i;
		if (l < w->nheap && h[l].deadline < h[m].deadline)
			m = l;
		if (r < w->nheap && h[r].deadline < h[m].deadline)
			m = r;
		if (m == i)
			return;
		t = h[i], h[i] = h[m], h[m] = t;
		i = m;
	}
}

static void heap_sift(worker *w, int i)
{
	struct tentry *h = w->heap, t;
	while (i > 0 && h[(i - 1) / 2].deadline > h[i].deadline) {
		t = h[i], h[i] = h[(i - 1) / 2], h[(i - 1) / 2] = t;
		i = (i - 1) / 2;
	}
	heap_sift_down(w, i);
}

/* Drop the entries no pop would act on: a wake or an fd event left them
 * behind (their generation is past), or their fiber was released (the
 * last of a zombie's entries frees it).  Then heapify what is left. */
static void heap_compact(worker *w)
{
	int n = 0;
	for (int i = 0; i < w->nheap; i++) {
		struct tentry t = w->heap[i];
		if (t.f->zombie) {
			if (--t.f->in_heap == 0)
				fiber_free_now(t.f);
		} else if (t.gen != t.f->tgen) {
			t.f->in_heap--;
		} else {
			w->heap[n++] = t;
		}
	}
	w->nheap = n;
	for (int i = n / 2 - 1; i >= 0; i--)
		heap_sift_down(w, i);
}

/* Waits that end before their timeout leave their entries behind, one a
 * wait: ten thousand terminals waiting on their server with a long
 * timeout would grow the heap by a hundred thousand entries a second.
 * So a full heap is compacted first, and grows only when still half
 * full: it stays within four entries a fiber that waits. */
static int heap_push(worker *w, fiber *f, uint64_t deadline)
{
	if (w->nheap == w->capheap) {
		heap_compact(w);
		if (w->nheap * 2 >= w->capheap) {
			int cap = w->capheap ? w->capheap * 2 : 256;
			struct tentry *h = realloc(w->heap, (size_t)cap * sizeof *h);
			if (!h)
				return -1;
			w->heap = h;
			w->capheap = cap;
		}
	}
	w->heap[w->nheap] = (struct tentry){ deadline, f, f->tgen };
	f->in_heap++;
	heap_sift(w, w->nheap++);
	return 0;
}

static struct tentry heap_pop(worker *w)
{
	struct tentry top = w->heap[0];
	w->heap[0] = w->heap[--w->nheap];
	if (w->nheap)
		heap_sift(w, 0);
	top.f->in_heap--;
	return top;
}

/* ---- running fibers ------------------------------------------------------ */

static void make_ready(worker *w, fiber *f, int revents)
{
	f->tgen++;   /* its timer entry, if any, is stale now */
	f->revents = revents;
	f->state = F_READY;
	f->next_ready = NULL;
	if (w->ready_tail)
		w->ready_tail->next_ready = f;
	else
		w->ready_head = f;
	w->ready_tail = f;
}

/* The fiber gives the worker back its thread until make_ready. */
static void yield_to_worker(fiber *f)
{
	worker *w = f->w;
#ifdef FIBER_TSAN
	__tsan_switch_to_fiber(w->tsan, 0);
#endif
#ifdef FIBER_ASAN
	__sanitizer_start_switch_fiber(f->state == F_DONE ? NULL : &f->fake,
				       w->stack_bottom, w->stack_size);
#endif
	fiber_ctx_switch(&f->ctx, &w->sched);
#ifdef FIBER_ASAN
	__sanitizer_finish_switch_fiber(f->fake, NULL, NULL);
#endif
}

/* The test hook's overflow: frames that the compiler can neither merge
 * nor turn into a loop, until the guard page stops them. */
static __attribute__((noinline)) unsigned overflow(volatile const int *on, unsigned depth)
{
	volatile char frame[512] = { 0 };
	frame[depth % sizeof frame] = (char)depth;
	if (!*on)
		return depth;
	return overflow(on, depth + 1) + frame[(depth * 7) % sizeof frame];
}

static void trampoline(void *arg)
{
	fiber *f = arg;
#ifdef FIBER_ASAN
	__sanitizer_finish_switch_fiber(NULL, &f->w->stack_bottom, &f->w->stack_size);
#endif
	if (f->overflow)
		overflow(&f->overflow, 0);
	f->fn(f->arg);
	f->state = F_DONE;
	yield_to_worker(f);   /* never returns */
}

static void run(worker *w, fiber *f)
{
	w->cur = f;
	f->state = F_RUNNING;
#ifdef FIBER_TSAN
	__tsan_switch_to_fiber(f->tsan, 0);
#endif
#ifdef FIBER_ASAN
	__sanitizer_start_switch_fiber(&w->fake, f->stack, f->stack_len);
#endif
	fiber_ctx_switch(&w->sched, &f->ctx);
#ifdef FIBER_ASAN
	__sanitizer_finish_switch_fiber(w->fake, NULL, NULL);
#endif
	w->cur = NULL;
	if (f->state == F_DONE && f->map) {
		/* Its stack is no longer needed; the struct waits for OP_FREE. */
		munmap(f->map, f->map_len);
		f->map = NULL;
	}
}

/* The stack and the context, made on the spawning thread so that a
 * failure is its to report. */
static int setup(fiber *f, size_t stack)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t len = (stack + (size_t)page - 1) / (size_t)page * (size_t)page + (size_t)page;
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
		       -1, 0);
	if (m == MAP_FAILED)
		return -1;
	f->stack = (char *)m + page;
	f->stack_len = len - (size_t)page;
	if (mprotect(m, (size_t)page, PROT_NONE) ||
	    fiber_ctx_make(&f->ctx, f->stack, f->stack_len, trampoline, f)) {
		munmap(m, len);
		return -1;
	}
	f->map = m;
	f->map_len = len;
#ifdef FIBER_TSAN
	f->tsan = __tsan_create_fiber(0);
#endif
	return 0;
}

/* Take what other threads posted; 1 when told to quit. */
static int take_inbox(worker *w)
{
	uint64_t n;
	ssize_t r = read(w->evfd, &n, sizeof n);
	(void)r;
	pthread_mutex_lock(&w->lock);
	post *in = w->inbox;
	int k = w->ninbox, quit = w->quit;
	w->inbox = NULL;
	w->ninbox = w->capinbox = 0;
	pthread_mutex_unlock(&w->lock);
	for (int i = 0; i < k; i++) {
		fiber *f = in[i].f;
		switch (in[i].op) {
		case OP_START:
			make_ready(w, f, 0);
			break;
		case OP_WAKE:
			/* A sleep ends now; any other wait leaves the flag for
			 * the next sleep, which then ends at once. */
			if (f->state != F_DONE)
				f->woken = 1;
			if (f->state == F_SLEEPING)
				make_ready(w, f, 0);
			break;
		case OP_FREE:
			if (f->state == F_READY) {
				fiber **pp = &w->ready_head, *prev = NULL;
				while (*pp && *pp != f)
					prev = *pp, pp = &(*pp)->next_ready;
				if (*pp) {
					*pp = f->next_ready;
					if (w->ready_tail == f)
						w->ready_tail = prev;
				}
			}
			/* Its fd is still open (and so still its own, never
			 * another's of the same number) only while it waits or,
			 * kept, while its function has not returned. */
			if (f->reg_fd >= 0 &&
			    (f->state == F_WAITING_FD || (f->reg_keep && f->state != F_DONE)))
				epoll_ctl(w->ep, EPOLL_CTL_DEL, f->reg_fd, NULL);
			if (f->in_heap) {
				f->zombie = 1;   /* the heap's last entry of it frees it */
				f->tgen++;
				f->state = F_DONE;
			} else {
				fiber_free_now(f);
			}
			break;
		}
	}
	free(in);
	return quit;
}

/* A fiber that overflows its stack faults on the guard page, and the
 * handler that gives the terminal back (ui/crt.c) cannot run on the stack
 * that overflowed: each worker has a stack of its own for signal handlers,
 * which the handlers installed with SA_ONSTACK run on.  Best effort:
 * without it an overflow still kills the process, only the terminal is
 * left as curses had it.  A sanitizer's own alternate stack, if any, is
 * put back when the worker ends (the sanitizer frees it then). */
#define FIBER_ALTSTACK (64 * 1024)

static void altstack_on(worker *w)
{
	size_t len = FIBER_ALTSTACK;
#ifdef _SC_SIGSTKSZ
	long min = sysconf(_SC_SIGSTKSZ);   /* glibc 2.34: the CPU's own size */
	if (min > 0 && (size_t)min * 4 > len)
		len = (size_t)min * 4;
#endif
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return;
	w->altstack = (stack_t){ .ss_sp = m, .ss_size = len };
	if (sigaltstack(&w->altstack, &w->old_altstack)) {
		munmap(m, len);
		w->altstack.ss_sp = NULL;
	}
}

static void altstack_off(worker *w)
{
	if (!w->altstack.ss_sp)
		return;
	if (w->old_altstack.ss_flags & SS_DISABLE)
		w->old_altstack = (stack_t){ .ss_flags = SS_DISABLE };
	sigaltstack(&w->old_altstack, NULL);
	munmap(w->altstack.ss_sp, w->altstack.ss_size);
	w->altstack.ss_sp = NULL;
}

static void *worker_main(void *arg)
{
	worker *w = arg;
	/* Every signal is the other threads' to handle, but for the faults
	 * that only this thread can take: the kernel kills at once, without
	 * a handler, for one that comes blocked. */
	sigset_t mask;
	sigfillset(&mask);
	static const int faults[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	for (size_t i = 0; i < sizeof faults / sizeof faults[0]; i++)
		sigdelset(&mask, faults[i]);
	pthread_sigmask(SIG_SETMASK, &mask, NULL);
	altstack_on(w);
	pthread_setname_np(pthread_self(), w->p->name);
	if (w->p->setup)
		w->p->setup(w->p->setup_arg);
	self_worker = w;
#ifdef FIBER_TSAN
	w->tsan = __tsan_get_current_fiber();
#endif
	struct epoll_event ev[64];
	for (;;) {
		while (w->ready_head) {
			fiber *f = w->ready_head;
			w->ready_head = f->next_ready;
			if (!w->ready_head)
				w->ready_tail = NULL;
			run(w, f);
		}
		int timeout = -1;
		if (w->nheap) {
			uint64_t now = now_ns(), d = w->heap[0].deadline;
			timeout = d <= now ? 0 : (int)((d - now + 999999) / 1000000);
		}
		int n = epoll_wait(w->ep, ev, 64, timeout);
		int quit = 0, posted = 0;
		for (int i = 0; i < n; i++) {
			if (ev[i].data.ptr == NULL) {
				posted = 1;
				continue;
			}
			fiber *f = ev[i].data.ptr;
			uint32_t e = ev[i].events;
			int r = (e & (EPOLLERR | EPOLLHUP)) ? FIBER_READ | FIBER_WRITE :
				((e & EPOLLIN) ? FIBER_READ : 0) | ((e & EPOLLOUT) ? FIBER_WRITE : 0);
			if (f->state == F_WAITING_FD && (r & f->want))
				make_ready(w, f, r);
			else if (f->reg_keep)
				f->pending |= r;
		}
		/* The posts after this batch's events: a free among them must
		 * not leave an event of the batch naming what it freed. */
		if (posted)
			quit = take_inbox(w);
		if (quit)
			break;
		uint64_t now = now_ns();
		while (w->nheap && w->heap[0].deadline <= now) {
			struct tentry t = heap_pop(w);
			fiber *f = t.f;
			if (f->zombie) {
				if (!f->in_heap)
					fiber_free_now(f);
			} else if (t.gen == f->tgen &&
				   (f->state == F_SLEEPING || f->state == F_WAITING_FD)) {
				make_ready(w, f, 0);
			}
		}
	}
	self_worker = NULL;
	altstack_off(w);
	return NULL;
}

/* ---- what a fiber calls -------------------------------------------------- */

int fiber_sleep_until(uint64_t deadline_ns)
{
	fiber *f = fiber_self();
	worker *w = f->w;
	if (f->woken) {
		f->woken = 0;
		return 1;
	}
	if (deadline_ns <= now_ns())
		return 0;
	if (heap_push(w, f, deadline_ns))
		return 0;   /* no memory for the heap: the caller asks again */
	f->state = F_SLEEPING;
	yield_to_worker(f);
	int woke = f->woken;
	f->woken = 0;
	return woke;
}

int fiber_timer_entries(void)
{
	return self_worker ? self_worker->nheap : 0;
}

/* Give fd to epoll for want: kept (edge-triggered, for good) or for this
 * wait alone (one-shot).  0, or -1 when epoll refuses it. */
static int fd_register(worker *w, fiber *f, int fd, int want, int keep)
{
	struct epoll_event ev = {
		.events = (keep ? EPOLLET | EPOLLIN : EPOLLONESHOT | ((want & FIBER_READ) ? EPOLLIN : 0)) |
			  ((want & FIBER_WRITE) ? EPOLLOUT : 0),
		.data.ptr = f,
	};
	/* The fd may be one another fiber had (closed since: epoll forgot it)
	 * or this fiber's own of the last wait (still known, one-shot spent). */
	int op = fd == f->reg_fd ? EPOLL_CTL_MOD : EPOLL_CTL_ADD;
	if (epoll_ctl(w->ep, op, fd, &ev)) {
		int again = op == EPOLL_CTL_MOD ? EPOLL_CTL_ADD : EPOLL_CTL_MOD;
		if ((errno != ENOENT && errno != EEXIST) || epoll_ctl(w->ep, again, fd, &ev)) {
			f->reg_fd = -1;
			return -1;
		}
	}
	f->reg_fd = fd;
	f->reg_keep = keep;
	f->reg_ev = ev.events;
	f->pending = 0;
	return 0;
}

int fiber_wait_fd(int fd, int events, int timeout_ms)
{
	fiber *f = fiber_self();
	worker *w = f->w;
	int want = events & (FIBER_READ | FIBER_WRITE);
	int keep = (events & FIBER_KEEP) != 0;

	if (keep && !(events & FIBER_NEW) && f->reg_keep && fd == f->reg_fd) {
		int r = f->pending & want;
		if (r) {
			f->pending &= ~want;
			return r;
		}
		/* Writable is asked for only while a send waits: kept, it
		 * would wake the worker each time the server reads a query. */
		uint32_t need = EPOLLET | EPOLLIN | ((want & FIBER_WRITE) ? EPOLLOUT : 0);
		if (need != f->reg_ev && fd_register(w, f, fd, want, 1))
			return FIBER_READ | FIBER_WRITE;   /* let the caller's I/O say why */
	} else if (fd_register(w, f, fd, want, keep)) {
		return FIBER_READ | FIBER_WRITE;
	}
	f->want = want;
	/* Without memory for the timer the wait has no limit but the fd's. */
	if (timeout_ms >= 0)
		heap_push(w, f, now_ns() + (uint64_t)timeout_ms * 1000000u);
	f->state = F_WAITING_FD;
	yield_to_worker(f);
	if (f->revents == 0 && !f->reg_keep) {
		/* Timed out: the one-shot registration may still fire later. */
		struct epoll_event off = { .events = 0, .data.ptr = f };
		epoll_ctl(w->ep, EPOLL_CTL_MOD, fd, &off);
	}
	return f->revents;
}

/* ---- other threads ------------------------------------------------------- */

static int post_op(worker *w, enum op op, fiber *f)
{
	pthread_mutex_lock(&w->lock);
	if (w->ninbox == w->capinbox) {
		int cap = w->capinbox ? w->capinbox * 2 : 64;
		post *n = realloc(w->inbox, (size_t)cap * sizeof *n);
		if (!n) {
			pthread_mutex_unlock(&w->lock);
			return -1;
		}
		w->inbox = n;
		w->capinbox = cap;
	}
	w->inbox[w->ninbox++] = (post){ op, f };
	int first = w->ninbox == 1;
	pthread_mutex_unlock(&w->lock);
	if (first) {
		uint64_t one = 1;
		ssize_t r = write(w->evfd, &one, sizeof one);
		(void)r;
	}
	return 0;
}

/* The first worker with room (fewer than pack fibers), else the one with
 * the fewest.  Two threads making fibers at once may both see the same
 * room: a worker one over its pack is harmless. */
static worker *place(fiber_pool *p)
{
	worker *best = &p->w[0];
	int fewest = atomic_load_explicit(&best->live, memory_order_relaxed);
	for (int i = 0; i < p->n; i++) {
		int live = atomic_load_explicit(&p->w[i].live, memory_order_relaxed);
		if (live < p->pack) {
			best = &p->w[i];
			break;
		}
		if (live < fewest) {
			fewest = live;
			best = &p->w[i];
		}
	}
	return best;
}

fiber *fiber_new(fiber_pool *p, void (*fn)(void *), void *arg, char *err, size_t errlen)
{
	fiber *f = calloc(1, sizeof *f);
	if (!f) {
		snprintf(err, errlen, "out of memory for a fiber");
		return NULL;
	}
	f->w = place(p);
	f->fn = fn;
	f->arg = arg;
	f->reg_fd = -1;
	f->state = F_READY;   /* until its worker starts it */
	f->overflow = p->overflow > 0 &&
		      atomic_fetch_add_explicit(&p->made, 1, memory_order_relaxed) + 1 == p->overflow;
	if (setup(f, p->stack)) {
		snprintf(err, errlen, "cannot map a fiber's stack: %s", strerror(errno));
		free(f);
		return NULL;
	}
	atomic_fetch_add_explicit(&f->w->live, 1, memory_order_relaxed);
	return f;
}

void fiber_start(fiber *f)
{
	while (post_op(f->w, OP_START, f))
		sched_yield();   /* a post is 16 bytes: memory comes back */
}

void fiber_wake(fiber *f)
{
	/* Without memory for the post the wake is lost: the sleeper's own
	 * deadline still ends it. */
	post_op(f->w, OP_WAKE, f);
}

void fiber_release(fiber *f)
{
	if (f)
		while (post_op(f->w, OP_FREE, f))
			sched_yield();
}

/* ---- the pool ------------------------------------------------------------ */

fiber_pool *fiber_pool_new(int threads, size_t stack_bytes, void (*setup)(void *), void *arg,
			   const char *name, char *err, size_t errlen)
{
	fiber_pool *p = calloc(1, sizeof *p);
	if (threads < 1)
		threads = 1;
	if (p)
		p->w = calloc((size_t)threads, sizeof *p->w);
	if (!p || !p->w) {
		free(p);
		snprintf(err, errlen, "out of memory for %d fiber workers", threads);
		return NULL;
	}
	p->stack = stack_bytes;
	p->pack = 1;
	p->setup = setup;
	p->setup_arg = arg;
	snprintf(p->name, sizeof p->name, "%s", name);
	/* A test hook (tests/tui-fiber-overflow.sh): TPCC_TEST_FIBER_OVERFLOW=N
	 * makes the Nth fiber overflow its stack before it runs its function,
	 * so that a test can add it once the console owns the terminal and see
	 * the terminal come back. */
	const char *hook = getenv("TPCC_TEST_FIBER_OVERFLOW");
	p->overflow = hook ? atoi(hook) : 0;
	for (int i = 0; i < threads; i++) {
		worker *w = &p->w[i];
		w->p = p;
		w->ep = w->evfd = -1;
		pthread_mutex_init(&w->lock, NULL);
	}
	p->n = threads;   /* workers set up, of which `started` run */
	for (int i = 0; i < threads; i++) {
		worker *w = &p->w[i];
		w->ep = epoll_create1(EPOLL_CLOEXEC);
		w->evfd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		struct epoll_event ev = { .events = EPOLLIN, .data.ptr = NULL };
		if (w->ep < 0 || w->evfd < 0 || epoll_ctl(w->ep, EPOLL_CTL_ADD, w->evfd, &ev)) {
			snprintf(err, errlen, "fiber worker: %s", strerror(errno));
			goto fail;
		}
		int rc = pthread_create(&w->th, NULL, worker_main, w);
		if (rc) {
			snprintf(err, errlen, "cannot start a fiber worker: %s", strerror(rc));
			goto fail;
		}
		p->started++;
	}
	return p;
fail:
	fiber_pool_free(p);
	return NULL;
}

void fiber_pool_pack(fiber_pool *p, int per_worker)
{
	p->pack = per_worker < 1 ? 1 : per_worker;
}

int fiber_pool_packing(const fiber_pool *p)
{
	return p->pack;
}

int fiber_pool_size(const fiber_pool *p)
{
	return p->started;
}

void fiber_pool_free(fiber_pool *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->started; i++) {
		worker *w = &p->w[i];
		pthread_mutex_lock(&w->lock);
		w->quit = 1;
		pthread_mutex_unlock(&w->lock);
		uint64_t one = 1;
		ssize_t r = write(w->evfd, &one, sizeof one);
		(void)r;
		pthread_join(w->th, NULL);
	}
	for (int i = 0; i < p->n; i++) {
		worker *w = &p->w[i];
		/* Releases posted after the worker's last look (a fiber the
		 * caller never released is left as it is). */
		for (int k = 0; k < w->ninbox; k++)
			if (w->inbox[k].op == OP_FREE && !w->inbox[k].f->in_heap)
				fiber_free_now(w->inbox[k].f);
		/* Released fibers the heap still named (zombies), once each:
		 * the last entry of each frees it. */
		for (int k = 0; k < w->nheap; k++) {
			fiber *f = w->heap[k].f;
			if (f->zombie && --f->in_heap == 0)
				fiber_free_now(f);
		}
		free(w->inbox);
		free(w->heap);
		if (w->ep >= 0)
			close(w->ep);
		if (w->evfd >= 0)
			close(w->evfd);
		pthread_mutex_destroy(&w->lock);
	}
	free(p->w);
	free(p);
}
