/* snapshot.h: keep a pristine copy of a built schema and bring the schema
 * back to it (the dialect's snapshot slots do the copying), with the
 * checks around them: what may be copied, what may be restored over what.
 * Used by the snapshot and restore subcommands and by a sweep that resets
 * the database between its steps. */
#ifndef TPCC_SNAPSHOT_H
#define TPCC_SNAPSHOT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include "config/options.h"
#include "dialect/dialect.h"

typedef struct snapshot_report {
	char name[OPT_STR_MAX];   /* the snapshot's database or file */
	char target[OPT_STR_MAX]; /* the schema's */
	snap_info info;           /* the snapshot (restore: as found before) */
	int warehouses;
	uint64_t done;            /* rows, pages or bytes copied */
	const char *unit;
	double seconds;
} snapshot_report;

/* What each returns: 0 done; SNAPSHOT_REFUSED with err saying why and what
 * to do (no finished build, no snapshot or one of another warehouse count,
 * a database of that name that is not a snapshot, other sessions on the
 * schema): the operator's to fix; -1 failed, err filled. */
#define SNAPSHOT_REFUSED 1

/* Copy the configured schema, which must be a finished build passing the
 * quick check (tpcc_meta complete, the nine tables with their columns,
 * warehouses 1..W), into the snapshot, replacing an older one of ours. */
int snapshot_take(const tpcc_config *c, const atomic_int *stop, FILE *progress_out,
		  snapshot_report *r, char *err, size_t errlen);
/* Bring the schema back to the snapshot, which must exist, be finished and
 * hold as many warehouses as the schema (a dropped schema takes any).
 * others_quiet: the caller vouches that other sessions on the schema are
 * idle (see snap_ctx). */
int snapshot_restore(const tpcc_config *c, int others_quiet, const atomic_int *stop,
		     FILE *progress_out, snapshot_report *r, char *err, size_t errlen);
/* Could the schema be restored now (during_run: between a run's steps,
 * its own connections open)?  0 yes (r filled), SNAPSHOT_REFUSED no (err
 * says why: no schema, no snapshot or one of another warehouse count, or
 * during_run, another's session on a database the restore needs to
 * itself), -1 could not ask. */
int snapshot_usable(const tpcc_config *c, int during_run, snapshot_report *r, char *err,
		    size_t errlen);

#endif
