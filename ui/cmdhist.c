#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "cmdhist.h"
#include "util/util.h"

#define HISTORY_SIZE 1000

History *cmdhist_open(const char *file, char *path, size_t len)
{
	HistEvent ev;
	path[0] = '\0';
	if (!file) {
		const char *home = getenv("HOME");
		if (home && *home)
			snprintf(path, len, "%s/.tpcc-console_history", home);
	} else {
		str_copy(path, file, len);
	}
	History *h = history_init();
	if (!h)
		return NULL;
	history(h, &ev, H_SETSIZE, HISTORY_SIZE);
	history(h, &ev, H_SETUNIQUE, 1);
	if (path[0])
		history(h, &ev, H_LOAD, path); /* a first run has none */
	return h;
}

void cmdhist_close(History *h, const char *path)
{
	HistEvent ev;
	if (!h)
		return;
	if (path && path[0]) {
		/* Private, like a shell's: create it 0600 before libedit writes. */
		int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
		if (fd >= 0)
			close(fd);
		history(h, &ev, H_SAVE, path);
	}
	history_end(h);
}
