/* crt.c: terminal set-up.  The fatal-signal path cannot call curses (not
 * async-signal-safe), so the escape strings that undo curses are captured
 * from terminfo at start and written with write(2). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <termios.h>
#include <unistd.h>
#include "crt.h"
#include "util/utf8.h"

int crt_utf8;
int crt_colors;

static const crt_glyphs utf8_glyphs = {
	.h = "\u2500", .v = "\u2502", .tl = "\u250c", .tr = "\u2510", .bl = "\u2514",
	.br = "\u2518", .tee_l = "\u2524", .axis_tick = "\u2524", .axis_corner = "\u2514",
	.axis_up = "\u2534", 	.marker = "\u25b2", .arrow = " \u2192 ",
	.settle = "\u254c", .window = "\u2501", .window_l = "\u2523", .window_r = "\u252b",
};
static const crt_glyphs ascii_glyphs = {
	.h = "-", .v = "|", .tl = "+", .tr = "+", .bl = "+", .br = "+", .tee_l = "+",
	.axis_tick = "+", .axis_corner = "+", .axis_up = "+", .marker = "^", .arrow = " -> ",
	.settle = ".", .window = "=", .window_l = "[", .window_r = "]",
};
const crt_glyphs *crt_g = &ascii_glyphs;

static int active;
/* Keys past ASCII are read as UTF-8 by crt_getkey itself, not decoded by
 * the locale: in a UTF-8 locale, and in an ASCII one (C, POSIX), which
 * cannot decode them at all (ncurses' get_wch drops such a byte and the
 * keys after it) though nearly every terminal now sends UTF-8. */
static int keys_utf8;
static SCREEN *screen;           /* freed on crt_done: the build offer and
				  * the console each take the terminal */
static struct termios saved_tty;
static int have_tty;
static char undo[256];           /* rmcup, cnorm, sgr0 */
static size_t undo_len;
static int saved_stderr = -1;
static FILE *caught;             /* stderr while curses owns the screen */

static void add_undo(const char *cap)
{
	char *s = tigetstr((char *)cap);
	if (s && s != (char *)-1) {
		size_t n = strlen(s);
		if (undo_len + n < sizeof undo) {
			memcpy(undo + undo_len, s, n);
			undo_len += n;
		}
	}
}

void crt_emergency(void)
{
	if (!active)
		return;
	if (undo_len)
		(void)!write(STDOUT_FILENO, undo, undo_len);
	(void)!write(STDOUT_FILENO, "\r\n", 2);
	if (have_tty)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved_tty);
	if (saved_stderr >= 0)
		dup2(saved_stderr, STDERR_FILENO);
	active = 0;
}

static void on_fatal(int sig)
{
	crt_emergency();
	/* SA_RESETHAND put the default action back: die as the signal says,
	 * so a core dump still happens. */
	raise(sig);
}

static void catch_stderr(void)
{
	fflush(stderr);
	caught = tmpfile();
	saved_stderr = dup(STDERR_FILENO);
	if (caught && saved_stderr >= 0)
		dup2(fileno(caught), STDERR_FILENO);
}

static void release_stderr(void)
{
	char buf[4096];
	size_t n;
	fflush(stderr);
	if (saved_stderr >= 0) {
		dup2(saved_stderr, STDERR_FILENO);
		close(saved_stderr);
		saved_stderr = -1;
	}
	if (caught) {
		rewind(caught);
		while ((n = fread(buf, 1, sizeof buf, caught)) > 0)
			fwrite(buf, 1, n, stderr);
		fclose(caught);
		caught = NULL;
	}
}

static void init_colors(void)
{
	const char *nc = getenv("NO_COLOR");
	crt_colors = has_colors() && !(nc && *nc);
	if (!crt_colors)
		return;
	start_color();
	use_default_colors();
	init_pair(CRT_GOOD, COLOR_GREEN, -1);
	init_pair(CRT_WARN, COLOR_YELLOW, -1);
	init_pair(CRT_BAD, COLOR_RED, -1);
	init_pair(CRT_OPERATOR, COLOR_CYAN, -1);
	init_pair(CRT_TITLE, COLOR_CYAN, -1);
	init_pair(CRT_DIM, COLOR_BLUE, -1);
	init_pair(CRT_BAR, COLOR_BLACK, COLOR_CYAN);
	init_pair(CRT_BAR_KEY, COLOR_WHITE, -1);
	init_pair(CRT_ALT, COLOR_MAGENTA, -1);
}

