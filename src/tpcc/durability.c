/* durability.c: looks in the database for what a run said was
 * acknowledged (the results file is read by check.c, with results_read). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include "durability.h"
#include "dialect/dialect.h"
#include "util/util.h"

long durability_check(db_conn *c, const schema_map *m, const acked_order *a, int n, FILE *out,
		      atomic_int *stop, char *err, size_t errlen)
{
	const db_driver *d = c->drv;
	db_stmt *s = NULL;
	db_error e;
	long lost = 0;
	int bad = 0;

	/* Orders of a district are numbered without gaps (a rolled-back
	 * New-Order also rolls back its d_next_o_id), so everything up to the
	 * acknowledged id must be there, and the last one with all its lines. */
	char sql[512];
	schema_map_apply(m, dialect_sql(NULL, Q_DURABILITY_DISTRICT), sql, sizeof sql);
	if (d->prepare(c, sql, &s, &e)) {
		snprintf(err, errlen, "%s", e.msg);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (stop && atomic_load(stop)) {
			snprintf(err, errlen, "%d of %d districts checked, %ld acknowledged New-Order%s "
				 "lost so far; no verdict", i, n, lost, lost == 1 ? "" : "s");
			d->finalize(s);
			d->rollback(c, &e);
			return -1;
		}
		db_param p[8] = {
			db_p_int(a[i].w), db_p_int(a[i].d), db_p_int(a[i].o_id),
			db_p_int(a[i].w), db_p_int(a[i].d), db_p_int(a[i].o_id),
			db_p_int(a[i].w), db_p_int(a[i].d),
		};
		if (d->execute(s, p, 8, NULL, &e) || d->fetch(s, &e) != 1) {
			snprintf(err, errlen, "warehouse %d district %d: %s", a[i].w, a[i].d, e.msg);
			d->finalize(s);
			return -1;
		}
		long max = d->col_isnull(s, 0) ? 0 : (long)d->col_int(s, 0);
		long lines = (long)d->col_int(s, 1);
		long want = d->col_isnull(s, 2) ? -1 : (long)d->col_int(s, 2);
		d->reset(s);
		long missing = max < a[i].o_id ? a[i].o_id - max : 0;
		int lines_lost = missing == 0 && want >= 0 && lines != want;
		long here = missing ? missing : lines_lost;
		bad += here > 0;
		lost += here;
		/* Every district, so the count per district is there to read
		 * (and to sum) whether or not it lost anything. */
		if (out && lines_lost)
			fprintf(out, "LOST  warehouse %d district %d: acknowledged up to order %d, "
				"found it with %ld of its %ld lines: 1 lost\n", a[i].w, a[i].d,
				a[i].o_id, lines, want);
		else if (out)
			fprintf(out, "%s  warehouse %d district %d: acknowledged up to order %d, "
				"found up to %ld: %ld lost\n", here ? "LOST" : "ok  ", a[i].w, a[i].d,
				a[i].o_id, max, here);
	}
	d->finalize(s);
	d->commit(c, &e);
	if (out)
		fprintf(out, "durability: %d district%s checked, %ld acknowledged New-Order%s lost "
			"in %d district%s\n", n, n == 1 ? "" : "s", lost, lost == 1 ? "" : "s", bad,
			bad == 1 ? "" : "s");
	return lost;
}
