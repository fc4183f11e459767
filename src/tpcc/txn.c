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
static int cmp_ol(const struct txn_line *x, const struct txn_line *y)
{
	if ((x->i_id == UNUSED_ITEM_ID) != (y->i_id == UNUSED_ITEM_ID))
		return x->i_id == UNUSED_ITEM_ID ? 1 : -1;
	if (x->supply_w_id != y->supply_w_id)
		return x->supply_w_id < y->supply_w_id ? -1 : 1;
	return (x->i_id > y->i_id) - (x->i_id < y->i_id);
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
		in->rollback = rng_range(r, 1, 100) <= (t->rollback_pct > 0 ? t->rollback_pct : 1);
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
		 * deadlock on each other's items.  An insertion sort: 15 lines
		 * at most, and qsort's merge sort cost more than the rest of
		 * the generation (perf). */
		for (int i = 1; i < in->ol_cnt; i++) {
			int j = i;
			struct txn_line l = in->ol[i];
			for (; j > 0 && cmp_ol(&in->ol[j - 1], &l) > 0; j--)
				in->ol[j] = in->ol[j - 1];
			in->ol[j] = l;
		}
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

void txn_ctx_init(txn_ctx *x, db_conn *c, const dialect *d, vu_stats *stats, int procedures,
		  int pipeline)
{
	memset(x, 0, sizeof *x);
	x->conn = c;
	x->d = d;
	x->stats = stats;
	x->procedures = procedures;
	x->pipeline = pipeline;
}

static void batch_free(txn_batch *b);

void txn_release(txn_ctx *x)
{
	txn_proc_release(x);
	for (int i = 0; i < S_COUNT; i++)
		if (x->st[i]) {
			x->conn->drv->finalize(x->st[i]);
			x->st[i] = NULL;
		}
	batch_free(x->batch);
	x->batch = NULL;
}

/* Statement id, prepared on first use. */
static db_stmt *stmt(txn_ctx *x, enum stmt_id id, db_error *e)
{
	if (!x->st[id]) {
		char sql[4096]; /* New-Order's stock update is the longest */
		dialect_stmt_sql(x->d, id, sql, sizeof sql);
		if (x->conn->drv->prepare(x->conn, sql, &x->st[id], e) != 0)
			return NULL;
	}
	return x->st[id];
}

/* ---- batches ------------------------------------------------------------ */

/* The statements of a transaction that wait for no result of each other
 * go out as one batch (db_batch): one round trip where the driver
 * pipelines, one per statement where it cannot.  The most statements a
 * batch holds is New-Order's stock reads or updates, one per supplying
 * warehouse. */
enum { BATCH_MAX = MAX_OL + 8, STOCK_UPD_PARAMS = 4 * 2 * DIALECT_SLOTS + 1 + DIALECT_SLOTS };

struct txn_batch {
	db_batch_item it[BATCH_MAX];
	size_t off[BATCH_MAX];     /* where each statement's parameters start in p */
	enum stmt_id id[BATCH_MAX];
	int aux[BATCH_MAX];        /* what the caller notes per statement */
	int n;
	size_t np, cap;
	/* The statements' parameters, in order: grown to what the largest
	 * batch so far needed (a few hundred, 15 stock updates' 2,040 in
	 * the rare New-Order supplied from 15 warehouses), so that thousands
	 * of VUs do not each carry the most any batch could need. */
	db_param *p;
};

static void batch_free(txn_batch *b)
{
	if (b)
		free(b->p);
	free(b);
}

/* An empty batch (made once per connection: a transaction allocates
 * nothing once its batches have been as large before). */
static txn_batch *batch_start(txn_ctx *x, db_error *e)
{
	if (!x->batch && !(x->batch = calloc(1, sizeof *x->batch))) {
		db_error_set(e, DB_FATAL, 0, "HY001", "out of memory");
		return NULL;
	}
	x->batch->n = 0;
	x->batch->np = 0;
	return x->batch;
}

/* Where the next statement's parameters go, with room for max of them;
 * NULL when the batch is full or memory is short. */
static db_param *batch_params(txn_batch *b, size_t max)
{
	if (b->n >= BATCH_MAX)
		return NULL;
	if (b->np + max > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 256;
		while (cap < b->np + max)
			cap *= 2;
		db_param *p = realloc(b->p, cap * sizeof *p);
		if (!p)
			return NULL;
		b->p = p;
		b->cap = cap;
	}
	return b->p + b->np;
}

/* Statement id with the n parameters written at batch_params(). */
static int batch_add(txn_ctx *x, enum stmt_id id, int aux, int n, db_error *e)
{
	txn_batch *b = x->batch;
	db_stmt *s;

	if (!batch_params(b, (size_t)n))
		return db_error_set(e, DB_FATAL, 0, "HY001", "%s: no room in the batch",
				    dialect_stmt_name(id));
	if (!(s = stmt(x, id, e)))
		return -1;
	b->it[b->n] = (db_batch_item){ .stmt = s, .nparams = n };
	b->off[b->n] = b->np;
	b->id[b->n] = id;
	b->aux[b->n++] = aux;
	b->np += (size_t)n;
	return 0;
}

static int batch_addv(txn_ctx *x, enum stmt_id id, int aux, const db_param *p, int n,
		      db_error *e)
{
	db_param *d = batch_params(x->batch, (size_t)n);
	if (d)
		memcpy(d, p, (size_t)n * sizeof *p);
	return batch_add(x, id, aux, n, e);
}

static int batch_run(txn_ctx *x, db_batch_end end, db_batch_fn fn, void *arg, db_error *e)
{
	txn_batch *b = x->batch;

	/* The parameters may have moved as the batch grew. */
	for (int i = 0; i < b->n; i++)
		b->it[i].params = b->p + b->off[i];
	return db_batch(x->conn, x->pipeline, b->it, b->n, end, fn, arg, e);
}

#define P(...) ((const db_param[]){ __VA_ARGS__ })
#define NP(...) (int)(sizeof((const db_param[]){ __VA_ARGS__ }) / sizeof(db_param))
#define ADD(id, ...) batch_addv(x, id, 0, P(__VA_ARGS__), NP(__VA_ARGS__), e)
#define I(v) db_p_int(v)
#define D(v) db_p_dbl(v)
#define T(s) db_p_text((s), strlen(s))
#define DRV (x->conn->drv)

static int missing(db_error *e, enum stmt_id id)
{
	return db_error_set(e, DB_FATAL, 0, "HY000", "%s: expected a row, found none "
			    "(is the schema loaded and consistent?)", dialect_stmt_name(id));
}

/* The one row a statement returns: 1 with it ready, 0 when there is none,
 * -1 on error. */
static int one_row(db_stmt *s, db_error *e)
{
	return s->conn->drv->fetch(s, e);
}

/* Customer by last name: the middle row of those sorted by c_first.
 * 1 with *c_id set, 0 when no customer has the name, -1 on error. */
static int by_name_rows(db_stmt *s, int *c_id, db_error *e)
{
	const db_driver *drv = s->conn->drv;
	int ids[256], n = 0, rc;

	while ((rc = drv->fetch(s, e)) == 1)
		if (n < (int)(sizeof ids / sizeof ids[0]))
			ids[n++] = (int)drv->col_int(s, 0);
	if (rc < 0)
		return -1;
	if (n == 0)
		return 0;
	*c_id = ids[(n + 1) / 2 - 1];
	return 1;
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

/* What New-Order learns per line. */
typedef struct no_line {
	double price;
	int found;          /* the item exists */
	int stocked;        /* its stock row was read */
	int s_qty;          /* the stock row's quantity when read */
	char dist[25];      /* s_dist_xx for the order's district */
} no_line;

typedef struct no_state {
	txn_ctx *x;
	const txn_input *in;
	no_line l[MAX_OL];
	int customer, district;  /* their rows were read */
	double w_tax, c_discount, d_tax;
	int o_id;
} no_state;

/* Fill p[0..DIALECT_SLOTS) with the ids of lines [from, to), the last one
 * repeated into the unused slots (a repeat changes nothing in an IN list). */
static void in_list(db_param *p, const txn_input *in, int from, int to)
{
	for (int i = 0; i < DIALECT_SLOTS; i++)
		p[i] = I(in->ol[from + i < to ? from + i : to - 1].i_id);
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

/* The item rows: each line's price.  1 when an item is missing (the unused
 * item of the 1% rollback): the stock reads behind it are not needed. */
static int no_items_rows(no_state *st, db_stmt *s, db_error *e)
{
	const db_driver *drv = s->conn->drv;
	const txn_input *in = st->in;
	int rc, missing_item = 0;

	while ((rc = drv->fetch(s, e)) == 1) {
		int id = (int)drv->col_int(s, 0);
		double price = drv->col_double(s, 1);
		for (int i = 0; i < in->ol_cnt; i++)
			if (in->ol[i].i_id == id) {
				st->l[i].price = price;
				st->l[i].found = 1;
			}
	}
	if (rc < 0)
		return -1;
	for (int i = 0; i < in->ol_cnt; i++)
		missing_item |= !st->l[i].found;
	return missing_item;
}

/* The stock rows of lines [from, group_end), locked. */
static int no_stock_rows(no_state *st, db_stmt *s, int from, db_error *e)
{
	const db_driver *drv = s->conn->drv;
	const txn_input *in = st->in;
	int rc, to = group_end(in, from);

	while ((rc = drv->fetch(s, e)) == 1) {
		int id = (int)drv->col_int(s, 0), qty = (int)drv->col_int(s, 1);
		size_t dlen = 0;
		const char *dp = drv->col_text(s, 3, &dlen);
		if (!dp)
			dlen = 0;
		if (dlen >= sizeof st->l[0].dist)
			dlen = sizeof st->l[0].dist - 1;
		for (int i = from; i < to; i++)
			if (in->ol[i].i_id == id) {
				st->l[i].s_qty = qty;
				st->l[i].stocked = 1;
				memcpy(st->l[i].dist, dp ? dp : "", dlen);
				st->l[i].dist[dlen] = '\0';
			}
	}
	return rc < 0 ? -1 : 0;
}

static int no_rows(void *arg, int i, db_stmt *s, int64_t affected, db_error *e)
{
	no_state *st = arg;
	const txn_batch *b = st->x->batch;
	const db_driver *drv = s->conn->drv;
	int rc;

	(void)affected;
	switch (b->id[i]) {
	case S_NO_WH_CUSTOMER:
		if ((rc = one_row(s, e)) == 1) {
			st->w_tax = drv->col_double(s, 0);
			st->c_discount = drv->col_double(s, 1);
			st->customer = 1;
		}
		return rc < 0 ? -1 : 0;
	case S_NO_ITEMS:
		return no_items_rows(st, s, e);
	case S_NO_DISTRICT:
		if ((rc = one_row(s, e)) == 1) {
			st->d_tax = drv->col_double(s, 0);
			st->o_id = (int)drv->col_int(s, 1);
			st->district = 1;
		}
		return rc < 0 ? -1 : 0;
	default:
		if (b->id[i] >= S_NO_STOCK_01 && b->id[i] <= S_NO_STOCK_10)
			return no_stock_rows(st, s, b->aux[i], e);
		return 0;
	}
}

/* The parameters of the UPDATE that sets the stock rows of lines [from,
 * to) (one supplying warehouse, sorted by item): four CASE lists (new
 * quantity, and the ytd, order and remote increments) keyed by item, then
 * the warehouse and the IN list.  An item named on two lines is one CASE
 * entry that applies both. */
static void no_stock_params(const txn_input *in, int from, int to, const no_line *l,
			    db_param *p)
{
	enum { NV = 4 };
	int id[DIALECT_SLOTS], val[DIALECT_SLOTS][NV], n = 0;
	int remote = in->ol[from].supply_w_id != in->w_id;

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
	if (n == 0)
		return;   /* no lines: the callers never ask, and there is nothing to set */
	for (int c = 0; c < NV; c++)
		for (int k = 0; k < DIALECT_SLOTS; k++) {
			int j = k < n ? k : n - 1;
			p[c * 2 * DIALECT_SLOTS + 2 * k] = I(id[j]);
			p[c * 2 * DIALECT_SLOTS + 2 * k + 1] = I(val[j][c]);
		}
	p[NV * 2 * DIALECT_SLOTS] = I(in->ol[from].supply_w_id);
	in_list(p + NV * 2 * DIALECT_SLOTS + 1, in, from, to);
}

/* First batch: the warehouse and customer, every line's item, and the
 * stock rows one supplying warehouse at a time in ascending warehouse
 * order (the lines are sorted so), locked in key order before any is
 * written.  Returns 1 when an item is missing. */
static int no_reads(no_state *st, db_error *e)
{
	txn_ctx *x = st->x;
	const txn_input *in = st->in;
	db_param *p;

	if (!batch_start(x, e) ||
	    ADD(S_NO_WH_CUSTOMER, I(in->w_id), I(in->d_id), I(in->c_id)))
		return -1;
	if (!(p = batch_params(x->batch, DIALECT_SLOTS)))
		return db_error_set(e, DB_FATAL, 0, "HY000", "new-order: no room in the batch");
	in_list(p, in, 0, in->ol_cnt);
	if (batch_add(x, S_NO_ITEMS, 0, DIALECT_SLOTS, e))
		return -1;
	enum stmt_id sid = (enum stmt_id)(S_NO_STOCK_01 + in->d_id - 1);
	for (int from = 0; from < in->ol_cnt; from = group_end(in, from)) {
		if (!(p = batch_params(x->batch, 1 + DIALECT_SLOTS)))
			return db_error_set(e, DB_FATAL, 0, "HY000", "new-order: no room in the batch");
		p[0] = I(in->ol[from].supply_w_id);
		in_list(p + 1, in, from, group_end(in, from));
		if (batch_add(x, sid, from, 1 + DIALECT_SLOTS, e))
			return -1;
	}
	if (batch_run(x, DB_BATCH_OPEN, no_rows, st, e))
		return -1;
	if (!st->customer)
		return missing(e, S_NO_WH_CUSTOMER);
	int unused = 0;
	for (int i = 0; i < in->ol_cnt; i++)
		unused |= !st->l[i].found;
	if (unused)
		return 1;
	for (int i = 0; i < in->ol_cnt; i++)
		if (!st->l[i].stocked)
			return missing(e, sid);
	return 0;
}

/* Second batch: the stock rows set, then the district locked and read.
 * The district row is the one every VU of this district queues for, so it
 * is locked after the items and the stock, and held only through the
 * inserts and the commit.  The 1% with an unused item still lock it and
 * write their order before rolling back: real work undone, as the spec
 * means them to. */
static int no_stock_district(no_state *st, int unused, db_error *e)
{
	txn_ctx *x = st->x;
	const txn_input *in = st->in;

	if (!batch_start(x, e))
		return -1;
	for (int from = 0; !unused && from < in->ol_cnt; from = group_end(in, from)) {
		db_param *p = batch_params(x->batch, STOCK_UPD_PARAMS);
		if (!p)
			return db_error_set(e, DB_FATAL, 0, "HY000", "new-order: no room in the batch");
		no_stock_params(in, from, group_end(in, from), st->l, p);
		if (batch_add(x, S_NO_STOCK_UPD, from, STOCK_UPD_PARAMS, e))
			return -1;
	}
	if (ADD(S_NO_DISTRICT, I(in->w_id), I(in->d_id)) ||
	    batch_run(x, DB_BATCH_OPEN, no_rows, st, e))
		return -1;
	return st->district ? 0 : missing(e, S_NO_DISTRICT);
}

/* Last batch: the district moved on, the order, its new_order row and
 * all its lines in one multi-row INSERT, and the commit; or, for the
 * unused item, the rollback after the order. */
static int no_writes(no_state *st, int unused, db_error *e)
{
	enum { NC = 9 };
	txn_ctx *x = st->x;
	const txn_input *in = st->in;
	int o_id = st->o_id;

	if (!batch_start(x, e) || ADD(S_NO_DISTRICT_UPD, I(in->w_id), I(in->d_id)) ||
	    ADD(S_NO_ORDER_INS, I(o_id), I(in->d_id), I(in->w_id), I(in->c_id),
		T(now_text(x)), I(in->ol_cnt), I(in->all_local)) ||
	    ADD(S_NO_NEW_ORDER_INS, I(o_id), I(in->d_id), I(in->w_id)))
		return -1;
	if (!unused) {
		db_param *p = batch_params(x->batch, NC * MAX_OL);
		if (!p)
			return db_error_set(e, DB_FATAL, 0, "HY000", "new-order: no room in the batch");
		for (int i = 0; i < in->ol_cnt; i++) {
			db_param *r = p + NC * i;
			r[0] = I(o_id);
			r[1] = I(in->d_id);
			r[2] = I(in->w_id);
			r[3] = I(i + 1);
			r[4] = I(in->ol[i].i_id);
			r[5] = I(in->ol[i].supply_w_id);
			r[6] = I(in->ol[i].qty);
			r[7] = D(in->ol[i].qty * st->l[i].price);
			r[8] = T(st->l[i].dist);
		}
		enum stmt_id sid = (enum stmt_id)(S_NO_ORDER_LINES + in->ol_cnt - 1);
		if (batch_add(x, sid, 0, NC * in->ol_cnt, e))
			return -1;
	}
	return batch_run(x, unused ? DB_BATCH_ROLLBACK : DB_BATCH_COMMIT, NULL, NULL, e);
}

static int new_order(txn_ctx *x, const txn_input *in, db_error *e)
{
	no_state st;
	int unused;

	memset(&st, 0, sizeof st);
	st.x = x;
	st.in = in;
	if (DRV->begin(x->conn, 1, e))
		return -1;
	if ((unused = no_reads(&st, e)) < 0 || no_stock_district(&st, unused, e) ||
	    no_writes(&st, unused, e))
		return -1;
	if (unused)
		return 1;   /* counted with its latency by the VU (stats_done) */
	double total = 0;
	int remote = 0;
	for (int i = 0; i < in->ol_cnt; i++) {
		total += in->ol[i].qty * st.l[i].price;
		remote += in->ol[i].supply_w_id != in->w_id;
	}
	total *= (1 - st.c_discount) * (1 + st.w_tax + st.d_tax);
	(void)total; /* what the terminal would display */
	x->last_o_id = st.o_id;
	stat_add(&x->stats->audit[AU_NO_LINES], (uint64_t)in->ol_cnt);
	stat_add(&x->stats->audit[AU_NO_REMOTE_LINES], (uint64_t)remote);
	return 0;
}

/* ---- Payment (2.5) ------------------------------------------------------ */

typedef struct pay_state {
	txn_ctx *x;
	int wd, customer, named; /* their rows were read */
	int c_id, bad_credit;
	char w_name[16], d_name[16];
	char old[501];           /* c_data of a bad-credit customer */
} pay_state;

static int pay_rows(void *arg, int i, db_stmt *s, int64_t affected, db_error *e)
{
	pay_state *st = arg;
	const db_driver *drv = s->conn->drv;
	const char *t;
	size_t len;
	int rc;

	(void)affected;
	switch (st->x->batch->id[i]) {
	case S_PAY_WH_DISTRICT:
		if ((rc = one_row(s, e)) != 1)
			return rc < 0 ? -1 : 0;
		st->wd = 1;
		if ((t = drv->col_text(s, 5, &len)))
			snprintf(st->w_name, sizeof st->w_name, "%.*s", (int)len, t);
		if ((t = drv->col_text(s, 11, &len)))
			snprintf(st->d_name, sizeof st->d_name, "%.*s", (int)len, t);
		return 0;
	case S_CUST_BY_NAME:
		if ((rc = by_name_rows(s, &st->c_id, e)) < 0)
			return -1;
		st->named = rc;
		return 0;
	case S_PAY_CUSTOMER:
		if ((rc = one_row(s, e)) != 1)
			return rc < 0 ? -1 : 0;
		st->customer = 1;
		t = drv->col_text(s, 10, &len);
		st->bad_credit = t && len >= 2 && t[0] == 'B' && t[1] == 'C';
		/* The last column holds c_data for a bad-credit customer only. */
		if (st->bad_credit && (t = drv->col_text(s, 14, &len)))
			snprintf(st->old, sizeof st->old, "%.*s", (int)len, t);
		return 0;
	default:
		return 0;
	}
}

static int payment(txn_ctx *x, const txn_input *in, db_error *e)
{
	pay_state st = { .x = x, .c_id = in->c_id };
	char h_data[32], data[501];

	if (DRV->begin(x->conn, 1, e))
		return -1;
	/* The warehouse and district rows are what the VUs of a warehouse
	 * queue for: they are updated last, just before the commit, and the
	 * names (which never change) read first without a lock, beside the
	 * customer (found by name first when so asked). */
	if (!batch_start(x, e) || ADD(S_PAY_WH_DISTRICT, I(in->w_id), I(in->d_id)))
		return -1;
	if (in->byname ? ADD(S_CUST_BY_NAME, I(in->c_w_id), I(in->c_d_id), T(in->c_last))
		       : ADD(S_PAY_CUSTOMER, I(in->c_w_id), I(in->c_d_id), I(st.c_id)))
		return -1;
	if (batch_run(x, DB_BATCH_OPEN, pay_rows, &st, e))
		return -1;
	if (!st.wd)
		return missing(e, S_PAY_WH_DISTRICT);
	if (in->byname) {
		if (!st.named)
			return missing(e, S_CUST_BY_NAME);
		if (!batch_start(x, e) ||
		    ADD(S_PAY_CUSTOMER, I(in->c_w_id), I(in->c_d_id), I(st.c_id)) ||
		    batch_run(x, DB_BATCH_OPEN, pay_rows, &st, e))
			return -1;
	}
	if (!st.customer)
		return missing(e, S_PAY_CUSTOMER);

	if (!batch_start(x, e))
		return -1;
	if (st.bad_credit) {
		/* New history in front, the whole kept to 500 characters (2.5.2.2):
		 * the old text is cut explicitly, which also keeps GCC's truncation
		 * warning (an error under -Werror at -O1) quiet. */
		int n = snprintf(data, sizeof data, "%d %d %d %d %d %.2f|", st.c_id, in->c_d_id,
				 in->c_w_id, in->d_id, in->w_id, in->h_amount);
		if (n > 0 && (size_t)n < sizeof data)
			str_copy(data + n, st.old, sizeof data - (size_t)n);
		if (ADD(S_PAY_CUSTOMER_UPD_BC, D(in->h_amount), D(in->h_amount), T(data),
			I(in->c_w_id), I(in->c_d_id), I(st.c_id)))
			return -1;
	} else if (ADD(S_PAY_CUSTOMER_UPD, D(in->h_amount), D(in->h_amount), I(in->c_w_id),
		       I(in->c_d_id), I(st.c_id)))
		return -1;

	/* w_name and d_name are at most 10 characters (clause 1.3), which is
	 * what keeps h_data within its 24. */
	snprintf(h_data, sizeof h_data, "%.10s    %.10s", st.w_name, st.d_name);
	if (ADD(S_PAY_HISTORY_INS, I(in->c_d_id), I(in->c_w_id), I(st.c_id), I(in->d_id),
		I(in->w_id), T(now_text(x)), D(in->h_amount), T(h_data)) ||
	    ADD(S_PAY_DISTRICT_UPD, D(in->h_amount), I(in->w_id), I(in->d_id)) ||
	    ADD(S_PAY_WAREHOUSE_UPD, D(in->h_amount), I(in->w_id)) ||
	    batch_run(x, DB_BATCH_COMMIT, NULL, NULL, e))
		return -1;
	if (in->c_w_id != in->w_id)
		stat_add(&x->stats->audit[AU_PAY_REMOTE], 1);
	if (in->byname)
		stat_add(&x->stats->audit[AU_PAY_BYNAME], 1);
	return 0;
}

/* ---- Order-Status (2.6) ------------------------------------------------- */

typedef struct os_state {
	txn_ctx *x;
	int customer, named, order;  /* found */
	int c_id, o_id;
} os_state;

static int os_rows(void *arg, int i, db_stmt *s, int64_t affected, db_error *e)
{
	os_state *st = arg;
	const db_driver *drv = s->conn->drv;
	int rc;

	(void)affected;
	switch (st->x->batch->id[i]) {
	case S_CUST_BY_NAME:
		if ((rc = by_name_rows(s, &st->c_id, e)) < 0)
			return -1;
		st->named = rc;
		return 0;
	case S_OS_CUSTOMER:
		if ((rc = one_row(s, e)) < 0)
			return -1;
		st->customer = rc;
		return 0;
	case S_OS_ORDER:
		if ((rc = one_row(s, e)) == 1) {
			st->o_id = (int)drv->col_int(s, 0);
			st->order = 1;
		}
		return rc < 0 ? -1 : 0;
	default:
		/* The order's lines: what the terminal would display. */
		while ((rc = drv->fetch(s, e)) == 1)
			;
		return rc < 0 ? -1 : 0;
	}
}

static int order_status(txn_ctx *x, const txn_input *in, db_error *e)
{
	os_state st = { .x = x, .c_id = in->c_id };

	if (DRV->begin(x->conn, 0, e))
		return -1;
	if (in->byname) {
		if (!batch_start(x, e) ||
		    ADD(S_CUST_BY_NAME, I(in->w_id), I(in->d_id), T(in->c_last)) ||
		    batch_run(x, DB_BATCH_OPEN, os_rows, &st, e))
			return -1;
		if (!st.named)
			return missing(e, S_CUST_BY_NAME);
	}
	if (!batch_start(x, e) || ADD(S_OS_CUSTOMER, I(in->w_id), I(in->d_id), I(st.c_id)) ||
	    ADD(S_OS_ORDER, I(in->w_id), I(in->d_id), I(st.c_id)) ||
	    batch_run(x, DB_BATCH_OPEN, os_rows, &st, e))
		return -1;
	if (!st.customer)
		return missing(e, S_OS_CUSTOMER);
	if (st.order) {
		if (!batch_start(x, e) ||
		    ADD(S_OS_ORDER_LINES, I(in->w_id), I(in->d_id), I(st.o_id)) ||
		    batch_run(x, DB_BATCH_COMMIT, os_rows, &st, e))
			return -1;
	} else if (DRV->commit(x->conn, e))
		return -1;
	if (in->byname)
		stat_add(&x->stats->audit[AU_OS_BYNAME], 1);
	return 0;
}

/* ---- Delivery (2.7), run in the foreground ------------------------------- */

/* The orders being delivered: district and order id, one per district
 * that has a new_order row. */
typedef struct dl_batch {
	txn_ctx *x;
	int n, d[DIALECT_DISTRICTS], o[DIALECT_DISTRICTS];
	int c[DIALECT_DISTRICTS];      /* o_c_id */
	double sum[DIALECT_DISTRICTS]; /* sum(ol_amount) */
	int found;                     /* orders dl_orders read */
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

static int dl_rows(void *arg, int i, db_stmt *s, int64_t affected, db_error *e)
{
	dl_batch *b = arg;
	const txn_batch *tb = b->x->batch;
	const db_driver *drv = s->conn->drv;
	int rc;

	(void)affected;
	if (tb->id[i] == S_DL_NEW_ORDER) {
		if ((rc = one_row(s, e)) == 1) {
			b->d[b->n] = tb->aux[i];
			b->o[b->n++] = (int)drv->col_int(s, 0);
		}
		return rc < 0 ? -1 : 0;
	}
	if (tb->id[i] != S_DL_ORDERS)
		return 0;
	/* Each order's customer and the sum of its lines. */
	while ((rc = drv->fetch(s, e)) == 1) {
		int d = (int)drv->col_int(s, 0);
		for (int k = 0; k < b->n; k++)
			if (b->d[k] == d) {
				b->c[k] = (int)drv->col_int(s, 1);
				b->sum[k] = drv->col_double(s, 2);
				b->found++;
			}
	}
	return rc < 0 ? -1 : 0;
}

/* Deliver the batch's orders with one statement per table: delete their
 * new_order rows, read their customers and sums, set their carrier and
 * their lines' delivery date; then credit their customers and commit. */
static int dl_deliver(txn_ctx *x, const txn_input *in, dl_batch *b, db_error *e)
{
	enum { KEYS = 3 * DIALECT_DISTRICTS };
	int w = in->w_id;
	db_param *p;

	if (!batch_start(x, e))
		return -1;
	for (enum stmt_id id = S_DL_NEW_ORDER_DEL; id <= S_DL_ORDER_LINE_UPD; id++) {
		int lead = id == S_DL_ORDER_UPD || id == S_DL_ORDER_LINE_UPD;
		if (!(p = batch_params(x->batch, 1 + KEYS)))
			return db_error_set(e, DB_FATAL, 0, "HY000", "delivery: no room in the batch");
		if (id == S_DL_ORDER_UPD)
			p[0] = I(in->carrier_id);
		else if (id == S_DL_ORDER_LINE_UPD)
			p[0] = T(now_text(x));
		dl_keys(p + lead, w, b, 0);
		if (batch_add(x, id, 0, lead + KEYS, e))
			return -1;
	}
	if (batch_run(x, DB_BATCH_OPEN, dl_rows, b, e))
		return -1;
	if (b->found != b->n)
		return missing(e, S_DL_ORDERS);
	if (!batch_start(x, e) || !(p = batch_params(x->batch, 2 * DIALECT_DISTRICTS + KEYS)))
		return -1;
	db_param *q = p;
	for (int k = 0; k < DIALECT_DISTRICTS; k++) {
		int j = k < b->n ? k : b->n - 1;
		*q++ = I(b->d[j]);
		*q++ = D(b->sum[j]);
	}
	q = dl_keys(q, w, b, 1);
	if (batch_add(x, S_DL_CUSTOMER_UPD, 0, (int)(q - p), e))
		return -1;
	return batch_run(x, DB_BATCH_COMMIT, NULL, NULL, e);
}

/* Find and lock each district's oldest new order (one statement per
 * district, as a set form would lock every row it scanned, all ten in one
 * batch), then deliver them all at once. */
static int delivery(txn_ctx *x, const txn_input *in, db_error *e)
{
	dl_batch b = { .x = x };

	if (DRV->begin(x->conn, 1, e) || !batch_start(x, e))
		return -1;
	for (int d = 1; d <= DIALECT_DISTRICTS; d++)
		if (batch_addv(x, S_DL_NEW_ORDER, d, P(I(in->w_id), I(d)), 2, e))
			return -1;
	if (batch_run(x, DB_BATCH_OPEN, dl_rows, &b, e))
		return -1;
	if (b.n ? dl_deliver(x, in, &b, e) : DRV->commit(x->conn, e))
		return -1;
	if (b.n < DIALECT_DISTRICTS)
		stat_add(&x->stats->audit[AU_DL_SKIPPED], (uint64_t)(DIALECT_DISTRICTS - b.n));
	return 0;
}

/* ---- Stock-Level (2.8) -------------------------------------------------- */

/* One statement: the district's next order id is joined in. */
static int stock_level(txn_ctx *x, const txn_input *in, db_error *e)
{
	if (DRV->begin(x->conn, 0, e) || !batch_start(x, e) ||
	    ADD(S_SL_STOCK_COUNT, I(in->w_id), I(in->d_id), I(in->threshold)))
		return -1;
	return batch_run(x, DB_BATCH_COMMIT, NULL, NULL, e) ? -1 : 0;
}

int txn_exec(txn_ctx *x, const txn_input *in, db_error *e)
{
	uint64_t (*trips)(db_conn *) = DRV->round_trips;
	uint64_t rt0 = trips ? trips(x->conn) : 0;
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
	if (trips && (unsigned)in->type < TX_COUNT) {
		stat_add(&x->stats->round_trips[in->type], trips(x->conn) - rt0);
		stat_add(&x->stats->rt_txns[in->type], 1);
	}
	return rc;
}
