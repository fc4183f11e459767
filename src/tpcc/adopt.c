/* adopt.c: what adopt reports about another tool's schema, and what
 * --apply adds to it.  Everything --apply will run is printed first, and
 * the privileges it needs are checked before the first change, so that a
 * user who may not add an index changes nothing. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include "adopt.h"
#include "consistency.h"
#include "rand.h"
#include "schema.h"
#include "schema_check.h"

/* An index our statements need: on table (ours), leading with the columns
 * of key in any order; made, when missing, with the columns of make. */
static const struct need {
	int table;
	const char *key;
	const char *make;
	const char *ours;        /* the name our statements hint at, or NULL */
} needs[] = {
	{ SM_WAREHOUSE, "w_id", "w_id", NULL },
	{ SM_DISTRICT, "d_w_id,d_id", "d_w_id, d_id", NULL },
	{ SM_CUSTOMER, "c_w_id,c_d_id,c_id", "c_w_id, c_d_id, c_id", NULL },
	/* Payment and Order-Status by last name, sorted by first name. */
	{ SM_CUSTOMER, "c_w_id,c_d_id,c_last", "c_w_id, c_d_id, c_last, c_first, c_id", "customer_i2" },
	{ SM_NEW_ORDER, "no_w_id,no_d_id,no_o_id", "no_w_id, no_d_id, no_o_id", NULL },
	{ SM_ORDERS, "o_w_id,o_d_id,o_id", "o_w_id, o_d_id, o_id", NULL },
	/* Order-Status: the customer's last order. */
	{ SM_ORDERS, "o_w_id,o_d_id,o_c_id", "o_w_id, o_d_id, o_c_id, o_id", "orders_i2" },
	{ SM_ORDER_LINE, "ol_w_id,ol_d_id,ol_o_id", "ol_w_id, ol_d_id, ol_o_id", NULL },
	{ SM_ITEM, "i_id", "i_id", NULL },
	{ SM_STOCK, "s_w_id,s_i_id", "s_w_id, s_i_id", NULL },
};
#define NEEDS (sizeof needs / sizeof needs[0])

/* Rows per warehouse the specification loads (item: in all). */
static const long spec_rows[SM_TABLES] = {
	[SM_WAREHOUSE] = 1, [SM_DISTRICT] = 10, [SM_CUSTOMER] = 30000, [SM_HISTORY] = 30000,
	[SM_NEW_ORDER] = 9000, [SM_ORDERS] = 30000, [SM_ORDER_LINE] = 300000,
	[SM_ITEM] = 100000, [SM_STOCK] = 100000,
};

typedef struct plan {
	char found[NEEDS][SCHEMA_NAME_MAX];   /* the index that serves, or "" */
	char ddl[NEEDS][512];                 /* what --apply runs, or "" */
	int missing;
} plan;

/* Is cols (comma-separated, no spaces) led by the set key? */
static int leads_with(const char *cols, const char *key)
{
	int want = 1;
	for (const char *p = key; *p; p++)
		want += *p == ',';
	char copy[512];
	snprintf(copy, sizeof copy, "%s", cols);
	char *save = NULL;
	int got = 0;
	for (char *w = strtok_r(copy, ",", &save); w && got < want; w = strtok_r(NULL, ",", &save)) {
		char k[256];
		snprintf(k, sizeof k, ",%s,", key);
		char needle[SCHEMA_NAME_MAX + 2];
		snprintf(needle, sizeof needle, ",%s,", w);
		if (!strstr(k, needle))
			return 0;
		got++;
	}
	return got == want;
}

static int read_indexes(db_conn *c, const dialect *d, const schema_map *m, plan *p,
			db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc;

	memset(p, 0, sizeof *p);
	if (drv->prepare(c, d->adopt_indexes_sql, &s, e) || drv->execute(s, NULL, 0, NULL, e))
		return -1;
	while ((rc = drv->fetch(s, e)) == 1) {
		const char *t = drv->col_text(s, 0, NULL), *i = drv->col_text(s, 1, NULL),
			   *cols = drv->col_text(s, 2, NULL);
		if (!t || !i || !cols)
			continue;
		char tb[SCHEMA_NAME_MAX], ix[SCHEMA_NAME_MAX], cl[512];
		snprintf(tb, sizeof tb, "%s", t);
		snprintf(ix, sizeof ix, "%s", i);
		snprintf(cl, sizeof cl, "%s", cols);
		for (size_t k = 0; k < NEEDS; k++)
			if (!p->found[k][0] &&
			    !strcasecmp(tb, schema_map_name(m, schema_map_tables[needs[k].table])) &&
			    leads_with(cl, needs[k].key))
				snprintf(p->found[k], SCHEMA_NAME_MAX, "%s", ix);
	}
	drv->finalize(s);
	drv->commit(c, e);
	return rc < 0 ? -1 : 0;
}

