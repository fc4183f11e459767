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

int screen_put(int y, int x, int n, int attr, const char *s)
{
	wchar_t w[512];
	mbstate_t st;
	const char *src = s;
	if (n <= 0)
		return 0;
	memset(&st, 0, sizeof st);
	/* mbsrtowcs fills w; cppcheck takes it for a read. */
	/* cppcheck-suppress legacyUninitvar */
	size_t len = mbsrtowcs(w, &src, sizeof w / sizeof w[0] - 1, &st);
	if (len == (size_t)-1) {
		/* Not valid in this locale: show the bytes we can. */
		len = 0;
		for (const char *c = s; *c && len < sizeof w / sizeof w[0] - 1; c++)
			w[len++] = (unsigned char)*c < 0x80 ? (wchar_t)*c : L'?';
	}
	w[len] = L'\0';
	int cols = (int)len < n ? (int)len : n;
	attron(attr);
	mvaddnwstr(y, x, w, cols);
	attroff(attr);
	return cols;
}

int pane_put(const pane *p, int row, int col, int attr, const char *s)
{
	if (row < 0 || row >= pane_ih(p) || col < 0 || col >= pane_iw(p))
		return 0;
	return screen_put(p->y + 1 + row, p->x + 2 + col, pane_iw(p) - col, attr, s);
}

int pane_put_cut(const pane *p, int row, int col, int attr, const char *s)
{
	int room = pane_iw(p) - col - 1;
	size_t cols = mbstowcs(NULL, s, 0);
	if (cols == (size_t)-1)
		cols = strlen(s);
	if (room <= 0 || row < 0 || row >= pane_ih(p) || col < 0)
		return 0;
	if ((int)cols <= room)
		return pane_put(p, row, col, attr, s);
	int n = screen_put(p->y + 1 + row, p->x + 2 + col, room - 1, attr, s);
	return n + screen_put(p->y + 1 + row, p->x + 2 + col + n, 1, attr, "~");
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
	if (len > width) {
		/* The last space that leaves the line within width; a word
		 * longer than the line is cut. */
		take = width;
		for (int k = width; k > 0; k--)
			if (t[k] == ' ') {
				take = k;
				break;
			}
	}
	const char *next = t + take;
	while (*next == ' ')
		next++;
	*s = next;
	return take;
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
