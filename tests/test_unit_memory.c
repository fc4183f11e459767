/* test_unit_memory.c: what the soak of the booth's demo found.  A thread
 * that fills an arena of its own and exits must leave that arena's pages
 * to the kernel, even after a large block has come and gone (glibc then
 * raises its trim threshold for good, unless memory_setup pinned it).
 * mallinfo2's arena figure is the bytes the arenas hold from the kernel,
 * so the test needs no RSS reading.  Under a sanitizer, whose allocator
 * replaces glibc's, there is nothing to test.  And a ring the run fills as
 * it goes is resident from the start (calloc_resident), so that RSS over
 * a day does not rise for as long as the ring takes to fill. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "unit.h"
#include "util/util.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define SANITIZED 1
#endif

#if defined(__GLIBC__) && !defined(SANITIZED)
enum { PIECES = 750, PIECE = 4096 };   /* 3 MB, as a VU's SQLite page cache */

/* A VU's life in small: an arena of its own filled, then all freed; with
 * keep, one small allocation made last outlives it (a connection's handle
 * freed by whoever joins it), so the arena's top cannot go back. */
static void *vu_life(void **keep)
{
	void *p[PIECES];
	for (int i = 0; i < PIECES; i++) {
		p[i] = malloc(PIECE);
		if (!p[i])
			return (void *)1;
		memset(p[i], 1, PIECE);
	}
	if (keep)
		*keep = malloc(64);
	for (int i = PIECES - 1; i >= 0; i--)
		free(p[i]);
	return NULL;
}

static void *vu_like(void *arg)
{
	(void)arg;
	return vu_life(NULL);
}

static void *vu_leaving_one(void *arg)
{
	return vu_life(arg);
}

static size_t resident_bytes(void);

START_TEST(test_give_back_after_threads)
{
	memory_setup();
	pthread_t th;
	void *keep = NULL, *rc = (void *)1;
	ck_assert_int_eq(pthread_create(&th, NULL, vu_leaving_one, &keep), 0);
	pthread_join(th, &rc);
	ck_assert_ptr_null(rc);
	ck_assert_ptr_nonnull(keep);
	size_t before = resident_bytes();
	memory_give_back();
	size_t after = resident_bytes();
	ck_assert_msg(after + (2 << 20) <= before,
		      "resident %zu bytes before giving back, %zu after: the 3 MB the "
		      "thread freed below its last chunk stayed", before, after);
	free(keep);
}
END_TEST

/* The arenas' bytes from the kernel after such a thread came and went. */
static size_t arena_after_thread(void)
{
	pthread_t th;
	void *rc = (void *)1;
	ck_assert_int_eq(pthread_create(&th, NULL, vu_like, NULL), 0);
	pthread_join(th, &rc);
	ck_assert_ptr_null(rc);
	return mallinfo2().arena;
}

START_TEST(test_exited_thread_gives_back)
{
	memory_setup();
	size_t before = mallinfo2().arena;
	/* 2 MB mmapped and freed: left to itself glibc would now keep 4 MB
	 * tops in every arena. */
	void *big = malloc(2 << 20);
	ck_assert_ptr_nonnull(big);
	memset(big, 1, 2 << 20);
	free(big);
	size_t after = arena_after_thread();
	ck_assert_msg(after < before + (1 << 20),
		      "the arenas hold %zu bytes after the thread left, %zu before: the "
		      "thread's 3 MB stayed", after, before);
}
END_TEST
#endif

/* The process's resident bytes, from /proc (Linux); 0 where there is none. */
static size_t resident_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	unsigned long size = 0, res = 0;
	if (!f)
		return 0;
	if (fscanf(f, "%lu %lu", &size, &res) != 2)
		res = 0;
	fclose(f);
	return res * (size_t)sysconf(_SC_PAGESIZE);
}

START_TEST(test_ring_resident_at_once)
{
	enum { RING_BYTES = 8 << 20 };
	size_t before = resident_bytes();
	if (!before)
		return;   /* no /proc: nothing to read */
	unsigned char *r = calloc_resident(RING_BYTES / 64, 64);
	ck_assert_ptr_nonnull(r);
	size_t after = resident_bytes();
	ck_assert_msg(after >= before + RING_BYTES - RING_BYTES / 8,
		      "8 MB ring: resident %zu bytes before, %zu after; its pages are not "
		      "resident until the ring fills", before, after);
	for (size_t i = 0; i < RING_BYTES; i += 4096)
		ck_assert_int_eq(r[i], 0);
	ck_assert_int_eq(r[RING_BYTES - 1], 0);
	free(r);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("memory");
	TCase *tc = tcase_create("memory");
#if defined(__GLIBC__) && !defined(SANITIZED)
	tcase_add_test(tc, test_exited_thread_gives_back);
	tcase_add_test(tc, test_give_back_after_threads);
#endif
	tcase_add_test(tc, test_ring_resident_at_once);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
