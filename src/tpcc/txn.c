/* txn.c: the five transactions (clauses 2.4 to 2.8), one statement per
 * round trip, as few round trips as the work allows: New-Order reads its
 * items, locks its stock rows, sets them and inserts its lines a set at a
 * time rather than a line at a time.  Statements are prepared on first use
 * and kept for the life of the connection; a transaction allocates
 * nothing. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "txn.h"
#include "util/util.h"

/* ---- inputs ------------------------------------------------------------ */

static int other_warehouse(const txn_terminal *t, tpcc_rng *r, int w)
{
	int o = (int)rng_range(r, 1, t->warehouses - 1);
	return o >= w ? o + 1 : o;
}

/* By supplying warehouse, then item: the order of the stock table's
 * primary key, in which the server locks a warehouse's rows of one IN list,
 * so the warehouses' statements, run in this order, lock in it too.  The
 * unused item, which has no stock row, stays the last line (2.4.1.5). */
static int cmp_ol(const void *a, const void *b)
{
	const int *x = a, *y = b; /* i_id, supply_w_id */
	if ((x[0] == UNUSED_ITEM_ID) != (y[0] == UNUSED_ITEM_ID))
		return x[0] == UNUSED_ITEM_ID ? 1 : -1;
	if (x[1] != y[1])
		return x[1] < y[1] ? -1 : 1;
	return (x[0] > y[0]) - (x[0] < y[0]);
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
		 * deadlock on each other's items. */
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
		char sql[4096]; /* New-Order's stock update is the longest */
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

/* The timestamp the transactions write: formatted again only when the
 * second changes. */
static const char *now_text(txn_ctx *x)
{
	time_t t = time(NULL);
	if ((long long)t != x->now_sec) {
		timestamp_text(x->now);
		x->now_sec = (long long)t;
	}
	return x->now;
}

/* ---- New-Order (2.4) ---------------------------------------------------- */

/* What New-Order learns per line, on the stack. */
typedef struct no_line {
	double price;
	int found;          /* the item exists */
	int stocked;        /* its stock row was read */
	int s_qty;          /* the stock row's quantity when read */
	char dist[25];      /* s_dist_xx for the order's district */
} no_line;

/* Fill p[0..DIALECT_SLOTS) with the ids of lines [from, to), the last one
 * repeated into the unused slots (a repeat changes nothing in an IN list). */
static void in_list(db_param *p, const txn_input *in, int from, int to)
{
	for (int i = 0; i < DIALECT_SLOTS; i++)
		p[i] = I(in->ol[from + i < to ? from + i : to - 1].i_id);
}

/* Read every line's item in one statement.  Returns 0, 1 when an item is
 * missing (the unused item of the 1% rollback), -1 on error. */
static int no_items(txn_ctx *x, const txn_input *in, no_line *l, db_error *e)
{
	db_param p[DIALECT_SLOTS];
	int rc, missing_item = 0;

	in_list(p, in, 0, in->ol_cnt);
	db_stmt *s = run(x, S_NO_ITEMS, p, DIALECT_SLOTS, NULL, e);
	if (!s)
		return -1;
	while ((rc = DRV->fetch(s, e)) == 1) {
		int id = (int)DRV->col_int(s, 0);
		double price = DRV->col_double(s, 1);
		for (int i = 0; i < in->ol_cnt; i++)
			if (in->ol[i].i_id == id) {
				l[i].price = price;
				l[i].found = 1;
			}
	}
	DRV->reset(s);
	if (rc < 0)
		return -1;
	for (int i = 0; i < in->ol_cnt; i++)
		missing_item |= !l[i].found;
	return missing_item;
}

/* Lock and read the stock rows of lines [from, to), which share a
 * supplying warehouse, in one statement. */
static int no_stock_read(txn_ctx *x, const txn_input *in, int from, int to, no_line *l,
			 db_error *e)
{
	enum stmt_id sid = (enum stmt_id)(S_NO_STOCK_01 + in->d_id - 1);
	db_param p[1 + DIALECT_SLOTS];
	int rc;

	p[0] = I(in->ol[from].supply_w_id);
	in_list(p + 1, in, from, to);
	db_stmt *s = run(x, sid, p, 1 + DIALECT_SLOTS, NULL, e);
	if (!s)
		return -1;
	while ((rc = DRV->fetch(s, e)) == 1) {
		int id = (int)DRV->col_int(s, 0), qty = (int)DRV->col_int(s, 1);
		size_t dlen = 0;
		const char *dp = DRV->col_text(s, 3, &dlen);
		if (!dp)
			dlen = 0;
		if (dlen >= sizeof l[0].dist)
			dlen = sizeof l[0].dist - 1;
		for (int i = from; i < to; i++)
			if (in->ol[i].i_id == id) {
				l[i].s_qty = qty;
				l[i].stocked = 1;
				memcpy(l[i].dist, dp ? dp : "", dlen);
				l[i].dist[dlen] = '\0';
			}
	}
	DRV->reset(s);
	if (rc < 0)
		return -1;
	for (int i = from; i < to; i++)
		if (!l[i].stocked)
			return missing(e, sid);
	return 0;
}

/* Set the stock rows of lines [from, to) (one supplying warehouse, sorted
 * by item) in one UPDATE: four CASE lists (new quantity, and the ytd, order
 * and remote increments) keyed by item, then the warehouse and the IN
 * list.  An item named on two lines is one CASE entry that applies both. */
static int no_stock_update(txn_ctx *x, const txn_input *in, int from, int to,
			   const no_line *l, db_error *e)
{
	enum { NV = 4 };
	int id[DIALECT_SLOTS], val[DIALECT_SLOTS][NV], n = 0;
	int remote = in->ol[from].supply_w_id != in->w_id;
	db_param p[NV * 2 * DIALECT_SLOTS + 1 + DIALECT_SLOTS];

	for (int i = from; i < to; i++) {
		int qty = in->ol[i].qty;
		if (n == 0 || id[n - 1] != in->ol[i].i_id) {
			id[n] = in->ol[i].i_id;
			val[n][0] = l[i].s_qty;
			val[n][1] = val[n][2] = val[n][3] = 0;
			n++;
		}
		int *v = val[n - 1];
		/* 2.4.2.2: take the quantity, restocking by 91 below 10 left. */
		v[0] = v[0] >= qty + 10 ? v[0] - qty : v[0] - qty + 91;
		v[1] += qty;
		v[2] += 1;
		v[3] += remote;
	}
	/* An empty group has no stock to set (the callers never pass one); the
	 * slots below repeat the last item, so there must be one. */
	if (n == 0)
		return 0;
	for (int c = 0; c < NV; c++)
		for (int k = 0; k < DIALECT_SLOTS; k++) {
			int j = k < n ? k : n - 1;
			p[c * 2 * DIALECT_SLOTS + 2 * k] = I(id[j]);
			p[c * 2 * DIALECT_SLOTS + 2 * k + 1] = I(val[j][c]);
		}
	p[NV * 2 * DIALECT_SLOTS] = I(in->ol[from].supply_w_id);
	in_list(p + NV * 2 * DIALECT_SLOTS + 1, in, from, to);
	return run(x, S_NO_STOCK_UPD, p, (int)(sizeof p / sizeof p[0]), NULL, e) ? 0 : -1;
}

/* The end of the run of lines from `from` that share its supplying
 * warehouse. */
static int group_end(const txn_input *in, int from)
{
	int to = from + 1;
	while (to < in->ol_cnt && in->ol[to].supply_w_id == in->ol[from].supply_w_id)
		to++;
	return to;
}

/* Lock, read and set the stock rows one supplying warehouse at a time, in
 * ascending warehouse order (the lines are sorted so).  All the reads come
 * first, so every row is locked in key order before any is written. */
static int no_stock(txn_ctx *x, const txn_input *in, no_line *l, db_error *e)
{
	for (int from = 0; from < in->ol_cnt; from = group_end(in, from))
		if (no_stock_read(x, in, from, group_end(in, from), l, e))
			return -1;
	for (int from = 0; from < in->ol_cnt; from = group_end(in, from))
		if (no_stock_update(x, in, from, group_end(in, from), l, e))
			return -1;
	return 0;
}

/* Insert all the order's lines in one multi-row INSERT. */
static int no_order_lines(txn_ctx *x, const txn_input *in, int o_id, const no_line *l,
			  db_error *e)
{
	enum { NC = 9 };
	db_param p[NC * MAX_OL];

	for (int i = 0; i < in->ol_cnt; i++) {
		db_param *r = p + NC * i;
		r[0] = I(o_id);
		r[1] = I(in->d_id);
		r[2] = I(in->w_id);
		r[3] = I(i + 1);
		r[4] = I(in->ol[i].i_id);
		r[5] = I(in->ol[i].supply_w_id);
		r[6] = I(in->ol[i].qty);
		r[7] = D(in->ol[i].qty * l[i].price);
		r[8] = T(l[i].dist);
	}
	enum stmt_id sid = (enum stmt_id)(S_NO_ORDER_LINES + in->ol_cnt - 1);
	return run(x, sid, p, NC * in->ol_cnt, NULL, e) ? 0 : -1;
}

static int new_order(txn_ctx *x, const txn_input *in, db_error *e)
{
	no_line l[MAX_OL];
	int rc;

	memset(l, 0, sizeof l);
	if (DRV->begin(x->conn, 1, e))
		return -1;
	if ((rc = ROW(S_NO_WH_CUSTOMER, I(in->w_id), I(in->d_id), I(in->c_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_NO_WH_CUSTOMER);
	double w_tax = DRV->col_double(x->st[S_NO_WH_CUSTOMER], 0);
	double c_discount = DRV->col_double(x->st[S_NO_WH_CUSTOMER], 1);
	done(x, S_NO_WH_CUSTOMER);

	/* The district row is the one every VU of this district queues for,
	 * so it is locked after the items and the stock, and held only through
	 * the inserts and the commit.  The 1% with an unused item still lock
	 * it and write their order before rolling back: real work undone, as
	 * the spec means them to. */
	int unused = no_items(x, in, l, e);
	if (unused < 0 || (!unused && no_stock(x, in, l, e)))
		return -1;

	if ((rc = ROW(S_NO_DISTRICT, I(in->w_id), I(in->d_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_NO_DISTRICT);
	double d_tax = DRV->col_double(x->st[S_NO_DISTRICT], 0);
	int o_id = (int)DRV->col_int(x->st[S_NO_DISTRICT], 1);
	done(x, S_NO_DISTRICT);

	if (!RUN(S_NO_DISTRICT_UPD, NULL, I(in->w_id), I(in->d_id)))
		return -1;
	if (!RUN(S_NO_ORDER_INS, NULL, I(o_id), I(in->d_id), I(in->w_id), I(in->c_id),
		 T(now_text(x)), I(in->ol_cnt), I(in->all_local)))
		return -1;
	if (!RUN(S_NO_NEW_ORDER_INS, NULL, I(o_id), I(in->d_id), I(in->w_id)))
		return -1;
	if (unused) {
		if (DRV->rollback(x->conn, e))
			return -1;
		stat_add(&x->stats->audit[AU_NO_ROLLBACKS], 1);
		return 1;
	}
	if (no_order_lines(x, in, o_id, l, e))
		return -1;

	double total = 0;
	int remote = 0;
	for (int i = 0; i < in->ol_cnt; i++) {
		total += in->ol[i].qty * l[i].price;
		remote += in->ol[i].supply_w_id != in->w_id;
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
	char w_name[16] = "", d_name[16] = "", h_data[32];
	int rc, c_id = in->c_id;
	size_t len;
	const char *s;

	if (DRV->begin(x->conn, 1, e))
		return -1;
	/* The warehouse and district rows are what the VUs of a warehouse
	 * queue for: they are updated last, just before the commit, and the
	 * names (which never change) read first without a lock. */
	if ((rc = ROW(S_PAY_WH_DISTRICT, I(in->w_id), I(in->d_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_PAY_WH_DISTRICT);
	if ((s = DRV->col_text(x->st[S_PAY_WH_DISTRICT], 5, &len)))
		snprintf(w_name, sizeof w_name, "%.*s", (int)len, s);
	if ((s = DRV->col_text(x->st[S_PAY_WH_DISTRICT], 11, &len)))
		snprintf(d_name, sizeof d_name, "%.*s", (int)len, s);
	done(x, S_PAY_WH_DISTRICT);

	if (in->byname && customer_by_name(x, in->c_w_id, in->c_d_id, in->c_last, &c_id, e))
		return -1;
	if ((rc = ROW(S_PAY_CUSTOMER, I(in->c_w_id), I(in->c_d_id), I(c_id))) <= 0)
		return rc < 0 ? -1 : missing(e, S_PAY_CUSTOMER);
	s = DRV->col_text(x->st[S_PAY_CUSTOMER], 10, &len);
	int bad_credit = s && len >= 2 && s[0] == 'B' && s[1] == 'C';
	char data[501], old[501] = "";
	/* The last column holds c_data for a bad-credit customer only. */
	if (bad_credit && (s = DRV->col_text(x->st[S_PAY_CUSTOMER], 14, &len)))
		snprintf(old, sizeof old, "%.*s", (int)len, s);
	done(x, S_PAY_CUSTOMER);

	if (bad_credit) {
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
		 I(in->w_id), T(now_text(x)), D(in->h_amount), T(h_data)))
		return -1;
	if (!RUN(S_PAY_DISTRICT_UPD, NULL, D(in->h_amount), I(in->w_id), I(in->d_id)) ||
	    !RUN(S_PAY_WAREHOUSE_UPD, NULL, D(in->h_amount), I(in->w_id)))
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

/* The orders being delivered: district and order id, one per district
 * that has a new_order row. */
typedef struct dl_batch {
	int n, d[DIALECT_DISTRICTS], o[DIALECT_DISTRICTS];
	int c[DIALECT_DISTRICTS];      /* o_c_id */
	double sum[DIALECT_DISTRICTS]; /* sum(ol_amount) */
} dl_batch;

/* Write the DIALECT_DISTRICTS keys (warehouse, district, id) of the batch's
 * orders, or with c set of their customers, repeating the last into the
 * unused ones (a repeated key matches the same row). */
static db_param *dl_keys(db_param *p, int w, const dl_batch *b, int customers)
{
	for (int k = 0; k < DIALECT_DISTRICTS; k++) {
		int j = k < b->n ? k : b->n - 1;
		*p++ = I(w);
		*p++ = I(b->d[j]);
		*p++ = I(customers ? b->c[j] : b->o[j]);
	}
	return p;
}

/* Each order's customer and the sum of its lines, in one statement. */
static int dl_orders(txn_ctx *x, int w, dl_batch *b, db_error *e)
{
	db_param p[3 * DIALECT_DISTRICTS];
	int rc, found = 0;

	dl_keys(p, w, b, 0);
	db_stmt *s = run(x, S_DL_ORDERS, p, 3 * DIALECT_DISTRICTS, NULL, e);
	if (!s)
		return -1;
	while ((rc = DRV->fetch(s, e)) == 1) {
		int d = (int)DRV->col_int(s, 0);
		for (int k = 0; k < b->n; k++)
			if (b->d[k] == d) {
				b->c[k] = (int)DRV->col_int(s, 1);
				b->sum[k] = DRV->col_double(s, 2);
				found++;
			}
	}
	DRV->reset(s);
	if (rc < 0)
		return -1;
	return found == b->n ? 0 : missing(e, S_DL_ORDERS);
}

/* Deliver the batch's orders with one statement per table: delete their
 * new_order rows, set their carrier and their lines' delivery date, and
 * credit their customers. */
static int dl_deliver(txn_ctx *x, const txn_input *in, dl_batch *b, db_error *e)
{
	db_param p[2 * DIALECT_DISTRICTS + 3 * DIALECT_DISTRICTS], *q;
	int w = in->w_id;

	dl_keys(p, w, b, 0);
	if (!run(x, S_DL_NEW_ORDER_DEL, p, 3 * DIALECT_DISTRICTS, NULL, e))
		return -1;
	if (dl_orders(x, w, b, e))
		return -1;
	p[0] = I(in->carrier_id);
	dl_keys(p + 1, w, b, 0);
	if (!run(x, S_DL_ORDER_UPD, p, 1 + 3 * DIALECT_DISTRICTS, NULL, e))
		return -1;
	p[0] = T(now_text(x)); /* the same keys follow */
	if (!run(x, S_DL_ORDER_LINE_UPD, p, 1 + 3 * DIALECT_DISTRICTS, NULL, e))
		return -1;
	q = p;
	for (int k = 0; k < DIALECT_DISTRICTS; k++) {
		int j = k < b->n ? k : b->n - 1;
		*q++ = I(b->d[j]);
		*q++ = D(b->sum[j]);
	}
	q = dl_keys(q, w, b, 1);
	return run(x, S_DL_CUSTOMER_UPD, p, (int)(q - p), NULL, e) ? 0 : -1;
}

/* Find and lock each district's oldest new order (one statement per
 * district, as a set form would lock every row it scanned), then deliver
 * them all at once. */
static int delivery(txn_ctx *x, const txn_input *in, db_error *e)
{
	dl_batch b = { .n = 0 };
	int rc;

	if (DRV->begin(x->conn, 1, e))
		return -1;
	for (int d = 1; d <= DIALECT_DISTRICTS; d++) {
		if ((rc = ROW(S_DL_NEW_ORDER, I(in->w_id), I(d))) < 0)
			return -1;
		if (rc == 0)
			continue;
		b.d[b.n] = d;
		b.o[b.n++] = (int)DRV->col_int(x->st[S_DL_NEW_ORDER], 0);
		done(x, S_DL_NEW_ORDER);
	}
	if (b.n && dl_deliver(x, in, &b, e))
		return -1;
	if (DRV->commit(x->conn, e))
		return -1;
	if (b.n < DIALECT_DISTRICTS)
		stat_add(&x->stats->audit[AU_DL_SKIPPED], (uint64_t)(DIALECT_DISTRICTS - b.n));
	return 0;
}

/* ---- Stock-Level (2.8) -------------------------------------------------- */

/* One statement: the district's next order id is joined in. */
static int stock_level(txn_ctx *x, const txn_input *in, db_error *e)
{
	int rc;
	if (DRV->begin(x->conn, 0, e))
		return -1;
	if ((rc = ROW(S_SL_STOCK_COUNT, I(in->w_id), I(in->d_id), I(in->threshold))) < 0)
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