static long count_rows(db_conn *c, const char *table, db_error *e)
{
	char sql[128];
	int64_t n = 0;
	if (db_query_int(c, dialect_count_sql(NULL, table, sql, sizeof sql), &n, e) < 0)
		return -1;
	c->drv->commit(c, e);
	return (long)n;
}

/* The privileges --apply needs that the user lacks, in out ("" none);
 * rows naming a table count only for the tables an index is added to. */
static int missing_privileges(db_conn *c, const dialect *d, const schema_map *m,
			      const plan *p, char *out, size_t len, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc;
	size_t used = 0;

	out[0] = '\0';
	if (!d->adopt_privileges_sql)
		return 0;
	if (drv->prepare(c, d->adopt_privileges_sql, &s, e) || drv->execute(s, NULL, 0, NULL, e))
		return -1;
	while ((rc = drv->fetch(s, e)) == 1) {
		const char *what = drv->col_text(s, 0, NULL);
		char w[128], tb[SCHEMA_NAME_MAX] = "";
		snprintf(w, sizeof w, "%s", what ? what : "?");
		const char *t = drv->col_text(s, 1, NULL);
		if (t)
			snprintf(tb, sizeof tb, "%s", t);
		int wanted = !tb[0];
		for (size_t k = 0; tb[0] && k < NEEDS; k++)
			wanted |= p->ddl[k][0] &&
				  !strcasecmp(tb, schema_map_name(m, schema_map_tables[needs[k].table]));
		if (wanted && used + strlen(w) + 3 < len)
			used += (size_t)snprintf(out + used, len - used, "%s%s", used ? ", " : "", w);
	}
	drv->finalize(s);
	drv->commit(c, e);
	return rc < 0 ? -1 : 0;
}

static const char *meta_ddl(const dialect *d)
{
	for (const char *const *p = d->create_tables; p && *p; p++)
		if (strstr(*p, "tpcc_meta"))
			return *p;
	return NULL;
}

/* The tpcc_meta rows --apply writes, as key/value pairs. */
typedef struct meta_rows { int n; char k[40][80]; char v[40][300]; } meta_rows;

static void meta_add(meta_rows *r, const char *k, const char *v)
{
	if (r->n < 40) {
		snprintf(r->k[r->n], sizeof r->k[0], "%s", k);
		snprintf(r->v[r->n], sizeof r->v[0], "%s", v);
		r->n++;
	}
}

/* The values of tpcc_meta's findings ("12:1,10:1": the conditions that
 * did not hold, each with its rows) and findings_checked ("1,2,3"). */
static void findings_values(const check_baseline *b, char *f, size_t flen, char *ck,
			    size_t cklen)
{
	f[0] = ck[0] = '\0';
	for (int n = 1; n <= CHECK_COUNT; n++) {
		if (b->departed & (1u << n))
			snprintf(f + strlen(f), flen - strlen(f), "%s%d:%ld", f[0] ? "," : "", n,
				 b->rows[n]);
		if (b->checked & (1u << n))
			snprintf(ck + strlen(ck), cklen - strlen(ck), "%s%d", ck[0] ? "," : "", n);
	}
}

/* Fold the conditions res checked into b: each holds or departs now;
 * those not checked keep what b had. */
static void findings_take(check_baseline *b, const check_result *res)
{
	for (int i = 0; i < CHECK_COUNT; i++) {
		const check_result *r = &res[i];
		unsigned bit = 1u << r->number;
		if (r->status != CHECK_PASS && r->status != CHECK_FAIL && r->status != CHECK_DEPARTS)
			continue;
		b->checked |= bit;
		b->departed &= ~bit;
		if (r->status != CHECK_PASS) {
			b->departed |= bit;
			b->rows[r->number] = r->offenders;
		}
	}
}

