/* keys.c: the key table (see keys.h).  Anything that changes the run goes
 * through the command worker as a command line, so a key is logged like
 * the typed command. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <curses.h>
#include <stdio.h>
#include "keys.h"

static int send(const key_env *k, const char *line)
{
	return worker_command(k->wk, line) ? ACT_DRAW | ACT_BUSY : ACT_DRAW;
}

static int k_vus_up(const key_env *k, int key) { return send(k, "vus +1"); }
static int k_vus_down(const key_env *k, int key) { return send(k, "vus -1"); }
static int k_steady(const key_env *k, int key) { return send(k, "phase steady"); }
static int k_extend(const key_env *k, int key) { return send(k, "extend"); }

static int k_pause(const key_env *k, int key)
{
	return send(k, k->v->st.paused ? "resume" : "pause");
}

static int k_mark(const key_env *k, int key)
{
	cmdline_open(k->cl, "mark ");
	return ACT_CMDLINE | ACT_DRAW;
}

static int k_cmdline(const key_env *k, int key)
{
	cmdline_open(k->cl, "");
	return ACT_CMDLINE | ACT_DRAW;
}

static int k_help(const key_env *k, int key) { return ACT_HELP | ACT_DRAW; }

static int k_knobs(const key_env *k, int key)
{
	worker_read_knobs(k->wk);
	return ACT_KNOBS | ACT_DRAW;
}

static int k_config(const key_env *k, int key) { return ACT_CONFIG | ACT_DRAW; }
static int k_markers(const key_env *k, int key) { return ACT_MARKERS | ACT_DRAW; }
static int k_waits(const key_env *k, int key) { return ACT_WAITS | ACT_DRAW; }
static int k_demo(const key_env *k, int key) { return ACT_DEMO | ACT_DRAW; }

static int k_latency(const key_env *k, int key)
{
	k->v->latency_steady = !k->v->latency_steady;
	return ACT_DRAW;
}

static int k_steps(const key_env *k, int key)
{
	k->v->show_steps = !k->v->show_steps;
	return ACT_LAYOUT | ACT_DRAW;
}

/* The console knows how many rows the table shows. */
static int k_steps_older(const key_env *k, int key) { return ACT_STEPS_OLDER | ACT_DRAW; }
static int k_steps_newer(const key_env *k, int key) { return ACT_STEPS_NEWER | ACT_DRAW; }

static int k_kiosk(const key_env *k, int key)
{
	k->v->kiosk = !k->v->kiosk;
	return ACT_LAYOUT | ACT_DRAW;
}

static int k_quit(const key_env *k, int key)
{
	return k->v->done ? ACT_LEAVE : ACT_QUIT_ASK | ACT_DRAW;
}

static int k_redraw(const key_env *k, int key)
{
	clearok(curscr, TRUE);
	return ACT_DRAW;
}

#define CTRL(ch) ((ch) & 0x1f)

