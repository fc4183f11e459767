/* loader.c: the initial database population (clause 4.3.3).  Every value is
 * written as an SQL literal into multi-row INSERT statements: one statement
 * per cfg->load_batch rows is what makes loading fast on a client/server
 * database, and it works unchanged on SQLite.  The generated text holds only
 * letters, digits and a few punctuation marks, but quoting is still done
 * properly.  Where the driver has copy_in and the dialect a bulk load
 * statement for the table (PostgreSQL's COPY), the same rows go as the
 * server's text format instead, COPY_BATCHES batches to a statement. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "loader.h"
#include "schema.h"
#include "util/strbuf.h"
#include "util/util.h"

/* ---- the INSERT batcher ------------------------------------------------ */

/* A batch's statement starts this large: a few hundred rows of text. */
#define SQL_FIRST 65536

/* Rows per COPY, in load_batch units: a COPY costs a statement and a
 * round trip like an INSERT, but carries rows for a fraction of the
 * server's work, so fewer and larger ones. */
#define COPY_BATCHES 10

typedef struct batch {
	db_conn *conn;
	const char *head;    /* "INSERT INTO t (a,b) VALUES " */
	const char *copy;    /* the table's bulk load statement, or NULL */
	int max_rows, rows;
	int rows_since_commit;
	strbuf sql;
	progress *prog;
	int backslash;       /* the dialect reads \ as an escape: double it */
	const dialect *d;    /* says the INSERT heads */
} batch;

static int batch_flush(batch *b, db_error *e)
{
	if (b->rows == 0)
		return 0;
	if (b->sql.oom)
		return db_error_set(e, DB_FATAL, 0, "HY001", "out of memory building INSERT");
	int rc = b->copy ? b->conn->drv->copy_in(b->conn, b->copy, b->sql.p, b->sql.len, NULL, e)
			 : db_exec(b->conn, b->sql.p, e);
	if (rc == 0 && b->prog)
		atomic_fetch_add_explicit(&b->prog->done, (uint64_t)b->rows, memory_order_relaxed);
	b->rows_since_commit += b->rows;
	b->rows = 0;
	strbuf_reset(&b->sql);
	/* Commit every few batches: small enough for undo/WAL, large enough
	 * that commits cost nothing next to the inserts. */
	if (rc == 0 && b->rows_since_commit >= 4 * b->max_rows) {
		rc = b->conn->drv->commit(b->conn, e);
		b->rows_since_commit = 0;
	}
	return rc;
}

static void batch_start(batch *b, db_conn *c, enum sql_id head, int max_rows, progress *prog)
{
	b->conn = c;
	b->head = dialect_sql(b->d, head);
	b->copy = c->drv->copy_in && b->d->copy_text ? b->d->copy_text[head] : NULL;
	b->max_rows = b->copy ? max_rows * COPY_BATCHES : max_rows;
	b->rows = 0;
	b->rows_since_commit = 0;
	b->prog = prog;
}

/* An integer, or a money amount with its two decimals: the same text in
 * an INSERT's literals and in COPY's format. */
static void put_number(batch *b, const db_param *v)
{
	char num[40];
	int k = v->type == DB_T_INT ? snprintf(num, sizeof num, "%lld", (long long)v->i)
				    : snprintf(num, sizeof num, "%.2f", v->d);
	strbuf_put(&b->sql, num, (size_t)k);
}

/* A text value as an SQL literal: quotes doubled, and backslashes where
 * the dialect reads them as escapes. */
static void put_literal(batch *b, const db_param *v)
{
	strbuf_put(&b->sql, "'", 1);
	for (size_t j = 0; j < v->len; j++) {
		char ch = v->s[j];
		if (ch == '\'' || (ch == '\\' && b->backslash))
			strbuf_put(&b->sql, &ch, 1);
		strbuf_put(&b->sql, &ch, 1);
	}
	strbuf_put(&b->sql, "'", 1);
}

/* A text value in COPY's text format: a backslash, tab or line end
 * written as \\, \t, \n, \r. */
static void put_copy_text(batch *b, const db_param *v)
{
	for (size_t j = 0; j < v->len; j++) {
		char ch = v->s[j];
		const char *esc = ch == '\\' ? "\\\\" : ch == '\t' ? "\\t" :
				  ch == '\n' ? "\\n" : ch == '\r' ? "\\r" : NULL;
		if (esc)
			strbuf_put(&b->sql, esc, 2);
		else
			strbuf_put(&b->sql, &ch, 1);
	}
}

