/* loopback.c: see loopback.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "loopback.h"

#include <netdb.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

static int addr_is_loopback(const struct sockaddr *sa)
{
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;
		return (ntohl(in->sin_addr.s_addr) >> 24) == 127;
	}
	if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a = &((const struct sockaddr_in6 *)sa)->sin6_addr;
		if (IN6_IS_ADDR_LOOPBACK(a))
			return 1;
		return IN6_IS_ADDR_V4MAPPED(a) && a->s6_addr[12] == 127;
	}
	return 0;
}

int host_is_loopback(const char *host)
{
	struct addrinfo hints, *res = NULL;

	if (!host || !*host)
		return 0;
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	if (getaddrinfo(host, NULL, &hints, &res) != 0)
		return 0;
	int all = res != NULL;
	for (const struct addrinfo *ai = res; all && ai; ai = ai->ai_next)
		all = addr_is_loopback(ai->ai_addr);
	freeaddrinfo(res);
	return all;
}
