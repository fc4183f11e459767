/* build.c: the build subcommand: load a schema (tpcc/build.c does the
 * work), or with --procedures-only create the stored procedures again on a
 * finished one. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "session.h"
#include "subcommands.h"
#include "tpcc/build_job.h"
#include "tpcc/schema.h"

/* build's lines on stdout, as the stages come. */
static void note_stdout(void *ctx, enum build_stage stage, const char *text)
{
	if (stage != BUILD_CONNECTING && stage != BUILD_LOADING)
		printf("%s\n", text);
	fflush(stdout);
}

static int procedures(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		      char *err, size_t errlen)
{
	db_error e;
	schema_info si;

	if (schema_inspect(conn, &si, &e)) {
		snprintf(err, errlen, "%s", e.msg);
		return EX_FAIL;
	}
	if (!si.present || !si.complete) {
		snprintf(err, errlen, "%s holds no finished build; run 'tpcc-console build' first",
			 schema_target_name(c));
		return EX_FAIL;
	}
	if (schema_create_procedures(conn, d, &e)) {
		snprintf(err, errlen, "creating the procedures failed: %s", e.msg);
		return EX_FAIL;
	}
	printf("created the %s stored procedures in %s\n", d->name, schema_target_name(c));
	return EX_OK;
}

int sub_build(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	progress p;
	build_job *job;

	if (c->warehouses <= 0)
		c->warehouses = 1;
	if (c->procedures_only)
		return session_run(c, SESSION_DIALECT, procedures, NULL, err, errlen);
	if (build_start(c, &s->stop, &p, stdout, note_stdout, NULL, &job, err, errlen))
		return EX_FAIL;
	if (build_wait(job, NULL, err, errlen))
		return atomic_load(&s->stop) ? EX_SIGNAL : EX_FAIL;
	return EX_OK;
}
