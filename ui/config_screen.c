/* config_screen.c: the F2 config screens; see config_screen.h.  The rows of
 * a screen are the option table's entries for it, then the actions (test
 * connection, save); nothing here lists the options by hand. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "config/conf_save.h"
#include "config/conn_string.h"
#include "config/conninfo.h"
#include "config_screen.h"
#include "crt.h"
#include "keys.h"
#include "overlay.h"
#include "util/util.h"

#define MAX_ROWS 64
#define BOX_W 110
#define LABEL_W 22
#define DEFAULT_PATH "./tpcc-console.conf"

typedef int (*action_fn)(const config_env *c);

typedef struct cfg_action {
	const char *label;
	int key;
	int connection_only;      /* shown on the Connection screen only */
	action_fn run;
} cfg_action;

static int act_test(const config_env *c);
static int act_save(const config_env *c);

static const cfg_action actions[] = {
	{ "[ Test connection ]  (t)", 't', 1, act_test },
	{ "[ Save to a file... ]  (s)", 's', 0, act_save },
};
#define NACTIONS (int)(sizeof actions / sizeof actions[0])

/* One row of a screen: an option, or an action. */
typedef struct cfg_row {
	const opt_def *opt;
	const cfg_action *act;
} cfg_row;

static int screen_rows(opt_screen tab, cfg_row *rows, int max)
{
	int n = 0;
	for (size_t i = 0; i < opt_count && n < max; i++)
		if (opt_table[i].screen == tab)
			rows[n++] = (cfg_row){ .opt = &opt_table[i] };
	for (int i = 0; i < NACTIONS && n < max; i++)
		if (!actions[i].connection_only || tab == OPT_SCR_CONNECTION)
			rows[n++] = (cfg_row){ .act = &actions[i] };
	return n;
}

static const char *leaf(const opt_def *o)
{
	const char *dot = strchr(o->key, '.');
	return dot ? dot + 1 : o->key;
}

static int run_active(const config_env *c)
{
	return !c->v->done;
}

static void status(config_screen *cs, int is_err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void status(config_screen *cs, int is_err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cs->status, sizeof cs->status, fmt, ap);
	va_end(ap);
	cs->status_err = is_err;
}

void config_open(const config_env *c)
{
	config_screen *cs = c->cs;
	if (!cs->path[0]) {
		cs->edit = *c->cfg;
		snprintf(cs->path, sizeof cs->path, "%s", c->cfg->config_path[0] ? c->cfg->config_path
			 : DEFAULT_PATH);
		cs->tab = OPT_SCR_CONNECTION;
	}
}

void config_close(const config_env *c)
{
	conn_probe_release(c->cs->probe);
	c->cs->probe = NULL;
	memset(c->cs->edit.password, 0, sizeof c->cs->edit.password);
}

void config_poll(const config_env *c)
{
	config_screen *cs = c->cs;
	char text[sizeof cs->status];
	int ok;
	if (cs->probe && conn_probe_poll(cs->probe, &ok, text, sizeof text)) {
		status(cs, !ok, "%s", text);
		conn_probe_release(cs->probe);
		cs->probe = NULL;
	}
}

/* ---- actions ---- */

static int act_test(const config_env *c)
{
	config_screen *cs = c->cs;
	char err[400];
	if (cs->probe) {
		status(cs, 0, "still connecting...");
		return ACT_DRAW;
	}
	if (conn_probe_start(&cs->edit, &cs->probe, err, sizeof err)) {
		status(cs, 1, "cannot test: %s", err);
		return ACT_DRAW;
	}
	status(cs, 0, "connecting with driver %s (gives up after %d s)...", cs->edit.driver,
	       cs->edit.connect_timeout);
	return ACT_DRAW;
}

static int act_save(const config_env *c)
{
	/* The demo runs on settings of its own (a 30-day steady phase,
	 * rolling results): saved, they would start such a run. */
	if (c->v->demo) {
		status(c->cs, 1, "not saved: the demo runs on settings of its own (a 30-day steady "
		       "phase, rolling results files); set up a run with tpcc-console run and save "
		       "from its screens");
		return ACT_DRAW;
	}
	cmdline_open_field(c->cl, "save to: ", c->cs->path, 0);
	c->cs->ask = CFG_ASK_PATH;
	return ACT_DRAW;
}

/* The settings hold a password: connection.password, or PWD= in an ODBC
 * connection string. */
static int odbc_has_password(const tpcc_config *t)
{
	char stripped[sizeof t->odbc];
	conn_string_strip_password(t->odbc, stripped, sizeof stripped);
	return strcmp(stripped, t->odbc) != 0;
}

