/* build.c: see build.h.  The steps and their order are the ones `build`
 * always took; the metadata row says "loading" until the indexes and the
 * procedures are there, so a build cut short is never taken for a whole
 * one. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "build.h"
#include "loader.h"
#include "schema.h"
#include "util/util.h"

static void say(build_note_fn note, void *ctx, enum build_stage stage, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static void say(build_note_fn note, void *ctx, enum build_stage stage, const char *fmt, ...)
{
	char text[600];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof text, fmt, ap);
	va_end(ap);
	if (note)
		note(ctx, stage, text);
}

/* The metadata a run needs: warehouses, status, when, the C-load values. */
static int write_meta(db_conn *conn, int warehouses, const tpcc_nurand_c *cl, db_error *e)
{
	char buf[64], stamp[24];
	timestamp_iso_utc(stamp);
	snprintf(buf, sizeof buf, "%d", warehouses);
	if (schema_meta_set(conn, "warehouses", buf, e) || schema_meta_set(conn, "status", "loading", e) ||
	    schema_meta_set(conn, "built_at", stamp, e))
		return -1;
	snprintf(buf, sizeof buf, "%d", cl->c_last);
	if (schema_meta_set(conn, "c_last", buf, e))
		return -1;
	snprintf(buf, sizeof buf, "%d", cl->c_id);
	if (schema_meta_set(conn, "c_id", buf, e))
		return -1;
	snprintf(buf, sizeof buf, "%d", cl->ol_i_id);
	return schema_meta_set(conn, "ol_i_id", buf, e);
}

int build_schema(const tpcc_config *cfg, const atomic_int *stop, progress *prog, FILE *progress_out,
		 build_note_fn note, void *ctx, build_report *r, char *err, size_t errlen)
{
	tpcc_config c = *cfg;
	const dialect *d;
	db_conn *conn;
	db_error e;
	schema_info si;
	char lerr[600];

	memset(r, 0, sizeof *r);
	if (c.warehouses <= 0)
		c.warehouses = 1;
	say(note, ctx, BUILD_CONNECTING, "connecting to %s", schema_target_name(&c));
	int created;
	if (schema_connect_creating(&c, &conn, &created, &e)) {
		snprintf(err, errlen, "cannot connect: %s", e.msg);
		return -1;
	}
	if (created)
		say(note, ctx, BUILD_DATABASE, "created database %s", c.database);
	if (!(d = schema_dialect(&c, conn, &e)) || schema_inspect(conn, &si, &e)) {
		snprintf(err, errlen, "%s", e.msg);
		goto fail_quiet;
	}
	if (si.present) {
		if (si.complete)
			snprintf(err, errlen, "%s already holds a TPC-C schema (%d warehouse%s, built %s);"
				 " run 'tpcc-console drop' first", schema_target_name(&c), si.warehouses,
				 si.warehouses == 1 ? "" : "s", si.built_at);
		else
			snprintf(err, errlen, "%s holds %s", schema_target_name(&c), schema_unfinished(&si));
		goto fail_quiet;
	}

	tpcc_rng rng;
	tpcc_nurand_c cl;
	rng_seed(&rng, fresh_seed());
	nurand_c_load(&rng, &cl);
	say(note, ctx, BUILD_TABLES, "building %d warehouse%s in %s (%s) with %d load thread%s",
	    c.warehouses, c.warehouses == 1 ? "" : "s", schema_target_name(&c),
	    conn->drv->server_version(conn), c.load_threads, c.load_threads == 1 ? "" : "s");
	if (schema_create_tables(conn, d, &e) || write_meta(conn, c.warehouses, &cl, &e))
		goto fail;

	uint64_t t0 = now_ns();
	progress_start(prog, "loading", loader_rows_estimate(c.warehouses), c.warehouses, progress_out);
	say(note, ctx, BUILD_LOADING, "loading %d warehouse%s", c.warehouses, c.warehouses == 1 ? "" : "s");
	int rc = loader_run(&c, d, &cl, stop, prog, lerr, sizeof lerr);
	progress_finish(prog, rc ? PROGRESS_CUT : PROGRESS_WHOLE);
	if (rc) {
		snprintf(err, errlen, "load %s: %s; %s holds a partial load; run 'tpcc-console drop' "
			 "before building again", atomic_load(stop) ? "stopped" : "failed", lerr,
			 schema_target_name(&c));
		goto fail_quiet;
	}
	r->rows = atomic_load(&prog->done);
	r->load_s = (now_ns() - t0) / 1e9;
	say(note, ctx, BUILD_INDEXES, "creating indexes and statistics...");
	if (schema_create_indexes(conn, d, &e))
		goto fail;
	/* Always, so either mode can run on any build. */
	if (d->create_procedures) {
		say(note, ctx, BUILD_PROCEDURES, "creating the stored procedures...");
		if (schema_create_procedures(conn, d, &e))
			goto fail;
	}
	if (schema_meta_set(conn, "status", "complete", &e))
		goto fail;
	r->total_s = (now_ns() - t0) / 1e9;
	say(note, ctx, BUILD_DONE, "built %d warehouse%s: %llu rows loaded in %.1f s (%.0f rows/s), "
	    "ready in %.1f s", c.warehouses, c.warehouses == 1 ? "" : "s", (unsigned long long)r->rows,
	    r->load_s, r->rows / (r->load_s > 0 ? r->load_s : 1), r->total_s);
	conn->drv->disconnect(conn);
	return 0;
fail:
	snprintf(err, errlen, "build failed: %s", e.msg);
fail_quiet:
	conn->drv->disconnect(conn);
	return -1;
}
