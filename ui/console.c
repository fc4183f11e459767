/* console.c: the console's loop and layout.  One thread (the caller's) owns
 * curses.  It takes a snapshot of the engine and its monitor at most four
 * times a second and draws from it; keys are handled as they come, and
 * anything that may wait on the database goes to the command worker. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "complete.h"
#include "console.h"
#include "console_state.h"
#include "crt.h"
#include "demo.h"
#include "kiosk.h"
#include "frame.h"
#include "help.h"
#include "linechart.h"
#include "markers.h"
#include "pane_waits.h"
#include "textview.h"
#include "util/util.h"

#define FRAME_NS 250000000ull     /* at most 4 snapshots and draws a second */
#define MIN_W 80
#define MIN_H 24
#define CPU_FULL_H 14
#define LATCHART_MIN_H 8
#define WAITS_CHART_MIN_H 11      /* the chart's rows the Waits pane leaves */
#define SHORT_H 32                /* below it the step table replaces the events */

const pane_class *const console_pane_classes[P_COUNT] = {
	[P_THROUGHPUT] = &pane_throughput_class, [P_LATENCY] = &pane_latency_class,
	[P_CPU] = &pane_cpu_class, [P_SERVER] = &pane_server_class,
	[P_VUS] = &pane_vus_class, [P_EVENTS] = &pane_events_class,
	[P_LATCHART] = &pane_latchart_class, [P_STEPS] = &pane_steps_class,
	[P_WAITS] = &pane_waits_class,
};

void console_message(console *c, int is_err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->msg, sizeof c->msg, fmt, ap);
	va_end(ap);
	c->msg_err = is_err;
}

/* The sketch in SCREEN.md: chart top left, latency and CPU on the right,
 * server and VUs under the chart, events across the bottom. */
int console_layout(console *c)
{
	int W = COLS, H = LINES;
	c->too_small = W < MIN_W || H < MIN_H;
	pane_place(&c->header, 0, 0, 1, W);
	int avail = H - 3;            /* header, message row, key bar */
	/* A sweep's step table, when shown, takes rows at the bottom. */
	c->steps_want = c->steps_h = pane_steps_height(&c->v, avail);
	if (c->too_small)
		return 0;
	if (c->v.kiosk)
		return kiosk_layout(c);
	avail -= c->steps_h;
	int ev_h = avail / 6 > 4 ? avail / 6 : 4;
	/* On a short terminal the table takes the events' rows instead:
	 * its last line says what the step under way is doing. */
	if (c->steps_h && H < SHORT_H) {
		avail += c->steps_h;
		c->steps_h = ev_h + 1 < c->steps_h ? ev_h + 1 : c->steps_h;
		avail -= c->steps_h;
		ev_h = 0;
	}
	int mid_h = avail - ev_h;
	int right_w = W >= 160 ? 56 : W >= 120 ? 44 : 40;
	int left_w = W - right_w;
	int lat_h = 9;
	int bottom_h = mid_h / 3 > 8 ? 8 : mid_h / 3 < 5 ? 5 : mid_h / 3;
	int tp_h = mid_h - bottom_h;
	/* The waits, under the chart, where the chart keeps enough rows
	 * (120x40 and up) and no sweep's table takes them; the w key shows
	 * them otherwise. */
	int waits_h = waits_rows() + 2;
	if (tp_h - waits_h < WAITS_CHART_MIN_H || c->steps_h)
		waits_h = 0;
	tp_h -= waits_h;
	int srv_w = left_w * 3 / 5;
	int rc = 0;
	rc |= pane_place(&c->panes[P_THROUGHPUT], 1, 0, tp_h, left_w);
	rc |= pane_place(&c->panes[P_WAITS], 1 + tp_h, 0, waits_h, left_w);
	rc |= pane_place(&c->panes[P_SERVER], 1 + tp_h + waits_h, 0, bottom_h, srv_w);
	rc |= pane_place(&c->panes[P_VUS], 1 + tp_h + waits_h, srv_w, bottom_h, left_w - srv_w);
	rc |= pane_place(&c->panes[P_LATENCY], 1, left_w, lat_h, right_w);
	/* The CPU pane needs 14 rows for all its lines (disk included); rows
	 * beyond that go to p95 over time rather than staying empty. */
	int cpu_h = mid_h - lat_h, chart_h = 0;
	if (cpu_h - CPU_FULL_H >= LATCHART_MIN_H) {
		chart_h = cpu_h - CPU_FULL_H;
		cpu_h = CPU_FULL_H;
	}
	rc |= pane_place(&c->panes[P_CPU], 1 + lat_h, left_w, cpu_h, right_w);
	rc |= pane_place(&c->panes[P_LATCHART], 1 + lat_h + cpu_h, left_w, chart_h, right_w);
	rc |= pane_place(&c->panes[P_EVENTS], 1 + mid_h, 0, ev_h, W);
	rc |= pane_place(&c->panes[P_STEPS], 1 + mid_h + ev_h, 0, c->steps_h, W);
	return rc;
}