static void meta_plan(const adopt_layout *L, int warehouses, const check_baseline *found,
		      meta_rows *r)
{
	char v[300];
	tpcc_rng rng;
	tpcc_nurand_c cl;

	r->n = 0;
	snprintf(v, sizeof v, "%d", warehouses);
	meta_add(r, "warehouses", v);
	meta_add(r, "layout", L->id);
	for (int i = 0; i < L->map.n; i++) {
		char k[80];
		snprintf(k, sizeof k, "map.%s", L->map.from[i]);
		meta_add(r, k, L->map.to[i]);
	}
	if (L->map.extra_col[0]) {
		snprintf(v, sizeof v, "%s,%s,%s", L->map.extra_table, L->map.extra_col,
			 L->map.extra_val);
		meta_add(r, "map_extra", v);
	}
	/* The other tool's C-load is not recorded anywhere we can read: a
	 * fresh one keeps the run's C-run within the specification's
	 * distance of it, as if we had loaded. */
	rng_seed(&rng, (uint64_t)time(NULL));
	nurand_c_load(&rng, &cl);
	snprintf(v, sizeof v, "%d", cl.c_last);
	meta_add(r, "c_last", v);
	snprintf(v, sizeof v, "%d", cl.c_id);
	meta_add(r, "c_id", v);
	snprintf(v, sizeof v, "%d", cl.ol_i_id);
	meta_add(r, "ol_i_id", v);
	time_t now = time(NULL);
	struct tm tm;
	gmtime_r(&now, &tm);
	strftime(v, sizeof v, "%Y-%m-%dT%H:%M:%SZ", &tm);
	meta_add(r, "built_at", v);
	/* check reports these as the other tool's, not as a run's doing. */
	char checked[300];
	findings_values(found, v, sizeof v, checked, sizeof checked);
	meta_add(r, "findings", v);
	meta_add(r, "findings_checked", checked);
	meta_add(r, "status", "complete");
}

/* The warehouse count, and each table's rows against the specification's;
 * -1 when the database could not be read. */
static int report_rows(db_conn *c, const schema_map *m, FILE *out, int *warehouses,
		       char *err, size_t errlen)
{
	db_error e;
	char q[128];
	int64_t max = 0;
	long n[SM_TABLES];

	for (int i = 0; i < SM_TABLES; i++)
		if ((n[i] = count_rows(c, schema_map_name(m, schema_map_tables[i]), &e)) < 0) {
			snprintf(err, errlen, "cannot count %s: %s",
				 schema_map_name(m, schema_map_tables[i]), e.msg);
			return -1;
		}
	schema_map_apply(m, dialect_sql(NULL, Q_WAREHOUSE_MAX), q, sizeof q);
	if (db_query_int(c, q, &max, &e) < 0) {
		snprintf(err, errlen, "cannot read the warehouses: %s", e.msg);
		return -1;
	}
	c->drv->commit(c, &e);
	*warehouses = (int)n[SM_WAREHOUSE];
	fprintf(out, "warehouses: %ld (counted; highest w_id %lld)\n", n[SM_WAREHOUSE],
		(long long)max);
	fprintf(out, "rows (table: found / the specification's for %ld warehouse%s):\n",
		n[SM_WAREHOUSE], n[SM_WAREHOUSE] == 1 ? "" : "s");
	for (int i = 0; i < SM_TABLES; i++) {
		long want = spec_rows[i] * (i == SM_ITEM ? 1 : n[SM_WAREHOUSE]);
		/* order_line's count is random (5 to 15 lines an order); history
		 * and orders grow with every run. */
		const char *verdict = n[i] == want ? "as specified" :
			i == SM_ORDER_LINE && n[i] > want * 9 / 10 && n[i] < want * 11 / 10 ? "about as specified" :
			(i == SM_HISTORY || i == SM_ORDERS || i == SM_ORDER_LINE) && n[i] > want ? "grown by runs" :
			i == SM_NEW_ORDER ? "changed by runs" : "differs";
		fprintf(out, "  %-12s %10ld / %-10ld %s\n", schema_map_name(m, schema_map_tables[i]),
			n[i], want, verdict);
	}
	if (max != n[SM_WAREHOUSE]) {
		snprintf(err, errlen, "the warehouse table holds %ld warehouse%s but its highest w_id "
			 "is %lld: runs choose home warehouses 1..N, so the ids must be 1..N",
			 n[SM_WAREHOUSE], n[SM_WAREHOUSE] == 1 ? "" : "s", (long long)max);
		return 1;
	}
	return n[SM_WAREHOUSE] > 0 ? 0 : (snprintf(err, errlen, "the warehouse table is empty"), 1);
}

