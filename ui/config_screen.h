/* config_screen.h: the F2 config screens (Connection, Workload, Phases and
 * VUs, Knobs).  The forms are built from the option table (options.c): each
 * option names its screen, so a new option shows up without touching this
 * code, and every value goes through opt_set, the same check the config
 * file gets.  Edits go to a copy of the settings; they are saved to a
 * libconfig file, tested with a connection made off the UI thread, and the
 * VU count and a longer steady phase are applied to the run at once. */
#ifndef TPCC_UI_CONFIG_SCREEN_H
#define TPCC_UI_CONFIG_SCREEN_H

#include "cmdline.h"
#include "conn_probe.h"
#include "config/options.h"
#include "view.h"
#include "worker.h"

enum config_ask { CFG_ASK_NONE, CFG_ASK_PATH, CFG_ASK_PASSWORD };

typedef struct config_screen {
	tpcc_config edit;         /* the settings as the screens have them */
	opt_screen tab;
	int sel;                  /* selected row of the tab: fields, then actions */
	int editing;              /* the line editor holds the selected field */
	const opt_def *bad;       /* the field whose last value was refused */
	char bad_msg[320];
	enum config_ask ask;
	char path[OPT_STR_MAX];   /* where save writes */
	conn_probe *probe;        /* a test connection under way, or NULL */
	char status[700];         /* the last action's outcome */
	int status_err;
} config_screen;

/* The part of the console the screens use, handed to them by it, so they
 * need nothing of the console itself. */
typedef struct config_env {
	config_screen *cs;
	const tpcc_config *cfg;   /* the run's settings: the first open copies them */
	const ui_view *v;         /* is a run going, and in which phase */
	worker *wk;               /* applies vus and a longer duration to the run */
	cmdline *cl;              /* edits a field's value */
} config_env;

/* Open the screens (the console shows them until config_key says close). */
void config_open(const config_env *c);
void config_draw(const config_env *c);
/* A key for the screens: ACT_* flags, ACT_CLOSE when they are left. */
int config_key(const config_env *c, int key);
/* Pick up a finished test connection; called with every snapshot. */
void config_poll(const config_env *c);
/* Let go of a test connection still running, on the way out. */
void config_close(const config_env *c);

#endif
