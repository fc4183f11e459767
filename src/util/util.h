/* util.h: small helpers every module uses: clocks, bounded string copy. */
#ifndef TPCC_UTIL_H
#define TPCC_UTIL_H

#include <stddef.h>
#include <stdint.h>

/* Monotonic clock in nanoseconds. */
uint64_t now_ns(void);
/* Sleep until the monotonic deadline (absolute), so periodic work never
 * drifts; returns early if interrupted by a signal. */
void sleep_until_ns(uint64_t deadline);
void sleep_ms(unsigned ms);
/* "YYYY-MM-DD HH:MM:SS" local time, the form every dialect's DATETIME takes;
 * buf holds 20. */
void timestamp_text(char *buf);
/* ISO 8601 UTC "YYYY-MM-DDTHH:MM:SSZ"; buf holds 21. */
void timestamp_iso_utc(char *buf);
/* Copy with truncation, always NUL-terminated; returns strlen(src). */
size_t str_copy(char *dst, const char *src, size_t size);
/* Seconds of CPU this process has used (user + system). */
double process_cpu_seconds(void);
/* Copy the latest (at most max) of count items ever written to a ring of
 * cap items of size bytes (item i at i % cap), oldest first, into out;
 * returns how many.  The caller holds whatever lock guards the ring. */
int ring_latest(void *out, const void *ring, size_t size, long count, int cap, int max);
/* calloc for what a run fills as it goes (a ring of ticks, a histogram):
 * every page made resident now (see util.c). */
void *calloc_resident(size_t n, size_t size);
/* A whole file, NUL-terminated, in malloc'ed memory; *len (may be NULL)
 * its size.  NULL with err naming the file and why. */
char *read_file_text(const char *path, size_t *len, char *err, size_t errlen);
/* A seed that differs per call and per process. */
uint64_t fresh_seed(void);
/* 1234567 -> "1,234,567" (rounded to a whole number) */
const char *fmt_thousands(double v, char *buf, size_t len);
/* Once, before the first thread: keep the allocator from holding on to
 * freed memory for good (see util.c).  Where the C library has no such
 * setting, nothing. */
void memory_setup(void);
/* After threads that held much memory have exited: the free pages the
 * allocator keeps inside its arenas go back to the kernel (see util.c). */
void memory_give_back(void);

#endif
