/* reset.c: the database brought back to its snapshot under a running run
 * (engine_reset_database): a sweep's reset-between, the demo's bound on
 * its database file. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <time.h>
#include "engine_int.h"
#include "util/util.h"

#define RESET_STOP_MAX_S 120

int engine_reset_database(engine *e, int keep_vus, const char *what,
			  int (*restore)(void *ud, char *err, size_t errlen), void *ud,
			  double *seconds, char *err, size_t errlen)
{
	const struct timespec nap = { 0, 50 * 1000 * 1000 };
	engine_status st;
	int t, done;
	uint64_t t0 = now_ns();

	engine_get_status(e, &st);
	int vus = st.vus_target;
	if (vus > 0 && engine_set_vus(e, 0, "reset", err, errlen))
		return -1;
	for (;;) {
		engine_get_status(e, &st);
		engine_clock(e, &t, &done);
		if (done) {
			snprintf(err, errlen, "the run ended before the reset");
			return -1;
		}
		if (st.vus == 0)
			break;
		if ((now_ns() - t0) / 1e9 > RESET_STOP_MAX_S) {
			snprintf(err, errlen, "%d VUs still running %d s after they were asked to "
				 "stop; no reset", st.vus, RESET_STOP_MAX_S);
			return -1;
		}
		nanosleep(&nap, NULL);
	}
	if (engine_leave_database(e, err, errlen))
		return -1;
	engine_event(e, "step", "%s: restoring the snapshot", what);
	int failed = restore(ud, err, errlen);
	/* Back even when the restore failed: the knobs are put back over it. */
	engine_return_database(e);
	if (failed)
		return -1;
	double secs = (now_ns() - t0) / 1e9;
	if (seconds)
		*seconds = secs;
	engine_event(e, "step", "%s: database restored in %.1f s", what, secs);
	if (keep_vus && vus > 0 && engine_set_vus(e, vus, "reset", err, errlen))
		return -1;
	return 0;
}
