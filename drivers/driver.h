/* driver.h: the one interface between the engine and a database client
 * library.  A driver knows how to talk to a database; it never knows TPC-C.
 * Each driver is a const struct of function pointers (see drivers/mysql.c,
 * drivers/sqlite.c) found by name through driver_find().
 *
 * Threading: a db_conn and its statements belong to one thread at a time.
 * driver->init() is called once per process before any connect.
 */
#ifndef TPCC_DRIVER_H
#define TPCC_DRIVER_H

#include <stddef.h>
#include <stdint.h>

/* What went wrong, as each driver reads its own library's and server's
 * codes: the engine reads only this, never a vendor's number. */
typedef enum db_errkind {
	DB_KIND_NONE = 0,
	DB_KIND_DEADLOCK,     /* deadlock or serialization failure */
	DB_KIND_LOCK_TIMEOUT, /* waited too long for a lock (sqlite: busy) */
	DB_KIND_CONNECTION,   /* the connection is lost or cannot be made */
	DB_KIND_CONSTRAINT,   /* a key or constraint refused the change */
	DB_KIND_OTHER
} db_errkind;

/* What the caller should do about an error: follows from the kind. */
typedef enum db_errclass {
	DB_OK = 0,
	DB_RETRY,     /* deadlock, lock wait timeout, busy: retry the whole txn */
	DB_RECONNECT, /* connection lost: reconnect with back-off, then retry */
	DB_FATAL      /* anything else: count it, roll back, go on */
} db_errclass;

typedef struct db_error {
	db_errclass cls;
	db_errkind kind;
	int native;        /* server/library error number, 0 if none: for the message */
	char sqlstate[6];  /* the server's own, "HY000" when unknown */
	char msg[512];
} db_error;

const char *db_errclass_name(db_errclass c);
const char *db_errkind_name(db_errkind k);
/* Retry for deadlocks and lock timeouts, reconnect for a lost connection,
 * fatal for the rest. */
db_errclass db_errkind_class(db_errkind k);
/* Fill e and return -1; a convenience for drivers and engine code.  The
 * kind is the class's plainest (retry: deadlock, reconnect: connection,
 * fatal: other); a driver that knows better uses db_error_kind_set. */
