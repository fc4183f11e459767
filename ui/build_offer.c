/* build_offer.c: see build_offer.h.  The UI thread only draws: the build
 * runs as `build`'s does (build_job.h) and reports its stage through a
 * small locked record, and its row counts through the progress counters. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tpcc/build_job.h"
#include "build_offer.h"
#include "tpcc/schema.h"
#include "crt.h"
#include "overlay.h"

#define FRAME_MS 250
#define BOX_W 100

typedef struct offer {
	tpcc_config cfg;
	const atomic_int *signalled;  /* the process is asked to stop */
	atomic_int stop;              /* the load's own stop: q or a signal */
	progress prog;
	pthread_mutex_t lock;
	enum build_stage stage;       /* under lock, with note */
	char note[600];
	atomic_int finished;
	int rc;                       /* valid once finished */
	char err[1200];
	build_report report;
} offer;

static void on_note(void *ctx, enum build_stage stage, const char *text)
{
	offer *o = ctx;
	pthread_mutex_lock(&o->lock);
	o->stage = stage;
	snprintf(o->note, sizeof o->note, "%s", text);
	pthread_mutex_unlock(&o->lock);
}

static int warehouses(const tpcc_config *c)
{
	return c->warehouses > 0 ? c->warehouses : 1;
}

/* Text folded to the box's width, so a long path or error is read whole:
 * the columns a line of it gets. */
static int text_w(void)
{
	return overlay_width(BOX_W) - 5;   /* the frame, a blank either side */
}

static pane frame(const offer *o, int h)
{
	char head[400];
	erase();
	snprintf(head, sizeof head, " tpcc-console %s %s %s @ %s", PACKAGE_VERSION, crt_g->v, o->cfg.driver,
		 schema_target_name(&o->cfg));
	screen_put_cut(0, 0, COLS, crt_attr(CRT_TITLE) | (int)A_BOLD, head);
	return overlay_box(h, BOX_W, "Build the TPC-C schema");
}

static void draw_question(const offer *o)
{
	int w = warehouses(&o->cfg);
	char what[700];
	snprintf(what, sizeof what, "No TPC-C schema in %s.", schema_target_name(&o->cfg));
	int rows = text_rows(what, text_w());
	pane p = frame(o, rows + 5);
	int r = pane_wrap_in(&p, 0, 1, rows, A_BOLD, what) + 1;
	pane_printf(&p, r, 1, crt_attr(CRT_WARN) | (int)A_BOLD, "Build %d warehouse%s now? (y/n)", w,
		    w == 1 ? "" : "s");
	pane_put_cut(&p, r + 1, 1, crt_attr(CRT_DIM), "(workload.warehouses sets how many; n leaves)");
	refresh();
}

#define NOTE_ROWS 4
#define ERR_ROWS 8

static void draw_progress(offer *o)
{
	char note[sizeof o->note], line[400];
	enum build_stage stage;
	pthread_mutex_lock(&o->lock);
	stage = o->stage;
	snprintf(note, sizeof note, "%s", o->note);
	pthread_mutex_unlock(&o->lock);

	int failed = atomic_load(&o->finished) && o->rc;
	int nr = text_rows(note, text_w()), er = failed ? text_rows(o->err, text_w()) : 1;
	nr = nr < 1 ? 1 : nr > NOTE_ROWS ? NOTE_ROWS : nr;
	er = er < 1 ? 1 : er > ERR_ROWS ? ERR_ROWS : er;
	/* The note, a blank, the bar and its figures, the error, the hint. */
	pane p = frame(o, 2 + nr + 3 + er + 1);
	int r = nr + 1;
	pane_wrap_in(&p, 0, 1, nr, A_BOLD, note);
	if (stage >= BUILD_LOADING) {
		/* The bar on a row of its own, the figures under it. */
		progress_format(&o->prog, pane_iw(&p) - 6,
				stage > BUILD_LOADING ? PROGRESS_WHOLE : PROGRESS_GOING, line, sizeof line);
		char *figures = strstr(line, "] ");
		if (figures) {
			*++figures = '\0';
			figures++;
		}
		pane_put(&p, r, 1, crt_attr(CRT_GOOD) | (int)A_BOLD, line);
		pane_put_cut(&p, r + 1, 1, A_BOLD, figures ? figures : "");
	}
	r += 2;
	if (failed) {
		pane_wrap_in(&p, r, 1, er, crt_attr(CRT_BAD) | (int)A_BOLD, o->err);
		pane_put(&p, r + er, 1, crt_attr(CRT_DIM), "any key leaves");
	} else if (atomic_load(&o->finished)) {
		pane_put(&p, r + er, 1, crt_attr(CRT_GOOD), "starting the run...");
	} else {
		pane_put_cut(&p, r + er, 1, crt_attr(CRT_DIM), atomic_load(&o->stop) ? "stopping the load..."
			     : "q stops the load (the partial schema then needs 'tpcc-console drop')");
	}
	refresh();
}

/* Wait for y or n; 1 for y. */
static int ask(const offer *o)
{
	for (;;) {
		draw_question(o);
		timeout(FRAME_MS);
		int k = getch();
		if (atomic_load(o->signalled))
			return 0;
		if (k == 'y' || k == 'Y')
			return 1;
		if (k == 'n' || k == 'N' || k == 'q' || k == 27)
			return 0;
	}
}

static int run_build(offer *o)
{
	build_job *job;

	if (build_start(&o->cfg, &o->stop, &o->prog, NULL, on_note, o, &job, o->err, sizeof o->err))
		return -1;
	while (!build_finished(job)) {
		draw_progress(o);
		timeout(FRAME_MS);
		int k = getch();
		if (k == 'q' || atomic_load(o->signalled))
			atomic_store(&o->stop, 1);
	}
	o->rc = build_wait(job, &o->report, o->err, sizeof o->err);
	atomic_store(&o->finished, 1);
	draw_progress(o);
	if (o->rc && !atomic_load(o->signalled)) {
		/* The error stays up until it has been read. */
		timeout(-1);
		getch();
	}
	return o->rc;
}

int build_offer_run(const tpcc_config *c, const atomic_int *stop, char *err, size_t errlen)
{
	offer *o = calloc(1, sizeof *o);
	if (!o) {
		snprintf(err, errlen, "out of memory");
		return OFFER_FAILED;
	}
	o->cfg = *c;
	o->signalled = stop;
	pthread_mutex_init(&o->lock, NULL);
	snprintf(o->note, sizeof o->note, "starting");
	int result = OFFER_DECLINED;
	if (crt_init(err, errlen)) {
		result = OFFER_FAILED;
	} else {
		if (ask(o)) {
			result = run_build(o) ? OFFER_FAILED : OFFER_BUILT;
			if (result == OFFER_FAILED)
				snprintf(err, errlen, "%s", o->err);
		}
		crt_done();
	}
	pthread_mutex_destroy(&o->lock);
	memset(o->cfg.password, 0, sizeof o->cfg.password);
	free(o);
	return result;
}