static void print_departure(FILE *out, const check_result *r, const char *tool)
{
	fprintf(out, "does not hold on the data %s loaded (its departure, not an error): "
		"%ld rows, first %s\n", tool, r->offenders, r->detail);
}

/* Before --apply: the conditions that read districts and warehouses only,
 * affordable on a database of any size without our indexes. */
static int report_checks(db_conn *c, const dialect *d, const adopt_layout *L, FILE *out,
			 check_baseline *found, char *err, size_t errlen)
{
	check_result res[CHECK_COUNT];
	char why[600];

	dialect mapped;
	int failed = consistency_check(c, dialect_mapped(d, &L->map, &mapped), CHECK_CHEAP, NULL,
				       NULL, res, NULL, why, sizeof why);
	if (failed < 0) {
		snprintf(err, errlen, "the consistency check could not run: %s", why);
		return -1;
	}
	findings_take(found, res);
	fprintf(out, "consistency conditions that read districts and warehouses only (clause 3.3.2;"
		" --apply checks all twelve once it has added the indexes):\n");
	for (int i = 0; i < CHECK_COUNT; i++) {
		if (!(CHECK_CHEAP & (1u << res[i].number)))
			continue;
		fprintf(out, "  %2d %-58s ", res[i].number, res[i].what);
		if (res[i].status == CHECK_PASS)
			fprintf(out, "holds\n");
		else if (res[i].status == CHECK_SKIPPED)
			fprintf(out, "not checked (%s)\n", res[i].detail);
		else
			print_departure(out, &res[i], L->who);
	}
	return 0;
}

/* After the indexes are added: all twelve conditions, a line each on
 * stderr as it goes (at scale this can take long), and tpcc_meta's
 * findings written again.  Returns 0, 3 stopped (the rest recorded as not
 * checked) or 1 (err). */
static int check_all(db_conn *c, const dialect *d, const adopt_layout *L, atomic_int *stop,
		     check_baseline *found, FILE *out, char *err, size_t errlen)
{
	check_result res[CHECK_COUNT];
	char why[600], f[300], ck[300];
	dialect mapped;
	db_error e;
	/* Whatever does not hold now is the other tool's: no run of ours has
	 * touched its data. */
	check_baseline theirs = { .checked = ~0u, .departed = ~0u };
	for (int n = 0; n <= CHECK_COUNT; n++)
		theirs.rows[n] = -1;
	snprintf(theirs.whose, sizeof theirs.whose, "on the load adopted (%s)", L->who);

	fprintf(stderr, "checking all twelve consistency conditions on the load adopted (%s; "
		"Ctrl-C stops: the adoption stays, the rest are recorded as not checked):\n",
		L->who);
	int failed = consistency_check(c, dialect_mapped(d, &L->map, &mapped), 0, &theirs, stderr,
				       res, stop, why, sizeof why);
	if (failed >= 0)
		findings_take(found, res);
	findings_values(found, f, sizeof f, ck, sizeof ck);
	if (schema_meta_set(c, "findings", f, &e) || schema_meta_set(c, "findings_checked", ck, &e)) {
		snprintf(err, errlen, "adopted, but the findings could not be recorded: %s", e.msg);
		return 1;
	}
	if (failed < 0) {
		snprintf(err, errlen, "adopted, but the consistency check could not finish (the "
			 "findings of conditions %s are recorded): %s", ck, why);
		return 1;
	}
	char which[64];
	if (res[0].status != CHECK_NOT_RUN) {
		fprintf(out, "consistency conditions on the load adopted, all twelve, checked now the "
			"indexes are there (progress on stderr):\n");
		for (int i = 0; i < CHECK_COUNT; i++) {
			if (res[i].status != CHECK_DEPARTS)
				continue;
			fprintf(out, "  %2d %-58s ", res[i].number, res[i].what);
			print_departure(out, &res[i], L->who);
		}
		consistency_list(res, CHECK_PASS, which, sizeof which);
		fprintf(out, "  holds: %s\n", which);
		consistency_list(res, CHECK_SKIPPED, which, sizeof which);
		if (strcmp(which, "none"))
			fprintf(out, "  skipped: %s (holds only on a fresh load)\n", which);
	}
	consistency_list(res, CHECK_DEPARTS, which, sizeof which);
	if (strcmp(which, "none"))
		fprintf(out, "recorded in tpcc_meta: `check` reports condition%s %s as departures "
			"of the data %s loaded, and more offending rows than now as failures\n",
			strchr(which, ',') ? "s" : "", which, L->who);
	if (res[CHECK_COUNT - 1].status == CHECK_NOT_RUN) {
		consistency_list(res, CHECK_NOT_RUN, which, sizeof which);
		fprintf(out, "stopped before condition%s %s: recorded as not checked on the data %s "
			"loaded; "
			"`check` says so of one that does not hold.  Run `adopt --apply` again, "
			"before any run, to check them\n", strchr(which, ',') ? "s" : "", which,
			L->who);
		return 3;
	}
	return 0;
}

