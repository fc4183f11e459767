/* loopback.h: whether a host is this machine, reached over loopback. */
#ifndef TPCC_DRIVERS_LOOPBACK_H
#define TPCC_DRIVERS_LOOPBACK_H

/* 1 if every address HOST resolves to is a loopback address (127.0.0.0/8,
 * ::1, or 127/8 mapped into IPv6), 0 otherwise, and 0 when it does not
 * resolve: the connection will fail there anyway, and saying "not local"
 * keeps the choice that costs security on the safe side. */
int host_is_loopback(const char *host);

#endif
