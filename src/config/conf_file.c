/* conf_file.c: read a libconfig file into a tpcc_config, checking every
 * setting against the option table (options.c).  Errors read like a
 * compiler's: "FILE:LINE: key: what was expected, what was found". */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include <libconfig.h>

#include "conf_file.h"
#include "conf_steps.h"
#include "options.h"
#include "text.h"

#define MAX_ERRORS 20

typedef struct loader {
	tpcc_config *c;
	const char *path;
	const char *incdir;   /* libconfig's include directory (NULL: none) */
	char *err;
	size_t errlen;
	size_t used;
	int nerr;
} loader;

static const char *const groups[] = { "connection", "workload", "run", "sweep" };
#define NGROUPS (sizeof(groups) / sizeof(groups[0]))

/* The file libconfig names (file, NULL: path) as a path that opens it
 * from here: libconfig names an included file as its @include wrote it,
 * and opened that name joined to the include directory, dropping a
 * leading '/' (see check_include_target). */
static const char *shown_file(const char *file, const char *path, const char *incdir,
			      char *buf, size_t len)
{
	if (file == NULL || strcmp(file, path) == 0 || incdir == NULL)
		return file ? file : path;
	snprintf(buf, len, "%s/%s", incdir, file + (file[0] == '/'));
	return buf;
}

/* Add one "FILE:LINE: message" line to the error buffer. */
static void report(loader *l, const config_setting_t *s, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void report(loader *l, const config_setting_t *s, const char *fmt, ...)
{
	const char *file = l->path;
	char msg[512], shown[PATH_MAX];
	va_list ap;
	int n;

	l->nerr++;
	if (l->err == NULL || l->errlen == 0 || l->nerr > MAX_ERRORS || l->used >= l->errlen)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (s != NULL)
		file = shown_file(config_setting_source_file(s), l->path, l->incdir, shown,
				  sizeof(shown));
	if (s != NULL)
		n = snprintf(l->err + l->used, l->errlen - l->used, "%s%s:%u: %s",
			     l->nerr > 1 ? "\n" : "", file, config_setting_source_line(s), msg);
	else
		n = snprintf(l->err + l->used, l->errlen - l->used, "%s%s: %s",
			     l->nerr > 1 ? "\n" : "", file, msg);
	if (n > 0)
		l->used += (size_t)n;
	if (l->used >= l->errlen)
		l->used = l->errlen;
}

static const char *type_name(int type)
{
	switch (type) {
	case CONFIG_TYPE_GROUP: return "a group";
	case CONFIG_TYPE_INT: return "an integer";
	case CONFIG_TYPE_INT64: return "an integer";
	case CONFIG_TYPE_FLOAT: return "a number with a fraction";
	case CONFIG_TYPE_STRING: return "a string";
	case CONFIG_TYPE_BOOL: return "a boolean";
	case CONFIG_TYPE_ARRAY: return "an array";
	case CONFIG_TYPE_LIST: return "a list";
	}
	return "nothing";
}

/* ---- "did you mean" ---- */

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t row[80];

	if (la >= 80 || lb >= 80)
		return (size_t)-1;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j];
			size_t cost = tolower((unsigned char)a[i - 1]) ==
				      tolower((unsigned char)b[j - 1]) ? 0 : 1;
			size_t best = diag + cost;

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

static const char *leaf(const char *key)
{
	const char *dot = strrchr(key, '.');
	return dot ? dot + 1 : key;
}

