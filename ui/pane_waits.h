/* pane_waits.h: the Waits pane (pane_waits_class in pane.h) and the same
 * drawing as an overlay, for screens too small to give it a pane. */
#ifndef TPCC_UI_PANE_WAITS_H
#define TPCC_UI_PANE_WAITS_H

#include <stddef.h>
#include "pane.h"

/* The inner rows it wants: a row per class and the source's line. */
int waits_rows(void);
/* Its rows into p's inside (the frame is the caller's). */
void waits_draw_in(const pane *p, const ui_view *v);
void waits_title(const ui_view *v, char *buf, size_t len);
/* The overlay the w key opens (any key closes it). */
void waits_overlay_draw(const ui_view *v);

#endif