/* One row's values, sep between them: an INSERT's (',', literals, NULL)
 * or COPY's ('\t', escaped text, \N). */
static void put_values(batch *b, const db_param *v, int n, char sep,
		       void (*text)(batch *, const db_param *), const char *null)
{
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_put(&b->sql, &sep, 1);
		switch (v[i].type) {
		case DB_T_INT:
		case DB_T_DOUBLE:
			put_number(b, &v[i]);
			break;
		case DB_T_TEXT:
			text(b, &v[i]);
			break;
		default:
			strbuf_put(&b->sql, null, strlen(null));
		}
	}
}

/* Append one row of values; flushes when the batch is full. */
static int batch_row(batch *b, const db_param *v, int n, db_error *e)
{
	size_t need = strlen(b->head) + 8;
	for (int i = 0; i < n; i++)
		need += v[i].type == DB_T_TEXT ? 2 * v[i].len + 3 : 32;
	if (strbuf_reserve(&b->sql, need, SQL_FIRST))
		return batch_flush(b, e);
	if (b->copy) {
		put_values(b, v, n, '\t', put_copy_text, "\\N");
		strbuf_put(&b->sql, "\n", 1);
		if (++b->rows >= b->max_rows)
			return batch_flush(b, e);
		return 0;
	}
	if (b->rows == 0)
		strbuf_put(&b->sql, b->head, strlen(b->head));
	else
		strbuf_put(&b->sql, ",", 1);
	strbuf_put(&b->sql, "(", 1);
	put_values(b, v, n, ',', put_literal, "NULL");
	strbuf_put(&b->sql, ")", 1);
	if (++b->rows >= b->max_rows)
		return batch_flush(b, e);
	return 0;
}

static int batch_end(batch *b, db_error *e)
{
	if (batch_flush(b, e))
		return -1;
	b->rows_since_commit = 0;
	return b->conn->drv->commit(b->conn, e);
}

/* ---- generators --------------------------------------------------------- */

#define TXT(buf, n) db_p_text((buf), (n))
#define ROW(b, ...) batch_row((b), (const db_param[]){ __VA_ARGS__ }, \
	(int)(sizeof((const db_param[]){ __VA_ARGS__ }) / sizeof(db_param)), e)

typedef struct address {
	char s1[21], s2[21], city[21], state[3], zip[10];
	size_t l1, l2, lc;
} address;

static void gen_address(tpcc_rng *r, address *a)
{
	a->l1 = rng_astring(r, a->s1, 10, 20);
	a->l2 = rng_astring(r, a->s2, 10, 20);
	a->lc = rng_astring(r, a->city, 10, 20);
	a->state[0] = (char)('A' + rng_range(r, 0, 25));
	a->state[1] = (char)('A' + rng_range(r, 0, 25));
	a->state[2] = '\0';
	rng_zip(r, a->zip);
}

static double tax(tpcc_rng *r)
{
	return rng_range(r, 0, 2000) / 10000.0;
}

static int load_items(batch *b, db_conn *c, tpcc_rng *r, int rows, progress *prog, db_error *e)
{
	char name[25], data[51];
	batch_start(b, c, Q_LOAD_ITEM, rows, prog);
	for (int i = 1; i <= 100000; i++) {
		size_t ln = rng_astring(r, name, 14, 24);
		size_t ld = rng_data_original(r, data, 26, 50);
		if (ROW(b, db_p_int(i), db_p_int(rng_range(r, 1, 10000)), TXT(name, ln),
			db_p_dbl(rng_range(r, 100, 10000) / 100.0), TXT(data, ld)))
			return -1;
	}
	return batch_end(b, e);
}

