/* sqlite.c: the SQLite driver.  One sqlite3 handle per connection, opened
 * NOMUTEX since a connection belongs to one thread at a time; WAL journal so
 * readers never wait for the writer; one writer at a time (caps.single_writer),
 * which begin(write) takes up front with BEGIN IMMEDIATE so a transaction
 * never fails half-way for want of the write lock.
 *
 * SQLite runs in autocommit mode between transactions: statements issued
 * without begin() commit on their own, and commit()/rollback() outside a
 * transaction do nothing.
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "driver.h"
#include "sqlite_writer.h"

#include <sqlite3.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>

#define BUSY_TIMEOUT_MS 10000
/* Past this many frames in the WAL (16 MB of 4 KB pages) the committing
 * connection empties it; see lite_wal_hook. */
#define WAL_RESET_FRAMES 4096

typedef struct lite_stmt lite_stmt;

typedef struct lite_conn {
	db_conn base;
	sqlite3 *db;
	sqlite_writer *writer; /* this file's writer lock, shared in the process */
	int writing;           /* holds it for an open write transaction */
	db_stmt_list stmts;  /* every open statement: commit ends their cursors */
	char version[48];
	db_waits waits;    /* the VU's own thread writes and takes them */
} lite_conn;

struct lite_stmt {
	db_stmt base;
	lite_conn *lc;     /* NULL once the connection is closed */
	db_stmt_node node;   /* on its connection's stmts */
	sqlite3_stmt *st;  /* NULL once the connection is closed */
	int running;       /* stepped and not yet done: more rows may follow */
	int pending;       /* execute stepped onto a row fetch has not returned */
	int on_row;        /* a row is current */
};

extern const db_driver sqlite_driver;

/* ---- errors ---------------------------------------------------------- */

static int lite_fail(sqlite3 *db, int rc, db_error *err)
{
	int prim = rc & 0xff;
	const char *msg = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
	db_errkind kind = DB_KIND_OTHER;
	const char *state = "HY000";

	/* BUSY: another connection held the lock past the busy timeout;
	 * LOCKED: a conflict inside this connection's shared cache. */
	if (prim == SQLITE_BUSY || prim == SQLITE_LOCKED) {
		kind = prim == SQLITE_BUSY ? DB_KIND_LOCK_TIMEOUT : DB_KIND_DEADLOCK;
		state = "40001";
	} else if (prim == SQLITE_CONSTRAINT) {
		kind = DB_KIND_CONSTRAINT;
	}
	return db_error_kind_set(err, kind, rc, state, "sqlite error %d (%s): %s", rc, state,
				 msg ? msg : sqlite3_errstr(rc));
}

static int lite_oom(db_error *err)
{
	return db_error_set(err, DB_FATAL, SQLITE_NOMEM, "HY001", "sqlite: out of memory");
}

static const char *nz(const char *s)
{
	return s && *s ? s : NULL;
}

/* ---- statement list -------------------------------------------------- */

static void lite_link(lite_conn *lc, lite_stmt *s)
{
	s->lc = lc;
	db_stmt_list_add(&lc->stmts, &s->node);
}

static void lite_unlink(lite_stmt *s)
{
	lite_conn *lc = s->lc;

	if (!lc)
		return;
	db_stmt_list_remove(&lc->stmts, &s->node);
	s->lc = NULL;
}

static void lite_stmt_reset(lite_stmt *s)
{
	if (s->st && (s->running || s->pending))
		sqlite3_reset(s->st);
	s->running = s->pending = s->on_row = 0;
}

/* End every open cursor: an unread SELECT would otherwise keep its read
 * transaction (and its WAL snapshot) alive past commit. */
static void lite_reset_all(lite_conn *lc)
{
	for (db_stmt_node *n = lc->stmts.head; n; n = n->next) {
		lite_stmt *s = DB_STMT_OF(n, lite_stmt);
		if (s->running || s->pending)
			lite_stmt_reset(s);
	}
}

/* ---- connections ----------------------------------------------------- */

