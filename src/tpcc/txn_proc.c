/* txn_proc.c: procedures mode.  Each transaction is one call of the
 * dialect's stored procedure, prepared once per connection (the driver's
 * affair: mysql on fibers sends it as text) and executed with
 * the inputs txn_gen drew, so the two modes do the same work on the same
 * data.  The connection runs in autocommit: the call is the transaction
 * (PostgreSQL functions are atomic statements; MySQL and SQL Server
 * procedures commit their own), one round trip each.
 *
 * The audit counters come from the inputs (remote lines and payments,
 * by-name look-ups), except what only the server knows: whether a New-Order
 * was rolled back on its unused item (returned, or raised as the
 * dialect recognises), and how many districts a Delivery found empty,
 * which the procedures return. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "txn.h"

/* Room for the longest list: 15 numbers of up to 20 digits each. */
#define CSV_MAX (MAX_OL * 48)

void txn_proc_release(txn_ctx *x)
{
	for (int i = 0; i < TX_COUNT; i++)
		if (x->call[i]) {
			x->conn->drv->finalize(x->call[i]);
			x->call[i] = NULL;
		}
}

/* The lines' items, supply warehouses or quantities, comma-separated.
 * One that would not fit ends the list there. */
static const char *csv(const txn_input *in, int which, char *buf, size_t len)
{
	size_t used = 0;

	for (int i = 0; i < in->ol_cnt; i++) {
		int v = which == 0 ? in->ol[i].i_id : which == 1 ? in->ol[i].supply_w_id
								  : in->ol[i].qty;
		char d[24];
		int nd = db_int_to_text(d, v);
		if (used + (size_t)nd + 2 > len)
			break;
		if (i)
			buf[used++] = ',';
		memcpy(buf + used, d, (size_t)nd);
		used += (size_t)nd;
	}
	buf[used < len ? used : len - 1] = '\0';
	return buf;
}

/* One New-Order line or stock row: item, supply warehouse, quantity (a
 * stock row's summed), and for a stock row the number of lines it serves. */
typedef struct json_line { int item, sw, qty, lines; } json_line;

/* numbers as a JSON array in buf, written by hand as csv() is; an entry
 * that would not fit (with the closing bracket) ends the list there. */
static void json_numbers(const long long *v, int n, char *buf, size_t len)
{
	size_t used = 1;

	buf[0] = '[';
	for (int i = 0; i < n; i++) {
		char e[32];
		int k = 0;
		if (i)
			e[k++] = ',';
		k += db_int_to_text(e + k, v[i]);
		if (used + (size_t)k + 2 > len)
			break;
		memcpy(buf + used, e, (size_t)k);
		used += (size_t)k;
	}
	if (used + 2 <= len) {
		buf[used++] = ']';
		buf[used] = '\0';
	} else if (len) {
		buf[len - 1] = '\0';
	}
}

/* Per distinct stock row, summed, so the procedure updates each row once by
 * a plain join; sorted by the row's key, so that any two New-Orders lock
 * the rows they share in the same order and never deadlock on them.  Each
 * entry is one number, its fields as decimal digits one after the other
 * (the dialect's proc_lines_json): a line W IIIIII QQ KK, KK the index of
 * its stock row in the sorted rows, a stock row W IIIIII SSS CC.  The
 * lines are written in order, the rows sorted by insertion: at most 15
 * rows. */
void txn_proc_lines_json(const txn_input *in, char *lines, size_t llen, char *stock,
			 size_t slen)
{
	json_line l[MAX_OL] = { { 0, 0, 0, 0 } };
	long long v[MAX_OL] = { 0 };
	int n = 0, nl = in->ol_cnt < MAX_OL ? in->ol_cnt : MAX_OL;

	for (int i = 0; i < nl; i++) {
		json_line r = { in->ol[i].i_id, in->ol[i].supply_w_id, in->ol[i].qty, 1 };
		int k = n;
		while (k > 0 && (l[k - 1].sw > r.sw || (l[k - 1].sw == r.sw && l[k - 1].item > r.item)))
			k--;
		if (k > 0 && l[k - 1].sw == r.sw && l[k - 1].item == r.item) {
			l[k - 1].qty += r.qty;
			l[k - 1].lines++;
			continue;
		}
		memmove(l + k + 1, l + k, (size_t)(n - k) * sizeof l[0]);
		l[k] = r;
		n++;
	}
	for (int i = 0; i < nl; i++) {
		int k = 0;
		while (k < n && (l[k].sw != in->ol[i].supply_w_id || l[k].item != in->ol[i].i_id))
			k++;
		v[i] = (long long)in->ol[i].supply_w_id * 1000000 + in->ol[i].i_id;
		v[i] = (v[i] * 100 + in->ol[i].qty) * 100 + k;
	}
	json_numbers(v, nl, lines, llen);
	for (int i = 0; i < n; i++) {
		v[i] = (long long)l[i].sw * 1000000 + l[i].item;
		v[i] = (v[i] * 1000 + l[i].qty) * 100 + l[i].lines;
	}
	json_numbers(v, n, stock, slen);
}

/* Ask for the calls' answers in their OK packets (the dialect's
 * proc_tracked_session).  A server that refuses that keeps sending rows;
 * only a lost connection is an error. */
static int proc_track(txn_ctx *x, db_error *e)
{
	for (const char *const *q = x->d->proc_tracked_session; *q; q++) {
		if (db_exec(x->conn, *q, e) == 0)
			continue;
		if (e->cls == DB_RECONNECT)
			return -1;
		db_error_clear(e);
		if (x->d->proc_untracked && db_exec(x->conn, x->d->proc_untracked, e) < 0)
			return e->cls == DB_RECONNECT ? -1 : (db_error_clear(e), 0);
		return 0;
	}
	x->proc_tracked = x->d->proc_untracked != NULL;
	return 0;
}

