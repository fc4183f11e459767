/* view.h: what the panes draw from: copies of the engine's and the
 * monitor's state taken at most four times a second by the UI thread.  Panes
 * never call the engine themselves, so drawing never waits on a lock held
 * across anything slow, and never on the database. */
#ifndef TPCC_UI_VIEW_H
#define TPCC_UI_VIEW_H

#include <sys/types.h>
#include "dialect/dialect.h"
#include "run/engine.h"
#include "run/monitor.h"

#define VIEW_TICKS 1200           /* 20 minutes: the chart plus knob effects */
#define VIEW_EVENTS 200
#define VIEW_SAMPLES 240
#define VIEW_VUS 10000

typedef struct ui_view {
	const tpcc_config *cfg;
	const dialect *d;         /* the server's, for the server pane; may be NULL */
	engine_status st;
	tick *ticks;
	int nticks;
	run_event *events;
	int nevents;
	long events_total;
	mon_sample *samples;
	int nsamples;
	unsigned char *vu;
	int nvu;
	pid_t server_pid;
	char server_how[160];
	int have_disk;            /* disk names the data directory's device */
	char disk[64];
	char disk_why[160];       /* else why not */
	/* The server's waits: how they are read (monitor_waits), and the
	 * operator's line about them (a missing privilege). */
	int wait_kind;
	char wait_label[96];
	char wait_note[240];
	int latency_steady;       /* latency pane shows the steady phase */
	int demo;
	int demo_paused;          /* the operator's VU count stands (d resumes) */
	char caption[192];        /* the demo's narration of its last step */
	int kiosk;                /* the kiosk view instead of the panes (K) */
	int done;                 /* the run is over */
	/* A sweep's steps as the engine recorded them (engine_steps), copied
	 * when they change; sweeping: its job runs; show_steps: the step
	 * table is on the screen (T). */
	engine_step *steps;
	int nsteps;
	long steps_gen;
	int sweeping;
	int show_steps;
	int steps_back;           /* the table's rows scrolled back from the newest */
	/* An A/B trial's segment count (0: the steps are a sweep's) and its
	 * running estimate (engine_ab). */
	int ab_segments;
	char ab_verdict[768];
	/* replay --against: the other run's NOPM at each of ticks' seconds
	 * (aligned at the start of steady; 0 where it has none), drawn in
	 * place of TPM; NULL otherwise. */
	double *ghost;
} ui_view;

int view_alloc(ui_view *v);
void view_free(ui_view *v);
/* Refresh every copy; m may be NULL. */
void view_snapshot(ui_view *v, engine *e, monitor *m);

#endif
