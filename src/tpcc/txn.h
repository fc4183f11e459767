/* txn.h: the five TPC-C transactions.  Inputs are drawn first (txn_gen) and
 * executed after (txn_exec), so a retried transaction runs again with
 * exactly the same inputs, as the spec requires.  Statements mode is txn.c;
 * procedures mode, one stored-procedure call per transaction on the same
 * inputs, is txn_proc.c. */
#ifndef TPCC_TXN_H
#define TPCC_TXN_H

#include "drivers/driver.h"
#include "dialect/dialect.h"
#include "rand.h"
#include "core/stats.h"

#define MAX_OL 15
#define UNUSED_ITEM_ID 100001 /* beyond the 100,000 items: forces the 1% rollback */

typedef struct txn_input {
	enum txn_type type;
	int w_id, d_id;
	int c_w_id, c_d_id, c_id;
	int byname;
	char c_last[16];
	/* New-Order */
	int ol_cnt, all_local, rollback;
	struct txn_line { int i_id, supply_w_id, qty; } ol[MAX_OL];
	/* Payment */
	double h_amount;
	/* Delivery */
	int carrier_id;
	/* Stock-Level */
	int threshold;
} txn_input;

/* What the terminal is and what it needs to draw inputs. */
typedef struct txn_terminal {
	int w_id;          /* home warehouse */
	int d_id;          /* home district (Stock-Level) */
	int warehouses;
	int all_warehouses;/* draw the warehouse at random per transaction */
	int rollback_pct;  /* New-Orders naming the unused item, percent (0: the spec's 1) */
	tpcc_nurand_c c;   /* run-time NURand constants */
} txn_terminal;

typedef struct txn_batch txn_batch;

typedef struct txn_ctx {
	db_conn *conn;
	const dialect *d;
	db_stmt *st[S_COUNT];
	vu_stats *stats;
	int last_o_id;     /* o_id of the last New-Order whose commit was acknowledged */
	int procedures;              /* procedures mode */
	int pipeline;                /* statements mode: batches pipelined where the driver can */
	txn_batch *batch;            /* the batch being built (txn.c's) */
	int proc_ready;              /* procedures mode: autocommit on, the
	                              * dialect's proc_tracked_session run */
	int proc_tracked;            /* ... and the calls answer in their OK
	                              * packets (txn_proc.c) */
	db_stmt *call[TX_COUNT];     /* procedures mode: the prepared calls */
	/* The timestamp text the transactions write, formatted once per
	 * second rather than once per transaction. */
	long long now_sec;
	char now[20];
} txn_ctx;

void txn_gen(const txn_terminal *t, tpcc_rng *r, enum txn_type type, txn_input *in);

/* Prepare statements lazily; call txn_release before the connection goes.
 * procedures: run each transaction as one stored-procedure call;
 * pipeline: statements mode sends its independent statements as one
 * batch (db_batch), pipelined where the driver can. */
void txn_ctx_init(txn_ctx *x, db_conn *c, const dialect *d, vu_stats *stats, int procedures,
		  int pipeline);
void txn_release(txn_ctx *x);

/* Run one transaction.  Returns 0 committed, 1 rolled back on purpose (the
 * New-Order unused item), -1 error (the transaction has been rolled back,
 * err says what and its class). Audit counters are updated on success; the
 * caller counts the commit or the rollback itself, with its latency. */
int txn_exec(txn_ctx *x, const txn_input *in, db_error *err);

/* Procedures mode (txn_proc.c): the same contract as txn_exec, which calls
 * it when x->procedures is set. */
int txn_proc_exec(txn_ctx *x, const txn_input *in, db_error *err);
void txn_proc_release(txn_ctx *x);
/* New-Order's lines and its distinct stock rows, each a JSON array of
 * packed numbers (see txn_proc.c and the dialect's proc_lines_json). */
void txn_proc_lines_json(const txn_input *in, char *lines, size_t llen, char *stock,
			 size_t slen);

#endif
