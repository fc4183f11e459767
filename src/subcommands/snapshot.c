/* snapshot.c: the snapshot subcommand: keep a pristine copy of the built
 * schema beside it (tpcc/snapshot.c checks, the dialect copies). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "subcommands.h"
#include "tpcc/schema.h"
#include "tpcc/snapshot.h"

int sub_snapshot(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	snapshot_report r;
	int rc = snapshot_take(c, &s->stop, stdout, &r, err, errlen);
	if (rc)
		return rc == SNAPSHOT_REFUSED ? EX_USAGE : atomic_load(&s->stop) ? EX_SIGNAL : EX_FAIL;
	printf("snapshot %s of %s: %d warehouse%s, %llu %s copied in %.1f s\n", r.name, r.target,
	       r.warehouses, r.warehouses == 1 ? "" : "s", (unsigned long long)r.done, r.unit,
	       r.seconds);
	return EX_OK;
}
