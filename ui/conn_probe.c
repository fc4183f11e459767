/* conn_probe.c: see conn_probe.h.  The probe is shared by its thread and
 * its owner and freed by whichever lets go last, so the owner can close its
 * screen (or leave) while a connection attempt still waits on the network. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "conn_probe.h"
#include "tpcc/schema.h"

struct conn_probe {
	tpcc_config cfg;
	atomic_int refs;
	atomic_int done;          /* text and ok are final once set */
	int ok;
	char text[600];
};

static void probe_unref(conn_probe *p)
{
	if (atomic_fetch_sub(&p->refs, 1) == 1) {
		memset(p->cfg.password, 0, sizeof p->cfg.password);
		free(p);
	}
}

static void probe_connect(conn_probe *p)
{
	db_conn *conn;
	db_error e;
	schema_info si;

	memset(&e, 0, sizeof e);
	if (schema_connect(&p->cfg, &conn, &e)) {
		snprintf(p->text, sizeof p->text, "connection failed: %s", e.msg);
		return;
	}
	const char *ver = conn->drv->server_version(conn);
	char schema[96];
	if (schema_inspect(conn, &si, &e))
		snprintf(schema, sizeof schema, "schema not readable");
	else if (!si.present)
		snprintf(schema, sizeof schema, "no TPC-C schema yet");
	else
		snprintf(schema, sizeof schema, "TPC-C schema with %d warehouse%s%s", si.warehouses,
			 si.warehouses == 1 ? "" : "s", si.complete ? "" : " (build not finished)");
	snprintf(p->text, sizeof p->text, "OK: %s %s, %s", p->cfg.driver, ver ? ver : "", schema);
	p->ok = 1;
	conn->drv->disconnect(conn);
}

static void *probe_main(void *arg)
{
	conn_probe *p = arg;
	probe_connect(p);
	atomic_store(&p->done, 1);
	probe_unref(p);
	return NULL;
}

int conn_probe_start(const tpcc_config *c, conn_probe **out, char *err, size_t errlen)
{
	pthread_t t;
	pthread_attr_t a;

	if (config_validate(c, err, errlen))
		return -1;
	conn_probe *p = calloc(1, sizeof *p);
	if (!p) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	p->cfg = *c;
	atomic_init(&p->refs, 2);
	pthread_attr_init(&a);
	pthread_attr_setdetachstate(&a, PTHREAD_CREATE_DETACHED);
	/* Signals (SIGWINCH above all) are for the threads that handle them:
	 * the probe starts with every one blocked. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	int rc = pthread_create(&t, &a, probe_main, p);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	pthread_attr_destroy(&a);
	if (rc) {
		snprintf(err, errlen, "cannot start a thread: %s", strerror(rc));
		free(p);
		return -1;
	}
	*out = p;
	return 0;
}

int conn_probe_poll(conn_probe *p, int *ok, char *text, size_t len)
{
	if (!atomic_load(&p->done))
		return 0;
	*ok = p->ok;
	snprintf(text, len, "%s", p->text);
	return 1;
}

void conn_probe_release(conn_probe *p)
{
	if (p)
		probe_unref(p);
}
