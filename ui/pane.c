/* pane.c: what every pane shares: placement, the frame, clipped text. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "pane.h"
#include "util/utf8.h"

int pane_place(pane *p, int y, int x, int h, int w)
{
	p->y = y;
	p->x = x;
	p->h = h > 0 ? h : 0;
	p->w = w > 0 ? w : 0;
	return p->cls->resize && p->h && p->w ? p->cls->resize(p) : 0;
}

void pane_draw(pane *p, const ui_view *v)
{
	if (p->h >= 3 && p->w >= 4)
		p->cls->draw(p, v);
}

void pane_destroy(pane *p)
{
	if (p->cls->destroy)
		p->cls->destroy(p);
	p->priv = NULL;
}

/* The character at s (n bytes left) in *wc, with the columns it takes in
 * *cols; returns the bytes it took.  What the locale cannot read or show
 * (a byte cut from its sequence, a control character) is one '?', so the
 * rest of the text still shows and the columns still add up.  The text
 * is UTF-8 whatever the locale (the tool keeps nothing else): where the
 * locale reads none of it (the C locale), a whole character is one '?',
 * not one for each of its bytes. */
static size_t next_char(const char *s, size_t n, mbstate_t *st, wchar_t *wc, int *cols)
{
	size_t k = mbrtowc(wc, s, n, st);
	if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {
		memset(st, 0, sizeof *st);
		*wc = L'?';
		k = utf8_seq_len(s, n);
		k += !k;
	}
	*cols = wcwidth(*wc);
	if (*cols < 0) {
		*wc = L'?';
		*cols = 1;
	}
	return k;
}

int screen_cols(const char *s, size_t n)
{
	mbstate_t st;
	int cols = 0;
	memset(&st, 0, sizeof st);
	while (n && *s) {
		wchar_t wc;
		int c;
		size_t k = next_char(s, n, &st, &wc, &c);
		cols += c;
		s += k;
		n -= k < n ? k : n;
	}
	return cols;
}

size_t screen_fit(const char *s, int cols)
{
	mbstate_t st;
	size_t at = 0, n = strlen(s);
	int used = 0;
	memset(&st, 0, sizeof st);
	while (at < n) {
		wchar_t wc;
		int c;
		size_t k = next_char(s + at, n - at, &st, &wc, &c);
		if (used + c > cols)
			break;
		used += c;
		at += k;
	}
	return at;
}

int screen_put(int y, int x, int n, int attr, const char *s)
{
	wchar_t w[512];
	mbstate_t st;
	int len = 0, cols = 0;
	size_t left = strlen(s);
	if (n <= 0)
		return 0;
	memset(&st, 0, sizeof st);
	/* Whole characters only: a wide one that would cross the edge stays
	 * out rather than spill past n. */
	while (left && len < (int)(sizeof w / sizeof w[0]) - 1) {
		wchar_t wc;
		int c;
		size_t k = next_char(s, left, &st, &wc, &c);
		if (cols + c > n)
			break;
		w[len++] = wc;
		cols += c;
		s += k;
		left -= k;
	}
	w[len] = L'\0';
	attron(attr);
	mvaddnwstr(y, x, w, len);
	attroff(attr);
	return cols;
}

int pane_put(const pane *p, int row, int col, int attr, const char *s)
{
	if (row < 0 || row >= pane_ih(p) || col < 0 || col >= pane_iw(p))
		return 0;
	return screen_put(p->y + 1 + row, p->x + 2 + col, pane_iw(p) - col, attr, s);
}

int screen_put_cut(int y, int x, int n, int attr, const char *s)
{
	if (n <= 0)
		return 0;
	if (screen_cols(s, strlen(s)) <= n)
		return screen_put(y, x, n, attr, s);
	int k = screen_put(y, x, n - 1, attr, s);
	return k + screen_put(y, x + k, 1, attr, "~");
}

int pane_put_cut(const pane *p, int row, int col, int attr, const char *s)
{
	if (row < 0 || row >= pane_ih(p) || col < 0)
		return 0;
	return screen_put_cut(p->y + 1 + row, p->x + 2 + col, pane_iw(p) - col - 1, attr, s);
}

int pane_printf(const pane *p, int row, int col, int attr, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	return pane_put(p, row, col, attr, buf);
}

int pane_fold(const char **s, int width)
{
	const char *t = *s;
	int len = (int)strlen(t), take = len;
	if (screen_cols(t, (size_t)len) > width) {
		/* The last space that leaves the line within width; a word
		 * longer than the line is cut between two characters. */
		int fit = (int)screen_fit(t, width);
		take = fit;
		for (int k = fit; k > 0; k--)
			if (t[k] == ' ') {
				take = k;
				break;
			}
		if (!take && width > 0) {
			/* One character wider than the line: it goes alone. */
			mbstate_t st;
			wchar_t wc;
			int c;
			memset(&st, 0, sizeof st);
			take = (int)next_char(t, (size_t)len, &st, &wc, &c);
		}
	}
	const char *next = t + take;
	while (*next == ' ')
		next++;
	*s = next;
	return take;
}

int text_rows(const char *s, int width)
{
	int n = 0;
	while (*s && width > 0) {
		pane_fold(&s, width);
		n++;
	}
	return n;
}

int pane_wrap_in(const pane *p, int row, int col, int rows, int attr, const char *s)
{
	int w = pane_iw(p) - 2 * col, r = row;
	int end = rows > 0 && row + rows < pane_ih(p) ? row + rows : pane_ih(p);
	while (*s && r < end && w > 0) {
		const char *line_start = s;
		int take = pane_fold(&s, w);
		char line[512];
		snprintf(line, sizeof line, "%.*s", take, line_start);
		pane_put(p, r++, col, attr, line);
	}
	return r - row;
}

int pane_wrap(const pane *p, int row, int attr, const char *s)
{
	return pane_wrap_in(p, row, 0, 0, attr, s);
}

void pane_frame(const pane *p, const char *title)
{
	const crt_glyphs *g = crt_g;
	int a = crt_attr(CRT_DIM);
	int right = p->x + p->w - 1, bottom = p->y + p->h - 1;
	for (int x = p->x + 1; x < right; x++) {
		screen_put(p->y, x, 1, a, g->h);
		screen_put(bottom, x, 1, a, g->h);
	}
	for (int y = p->y + 1; y < bottom; y++) {
		screen_put(y, p->x, 1, a, g->v);
		screen_put(y, right, 1, a, g->v);
	}
	screen_put(p->y, p->x, 1, a, g->tl);
	screen_put(p->y, right, 1, a, g->tr);
	screen_put(bottom, p->x, 1, a, g->bl);
	screen_put(bottom, right, 1, a, g->br);
	if (title && p->w > 6) {
		char t[256];
		snprintf(t, sizeof t, " %s ", title);
		screen_put(p->y, p->x + 1, p->w - 3, crt_attr(CRT_TITLE), t);
	}
}

void fmt_hms(int s, char *buf, size_t len)
{
	if (s < 0)
		s = 0;
	snprintf(buf, len, "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
}