/* The same for a libpq conninfo (password= or a URI's user:password@). */
static int conninfo_has_password(const tpcc_config *t)
{
	char stripped[sizeof t->conninfo];
	conninfo_strip_password(t->conninfo, stripped, sizeof stripped);
	return strcmp(stripped, t->conninfo) != 0;
}

static int holds_password(const tpcc_config *t)
{
	return t->password[0] || odbc_has_password(t) || conninfo_has_password(t);
}

static void save(const config_env *c, int with_password)
{
	config_screen *cs = c->cs;
	char warn[400], err[400];
	if (config_save_file(&cs->edit, cs->path, with_password, warn, sizeof warn, err, sizeof err)) {
		status(cs, 1, "not saved: %s", err);
		return;
	}
	status(cs, warn[0] != '\0', "saved to %s%s%s%s", cs->path,
	       with_password ? " with the password (mode 0600)" : " without the password",
	       warn[0] ? "; warning: " : "", warn);
}

/* ---- editing a field ---- */

/* What the editor starts with: the value as shown, but never a password. */
static void prefill(const config_screen *cs, const opt_def *o, char *buf, size_t len)
{
	if (o->secret)
		buf[0] = '\0';
	else
		opt_format(&cs->edit, o, buf, len);
}

/* Apply what can change in a running run: the VU count, a longer steady
 * phase.  Returns 1 when something was sent. */
static int apply_live(const config_env *c, const opt_def *o, const tpcc_config *before)
{
	char line[64];
	const tpcc_config *now = &c->cs->edit;
	if (!run_active(c))
		return 0;
	if (o->offset == offsetof(tpcc_config, vus) && !now->nschedule && now->vus != before->vus)
		snprintf(line, sizeof line, "vus %d", now->vus);
	else if (o->offset == offsetof(tpcc_config, duration) && now->duration > before->duration &&
		 c->v->st.phase <= PH_STEADY)
		snprintf(line, sizeof line, "extend %d", now->duration - before->duration);
	else
		return 0;
	if (worker_command(c->wk, line))
		return 0;
	char val[32];
	opt_format(now, o, val, sizeof val);
	status(c->cs, 0, "%s = %s; applied to the run now: %s", leaf(o), val, line);
	return 1;
}

static void commit(const config_env *c, const opt_def *o, const char *text)
{
	config_screen *cs = c->cs;
	char shown[sizeof cs->edit.odbc], msg[256];
	tpcc_config before = cs->edit;
	/* An ODBC string comes back as shown, password masked: unchanged. */
	prefill(cs, o, shown, sizeof shown);
	if (!o->secret && !strcmp(text, shown)) {
		if (cs->bad == o)
			cs->bad = NULL;   /* the value stands as it was */
		return;
	}
	/* The screen shows an ODBC string's password as ***; taken back as
	 * typed, that would become the password. */
	if (o->offset == offsetof(tpcc_config, odbc) && odbc_has_password(&cs->edit) && strstr(text, "=***")) {
		cs->bad = o;
		snprintf(cs->bad_msg, sizeof cs->bad_msg, "%s: *** stands for the hidden password; type "
			 "it again, or leave the PWD= pair out", leaf(o));
		return;
	}
	if (o->offset == offsetof(tpcc_config, conninfo) && conninfo_has_password(&cs->edit) &&
	    strstr(text, "***")) {
		cs->bad = o;
		snprintf(cs->bad_msg, sizeof cs->bad_msg, "%s: *** stands for the hidden password; type "
			 "it again, or leave it out", leaf(o));
		return;
	}
	if (opt_set_user(&cs->edit, o, text, msg, sizeof msg)) {
		cs->bad = o;
		snprintf(cs->bad_msg, sizeof cs->bad_msg, "%s: %s", leaf(o), msg);
		return;
	}
	cs->bad = NULL;
	/* A connection test under way tests the settings before this change:
	 * its answer, however late (a server that never answers takes the
	 * whole connect timeout), would describe settings no longer on the
	 * screen and overwrite whatever was said since (seen: a save's
	 * message).  It is dropped, and said so. */
	int dropped = cs->probe && o->screen == OPT_SCR_CONNECTION;
	if (dropped) {
		conn_probe_release(cs->probe);
		cs->probe = NULL;
	}
	if (apply_live(c, o, &before))
		return;
	if (run_active(c))
		status(cs, 0, "%s changed; it applies to the next run (s saves the settings)%s",
		       leaf(o), dropped ? "; the connection test under way is dropped" : "");
	else
		status(cs, 0, "%s changed%s", leaf(o),
		       dropped ? "; the connection test under way is dropped" : "");
}