static int load_warehouse(batch *b, db_conn *c, tpcc_rng *r, int w, int rows,
			  const tpcc_nurand_c *cl, const atomic_int *stop, progress *prog, db_error *e)
{
	char name[11], now[20], buf[501], first[17], last[16], phone[17];
	address a;
	size_t n;

	timestamp_text(now);
	gen_address(r, &a);
	n = rng_astring(r, name, 6, 10);
	batch_start(b, c, Q_LOAD_WAREHOUSE, rows, prog);
	if (ROW(b, db_p_int(w), db_p_dbl(300000.0), db_p_dbl(tax(r)), TXT(name, n),
		TXT(a.s1, a.l1), TXT(a.s2, a.l2), TXT(a.city, a.lc), TXT(a.state, 2), TXT(a.zip, 9)) ||
	    batch_end(b, e))
		return -1;

	/* stock: 100,000 per warehouse */
	batch_start(b, c, Q_LOAD_STOCK, rows, prog);
	for (int i = 1; i <= 100000; i++) {
		char dist[10][25];
		for (int k = 0; k < 10; k++)
			rng_astring(r, dist[k], 24, 24);
		n = rng_data_original(r, buf, 26, 50);
		if (ROW(b, db_p_int(i), db_p_int(w), db_p_int(rng_range(r, 10, 100)),
			TXT(dist[0], 24), TXT(dist[1], 24), TXT(dist[2], 24), TXT(dist[3], 24),
			TXT(dist[4], 24), TXT(dist[5], 24), TXT(dist[6], 24), TXT(dist[7], 24),
			TXT(dist[8], 24), TXT(dist[9], 24), db_p_int(0), db_p_int(0), db_p_int(0),
			TXT(buf, n)))
			return -1;
		if ((i & 4095) == 0 && atomic_load(stop))
			return db_error_set(e, DB_FATAL, 0, "HY008", "interrupted");
	}
	if (batch_end(b, e))
		return -1;

	batch_start(b, c, Q_LOAD_DISTRICT, rows, prog);
	for (int d = 1; d <= 10; d++) {
		gen_address(r, &a);
		n = rng_astring(r, name, 6, 10);
		if (ROW(b, db_p_int(d), db_p_int(w), db_p_dbl(30000.0), db_p_dbl(tax(r)),
			db_p_int(3001), TXT(name, n), TXT(a.s1, a.l1), TXT(a.s2, a.l2),
			TXT(a.city, a.lc), TXT(a.state, 2), TXT(a.zip, 9)))
			return -1;
	}
	if (batch_end(b, e))
		return -1;

	for (int d = 1; d <= 10; d++) {
		batch_start(b, c, Q_LOAD_CUSTOMER, rows, prog);
		for (int cid = 1; cid <= 3000; cid++) {
			size_t lf = rng_astring(r, first, 8, 16);
			int num = cid <= 1000 ? cid - 1 : (int)rng_nurand(r, 255, cl->c_last, 0, 999);
			size_t ll = tpcc_lastname(num, last);
			gen_address(r, &a);
			rng_nstring(r, phone, 16, 16);
			n = rng_astring(r, buf, 300, 500);
			const char *credit = rng_range(r, 1, 100) <= 10 ? "BC" : "GC";
			if (ROW(b, db_p_int(cid), db_p_int(d), db_p_int(w), TXT(first, lf), TXT("OE", 2),
				TXT(last, ll), TXT(a.s1, a.l1), TXT(a.s2, a.l2), TXT(a.city, a.lc),
				TXT(a.state, 2), TXT(a.zip, 9), TXT(phone, 16), TXT(now, 19),
				TXT(credit, 2), db_p_dbl(50000.0), db_p_dbl(rng_range(r, 0, 5000) / 10000.0),
				db_p_dbl(-10.0), db_p_dbl(10.0), db_p_int(1), db_p_int(0), TXT(buf, n)))
				return -1;
		}
		if (batch_end(b, e))
			return -1;

		batch_start(b, c, Q_LOAD_HISTORY, rows, prog);
		for (int cid = 1; cid <= 3000; cid++) {
			n = rng_astring(r, buf, 12, 24);
			if (ROW(b, db_p_int(cid), db_p_int(d), db_p_int(w), db_p_int(d), db_p_int(w),
				TXT(now, 19), db_p_dbl(10.0), TXT(buf, n)))
				return -1;
		}
		if (batch_end(b, e))
			return -1;

		/* orders, their lines, and the undelivered tail in new_order */
		int perm[3000], ol_cnt[3001];
		rng_permutation(r, perm, 3000);
		batch_start(b, c, Q_LOAD_ORDERS, rows, prog);
		for (int o = 1; o <= 3000; o++) {
			ol_cnt[o] = (int)rng_range(r, 5, 15);
			if (ROW(b, db_p_int(o), db_p_int(d), db_p_int(w), db_p_int(perm[o - 1]),
				TXT(now, 19), o < 2101 ? db_p_int(rng_range(r, 1, 10)) : db_p_null(),
				db_p_int(ol_cnt[o]), db_p_int(1)))
				return -1;
		}
		if (batch_end(b, e))
			return -1;

		batch_start(b, c, Q_LOAD_ORDER_LINE, rows, prog);
		for (int o = 1; o <= 3000; o++) {
			for (int l = 1; l <= ol_cnt[o]; l++) {
				char info[25];
				rng_astring(r, info, 24, 24);
				int delivered = o < 2101;
				if (ROW(b, db_p_int(o), db_p_int(d), db_p_int(w), db_p_int(l),
					db_p_int(rng_range(r, 1, 100000)), db_p_int(w),
					delivered ? TXT(now, 19) : db_p_null(), db_p_int(5),
					db_p_dbl(delivered ? 0.0 : rng_range(r, 1, 999999) / 100.0),
					TXT(info, 24)))
					return -1;
			}
			if ((o & 511) == 0 && atomic_load(stop))
				return db_error_set(e, DB_FATAL, 0, "HY008", "interrupted");
		}
		if (batch_end(b, e))
			return -1;

		batch_start(b, c, Q_LOAD_NEW_ORDER, rows, prog);
		for (int o = 2101; o <= 3000; o++)
			if (ROW(b, db_p_int(o), db_p_int(d), db_p_int(w)))
				return -1;
		if (batch_end(b, e))
			return -1;
	}
	return 0;
}

