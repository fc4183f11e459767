/* null_model.c: see null_model.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "null_model.h"

#define NULL_MODEL_SLOTS 4096

static const char *const type_names[NULL_MODEL_TYPES] = {
	"new_order", "payment", "order_status", "delivery", "stock_level",
};

struct null_model {
	pthread_mutex_t lock;
	double service_ms;
	double type_ms[NULL_MODEL_TYPES];   /* < 0: service_ms */
	int capacity;
	double drift;                       /* percent a minute */
	double drift_from;                  /* the factor reached when drift was set */
	uint64_t drift_t0;
	double warmup_s;
	uint64_t warmup_t0;
	uint64_t free_at[NULL_MODEL_SLOTS]; /* when each of capacity's slots is free */
};

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One model a process: a connection reaches "the server" as a real one
 * does, whichever thread made it. */
static struct null_model the_model;
static pthread_once_t the_once = PTHREAD_ONCE_INIT;

static void model_init(void)
{
	pthread_mutex_init(&the_model.lock, NULL);
	for (int i = 0; i < NULL_MODEL_TYPES; i++)
		the_model.type_ms[i] = -1;
	the_model.drift_from = 1;
}

struct null_model *null_model_get(void)
{
	pthread_once(&the_once, model_init);
	return &the_model;
}

int null_model_type(const char *name)
{
	for (int i = 0; name && i < NULL_MODEL_TYPES; i++)
		if (!strcmp(name, type_names[i]))
			return i;
	return -1;
}

static double drift_factor(const struct null_model *m, uint64_t t)
{
	double min = t > m->drift_t0 ? (t - m->drift_t0) / 60e9 : 0;
	return m->drift_from + m->drift / 100 * min;
}

uint64_t null_model_serve(struct null_model *m, int type, uint64_t arrival)
{
	pthread_mutex_lock(&m->lock);
	double ms = type >= 0 && type < NULL_MODEL_TYPES && m->type_ms[type] >= 0 ?
		m->type_ms[type] : m->service_ms;
	uint64_t end = 0;
	if (ms > 0) {
		ms *= drift_factor(m, arrival);
		if (m->warmup_s > 0 && arrival > m->warmup_t0) {
			double into = (arrival - m->warmup_t0) / 1e9;
			if (into < m->warmup_s)
				ms *= 1 + 2 * (1 - into / m->warmup_s);
		}
		uint64_t svc = (uint64_t)(ms * 1e6), start = arrival;
		if (m->capacity > 0) {
			/* First come, first served on the slot free soonest. */
			int best = 0;
			for (int i = 1; i < m->capacity; i++)
				if (m->free_at[i] < m->free_at[best])
					best = i;
			if (m->free_at[best] > start)
				start = m->free_at[best];
			m->free_at[best] = start + svc;
		}
		end = start + svc;
	}
	pthread_mutex_unlock(&m->lock);
	return end;
}

/* ---- the variables ------------------------------------------------------- */

enum var_id { V_SERVICE, V_TYPE0, V_CAPACITY = V_TYPE0 + NULL_MODEL_TYPES, V_DRIFT, V_WARMUP,
	      V_COUNT };

static int var_id(const char *name)
{
	static const char pre[] = "null_service_ms";
	if (!strcasecmp(name, pre))
		return V_SERVICE;
	if (!strncasecmp(name, pre, sizeof pre - 1) && name[sizeof pre - 1] == '_')
		for (int i = 0; i < NULL_MODEL_TYPES; i++)
			if (!strcasecmp(name + sizeof pre, type_names[i]))
				return V_TYPE0 + i;
	if (!strcasecmp(name, "null_capacity"))
		return V_CAPACITY;
	if (!strcasecmp(name, "null_drift"))
		return V_DRIFT;
	if (!strcasecmp(name, "null_warmup"))
		return V_WARMUP;
	return -1;
}

static void bounds(int id, double *lo, double *hi)
{
	*lo = id >= V_TYPE0 && id < V_CAPACITY ? -1 : 0;
	*hi = id == V_CAPACITY ? NULL_MODEL_SLOTS : id == V_DRIFT ? 10000 : 600000;
}

int null_model_get_var(struct null_model *m, const char *name, char *buf, size_t len)
{
	int id = var_id(name);
	if (id < 0)
		return -1;
	pthread_mutex_lock(&m->lock);
	double v = id == V_SERVICE ? m->service_ms : id == V_CAPACITY ? m->capacity :
		id == V_DRIFT ? m->drift : id == V_WARMUP ? m->warmup_s : m->type_ms[id - V_TYPE0];
	pthread_mutex_unlock(&m->lock);
	snprintf(buf, len, "%.10g", v);
	return 0;
}

int null_model_set_var(struct null_model *m, const char *name, const char *value, char *why,
		       size_t whylen)
{
	int id = var_id(name);
	if (id < 0) {
		snprintf(why, whylen, "Unknown system variable '%s'", name);
		return -1;
	}
	double lo, hi;
	bounds(id, &lo, &hi);
	char *end;
	errno = 0;
	double v = strtod(value, &end);
	if (errno || end == value || *end || !isfinite(v) || v < lo || v > hi ||
	    (id == V_CAPACITY && v != floor(v))) {
		snprintf(why, whylen, "Variable '%s' can't be set to the value of '%s' "
			 "(a number from %g to %g)", name, value, lo, hi);
		return -1;
	}
	uint64_t now = mono_ns();
	pthread_mutex_lock(&m->lock);
	switch (id) {
	case V_SERVICE: m->service_ms = v; break;
	case V_CAPACITY:
		m->capacity = (int)v;
		for (int i = 0; i < m->capacity; i++)
			m->free_at[i] = now;
		break;
	case V_DRIFT:
		/* The rise so far is kept: the same value again changes nothing. */
		if (v != m->drift) {
			m->drift_from = drift_factor(m, now);
			m->drift_t0 = now;
			m->drift = v;
		}
		break;
	case V_WARMUP:
		m->warmup_s = v;
		m->warmup_t0 = now;
		break;
	default: m->type_ms[id - V_TYPE0] = v; break;
	}
	pthread_mutex_unlock(&m->lock);
	return 0;
}

int null_model_describe(const char *name, char *buf, size_t len)
{
	int id = var_id(name);
	if (id < 0)
		return -1;
	double lo, hi;
	bounds(id, &lo, &hi);
	snprintf(buf, len, "GLOBAL|NO|%s|%g|%g|", id == V_CAPACITY ? "INT UNSIGNED" : "DOUBLE", lo,
		 hi);
	return 0;
}
