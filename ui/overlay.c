#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "overlay.h"

static const pane_class overlay_class = { .name = "overlay" };

pane overlay_box(int h, int w, const char *title)
{
	pane p = { .cls = &overlay_class };
	if (h > LINES - 2)
		h = LINES - 2;
	if (w > COLS - 2)
		w = COLS - 2;
	p.h = h;
	p.w = w;
	p.y = (LINES - h) / 2;
	p.x = (COLS - w) / 2;
	for (int y = p.y; y < p.y + h; y++) {
		move(y, p.x);
		for (int x = 0; x < w; x++)
			addch(' ');
	}
	pane_frame(&p, title);
	return p;
}
