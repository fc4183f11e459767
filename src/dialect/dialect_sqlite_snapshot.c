/* dialect_sqlite_snapshot.c: SQLite's snapshot is a file beside the
 * database, written with the online backup API (the driver's backup slot)
 * page by page, into a temporary name renamed over the old snapshot once
 * it is marked finished; restore copies it back the same way, into the
 * database in place, so its WAL mode and anyone's open handle stay valid. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <unistd.h>
#include "dialect_sqlite_snapshot.h"
#include "query.h"
#include "snapshot_meta.h"

static void on_pages(void *ud, uint64_t done, uint64_t total)
{
	progress *p = ud;
	(void)total;
	atomic_store(&p->done, done);
}

/* The side files of a database in WAL mode: a stale one beside a new
 * snapshot file would be read into it. */
static void remove_side_files(const char *file)
{
	char side[4200];
	if (snprintf(side, sizeof side, "%.4190s-wal", file) < (int)sizeof side)
		unlink(side);
	if (snprintf(side, sizeof side, "%.4190s-shm", file) < (int)sizeof side)
		unlink(side);
}

/* The driver puts every file it opens in WAL mode; the snapshot goes back
 * to one self-contained file before it is closed: in WAL mode the backup's
 * read-only handle of a restore, which may not delete them, would leave
 * its -wal and -shm files beside it. */
static int to_one_file(db_conn *s, db_error *e)
{
	return db_exec(s, "PRAGMA journal_mode=DELETE", e);
}

static void leave_snapshot(db_conn *s)
{
	db_error ignored;
	to_one_file(s, &ignored);
	s->drv->disconnect(s);
}

/* Does file begin as every SQLite database does (or hold nothing yet)?
 * SQLite itself says "file is not a database" only at the first
 * statement, as a failure, where this is a file of another kind in the
 * snapshot's place: a refusal. */
static int is_database(const char *file)
{
	static const char magic[16] = "SQLite format 3";
	char head[sizeof magic];
	FILE *f = fopen(file, "rb");
	if (!f)
		return 1;
	size_t n = fread(head, 1, sizeof head, f);
	fclose(f);
	return n == 0 || (n == sizeof head && !memcmp(head, magic, sizeof head));
}

int sqlite_snapshot_info(const snap_ctx *x, snap_info *out, db_error *e)
{
	db_conn *c;
	memset(out, 0, sizeof *out);
	if (access(x->snapshot, F_OK) != 0)
		return 0;
	if (!is_database(x->snapshot)) {
		out->present = 1;
		snprintf(out->note, sizeof out->note, "it is not a SQLite database");
		return 0;
	}
	if (x->connect(x->ud, x->snapshot, &c, e))
		return -1;
	int rc = snap_meta_read(c, out, e);
	leave_snapshot(c);
	return rc;
}

static int pages(db_conn *c, uint64_t *out, db_error *e)
{
	char buf[32];
	if (query_text(c, "PRAGMA page_count", NULL, buf, sizeof buf, e) != 1)
		return -1;
	*out = strtoull(buf, NULL, 10);
	return 0;
}

int sqlite_snapshot(const snap_ctx *x, db_error *e)
{
	char tmp[4200];
	db_conn *c, *s;
	uint64_t total = 0;

	if (snprintf(tmp, sizeof tmp, "%s.tmp", x->snapshot) >= (int)sizeof tmp)
		return db_error_set(e, DB_FATAL, 0, "HY000", "the snapshot's name is too long");
	unlink(tmp);
	remove_side_files(tmp);
	if (x->connect(x->ud, NULL, &c, e))
		return -1;
	if (!c->drv->backup) {
		c->drv->disconnect(c);
		return db_error_set(e, DB_FATAL, 0, "HY000", "the %s driver cannot copy a SQLite "
				    "database", c->drv->name);
	}
	if (pages(c, &total, e)) {
		c->drv->disconnect(c);
		return -1;
	}
	snap_progress_start(x, "snapshot", "files", "pages", total, 1);
	int rc = c->drv->backup(c, tmp, 0, x->stop, on_pages, x->prog, e);
	c->drv->disconnect(c);
	if (rc)
		goto fail;
	atomic_store(&x->prog->parts_done, 1);
	if (x->connect(x->ud, tmp, &s, e))
		goto fail;
	/* One self-contained file: nothing of it lives in side files a copy
	 * of the file alone would miss. */
	rc = snap_meta_mark(s, x->target, e) || to_one_file(s, e);
	s->drv->disconnect(s);
	if (rc)
		goto fail;
	remove_side_files(x->snapshot);
	if (rename(tmp, x->snapshot)) {
		db_error_set(e, DB_FATAL, errno, "HY000", "cannot rename %s to %s: %s", tmp,
			     x->snapshot, strerror(errno));
		goto fail;
	}
	return 0;
fail:
	unlink(tmp);
	remove_side_files(tmp);
	return -1;
}

int sqlite_restore(const snap_ctx *x, db_error *e)
{
	db_conn *c, *s;
	uint64_t total = 0;

	if (x->connect(x->ud, x->snapshot, &s, e))
		return -1;
	int rc = pages(s, &total, e);
	leave_snapshot(s);
	if (rc || x->connect(x->ud, NULL, &c, e))
		return -1;
	snap_progress_start(x, "restore", "files", "pages", total, 1);
	rc = c->drv->backup ? c->drv->backup(c, x->snapshot, 1, x->stop, on_pages, x->prog, e) :
		db_error_set(e, DB_FATAL, 0, "HY000", "the %s driver cannot copy a SQLite "
			     "database", c->drv->name);
	if (!rc) {
		atomic_store(&x->prog->parts_done, 1);
		rc = snap_meta_unmark(c, e);
	}
	c->drv->disconnect(c);
	return rc;
}
