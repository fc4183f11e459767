/* knobs.c: a knob_journal entry's JSON. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "knobs.h"

void knob_entry_json(jbuf *b, const knob_entry *k)
{
	jb_el_begin(b);
	jb_obj_open(b);
	jb_kv_str(b, "name", k->name);
	jb_kv_str(b, "old", k->old);
	jb_kv_str(b, "now", k->now);
	jb_kv_str(b, "set_by", k->by);
	if (k->dependent_of[0])
		jb_kv_str(b, "dependent_of", k->dependent_of);
	else
		jb_kv_null(b, "dependent_of");
	/* Left out when unknown: restore-knobs then sets old, as before the
	 * record was journalled. */
	if (k->saved == 0)
		jb_kv_bool(b, "old_persisted", 0);
	else if (k->saved > 0)
		jb_kv_str(b, "old_persisted", k->saved_text);
	jb_kv_bool(b, "restored", k->restored);
	jb_obj_close(b);
}
