/* password.c: --ask-password reads the terminal itself, not stdin, so a
 * run fed commands on stdin can still be asked. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include "password.h"

int password_prompt(char *buf, size_t len, char *err, size_t errlen)
{
	int fd = open("/dev/tty", O_RDWR | O_CLOEXEC);
	struct termios old, noecho;
	if (fd < 0) {
		snprintf(err, errlen, "--ask-password: no terminal to ask on");
		return -1;
	}
	dprintf(fd, "Password: ");
	int echo_off = tcgetattr(fd, &old) == 0;
	if (echo_off) {
		noecho = old;
		noecho.c_lflag &= ~(tcflag_t)ECHO;
		tcsetattr(fd, TCSAFLUSH, &noecho);
	}
	ssize_t n = read(fd, buf, len - 1);
	if (echo_off)
		tcsetattr(fd, TCSAFLUSH, &old);
	dprintf(fd, "\n");
	close(fd);
	if (n < 0) {
		snprintf(err, errlen, "--ask-password: %s", strerror(errno));
		return -1;
	}
	buf[n] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	return 0;
}
