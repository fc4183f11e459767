/* refusals.h: VUs whose first connect failed (the server at its
 * max_connections, or away) and who retry it with back-off.  A DBA wants
 * to hear it once, with how many and the server's own words, not a line
 * from each VU; and once more when it is over: how many got in, how many
 * gave up.  Each VU notes its part (a leaf lock, twice per VU and
 * episode, never per attempt); the collector asks once a tick what there
 * is to say. */
#ifndef TPCC_REFUSALS_H
#define TPCC_REFUSALS_H

#include <pthread.h>
#include <stddef.h>

typedef struct refusals {
	pthread_mutex_t lock;     /* a leaf: nothing is taken while it is held */
	int waiting;              /* VUs retrying their first connect now */
	/* The episode so far: VUs refused, and of them those that got in and
	 * those that gave up (the rest were removed first). */
	int refused, joined, gave_up;
	int told;                 /* its start was said */
	char msg[256];            /* its first refusal, as the driver read it */
} refusals;

enum refusal_end { REFUSAL_JOINED, REFUSAL_GAVE_UP, REFUSAL_STOPPED };

void refusals_init(refusals *r);
void refusals_destroy(refusals *r);
/* A VU's first connect failed with msg; it retries. */
void refusals_begin(refusals *r, const char *msg);
/* That VU got in, gave up, or was told to stop before either. */
void refusals_end(refusals *r, enum refusal_end how);
/* The collector's, once a tick: the type of an event to log ("error",
 * "vus") with its text, or NULL.  An episode's start names the VUs
 * refused and the message; its end, once none waits, how it ended.
 * give_up_s is run.reconnect_give_up (0: never), for the text. */
const char *refusals_news(refusals *r, int give_up_s, char *text, size_t len);

#endif
