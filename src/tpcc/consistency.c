/* consistency.c: consistency conditions 1-12 (clause 3.3.2): running them
 * and saying what they found.  Each condition's query is the dialect's
 * (Q_CONSISTENCY_1 + n - 1, portable.c): plain SQL that MySQL/MariaDB,
 * SQLite and PostgreSQL all run. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "consistency.h"

static const struct cond {
	int n;
	const char *what;
	const char *detail;      /* printf for the first row's columns, as text */
	int fresh_only;
} conds[CHECK_COUNT] = {
	{ 1, "w_ytd = sum(d_ytd)",
	  "warehouse %s: w_ytd %s, sum(d_ytd) %s", 0 },
	{ 2, "d_next_o_id - 1 = max(o_id) = max(no_o_id)",
	  "warehouse %s district %s: d_next_o_id-1 %s, max(o_id) %s, max(no_o_id) %s", 0 },
	{ 3, "max(no_o_id) - min(no_o_id) + 1 = rows in new_order",
	  "warehouse %s district %s: id range %s, rows %s", 0 },
	{ 4, "sum(o_ol_cnt) = rows in order_line",
	  "warehouse %s district %s: sum(o_ol_cnt) %s, order lines %s", 0 },
	{ 5, "o_carrier_id is null exactly when a new_order row exists",
	  "warehouse %s district %s order %s: o_carrier_id %s", 0 },
	{ 6, "o_ol_cnt = order lines of the order",
	  "warehouse %s district %s order %s: o_ol_cnt %s, lines %s", 0 },
	{ 7, "ol_delivery_d is null exactly when o_carrier_id is null",
	  "warehouse %s district %s order %s line %s", 0 },
	{ 8, "w_ytd = sum(h_amount) of the warehouse",
	  "warehouse %s: w_ytd %s, sum(h_amount) %s", 0 },
	{ 9, "d_ytd = sum(h_amount) of the district",
	  "warehouse %s district %s: d_ytd %s, sum(h_amount) %s", 0 },
	{ 10, "c_balance = sum(delivered ol_amount) - sum(h_amount)",
	  "warehouse %s district %s customer %s: c_balance %s, expected %s", 0 },
	{ 11, "orders - new_order rows = 2100 per district (fresh data only)",
	  "warehouse %s district %s: difference %s", 1 },
	{ 12, "c_balance + c_ytd_payment = sum(delivered ol_amount)",
	  "warehouse %s district %s customer %s: c_balance+c_ytd_payment %s, delivered %s", 0 },
};

/* Format the first offending row's columns with the condition's pattern. */
static void describe(const db_driver *d, db_stmt *s, const char *fmt, char *out, size_t len)
{
	char v[5][32];
	int n = d->column_count(s);
	for (int i = 0; i < 5; i++) {
		const char *t = i < n && !d->col_isnull(s, i) ? d->col_text(s, i, NULL) : "NULL";
		snprintf(v[i], sizeof v[i], "%s", t ? t : "NULL");
	}
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
	snprintf(out, len, fmt, v[0], v[1], v[2], v[3], v[4]);
#pragma GCC diagnostic pop
}

static const char *const status_words[] = { "pass", "FAIL", "skipped", "not checked",
					     "departs", "does not hold" };

/* A failure against what adopt found on the other tool's load. */
static void judge(const check_baseline *b, check_result *r)
{
	unsigned bit = 1u << r->number;

	if (!b || r->status != CHECK_FAIL)
		return;
	if (b->departed & bit) {
		r->adopted = b->rows[r->number];
		if (r->adopted < 0 || r->offenders <= r->adopted)
			r->status = CHECK_DEPARTS;
	} else if (!(b->checked & bit)) {
		r->status = CHECK_UNKNOWN;
	}
}

static void verdict(FILE *out, const check_baseline *b, const check_result *r)
{
	fputs(status_words[r->status], out);
	switch (r->status) {
	case CHECK_FAIL:
		if (r->adopted >= 0)
			fprintf(out, "  %ld offending, %ld more than the %ld adopt found; first: %s",
				r->offenders, r->offenders - r->adopted, r->adopted, r->detail);
		else
			fprintf(out, "  %ld offending; first: %s", r->offenders, r->detail);
		break;
	case CHECK_DEPARTS:
		fprintf(out, " %s: %ld offending", b->whose, r->offenders);
		if (r->adopted >= 0)
			fprintf(out, " (%ld then)", r->adopted);
		fprintf(out, "; first: %s", r->detail);
		break;
	case CHECK_UNKNOWN:
		fprintf(out, " (not checked when the schema was adopted: whose doing it is cannot "
			"be told)  %ld offending; first: %s", r->offenders, r->detail);
		break;
	case CHECK_SKIPPED:
		fprintf(out, "  (%s)", r->detail);
		break;
	}
	fputc('\n', out);
	fflush(out);
}

