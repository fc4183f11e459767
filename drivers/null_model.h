/* null_model.h: the null driver's server, a deterministic model of how a
 * database serves transactions, so that every verdict the tool gives (an
 * A/B trial, a capacity search, a steady state found) can be tested
 * against a known answer before it meets a real server.
 *
 * A transaction is served when it commits or rolls back: its service time
 * is its type's (null_service_ms_TYPE, else null_service_ms), multiplied
 * by the drift reached so far and, early on, a warm-up factor.  At most
 * null_capacity transactions are in service at once; the rest queue in
 * arrival order.  Time is kept per connection as a virtual clock, so a
 * late wake-up is paid back by the next transaction and the throughput
 * the model gives is the one its settings say, on a loaded machine too.
 *
 * Its settings are server variables, read and set with the statements
 * the MySQL dialect sends (the null driver's dialect), so they go through
 * the knob journal like any server's and are put back after a run:
 *   null_service_ms          ms per transaction (0, the default: none)
 *   null_service_ms_<type>   ms for one type (new_order, payment,
 *                            order_status, delivery, stock_level);
 *                            -1, the default: null_service_ms
 *   null_capacity            transactions served at once (0: no limit)
 *   null_drift               percent of its set value the service time
 *                            rises per minute, from when it is set
 *   null_warmup              seconds of a warm-up from when it is set:
 *                            service times start at 3x and fall linearly
 *                            to 1x over them
 * The model is the process's one server, shared by every connection as a
 * real server is shared by its clients. */
#ifndef TPCC_NULL_MODEL_H
#define TPCC_NULL_MODEL_H

#include <stddef.h>
#include <stdint.h>

#define NULL_MODEL_TYPES 5

/* The process's model (made on first use). */
struct null_model *null_model_get(void);

/* The type whose name is name ("new_order"), or -1. */
int null_model_type(const char *name);

/* A transaction of type (-1: unknown, the base service time) arriving at
 * arrival (CLOCK_MONOTONIC ns): when its service ends.  0 when the model
 * serves at once (no service time set). */
uint64_t null_model_serve(struct null_model *m, int type, uint64_t arrival);

/* A variable's value as text; -1 when the model has none of that name. */
int null_model_get_var(struct null_model *m, const char *name, char *buf, size_t len);

/* Set a variable from text; -1 with why filled when the name is unknown
 * or the value not a number within its bounds. */
int null_model_set_var(struct null_model *m, const char *name, const char *value, char *why,
		       size_t whylen);

/* A variable's description as the MySQL dialect reads a server's
 * (scope|read-only|type|min|max|choices); -1 when unknown. */
int null_model_describe(const char *name, char *buf, size_t len);

#endif