int db_error_set(db_error *e, db_errclass cls, int native, const char *sqlstate,
		 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* The same from a driver's classification; the class follows the kind. */
int db_error_kind_set(db_error *e, db_errkind kind, int native, const char *sqlstate,
		      const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void db_error_clear(db_error *e);
/* e says the database itself is not there: SQLSTATE 3D000, "invalid
 * catalog name", which the sqlite driver gives for a missing file. */
int db_error_no_database(const db_error *e);

/* What the null driver answers, described by the engine so that the
 * driver knows no workload of its own: the rows of the metadata table,
 * the key no row has, and the one read that returns a row per key. */
typedef struct db_fake {
	int64_t missing_key;          /* an integer parameter no row has */
	const char *meta_table;       /* a SELECT naming it returns meta_rows */
	const char *const *meta_rows; /* key, value, key, value, ..., NULL; a NULL
	                               * value: the number the database name gives */
	/* A SELECT of keyed_params '?' (and no IN list, which is echoed
	 * anyway) returns one row per distinct value among the parameters
	 * keyed_from, keyed_from + keyed_stride, ..., that value in column 0. */
	int keyed_params, keyed_from, keyed_stride;
	/* The transaction type a statement belongs to when it is one only
	 * that type runs ("new_order", ...), else NULL: the null server's
	 * service time per type (drivers/null_model.h).  NULL: none known. */
	const char *(*txn_of)(const char *sql);
} db_fake;

/* Where and how to connect.  Strings may be NULL or "" for "not given": the
 * driver then uses its client library defaults (and, for mysql, the option
 * files' [client] group). */
typedef struct db_params {
	const char *driver;    /* "mysql", "pg", "sqlite", "odbc", "null" */
	const char *host;
	int port;              /* 0: default */
	const char *socket;
	const char *user;
	const char *password;  /* never logged */
	const char *database;
	const char *file;      /* sqlite database file */
	const char *dsn;       /* odbc DSN */
	const char *odbc;      /* odbc full connection string */
	const char *conninfo;  /* pg: a libpq connection string or URI (may hold a password) */
	const char *isolation; /* odbc: default, read-committed, repeatable-read,
				* serializable ("" or NULL: the server's) */
	const char *ssl_mode;  /* DISABLED, PREFERRED, REQUIRED, VERIFY_CA, VERIFY_IDENTITY */
	const char *ssl_ca;
	int read_option_files; /* mysql: read [client] from ~/.my.cnf etc. */
	int connect_timeout;   /* seconds, 0: driver default */
	/* database names the one to reach even where a conninfo, a DSN or
	 * the environment names another (snapshot and restore reach the
	 * snapshot's and the server's maintenance database). */
	int database_wins;
	/* The user typed database (command line, a screen): it then wins
	 * over what the environment says (PGDATABASE, PGSERVICE), as psql's
	 * -d does, though not over a conninfo's. */
	int database_given;
	/* sqlite: make the file when it is missing (build, and restore into
	 * its target); otherwise a missing file is an error saying so, not an
	 * empty database left behind.  The servers' drivers ignore it. */
	int create;
	const db_fake *fake;   /* null: what to answer (NULL: nothing special) */
	/* Optional, for a driver with caps.waits: how to wait for the
	 * connection's socket without blocking the thread (the engine's
	 * fibers, src/run/fiber.h): until fd is ready for events (DB_WAIT_READ,
	 * DB_WAIT_WRITE) or timeout_ms passes (-1: no limit); returns the
	 * events ready, 0 on timeout, and may return early with nothing
	 * ready when DB_WAIT_KEEP is given.  NULL: the driver blocks. */
	int (*wait_fd)(int fd, int events, int timeout_ms);
} db_params;

#define DB_WAIT_READ  1
#define DB_WAIT_WRITE 2
/* With either: the fd stays open and the connection's between waits until
 * it is closed (DB_WAIT_KEEP), and may be a new socket of a number seen
 * before (DB_WAIT_NEW: said on the first wait after a connect). */
#define DB_WAIT_KEEP  4
#define DB_WAIT_NEW   8

/* A bound parameter or result value type. */
typedef enum db_type { DB_T_NULL = 0, DB_T_INT, DB_T_DOUBLE, DB_T_TEXT } db_type;

typedef struct db_param {
	db_type type;
	int64_t i;
	double d;
	const char *s;  /* DB_T_TEXT: not necessarily NUL-terminated */
	size_t len;
} db_param;

static inline db_param db_p_int(int64_t v) { db_param p = { .type = DB_T_INT, .i = v }; return p; }
static inline db_param db_p_dbl(double v) { db_param p = { .type = DB_T_DOUBLE, .d = v }; return p; }
static inline db_param db_p_text(const char *s, size_t len) { db_param p = { .type = DB_T_TEXT, .s = s, .len = len }; return p; }
static inline db_param db_p_null(void) { db_param p = { .type = DB_T_NULL }; return p; }

typedef struct db_driver db_driver;

/* Every driver's connection struct starts with this. */
typedef struct db_conn {
	const db_driver *drv;
} db_conn;

/* Every driver's statement struct starts with this. */
typedef struct db_stmt {
	db_conn *conn;
} db_stmt;

/* A connection's open statements, so that its disconnect can close the
 * handles of statements that outlive it (the engine finalizes them when it
 * gets round to it) and its commit can end their cursors.  A driver's
 * statement struct holds a db_stmt_node named node; DB_STMT_OF gives the
 * statement back from it. */
typedef struct db_stmt_node {
	struct db_stmt_node *prev, *next;
} db_stmt_node;

typedef struct db_stmt_list {
	db_stmt_node *head;
} db_stmt_list;

#define DB_STMT_OF(n, type) ((type *)(void *)((char *)(n) - offsetof(type, node)))

void db_stmt_list_add(db_stmt_list *l, db_stmt_node *n);
void db_stmt_list_remove(db_stmt_list *l, db_stmt_node *n);

/* One statement of a batch (db_batch): a prepared statement and its
 * parameters, which must stay valid until the batch returns. */
typedef struct db_batch_item {
	db_stmt *stmt;
	const db_param *params;
	int nparams;
} db_batch_item;

/* What a batch does after its last statement. */
typedef enum db_batch_end { DB_BATCH_OPEN = 0, DB_BATCH_COMMIT, DB_BATCH_ROLLBACK } db_batch_end;

/* Called for statement i of a batch, in order, with its rows ready to
 * fetch through s (read them here: they are gone once it returns) and,
 * for a command, the rows it changed in affected.  Returns 0 to go on;
 * 1 when the rest of the batch is not needed (run one by one, the rest is
 * not sent; pipelined, it already ran and its results are dropped); -1
 * with err filled to fail the batch.  A batch that commits must hold only
 * statements whose results cannot make the caller give the transaction
 * up: pipelined, the COMMIT went with them. */
typedef int (*db_batch_fn)(void *arg, int i, db_stmt *s, int64_t affected, db_error *err);

typedef struct db_caps {
	unsigned multirow_insert : 1;  /* INSERT ... VALUES (..),(..) is fast */
	unsigned select_for_update : 1;/* SELECT ... FOR UPDATE is understood */
	unsigned procedures : 1;       /* call_proc works */
	unsigned single_writer : 1;    /* one writer at a time (sqlite) */
	unsigned no_server : 1;        /* made-up answers, no database (null):
	                                * no schema to check, no server figures */
	unsigned waits : 1;            /* never blocks its thread when given
	                                * db_params.wait_fd (mysql, but see
	                                * blocks_thread), or never blocks at
	                                * all (null) */
	unsigned embedded : 1;         /* the database is a file this process
	                                * opens (sqlite): no server process, and
	                                * the file's disk is the one to watch */
	unsigned monitor_serverwide : 1; /* the monitor's counters are the
	                                * server's, read without a database, so
	                                * its session is not among the benchmark
	                                * database's (mysql) */
	unsigned tracked_row : 1;      /* a statement answered by an OK packet
	                                * alone yields the session-tracked
	                                * system variables the packet carries as
	                                * its one row, their values in the order
	                                * sent (mysql; not through ODBC) */
} db_caps;

/* What a connection waited for inside the driver itself, where no server
 * can tell (SQLite's write lock, its checkpoints): counts and time. */
typedef struct db_waits {
	uint64_t lock_n, lock_ns;      /* waits for the write lock */
	uint64_t ckpt_n, ckpt_ns;      /* checkpoints run */
	uint64_t commit_n, commit_ns;  /* COMMITs: the log written, and synced
	                                * where the settings ask for it */
} db_waits;


struct db_driver {
	const char *name;
	db_caps caps;
	/* The dialect its native server speaks (dialect_by_name), NULL when
	 * only the connection can tell (odbc). */
	const char *dialect;
	int default_port;              /* the server's usual port, 0: none */
	/* Optional (NULL: p->database): the database as messages name it, the
	 * file, the DSN, or (*phrase set) words for the connection when it
	 * names its database itself ("the ODBC connection"); a pointer into p
	 * or a constant. */
	const char *(*target_name)(const db_params *p, int *phrase);
	/* Optional (NULL: host:port, else the socket or "localhost"): where
	 * the connection goes, in a few words, for the console's header. */
	void (*where)(const db_params *p, char *buf, size_t len);

	/* Once per process. */
	int (*init)(db_error *err);
	void (*done)(void);
	/* Optional, for a driver with caps.waits (NULL: never): why a
	 * connection made with p would block its thread even when given a
	 * wait_fd (mysql: over TLS), in words that follow "cannot run VUs as
	 * fibers: "; NULL when it would not.  The engine asks before it
	 * chooses fibers. */
	const char *(*blocks_thread)(const db_params *p);
	/* Optional (NULL: nothing to check): refuse connection parameters
	 * the client library cannot read, before anything connects, so that
	 * bad configuration is told apart from a server that is not there. */
	int (*check_params)(const db_params *p, db_error *err);

	/* Optional (NULL: none): what this connection waited for inside the
	 * driver since the last call, into out; its counters start again. */
	void (*take_waits)(db_conn *c, db_waits *out);

	/* Connections. */
	int (*connect)(const db_params *p, db_conn **out, db_error *err);
	void (*disconnect)(db_conn *c);
	/* Server version string, e.g. "10.11.19-MariaDB"; valid while c lives. */
	const char *(*server_version)(db_conn *c);
	/* Optional (NULL: the configured one): the database the connection
	 * is in, where the client library may take it from elsewhere (libpq:
	 * a service file, PGDATABASE); valid while c lives. */
	const char *(*database)(db_conn *c);
	/* Optional (NULL: always): does a connection made with p go to
	 * p->database, or does something else name its database (libpq: a
	 * conninfo, PGDATABASE, PGSERVICE)? */
	int (*uses_database)(const db_params *p);

	/* Run one statement with no result rows (DDL, SET, DML). Returns 0 or -1.
	 * *affected gets the affected row count when non-NULL. */
	int (*exec)(db_conn *c, const char *sql, int64_t *affected, db_error *err);

	/* Prepared statements, '?' placeholders. */
	int (*prepare)(db_conn *c, const char *sql, db_stmt **out, db_error *err);
	/* Bind params and execute; for SELECT the rows are then fetched. */
	int (*execute)(db_stmt *s, const db_param *params, int nparams,
		       int64_t *affected, db_error *err);
	/* 1: a row is ready, 0: no more rows, -1: error.  Reading all rows is not
	 * required: the next execute or reset discards the rest. */
	int (*fetch)(db_stmt *s, db_error *err);
	int (*column_count)(db_stmt *s);
	int (*col_isnull)(db_stmt *s, int col);
	int64_t (*col_int)(db_stmt *s, int col);
	double (*col_double)(db_stmt *s, int col);
	/* Pointer valid until the next fetch/execute; *len may be NULL. */
	const char *(*col_text)(db_stmt *s, int col, size_t *len);
	/* Discard any unread rows. */
	void (*reset)(db_stmt *s);
	void (*finalize)(db_stmt *s);

	/* Transactions.  Connections run with autocommit off (or the driver's
	 * equivalent); begin() may be a no-op.  write != 0 tells the driver the
	 * transaction will write (sqlite takes the write lock up front). */
	int (*begin)(db_conn *c, int write, db_error *err);
	int (*commit)(db_conn *c, db_error *err);
	int (*rollback)(db_conn *c, db_error *err);

	/* Optional slots (NULL when unsupported), filled by later work:
	 * call a stored procedure with params, results fetched through *out. */
	int (*call_proc)(db_conn *c, const char *name, const db_param *params,
			 int nparams, db_stmt **out, db_error *err);
	/* Id the server gives this connection (mysql CONNECTION_ID()), or -1. */
	int64_t (*conn_id)(db_conn *c);
	/* The DBMS the connection reached, as the client library names it
	 * (ODBC SQL_DBMS_NAME: "PostgreSQL", "MariaDB", "Microsoft SQL Server").
	 * A driver that talks to several kinds of server (odbc) must fill it:
	 * the engine picks the SQL dialect from it. */
	const char *(*dbms_name)(db_conn *c);
	/* Switch autocommit on or off.  Procedures mode runs each call as its
	 * own transaction (one round trip); statements mode keeps it off. */
	int (*set_autocommit)(db_conn *c, int on, db_error *err);
	/* Optional (NULL: the loader sends multi-row INSERTs): run sql, a
	 * bulk load from the client (PostgreSQL's COPY .. FROM STDIN), with
	 * data as its whole input, in the server's text format (columns
	 * separated by tabs, rows ended by newlines, \N for NULL).  *rows
	 * gets the rows the server took. */
	int (*copy_in)(db_conn *c, const char *sql, const char *data, size_t len, int64_t *rows,
		       db_error *err);
	/* Optional (NULL: db_batch runs the statements one by one): send the
	 * statements of a batch back to back and read their results after one
	 * flush (PostgreSQL's pipeline mode), with the transaction's end
	 * after them; fn as db_batch_fn says.  A failed statement fails the
	 * batch with its own error, and the transaction is then to be rolled
	 * back (the statements after it did nothing). */
	int (*execute_batch)(db_conn *c, const db_batch_item *items, int n, db_batch_end end,
			     db_batch_fn fn, void *arg, db_error *err);
	/* Optional (NULL: not counted): how many times this connection has
	 * waited for the server, for the round trips per transaction. */
	uint64_t (*round_trips)(db_conn *c);
	/* Optional (NULL: none): copy the whole database page by page while it
	 * stays usable (SQLite's online backup): this connection's to file
	 * (into_conn 0; the file is made or overwritten) or file's into this
	 * connection's (1).  tick (may be NULL) gets the pages done and the
	 * total as it goes; *stop non-zero ends it early (-1). */
	int (*backup)(db_conn *c, const char *file, int into_conn, const _Atomic int *stop,
		      void (*tick)(void *ud, uint64_t done, uint64_t total), void *ud,
		      db_error *err);
};

/* Run a batch: through the driver's execute_batch when pipelined is set
 * and the driver has one, else one statement per round trip
 * (db_batch_serial), which every driver can do. */
int db_batch(db_conn *c, int pipelined, const db_batch_item *items, int n, db_batch_end end,
	     db_batch_fn fn, void *arg, db_error *err);
int db_batch_serial(db_conn *c, const db_batch_item *items, int n, db_batch_end end,
		    db_batch_fn fn, void *arg, db_error *err);

/* Driver registry. */
const db_driver *driver_find(const char *name);
/* The driver's target_name, or p->database; phrase (may be NULL) as there. */
const char *driver_target_name(const db_driver *d, const db_params *p, int *phrase);
/* The driver's where, or host:port (the driver's default port when p has
 * none), the socket, or "localhost". */
void driver_where(const db_driver *d, const db_params *p, char *buf, size_t len);
/* Space separated list of compiled-in driver names, for --help. */
const char *driver_names(void);

/* Helpers over the vtable, so callers read naturally. */
static inline int db_exec(db_conn *c, const char *sql, db_error *e) { return c->drv->exec(c, sql, NULL, e); }

/* A column's text as an integer; DECIMAL and floating text truncates toward
 * zero (as sqlite does), clamped to the int64 range.  For drivers that
 * fetch every column as text. */
int64_t db_text_to_int(const char *text);
/* A client library's message as one line (libpq's and psqlODBC's span
 * lines): newlines and tabs as spaces, runs of spaces as one.  A line that
 * ends without punctuation before one that starts with a capital gets a
 * full stop, so "Connection refused" and the hint after it read as two
 * sentences (a sentence that merely wraps goes on in lower case). */
void db_text_oneline(const char *in, char *out, size_t cap);
/* v's decimal digits (a '-' first when negative) at buf, which has room
 * for 21, without a terminating NUL; their count.  What keyed terminals'
 * parameter text is written with: snprintf's dozens of calls a New-Order
 * were a few percent of the client's CPU. */
int db_int_to_text(char *buf, int64_t v);

/* Prepare + execute + fetch one row's first column as integer.
 * Returns 1 with *out set, 0 when no row (or NULL), -1 on error. */
int db_query_int(db_conn *c, const char *sql, int64_t *out, db_error *e);

#endif
