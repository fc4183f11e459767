/* waits.c: the dialects' mapping of server events to wait classes, and
 * timed waits' deltas; see waits.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "waits.h"

static int starts(const char *s, const char *prefix)
{
	return s && !strncasecmp(s, prefix, strlen(prefix));
}

static int has(const char *s, const char *part)
{
	return s && strcasestr(s, part) != NULL;
}

int wait_class_pg(const char *state, const char *type, const char *event)
{
	if (!state || (strcmp(state, "active") && !starts(state, "idle in transaction")))
		return -1;
	/* A transaction open and the backend waiting for its client's next
	 * statement: time the client and the network take. */
	if (starts(state, "idle in transaction"))
		return WC_NETWORK;
	if (!type || !*type)
		return WC_CPU;
	if (!strcmp(type, "Lock"))
		return event && (!strcmp(event, "transactionid") || !strcmp(event, "tuple")) ?
			WC_ROW_LOCK : WC_TABLE_LOCK;
	if (!strcmp(type, "LWLock")) {
		if (starts(event, "WAL"))
			return WC_LOG;
		if (starts(event, "Buffer"))
			return WC_BUFFER;
		return WC_MUTEX;
	}
	if (!strcmp(type, "IO")) {
		if (starts(event, "WAL"))
			return WC_LOG;
		if (starts(event, "DataFile") || starts(event, "Relation") || starts(event, "Buffile"))
			return WC_DATA_IO;
		return WC_OTHER;
	}
	if (!strcmp(type, "BufferPin"))
		return WC_BUFFER;
	if (!strcmp(type, "Client"))
		return WC_NETWORK;
	return WC_OTHER;
}

int wait_class_mysql_session(const char *command, const char *state, const char *info,
			     const char *trx_state, char *event, size_t len)
{
	const char *st = state && *state ? state : "running";
	if (trx_state && !strcasecmp(trx_state, "LOCK WAIT")) {
		snprintf(event, len, "InnoDB row lock wait");
		return WC_ROW_LOCK;
	}
	if (!command || !strcasecmp(command, "Sleep")) {
		/* Between statements of an open transaction: the client's time
		 * and the network's, as PostgreSQL's ClientRead. */
		if (command && trx_state) {
			snprintf(event, len, "idle in transaction");
			return WC_NETWORK;
		}
		return -1;
	}
	if (strcasecmp(command, "Query") && strcasecmp(command, "Execute") &&
	    strcasecmp(command, "Prepare") && strcasecmp(command, "Fetch") &&
	    strcasecmp(command, "Close stmt") && strcasecmp(command, "Reset stmt"))
		return -1;
	snprintf(event, len, "%s", st);
	if (has(st, "metadata lock") || has(st, "table level lock") || has(st, "table lock") ||
	    !strcasecmp(st, "Locked") || has(st, "Waiting for table"))
		return WC_TABLE_LOCK;
	if (has(st, "commit") || starts(info, "COMMIT")) {
		snprintf(event, len, "commit: %s", st);
		return WC_LOG;
	}
	if (has(st, "to net") || has(st, "from net") || has(st, "to client"))
		return WC_NETWORK;
	if (has(st, "free page") || has(st, "buffer pool"))
		return WC_BUFFER;
	if (starts(st, "Waiting") || has(st, "lock"))
		return WC_OTHER;
	return WC_CPU;
}

int wait_class_mysql_event(const char *name)
{
	if (!name)
		return WC_OTHER;
	if (!strcasecmp(name, "idle") || starts(name, "wait/io/table/"))
		return -1;
	if (starts(name, "wait/io/file/innodb/innodb_log_file") || has(name, "redo") ||
	    starts(name, "wait/io/file/sql/binlog") || has(name, "log_sys") ||
	    has(name, "flush_order") || has(name, "log_flush"))
		return WC_LOG;
	if (starts(name, "wait/io/file/"))
		return WC_DATA_IO;
	if (starts(name, "wait/lock/table/") || starts(name, "wait/lock/metadata/"))
		return WC_TABLE_LOCK;
	if (has(name, "lock_wait") || starts(name, "wait/io/lock"))
		return WC_ROW_LOCK;
	if (has(name, "buf_pool") || has(name, "buf_page") || has(name, "buffer_pool"))
		return WC_BUFFER;
	if (starts(name, "wait/synch/"))
		return WC_MUTEX;
	if (starts(name, "wait/io/socket/"))
		return WC_NETWORK;
	return WC_OTHER;
}

