/* crt.h: everything about the terminal in one place, as htop's CRT: set-up
 * and teardown, colours (none under NO_COLOR or on a monochrome terminal),
 * the glyph set (Unicode, or ASCII when the locale is not UTF-8), and the
 * terminal's safety: every way out restores it, and what libraries write on
 * stderr while curses owns the screen is kept and shown afterwards.
 *
 * Only the UI thread calls anything here except crt_emergency(). */
#ifndef TPCC_UI_CRT_H
#define TPCC_UI_CRT_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <curses.h>
#include <stddef.h>

enum crt_color {
	CRT_NORMAL, CRT_GOOD, CRT_WARN, CRT_BAD, CRT_OPERATOR, CRT_TITLE,
	CRT_DIM, CRT_BAR, CRT_BAR_KEY, CRT_ALT, CRT_COLOR_COUNT
};

/* Glyphs that differ between Unicode and ASCII terminals. */
typedef struct crt_glyphs {
	const char *h, *v, *tl, *tr, *bl, *br, *tee_l;  /* box drawing */
	const char *axis_tick, *axis_corner, *axis_up, *marker;
	const char *arrow;                         /* " -> " */
	/* A sweep step's spans on a chart's time axis: settling, and the
	 * measured window with its first and last second bracketed. */
	const char *settle, *window, *window_l, *window_r;
} crt_glyphs;

extern int crt_utf8;             /* the terminal shows Unicode */
extern int crt_colors;           /* colours are in use */
extern const crt_glyphs *crt_g;

/* Take the terminal.  Fails (err filled) when stdin/stdout are not a
 * terminal or curses cannot start. */
int crt_init(char *err, size_t errlen);
/* Give it back, then copy whatever stderr caught meanwhile to the real
 * stderr.  Safe to call twice. */
void crt_done(void);
/* The terminal hung up: forget it without a write or an ioctl (there is
 * nothing to restore and every call would fail), and let stderr go on into
 * the capture rather than to the dead terminal. */
void crt_abandon(void);
/* Async-signal-safe: put the terminal back as it was (leave the alternate
 * screen, show the cursor, restore the tty modes) without curses.  For fatal
 * signals and forced exits. */
void crt_emergency(void);
/* A key from the keyboard, as getch() gives it (ERR, a byte of ASCII, a
 * KEY_ code), except that a character past ASCII is one key however many
 * bytes the terminal sent for it: CRT_KEY_TEXT + its code point, above
 * every KEY_ code, so that key tables indexed below KEY_MAX ignore it. */
#define CRT_KEY_TEXT 0x1000000
int crt_getkey(void);
/* The code point of a CRT_KEY_TEXT key, else 0. */
#define CRT_KEY_CHAR(k) ((k) > CRT_KEY_TEXT ? (unsigned long)((k) - CRT_KEY_TEXT) : 0UL)

/* The attribute for a colour role; roles still differ without colour. */
int crt_attr(enum crt_color c);

/* The engine writes "a -> b"; on a Unicode terminal copy it with a real
 * arrow, so the event log and the message row read alike. */
void crt_arrows(const char *in, char *out, size_t len);

#endif
