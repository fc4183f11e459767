/* keys.h: the console's key table, as htop's Action: one row per action
 * with the keys bound to it and the help the overlay and the man page show,
 * so a binding cannot exist without its help.  An action touches only what
 * the console hands it (key_env) and returns what the console should do;
 * keys know nothing of the console itself. */
#ifndef TPCC_UI_KEYS_H
#define TPCC_UI_KEYS_H

#include <stddef.h>
#include "cmdline.h"
#include "view.h"
#include "worker.h"

/* What a key action (or an overlay's key) asks of the loop (flags). */
enum {
	ACT_NONE = 0, ACT_DRAW = 1, ACT_LAYOUT = 2, ACT_LEAVE = 4,
	ACT_BUSY = 8,         /* the command was refused: too many waiting */
	ACT_CMDLINE = 16,     /* the command line was opened: edit it */
	ACT_HELP = 32, ACT_KNOBS = 64, ACT_CONFIG = 128, ACT_QUIT_ASK = 256,
	ACT_CLOSE = 512,      /* an overlay was left: back to the panes */
	ACT_MARKERS = 1024,
	ACT_DEMO = 2048,      /* resume the demo's VU schedule */
	ACT_WAITS = 4096,     /* the waits overlay */
	ACT_STEPS_OLDER = 8192, ACT_STEPS_NEWER = 16384,  /* scroll the step table */
};

/* The part of the console a key may touch. */
typedef struct key_env {
	worker *wk;
	cmdline *cl;
	ui_view *v;
} key_env;

typedef int (*key_action)(const key_env *env, int key);

#define KEY_BIND_MAX 4

typedef struct key_binding {
	int codes[KEY_BIND_MAX];  /* curses key codes, 0 after the last */
	key_action fn;
	const char *help;         /* one line for the help overlay */
	const char *man;          /* the man page's paragraph (roff), or NULL: help */
} key_binding;

extern const key_binding key_bindings[];
extern const size_t key_binding_count;

/* Fill the key table (indexed by curses key code, size entries). */
void keys_fill(key_action *table, int size);
/* A key as the operator reads it: "m", "F4", "Space", "Ctrl-L". */
int keys_code_name(int code, char *buf, size_t len);
/* The keys of a binding, joined: "m, F4", "p, Space". */
void keys_label(const key_binding *b, char *buf, size_t len);

#endif