static int print_plan(const dialect *d, const schema_map *m, const plan *p, const meta_rows *r,
		      int procs_missing, FILE *out)
{
	fprintf(out, "--apply would run, in this order:\n");
	for (size_t k = 0; k < NEEDS; k++)
		if (p->ddl[k][0])
			fprintf(out, "  %s;\n", p->ddl[k]);
	fprintf(out, "  %s;\n", meta_ddl(d));
	fprintf(out, "  %s; -- once for each of:\n", dialect_sql(d, Q_META_INSERT));
	for (int i = 0; i < r->n; i++)
		fprintf(out, "       ('%s', '%s')\n", r->k[i], r->v[i]);
	if (procs_missing && d->create_procedures) {
		fprintf(out, "  -- and our stored procedures, their tables renamed:\n");
		for (const char *const *s = d->create_procedures; *s; s++) {
			size_t len = 2 * strlen(*s) + 1024;
			char *buf = malloc(len);
			if (!buf)
				return -1;
			schema_map_apply(m, *s, buf, len);
			fprintf(out, "%s;\n", buf);
			free(buf);
		}
	}
	fprintf(out, "  -- then, read-only, all twelve consistency conditions (a line each on stderr;"
		" at scale this takes long, Ctrl-C stops it and keeps the adoption), and\n"
		"  -- findings and findings_checked written again with what they found\n");
	return 0;
}

static int apply(db_conn *c, const dialect *d, const adopt_layout *L, const plan *p,
		 const meta_rows *r, int procs, int has_meta, atomic_int *stop,
		 check_baseline *found, FILE *out, char *err, size_t errlen)
{
	db_error e;
	dialect mapped;
	const db_driver *drv = c->drv;

	/* CREATE INDEX CONCURRENTLY refuses to run in a transaction. */
	if (drv->set_autocommit && drv->set_autocommit(c, 1, &e))
		goto fail;
	for (size_t k = 0; k < NEEDS; k++) {
		if (!p->ddl[k][0])
			continue;
		fprintf(out, "adding index: %s\n", p->ddl[k]);
		fflush(out);
		if (db_exec(c, p->ddl[k], &e))
			goto fail;
	}
	if (drv->set_autocommit && drv->set_autocommit(c, 0, &e))
		goto fail;
	if (!has_meta) {
		if (db_exec(c, meta_ddl(d), &e) || drv->commit(c, &e))
			goto fail;
	}
	for (int i = 0; i < r->n; i++)
		if (schema_meta_set(c, r->k[i], r->v[i], &e))
			goto fail;
	if (procs && d->create_procedures) {
		fprintf(out, "creating our stored procedures\n");
		if (schema_create_procedures(c, dialect_mapped(d, &L->map, &mapped), &e))
			goto fail;
	}
	fprintf(out, "adopted: `run`, `sweep`, `check`, `snapshot` and `restore` now use the "
		"tables %s loaded\n", L->who);
	fflush(out);
	return check_all(c, d, L, stop, found, out, err, errlen);
fail:
	snprintf(err, errlen, "adopt --apply: %s", e.msg);
	drv->rollback(c, &e);
	return 1;
}

