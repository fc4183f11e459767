#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdatomic.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>
#include "util.h"
#ifdef __GLIBC__
#include <malloc.h>
#endif

uint64_t now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void sleep_until_ns(uint64_t deadline)
{
	struct timespec ts = { .tv_sec = (time_t)(deadline / 1000000000u),
			       .tv_nsec = (long)(deadline % 1000000000u) };
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
}

void sleep_ms(unsigned ms)
{
	sleep_until_ns(now_ns() + (uint64_t)ms * 1000000u);
}

void timestamp_text(char *buf)
{
	time_t t = time(NULL);
	struct tm tm;
	localtime_r(&t, &tm);
	strftime(buf, 20, "%Y-%m-%d %H:%M:%S", &tm);
}

void timestamp_iso_utc(char *buf)
{
	time_t t = time(NULL);
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(buf, 21, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

size_t str_copy(char *dst, const char *src, size_t size)
{
	size_t n = src ? strlen(src) : 0;
	if (size) {
		size_t m = n < size - 1 ? n : size - 1;
		if (m)
			memcpy(dst, src, m);
		dst[m] = '\0';
	}
	return n;
}

double process_cpu_seconds(void)
{
	struct rusage ru;
	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return 0;
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
}

uint64_t fresh_seed(void)
{
	static _Atomic uint64_t counter;
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_nsec << 20) ^ (uint64_t)ts.tv_sec ^
	       ((uint64_t)getpid() << 40) ^
	       (atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed) * 0x9E3779B97F4A7C15ull);
}

int ring_latest(void *out, const void *ring, size_t size, long count, int cap, int max)
{
	long n = count < cap ? count : cap;
	if (n > max)
		n = max;
	for (long i = 0; i < n; i++)
		memcpy((char *)out + i * size, (const char *)ring + ((count - n + i) % cap) * size, size);
	return (int)n;
}

char *read_file_text(const char *path, size_t *lenp, char *err, size_t errlen)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	do {
		if (len + 65536 + 1 > cap) {
			cap = cap ? cap * 2 : 131072;
			char *nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				snprintf(err, errlen, "%s: out of memory", path);
				return NULL;
			}
			buf = nb;
		}
		n = fread(buf + len, 1, 65536, f);
		len += n;
	} while (n > 0);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		snprintf(err, errlen, "%s: read error", path);
		return NULL;
	}
	buf[len] = '\0';
	if (lenp)
		*lenp = len;
	return buf;
}

const char *fmt_thousands(double v, char *buf, size_t len)
{
	char tmp[32];
	long long n = (long long)(v + (v < 0 ? -0.5 : 0.5));
	int neg = n < 0;
	snprintf(tmp, sizeof tmp, "%lld", neg ? -n : n);
	size_t l = strlen(tmp), o = 0;
	if (neg && o + 1 < len)
		buf[o++] = '-';
	for (size_t i = 0; i < l && o + 1 < len; i++) {
		if (i && (l - i) % 3 == 0 && o + 1 < len)
			buf[o++] = ',';
		buf[o++] = tmp[i];
	}
	buf[o] = '\0';
	return buf;
}

/* glibc gives each thread an arena of its own and keeps it when the
 * thread exits, for the next thread to take.  The free space at the top
 * of an arena goes back to the kernel only past the trim threshold, and
 * glibc raises that threshold, for good, to twice the largest block it
 * has mmapped and freed (a results file written out, say).  Once that had
 * happened, every arena a VU thread left kept its top resident: in the
 * booth's demo, 8 arenas of 3 MB each with 2 VUs running, and RSS crept
 * up over the hours while the heap in use stayed flat.  Setting the mmap
 * threshold pins both at their defaults (128 KB). */
void memory_setup(void)
{
#ifdef __GLIBC__
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

/* With the thresholds pinned, an arena gives back its top; what stays
 * resident is the free space below its last live chunk, which only
 * malloc_trim hands back (MADV_DONTNEED on every free page of every
 * arena).  In the booth's demo, at one of its steps from 8 VUs down, a
 * call gave back 6.9 of 33.8 MB, and without it the kiosk's RSS lows
 * rose for the first half hour as the arenas' free pages were touched
 * by turns.  It locks each arena while it walks it, so it runs when VU
 * threads have left, not on a timer. */
void memory_give_back(void)
{
#ifdef __GLIBC__
	malloc_trim(0);
#endif
}

/* calloc hands back a large block as untouched zero pages, and the
 * kernel makes each resident only when it is first written.  A ring that
 * fills one tick a second thus grew the client's RSS for as long as it
 * took to fill (the engine's 4,096 ticks: 68 minutes), and in the booth's
 * hour-long soak that rise could not be told from a leak.  Every page
 * written now: the ring costs its whole size from the start, and a rise
 * later on means something. */
void *calloc_resident(size_t n, size_t size)
{
	volatile unsigned char *p = calloc(n, size);
	if (p) {
		long pg = sysconf(_SC_PAGESIZE);
		size_t step = pg > 0 ? (size_t)pg : 4096;
		for (size_t i = 0; i < n * size; i += step)
			p[i] = 0;
		if (n * size > 0)
			p[n * size - 1] = 0;   /* the block starts inside its first page */
	}
	return (void *)p;
}
