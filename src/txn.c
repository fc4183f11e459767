/* txn.c: the five transactions (clauses 2.4 to 2.8), one statement per
 * round trip.  Statements are prepared on first use and kept for the life of
 * the connection. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "txn.h"
#include "util.h"

/* ---- inputs ------------------------------------------------------------ */

static int other_warehouse(const txn_terminal *t, tpcc_rng *r, int w)
{
	int o = (int)rng_range(r, 1, t->warehouses - 1);
	return o >= w ? o + 1 : o;
}

static int cmp_ol(const void *a, const void *b)
{
	const int *x = a, *y = b; /* i_id, supply_w_id */
	if (x[0] != y[0])
		return x[0] < y[0] ? -1 : 1;
	return (x[1] > y[1]) - (x[1] < y[1]);
}

static void gen_customer(const txn_terminal *t, tpcc_rng *r, txn_input *in)
{
	/* 60% by last name (2.5.1.2, 2.6.1.2) */
	in->byname = rng_range(r, 1, 100) <= 60;
	if (in->byname)
		tpcc_lastname((int)rng_nurand(r, 255, t->c.c_last, 0, 999), in->c_last);
	else
		in->c_id = (int)rng_nurand(r, 1023, t->c.c_id, 1, 3000);
}

void txn_gen(const txn_terminal *t, tpcc_rng *r, enum txn_type type, txn_input *in)
{
	memset(in, 0, sizeof *in);
	in->type = type;
	in->w_id = t->all_warehouses ? (int)rng_range(r, 1, t->warehouses) : t->w_id;
	in->d_id = (int)rng_range(r, 1, 10);
	in->c_w_id = in->w_id;
	in->c_d_id = in->d_id;

	switch (type) {
	case TX_NEW_ORDER:
		in->c_id = (int)rng_nurand(r, 1023, t->c.c_id, 1, 3000);
		in->ol_cnt = (int)rng_range(r, 5, 15);
		in->rollback = rng_range(r, 1, 100) == 1;
		in->all_local = 1;
		for (int i = 0; i < in->ol_cnt; i++) {
			in->ol[i].i_id = (int)rng_nurand(r, 8191, t->c.ol_i_id, 1, 100000);
			in->ol[i].supply_w_id = in->w_id;
			if (t->warehouses > 1 && rng_range(r, 1, 100) == 1) {
				in->ol[i].supply_w_id = other_warehouse(t, r, in->w_id);
				in->all_local = 0;
			}
			in->ol[i].qty = (int)rng_range(r, 1, 10);
		}
		if (in->rollback)
			in->ol[in->ol_cnt - 1].i_id = UNUSED_ITEM_ID;
		/* Lock stock rows in one global order so two New-Orders never
		 * deadlock on each other's items; the unused item sorts last. */
		qsort(in->ol, (size_t)in->ol_cnt, sizeof in->ol[0], cmp_ol);
		break;
	case TX_PAYMENT:
		if (t->warehouses > 1 && rng_range(r, 1, 100) <= 15) {
			in->c_w_id = other_warehouse(t, r, in->w_id);
			in->c_d_id = (int)rng_range(r, 1, 10);
		}
		gen_customer(t, r, in);
		in->h_amount = rng_range(r, 100, 500000) / 100.0;
		break;
	case TX_ORDER_STATUS:
		gen_customer(t, r, in);
		break;
	case TX_DELIVERY:
		in->carrier_id = (int)rng_range(r, 1, 10);
		break;
	case TX_STOCK_LEVEL:
		in->d_id = t->d_id;
		in->threshold = (int)rng_range(r, 10, 20);
		break;
	default:
		break;
	}
}

/* ---- statement helpers -------------------------------------------------- */

void txn_ctx_init(txn_ctx *x, db_conn *c, const dialect *d, vu_stats *stats, int procedures)
{
	memset(x, 0, sizeof *x);
	x->conn = c;
	x->d = d;
	x->stats = stats;
	x->procedures = procedures;
}

void txn_release(txn_ctx *x)
{
	txn_proc_release(x);
	for (int i = 0; i < S_COUNT; i++)
		if (x->st[i]) {
			x->conn->drv->finalize(x->st[i]);
			x->st[i] = NULL;
		}
}