int crt_attr(enum crt_color c)
{
	if (crt_colors) {
		switch (c) {
		case CRT_NORMAL: return A_NORMAL;
		case CRT_TITLE: return COLOR_PAIR(c) | A_BOLD;
		case CRT_BAD: return COLOR_PAIR(c) | A_BOLD;
		case CRT_BAR_KEY: return A_BOLD;
		default: return COLOR_PAIR(c);
		}
	}
	/* Monochrome: keep the roles apart with attributes. */
	switch (c) {
	case CRT_BAD: return A_BOLD | A_REVERSE;
	case CRT_WARN: case CRT_TITLE: case CRT_BAR_KEY: return A_BOLD;
	case CRT_DIM: return A_DIM;
	case CRT_BAR: return A_REVERSE;
	default: return A_NORMAL;
	}
}

int crt_init(char *err, size_t errlen)
{
	static const int fatal[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
	struct sigaction sa;

	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		snprintf(err, errlen, "the console needs a terminal (use --batch)");
		return -1;
	}
	setlocale(LC_ALL, "");
	/* The user's characters, not their numbers: under de_DE a "%.2f"
	 * prints "1,50", and the results file is JSON, the batch lines and
	 * the man page's figures are read by scripts. */
	setlocale(LC_NUMERIC, "C");
	const char *ascii = getenv("TPCC_ASCII");
	const char *codeset = nl_langinfo(CODESET);
	keys_utf8 = !strcmp(codeset, "UTF-8") || !strcmp(codeset, "ANSI_X3.4-1968");
	crt_utf8 = !strcmp(codeset, "UTF-8") && !(ascii && *ascii && strcmp(ascii, "0"));
	crt_g = crt_utf8 ? &utf8_glyphs : &ascii_glyphs;
	have_tty = tcgetattr(STDIN_FILENO, &saved_tty) == 0;
	catch_stderr();
	if (!(screen = newterm(NULL, stdout, stdin))) {
		release_stderr();
		snprintf(err, errlen, "cannot start curses on terminal '%s'",
			 getenv("TERM") ? getenv("TERM") : "(TERM unset)");
		return -1;
	}
	undo_len = 0;
	add_undo("rmcup");
	add_undo("cnorm");
	add_undo("sgr0");
	add_undo("rmkx");
	active = 1;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_fatal;
	/* SA_ONSTACK: on the signal stack of a thread that has one (the fiber
	 * workers do), so that a fiber's stack overflow still comes here. */
	sa.sa_flags = SA_RESETHAND | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);

	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	init_colors();
	return 0;
}

/* A character past ASCII from a terminal that sends UTF-8: its first byte
 * is in, the rest follow in the same write.  A sequence that is not UTF-8
 * (a Latin-1 terminal, a byte cut off) is one U+FFFD, as the results file
 * would store it, and the byte that broke it is read again as a key. */
static int utf8_key(int first)
{
	char b[4] = { (char)first };
	size_t n = 1, need = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1;
	unsigned long cp = 0xFFFD;
	int delay = wgetdelay(stdscr);
	timeout(100);
	while (n < need) {
		int k = getch();
		if (k == ERR)
			break;
		if (k < 0x80 || k > 0xBF) {
			ungetch(k);
			break;
		}
		b[n++] = (char)k;
	}
	timeout(delay);
	utf8_decode(b, n, &cp);
	return CRT_KEY_TEXT + (int)cp;
}

int crt_getkey(void)
{
	if (keys_utf8) {
		int k = getch();
		return k >= 0x80 && k <= 0xFF ? utf8_key(k) : k;
	}
	wint_t wc;
	int rc = get_wch(&wc);
	if (rc == ERR)
		return ERR;
	if (rc == KEY_CODE_YES || wc < 0x80)
		return (int)wc;
	return CRT_KEY_TEXT + (int)wc;
}

void crt_abandon(void)
{
	if (!active)
		return;
	active = 0;
	/* Nothing will read the capture either; keep it as stderr so later
	 * messages cost a write to a file instead of an EIO. */
	if (saved_stderr >= 0) {
		close(saved_stderr);
		saved_stderr = -1;
	}
}

void crt_done(void)
{
	if (!active)
		return;
	curs_set(1);
	endwin();
	delscreen(screen);
	screen = NULL;
	active = 0;
	release_stderr();
}

void crt_arrows(const char *in, char *out, size_t len)
{
	size_t o = 0;
	for (const char *s = in; *s && o + 4 < len;) {
		if (crt_utf8 && !strncmp(s, " -> ", 4)) {
			o += (size_t)snprintf(out + o, len - o, "%s", crt_g->arrow);
			s += 4;
		} else {
			out[o++] = *s++;
		}
	}
	out[o] = '\0';
}