int adopt_run(db_conn *c, const dialect *d, int do_apply, int set, atomic_int *stop, FILE *out,
	      char *err, size_t errlen)
{
	adopt_tables *t = calloc(1, sizeof *t);
	adopt_layout L;
	schema_info si;
	plan p;
	meta_rows r;
	db_error e;
	char msg[1024];
	int rc = 1, warehouses = 0, procs_missing = 0;

	if (!t) {
		snprintf(err, errlen, "out of memory");
		return 1;
	}
	if (!d->adopt_tables_sql) {
		snprintf(err, errlen, "adopt reads MySQL/MariaDB and PostgreSQL catalogs; the %s "
			 "dialect has none", d->name);
		rc = 2;
		goto out;
	}
	if (adopt_read_tables(c, d, t, &e) || schema_inspect(c, &si, &e)) {
		snprintf(err, errlen, "cannot read the catalog: %s", e.msg);
		goto out;
	}
	if (si.present && !si.map.layout[0] && adopt_has(t, "warehouse")) {
		fprintf(out, "this is tpcc-console's own schema (built by `build`): nothing to adopt\n");
		rc = 0;
		goto out;
	}
	int d_rc = adopt_detect(c, d, t, set, &L, msg, sizeof msg);
	if (d_rc) {
		snprintf(err, errlen, "%s", msg);
		rc = 2;
		goto out;
	}
	fprintf(out, "layout: %s\n", L.tool);
	if (L.note[0])
		fprintf(out, "  (%s)\n", L.note);
	if (si.map.layout[0])
		fprintf(out, "  (adopted already, as %s: --apply records it again, and what does not "
			"hold then as departures of the data %s loaded, runs' doing included)\n",
			si.map.layout, L.who);
	fprintf(out, "tables:");
	for (int i = 0; i < SM_TABLES; i++)
		fprintf(out, " %s", schema_map_name(&L.map, schema_map_tables[i]));
	fputc('\n', out);
	int bad = schema_check_layout(c, &L.map, msg, sizeof msg);
	if (bad) {
		snprintf(err, errlen, "%s", msg);
		rc = bad < 0 ? 1 : 2;
		goto out;
	}
	if ((bad = report_rows(c, &L.map, out, &warehouses, err, errlen))) {
		rc = bad < 0 ? 1 : 2;
		goto out;
	}
	if (read_indexes(c, d, &L.map, &p, &e)) {
		snprintf(err, errlen, "cannot read the indexes: %s", e.msg);
		goto out;
	}
	fprintf(out, "indexes our statements need:\n");
	for (size_t k = 0; k < NEEDS; k++) {
		const char *tb = schema_map_name(&L.map, schema_map_tables[needs[k].table]);
		char name[SCHEMA_NAME_MAX];
		if (p.found[k][0]) {
			fprintf(out, "  %-12s (%s...)  there: %s\n", tb, needs[k].key, p.found[k]);
			if (needs[k].ours)
				schema_map_set(&L.map, needs[k].ours, p.found[k]);
			continue;
		}
		adopt_index_name(needs[k].table, needs[k].ours != NULL, name, sizeof name);
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
		snprintf(p.ddl[k], sizeof p.ddl[k], d->adopt_index_fmt, name, tb, needs[k].make);
#pragma GCC diagnostic pop
		if (needs[k].ours)
			schema_map_set(&L.map, needs[k].ours, name);
		p.missing++;
		fprintf(out, "  %-12s (%s...)  MISSING: --apply adds %s\n", tb, needs[k].key, name);
	}
	if (d->proc_exists_sql) {
		int prc = schema_check_procedures(c, d, "the database", msg, sizeof msg);
		if (prc < 0) {
			snprintf(err, errlen, "%s", msg);
			goto out;
		}
		procs_missing = prc == 1;
		fprintf(out, "our stored procedures: %s\n", procs_missing ? "missing (--apply creates "
			"them, under our names tpcc_*)" : "there (--apply creates them again)");
		procs_missing = 1;
	}
	check_baseline found = { .checked = 0 };
	if (report_checks(c, d, &L, out, &found, err, errlen))
		goto out;
	meta_plan(&L, warehouses, &found, &r);
	if (print_plan(d, &L.map, &p, &r, procs_missing, out)) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	if (missing_privileges(c, d, &L.map, &p, msg, sizeof msg, &e)) {
		snprintf(err, errlen, "cannot read the privileges: %s", e.msg);
		goto out;
	}
	if (msg[0]) {
		fprintf(out, "privileges --apply needs that this user lacks: %s\n", msg);
		if (do_apply) {
			snprintf(err, errlen, "adopt --apply needs %s; nothing was changed: grant %s "
				 "to this user on the database, or run adopt --apply as a user who has "
				 "them", msg, strchr(msg, ',') ? "them" : "it");
			goto out;
		}
	}
	if (!do_apply) {
		fprintf(out, "nothing changed: run `tpcc-console adopt --apply` to do the above\n");
		rc = 0;
		goto out;
	}
	if (stop && atomic_load(stop)) {
		fprintf(out, "stopped before --apply changed anything\n");
		rc = 3;
		goto out;
	}
	rc = apply(c, d, &L, &p, &r, procs_missing, adopt_has(t, "tpcc_meta"), stop, &found, out,
		   err, errlen);
out:
	free(t);
	return rc;
}