static int lite_init(db_error *err)
{
	int rc;

	if (!sqlite3_threadsafe())
		return db_error_set(err, DB_FATAL, 0, "HY000",
				    "sqlite: library built without thread support");
	rc = sqlite3_initialize();
	if (rc != SQLITE_OK)
		return lite_fail(NULL, rc, err);
	return 0;
}

static void lite_done(void)
{
	sqlite3_shutdown();
}

static int lite_exec_simple(sqlite3 *db, const char *sql, db_error *err)
{
	int rc = sqlite3_exec(db, sql, NULL, NULL, NULL);

	if (rc != SQLITE_OK)
		return lite_fail(db, sqlite3_extended_errcode(db), err);
	return 0;
}

/* SQLite's automatic checkpoint is PASSIVE: it copies what no reader still
 * needs and never waits.  With VUs reading all the time some reader always
 * holds a snapshot inside the log, so the log never starts over and grows
 * by every page of every commit (90 MB/s at 2 VUs: gigabytes in minutes).
 * This hook replaces it: past WAL_RESET_FRAMES the connection that just
 * committed asks for a TRUNCATE checkpoint, which waits (through the busy
 * handler) for the readers already in the log (new ones read the database
 * file), copies the log into the file and empties it.  Nothing below the
 * mark: PASSIVE checkpoints there hold the checkpoint lock so often that
 * most TRUNCATE attempts found it taken and failed at once (730 of 768 in
 * 20 s at 4 VUs), and the log reached 30-45 MB; without them every attempt
 * succeeds and the log stops at 16 MB.  A checkpoint that does find the
 * database busy is tried again at the next commit.  The price is that the
 * database file is written at all: see the note in doc/performance.md. */
static uint64_t lite_now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int lite_wal_hook(void *arg, sqlite3 *db, const char *name, int frames)
{
	lite_conn *lc = arg;
	if (frames >= WAL_RESET_FRAMES) {
		uint64_t t0 = lite_now_ns();
		sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
		lc->waits.ckpt_n++;
		lc->waits.ckpt_ns += lite_now_ns() - t0;
	}
	return SQLITE_OK;
}

static int lite_connect(const db_params *p, db_conn **out, db_error *err)
{
	const char *file = nz(p->file) ? p->file : nz(p->database);
	lite_conn *lc;
	sqlite3 *db = NULL;
	int rc;

	*out = NULL;
	if (!file)
		return db_error_set(err, DB_FATAL, 0, "HY000",
				    "sqlite: no database file given");
	rc = sqlite3_open_v2(file, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX |
			     (p->create ? SQLITE_OPEN_CREATE : 0), NULL);
	if (rc != SQLITE_OK) {
		/* 3D000, the standard's "invalid catalog name": no such
		 * database, as a server says it of a missing one. */
		if (!p->create && (rc & 0xff) == SQLITE_CANTOPEN && access(file, F_OK) != 0 &&
		    errno == ENOENT) {
			db_error_set(err, DB_FATAL, rc, "3D000", "sqlite: the database file %s "
				     "does not exist", file);
		} else if (db) {
			rc = sqlite3_extended_errcode(db);
			db_error_set(err, DB_FATAL, rc, "HY000", "sqlite error %d (HY000): %s: %s",
				     rc, file, sqlite3_errmsg(db));
		} else {
			lite_oom(err);
		}
		sqlite3_close(db);
		return -1;
	}
	sqlite3_extended_result_codes(db, 1);
	/* Busy timeout first: switching to WAL needs a lock another
	 * connection may hold for a moment. */
	sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
	if (lite_exec_simple(db, "PRAGMA journal_mode=WAL", err) < 0 ||
	    lite_exec_simple(db, "PRAGMA synchronous=NORMAL", err) < 0 ||
	    lite_exec_simple(db, "PRAGMA foreign_keys=OFF", err) < 0) {
		sqlite3_close(db);
		return -1;
	}
	lc = calloc(1, sizeof(*lc));
	if (!lc) {
		sqlite3_close(db);
		return lite_oom(err);
	}
	sqlite3_wal_hook(db, lite_wal_hook, lc);
	lc->base.drv = &sqlite_driver;
	lc->db = db;
	lc->writer = sqlite_writer_get(sqlite3_db_filename(db, "main"));
	snprintf(lc->version, sizeof(lc->version), "SQLite %s", sqlite3_libversion());
	*out = &lc->base;
	return 0;
}

