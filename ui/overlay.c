#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "overlay.h"

static const pane_class overlay_class = { .name = "overlay" };

/* A box nearly as large as the screen takes all of it (below the header,
 * above the message row and the key bar): a pane's frame left in a column
 * or two beside the box's reads as a doubled corner. */
int overlay_width(int w)
{
	return w >= COLS - 4 ? COLS : w;
}

pane overlay_box(int h, int w, const char *title)
{
	pane p = { .cls = &overlay_class };
	w = overlay_width(w);
	p.x = (COLS - w) / 2;
	if (h >= LINES - 4) {
		h = LINES - 3;
		p.y = 1;
	} else {
		p.y = (LINES - h) / 2;
	}
	p.h = h;
	p.w = w;
	/* Otherwise a blank column either side, for the same reason. */
	int x0 = p.x > 0 ? p.x - 1 : p.x, x1 = p.x + w < COLS ? p.x + w + 1 : p.x + w;
	for (int y = p.y; y < p.y + h; y++) {
		move(y, x0);
		for (int x = x0; x < x1; x++)
			addch(' ');
	}
	pane_frame(&p, title);
	return p;
}