/* Run one condition's query into r. */
static int check_one(db_conn *c, const dialect *dl, const struct cond *k, check_result *r,
		     char *err, size_t errlen)
{
	const db_driver *d = c->drv;
	db_error e;
	db_stmt *s;
	int rc;
	char buf[2048];

	const char *sql = dialect_map_sql(dl, dialect_sql(dl, Q_CONSISTENCY_1 + k->n - 1),
					  buf, sizeof buf);
	if (d->prepare(c, sql, &s, &e) || d->execute(s, NULL, 0, NULL, &e)) {
		snprintf(err, errlen, "condition %d: %s", k->n, e.msg);
		d->rollback(c, &e);
		return -1;
	}
	while ((rc = d->fetch(s, &e)) == 1) {
		if (r->offenders++ == 0)
			describe(d, s, k->detail, r->detail, sizeof r->detail);
	}
	d->finalize(s);
	if (rc < 0) {
		snprintf(err, errlen, "condition %d: %s", k->n, e.msg);
		d->rollback(c, &e);
		return -1;
	}
	d->commit(c, &e);
	r->status = r->offenders ? CHECK_FAIL : CHECK_PASS;
	return 0;
}

int consistency_check(db_conn *c, const dialect *dl, unsigned only,
		      const check_baseline *base, FILE *out, check_result *res, atomic_int *stop,
		      char *err, size_t errlen)
{
	db_error e;
	int failed = 0;
	int64_t next_o_id = 0;
	char sql[256];

	/* Condition 11 only holds before the first run has added orders. */
	if (db_query_int(c, dialect_map_sql(dl, dialect_sql(dl, Q_CONSISTENCY_NEXT_O_ID), sql,
					    sizeof sql), &next_o_id, &e) < 0) {
		snprintf(err, errlen, "cannot read district: %s", e.msg);
		return -1;
	}
	for (int i = 0; i < CHECK_COUNT; i++) {
		const struct cond *k = &conds[i];
		check_result *r = &res[i];

		memset(r, 0, sizeof *r);
		r->number = k->n;
		r->what = k->what;
		r->adopted = -1;
		if (stop && atomic_load(stop))
			r->status = CHECK_NOT_RUN;
		if (out) {
			fprintf(out, "%2d  %-62s ", r->number, r->what);
			fflush(out);
		}
		if (r->status == CHECK_NOT_RUN) {
			/* the verdict below */
		} else if (only && !(only & (1u << k->n))) {
			r->status = CHECK_SKIPPED;
			snprintf(r->detail, sizeof r->detail, "not asked for");
		} else if (k->fresh_only && next_o_id != 3001) {
			r->status = CHECK_SKIPPED;
			snprintf(r->detail, sizeof r->detail, "holds only on a fresh load");
		} else if (check_one(c, dl, k, r, err, errlen)) {
			if (out)
				fputc('\n', out);
			return -1;
		}
		judge(base, r);
		failed += r->status == CHECK_FAIL;
		if (out)
			verdict(out, base, r);
	}
	return failed;
}

void consistency_list(const check_result *res, int want, char *buf, size_t len)
{
	size_t used = 0;
	buf[0] = '\0';
	for (int i = 0; i < CHECK_COUNT; i++) {
		if (want < 0 ? res[i].status == CHECK_NOT_RUN : res[i].status != want)
			continue;
		int n = snprintf(buf + used, len - used, "%s%d", used ? ", " : "", res[i].number);
		if (n < 0 || (size_t)n >= len - used)
			break;
		used += (size_t)n;
	}
	if (!used)
		snprintf(buf, len, "none");
}

void consistency_report_stopped(FILE *out, const check_result *res)
{
	char done[64], left[64];
	consistency_list(res, -1, done, sizeof done);
	consistency_list(res, CHECK_NOT_RUN, left, sizeof left);
	fprintf(out, "stopped: conditions checked: %s; not checked: %s\n", done, left);
}
