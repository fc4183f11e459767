/* textview.c: see textview.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "crt.h"
#include "overlay.h"
#include "textview.h"

void textview_clear(textview *t)
{
	t->n = 0;
}

void textview_add(textview *t, int title, const char *s)
{
	if (t->n >= TEXTVIEW_LINES)
		return;
	snprintf(t->line[t->n], TEXTVIEW_COLS, "%s", s);
	t->title[t->n++] = (unsigned char)title;
}

void textview_entry(textview *t, const char *label, int label_w, const char *text, int width)
{
	char buf[TEXTVIEW_COLS];
	int indent = width - label_w - 1 >= 24 ? label_w + 1 : 4;
	int first = 1;
	/* A label wider than its column (a command's long synopsis) gets a
	 * row of its own: printed in the column, it ran over the text's
	 * first row, which the box then cut. */
	if (indent == 4 || (int)strlen(label) > indent - 1) {
		textview_add(t, 0, label);
		first = 0;
	}
	while (*text) {
		const char *line = text;
		int take = pane_fold(&text, width - indent > 8 ? width - indent : 8);
		snprintf(buf, sizeof buf, "%-*s %.*s", indent - 1, first ? label : "", take, line);
		textview_add(t, 0, buf);
		first = 0;
	}
}

int textview_width(int max_w)
{
	int w = COLS - 4 < max_w ? COLS - 4 : max_w;
	/* overlay_box takes the whole width then: the frame and a column of
	 * space either side of the text. */
	return (w >= COLS - 4 ? COLS : w) - 4;
}

void textview_draw(const textview *t, int max_w, const char *title, int *top)
{
	int want_w = COLS - 4 < max_w ? COLS - 4 : max_w;
	pane p = overlay_box(t->n + 2, want_w, title);
	int rows = pane_ih(&p) - (t->n > pane_ih(&p) ? 1 : 0);
	int max_top = t->n - rows > 0 ? t->n - rows : 0;
	if (*top > max_top)
		*top = max_top;
	if (*top < 0)
		*top = 0;
	for (int r = 0; r < rows && *top + r < t->n; r++)
		pane_put(&p, r, 1, t->title[*top + r] ? crt_attr(CRT_TITLE) : 0, t->line[*top + r]);
	if (t->n > rows) {
		char more[96];
		snprintf(more, sizeof more, "%s lines %d-%d of %d %s",
			 *top > 0 ? (crt_utf8 ? "\u2191" : "^") : " ", *top + 1, *top + rows, t->n,
			 *top < max_top ? (crt_utf8 ? "\u2193 more: PgDn" : "v more: PgDn") : "(end)");
		pane_put(&p, rows, 1, crt_attr(CRT_DIM) | A_BOLD, more);
	}
}

int textview_key(int *top, int key)
{
	int page = LINES - 6 > 1 ? LINES - 6 : 1;
	switch (key) {
	case KEY_DOWN: case 'j':
		(*top)++;
		return 0;
	case KEY_UP: case 'k':
		(*top)--;
		return 0;
	case KEY_NPAGE: case ' ':
		*top += page;
		return 0;
	case KEY_PPAGE:
		*top -= page;
		return 0;
	case KEY_HOME: case 'g':
		*top = 0;
		return 0;
	case KEY_END: case 'G':
		*top = TEXTVIEW_LINES;    /* the next draw clamps it */
		return 0;
	case KEY_RESIZE:
		return 0;
	default:
		return 1;
	}
}
