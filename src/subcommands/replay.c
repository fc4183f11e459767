/* replay.c: the replay subcommand: the console over a results file, with
 * --against's run as a ghost line. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include "results_files.h"
#include "subcommands.h"
#include "ui/replay.h"

int sub_replay(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	rr_run *runs[ARGS_FILES_MAX], *against = NULL;
	int rc = results_files_load(c, runs, err, errlen);
	if (rc)
		return rc;
	if (c->against[0] && results_read(c->against, &against, err, errlen)) {
		results_files_free(runs, c->nfiles);
		return EX_USAGE;
	}
	/* The console shows no notes: what was repaired is said here. */
	for (int i = 0; i <= c->nfiles; i++) {
		const rr_run *r = i < c->nfiles ? runs[i] : against;
		char note[96];
		if (r && rr_repaired_note(r, note, sizeof note))
			fprintf(stderr, "tpcc-console: warning: %s: %s\n", r->path, note);
	}
	if (c->nfiles < 1 || !runs[0] || !runs[0]->nticks) {
		snprintf(err, errlen, "%s: no ticks to replay", c->files[0]);
		rc = EX_USAGE;
	} else {
		replay_opts o = { .stop = &s->stop, .hangup = &s->hangup };
		rc = replay_run(runs[0], against, &o, err, errlen) ? EX_FAIL : EX_OK;
	}
	results_read_free(against);
	results_files_free(runs, c->nfiles);
	return rc;
}