/* The key bar in its order on screen; rank says which stay when the row is
 * too narrow for all of them: help and the way out always. */
typedef struct keybar_item { const char *key, *label; int rank; } keybar_item;

static void draw_keybar(int y, int replay)
{
	static const keybar_item live[] = {
		{ "F1", "Help", 0 }, { "F2", "Config", 9 }, { "F3", "Knobs", 4 }, { "F4", "Mark", 5 },
		{ "+/-", "VUs", 3 }, { "s", "Steady", 6 }, { "e", "Extend", 8 }, { "p", "Pause", 7 },
		{ ":", "Command", 2 }, { "T", "Steps", 10 }, { "q", "Quit", 1 },
	};
	static const keybar_item played[] = {
		{ "space", "Pause", 2 }, { "1/2/3", "1x 10x 60x", 3 }, { "\u2190/\u2192", "Seek 10 s", 4 },
		{ "</>", "Seek 60 s", 5 }, { "Home/End", "Start/end", 6 }, { "T", "Steps", 7 },
		{ "q", "Quit", 1 }, { "", "", 11 }, { "", "", 11 }, { "", "", 11 }, { "", "", 11 },
	};
	const keybar_item *items = replay ? played : live;
	enum { N = sizeof live / sizeof live[0] };
	int shown[N] = { 0 }, width = 0;
	_Static_assert(sizeof played / sizeof played[0] == N, "the two key bars' sizes");
	/* An item is its key, " label " and one blank. */
	for (int rank = 0; rank < N; rank++)
		for (int i = 0; i < N; i++) {
			int w = (int)(strlen(items[i].key) + strlen(items[i].label)) + 3;
			if (items[i].rank == rank && width + w <= COLS) {
				shown[i] = 1;
				width += w;
			}
		}
	int x = 0;
	move(y, 0);
	clrtoeol();
	for (int i = 0; i < N && x < COLS; i++) {
		if (!shown[i] || !items[i].key[0])
			continue;
		x += screen_put(y, x, COLS - x, crt_attr(CRT_BAR_KEY), items[i].key);
		char label[32];
		snprintf(label, sizeof label, " %s ", items[i].label);
		x += screen_put(y, x, COLS - x, crt_attr(CRT_BAR), label);
		x += screen_put(y, x, COLS - x, 0, " ");
	}
}

static void draw_message(console *c, int y)
{
	char line[4200];
	move(y, 0);
	clrtoeol();
	if (c->mode == MODE_QUIT_ASK) {
		screen_put(y, 0, COLS, crt_attr(CRT_WARN) | A_BOLD | A_REVERSE,
			   " quit? (y/n): y stops the run and finishes its results file ");
		return;
	}
	if (c->quitting && !c->v.done) {
		screen_put(y, 0, COLS, crt_attr(CRT_WARN), "stopping: VUs finish their transactions...");
		return;
	}
	/* Multi-line replies (sql, help) are folded onto the one row. */
	size_t o = 0;
	for (const char *s = c->msg; *s && o + 4 < sizeof line; s++) {
		if (*s == '\n') {
			if (s[1])
				o += (size_t)snprintf(line + o, sizeof line - o, "%s", crt_utf8 ? " \u2502 " : " | ");
		} else {
			line[o++] = *s == '\t' ? ' ' : *s;
		}
	}
	line[o] = '\0';
	char shown[sizeof line + 64];
	crt_arrows(line, shown, sizeof shown);
	/* A reply longer than the row says it was cut. */
	screen_put_cut(y, 0, COLS, c->msg_err ? crt_attr(CRT_BAD) : 0, shown);
}

/* What the config screens may touch of the console. */
static config_env config_env_of(console *c)
{
	return (config_env){ .cs = &c->cs, .cfg = c->cfg, .v = &c->v, .wk = c->wk, .cl = &c->cl };
}

/* The seconds the throughput chart shows: two a column. */
static int chart_span(const console *c)
{
	int cols = pane_iw(&c->panes[P_THROUGHPUT]) - LINECHART_AXIS_W;
	return cols > 0 ? 2 * cols : 0;
}