/* The known key (or group) closest to an unknown one, or NULL. */
static const char *suggest(const char *key)
{
	const char *best = NULL;
	size_t best_d = (size_t)-1, i, limit;

	/* The right name in the wrong group (or in no group) first. */
	for (i = 0; i < opt_count; i++)
		if (strcasecmp(leaf(opt_table[i].key), leaf(key)) == 0)
			return opt_table[i].key;
	for (i = 0; i < opt_count; i++) {
		size_t d = edit_distance(key, opt_table[i].key);
		size_t dl = edit_distance(leaf(key), leaf(opt_table[i].key));

		if (dl != (size_t)-1 && dl + 1 < d)
			d = dl + 1;
		if (d < best_d) {
			best_d = d;
			best = opt_table[i].key;
		}
	}
	if (strchr(key, '.') == NULL) {
		for (i = 0; i < NGROUPS; i++) {
			size_t d = edit_distance(key, groups[i]);

			if (d < best_d) {
				best_d = d;
				best = groups[i];
			}
		}
	}
	limit = strlen(leaf(key)) / 3;
	if (limit < 2)
		limit = 2;
	return best_d <= limit ? best : NULL;
}

static void report_unknown(loader *l, const config_setting_t *s, const char *key)
{
	const char *hint = suggest(key);

	if (hint)
		report(l, s, "unknown key '%s' (did you mean '%s'?)", key, hint);
	else
		report(l, s, "unknown key '%s'", key);
}

/* ---- integers libconfig 1.5 wrapped ---- */

/* libconfig 1.5 stores an integer literal without the L suffix in an int
 * and silently wraps it ("4294967297" reads as 1).  Find "name = literal" on
 * the setting's source line and return the literal's true value when it
 * differs from what libconfig gave; 0 if it agrees or cannot be found. */
