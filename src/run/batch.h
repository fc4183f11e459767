/* batch.h: the headless front end: one line per second on stdout, events as
 * they happen, commands read from standard input, a summary at the end. */
#ifndef TPCC_BATCH_H
#define TPCC_BATCH_H

#include <pthread.h>
#include <stdio.h>
#include "engine.h"
#include "util/util.h"

typedef struct batch_out {
	FILE *out;
	int interval;           /* print every Nth tick */
	pthread_mutex_t lock;   /* ticks, events and command replies interleave */
} batch_out;

void batch_init(batch_out *b, FILE *out, int interval);
void batch_hooks(batch_out *b, engine_hooks *h);
/* Read commands from in on a detached thread until end of input. */
int batch_read_commands(batch_out *b, engine *e, FILE *in);
void batch_summary(FILE *out, const run_summary *s, int warehouses, const char *results_path);

#endif
