/* restore_knobs.c: the restore-knobs subcommand: the server variables a
 * run's results file says it changed and never put back (its client was
 * killed, or the server was away at the end) go back to their values
 * before the run, in the order the run itself would have used, over the
 * connection the file records unless the options name a driver. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <jansson.h>
#include <stdio.h>
#include <string.h>
#include "config/options.h"
#include "dialect/server.h"
#include "run/knob_journal.h"
#include "session.h"
#include "subcommands.h"
#include "util/util.h"

struct todo {
	knob_entry v[JOURNAL_MAX];
	int n;
};

/* The journal's entries not yet put back; EX_USAGE when the file is not a
 * results file or its journal is not as written. */
static int read_journal(json_t *root, const char *path, struct todo *t, int *total, char *err,
			size_t errlen)
{
	int rc = EX_OK;
	const char *format = json_string_value(json_object_get(root, "format"));
	json_t *j = json_object_get(root, "knob_journal");
	*total = 0;
	t->n = 0;
	if (!format || strncmp(format, "tpcc-console-results/", 21)) {
		snprintf(err, errlen, "%s: not a tpcc-console results file (no \"format\")", path);
		rc = EX_USAGE;
	} else if (j && !json_is_array(j)) {
		snprintf(err, errlen, "%s: knob_journal: expected an array", path);
		rc = EX_USAGE;
	}
	for (size_t i = 0; rc == EX_OK && j && i < json_array_size(j); i++) {
		json_t *e = json_array_get(j, i);
		const char *name = json_string_value(json_object_get(e, "name"));
		const char *old = json_string_value(json_object_get(e, "old"));
		const char *now = json_string_value(json_object_get(e, "now"));
		json_t *dep = json_object_get(e, "dependent_of");
		json_t *restored = json_object_get(e, "restored");
		json_t *saved = json_object_get(e, "old_persisted");
		if (!name || !old || !json_is_boolean(restored) || t->n == JOURNAL_MAX ||
		    (saved && !json_is_false(saved) && !json_is_string(saved))) {
			snprintf(err, errlen, "%s: knob_journal entry %zu: expected name, old and "
				 "restored (and old_persisted false or a string)", path, i + 1);
			rc = EX_USAGE;
			break;
		}
		(*total)++;
		if (json_is_true(restored))
			continue;
		knob_entry *k = &t->v[t->n++];
		memset(k, 0, sizeof *k);
		str_copy(k->name, name, sizeof k->name);
		str_copy(k->old, old, sizeof k->old);
		str_copy(k->now, now ? now : "?", sizeof k->now);
		if (json_is_string(dep))
			str_copy(k->dependent_of, json_string_value(dep), sizeof k->dependent_of);
		/* A file from before old_persisted was written: set old. */
		k->saved = !saved ? VAR_SAVED_UNKNOWN : json_is_string(saved) ? VAR_SAVED_ENTRY :
			   VAR_SAVED_NONE;
		if (json_is_string(saved))
			str_copy(k->saved_text, json_string_value(saved), sizeof k->saved_text);
	}
	return rc;
}

/* The connection settings taken from the file when the options name no
 * driver (never the password: TPCC_PASSWORD, the config file or the
 * prompt give it, as for every subcommand). */
static const char *const recorded_keys[] = {
	"connection.host", "connection.port", "connection.socket", "connection.user",
	"connection.database", "connection.file", "connection.dsn", "connection.read_option_files",
	NULL
};

/* Options that name a driver are the operator's, and must name the run's;
 * otherwise the driver and how the run reached its server come from the
 * file, each setting the options left at its default. */