const key_binding key_bindings[] = {
	{ { '+', '=' }, k_vus_up, "one VU more (= is + without shift)", NULL },
	{ { '-' }, k_vus_down, "one VU fewer", NULL },
	{ { 's' }, k_steady, "end ramp-up now (phase steady)", NULL },
	{ { 'e' }, k_extend, "extend the steady phase by run.extend_step", NULL },
	{ { 'p', ' ' }, k_pause, "pause / resume every VU", NULL },
	{ { 'm', KEY_F(4) }, k_mark, "put a mark on the timeline (asks for its text)", NULL },
	{ { 'c', KEY_F(2) }, k_config, "config screens: connection, workload, phases and VUs, "
	  "knobs; test, save",
	  "Config screens (Connection, Workload, Phases and VUs, Knobs: the options\n"
	  "of the config file, checked as the file is; Enter edits, Space toggles,\n"
	  ".B t\n"
	  "tests the connection without blocking the screen,\n"
	  ".B s\n"
	  "saves a file that\n"
	  ".B \\-\\-config\n"
	  "loads, the password only when asked and then mode 0600; vus and a longer\n"
	  "duration apply to the run at once, the rest to the next run).\n" },
	{ { 'k', KEY_F(3) }, k_knobs, "knob panel: server variables, live, with their effect", NULL },
	{ { 'd' }, k_demo, "demo: resume its VU schedule after a VU change of yours paused it", NULL },
	{ { 'K' }, k_kiosk, "kiosk view: NOPM in large digits, the chart, the latest change and its verdict / back",
	  "The kiosk view, for a screen watched from a distance, and back: the\n"
	  "current NOPM in large block digits, the throughput chart over most of\n"
	  "the screen, the latest change with its before/after verdict, and the\n"
	  "demo's caption.\n" },
	{ { 'M' }, k_markers, "the chart's markers in full: time, the text, what changed (NOPM, p95, waits, the server metrics that moved most)", NULL },
	{ { 'w' }, k_waits, "the server's waits by class, full size (the Waits pane's rows on a "
	  "small screen)", NULL },
	{ { 'T' }, k_steps, "a sweep's step table: hide / show (it opens when a sweep starts)",
	  "A sweep's step table, across the bottom of the screen: hide or show it.\n"
	  "It opens when a sweep's first step begins and fills in a row as each\n"
	  "step ends (setting, NOPM, TPM, p95 New-Order and Payment, errors, NOPM\n"
	  "against the first step), with a line for the step under way; it stays\n"
	  "after the run ends.\n" },
	{ { KEY_PPAGE }, k_steps_older, "a sweep's step table: a row further back, when they do not all fit",
	  NULL },
	{ { KEY_NPAGE }, k_steps_newer, "a sweep's step table: a row forward, to the newest", NULL },
	{ { 'l' }, k_latency, "latency: last second / steady phase", NULL },
	{ { ':' }, k_cmdline, "command line (Tab completes, Up/Down history, Ctrl-R search)", NULL },
	{ { '?', 'h', KEY_F(1) }, k_help, "this help",
	  "Help: every key and every command.\n" },
	{ { CTRL('L') }, k_redraw, "redraw the screen", NULL },
	{ { 'q', 'Q' }, k_quit, "quit: asks, then stops the run and finishes its results file",
	  "Quit, after \\(lqquit? (y/n)\\(rq: stops the run and finishes the results file.\n" },
};

const size_t key_binding_count = sizeof key_bindings / sizeof key_bindings[0];

void keys_fill(key_action *t, int size)
{
	for (int i = 0; i < size; i++)
		t[i] = NULL;
	for (size_t i = 0; i < key_binding_count; i++)
		for (int j = 0; j < KEY_BIND_MAX && key_bindings[i].codes[j]; j++)
			if (key_bindings[i].codes[j] < size)
				t[key_bindings[i].codes[j]] = key_bindings[i].fn;
}

int keys_code_name(int code, char *buf, size_t len)
{
	for (int n = 1; n <= 12; n++)
		if (code == KEY_F(n))
			return snprintf(buf, len, "F%d", n);
	if (code == ' ')
		return snprintf(buf, len, "Space");
	if (code == KEY_PPAGE)
		return snprintf(buf, len, "PgUp");
	if (code == KEY_NPAGE)
		return snprintf(buf, len, "PgDn");
	if (code > 0 && code < ' ')
		return snprintf(buf, len, "Ctrl-%c", code + '@');
	if (code > ' ' && code < 127)
		return snprintf(buf, len, "%c", code);
	return snprintf(buf, len, "key %d", code);
}

void keys_label(const key_binding *b, char *buf, size_t len)
{
	size_t pos = 0;

	if (len)
		buf[0] = '\0';
	for (int j = 0; j < KEY_BIND_MAX && b->codes[j] && pos < len; j++) {
		if (j)
			pos += (size_t)snprintf(buf + pos, len - pos, ", ");
		if (pos < len)
			pos += (size_t)keys_code_name(b->codes[j], buf + pos, len - pos);
	}
}