void console_draw(console *c)
{
	erase();
	if (c->too_small) {
		char m[96];
		snprintf(m, sizeof m, "enlarge the terminal: %dx%d, the console needs %dx%d",
			 COLS, LINES, MIN_W, MIN_H);
		screen_put(0, 0, COLS, A_BOLD, m);
		curs_set(0);
		refresh();
		return;
	}
	c->header.cls->draw(&c->header, &c->v);
	for (int i = 0; i < P_COUNT; i++)
		pane_draw(&c->panes[i], &c->v);
	if (c->v.kiosk)
		kiosk_draw(c);
	draw_keybar(LINES - 1, c->replay);
	if (c->mode == MODE_HELP)
		help_draw(&c->help_top);
	else if (c->mode == MODE_MARKERS)
		markers_draw(&c->v, chart_span(c), &c->help_top);
	else if (c->mode == MODE_WAITS)
		waits_overlay_draw(&c->v);
	else if (c->mode == MODE_KNOBS)
		knobs_draw(c);
	else if (c->mode == MODE_CONFIG) {
		config_env env = config_env_of(c);
		config_draw(&env);
	}
	/* The config screens edit a value on the same row as the command line. */
	if (c->mode == MODE_CMDLINE || (c->mode == MODE_CONFIG && c->cl.active)) {
		curs_set(1);
		cmdline_draw(&c->cl, LINES - 2, COLS);  /* leaves the cursor there */
	} else {
		curs_set(0);
		draw_message(c, LINES - 2);
	}
	refresh();
}

/* Whether a VU change the operator asked for (a key, a typed vus) is among
 * the events since the last look; the demo's own and the run's start and
 * end say why in the same place. */
static int operator_changed_vus(console *c)
{
	long first = c->v.events_total - c->v.nevents;
	int found = 0;
	for (int i = 0; i < c->v.nevents; i++)
		if (first + i >= c->events_seen && !strcmp(c->v.events[i].type, "vus") &&
		    strstr(c->v.events[i].text, "(operator)"))
			found = 1;
	c->events_seen = c->v.events_total;
	return found;
}

/* The demo's story: the action due now, once.  While the operator's VU
 * count stands (paused) VU steps and changes are left out, but a setting
 * the story changed is still put back on time. */
static void demo_follow(console *c)
{
	int loop, i = demo_plan_at(&c->plan, c->v.st.t, &loop);
	if (i < 0 || (loop == c->demo_loop && i == c->demo_idx))
		return;
	const demo_action *a = &c->plan.a[i];
	int paused = c->v.demo_paused, rc = 0;
	/* A loop begins with the database back to its snapshot once the file
	 * has grown past the bound: left for days, the demo fills no disk. */
	const mon_sample *ms = c->v.nsamples ? &c->v.samples[c->v.nsamples - 1] : NULL;
	if (i == 0 && loop != c->demo_loop && c->cfg->demo_max_db > 0 && ms && ms->db_mb >= 0 &&
	    ms->db_mb > c->cfg->demo_max_db && !c->demo_changed) {
		if (worker_reset_database(c->wk, c->cfg))
			return;
		snprintf(c->v.caption, sizeof c->v.caption,
			 "the database has grown past %d MB: back to its snapshot, then the story again",
			 c->cfg->demo_max_db);
		console_message(c, 0, "%s", c->v.caption);
	}
	switch (a->kind) {
	case DEMO_VUS:
		if (!paused)
			rc = worker_set_vus(c->wk, a->vus, "demo");
		break;
	case DEMO_SET:
		if (!paused && !c->demo_changed) {
			rc = worker_set_var(c->wk, a->name, a->value);
			if (rc == 0)
				c->demo_changed = a->name;
		}
		break;
	case DEMO_PUT_BACK:
		if (c->demo_changed) {
			rc = worker_put_back_var(c->wk, c->demo_changed);
			if (rc == 0)
				c->demo_changed = NULL;
		}
		break;
	}
	if (rc)
		return;           /* the queue is full: again at the next look */
	c->demo_loop = loop;
	c->demo_idx = i;
	if (!paused) {
		snprintf(c->v.caption, sizeof c->v.caption, "%s", a->caption);
		console_message(c, 0, "%s", a->caption);
	}
}

