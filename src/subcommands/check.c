/* check.c: the check subcommand: the TPC-C consistency conditions (clause
 * 3.3.2), or with --durability the audit of a run's acknowledged
 * New-Orders. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "results/results_read.h"
#include "session.h"
#include "subcommands.h"
#include "tpcc/consistency.h"
#include "tpcc/durability.h"
#include "tpcc/schema.h"
#include "util/util.h"

/* The database the run at rr ran on, as the engine recorded it, against
 * the one connected to: a replica or a restored copy is audited on
 * purpose, another database by mistake, so this is said, not refused. */
static void same_target(const tpcc_config *c, db_conn *conn, const rr_run *rr)
{
	char here[PATH_MAX];
	if (schema_embedded(c)) {
		if (!realpath(c->db_file, here))
			str_copy(here, c->db_file, sizeof here);
	} else {
		str_copy(here, conn->drv->database ? conn->drv->database(conn) : c->database,
			 sizeof here);
	}
	if (!strcmp(rr->driver, c->driver) && !strcmp(rr->database, here))
		return;
	fprintf(stderr, "warning: %s is a run on %s %s, not on this %s %s: its acknowledged "
		"orders are looked for here all the same (right for a replica or a restored "
		"copy of that database)\n", rr->path, rr->driver, rr->database, c->driver, here);
}

/* The run's record of acknowledged New-Orders: [w, d, o_id] per district
 * that had one.  Written each second while the run goes, so a run whose
 * client was killed has one too. */
static int load_acked(const rr_run *rr, acked_order **out, char *err, size_t errlen)
{
	json_t *arr = rr_object(rr, "durability.new_order_acked");
	size_t i;
	json_t *v;
	if (!json_is_array(arr)) {
		snprintf(err, errlen, "%s: no durability record (a results file of tpcc-console 0.1 "
			 "or later, from a run that got past its first second, is needed)", rr->path);
		return -1;
	}
	acked_order *a = calloc(json_array_size(arr) + 1, sizeof *a);
	if (!a) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	json_array_foreach(arr, i, v) {
		acked_order *o = &a[i];
		o->w = rr_int(json_array_get(v, 0), 0);
		o->d = rr_int(json_array_get(v, 1), 0);
		o->o_id = rr_int(json_array_get(v, 2), 0);
		if (json_array_size(v) != 3 || o->w < 1 || o->d < 1 || o->d > 10 || o->o_id < 1) {
			snprintf(err, errlen, "%s: durability.new_order_acked[%zu] is not "
				 "[warehouse, district 1-10, order id]", rr->path, i);
			free(a);
			return -1;
		}
	}
	*out = a;
	return (int)json_array_size(arr);
}

static int durability(tpcc_config *c, db_conn *conn, const schema_info *si, signals *s,
		      char *err, size_t errlen)
{
	acked_order *a = NULL;
	rr_run *rr = NULL;
	if (results_read(c->durability_file, &rr, err, errlen))
		return EX_FAIL;
	int n = load_acked(rr, &a, err, errlen);
	if (n >= 0)
		same_target(c, conn, rr);
	int complete = rr->complete;
	results_read_free(rr);
	if (n < 0)
		return EX_FAIL;
	printf("durability audit of %s against %s\n", schema_target_name(c), c->durability_file);
	if (!complete)
		printf("the run did not finish (its client was killed?): its record is as of the "
		       "last second it wrote\n");
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
