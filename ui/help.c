/* help.c: every key and every command, from the same tables that drive
 * them (the key table's help, the command table's usage and help). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "run/command.h"
#include "crt.h"
#include "help.h"
#include "keys.h"
#include "overlay.h"

void help_draw(void)
{
	char label[32];
	pane p = overlay_box((int)(key_binding_count + command_count) + 6, 90, "Help (any key closes)");
	int r = 0;
	pane_put(&p, r++, 1, crt_attr(CRT_TITLE), "Keys");
	for (size_t i = 0; i < key_binding_count; i++) {
		if (!key_bindings[i].help)
			continue;
		keys_label(&key_bindings[i], label, sizeof label);
		pane_printf(&p, r++, 1, 0, "%-10s %s", label, key_bindings[i].help);
	}
	r++;
	pane_put(&p, r++, 1, crt_attr(CRT_TITLE), "Commands (after ':', in scripts and in `cli`)");
	for (size_t i = 0; i < command_count; i++)
		pane_printf(&p, r++, 1, 0, "%-24s %s", command_table[i].usage, command_table[i].help);
}