static int edit_key(const config_env *c, const opt_def *o, int key)
{
	char line[CMDLINE_MAX];
	int r = cmdline_key(c->cl, key, line, sizeof line);
	if (r == CL_SUBMIT || r == CL_CANCEL)
		c->cs->editing = 0;
	if (r == CL_SUBMIT)
		commit(c, o, line);
	memset(line, 0, sizeof line);
	return ACT_DRAW;
}

static int ask_key(const config_env *c, int key)
{
	config_screen *cs = c->cs;
	char line[CMDLINE_MAX];
	if (cs->ask == CFG_ASK_PASSWORD) {
		cs->ask = CFG_ASK_NONE;
		if (key == 'y' || key == 'Y')
			save(c, 1);
		else if (key == 'n' || key == 'N')
			save(c, 0);
		else
			status(cs, 0, "not saved");
		return ACT_DRAW;
	}
	int r = cmdline_key(c->cl, key, line, sizeof line);
	if (r == CL_CANCEL)
		cs->ask = CFG_ASK_NONE;
	if (r != CL_SUBMIT)
		return ACT_DRAW;
	cs->ask = CFG_ASK_NONE;
	if (!line[0]) {
		status(cs, 1, "not saved: no file name");
		return ACT_DRAW;
	}
	if (strlen(line) >= sizeof cs->path) {
		status(cs, 1, "not saved: file name too long");
		return ACT_DRAW;
	}
	str_copy(cs->path, line, sizeof cs->path);
	if (holds_password(&cs->edit))
		cs->ask = CFG_ASK_PASSWORD;
	else
		save(c, 0);
	return ACT_DRAW;
}

/* Space: a boolean flips, an enum takes its next value. */
static void cycle(const config_env *c, const opt_def *o)
{
	char cur[64], next[64];
	if (o->type == OPT_BOOL) {
		commit(c, o, *(const int *)((const char *)&c->cs->edit + o->offset) ? "false" : "true");
		return;
	}
	if (o->type != OPT_ENUM)
		return;
	opt_format(&c->cs->edit, o, cur, sizeof cur);
	const char *p = o->enums, *first = o->enums, *found = NULL;
	size_t n = strlen(cur);
	while (*p) {
		size_t len = strcspn(p, "|");
		if (len == n && !strncmp(p, cur, n))
			found = p[len] ? p + len + 1 : first;
		p += len + (p[len] == '|');
	}
	found = found ? found : first;
	snprintf(next, sizeof next, "%.*s", (int)strcspn(found, "|"), found);
	commit(c, o, next);
}

static int switch_tab(config_screen *cs, int delta)
{
	int n = OPT_SCR_COUNT - 1;             /* screens 1..n */
	cs->tab = (opt_screen)(((int)cs->tab - 1 + delta + n) % n + 1);
	cs->sel = 0;
	cs->bad = NULL;
	return ACT_DRAW;
}

int config_key(const config_env *c, int key)
{
	config_screen *cs = c->cs;
	cfg_row rows[MAX_ROWS];
	int n = screen_rows(cs->tab, rows, MAX_ROWS);
	char text[OPT_STR_MAX + 64];

	if (key == KEY_RESIZE)
		return ACT_LAYOUT | ACT_DRAW;
	if (cs->sel >= n)
		cs->sel = n - 1;
	if (cs->ask != CFG_ASK_NONE)
		return ask_key(c, key);
	if (cs->editing)
		return edit_key(c, rows[cs->sel].opt, key);
	for (int i = 0; i < NACTIONS; i++)
		if (key == actions[i].key && (!actions[i].connection_only || cs->tab == OPT_SCR_CONNECTION))
			return actions[i].run(c);
	switch (key) {
	case KEY_UP: case 'k':
		cs->sel = cs->sel > 0 ? cs->sel - 1 : 0;
		break;
	case KEY_DOWN: case 'j':
		cs->sel = cs->sel + 1 < n ? cs->sel + 1 : cs->sel;
		break;
	case '\t': case KEY_RIGHT:
		return switch_tab(cs, 1);
	case KEY_BTAB: case KEY_LEFT:
		return switch_tab(cs, -1);
	case '1': case '2': case '3': case '4':
		cs->tab = (opt_screen)(key - '0');
		return switch_tab(cs, 0);
	case ' ':
		if (rows[cs->sel].opt)
			cycle(c, rows[cs->sel].opt);
		break;
	case '\r': case '\n': case KEY_ENTER:
		if (rows[cs->sel].act)
			return rows[cs->sel].act->run(c);
		const opt_def *o = rows[cs->sel].opt;
		char prompt[80];
		prefill(cs, o, text, sizeof text);
		snprintf(prompt, sizeof prompt, "%s = ", leaf(o));
		cmdline_open_field(c->cl, prompt, text, o->secret);
		cs->editing = 1;
		break;
	case 27: case 'q': case KEY_F(2):
		return ACT_CLOSE | ACT_DRAW;
	}
	return ACT_DRAW;
}