/* Execute statement id; returns the statement (rows ready to fetch) or NULL. */
static db_stmt *run(txn_ctx *x, enum stmt_id id, const db_param *p, int n,
		    int64_t *affected, db_error *e)
{
	const db_driver *drv = x->conn->drv;
	if (!x->st[id]) {
		char sql[1024];
		dialect_stmt_sql(x->d, id, sql, sizeof sql);
		if (drv->prepare(x->conn, sql, &x->st[id], e) != 0)
			return NULL;
	}
	if (drv->execute(x->st[id], p, n, affected, e) != 0)
		return NULL;
	return x->st[id];
}

/* Execute and fetch exactly one row; -1 on error, 0 when there is no row
 * (the statement is then reset), 1 with the row ready. */
static int run_row(txn_ctx *x, enum stmt_id id, const db_param *p, int n, db_error *e)
{
	db_stmt *s = run(x, id, p, n, NULL, e);
	if (!s)
		return -1;
	int rc = x->conn->drv->fetch(s, e);
	if (rc <= 0)
		x->conn->drv->reset(s);
	return rc;
}

static void done(txn_ctx *x, enum stmt_id id)
{
	x->conn->drv->reset(x->st[id]);
}

#define P(...) ((const db_param[]){ __VA_ARGS__ })
#define NP(...) (int)(sizeof((const db_param[]){ __VA_ARGS__ }) / sizeof(db_param))
#define RUN(id, aff, ...) run(x, id, P(__VA_ARGS__), NP(__VA_ARGS__), aff, e)
#define ROW(id, ...) run_row(x, id, P(__VA_ARGS__), NP(__VA_ARGS__), e)
#define I(v) db_p_int(v)
#define D(v) db_p_dbl(v)
#define T(s) db_p_text((s), strlen(s))
#define DRV (x->conn->drv)

static int missing(db_error *e, enum stmt_id id)
{
	return db_error_set(e, DB_FATAL, 0, "HY000", "%s: expected a row, found none "
			    "(is the schema loaded and consistent?)", dialect_stmt_name(id));
}

/* Customer by last name: the middle row of those sorted by c_first. */
static int customer_by_name(txn_ctx *x, int w, int d, const char *last, int *c_id, db_error *e)
{
	int ids[256], n = 0, rc;
	db_stmt *s = RUN(S_CUST_BY_NAME, NULL, I(w), I(d), T(last));
	if (!s)
		return -1;
	while ((rc = DRV->fetch(s, e)) == 1)
		if (n < (int)(sizeof ids / sizeof ids[0]))
			ids[n++] = (int)DRV->col_int(s, 0);
	DRV->reset(s);
	if (rc < 0)
		return -1;
	if (n == 0)
		return missing(e, S_CUST_BY_NAME);
	*c_id = ids[(n + 1) / 2 - 1];
	return 0;
}

/* ---- New-Order (2.4) ---------------------------------------------------- */