static int wrapped_literal(const config_setting_t *s, const char *fallback_file,
			   long long got, char *lit, size_t litlen)
{
	const char *file = config_setting_source_file(s);
	const char *name = config_setting_name(s);
	unsigned line = config_setting_source_line(s), n = 1;
	char buf[4096];
	FILE *fp;
	int found = 0, agrees = 0, at_line = 0;

	if (file == NULL)
		file = fallback_file;
	if (name == NULL || line == 0 || (fp = fopen(file, "r")) == NULL)
		return 0;
	while (fgets(buf, sizeof(buf), fp) != NULL) {
		size_t bl = strlen(buf);

		if (n == line) {
			at_line = 1;
			break;
		}
		if (bl > 0 && buf[bl - 1] == '\n')
			n++;
	}
	fclose(fp);
	if (!at_line)
		return 0;
	for (const char *p = strstr(buf, name); p != NULL; p = strstr(p + 1, name)) {
		const char *q = p + strlen(name), *digits;
		char *end;
		long long v;
		int neg = 0, base = 10;

		if (p > buf && (isalnum((unsigned char)p[-1]) || p[-1] == '_' ||
				p[-1] == '-' || p[-1] == '*'))
			continue;
		while (*q == ' ' || *q == '\t')
			q++;
		if (*q != '=' && *q != ':')
			continue;
		q++;
		while (*q == ' ' || *q == '\t')
			q++;
		digits = q;
		if (*digits == '+' || *digits == '-')
			neg = *digits++ == '-';
		if (digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X'))
			base = 16;
		if (!isxdigit((unsigned char)digits[base == 16 ? 2 : 0]))
			continue;
		errno = 0;
		v = strtoll(base == 16 ? digits + 2 : digits, &end, base);
		if (neg)
			v = -v;
		found = 1;
		if (errno == 0 && v == got) {
			agrees = 1;
			break;
		}
		if (!lit[0]) {
			size_t len = (size_t)(end - q);

			if (len >= litlen)
				len = litlen - 1;
			memcpy(lit, q, len);
			lit[len] = '\0';
		}
	}
	return found && !agrees;
}

/* ---- setting values ---- */

static int get_integer(loader *l, const config_setting_t *s, const char *key,
		       long min, long max, long *out)
{
	long long v;
	char lit[40] = "";

	if (config_setting_type(s) != CONFIG_TYPE_INT &&
	    config_setting_type(s) != CONFIG_TYPE_INT64) {
		const char *str = config_setting_type(s) == CONFIG_TYPE_STRING ?
				  config_setting_get_string(s) : NULL;
		char *end = NULL;

		if (str != NULL && isdigit((unsigned char)str[0]))
			(void)strtol(str, &end, 10);
		if (end != NULL && *end == '\0')
			report(l, s, "%s: expected an integer, got a string (write %s "
			       "without quotes)", key, str);
		else
			report(l, s, "%s: expected an integer, got %s", key,
			       type_name(config_setting_type(s)));
		return -1;
	}
	v = config_setting_get_int64(s);
	if (config_setting_type(s) == CONFIG_TYPE_INT &&
	    wrapped_literal(s, l->path, v, lit, sizeof(lit))) {
		report(l, s, "%s: expected an integer from %ld to %ld, got %s", key,
		       min, max, lit);
		return -1;
	}
	if (v < min || v > max) {
		report(l, s, "%s: expected an integer from %ld to %ld, got %lld", key,
		       min, max, v);
		return -1;
	}
	*out = (long)v;
	return 0;
}

static int set_schedule(loader *l, tpcc_config *c, const opt_def *o,
			const config_setting_t *s)
{
	vu_step steps[SCHEDULE_MAX];
	int n, i, bad, failed = 0;
	char msg[256];

	if (config_setting_type(s) != CONFIG_TYPE_LIST &&
	    !(config_setting_type(s) == CONFIG_TYPE_ARRAY && config_setting_length(s) == 0)) {
		report(l, s, "%s: expected a list of groups like "
		       "( { at = 0; vus = 2; }, { at = 60; vus = 4; } ), got %s",
		       o->key, type_name(config_setting_type(s)));
		return -1;
	}
	n = config_setting_length(s);
	if (n > SCHEDULE_MAX) {
		report(l, s, "%s: at most %d steps, got %d", o->key, SCHEDULE_MAX, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
		char ekey[64];
		int have_at = 0, have_vus = 0, m;

		snprintf(ekey, sizeof(ekey), "%s step %d", o->key, i + 1);
		if (config_setting_type(e) != CONFIG_TYPE_GROUP) {
			report(l, e, "%s: expected a group like { at = 0; vus = 2; }, got %s",
			       ekey, type_name(config_setting_type(e)));
			failed = 1;
			continue;
		}
		for (m = 0; m < config_setting_length(e); m++) {
			const config_setting_t *f = config_setting_get_elem(e, (unsigned)m);
			const char *name = config_setting_name(f);
			char fkey[96];
			long v;

			snprintf(fkey, sizeof(fkey), "%s: %s", ekey, name ? name : "?");
			if (name && strcmp(name, "at") == 0) {
				if (get_integer(l, f, fkey, 0, INT_MAX, &v) < 0)
					failed = 1;
				else
					steps[i].at = (int)v;
				have_at = 1;
			} else if (name && strcmp(name, "vus") == 0) {
				if (get_integer(l, f, fkey, 0, SCHEDULE_VUS_MAX, &v) < 0)
					failed = 1;
				else
					steps[i].vus = (int)v;
				have_vus = 1;
			} else {
				report(l, f, "%s: unknown key '%s' (a step has 'at' and 'vus')",
				       ekey, name ? name : "?");
				failed = 1;
			}
		}
		if (!have_at || !have_vus) {
			report(l, e, "%s: a step needs both 'at' (seconds) and 'vus'", ekey);
			failed = 1;
		}
	}
	if (failed)
		return -1;
	if (opt_check_schedule(steps, n, &bad, msg, sizeof(msg)) < 0) {
		const config_setting_t *e = bad >= 0 && bad < n ?
					    config_setting_get_elem(s, (unsigned)bad) : s;

		report(l, e, "%s: %s", o->key, msg);
		return -1;
	}
	memcpy(c->schedule, steps, (size_t)n * sizeof(steps[0]));
	c->nschedule = n;
	return 0;
}

static int set_list(loader *l, tpcc_config *c, const opt_def *o, const config_setting_t *s)
{
	int n, i, failed = 0;
	char msg[160];

	if (config_setting_type(s) != CONFIG_TYPE_ARRAY &&
	    config_setting_type(s) != CONFIG_TYPE_LIST) {
		report(l, s, "%s: expected a list of strings like [ \"a\", \"b\" ], got %s",
		       o->key, type_name(config_setting_type(s)));
		return -1;
	}
	n = config_setting_length(s);
	if (n > KNOBS_MAX) {
		report(l, s, "%s: at most %d items, got %d", o->key, KNOBS_MAX, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		const config_setting_t *e = config_setting_get_elem(s, (unsigned)i);
		const char *v;

		if (config_setting_type(e) != CONFIG_TYPE_STRING) {
			report(l, e, "%s item %d: expected a string, got %s", o->key, i + 1,
			       type_name(config_setting_type(e)));
			failed = 1;
			continue;
		}
		v = config_setting_get_string(e);
		if (opt_check_knob(v, msg, sizeof(msg)) < 0) {
			report(l, e, "%s item %d: %s", o->key, i + 1, msg);
			failed = 1;
			continue;
		}
		memcpy(c->knobs[i], v, strlen(v) + 1);
	}
	if (failed)
		return -1;
	c->nknobs = n;
	return 0;
}

/* ---- @include targets ---- */

/* libconfig 1.5 opens an @include target with fopen(), which succeeds on a
 * directory; its scanner then fails to read it and calls exit(2) with
 * "input in flex scanner failed".  So before libconfig reads a file, find
 * its @include directives as libconfig's scanner does (at the start of a
 * line, outside strings and comments, the name up to an unescaped quote)
 * and refuse one that names a directory (or a fifo or a device, which could
 * hang it), following the included files down to libconfig's depth limit.
 * Only regular files are scanned: a config given as a pipe (-c <(...)) must
 * be left whole for libconfig to read. */
#define INCLUDE_DEPTH_MAX 10

enum scan_state { SC_CODE, SC_STRING, SC_BLOCK, SC_LINE, SC_NAME };

typedef struct inc_scan {
	enum scan_state st;
	int at_line_start;    /* only blanks so far on this line */
	size_t matched;       /* characters of "@include" matched at a line start */
	int blank_after;      /* a blank followed "@include" */
	int prev;             /* the previous character, for // and comments */
	int escaped;          /* after a backslash in a string or a name */
	int cut;              /* a NUL ended this run of the name (libconfig
				 * copies each run with strlen) */
	char name[PATH_MAX];
	size_t nname;
	int too_long;
	unsigned line, name_line;
} inc_scan;

static int check_includes(const char *path, const char *incdir, int depth,
			  char *err, size_t errlen);

/* A complete @include name: refuse what is not a regular file, follow what
 * is. */
static int check_include_target(const inc_scan *sc, const char *path, const char *incdir,
				int depth, char *err, size_t errlen)
{
	char full[PATH_MAX];
	const char *name = sc->name;
	struct stat st;
	int n;

	if (sc->too_long)
		return 0;  /* libconfig cannot open it either */
	/* libconfig joins every include to the include directory, dropping a
	 * leading '/'; without one the name is relative to the cwd. */
	if (incdir != NULL)
		n = snprintf(full, sizeof(full), "%s/%s", incdir, name + (name[0] == '/'));
	else
		n = snprintf(full, sizeof(full), "%s", name);
	if (n < 0 || (size_t)n >= sizeof(full))
		return 0;
	/* libconfig would say only "cannot open include file", of the
	 * including file. */
	if (stat(full, &st) != 0) {
		text_errf(err, errlen, "%s:%u: @include \"%.80s\": cannot read %.120s: %s", path,
			  sc->name_line, name, full, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		/* A directory would end the process; a fifo or a device
		 * could hang it or never end. */
		text_errf(err, errlen, "%s:%u: @include \"%.80s\" names %s (%.120s), "
		     "not a config file", path, sc->name_line, name,
		     S_ISDIR(st.st_mode) ? "a directory" : "a special file", full);
		return -1;
	}
	/* Too deep is libconfig's error to report; stop here, or a file that
	 * includes itself twice would be read 2^10 times. */
	if (depth + 1 >= INCLUDE_DEPTH_MAX)
		return 1;
	return check_includes(full, incdir, depth + 1, err, errlen);
}

/* The name of an @include, up to an unescaped quote; 1 when complete. */
static int scan_name(inc_scan *sc, int ch)
{
	if (sc->escaped) {
		/* \\ and \" stand for themselves; of another escape libconfig
		 * drops the backslash only.  Either way a new run begins. */
		sc->escaped = 0;
		sc->cut = 0;
	} else if (ch == '\\') {
		sc->escaped = 1;
		return 0;
	} else if (ch == '"') {
		sc->name[sc->nname] = '\0';
		return 1;
	}
	if (ch == '\0')
		sc->cut = 1;
	if (sc->cut)
		return 0;
	if (sc->nname + 1 < sizeof(sc->name))
		sc->name[sc->nname++] = (char)ch;
	else
		sc->too_long = 1;
	return 0;
}

/* Code outside strings and comments: spot "@include" blanks '"' at the
 * start of a line, and where strings and comments begin. */
static void scan_code(inc_scan *sc, int *ch)
{
	static const char word[] = "@include";

	if (sc->matched == sizeof(word) - 1) {
		if (*ch == ' ' || *ch == '\t') {
			sc->blank_after = 1;
			return;
		}
		sc->matched = 0;
		if (*ch == '"' && sc->blank_after) {
			sc->st = SC_NAME;
			sc->nname = 0;
			sc->too_long = sc->cut = sc->escaped = 0;
			sc->name_line = sc->line;
			return;
		}
	} else if (sc->matched > 0) {
		if (*ch == word[sc->matched]) {
			sc->matched++;
			return;
		}
		sc->matched = 0;
	} else if (sc->at_line_start && *ch == word[0]) {
		sc->matched = 1;
		sc->blank_after = 0;
		sc->at_line_start = 0;
		return;
	}
	if (*ch != ' ' && *ch != '\t')
		sc->at_line_start = 0;
	if (*ch == '"') {
		sc->st = SC_STRING;
		sc->escaped = 0;
	} else if (*ch == '#' || (*ch == '/' && sc->prev == '/')) {
		sc->st = SC_LINE;
	} else if (*ch == '*' && sc->prev == '/') {
		sc->st = SC_BLOCK;
		*ch = 0;  /* the '*' of an opening does not also close */
	}
}

/* Feed one character to the scanner; -1 when an include was refused, 1 to
 * stop scanning (nested too deep). */
static int scan_char(inc_scan *sc, int ch, const char *path, const char *incdir,
		     int depth, char *err, size_t errlen)
{
	int rc = 0;

	switch (sc->st) {
	case SC_NAME:
		if (scan_name(sc, ch)) {
			rc = check_include_target(sc, path, incdir, depth, err, errlen);
			sc->st = SC_CODE;
		}
		break;
	case SC_STRING:
		if (sc->escaped)
			sc->escaped = 0;
		else if (ch == '\\')
			sc->escaped = 1;
		else if (ch == '"')
			sc->st = SC_CODE;
		break;
	case SC_BLOCK:
		if (ch == '/' && sc->prev == '*') {
			sc->st = SC_CODE;
			ch = 0;  /* nor does the '/' of a closing open a comment */
		}
		break;
	case SC_LINE:
		break;
	case SC_CODE:
		scan_code(sc, &ch);
		break;
	}
	sc->prev = ch;
	if (ch == '\n') {
		sc->line++;
		if (sc->st == SC_LINE)
			sc->st = SC_CODE;
		if (sc->st == SC_CODE) {
			sc->at_line_start = 1;
			sc->matched = 0;
		}
	}
	return rc;
}

/* 0: nothing to refuse; -1: refused, err filled; 1: stopped, includes
 * nested too deep (libconfig will say so). */
static int check_includes(const char *path, const char *incdir, int depth,
			  char *err, size_t errlen)
{
	inc_scan sc;
	struct stat st;
	FILE *fp;
	int ch, rc = 0;

	fp = fopen(path, "r");
	if (fp == NULL)
		return 0;  /* libconfig says what is wrong */
	if (fstat(fileno(fp), &st) != 0 || !S_ISREG(st.st_mode)) {
		fclose(fp);
		return 0;
	}
	memset(&sc, 0, sizeof(sc));
	sc.st = SC_CODE;
	sc.at_line_start = 1;
	sc.line = 1;
	while (rc == 0 && (ch = getc(fp)) != EOF)
		rc = scan_char(&sc, ch, path, incdir, depth, err, errlen);
	fclose(fp);
	return rc;
}

static int *int_field(tpcc_config *c, const opt_def *o)
{
	return (int *)(void *)((char *)c + o->offset);
}

static void set_value(loader *l, const opt_def *o, const config_setting_t *s)
{
	tpcc_config *c = l->c;
	int type = config_setting_type(s);
	char msg[256];
	long v;

	switch (o->type) {
	case OPT_INT:
		if ((o->auto_offset || o->seconds) && type == CONFIG_TYPE_STRING) {
			if (opt_set(c, o, config_setting_get_string(s), msg, sizeof(msg)) < 0)
				report(l, s, "%s: %s", o->key, msg);
			return;
		}
		if (get_integer(l, s, o->key, o->min, o->max, &v) == 0)
			*int_field(c, o) = (int)v;
		return;
	case OPT_BOOL:
		if (type != CONFIG_TYPE_BOOL) {
			const char *str = type == CONFIG_TYPE_STRING ?
					  config_setting_get_string(s) : NULL;

			if (str && (strcasecmp(str, "true") == 0 || strcasecmp(str, "false") == 0))
				report(l, s, "%s: expected true or false, got a string (write "
				       "%s without quotes)", o->key, str);
			else
				report(l, s, "%s: expected true or false, got %s", o->key,
				       type_name(type));
			return;
		}
		*int_field(c, o) = config_setting_get_bool(s) ? 1 : 0;
		return;
	case OPT_STRING:
	case OPT_ENUM:
		if (o->offset == offsetof(tpcc_config, sweep_steps) && type != CONFIG_TYPE_STRING) {
			const config_setting_t *bad;
			if (conf_steps_text(s, c->sweep_steps, sizeof c->sweep_steps, msg, sizeof msg,
					    &bad))
				report(l, bad, "%s: %s", o->key, msg);
			return;
		}
		if (type != CONFIG_TYPE_STRING) {
			report(l, s, "%s: expected a string, got %s%s", o->key, type_name(type),
			       config_setting_is_scalar(s) ? " (put the value in double quotes)"
							   : "");
			return;
		}
		if (opt_set(c, o, config_setting_get_string(s), msg, sizeof(msg)) < 0)
			report(l, s, "%s: %s", o->key, msg);
		return;
	case OPT_SCHEDULE:
		(void)set_schedule(l, c, o, s);
		return;
	case OPT_LIST:
		(void)set_list(l, c, o, s);
		return;
	}
}

static void walk_group(loader *l, const char *group, const config_setting_t *g)
{
	int i, n = config_setting_length(g);

	for (i = 0; i < n; i++) {
		const config_setting_t *s = config_setting_get_elem(g, (unsigned)i);
		char key[128];
		const opt_def *o;

		snprintf(key, sizeof(key), "%s.%s", group, config_setting_name(s));
		o = opt_find_key(key);
		if (o == NULL)
			report_unknown(l, s, key);
		else {
			set_value(l, o, s);
			if (o->named_offset)
				*(int *)(void *)((char *)l->c + o->named_offset) = 1;
		}
	}
}

int config_load_file(tpcc_config *c, const char *path, char *err, size_t errlen)
{
	tpcc_config work;
	config_t cf;
	config_setting_t *root;
	loader l;
	struct stat st;
	char dir[OPT_STR_MAX] = "";  /* set, and read, only when path has a '/' */
	const char *slash;
	FILE *fp;
	int i, n;

	if (err && errlen)
		err[0] = '\0';
	if (path == NULL || path[0] == '\0') {
		text_errf(err, errlen, "no config file named");
		return -1;
	}
	if (strlen(path) >= sizeof(c->config_path)) {
		text_errf(err, errlen, "%s: file name too long", path);
		return -1;
	}
	/* Open it ourselves first: libconfig only says "file I/O error". */
	fp = fopen(path, "r");
	if (fp == NULL) {
		text_errf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(fp);
		text_errf(err, errlen, "%s: cannot read: %s", path, strerror(EISDIR));
		return -1;
	}
	fclose(fp);

	/* @include "x.conf" is relative to the including file, not the cwd. */
	slash = strrchr(path, '/');
	if (slash != NULL) {
		size_t dl = slash == path ? 1 : (size_t)(slash - path);

		memcpy(dir, path, dl);
		dir[dl] = '\0';
	}
	if (check_includes(path, slash ? dir : NULL, 0, err, errlen) < 0)
		return -1;
	config_init(&cf);
	if (slash != NULL)
		config_set_include_dir(&cf, dir);
	errno = 0;
	if (config_read_file(&cf, path) != CONFIG_TRUE) {
		char shown[PATH_MAX];
		const char *file = shown_file(config_error_file(&cf), path, slash ? dir : NULL,
					      shown, sizeof(shown));
		const char *text = config_error_text(&cf) ? config_error_text(&cf) : "error";

		if (config_error_type(&cf) == CONFIG_ERR_FILE_IO)
			text_errf(err, errlen, "%s: cannot read: %s", path,
			     errno ? strerror(errno) : text);
		else if (strcmp(text, "syntax error") == 0)
			text_errf(err, errlen, "%s:%d: syntax error", file,
			     config_error_line(&cf));
		else
			text_errf(err, errlen, "%s:%d: syntax error: %s", file,
			     config_error_line(&cf), text);
		config_destroy(&cf);
		return -1;
	}

	work = *c;
	memset(&l, 0, sizeof(l));
	l.c = &work;
	l.path = path;
	l.incdir = slash ? dir : NULL;
	l.err = err;
	l.errlen = errlen;
	root = config_root_setting(&cf);
	n = config_setting_length(root);
	for (i = 0; i < n; i++) {
		const config_setting_t *s = config_setting_get_elem(root, (unsigned)i);
		const char *name = config_setting_name(s);
		size_t g;

		for (g = 0; g < NGROUPS; g++)
			if (strcmp(name, groups[g]) == 0)
				break;
		if (g == NGROUPS) {
			report_unknown(&l, s, name);
			continue;
		}
		if (config_setting_type(s) != CONFIG_TYPE_GROUP) {
			report(&l, s, "'%s' must be a group: %s = { ... };", name, name);
			continue;
		}
		walk_group(&l, name, s);
	}
	config_destroy(&cf);
	if (l.nerr > MAX_ERRORS && l.used < errlen && err)
		snprintf(err + l.used, errlen - l.used, "\n%s: %d more errors not shown",
			 path, l.nerr - MAX_ERRORS);
	if (l.nerr > 0)
		return -1;
	memcpy(work.config_path, path, strlen(path) + 1);
	*c = work;
	return 0;
}

int config_file_exposes_password(const char *path, const tpcc_config *c)
{
	struct stat st;
	config_t cf;
	const char *pw = NULL;
	int exposed = 0;

	if (path == NULL || path[0] == '\0' || stat(path, &st) != 0)
		return 0;
	if ((st.st_mode & 077) == 0)
		return 0;
	if (c != NULL && c->password[0] == '\0')
		return 0;
	/* The password may have come from TPCC_PASSWORD: look in the file. */
	config_init(&cf);
	if (config_read_file(&cf, path) == CONFIG_TRUE &&
	    config_lookup_string(&cf, "connection.password", &pw) == CONFIG_TRUE &&
	    pw != NULL && pw[0] != '\0')
		exposed = 1;
	config_destroy(&cf);
	return exposed;
}
