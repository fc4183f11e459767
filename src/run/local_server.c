/* local_server.c: see local_server.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "diskstats.h"
#include "local_server.h"
#include "procstat.h"
#include "tpcc/schema.h"
#include "dialect/server.h"

static int host_is_local(const char *h)
{
	return !h[0] || !strcmp(h, "localhost") || !strcmp(h, "127.0.0.1") || !strcmp(h, "::1");
}

pid_t local_server_pid(const tpcc_config *cfg, db_conn *vars, char *how, size_t len)
{
	char buf[512];
	db_error de;
	pid_t pid;

	if (cfg->server_pid > 0) {
		snprintf(how, len, "pid %d (connection.server_pid)", cfg->server_pid);
		return (pid_t)cfg->server_pid;
	}
	if (schema_embedded(cfg)) {
		snprintf(how, len, "embedded (in the client)");
		return 0;
	}
	if (!host_is_local(cfg->host)) {
		snprintf(how, len, "server on %s: not local", cfg->host);
		return 0;
	}
	/* The server's own settings say where it listens, when it can be asked. */
	const dialect *d = vars ? schema_dialect(cfg, vars, &de) : NULL;
	const char *sock = cfg->socket;
	if (!sock[0] && d && server_get_var(vars, d, "socket", buf, sizeof buf, &de) == 0)
		sock = buf;
	if (strcmp(cfg->host, "127.0.0.1") && strcmp(cfg->host, "::1") &&
	    (pid = procstat_socket_owner(sock)) > 0) {
		snprintf(how, len, "pid %d (owns %.100s)", (int)pid, sock);
		return pid;
	}
	int port = cfg->port;
	if (port <= 0 && d && server_get_var(vars, d, "port", buf, sizeof buf, &de) == 0)
		port = atoi(buf);
	if ((pid = procstat_port_owner(port)) > 0) {
		snprintf(how, len, "pid %d (listens on port %d)", (int)pid, port);
		return pid;
	}
	if (d && server_get_var(vars, d, "pid_file", buf, sizeof buf, &de) == 0 &&
	    (pid = procstat_pidfile(buf)) > 0) {
		snprintf(how, len, "pid %d (from %.100s)", (int)pid, buf);
		return pid;
	}
	snprintf(how, len, "server process not found (set connection.server_pid)");
	return 0;
}

int local_server_disk(const tpcc_config *cfg, db_conn *c, char *dev, size_t devlen, char *why,
		      size_t whylen)
{
	char dir[OPT_STR_MAX];
	db_error de;
	db_conn *own = NULL;

	if (schema_embedded(cfg))
		return diskstats_device(cfg->db_file, dev, devlen, why, whylen);
	if (!host_is_local(cfg->host)) {
		snprintf(why, whylen, "server on %.100s: not local", cfg->host);
		return -1;
	}
	if (!c && schema_connect(cfg, &own, &de)) {
		snprintf(why, whylen, "cannot ask the server for its data directory");
		return -1;
	}
	c = c ? c : own;
	const dialect *d = schema_dialect(cfg, c, &de);
	int rc = server_datadir(c, d, dir, sizeof dir, &de);
	if (own)
		own->drv->disconnect(own);
	if (rc) {
		snprintf(why, whylen, "data directory: %.120s", de.msg);
		return -1;
	}
	return diskstats_device(dir, dev, devlen, why, whylen);
}
