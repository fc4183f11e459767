/* keys.c: the key table, as htop's Action: each key is one small function
 * that returns what the loop should do (redraw, re-layout, leave) instead of
 * acting on globals.  Anything that changes the run goes through the command
 * worker as a command line, so a key is logged like the typed command. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "console_state.h"

static int send(console *c, const char *line)
{
	if (worker_command(c->wk, line))
		console_message(c, 1, "busy: too many commands waiting");
	return ACT_DRAW;
}

static int k_vus_up(console *c, int key) { return send(c, "vus +1"); }
static int k_vus_down(console *c, int key) { return send(c, "vus -1"); }
static int k_steady(console *c, int key) { return send(c, "phase steady"); }
static int k_extend(console *c, int key) { return send(c, "extend"); }

static int k_pause(console *c, int key)
{
	return send(c, c->v.st.paused ? "resume" : "pause");
}

static int k_cmdline(console *c, int key)
{
	cmdline_open(&c->cl, key == 'm' || key == KEY_F(4) ? "mark " : "");
	c->mode = MODE_CMDLINE;
	return ACT_DRAW;
}

static int k_help(console *c, int key)
{
	c->mode = MODE_HELP;
	return ACT_DRAW;
}

static int k_knobs(console *c, int key)
{
	c->mode = MODE_KNOBS;
	worker_read_knobs(c->wk);
	return ACT_DRAW;
}

static int k_config(console *c, int key)
{
	config_open(c);
	return ACT_DRAW;
}

static int k_latency(console *c, int key)
{
	c->v.latency_steady = !c->v.latency_steady;
	return ACT_DRAW;
}

static int k_quit(console *c, int key)
{
	if (c->v.done)
		return ACT_LEAVE;
	c->mode = MODE_QUIT_ASK;
	return ACT_DRAW;
}

static int k_redraw(console *c, int key)
{
	clearok(curscr, TRUE);
	return ACT_DRAW;
}

static int k_resize(console *c, int key)
{
	return ACT_LAYOUT | ACT_DRAW;
}

static const key_help help_lines[] = {
	{ "+ / -", "one VU more / one fewer" },
	{ "s", "end ramp-up now (phase steady)" },
	{ "e", "extend the steady phase by run.extend_step" },
	{ "p", "pause / resume every VU" },
	{ "m, F4", "put a mark on the timeline (asks for its text)" },
	{ "c, F2", "config screens: connection, workload, phases and VUs, knobs; test, save" },
	{ "k, F3", "knob panel: server variables, live, with their effect" },
	{ "l", "latency: last second / steady phase" },
	{ ":", "command line (Tab completes, Up/Down history, Ctrl-R search)" },
	{ "?, F1", "this help" },
	{ "Ctrl-L", "redraw the screen" },
	{ "q", "quit: asks, then stops the run and finishes its results file" },
};

int keys_help(const key_help **out)
{
	*out = help_lines;
	return (int)(sizeof help_lines / sizeof help_lines[0]);
}

void keys_fill(key_action *t, int size)
{
	for (int i = 0; i < size; i++)
		t[i] = NULL;
	t['+'] = k_vus_up;
	t['='] = k_vus_up;        /* + without shift */
	t['-'] = k_vus_down;
	t['s'] = k_steady;
	t['e'] = k_extend;
	t['p'] = k_pause;
	t[' '] = k_pause;
	t['m'] = k_cmdline;
	t[KEY_F(4)] = k_cmdline;
	t[':'] = k_cmdline;
	t[KEY_F(2)] = k_config;
	t['c'] = k_config;
	t['k'] = k_knobs;
	t[KEY_F(3)] = k_knobs;
	t['?'] = k_help;
	t['h'] = k_help;
	t[KEY_F(1)] = k_help;
	t['l'] = k_latency;
	t['q'] = k_quit;
	t['Q'] = k_quit;
	t[12] = k_redraw;         /* Ctrl-L */
	t[KEY_RESIZE] = k_resize;
}