/* ---- drawing ---- */

static const char *note(const config_env *c)
{
	if (!run_active(c))
		return "changes apply to the next run: save them, then tpcc-console --config FILE";
	if (c->cs->tab == OPT_SCR_PHASES)
		return "a run is going: vus and a longer duration apply to it now, the rest to the next run";
	return "a run is going: changes here apply to the next run, not this one (s saves them)";
}

static void draw_tabs(const pane *p, opt_screen tab)
{
	int x = 1;
	for (int s = 1; s < OPT_SCR_COUNT; s++) {
		char t[40];
		snprintf(t, sizeof t, " %d %s ", s, opt_screen_name((opt_screen)s));
		x += pane_put(p, 0, x, s == (int)tab ? (int)(A_REVERSE | A_BOLD) : crt_attr(CRT_DIM), t) + 1;
	}
}

/* The rows the status takes: none, the last, or the last two when it is
 * longer than one (a save's warning is). */
static int status_rows(const pane *p, const config_screen *cs)
{
	if (!cs->status[0] || cs->ask == CFG_ASK_PASSWORD)
		return 0;
	return strlen(cs->status) <= (size_t)(pane_iw(p) - 2) ? 1 : 2;
}

static void draw_status(const pane *p, int row, const config_screen *cs)
{
	int attr = cs->status_err ? crt_attr(CRT_BAD) | (int)A_BOLD : crt_attr(CRT_GOOD);
	int n = status_rows(p, cs);
	if (n)
		pane_wrap_in(p, row + 2 - n, 1, n, attr, cs->status);
}

void config_draw(const config_env *c)
{
	const config_screen *cs = c->cs;
	cfg_row rows[MAX_ROWS];
	int n = screen_rows(cs->tab, rows, MAX_ROWS);
	/* Tabs, note, a blank, the rows and an error row; help and status. */
	pane p = overlay_box(n + 10, BOX_W,
			     "Config (Tab: screen, Enter: edit, Space: toggle, t: test, s: save, Esc: close)");
	int ih = pane_ih(&p);
	char val[OPT_STR_MAX + 64];

	draw_tabs(&p, cs->tab);
	pane_put(&p, 1, 1, crt_attr(CRT_WARN), note(c));
	/* Rows 3 .. ih-4: the fields, scrolled to keep the selection (and
	 * the error under it) in view; then help, and the status. */
	int list_h = ih - 6;
	int err_at = -1;
	for (int i = 0; i < n; i++)
		if (rows[i].opt && rows[i].opt == cs->bad)
			err_at = i;
	int sel_line = cs->sel + (err_at >= 0 && err_at < cs->sel);
	int want = sel_line + (err_at == cs->sel);
	int top = want >= list_h ? want - list_h + 1 : 0;
	int line = 0;
	for (int i = 0; i < n; i++) {
		int sel = i == cs->sel;
		int r = 3 + line - top;
		if (r >= 3 && r < 3 + list_h) {
			if (rows[i].act) {
				pane_put(&p, r, 1, sel ? (int)(A_REVERSE | A_BOLD) : (int)A_BOLD, rows[i].act->label);
			} else if (rows[i].opt) {  /* every row is one or the other */
				opt_format(&cs->edit, rows[i].opt, val, sizeof val);
				pane_printf(&p, r, 1, sel ? (int)A_REVERSE : 0, "%-*s", LABEL_W, leaf(rows[i].opt));
				pane_printf(&p, r, LABEL_W + 2, A_BOLD, "%s", val);
			}
		}
		line++;
		if (i == err_at) {
			r = 3 + line - top;
			if (r >= 3 && r < 3 + list_h)
				pane_printf(&p, r, 3, crt_attr(CRT_BAD) | A_BOLD, "%s", cs->bad_msg);
			line++;
		}
	}
	if (cs->sel >= 0 && cs->sel < n && rows[cs->sel].opt) {
		/* The help runs on into the status's first row while the
		 * status takes one row at most. */
		char help[1024];
		snprintf(help, sizeof help, "%s: %s", rows[cs->sel].opt->key, rows[cs->sel].opt->help);
		pane_wrap_in(&p, ih - 3, 1, status_rows(&p, cs) < 2 ? 2 : 1, crt_attr(CRT_DIM), help);
	}
	if (cs->ask == CFG_ASK_PASSWORD)
		pane_printf(&p, ih - 1, 1, crt_attr(CRT_WARN) | A_BOLD,
			    "write the password into %s too? (y/n; y makes the file mode 0600)", cs->path);
	else if (cs->status[0])
		draw_status(&p, ih - 2, cs);
}
