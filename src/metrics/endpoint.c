/* endpoint.c: libmicrohttpd serving GET /metrics. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <microhttpd.h>
#include "endpoint.h"
#include "exposition.h"
#include "util/util.h"

struct endpoint {
	struct MHD_Daemon *d;
	engine *e;
	expo_static st;
	/* The one serving thread's: the copy a scrape formats from. */
	engine_pub *pub;
};

int endpoint_parse_listen(const char *spec, char *host, size_t hostlen, int *port,
			  char *err, size_t errlen)
{
	const char *p = spec, *colon;
	char h[256] = "";

	if (p[0] == '[') {
		const char *close = strchr(p, ']');
		if (!close || close[1] != ':' || (size_t)(close - p - 1) >= sizeof h)
			goto bad;
		memcpy(h, p + 1, (size_t)(close - p - 1));
		h[close - p - 1] = '\0';
		p = close + 2;
	} else if ((colon = strrchr(p, ':'))) {
		if ((size_t)(colon - p) >= sizeof h || memchr(p, ':', (size_t)(colon - p)))
			goto bad;
		memcpy(h, p, (size_t)(colon - p));
		h[colon - p] = '\0';
		p = colon + 1;
	}
	char *end;
	errno = 0;
	long v = strtol(p, &end, 10);
	if (!*p || *end || errno || v < 1 || v > 65535)
		goto bad;
	str_copy(host, h[0] ? h : "127.0.0.1", hostlen);
	*port = (int)v;
	return 0;
bad:
	snprintf(err, errlen, "metrics listen address '%s': expected PORT, ADDRESS:PORT or "
		 "[IPV6]:PORT with a port from 1 to 65535", spec);
	return -1;
}

static enum MHD_Result reply(struct MHD_Connection *c, unsigned code, const char *type,
			     char *body, size_t len, enum MHD_ResponseMemoryMode mode)
{
	struct MHD_Response *r = MHD_create_response_from_buffer(len, body, mode);
	if (!r) {
		if (mode == MHD_RESPMEM_MUST_FREE)
			free(body);
		return MHD_NO;
	}
	MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, type);
	if (code == MHD_HTTP_METHOD_NOT_ALLOWED)
		MHD_add_response_header(r, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
	enum MHD_Result rc = MHD_queue_response(c, code, r);
	MHD_destroy_response(r);
	return rc;
}

static enum MHD_Result text(struct MHD_Connection *c, unsigned code, const char *msg)
{
	return reply(c, code, "text/plain; charset=utf-8", (char *)msg, strlen(msg),
		     MHD_RESPMEM_PERSISTENT);
}

/* Answered on the first call, before any body is read: a scrape has none,
 * and one that comes with a body (a 1 GB upload) is refused unread, after
 * which libmicrohttpd closes the connection. */
static enum MHD_Result serve(void *cls, struct MHD_Connection *c, const char *url,
			     const char *method, const char *version, const char *upload,
			     size_t *upload_size, void **req)
{
	endpoint *ep = cls;
	(void)version;
	(void)upload;
	(void)upload_size;
	(void)req;

	if (strcmp(method, MHD_HTTP_METHOD_GET) && strcmp(method, MHD_HTTP_METHOD_HEAD))
		return text(c, MHD_HTTP_METHOD_NOT_ALLOWED, "only GET /metrics\n");
	const char *cl = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
	const char *te = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
	if ((cl && strcmp(cl, "0")) || te)
		return text(c, MHD_HTTP_CONTENT_TOO_LARGE, "a scrape has no body\n");
	if (!strcmp(url, "/"))
		return text(c, MHD_HTTP_OK, "tpcc-console: the metrics are at /metrics\n");
	if (strcmp(url, "/metrics"))
		return text(c, MHD_HTTP_NOT_FOUND, "not found: the metrics are at /metrics\n");

	char *body;
	size_t len;
	engine_published(ep->e, ep->pub);
	if (expo_render(ep->pub, &ep->st, process_cpu_seconds(), &body, &len))
		return text(c, MHD_HTTP_SERVICE_UNAVAILABLE, "out of memory\n");
	return reply(c, MHD_HTTP_OK, "text/plain; version=0.0.4; charset=utf-8", body, len,
		     MHD_RESPMEM_MUST_FREE);
}

static void fixed_labels(endpoint *ep)
{
	engine_status st;
	engine_get_status(ep->e, &st);
	const char *base = strrchr(st.results_path, '/');
	str_copy(ep->st.run, base ? base + 1 : st.results_path, sizeof ep->st.run);
	size_t n = strlen(ep->st.run);
	if (n > 5 && !strcmp(ep->st.run + n - 5, ".json"))
		ep->st.run[n - 5] = '\0';
	str_copy(ep->st.label, engine_label(ep->e), sizeof ep->st.label);
	str_copy(ep->st.version, PACKAGE_VERSION, sizeof ep->st.version);
	ep->st.warehouses = st.warehouses;
	engine_home_range(ep->e, &ep->st.first_w, &ep->st.last_w);
}

int endpoint_bind(const char *spec, char *err, size_t errlen)
{
	char host[256], portstr[8];
	int port, one = 1;
	struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM,
				  .ai_flags = AI_PASSIVE | AI_NUMERICSERV }, *ai;

	if (endpoint_parse_listen(spec, host, sizeof host, &port, err, errlen))
		return -1;
	snprintf(portstr, sizeof portstr, "%d", port);
	int gai = getaddrinfo(host, portstr, &hints, &ai);
	if (gai) {
		snprintf(err, errlen, "metrics listen address %s: %s", host, gai_strerror(gai));
		return -1;
	}
	int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) ||
	    bind(fd, ai->ai_addr, ai->ai_addrlen) || listen(fd, 128)) {
		snprintf(err, errlen, "cannot listen for metrics on %s: %s", spec, strerror(errno));
		if (fd >= 0)
			close(fd);
		fd = -1;
	}
	freeaddrinfo(ai);
	return fd;
}

int endpoint_start(int fd, engine *e, endpoint **out, char *err, size_t errlen)
{
	endpoint *ep = calloc(1, sizeof *ep);
	if (ep)
		ep->pub = calloc(1, sizeof *ep->pub);
	if (!ep || !ep->pub) {
		free(ep);
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	ep->e = e;
	fixed_labels(ep);

	/* The serving thread inherits this mask: signals are the main
	 * thread's to handle. */
	sigset_t all, old;
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ep->d = MHD_start_daemon(MHD_USE_AUTO_INTERNAL_THREAD, 0, NULL, NULL, serve, ep,
				 MHD_OPTION_LISTEN_SOCKET, fd,
				 MHD_OPTION_CONNECTION_LIMIT, (unsigned)ENDPOINT_CONNECTIONS,
				 MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)ENDPOINT_TIMEOUT_S,
				 MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)ENDPOINT_REQUEST_BYTES,
				 MHD_OPTION_END);
	int saved = errno;
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (!ep->d) {
		snprintf(err, errlen, "cannot serve metrics: %s",
			 saved ? strerror(saved) : "the HTTP server would not start");
		close(fd);
		free(ep->pub);
		free(ep);
		return -1;
	}
	*out = ep;
	return 0;
}

void endpoint_stop(endpoint *ep)
{
	if (!ep)
		return;
	MHD_stop_daemon(ep->d);
	free(ep->pub);
	free(ep);
}