static void take_snapshot(console *c)
{
	char text[4096];
	int is_err, quit;
	view_snapshot(&c->v, c->e, c->mon);
	long n = worker_reply(c->wk, text, sizeof text, &is_err, &quit);
	if (n != c->reply_seen) {
		c->reply_seen = n;
		console_message(c, is_err, "%s", text);
		if (!is_err && c->mode == MODE_KNOBS)
			worker_read_knobs(c->wk);
	}
	if (quit)
		c->quitting = 1;
	console_steps_follow(c);
	config_env env = config_env_of(c);
	config_poll(&env);
	if (c->v.done && !c->quitting && !c->msg_err)
		console_message(c, 0, "the run is over; results in %s; q leaves", c->v.st.results_path);
	/* The demo's schedule goes on as long as the run does, until the
	 * operator sets the VUs: then theirs stands until d. */
	if (c->opts->demo && !c->v.demo_paused && operator_changed_vus(c)) {
		c->v.demo_paused = 1;
		console_message(c, 0, "demo schedule paused: your VU count stands; d resumes the schedule");
	}
	/* A sweep sets the VUs itself while it runs. */
	if (c->opts->demo && !c->v.done && !c->quitting && !c->v.sweeping &&
	    c->v.st.phase != PH_IDLE)
		demo_follow(c);
}

void console_steps_follow(console *c)
{
	/* The step table opens by itself when a sweep's first step is
	 * recorded; T hides it from then on. */
	if (c->v.nsteps && !c->steps_shown) {
		c->steps_shown = 1;
		c->v.show_steps = 1;
	}
	/* A row more for each step done: the panes above make room. */
	if (pane_steps_height(&c->v, LINES - 3) != c->steps_want && console_layout(c))
		console_message(c, 1, "out of memory laying out the screen");
}

void console_steps_scroll(console *c, int rows)
{
	int max = pane_steps_scroll_max(&c->panes[P_STEPS], &c->v), back = c->v.steps_back + rows;
	c->v.steps_back = back < 0 ? 0 : back > max ? max : back;
}

/* What a key action asked for that only the console can do. */
static int key_done(console *c, int act)
{
	if (act & ACT_BUSY)
		console_message(c, 1, "busy: too many commands waiting");
	if (act & ACT_CMDLINE)
		c->mode = MODE_CMDLINE;
	if (act & ACT_HELP)
		c->mode = MODE_HELP, c->help_top = 0;
	if ((act & ACT_DEMO) && c->opts->demo) {
		c->v.demo_paused = 0;
		/* The story's VU count again at once. */
		int loop, i = demo_plan_at(&c->plan, c->v.st.t, &loop);
		if (i >= 0)
			worker_set_vus(c->wk, demo_plan_vus(&c->plan, i), "demo");
		/* VU changes made while it was paused were seen by the pause
		 * already: they must not pause it again now. */
		c->events_seen = c->v.events_total;
		console_message(c, 0, "demo schedule resumed: its VUs, its settings and its captions");
	} else if (act & ACT_DEMO) {
		console_message(c, 1, "d: no demo schedule in this run");
	}
	if (act & ACT_MARKERS)
		c->mode = MODE_MARKERS, c->help_top = 0;
	if (act & ACT_WAITS)
		c->mode = MODE_WAITS;
	if (act & ACT_KNOBS)
		c->mode = MODE_KNOBS;
	if (act & ACT_QUIT_ASK)
		c->mode = MODE_QUIT_ASK;
	if (act & ACT_CONFIG) {
		config_env env = config_env_of(c);
		config_open(&env);
		c->mode = MODE_CONFIG;
	}
	if (act & ACT_CLOSE)
		c->mode = MODE_NORMAL;
	if (act & ACT_STEPS_OLDER)
		console_steps_scroll(c, 1);
	if (act & ACT_STEPS_NEWER)
		console_steps_scroll(c, -1);
	return act;
}

