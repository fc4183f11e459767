/* help.c: every key and every command, from the same tables that drive
 * them (the key table's help, the command table's usage and help). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "run/command.h"
#include "console_state.h"
#include "overlay.h"

void help_draw(const console *c)
{
	const key_help *keys;
	int nk = keys_help(&keys);
	pane p = overlay_box(nk + (int)command_count + 6, 90, "Help (any key closes)");
	int r = 0;
	pane_put(&p, r++, 1, crt_attr(CRT_TITLE), "Keys");
	for (int i = 0; i < nk; i++)
		pane_printf(&p, r++, 1, 0, "%-8s %s", keys[i].key, keys[i].what);
	r++;
	pane_put(&p, r++, 1, crt_attr(CRT_TITLE), "Commands (after ':', in scripts and in `cli`)");
	for (size_t i = 0; i < command_count; i++)
		pane_printf(&p, r++, 1, 0, "%-24s %s", command_table[i].usage, command_table[i].help);
}
