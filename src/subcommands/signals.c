/* signals.c: the signal thread (see signals.h). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "exit_codes.h"
#include "signals.h"
#include "ui/console.h"

/* SIGHUP: the terminal closed.  Stopping is the operator's choice
 * (run.on_hangup); either way nobody is left to read the screen, so the
 * console lets go of it, and a second SIGHUP (the shell's, tmux's) is the
 * same news again, never a reason to force an exit. */
static int on_hangup(signals *s)
{
	if (atomic_exchange(&s->hangup, 1))
		return 0;
	engine *e = atomic_load(&s->engine);
	if (!s->hangup_stops) {
		if (e)
			engine_event(e, "hangup", "terminal closed: the run goes on headless "
				     "(run.on_hangup = continue)");
		/* stderr is the dead terminal or the console's capture: either
		 * way a failed write, never a signal (SIGPIPE is ignored). */
		fprintf(stderr, "\nHangup: terminal closed; carrying on headless (run.on_hangup = continue)\n");
		return 0;
	}
	return 1;
}

static void *signal_main(void *arg)
{
	signals *s = arg;
	int sig, count = 0;
	for (;;) {
		if (sigwait(&s->set, &sig))
			continue;
		if (sig == SIGHUP && !on_hangup(s))
			continue;
		if (sig == SIGINT && atomic_load(&s->intr_to_cli) &&
		    write(s->intr_pipe[1], "i", 1) == 1)
			continue;
		if (++count > 1) {
			/* The console may own the terminal: give it back first. */
			console_emergency();
			fprintf(stderr, "\nforced exit\n");
			_exit(EX_SIGNAL);
		}
		atomic_store(&s->stop, 1);
		/* Never waits on the engine, so this thread is back in sigwait
		 * for the second signal whatever the engine is doing. */
		engine *e = atomic_load(&s->engine);
		if (e)
			engine_stop_async(e, sig == SIGHUP ? "hangup" : "signal");
		fprintf(stderr, "\n%s: stopping cleanly (again to force)\n", strsignal(sig));
	}
	return NULL;
}

void signals_start(signals *s, int hangup_stops)
{
	pthread_t t;

	atomic_init(&s->stop, 0);
	atomic_init(&s->engine, NULL);
	atomic_init(&s->hangup, 0);
	atomic_init(&s->intr_to_cli, 0);
	s->hangup_stops = hangup_stops;
	s->intr_pipe[0] = s->intr_pipe[1] = -1;
	sigemptyset(&s->set);
	sigaddset(&s->set, SIGINT);
	sigaddset(&s->set, SIGTERM);
	sigaddset(&s->set, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &s->set, NULL);
	signal(SIGPIPE, SIG_IGN);
	/* A file size limit must show up as a write error, not kill the run. */
	signal(SIGXFSZ, SIG_IGN);
	/* Non-blocking writes: a burst of signals never stalls the thread. */
	if (pipe2(s->intr_pipe, O_CLOEXEC) == 0)
		fcntl(s->intr_pipe[1], F_SETFL, O_NONBLOCK);
	if (pthread_create(&t, NULL, signal_main, s) == 0)
		pthread_detach(t);
}
