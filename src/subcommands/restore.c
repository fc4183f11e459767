/* restore.c: the restore subcommand: bring the schema back to its
 * snapshot (tpcc/snapshot.c checks, the dialect copies). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "subcommands.h"
#include "tpcc/schema.h"
#include "tpcc/snapshot.h"

int sub_restore(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	snapshot_report r;
	int rc = snapshot_restore(c, 0, &s->stop, stdout, &r, err, errlen);
	if (rc)
		return rc == SNAPSHOT_REFUSED ? EX_USAGE : atomic_load(&s->stop) ? EX_SIGNAL : EX_FAIL;
	printf("restored %s from the snapshot %s (taken %s): %d warehouse%s, %llu %s copied in "
	       "%.1f s\n", r.target, r.name, r.info.taken_at, r.info.warehouses,
	       r.info.warehouses == 1 ? "" : "s", (unsigned long long)r.done, r.unit, r.seconds);
	return EX_OK;
}
