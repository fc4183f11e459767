/* adopt.c: the adopt subcommand (src/tpcc/adopt.c does the work). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "session.h"
#include "subcommands.h"
#include "tpcc/adopt.h"

static int adopt(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx, char *err,
		 size_t errlen)
{
	signals *s = ctx;
	int rc = adopt_run(conn, d, c->adopt_apply, c->adopt_set, &s->stop, stdout, err, errlen);
	fflush(stdout);
	return rc == 0 ? EX_OK : rc == 2 ? EX_USAGE : rc == 3 ? EX_SIGNAL : EX_FAIL;
}

int sub_adopt(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	return session_run(c, SESSION_DIALECT, adopt, s, err, errlen);
}