#define I(v) db_p_int(v)
#define T(s) db_p_text((s), strlen(s))

int txn_proc_exec(txn_ctx *x, const txn_input *in, db_error *e)
{
	const db_driver *drv = x->conn->drv;
	const char *sql = x->d->proc_call[in->type];
	char items[CSV_MAX], supply[CSV_MAX], qty[CSV_MAX];
	const char *last = in->byname ? in->c_last : "";
	db_param p[8];
	int n = 0, rc;

	if (!sql)
		return db_error_set(e, DB_FATAL, 0, "IM001", "the %s dialect has no procedure for %s",
				    x->d->name, txn_names[in->type]);
	if (!x->proc_ready) {
		if (!drv->set_autocommit)
			return db_error_set(e, DB_FATAL, 0, "IM001", "the %s driver cannot run "
					    "procedures in autocommit", drv->name);
		if (drv->set_autocommit(x->conn, 1, e))
			return -1;
		if (drv->caps.tracked_row && x->d->proc_tracked_session &&
		    proc_track(x, e) < 0)
			return -1;
		x->proc_ready = 1;
	}
	if (!x->call[in->type] && drv->prepare(x->conn, sql, &x->call[in->type], e))
		return -1;

	switch (in->type) {
	case TX_NEW_ORDER:
		p[n++] = I(in->w_id), p[n++] = I(in->d_id), p[n++] = I(in->c_id);
		p[n++] = I(in->ol_cnt), p[n++] = I(in->all_local);
		if (x->d->proc_lines_json) {
			txn_proc_lines_json(in, items, sizeof items, supply, sizeof supply);
			p[n++] = T(items);
			p[n++] = T(supply);
			break;
		}
		p[n++] = T(csv(in, 0, items, sizeof items));
		p[n++] = T(csv(in, 1, supply, sizeof supply));
		p[n++] = T(csv(in, 2, qty, sizeof qty));
		break;
	case TX_PAYMENT:
		p[n++] = I(in->w_id), p[n++] = I(in->d_id), p[n++] = I(in->c_w_id);
		p[n++] = I(in->c_d_id), p[n++] = I(in->c_id), p[n++] = I(in->byname);
		p[n++] = T(last), p[n++] = db_p_dbl(in->h_amount);
		break;
	case TX_ORDER_STATUS:
		p[n++] = I(in->w_id), p[n++] = I(in->d_id), p[n++] = I(in->c_id);
		p[n++] = I(in->byname), p[n++] = T(last);
		break;
	case TX_DELIVERY:
		p[n++] = I(in->w_id), p[n++] = I(in->carrier_id);
		break;
	case TX_STOCK_LEVEL:
		p[n++] = I(in->w_id), p[n++] = I(in->d_id), p[n++] = I(in->threshold);
		break;
	default:
		return db_error_set(e, DB_FATAL, 0, "HY000", "unknown transaction type");
	}

	db_stmt *s = x->call[in->type];
	if (drv->execute(s, p, n, NULL, e)) {
		if (in->type != TX_NEW_ORDER || !x->d->proc_rolled_back ||
		    !x->d->proc_rolled_back(e))
			return -1;
		/* The server has rolled the call back: nothing was written. */
		drv->reset(s);
		db_error_clear(e);
		return 1;   /* counted with its latency by the VU (stats_done) */
	}
	rc = drv->fetch(s, e);
	if (rc == 0 && x->proc_tracked) {
		/* Committed, its answer lost on the way: this call is reported,
		 * and the next ones send their rows. */
		drv->reset(s);
		x->proc_tracked = 0;
		if (db_exec(x->conn, x->d->proc_untracked, e) < 0)
			return -1;
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s procedure's answer was not in "
				    "its OK packet (session tracking dropped on the way, by a proxy?): "
				    "the calls send their rows from now on", txn_names[in->type]);
	}
	if (rc <= 0) {
		drv->reset(s);
		return rc < 0 ? -1 : db_error_set(e, DB_FATAL, 0, "HY000", "%s procedure returned "
						  "no row", txn_names[in->type]);
	}
	int64_t first = drv->col_int(s, 0);
	/* New-Order's o_id (the second column, or the only one where the
	 * rollback is raised): the durability audit needs it for every
	 * acknowledged commit, in this mode as in the other. */
	if (in->type == TX_NEW_ORDER) {
		if (drv->column_count(s) == 1 && x->d->proc_rolled_back) {
			x->last_o_id = (int)first;
			first = 0;
		} else {
			x->last_o_id = (int)drv->col_int(s, 1);
		}
	}
	drv->reset(s);

	vu_stats *st = x->stats;
	switch (in->type) {
	case TX_NEW_ORDER:
		if (first)
			return 1;   /* as above */
		int remote = 0;
		for (int i = 0; i < in->ol_cnt; i++)
			remote += in->ol[i].supply_w_id != in->w_id;
		stat_add(&st->audit[AU_NO_LINES], (uint64_t)in->ol_cnt);
		stat_add(&st->audit[AU_NO_REMOTE_LINES], (uint64_t)remote);
		break;
	case TX_PAYMENT:
		if (in->c_w_id != in->w_id)
			stat_add(&st->audit[AU_PAY_REMOTE], 1);
		if (in->byname)
			stat_add(&st->audit[AU_PAY_BYNAME], 1);
		break;
	case TX_ORDER_STATUS:
		if (in->byname)
			stat_add(&st->audit[AU_OS_BYNAME], 1);
		break;
	case TX_DELIVERY:
		if (first > 0)
			stat_add(&st->audit[AU_DL_SKIPPED], (uint64_t)first);
		break;
	default:
		break;
	}
	return 0;
}
