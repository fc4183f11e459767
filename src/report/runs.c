/* runs.c: see runs.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "runs.h"
#include "results/results_read.h"

/* How the run ended, in a word or three. */
static const char *ending(const rr_run *r, char *buf, size_t len)
{
	if (r->cut)
		snprintf(buf, len, "cut short");
	else if (!r->complete)
		snprintf(buf, len, "unfinished (killed?)");
	else if (r->stopped_by[0])
		snprintf(buf, len, "stopped: %.40s", r->stopped_by);
	else
		snprintf(buf, len, "complete");
	return buf;
}

static int newest_first(const void *a, const void *b)
{
	const rr_run *x = *(rr_run *const *)a, *y = *(rr_run *const *)b;
	int c = strcmp(y->started_at, x->started_at);
	return c ? c : strcmp(y->path, x->path);
}

static json_t *run_json(const rr_run *r)
{
	char end[64];
	json_t *o = json_object();
	json_object_set_new(o, "file", json_string(r->path));
	json_object_set_new(o, "started_at", json_string(r->started_at));
	json_object_set_new(o, "label", json_string(r->label));
	json_object_set_new(o, "tags", json_string(r->tags));
	json_object_set_new(o, "dialect", json_string(r->dialect));
	json_object_set_new(o, "server_version", json_string(r->server_version));
	json_object_set_new(o, "warehouses", json_integer(r->warehouses));
	json_object_set_new(o, "vus_max", json_integer(r->fig.vus_max));
	json_object_set_new(o, "mode", json_string(r->mode));
	json_object_set_new(o, "steady_seconds", json_integer(r->fig.steady_seconds));
	json_object_set_new(o, "nopm", isnan(r->fig.nopm) ? json_null() : json_real(r->fig.nopm));
	json_object_set_new(o, "ended", json_string(ending(r, end, sizeof end)));
	json_object_set_new(o, "complete", json_boolean(r->complete));
	return o;
}

static void print_table(FILE *out, rr_run **runs, int n)
{
	fprintf(out, "%-20s %-24s %-28s %5s %4s %-10s %6s %9s  %s\n", "when", "label",
		"database", "W", "VUs", "mode", "steady", "NOPM", "ended");
	for (int i = 0; i < n; i++) {
		const rr_run *r = runs[i];
		char db[160], end[64], nopm[32];
		/* "postgresql PostgreSQL 15.0.18" cut at the column read as
		 * another version ("15.0.1"): the version alone when it names
		 * its server, and a cut marked. */
		if (strcasestr(r->server_version, r->dialect))
			snprintf(db, sizeof db, "%s", r->server_version);
		else
			snprintf(db, sizeof db, "%s %s", r->dialect, r->server_version);
		if (strlen(db) > 28)
			snprintf(db + 27, sizeof db - 27, "~");
		if (isnan(r->fig.nopm))
			snprintf(nopm, sizeof nopm, "-");
		else
			snprintf(nopm, sizeof nopm, "%.0f", r->fig.nopm);
		fprintf(out, "%-20.20s %-24.24s %-28.28s %5d %4d %-10.10s %5ds %9s  %s\n",
			r->started_at, r->label[0] ? r->label : "-", db, r->warehouses,
			r->fig.vus_max, r->mode, r->fig.steady_seconds, nopm,
			ending(r, end, sizeof end));
	}
}

int runs_list(FILE *out, FILE *warn, const char *dir, int json, char *err, size_t errlen)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	rr_run **runs = NULL;
	int n = 0, cap = 0;
	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((de = readdir(d))) {
		size_t len = strlen(de->d_name);
		char path[2048], why[1200];
		rr_run *r;
		if (len < 6 || strcmp(de->d_name + len - 5, ".json"))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (results_read(path, &r, why, sizeof why)) {
			fprintf(warn, "runs: skipped %s\n", why);
			continue;
		}
		if (rr_repaired_note(r, why, sizeof why))
			fprintf(warn, "runs: warning: %s: %s\n", path, why);
		if (n == cap) {
			cap = cap ? cap * 2 : 32;
			rr_run **nr = realloc(runs, (size_t)cap * sizeof *runs);
			if (!nr) {
				results_read_free(r);
				break;
			}
			runs = nr;
		}
		/* Only the figures are kept: a directory of long runs would
		 * otherwise hold every tick of every one at once. */
		free(r->ticks);
		r->ticks = NULL;
		json_decref(r->root);
		r->root = NULL;
		runs[n++] = r;
	}
	closedir(d);
	if (n)
		qsort(runs, (size_t)n, sizeof *runs, newest_first);
	if (json) {
		json_t *a = json_array();
		for (int i = 0; i < n; i++)
			json_array_append_new(a, run_json(runs[i]));
		json_dumpf(a, out, JSON_INDENT(1));
		fputc('\n', out);
		json_decref(a);
	} else {
		print_table(out, runs, n);
	}
	for (int i = 0; i < n; i++)
		results_read_free(runs[i]);
	free(runs);
	return 0;
}