static void lite_disconnect(db_conn *c)
{
	lite_conn *lc = (lite_conn *)c;

	if (!lc)
		return;
	/* Statements may outlive the connection; finalize their handles now so
	 * the close succeeds, and leave the structs for finalize. */
	while (lc->stmts.head) {
		lite_stmt *s = DB_STMT_OF(lc->stmts.head, lite_stmt);
		sqlite3_finalize(s->st);
		s->st = NULL;
		s->running = s->pending = s->on_row = 0;
		lite_unlink(s);
	}
	/* An open transaction rolls back with the close: the lock goes. */
	if (lc->writing)
		sqlite_writer_release(lc->writer);
	sqlite3_close_v2(lc->db);
	sqlite_writer_put(lc->writer);
	free(lc);
}

static const char *lite_server_version(db_conn *c)
{
	return ((lite_conn *)c)->version;
}

static int64_t lite_conn_id(db_conn *c)
{
	(void)c;
	return -1;
}

/* ---- plain statements ------------------------------------------------ */

/* Step one statement to the end; rows are discarded. */
static int lite_run(sqlite3 *db, sqlite3_stmt *st, int64_t *affected, db_error *err)
{
	sqlite3_int64 before = sqlite3_total_changes64(db);
	int rc;

	while ((rc = sqlite3_step(st)) == SQLITE_ROW)
		;
	if (rc != SQLITE_DONE)
		return lite_fail(db, rc, err);
	/* sqlite3_changes() keeps the count of the last INSERT/UPDATE/DELETE
	 * even across DDL; only trust it when this statement changed rows. */
	if (affected)
		*affected = sqlite3_total_changes64(db) != before ? sqlite3_changes64(db) : 0;
	return 0;
}

static int lite_exec(db_conn *c, const char *sql, int64_t *affected, db_error *err)
{
	lite_conn *lc = (lite_conn *)c;
	const char *tail = sql;
	int64_t aff = 0;

	while (tail && *tail) {
		sqlite3_stmt *st = NULL;
		int rc = sqlite3_prepare_v2(lc->db, tail, -1, &st, &tail);

		if (rc != SQLITE_OK)
			return lite_fail(lc->db, rc, err);
		if (!st)  /* whitespace or a comment */
			continue;
		rc = lite_run(lc->db, st, &aff, err);
		sqlite3_finalize(st);
		if (rc < 0)
			return -1;
	}
	if (affected)
		*affected = aff;
	return 0;
}

/* ---- prepared statements --------------------------------------------- */

static int lite_prepare(db_conn *c, const char *sql, db_stmt **out, db_error *err)
{
	lite_conn *lc = (lite_conn *)c;
	sqlite3_stmt *st = NULL;
	const char *tail = NULL;
	lite_stmt *s;
	int rc;

	*out = NULL;
	rc = sqlite3_prepare_v3(lc->db, sql, -1, SQLITE_PREPARE_PERSISTENT, &st, &tail);
	if (rc != SQLITE_OK)
		return lite_fail(lc->db, rc, err);
	if (!st)
		return db_error_set(err, DB_FATAL, SQLITE_MISUSE, "HY000",
				    "sqlite: empty statement");
	for (; tail && *tail; tail++) {
		if (*tail != ' ' && *tail != '\t' && *tail != '\n' && *tail != '\r' &&
		    *tail != ';') {
			sqlite3_finalize(st);
			return db_error_set(err, DB_FATAL, SQLITE_MISUSE, "HY000",
					    "sqlite: one statement per prepare, extra text: %.40s",
					    tail);
		}
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		sqlite3_finalize(st);
		return lite_oom(err);
	}
	s->base.conn = c;
	s->st = st;
	lite_link(lc, s);
	*out = &s->base;
	return 0;
}

static int lite_detached(db_error *err)
{
	return db_error_set(err, DB_FATAL, SQLITE_MISUSE, "08003",
			    "sqlite: statement used after its connection was closed");
}