int wait_class_mssql(const char *t)
{
	if (!t)
		return WC_OTHER;
	if (!strcmp(t, "WRITELOG") || starts(t, "LOGBUFFER") || starts(t, "LOGMGR"))
		return WC_LOG;
	if (starts(t, "PAGEIOLATCH_") || !strcmp(t, "IO_COMPLETION") || !strcmp(t, "ASYNC_IO_COMPLETION"))
		return WC_DATA_IO;
	if (starts(t, "LCK_M_SCH") || starts(t, "LCK_M_I"))
		return WC_TABLE_LOCK;
	if (starts(t, "LCK_M_S") || starts(t, "LCK_M_U") || starts(t, "LCK_M_X") ||
	    starts(t, "LCK_M_RS") || starts(t, "LCK_M_RIn") || starts(t, "LCK_M_RX"))
		return WC_ROW_LOCK;
	if (starts(t, "LCK_M_"))
		return WC_TABLE_LOCK;
	if (starts(t, "PAGELATCH_"))
		return WC_BUFFER;
	if (starts(t, "LATCH_") || !strcmp(t, "SOS_SCHEDULER_YIELD") || starts(t, "SPINLOCK"))
		return !strcmp(t, "SOS_SCHEDULER_YIELD") ? WC_CPU : WC_MUTEX;
	if (!strcmp(t, "ASYNC_NETWORK_IO"))
		return WC_NETWORK;
	return WC_OTHER;
}

int wait_timed_fold(wait_src *w, const wait_reading *r, double dt, wait_second *out)
{
	int had = w->have_timed;
	wait_event ev[WAIT_TIMED_MAX];
	int nev = 0;
	memset(ev, 0, sizeof ev);
	out->source = WS_TIMED;
	memset(out->aas, 0, sizeof out->aas);
	for (int i = 0; had && dt > 0 && i < r->n; i++) {
		double before = -1;
		for (int j = 0; j < w->ntimed; j++)
			if (!strcmp(w->timed[j].name, r->ev[i].name))
				before = w->timed[j].s;
		/* A counter that went back (reset) starts afresh. */
		if (before < 0 || r->ev[i].s < before || r->ev[i].s == before)
			continue;
		double aas = (r->ev[i].s - before) / dt;
		int cls = r->ev[i].cls >= 0 && r->ev[i].cls < WC_COUNT ? r->ev[i].cls : WC_OTHER;
		out->aas[cls] += aas;
		snprintf(ev[nev].name, sizeof ev[nev].name, "%s", r->ev[i].name);
		ev[nev].cls = cls;
		ev[nev].aas = aas;
		nev++;
	}
	out->nev = wait_top_events(ev, nev, 1.0, out->ev,
			      WAIT_EVENTS_MAX);
	w->ntimed = r->n;
	for (int i = 0; i < r->n; i++) {
		memcpy(w->timed[i].name, r->ev[i].name, sizeof w->timed[i].name);
		w->timed[i].cls = r->ev[i].cls;
		w->timed[i].s = r->ev[i].s;
	}
	w->have_timed = 1;
	return had;
}

/* The classes the samples see for themselves: kept as the larger of the
 * samples' figure and the timed one. */
static int refine_kept(int c)
{
	return c == WC_ROW_LOCK || c == WC_NETWORK || c == WC_LOG;
}

void wait_refine(wait_second *out, const wait_second *timed)
{
	double busy = 0, waited = 0;
	for (int c = 0; c < WC_COUNT; c++)
		if (refine_kept(c))
			/* Timed beyond the samples: sessions they saw as busy. */
			waited += timed->aas[c] > out->aas[c] ? timed->aas[c] - out->aas[c] : 0;
		else {
			busy += out->aas[c];
			if (c != WC_CPU)
				waited += timed->aas[c];
		}
	double cpu = busy > waited ? busy - waited : 0;
	double kcpu = out->aas[WC_CPU] > 0 ? cpu / out->aas[WC_CPU] : 0;
	wait_event ev[WAIT_EVENTS_MAX * 2];
	int n = 0;
	/* The samples' events of the classes kept (CPU's by the state the
	 * sessions were in, scaled to what is left of it), then the timed. */
	for (int i = 0; i < out->nev; i++) {
		int c = out->ev[i].cls;
		if (c != WC_CPU && !refine_kept(c))
			continue;
		ev[n] = out->ev[i];
		if (c == WC_CPU)
			ev[n].aas *= kcpu;
		n++;
	}
	for (int i = 0; i < timed->nev && n < WAIT_EVENTS_MAX * 2; i++)
		ev[n++] = timed->ev[i];
	for (int c = 0; c < WC_COUNT; c++)
		if (refine_kept(c))
			out->aas[c] = out->aas[c] > timed->aas[c] ? out->aas[c] : timed->aas[c];
		else
			out->aas[c] = c == WC_CPU ? cpu : timed->aas[c];
	out->nev = wait_top_events(ev, n, 1.0, out->ev, WAIT_EVENTS_MAX);
	out->source = WS_TIMED;
}