static int handle_key(console *c, key_action *table, int key)
{
	char line[CMDLINE_MAX];
	if (key == KEY_RESIZE)
		return ACT_LAYOUT | ACT_DRAW;
	switch (c->mode) {
	case MODE_CMDLINE: {
		int r = cmdline_key(&c->cl, key, line, sizeof line);
		if (r == CL_SUBMIT || r == CL_CANCEL)
			c->mode = MODE_NORMAL;
		if (r == CL_SUBMIT && line[0]) {
			console_message(c, 0, "running: %s", line);
			if (worker_command(c->wk, line))
				key_done(c, ACT_BUSY);
		}
		return ACT_DRAW;
	}
	case MODE_QUIT_ASK:
		c->mode = MODE_NORMAL;
		if (key == 'y' || key == 'Y') {
			c->quitting = 1;
			engine_stop(c->e, "operator");
		}
		return ACT_DRAW;
	case MODE_WAITS:
		c->mode = MODE_NORMAL;
		return ACT_DRAW;
	case MODE_HELP:
	case MODE_MARKERS:
		if (textview_key(&c->help_top, key))
			c->mode = MODE_NORMAL;
		return ACT_DRAW;
	case MODE_KNOBS:
		return knobs_key(c, key);
	case MODE_CONFIG: {
		config_env env = config_env_of(c);
		return key_done(c, config_key(&env, key));
	}
	default:
		if (key < 0 || key >= KEY_MAX || !table[key])
			return ACT_NONE;
		key_env env = { .wk = c->wk, .cl = &c->cl, .v = &c->v };
		return key_done(c, table[key](&env, key));
	}
}

static void loop(console *c)
{
	static key_action table[KEY_MAX];
	uint64_t next = 0;
	int dirty = 1;
	keys_fill(table, KEY_MAX);
	for (;;) {
		uint64_t now = now_ns();
		if (now >= next) {
			take_snapshot(c);
			next = now + FRAME_NS;
			dirty = 1;
		}
		if (c->v.done && (c->quitting || (c->opts->stop && atomic_load(c->opts->stop))))
			break;
		if (c->opts->hangup && atomic_load(c->opts->hangup)) {
			c->hung_up = 1;
			break;
		}
		if (dirty) {
			console_draw(c);
			dirty = 0;
		}
		timeout(frame_wait_ms(next, now_ns()));
		int key = crt_getkey();
		if (key == ERR)
			continue;
		int act = handle_key(c, table, key);
		if (act & ACT_LEAVE)
			break;
		if (act & ACT_LAYOUT && console_layout(c))
			console_message(c, 1, "out of memory laying out the screen");
		if (act & ACT_DRAW)
			dirty = 1;
	}
}

void console_panes_init(console *c)
{
	sigset_t winch;
	/* The caller kept SIGWINCH blocked while the engine started its
	 * threads; only this one takes it. */
	sigemptyset(&winch);
	sigaddset(&winch, SIGWINCH);
	pthread_sigmask(SIG_UNBLOCK, &winch, NULL);
	c->header.cls = &pane_header_class;
	for (int i = 0; i < P_COUNT; i++)
		c->panes[i].cls = console_pane_classes[i];
}

int console_run(engine *e, const tpcc_config *cfg, const console_opts *o, char *err, size_t errlen)
{
	console c;
	memset(&c, 0, sizeof c);
	c.e = e;
	c.cfg = cfg;
	c.opts = o;
	c.v.cfg = cfg;
	c.v.demo = o->demo;
	c.v.kiosk = cfg->kiosk;
	c.demo_loop = c.demo_idx = -1;
	if (o->demo)
		demo_plan_make(&c.plan, engine_dialect(e)->demo_knobs, cfg->demo_step);
	c.nknobs = knob_names(engine_dialect(e), cfg->knobs, cfg->nknobs, c.knobs, 32);
	if (view_alloc(&c.v)) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (cmdline_init(&c.cl, o->history, c.knobs, c.nknobs, err, errlen))
		goto fail_view;
	/* The engine's sampler; it reads CPU, disk and metrics from now on. */
	c.mon = engine_monitor(e);
	if (c.mon)
		monitor_watch(c.mon);
	if (worker_start(e, c.knobs, c.nknobs, &c.wk, err, errlen))
		goto fail_cmdline;
	if (crt_init(err, errlen))
		goto fail_worker;
	console_panes_init(&c);
	console_message(&c, 0, "%s", o->demo ? "demo: VU steps and setting changes, captioned, looping; ? for help, q to leave"
			: "? for help; : for commands");
	console_layout(&c);
	loop(&c);

	if (c.hung_up) {
		crt_abandon();
		if (o->demo)
			engine_stop(e, "hangup");
	} else
		crt_done();
	config_env env = config_env_of(&c);
	config_close(&env);
	for (int i = 0; i < P_COUNT; i++)
		pane_destroy(&c.panes[i]);
	worker_stop(c.wk);
	cmdline_done(&c.cl);
	view_free(&c.v);
	return 0;

fail_worker:
	worker_stop(c.wk);
fail_cmdline:
	cmdline_done(&c.cl);
fail_view:
	view_free(&c.v);
	return -1;
}

void console_emergency(void)
{
	crt_emergency();
}