static int connect_as_recorded(tpcc_config *c, json_t *root, const char *path, char *err,
			       size_t errlen)
{
	json_t *run = json_object_get(root, "run"), *cfg = json_object_get(root, "config");
	const char *driver = json_string_value(json_object_get(run, "driver"));
	char buf[OPT_STR_MAX], said[1024];
	size_t used;

	if (!driver) {
		if (c->driver_named)
			return EX_OK;
		snprintf(err, errlen, "restore-knobs: %s does not record the run's driver (run.driver): "
			 "name it, and how to reach the server, with --driver and the connection "
			 "options", path);
		return EX_USAGE;
	}
	if (c->driver_named) {
		if (!strcmp(c->driver, driver))
			return EX_OK;
		snprintf(err, errlen, "restore-knobs: the connection options name driver %s, but %s "
			 "was written by a run on driver %s: name --driver %s (and how to reach "
			 "that server), or leave the driver out to connect as the file records",
			 c->driver, path, driver, driver);
		return EX_USAGE;
	}
	if (opt_set(c, opt_find_key("connection.driver"), driver, buf, sizeof buf)) {
		snprintf(err, errlen, "restore-knobs: %s: run.driver: %s", path, buf);
		return EX_USAGE;
	}
	used = (size_t)snprintf(said, sizeof said, "driver %s", driver);
	for (const char *const *k = recorded_keys; *k; k++) {
		const opt_def *o = opt_find_key(*k);
		const char *v = json_string_value(json_object_get(cfg, *k));
		if (!v && !strcmp(*k, "connection.database"))
			v = json_string_value(json_object_get(run, "database"));
		opt_format(c, o, buf, sizeof buf);
		if (!v || strcmp(buf, o->def) || !strcmp(v, o->def))
			continue;
		if (opt_set(c, o, v, buf, sizeof buf)) {
			snprintf(err, errlen, "restore-knobs: %s: config %s: %s", path, *k, buf);
			return EX_USAGE;
		}
		if (used < sizeof said)
			used += (size_t)snprintf(said + used, sizeof said - used, ", %s %s",
						 strchr(*k, '.') + 1, v);
	}
	printf("restore-knobs: connecting as %s records: %s\n", path, said);
	return EX_OK;
}

/* Two rounds, as the engine's own put-back: what the server moved or
 * refused in the first goes again in the second, and one found back
 * there after the first tried it was put back all the same. */
static int put_back(tpcc_config *c, db_conn *conn, const dialect *d, void *ctx,
		    char *err, size_t errlen)
{
	struct todo *t = ctx;
	int order[JOURNAL_MAX], left = 0, tried[JOURNAL_MAX] = { 0 };
	char now[256], note[256];
	db_error e;
	(void)c;

	for (int round = 0; round < 2; round++) {
		int m = journal_put_back_order(t->v, t->n, order);
		left = 0;
		for (int i = 0; i < m; i++) {
			knob_entry *k = &t->v[order[i]];
			e.msg[0] = '\0';
			int back = server_var_is_back(conn, d, k->name, k->old, k->saved, k->saved_text,
						      now, sizeof now, &e);
			if (back > 0 && !tried[order[i]]) {
				printf("%s: already %s\n", k->name, k->old);
				k->restored = 1;
				continue;
			}
			if (back <= 0) {
				tried[order[i]] = 1;
				e.msg[0] = '\0';
				if (server_put_back_var(conn, d, k->name, k->old, k->saved, k->saved_text,
							note, sizeof note, &e) ||
				    server_var_is_back(conn, d, k->name, k->old, k->saved, k->saved_text,
						       now, sizeof now, &e) <= 0) {
					if (round == 1)
						printf("%s: NOT put back to %s: %s\n", k->name, k->old,
						       e.msg[0] ? e.msg : strcmp(now, k->old) ?
						       "the server reads another value" :
						       "the server's record of changed settings holds "
						       "it otherwise than before the run");
					left++;
					continue;
				}
			}
			printf("%s: put back %s -> %s\n", k->name, k->now, k->old);
			k->restored = 1;
		}
		if (!left)
			break;
	}
	if (left) {
		snprintf(err, errlen, "restore-knobs: %d variable%s not put back", left,
			 left == 1 ? "" : "s");
		return EX_FAIL;
	}
	return EX_OK;
}

int sub_restore_knobs(tpcc_config *c, signals *s, char *err, size_t errlen)
{
	struct todo t;
	int total;
	json_error_t je;
	(void)s;

	json_t *root = json_load_file(c->files[0], 0, &je);
	if (!root) {
		snprintf(err, errlen, "%s:%d: not JSON: %s", c->files[0], je.line, je.text);
		return EX_USAGE;
	}
	int rc = read_journal(root, c->files[0], &t, &total, err, errlen);
	if (rc == EX_OK && !t.n)
		printf("restore-knobs: %s names %d changed variable%s, none left to put back\n",
		       c->files[0], total, total == 1 ? "" : "s");
	else if (rc == EX_OK) {
		printf("restore-knobs: %d of the %d variable%s %s names as changed were not put "
		       "back\n", t.n, total, total == 1 ? "" : "s", c->files[0]);
		rc = connect_as_recorded(c, root, c->files[0], err, errlen);
	}
	json_decref(root);
	if (rc || !t.n)
		return rc;
	return session_run(c, SESSION_DIALECT, put_back, &t, err, errlen);
}
