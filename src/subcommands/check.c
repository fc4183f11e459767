/* check.c: the check subcommand: the TPC-C consistency conditions (clause
 * 3.3.2), or with --durability the audit of a run's acknowledged
 * New-Orders. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include "session.h"
#include "subcommands.h"
#include "tpcc/consistency.h"
#include "tpcc/durability.h"
#include "tpcc/schema.h"

static int durability(tpcc_config *c, db_conn *conn, const schema_info *si, signals *s,
		      char *err, size_t errlen)
{
	acked_order *a = NULL;
	int n = durability_load(c->durability_file, &a, err, errlen);
	if (n < 0)
		return EX_FAIL;
	printf("durability audit of %s against %s\n", schema_target_name(c), c->durability_file);
	char why[600];
	long lost = durability_check(conn, &si->map, a, n, stdout, &s->stop, why, sizeof why);
	free(a);
	if (lost < 0) {
		snprintf(err, errlen, "durability check %s: %s",
			 atomic_load(&s->stop) ? "stopped" : "could not run", why);
		return atomic_load(&s->stop) ? EX_SIGNAL : EX_FAIL;
	}
	return lost ? EX_FAIL : EX_OK;
}

static int consistency(tpcc_config *c, db_conn *conn, const dialect *d, const schema_info *si,
		       signals *s, char *err, size_t errlen)
{
	check_result res[CHECK_COUNT];
	char why[600], which[64];

	printf("consistency check of %s (%d warehouse%s%s%s), TPC-C clause 3.3.2\n",
	       schema_target_name(c), si->warehouses, si->warehouses == 1 ? "" : "s",
	       si->map.layout[0] ? ", adopted from " : "", si->map.layout);
	fflush(stdout);
	dialect mapped;
	const dialect *dm = dialect_mapped(d, &si->map, &mapped);
	/* What adopt found on the other tool's load is that tool's departure,
	 * not a failure of ours. */
	check_baseline base = si->adopted;
	snprintf(base.whose, sizeof base.whose, "as %s's load did when adopted", si->map.layout);
	int failed = consistency_check(conn, dm, 0, si->map.layout[0] ? &base : NULL, stdout, res,
				       &s->stop, why, sizeof why);
	if (failed < 0) {
		snprintf(err, errlen, "check could not run: %s", why);
		return atomic_load(&s->stop) ? EX_SIGNAL : EX_FAIL;
	}
	if (res[CHECK_COUNT - 1].status == CHECK_NOT_RUN) {
		consistency_report_stopped(stdout, res);
		return EX_SIGNAL;
	}
	int departs = 0, unknown = 0;
	for (int i = 0; i < CHECK_COUNT; i++) {
		departs += res[i].status == CHECK_DEPARTS;
		unknown += res[i].status == CHECK_UNKNOWN;
	}
	if (departs) {
		consistency_list(res, CHECK_DEPARTS, which, sizeof which);
		printf("%s's load departs from the specification in condition%s %s, as adopt found "
		       "it before any run: its loader's doing, not a failure of a run\n",
		       si->map.layout, departs == 1 ? "" : "s", which);
	}
	if (unknown) {
		consistency_list(res, CHECK_UNKNOWN, which, sizeof which);
		printf("condition%s %s %s not hold and adopt did not check %s on %s's load (it was "
		       "stopped first): whether that load or a run departs cannot be told\n",
		       unknown == 1 ? "" : "s", which, unknown == 1 ? "does" : "do",
		       unknown == 1 ? "it" : "them", si->map.layout);
	}
	if (failed)
		printf("FAILED: %d condition%s failed\n", failed, failed == 1 ? "" : "s");
	else if (unknown)
		printf("not passed: %d condition%s undetermined, none failed\n", unknown,
		       unknown == 1 ? "" : "s");
	else
		printf("passed: 0 conditions failed\n");
	return failed || unknown ? EX_FAIL : EX_OK;
}

static int check(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		 char *err, size_t errlen)
{
	db_error e;
	schema_info si;

	if (schema_inspect(conn, &si, &e) || !si.present) {
		snprintf(err, errlen, "no TPC-C schema in %s%s%s", schema_target_name(c),
			 si.present ? ": " : "", si.present ? e.msg : "");
		return EX_FAIL;
	}
	/* A partial load fails conditions it never claimed to meet. */
	if (!si.complete) {
		snprintf(err, errlen, "%s holds %s", schema_target_name(c), schema_unfinished(&si));
		return EX_FAIL;
	}
	if (c->durability_file[0])
		return durability(c, conn, &si, ctx, err, errlen);
	/* The portable statements serve every server; a dialect that words
	 * one differently (MySQL's index for conditions 10 and 12) is used
	 * when the connection has one. */
	return consistency(c, conn, d ? d : schema_dialect(c, conn, &e), &si, ctx, err, errlen);
}

int sub_check(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	return session_run(c, 0, check, s, err, errlen);
}
