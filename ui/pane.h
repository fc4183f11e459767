/* pane.h: a framed rectangle of the screen that draws itself from the view.
 * Objects in C as htop does them: a const class of function pointers built
 * with designated initializers, and the pane struct that points to it. */
#ifndef TPCC_UI_PANE_H
#define TPCC_UI_PANE_H

#include "crt.h"
#include "view.h"

typedef struct pane pane;

typedef struct pane_class {
	const char *name;
	/* Draw the whole pane (frame included) from v. */
	void (*draw)(pane *p, const ui_view *v);
	/* The pane got a new size; optional (NULL: nothing to redo). */
	int (*resize)(pane *p);
	/* Free what resize allocated; optional. */
	void (*destroy)(pane *p);
} pane_class;

struct pane {
	const pane_class *cls;
	int y, x, h, w;           /* outer rectangle, frame included */
	void *priv;               /* per-pane state */
};

extern const pane_class pane_header_class, pane_throughput_class, pane_latency_class,
	pane_cpu_class, pane_server_class, pane_vus_class, pane_events_class, pane_latchart_class,
	pane_steps_class, pane_waits_class;

/* The rows the step table wants (0 when hidden or no sweep), of avail. */
int pane_steps_height(const ui_view *v, int avail);
/* How many of its rows the step table p can scroll back (v->steps_back):
 * 0 when they all fit. */
int pane_steps_scroll_max(const pane *p, const ui_view *v);

/* Move and resize; h or w of 0 hides the pane.  Returns what resize does. */
int pane_place(pane *p, int y, int x, int h, int w);
void pane_draw(pane *p, const ui_view *v);
void pane_destroy(pane *p);

/* Inner size: inside the frame, with one column of space on the left. */
static inline int pane_iw(const pane *p) { return p->w - 3; }
static inline int pane_ih(const pane *p) { return p->h - 2; }

/* Frame with a title in its top edge. */
void pane_frame(const pane *p, const char *title);
/* Write UTF-8 text at inner (row, col), clipped to the inner width; returns
 * the columns written.  Every glyph we use is one column wide; text a user
 * typed may hold wider ones (CJK takes two). */
int pane_put(const pane *p, int row, int col, int attr, const char *s);
/* pane_put for text that may not fit: it keeps a blank before the frame,
 * and text too long for that is cut and ends in "~", so a cut reads as one
 * and never as a number missing its last digits. */
int pane_put_cut(const pane *p, int row, int col, int attr, const char *s);
int pane_printf(const pane *p, int row, int col, int attr, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* The first line of *s folded at a space to width columns: returns its
 * length in bytes and moves *s past it and the spaces after it. */
int pane_fold(const char **s, int width);
/* The rows text takes folded to width columns (pane_fold's way). */
int text_rows(const char *s, int width);
/* Write text from inner row on, folded at spaces to the inner width;
 * returns the rows used. */
int pane_wrap(const pane *p, int row, int attr, const char *s);
/* The same from column col, with col columns kept free on the right too,
 * over at most rows rows (0: to the pane's bottom). */
int pane_wrap_in(const pane *p, int row, int col, int rows, int attr, const char *s);
/* Write text on the screen at (y, x), at most n columns; returns columns. */
int screen_put(int y, int x, int n, int attr, const char *s);
/* screen_put for a row with no frame (the header, the message row): text
 * longer than n columns is cut to end in "~" in the nth. */
int screen_put_cut(int y, int x, int n, int attr, const char *s);
/* The columns the first n bytes of s take on the screen. */
int screen_cols(const char *s, size_t n);
/* The bytes of the whole characters at the start of s that fit in cols
 * columns: where to cut text for a row without splitting a character. */
size_t screen_fit(const char *s, int cols);
/* "NOPM 30 s before X | after Y (+z%)" for a change at ev's second. */
void events_effect_text(const ui_view *v, const run_event *ev, char *buf, size_t len);
/* "hh:mm:ss" */
void fmt_hms(int s, char *buf, size_t len);

#endif