static int lite_execute(db_stmt *st, const db_param *params, int nparams,
			int64_t *affected, db_error *err)
{
	lite_stmt *s = (lite_stmt *)st;
	sqlite3 *db;
	sqlite3_int64 before;
	int rc, want;

	if (!s->st)
		return lite_detached(err);
	db = sqlite3_db_handle(s->st);
	sqlite3_reset(s->st);
	sqlite3_clear_bindings(s->st);
	s->running = s->pending = s->on_row = 0;
	want = sqlite3_bind_parameter_count(s->st);
	if (nparams != want)
		return db_error_set(err, DB_FATAL, SQLITE_RANGE, "07001",
				    "sqlite: statement takes %d parameters, got %d", want, nparams);
	for (int i = 0; i < nparams; i++) {
		const db_param *p = &params[i];

		switch (p->type) {
		case DB_T_INT:
			rc = sqlite3_bind_int64(s->st, i + 1, p->i);
			break;
		case DB_T_DOUBLE:
			rc = sqlite3_bind_double(s->st, i + 1, p->d);
			break;
		case DB_T_TEXT:
			/* TRANSIENT: later steps (fetch) still read the value
			 * after the caller's buffer may be gone. */
			rc = sqlite3_bind_text64(s->st, i + 1, p->s ? p->s : "", p->len,
						 SQLITE_TRANSIENT, SQLITE_UTF8);
			break;
		case DB_T_NULL:
			rc = sqlite3_bind_null(s->st, i + 1);
			break;
		default:
			return db_error_set(err, DB_FATAL, SQLITE_MISMATCH, "HY004",
					    "sqlite: parameter %d has unknown type %d",
					    i + 1, (int)p->type);
		}
		if (rc != SQLITE_OK)
			return lite_fail(db, rc, err);
	}
	before = sqlite3_total_changes64(db);
	rc = sqlite3_step(s->st);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
		lite_fail(db, rc, err);
		sqlite3_reset(s->st);
		return -1;
	}
	if (affected)
		*affected = sqlite3_total_changes64(db) != before ? sqlite3_changes64(db) : 0;
	if (rc == SQLITE_ROW) {
		s->running = 1;
		s->pending = 1;
	} else {
		/* Done: reset now so the statement holds no lock meanwhile. */
		sqlite3_reset(s->st);
	}
	return 0;
}

static int lite_fetch(db_stmt *st, db_error *err)
{
	lite_stmt *s = (lite_stmt *)st;
	int rc;

	if (s->pending) {
		s->pending = 0;
		s->on_row = 1;
		return 1;
	}
	s->on_row = 0;
	if (!s->running || !s->st)
		return 0;
	rc = sqlite3_step(s->st);
	if (rc == SQLITE_ROW) {
		s->on_row = 1;
		return 1;
	}
	s->running = 0;
	if (rc == SQLITE_DONE) {
		sqlite3_reset(s->st);
		return 0;
	}
	lite_fail(sqlite3_db_handle(s->st), rc, err);
	sqlite3_reset(s->st);
	return -1;
}

static int lite_column_count(db_stmt *st)
{
	lite_stmt *s = (lite_stmt *)st;
	return s->st ? sqlite3_column_count(s->st) : 0;
}

/* sqlite leaves column access off a row undefined, so guard it here. */
static int lite_col_ok(lite_stmt *s, int col)
{
	return s->on_row && s->st && col >= 0 && col < sqlite3_column_count(s->st);
}

static int lite_col_isnull(db_stmt *st, int col)
{
	lite_stmt *s = (lite_stmt *)st;
	return !lite_col_ok(s, col) || sqlite3_column_type(s->st, col) == SQLITE_NULL;
}

static int64_t lite_col_int(db_stmt *st, int col)
{
	lite_stmt *s = (lite_stmt *)st;
	return lite_col_ok(s, col) ? sqlite3_column_int64(s->st, col) : 0;
}

static double lite_col_double(db_stmt *st, int col)
{
	lite_stmt *s = (lite_stmt *)st;
	return lite_col_ok(s, col) ? sqlite3_column_double(s->st, col) : 0.0;
}