uint64_t loader_rows_estimate(int warehouses)
{
	/* item + per warehouse: 1 + 100,000 stock + 10 districts + 30,000
	 * customers + 30,000 history + 30,000 orders + ~300,000 lines + 9,000 */
	return 100000u + (uint64_t)warehouses * 499011u;
}

/* ---- parallel driver ------------------------------------------------------ */

typedef struct load_shared {
	const tpcc_config *cfg;
	const dialect *d;
	const tpcc_nurand_c *c;
	const atomic_int *stop;
	progress *prog;
	atomic_int next_job;       /* 0: item, 1..W: warehouse */
	atomic_int failed;
	pthread_mutex_t lock;
	char err[600];
} load_shared;

static void fail(load_shared *s, const char *what, const db_error *e)
{
	pthread_mutex_lock(&s->lock);
	if (!atomic_load(&s->failed))
		snprintf(s->err, sizeof s->err, "%.60s: %.500s", what, e->msg);
	atomic_store(&s->failed, 1);
	pthread_mutex_unlock(&s->lock);
}

static void *load_thread(void *arg)
{
	load_shared *s = arg;
	db_conn *c;
	db_error e;
	batch b = { 0 };
	tpcc_rng r;
	char what[64];

	if (schema_connect(s->cfg, &c, &e)) {
		fail(s, "connect", &e);
		return NULL;
	}
	for (const char *const *q = s->d->load_session; q && *q; q++)
		db_exec(c, *q, &e); /* tuning only: a refused setting is no reason to stop */
	rng_seed(&r, fresh_seed());
	b.backslash = s->d->backslash_escapes;
	b.d = s->d;
	for (;;) {
		if (atomic_load(&s->failed) || atomic_load(s->stop))
			break;
		int job = atomic_fetch_add(&s->next_job, 1);
		if (job > s->cfg->warehouses)
			break;
		int rc;
		if (job == 0) {
			snprintf(what, sizeof what, "item");
			rc = load_items(&b, c, &r, s->cfg->load_batch, s->prog, &e);
		} else {
			snprintf(what, sizeof what, "warehouse %d", job);
			rc = load_warehouse(&b, c, &r, job, s->cfg->load_batch, s->c, s->stop, s->prog, &e);
			if (rc == 0)
				atomic_fetch_add(&s->prog->parts_done, 1);
		}
		if (rc) {
			fail(s, what, &e);
			break;
		}
	}
	strbuf_free(&b.sql);
	c->drv->rollback(c, &e);
	c->drv->disconnect(c);
	return NULL;
}

int loader_run(const tpcc_config *cfg, const dialect *d, const tpcc_nurand_c *c_load,
	       const atomic_int *stop, progress *prog, char *err, size_t errlen)
{
	load_shared s = { .cfg = cfg, .d = d, .c = c_load, .stop = stop, .prog = prog };
	int n = cfg->load_threads;
	if (n > cfg->warehouses + 1)
		n = cfg->warehouses + 1;
	pthread_t *t = calloc((size_t)n, sizeof *t);
	if (!t) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	pthread_mutex_init(&s.lock, NULL);
	int started = 0;
	for (int i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, load_thread, &s) == 0)
			started++;
		else
			break;
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	free(t);
	pthread_mutex_destroy(&s.lock);
	if (started == 0) {
		snprintf(err, errlen, "could not start a load thread");
		return -1;
	}
	if (atomic_load(&s.failed)) {
		snprintf(err, errlen, "%s", s.err);
		return -1;
	}
	if (atomic_load(stop)) {
		snprintf(err, errlen, "interrupted");
		return -1;
	}
	return 0;
}
