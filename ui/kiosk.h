/* kiosk.h: the console's kiosk view, for a screen watched from across a
 * room (a trade-show booth): the current NOPM in block digits, the
 * throughput chart over most of the screen, the latest change with its
 * before/after verdict, and the demo's caption.  K toggles it in any run;
 * --kiosk opens the console in it. */
#ifndef TPCC_UI_KIOSK_H
#define TPCC_UI_KIOSK_H

#include "console_state.h"

/* Place the throughput pane for the kiosk and hide the others. */
int kiosk_layout(console *c);
/* The digits, the latest change and the caption (the panes draw the rest). */
void kiosk_draw(const console *c);

#endif