static const char *lite_col_text(db_stmt *st, int col, size_t *len)
{
	lite_stmt *s = (lite_stmt *)st;
	const unsigned char *t = NULL;

	if (lite_col_ok(s, col) && sqlite3_column_type(s->st, col) != SQLITE_NULL)
		t = sqlite3_column_text(s->st, col);
	if (len)
		*len = t ? (size_t)sqlite3_column_bytes(s->st, col) : 0;
	return (const char *)t;
}

static void lite_reset(db_stmt *st)
{
	lite_stmt_reset((lite_stmt *)st);
}

static void lite_finalize(db_stmt *st)
{
	lite_stmt *s = (lite_stmt *)st;

	if (!s)
		return;
	lite_unlink(s);
	sqlite3_finalize(s->st);
	free(s);
}

/* ---- transactions ---------------------------------------------------- */

/* A write transaction's BEGIN IMMEDIATE does nothing but take the write
 * lock, so its time is the wait for it (a few microseconds when nobody
 * holds it: a wait is counted from 1 ms). */
#define LOCK_WAIT_NS 1000000ull

/* The lock is given back once the transaction has ended (COMMIT runs the
 * WAL hook's checkpoint inside it, so that is covered too). */
static void lite_end_write(lite_conn *lc)
{
	if (lc->writing && sqlite3_get_autocommit(lc->db)) {
		lc->writing = 0;
		sqlite_writer_release(lc->writer);
	}
}

static int lite_begin(db_conn *c, int write, db_error *err)
{
	lite_conn *lc = (lite_conn *)c;
	if (!write)
		return lite_exec_simple(lc->db, "BEGIN", err);
	/* Queued within this process first, so no writer here waits
	 * seconds in the busy handler while others keep taking the lock;
	 * BEGIN IMMEDIATE then waits only for other processes.  Both are
	 * the wait for the write lock. */
	uint64_t t0 = lite_now_ns();
	if (!lc->writing)
		lc->writing = sqlite_writer_acquire(lc->writer, BUSY_TIMEOUT_MS);
	int rc = lite_exec_simple(lc->db, "BEGIN IMMEDIATE", err);
	uint64_t dt = lite_now_ns() - t0;
	lc->waits.lock_ns += dt;
	lc->waits.lock_n += dt >= LOCK_WAIT_NS;
	if (rc < 0) {
		lite_end_write(lc);
		return -1;
	}
	return 0;
}

static void lite_take_waits(db_conn *c, db_waits *out)
{
	lite_conn *lc = (lite_conn *)c;
	*out = lc->waits;
	memset(&lc->waits, 0, sizeof lc->waits);
}

static int lite_commit(db_conn *c, db_error *err)
{
	lite_conn *lc = (lite_conn *)c;
	int rc = 0;

	lite_reset_all(lc);
	if (!sqlite3_get_autocommit(lc->db)) {
		/* A writer's COMMIT writes the WAL's frames, synced under
		 * synchronous=FULL: the log wait a DBA looks for when that
		 * setting changes.  The WAL hook's checkpoint runs inside it
		 * and is counted apart, as data I/O; a reader's COMMIT writes
		 * nothing.  A COMMIT that fails still waited. */
		int wrote = sqlite3_txn_state(lc->db, "main") == SQLITE_TXN_WRITE;
		uint64_t t0 = lite_now_ns(), ckpt0 = lc->waits.ckpt_ns;
		rc = lite_exec_simple(lc->db, "COMMIT", err);
		if (wrote) {
			lc->waits.commit_n++;
			lc->waits.commit_ns += lite_now_ns() - t0 - (lc->waits.ckpt_ns - ckpt0);
		}
	}
	lite_end_write(lc);
	return rc;
}

static int lite_rollback(db_conn *c, db_error *err)
{
	lite_conn *lc = (lite_conn *)c;
	int rc = 0;

	lite_reset_all(lc);
	/* SQLite may already have rolled back (some errors do that); that is
	 * not a failure. */
	if (!sqlite3_get_autocommit(lc->db))
		rc = lite_exec_simple(lc->db, "ROLLBACK", err);
	lite_end_write(lc);
	return rc;
}

