/* instance.c: see instance.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <time.h>
#include "instance.h"

int instance_check(const tpcc_config *c, long long *start_at, char *err, size_t errlen)
{
	int first, last;
	if (opt_warehouse_range(c->warehouse_range, 0, &first, &last, err, errlen) ||
	    opt_start_at(c->start_at, (long long)time(NULL), start_at, err, errlen))
		return -1;
	if (c->warehouse_range[0] && c->all_warehouses) {
		snprintf(err, errlen, "--warehouse-range and --all-warehouses exclude each other: "
			 "the one keeps VUs in a range, the other sends them anywhere");
		return -1;
	}
	return 0;
}

/* The phases begin on the wall clock's second, so several instances begin
 * together.  Woken every 0.2 s to see a signal. */
int instance_wait(long long at, signals *s)
{
	struct timespec now;
	clock_gettime(CLOCK_REALTIME, &now);
	if (at <= now.tv_sec)
		return 0;
	char when[32];
	time_t t = (time_t)at;
	struct tm tm;
	strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&t, &tm));
	printf("waiting until %s (%lld s) to start\n", when, at - (long long)now.tv_sec);
	fflush(stdout);
	for (;;) {
		if (atomic_load(&s->stop))
			return 1;
		clock_gettime(CLOCK_REALTIME, &now);
		long long left_ns = (at - (long long)now.tv_sec) * 1000000000LL - now.tv_nsec;
		/* time(), which stamps the results file, reads a coarser clock
		 * that may still show the second before for a few ms. */
		if (left_ns <= 0 && time(NULL) >= at)
			return 0;
		if (left_ns <= 0)
			left_ns = 1000000;
		struct timespec nap = { 0, left_ns < 200000000LL ? (long)left_ns : 200000000L };
		nanosleep(&nap, NULL);
	}
}
