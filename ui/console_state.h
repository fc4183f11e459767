/* console_state.h: the console's state, shared by its own modules (the
 * knob panel); nothing outside ui/ sees it.  Keys and the config screens
 * see only what the console hands them (key_env, config_env). */
#ifndef TPCC_UI_CONSOLE_STATE_H
#define TPCC_UI_CONSOLE_STATE_H

#include "cmdline.h"
#include "config_screen.h"
#include "demo.h"
#include "keys.h"
#include "run/monitor.h"
#include "pane.h"
#include "view.h"
#include "worker.h"

struct console_opts;  /* console.h: the state is console.c's, not the reverse */

enum console_mode { MODE_NORMAL, MODE_CMDLINE, MODE_QUIT_ASK, MODE_HELP, MODE_KNOBS, MODE_CONFIG,
	MODE_MARKERS, MODE_WAITS };

enum { P_THROUGHPUT, P_LATENCY, P_CPU, P_SERVER, P_VUS, P_EVENTS, P_LATCHART, P_STEPS, P_WAITS, P_COUNT };

typedef struct console {
	engine *e;
	const tpcc_config *cfg;
	const struct console_opts *opts;
	monitor *mon;
	worker *wk;
	cmdline cl;
	ui_view v;
	pane header;
	pane panes[P_COUNT];
	int too_small;
	enum console_mode mode;
	int quitting;             /* stop asked; leave when the run is done */
	int hung_up;              /* the terminal closed: leave it untouched */
	char msg[4096];           /* the message row: last reply or notice */
	int msg_err;
	long reply_seen;
	int knob_sel;
	int help_top;             /* the help's (or marker list's) first line shown */
	const char *knobs[32];
	int nknobs;
	demo_plan plan;           /* the demo's story */
	int demo_loop, demo_idx;  /* the action last done, and in which loop */
	const char *demo_changed; /* the setting the story changed, until put back */
	int steps_shown;          /* the step table was opened once already */
	int steps_want, steps_h;  /* the rows it asked for, and the layout gave it */
	long events_seen;         /* events looked at for the operator's VU changes */
	config_screen cs;
	int replay;               /* replay.c's: a finished run, not an engine */
} console;

/* The panes placed for the terminal's size (console.c), and the whole
 * screen drawn from c->v: the live console's and the replay's. */
int console_layout(console *c);
/* The header's and the panes' classes into c, and SIGWINCH for this
 * thread, once curses has the terminal. */
void console_panes_init(console *c);
/* Each pane's class, by P_ index. */
extern const pane_class *const console_pane_classes[P_COUNT];
void console_draw(console *c);
/* After each snapshot: open the step table at a sweep's first step, and
 * lay the screen out again when it wants another row. */
void console_steps_follow(console *c);
/* Scroll the step table rows further back (negative: forward), within
 * the rows it has out of view. */
void console_steps_scroll(console *c, int rows);

void console_message(console *c, int is_err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Overlays, drawn over the panes (the help is help.h). */
void knobs_draw(const console *c);
int knobs_key(console *c, int key);

#endif