static int new_order(txn_ctx *x, const txn_input *in, db_error *e)
{
	char now[20];
	int rc;
	timestamp_text(now);

	if (DRV->begin(x->conn, 1, e))
		return -1;
	if ((rc = ROW(S_NO_WAREHOUSE, I(in->w_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_NO_WAREHOUSE);
	double w_tax = DRV->col_double(x->st[S_NO_WAREHOUSE], 0);
	done(x, S_NO_WAREHOUSE);

	if ((rc = ROW(S_NO_DISTRICT, I(in->w_id), I(in->d_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_NO_DISTRICT);
	double d_tax = DRV->col_double(x->st[S_NO_DISTRICT], 0);
	int o_id = (int)DRV->col_int(x->st[S_NO_DISTRICT], 1);
	done(x, S_NO_DISTRICT);

	if (!RUN(S_NO_DISTRICT_UPD, NULL, I(in->w_id), I(in->d_id)))
		return -1;
	if ((rc = ROW(S_NO_CUSTOMER, I(in->w_id), I(in->d_id), I(in->c_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_NO_CUSTOMER);
	double c_discount = DRV->col_double(x->st[S_NO_CUSTOMER], 0);
	done(x, S_NO_CUSTOMER);

	if (!RUN(S_NO_ORDER_INS, NULL, I(o_id), I(in->d_id), I(in->w_id), I(in->c_id),
		 T(now), I(in->ol_cnt), I(in->all_local)))
		return -1;
	if (!RUN(S_NO_NEW_ORDER_INS, NULL, I(o_id), I(in->d_id), I(in->w_id)))
		return -1;

	double total = 0;
	int remote = 0;
	enum stmt_id sid = (enum stmt_id)(S_NO_STOCK_01 + in->d_id - 1);
	for (int i = 0; i < in->ol_cnt; i++) {
		int i_id = in->ol[i].i_id, sw = in->ol[i].supply_w_id, qty = in->ol[i].qty;
		if ((rc = ROW(S_NO_ITEM, I(i_id))) < 0)
			return -1;
		if (rc == 0) {
			/* The unused item: the spec's deliberate rollback. */
			if (DRV->rollback(x->conn, e))
				return -1;
			stat_add(&x->stats->audit[AU_NO_ROLLBACKS], 1);
			return 1;
		}
		double price = DRV->col_double(x->st[S_NO_ITEM], 0);
		done(x, S_NO_ITEM);

		if ((rc = ROW(sid, I(i_id), I(sw))) <= 0)
			return rc < 0 ? -1 : missing(e, sid);
		int s_qty = (int)DRV->col_int(x->st[sid], 0);
		char dist[32];
		size_t dlen;
		const char *dp = DRV->col_text(x->st[sid], 2, &dlen);
		if (dlen >= sizeof dist)
			dlen = sizeof dist - 1;
		memcpy(dist, dp ? dp : "", dp ? dlen : 0);
		dist[dp ? dlen : 0] = '\0';
		done(x, sid);

		s_qty = s_qty >= qty + 10 ? s_qty - qty : s_qty - qty + 91;
		int is_remote = sw != in->w_id;
		remote += is_remote;
		if (!RUN(S_NO_STOCK_UPD, NULL, I(s_qty), I(qty), I(is_remote), I(i_id), I(sw)))
			return -1;
		double amount = qty * price;
		total += amount;
		if (!RUN(S_NO_ORDER_LINE_INS, NULL, I(o_id), I(in->d_id), I(in->w_id), I(i + 1),
			 I(i_id), I(sw), I(qty), D(amount), T(dist)))
			return -1;
	}
	total *= (1 - c_discount) * (1 + w_tax + d_tax);
	(void)total; /* what the terminal would display */
	if (DRV->commit(x->conn, e))
		return -1;
	x->last_o_id = o_id;
	stat_add(&x->stats->audit[AU_NO_LINES], (uint64_t)in->ol_cnt);
	stat_add(&x->stats->audit[AU_NO_REMOTE_LINES], (uint64_t)remote);
	return 0;
}

/* ---- Payment (2.5) ------------------------------------------------------ */

static int payment(txn_ctx *x, const txn_input *in, db_error *e)
{
	char now[20], w_name[16] = "", d_name[16] = "", h_data[32];
	int rc, c_id = in->c_id;
	size_t len;
	const char *s;
	timestamp_text(now);

	if (DRV->begin(x->conn, 1, e))
		return -1;
	if (!RUN(S_PAY_WAREHOUSE_UPD, NULL, D(in->h_amount), I(in->w_id)))
		return -1;
	if ((rc = ROW(S_PAY_WAREHOUSE, I(in->w_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_PAY_WAREHOUSE);
	if ((s = DRV->col_text(x->st[S_PAY_WAREHOUSE], 5, &len)))
		snprintf(w_name, sizeof w_name, "%.*s", (int)len, s);
	done(x, S_PAY_WAREHOUSE);

	if (!RUN(S_PAY_DISTRICT_UPD, NULL, D(in->h_amount), I(in->w_id), I(in->d_id)))
		return -1;
	if ((rc = ROW(S_PAY_DISTRICT, I(in->w_id), I(in->d_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_PAY_DISTRICT);
	if ((s = DRV->col_text(x->st[S_PAY_DISTRICT], 5, &len)))
		snprintf(d_name, sizeof d_name, "%.*s", (int)len, s);
	done(x, S_PAY_DISTRICT);

	if (in->byname && customer_by_name(x, in->c_w_id, in->c_d_id, in->c_last, &c_id, e))
		return -1;
	if ((rc = ROW(S_PAY_CUSTOMER, I(in->c_w_id), I(in->c_d_id), I(c_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_PAY_CUSTOMER);
	s = DRV->col_text(x->st[S_PAY_CUSTOMER], 10, &len);
	int bad_credit = s && len >= 2 && s[0] == 'B' && s[1] == 'C';
	done(x, S_PAY_CUSTOMER);

	if (bad_credit) {
		char data[501], old[501] = "";
		if ((rc = ROW(S_PAY_CUSTOMER_DATA, I(in->c_w_id), I(in->c_d_id), I(c_id))) <= 0)
			return rc < 0 ? -1 : missing(e, S_PAY_CUSTOMER_DATA);
		if ((s = DRV->col_text(x->st[S_PAY_CUSTOMER_DATA], 0, &len)))
			snprintf(old, sizeof old, "%.*s", (int)len, s);
		done(x, S_PAY_CUSTOMER_DATA);
		/* New history in front, the whole kept to 500 characters (2.5.2.2):
		 * the old text is cut explicitly, which also keeps GCC's truncation
		 * warning (an error under -Werror at -O1) quiet. */
		int n = snprintf(data, sizeof data, "%d %d %d %d %d %.2f|", c_id, in->c_d_id,
				 in->c_w_id, in->d_id, in->w_id, in->h_amount);
		if (n > 0 && (size_t)n < sizeof data)
			str_copy(data + n, old, sizeof data - (size_t)n);
		if (!RUN(S_PAY_CUSTOMER_UPD_BC, NULL, D(in->h_amount), D(in->h_amount), T(data),
			 I(in->c_w_id), I(in->c_d_id), I(c_id)))
			return -1;
	} else if (!RUN(S_PAY_CUSTOMER_UPD, NULL, D(in->h_amount), D(in->h_amount),
			I(in->c_w_id), I(in->c_d_id), I(c_id)))
		return -1;

	/* w_name and d_name are at most 10 characters (clause 1.3), which is
	 * what keeps h_data within its 24. */
	snprintf(h_data, sizeof h_data, "%.10s    %.10s", w_name, d_name);
	if (!RUN(S_PAY_HISTORY_INS, NULL, I(in->c_d_id), I(in->c_w_id), I(c_id), I(in->d_id),
		 I(in->w_id), T(now), D(in->h_amount), T(h_data)))
		return -1;
	if (DRV->commit(x->conn, e))
		return -1;
	if (in->c_w_id != in->w_id)
		stat_add(&x->stats->audit[AU_PAY_REMOTE], 1);
	if (in->byname)
		stat_add(&x->stats->audit[AU_PAY_BYNAME], 1);
	return 0;
}

/* ---- Order-Status (2.6) ------------------------------------------------- */

static int order_status(txn_ctx *x, const txn_input *in, db_error *e)
{
	int rc, c_id = in->c_id;

	if (DRV->begin(x->conn, 0, e))
		return -1;
	if (in->byname && customer_by_name(x, in->w_id, in->d_id, in->c_last, &c_id, e))
		return -1;
	if ((rc = ROW(S_OS_CUSTOMER, I(in->w_id), I(in->d_id), I(c_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_OS_CUSTOMER);
	done(x, S_OS_CUSTOMER);
	if ((rc = ROW(S_OS_ORDER, I(in->w_id), I(in->d_id), I(c_id))) < 0)
		return -1;
	if (rc == 1) {
		int o_id = (int)DRV->col_int(x->st[S_OS_ORDER], 0);
		done(x, S_OS_ORDER);
		db_stmt *s = RUN(S_OS_ORDER_LINES, NULL, I(in->w_id), I(in->d_id), I(o_id));
		if (!s)
			return -1;
		while ((rc = DRV->fetch(s, e)) == 1)
			;
		DRV->reset(s);
		if (rc < 0)
			return -1;
	}
	if (DRV->commit(x->conn, e))
		return -1;
	if (in->byname)
		stat_add(&x->stats->audit[AU_OS_BYNAME], 1);
	return 0;
}

/* ---- Delivery (2.7), run in the foreground ------------------------------- */

static int delivery(txn_ctx *x, const txn_input *in, db_error *e)
{
	char now[20];
	int rc, skipped = 0;
	timestamp_text(now);

	if (DRV->begin(x->conn, 1, e))
		return -1;
	for (int d = 1; d <= 10; d++) {
		if ((rc = ROW(S_DL_NEW_ORDER, I(in->w_id), I(d))) < 0)
			return -1;
		if (rc == 0) {
			skipped++;
			continue;
		}
		int o_id = (int)DRV->col_int(x->st[S_DL_NEW_ORDER], 0);
		done(x, S_DL_NEW_ORDER);
		int64_t n = 0;
		if (!RUN(S_DL_NEW_ORDER_DEL, &n, I(in->w_id), I(d), I(o_id)))
			return -1;
		if ((rc = ROW(S_DL_ORDER, I(in->w_id), I(d), I(o_id))) <= 0)
			return rc < 0 ? -1 : missing(e, S_DL_ORDER);
		int c_id = (int)DRV->col_int(x->st[S_DL_ORDER], 0);
		done(x, S_DL_ORDER);
		if (!RUN(S_DL_ORDER_UPD, NULL, I(in->carrier_id), I(in->w_id), I(d), I(o_id)))
			return -1;
		if (!RUN(S_DL_ORDER_LINE_UPD, NULL, T(now), I(in->w_id), I(d), I(o_id)))
			return -1;
		if ((rc = ROW(S_DL_ORDER_LINE_SUM, I(in->w_id), I(d), I(o_id))) < 0)
			return -1;
		double sum = rc == 1 ? DRV->col_double(x->st[S_DL_ORDER_LINE_SUM], 0) : 0;
		if (rc == 1)
			done(x, S_DL_ORDER_LINE_SUM);
		if (!RUN(S_DL_CUSTOMER_UPD, NULL, D(sum), I(in->w_id), I(d), I(c_id)))
			return -1;
	}
	if (DRV->commit(x->conn, e))
		return -1;
	if (skipped)
		stat_add(&x->stats->audit[AU_DL_SKIPPED], (uint64_t)skipped);
	return 0;
}

/* ---- Stock-Level (2.8) -------------------------------------------------- */

static int stock_level(txn_ctx *x, const txn_input *in, db_error *e)
{
	int rc;
	if (DRV->begin(x->conn, 0, e))
		return -1;
	if ((rc = ROW(S_SL_DISTRICT, I(in->w_id), I(in->d_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_SL_DISTRICT);
	int next = (int)DRV->col_int(x->st[S_SL_DISTRICT], 0);
	done(x, S_SL_DISTRICT);
	if ((rc = ROW(S_SL_STOCK_COUNT, I(in->w_id), I(in->d_id), I(next), I(next - 20),
		      I(in->w_id), I(in->threshold))) < 0)
		return -1;
	if (rc == 1)
		done(x, S_SL_STOCK_COUNT);
	return DRV->commit(x->conn, e) ? -1 : 0;
}

int txn_exec(txn_ctx *x, const txn_input *in, db_error *e)
{
	int rc;
	db_error_clear(e);
	if (x->procedures)
		rc = txn_proc_exec(x, in, e);
	else switch (in->type) {
	case TX_NEW_ORDER:    rc = new_order(x, in, e); break;
	case TX_PAYMENT:      rc = payment(x, in, e); break;
	case TX_ORDER_STATUS: rc = order_status(x, in, e); break;
	case TX_DELIVERY:     rc = delivery(x, in, e); break;
	case TX_STOCK_LEVEL:  rc = stock_level(x, in, e); break;
	default: return db_error_set(e, DB_FATAL, 0, "HY000", "unknown transaction type");
	}
	if (rc < 0 && e->cls != DB_RECONNECT) {
		db_error ignore;
		DRV->rollback(x->conn, &ignore);
	}
	return rc;
}
