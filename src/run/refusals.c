/* refusals.c: VUs refused at their first connect, told in two events an
 * episode (see refusals.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "refusals.h"
#include "util/util.h"

void refusals_init(refusals *r)
{
	memset(r, 0, sizeof *r);
	pthread_mutex_init(&r->lock, NULL);
}

void refusals_destroy(refusals *r)
{
	pthread_mutex_destroy(&r->lock);
}

void refusals_begin(refusals *r, const char *msg)
{
	pthread_mutex_lock(&r->lock);
	r->waiting++;
	if (!r->refused++)
		str_copy(r->msg, msg, sizeof r->msg);
	pthread_mutex_unlock(&r->lock);
}

void refusals_end(refusals *r, enum refusal_end how)
{
	pthread_mutex_lock(&r->lock);
	r->waiting--;
	r->joined += how == REFUSAL_JOINED;
	r->gave_up += how == REFUSAL_GAVE_UP;
	pthread_mutex_unlock(&r->lock);
}

static const char *plural(int n)
{
	return n == 1 ? "" : "s";
}

/* The episode's end, r->lock held: what became of the VUs refused. */
static const char *ended_locked(refusals *r, char *text, size_t len)
{
	int left = r->refused - r->joined - r->gave_up;
	size_t n;
	if (r->joined == r->refused)
		n = (size_t)snprintf(text, len, "the %d VU%s refused a connection got in",
				     r->refused, plural(r->refused));
	else
		n = (size_t)snprintf(text, len, "%d of the %d VU%s refused a connection got in",
				     r->joined, r->refused, plural(r->refused));
	if (r->gave_up && n < len)
		n += (size_t)snprintf(text + n, len - n, ", %d gave up", r->gave_up);
	if (left && n < len)
		snprintf(text + n, len - n, ", %d removed before", left);
	const char *type = r->gave_up ? "error" : "vus";
	r->refused = r->joined = r->gave_up = r->told = 0;
	return type;
}

const char *refusals_news(refusals *r, int give_up_s, char *text, size_t len)
{
	const char *type = NULL;
	pthread_mutex_lock(&r->lock);
	if (r->refused && !r->told) {
		r->told = 1;
		char bound[64] = " until they get in";
		if (give_up_s > 0)
			snprintf(bound, sizeof bound, " for up to %d s (run.reconnect_give_up)",
				 give_up_s);
		snprintf(text, len, "%d VU%s could not connect: %s; retrying with back-off%s",
			 r->refused, plural(r->refused), r->msg, bound);
		type = "error";
	} else if (r->told && !r->waiting) {
		type = ended_locked(r, text, len);
	}
	pthread_mutex_unlock(&r->lock);
	return type;
}
