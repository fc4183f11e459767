/* progress.h: a progress display for long work (the loader).  On a terminal
 * it redraws one bar line in place; otherwise it prints a plain line every
 * few seconds, which logs and CI read better. */
#ifndef TPCC_PROGRESS_H
#define TPCC_PROGRESS_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <pthread.h>

typedef struct progress {
	_Atomic uint64_t done;      /* units done (rows) */
	_Atomic int parts_done;     /* warehouses done */
	uint64_t total;
	int parts_total;
	const char *what;           /* "loading" */
	const char *parts_what;     /* "warehouses" (NULL), "tables": a plural
	                             * in -s, shown without it for a total of 1 */
	const char *unit;           /* "rows" (NULL), "pages" */
	FILE *out;
	int tty;
	uint64_t start_ns;
	_Atomic int stop;
	pthread_t thread;
	int running;
} progress;

/* How the work stands when drawn: going on, finished whole (100%, however
 * far the estimate of the total was off), or cut short (stopped or failed:
 * the fraction it reached, no ETA). */
enum progress_end { PROGRESS_GOING, PROGRESS_WHOLE, PROGRESS_CUT };

/* out NULL: no display, only the counts, for a caller that draws them
 * itself with progress_format (the console's build screen). */
void progress_start(progress *p, const char *what, uint64_t total, int parts_total, FILE *out);
/* "[=====>    ]  42%  1/2 warehouses  12345 rows/s  ETA 0:10", bar_w
 * cells wide (0: no bar), as the work stands (end). */
void progress_format(const progress *p, int bar_w, enum progress_end end, char *buf, size_t len);
/* progress_start with the parts and the units named ("tables", "pages";
 * NULL: "warehouses", "rows"). */
void progress_start_named(progress *p, const char *what, const char *parts_what,
			  const char *unit, uint64_t total, int parts_total, FILE *out);
/* Stop the display thread and draw the end state (PROGRESS_WHOLE or
 * PROGRESS_CUT). */
void progress_finish(progress *p, enum progress_end end);

#endif
