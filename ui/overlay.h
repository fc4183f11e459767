/* overlay.h: a framed box drawn over the panes, centred: the help and the
 * knob panel. */
#ifndef TPCC_UI_OVERLAY_H
#define TPCC_UI_OVERLAY_H

#include "pane.h"

/* Place a box of at most h x w in the middle of the screen, clear it and
 * frame it; returns it as a pane for pane_put. */
pane overlay_box(int h, int w, const char *title);
/* The columns a box of at most w takes on this screen, frame included:
 * for text folded to fit it before it is drawn. */
int overlay_width(int w);

#endif
