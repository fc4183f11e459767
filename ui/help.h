/* help.h: the help overlay (? in the console). */
#ifndef TPCC_UI_HELP_H
#define TPCC_UI_HELP_H

/* Draw every key and every command over the panes, from the tables that
 * drive them (keys.c's bindings, run/command.c's usage and help), from
 * line *top on (textview_key scrolls it). */
void help_draw(int *top);

#endif
