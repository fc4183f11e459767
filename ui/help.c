/* help.c: every key and every command, from the same tables that drive
 * them (the key table's help, the command table's usage and help), folded
 * to the box's width and scrolled when they do not fit: a default 80x24
 * terminal holds about half of them. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "run/command.h"
#include "help.h"
#include "keys.h"
#include "textview.h"

#define HELP_W 100

void help_draw(int *top)
{
	static textview t;        /* only the UI thread draws */
	char label[32];
	int width = textview_width(HELP_W);
	textview_clear(&t);
	textview_add(&t, 1, "Keys");
	for (size_t i = 0; i < key_binding_count; i++) {
		if (!key_bindings[i].help)
			continue;
		keys_label(&key_bindings[i], label, sizeof label);
		textview_entry(&t, label, 10, key_bindings[i].help, width);
	}
	textview_add(&t, 0, "");
	textview_add(&t, 1, "Commands (after ':', in scripts and in `cli`)");
	for (size_t i = 0; i < command_count; i++)
		textview_entry(&t, command_table[i].usage, 24, command_table[i].help, width);
	textview_draw(&t, HELP_W, "Help: PgUp/PgDn or arrows scroll, any other key closes", top);
}