/* Pages a backup step copies before it lets other connections at the
 * database again (and before the caller hears how far it got). */
#define BACKUP_STEP_PAGES 1024

static int lite_backup(db_conn *c, const char *file, int into_conn, const _Atomic int *stop,
		       void (*tick)(void *ud, uint64_t done, uint64_t total), void *ud,
		       db_error *err)
{
	lite_conn *lc = (lite_conn *)c;
	sqlite3 *other = NULL;
	int rc = sqlite3_open_v2(file, &other, (into_conn ? SQLITE_OPEN_READONLY :
			SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_NOMUTEX, NULL);
	if (rc != SQLITE_OK) {
		db_error_set(err, DB_FATAL, rc, "HY000", "sqlite: cannot open %s: %s", file,
			     other ? sqlite3_errmsg(other) : sqlite3_errstr(rc));
		sqlite3_close(other);
		return -1;
	}
	sqlite3_busy_timeout(other, BUSY_TIMEOUT_MS);
	sqlite3 *to = into_conn ? lc->db : other, *from = into_conn ? other : lc->db;
	sqlite3_backup *b = sqlite3_backup_init(to, "main", from, "main");
	if (!b) {
		lite_fail(to, sqlite3_extended_errcode(to), err);
		sqlite3_close(other);
		return -1;
	}
	int busy = 0;
	do {
		rc = sqlite3_backup_step(b, BACKUP_STEP_PAGES);
		/* Another connection's lock is waited for as long as a
		 * statement would wait for it, then it is a lock timeout. */
		busy = rc == SQLITE_BUSY || rc == SQLITE_LOCKED ? busy + 1 : 0;
		if (busy > BUSY_TIMEOUT_MS / 10)
			break;
		if (tick) {
			int total = sqlite3_backup_pagecount(b);
			tick(ud, (uint64_t)(total - sqlite3_backup_remaining(b)), (uint64_t)total);
		}
		if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED)
			sqlite3_sleep(10);
	} while ((rc == SQLITE_OK || rc == SQLITE_BUSY || rc == SQLITE_LOCKED) &&
		 !(stop && atomic_load(stop)));
	int fin = sqlite3_backup_finish(b);
	if (rc == SQLITE_DONE && fin == SQLITE_OK) {
		sqlite3_close(other);
		return 0;
	}
	if (rc != SQLITE_DONE && rc != SQLITE_OK && rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
		lite_fail(to, rc, err);
	else if (fin != SQLITE_OK)
		lite_fail(to, fin, err);
	else
		db_error_set(err, DB_FATAL, 0, "HY000", "sqlite: backup of %s stopped", file);
	sqlite3_close(other);
	return -1;
}

static const char *lite_target_name(const db_params *p, int *phrase)
{
	(void)phrase;
	return p->file ? p->file : "";
}

static void lite_where(const db_params *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s", p->file ? p->file : "");
}

const db_driver sqlite_driver = {
	.name = "sqlite",
	.caps = {
		.multirow_insert = 1,
		.select_for_update = 0,
		.procedures = 0,
		.single_writer = 1,
		.embedded = 1,
	},
	.dialect = "sqlite",
	.target_name = lite_target_name,
	.where = lite_where,
	.init = lite_init,
	.done = lite_done,
	.connect = lite_connect,
	.take_waits = lite_take_waits,
	.disconnect = lite_disconnect,
	.server_version = lite_server_version,
	.exec = lite_exec,
	.prepare = lite_prepare,
	.execute = lite_execute,
	.fetch = lite_fetch,
	.column_count = lite_column_count,
	.col_isnull = lite_col_isnull,
	.col_int = lite_col_int,
	.col_double = lite_col_double,
	.col_text = lite_col_text,
	.reset = lite_reset,
	.finalize = lite_finalize,
	.begin = lite_begin,
	.commit = lite_commit,
	.rollback = lite_rollback,
	.call_proc = NULL,
	.conn_id = lite_conn_id,
	.backup = lite_backup,
};
