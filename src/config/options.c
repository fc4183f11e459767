/* options.c: what the option table (option_table.c) drives: defaults,
 * setting an option from text, formatting it back, and the cross-field
 * checks.  The command line is args.c, --help is usage.c, the config file
 * reader is conf_file.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "conn_string.h"
#include "conninfo.h"
#include "options.h"
#include "text.h"
#include "util/util.h"

#define KNOB_LEN ((int)sizeof(((tpcc_config *)0)->knobs[0]))

static void *field(tpcc_config *c, const opt_def *o)
{
	return (char *)c + o->offset;
}

static const void *cfield(const tpcc_config *c, const opt_def *o)
{
	return (const char *)c + o->offset;
}

/* Whole-string decimal integer in [min, max]. */
static int parse_long(const char *s, long min, long max, long *out)
{
	const char *p = s;
	char *end;
	long v;

	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

int opt_parse_seconds(const char *s, long min, long max, long *out)
{
	static const struct { char unit; long mult; } units[] = {
		{ 's', 1 }, { 'm', 60 }, { 'h', 3600 }, { 'd', 86400 },
	};
	size_t n = strlen(s);
	if (!n || n > 20 || isdigit((unsigned char)s[n - 1]))
		return parse_long(s, min, max, out);
	char num[24];
	long v;
	memcpy(num, s, n - 1);
	num[n - 1] = '\0';
	for (size_t i = 0; i < sizeof units / sizeof *units; i++)
		if (s[n - 1] == units[i].unit) {
			if (parse_long(num, 0, LONG_MAX / units[i].mult, &v) ||
			    v * units[i].mult < min || v * units[i].mult > max)
				return -1;
			*out = v * units[i].mult;
			return 0;
		}
	return -1;
}

static int parse_int_opt(const opt_def *o, const char *s, long min, long max, long *out)
{
	return o->seconds ? opt_parse_seconds(s, min, max, out) : parse_long(s, min, max, out);
}

static int parse_bool(const char *s, int *out)
{
	static const char *const yes[] = { "true", "yes", "on", "1" };
	static const char *const no[] = { "false", "no", "off", "0" };
	size_t i;

	for (i = 0; i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (strcasecmp(s, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(s, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	return -1;
}

/* Find s among "a|b|c" ignoring case; copy the canonical spelling. */
static int match_enum(const char *enums, const char *s, char *out, size_t outlen)
{
	const char *p = enums;
	size_t n = strlen(s);

	while (*p != '\0') {
		const char *bar = strchr(p, '|');
		size_t len = bar ? (size_t)(bar - p) : strlen(p);

		if (len == n && n > 0 && strncasecmp(p, s, n) == 0) {
			if (len >= outlen)
				return -1;
			memcpy(out, p, len);
			out[len] = '\0';
			return 0;
		}
		p += len;
		if (*p == '|')
			p++;
	}
	return -1;
}

static const char *skip_space(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}
/* ---- schedule and knob lists ---- */

int opt_check_schedule(const vu_step *steps, int n, int *bad, char *err, size_t errlen)
{
	int i;

	if (n < 0 || n > SCHEDULE_MAX) {
		if (bad)
			*bad = n > 0 ? SCHEDULE_MAX : 0;
		text_errf(err, errlen, "at most %d schedule steps, got %d", SCHEDULE_MAX, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		if (steps[i].at < 0) {
			text_errf(err, errlen, "step %d: at must be 0 or more seconds, got %d",
			     i + 1, steps[i].at);
			goto fail;
		}
		if (i > 0 && steps[i].at <= steps[i - 1].at) {
			text_errf(err, errlen, "step %d: at %d is not after the previous "
			     "step's %d (steps must be in increasing time order)",
			     i + 1, steps[i].at, steps[i - 1].at);
			goto fail;
		}
		if (steps[i].vus < 0 || steps[i].vus > SCHEDULE_VUS_MAX) {
			text_errf(err, errlen, "step %d: vus must be from 0 to %d, got %d",
			     i + 1, SCHEDULE_VUS_MAX, steps[i].vus);
			goto fail;
		}
	}
	return 0;
fail:
	if (bad)
		*bad = i;
	return -1;
}

/* "AT:VUS[,AT:VUS...]", e.g. "0:2,60:4"; empty clears the schedule. */
static int set_schedule(tpcc_config *c, const char *value, char *err, size_t errlen)
{
	vu_step steps[SCHEDULE_MAX];
	const char *p = skip_space(value);
	int n = 0;

	while (*p != '\0') {
		long at, vus;
		char *end;

		if (n == SCHEDULE_MAX) {
			text_errf(err, errlen, "at most %d schedule steps", SCHEDULE_MAX);
			return -1;
		}
		if (!isdigit((unsigned char)*p))
			goto syntax;
		errno = 0;
		at = strtol(p, &end, 10);
		if (errno != 0 || at > INT_MAX)
			goto syntax;
		p = skip_space(end);
		if (*p != ':')
			goto syntax;
		p = skip_space(p + 1);
		if (!isdigit((unsigned char)*p))
			goto syntax;
		errno = 0;
		vus = strtol(p, &end, 10);
		if (errno != 0 || vus > INT_MAX)
			goto syntax;
		steps[n].at = (int)at;
		steps[n].vus = (int)vus;
		n++;
		p = skip_space(end);
		if (*p == ',')
			p = skip_space(p + 1);
		else if (*p != '\0')
			goto syntax;
	}
	if (opt_check_schedule(steps, n, NULL, err, errlen) < 0)
		return -1;
	memcpy(c->schedule, steps, (size_t)n * sizeof(steps[0]));
	c->nschedule = n;
	return 0;
syntax:
	text_errf(err, errlen, "expected AT:VUS steps separated by commas (e.g. 0:2,60:4), "
	     "got '%.*s%s'", text_quote_len(value), value, text_quote_ellipsis(value));
	return -1;
}

int opt_check_knob(const char *name, char *err, size_t errlen)
{
	size_t i, n = strlen(name);

	if (n == 0 || n >= (size_t)KNOB_LEN) {
		text_errf(err, errlen, "expected a variable name of 1 to %d characters, got %zu",
		     KNOB_LEN - 1, n);
		return -1;
	}
	for (i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)name[i];

		if (isalnum(ch) || ch == '_' || (ch == '.' && i > 0))
			continue;
		text_errf(err, errlen, "'%.*s%s' is not a variable name (letters, digits, _ and .)",
		     text_quote_len(name), name, text_quote_ellipsis(name));
		return -1;
	}
	return 0;
}

/* "a,b,c"; empty clears the list. */
static int set_list(tpcc_config *c, const char *value, char *err, size_t errlen)
{
	char items[KNOBS_MAX][sizeof(c->knobs[0])];
	char msg[160];
	const char *p = value;
	int n = 0;

	while (*p != '\0') {
		const char *comma = strchr(p, ',');
		const char *end = comma ? comma : p + strlen(p);
		size_t len;

		p = skip_space(p);
		if (p > end)
			p = end;
		while (end > p && isspace((unsigned char)end[-1]))
			end--;
		len = (size_t)(end - p);
		if (len > 0) {
			if (n == KNOBS_MAX) {
				text_errf(err, errlen, "at most %d items", KNOBS_MAX);
				return -1;
			}
			if (len >= sizeof(items[0])) {
				text_errf(err, errlen, "item '%.*s...' is too long (at most %d characters)",
				     (int)(len > 40 ? 40 : len), p, KNOB_LEN - 1);
				return -1;
			}
			memcpy(items[n], p, len);
			items[n][len] = '\0';
			if (opt_check_knob(items[n], msg, sizeof(msg)) < 0) {
				text_errf(err, errlen, "item %d: %s", n + 1, msg);
				return -1;
			}
			n++;
		}
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	memcpy(c->knobs, items, (size_t)n * sizeof(items[0]));
	c->nknobs = n;
	return 0;
}

/* ---- the table's operations ---- */

const opt_def *opt_find_key(const char *key)
{
	size_t i;

	if (key == NULL)
		return NULL;
	for (i = 0; i < opt_count; i++)
		if (strcmp(opt_table[i].key, key) == 0)
			return &opt_table[i];
	return NULL;
}

int opt_check_tags(const char *value, char *err, size_t errlen)
{
	const char *p = value;
	while (*p) {
		const char *end = strchr(p, ','), *eq = strchr(p, '=');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		if (!eq || eq >= p + n || eq == p) {
			text_errf(err, errlen, "expected K=V, got '%.*s'", (int)(n > 60 ? 60 : n), p);
			return -1;
		}
		for (const char *k = p; k < eq; k++)
			if (!isalnum((unsigned char)*k) && *k != '_' && *k != '.' && *k != '-') {
				text_errf(err, errlen, "a tag's name is letters, digits, '_', '.' "
					  "and '-', got '%.*s'", (int)(eq - p > 60 ? 60 : eq - p), p);
				return -1;
			}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

const opt_def *opt_find_long(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < opt_count; i++)
		if (opt_table[i].longopt && strcmp(opt_table[i].longopt, name) == 0)
			return &opt_table[i];
	return NULL;
}

int opt_check_rate(const tpcc_config *c, int any_rate, char *err, size_t errlen)
{
	if (!(c->rate > 0 || any_rate) || !c->keying_thinking)
		return 0;
	text_errf(err, errlen, "--rate and --keying-thinking exclude each other: with keying and "
		  "think times each terminal paces itself (TPC-C's own offered load); an offered "
		  "rate paces all VUs together");
	return -1;
}

int opt_warehouse_range(const char *s, int warehouses, int *first, int *last, char *err,
			size_t errlen)
{
	long f, l;
	char *dash;

	if (!s[0]) {
		*first = 1;
		*last = warehouses;
		return 0;
	}
	char buf[32];
	str_copy(buf, s, sizeof buf);
	dash = strchr(buf, '-');
	if (dash)
		*dash = '\0';
	if (!dash || parse_long(buf, 1, 1000000, &f) || parse_long(dash + 1, 1, 1000000, &l) ||
	    l < f) {
		text_errf(err, errlen, "--warehouse-range: expected FIRST-LAST, two warehouse "
			  "numbers with FIRST <= LAST (e.g. 1-50), got '%s'", s);
		return -1;
	}
	if (warehouses > 0 && l > warehouses) {
		text_errf(err, errlen, "--warehouse-range %s: the schema has %d warehouse%s", s,
			  warehouses, warehouses == 1 ? "" : "s");
		return -1;
	}
	*first = (int)f;
	*last = (int)l;
	return 0;
}

int opt_start_at(const char *s, long long now, long long *at, char *err, size_t errlen)
{
	struct tm tm;
	long v;
	const char *end = NULL;

	if (!s[0]) {
		*at = now;
		return 0;
	}
	memset(&tm, 0, sizeof tm);
	if (s[0] == '+') {
		if (parse_long(s + 1, 0, 86400, &v))
			goto bad;
		*at = now + v;
		return 0;
	}
	if (strchr(s, 'T')) {
		end = strptime(s, "%Y-%m-%dT%H:%M:%S", &tm);
		if (end && *end == 'Z')
			end++;
	} else {
		time_t t = (time_t)now;
		gmtime_r(&t, &tm);
		end = strptime(s, "%H:%M:%S", &tm);
	}
	if (!end || *end)
		goto bad;
	*at = (long long)timegm(&tm);
	if (*at < now || *at > now + 86400) {
		text_errf(err, errlen, "--start-at %s: that is %s", s,
			  *at < now ? "already past" : "more than a day ahead");
		return -1;
	}
	return 0;
bad:
	text_errf(err, errlen, "--start-at: expected YYYY-MM-DDTHH:MM:SSZ or HH:MM:SS (UTC), or "
		  "+SECONDS up to 86400, got '%s'", s);
	return -1;
}

int opt_set(tpcc_config *c, const opt_def *o, const char *value, char *err, size_t errlen)
{
	long v;
	int b;

	if (value == NULL) {
		text_errf(err, errlen, "missing value");
		return -1;
	}
	switch (o->type) {
	case OPT_INT:
		if (o->auto_offset && !strncmp(value, "auto", 4)) {
			v = o->auto_max;
			if ((value[4] && value[4] != ':') ||
			    (value[4] == ':' && parse_int_opt(o, value + 5, 1, o->max, &v) < 0)) {
				text_errf(err, errlen, "expected %s from %ld to %ld%s, or auto "
					  "or auto:MAX (MAX seconds 1 to %ld), got '%.*s%s'",
					  o->seconds ? "seconds" : "an integer", o->min, o->max,
					  o->seconds ? " (or 90s, 45m, 2h, 1d)" : "", o->max,
					  text_quote_len(value), value, text_quote_ellipsis(value));
				return -1;
			}
			*(int *)field(c, o) = (int)v;
			*(int *)((char *)c + o->auto_offset) = 1;
			return 0;
		}
		if (parse_int_opt(o, value, o->min, o->max, &v) < 0) {
			text_errf(err, errlen, "expected %s from %ld to %ld%s, got '%.*s%s'",
				  o->seconds ? "seconds" : "an integer", o->min, o->max,
				  o->seconds ? " (or 90s, 45m, 2h, 1d)" : "",
				  text_quote_len(value), value, text_quote_ellipsis(value));
			return -1;
		}
		*(int *)field(c, o) = (int)v;
		if (o->auto_offset)
			*(int *)((char *)c + o->auto_offset) = 0;
		return 0;
	case OPT_BOOL:
		if (parse_bool(value, &b) < 0) {
			text_errf(err, errlen, "expected true or false (or yes/no, on/off, 1/0), "
			     "got '%.*s%s'", text_quote_len(value), value, text_quote_ellipsis(value));
			return -1;
		}
		*(int *)field(c, o) = b;
		return 0;
	case OPT_STRING:
		if (strlen(value) >= o->size) {
			text_errf(err, errlen, "too long: at most %zu characters, got %zu",
			     o->size - 1, strlen(value));
			return -1;
		}
		if (o->check && o->check(value, err, errlen))
			return -1;
		memcpy(field(c, o), value, strlen(value) + 1);
		return 0;
	case OPT_ENUM:
		if (match_enum(o->enums, value, field(c, o), o->size) < 0) {
			text_errf(err, errlen, "expected one of %s, got '%.*s%s'", o->enums,
			     text_quote_len(value), value, text_quote_ellipsis(value));
			return -1;
		}
		return 0;
	case OPT_SCHEDULE:
		return set_schedule(c, value, err, errlen);
	case OPT_LIST:
		return set_list(c, value, err, errlen);
	}
	text_errf(err, errlen, "internal error: option %s has an unknown type", o->key);
	return -1;
}

int opt_set_user(tpcc_config *c, const opt_def *o, const char *value, char *err,
		 size_t errlen)
{
	if (opt_set(c, o, value, err, errlen))
		return -1;
	if (o->given_offset)
		*(int *)((char *)c + o->given_offset) = 1;
	if (o->named_offset)
		*(int *)((char *)c + o->named_offset) = 1;
	return 0;
}

void opt_format(const tpcc_config *c, const opt_def *o, char *buf, size_t len)
{
	size_t pos = 0;
	int i;

	if (buf == NULL || len == 0)
		return;
	buf[0] = '\0';
	switch (o->type) {
	case OPT_INT:
		if (o->auto_offset && *(const int *)((const char *)c + o->auto_offset))
			text_append(buf, len, &pos, "auto:%d", *(const int *)cfield(c, o));
		else
			text_append(buf, len, &pos, "%d", *(const int *)cfield(c, o));
		break;
	case OPT_BOOL:
		text_append(buf, len, &pos, "%s", *(const int *)cfield(c, o) ? "true" : "false");
		break;
	case OPT_STRING:
	case OPT_ENUM:
		if (o->secret)
			text_append(buf, len, &pos, "%s",
			       *(const char *)cfield(c, o) != '\0' ? "***" : "");
		else if (o->offset == offsetof(tpcc_config, odbc))
			conn_string_redact((const char *)cfield(c, o), buf, len);
		else if (o->offset == offsetof(tpcc_config, conninfo))
			conninfo_redact((const char *)cfield(c, o), buf, len);
		else
			text_append(buf, len, &pos, "%.*s", (int)o->size, (const char *)cfield(c, o));
		break;
	case OPT_SCHEDULE:
		for (i = 0; i < c->nschedule && i < SCHEDULE_MAX; i++)
			text_append(buf, len, &pos, "%s%d:%d", i ? "," : "",
			       c->schedule[i].at, c->schedule[i].vus);
		break;
	case OPT_LIST:
		for (i = 0; i < c->nknobs && i < KNOBS_MAX; i++)
			text_append(buf, len, &pos, "%s%.*s", i ? "," : "", KNOB_LEN, c->knobs[i]);
		break;
	}
}

void config_defaults(tpcc_config *c)
{
	size_t i;

	memset(c, 0, sizeof(*c));
	/* The defaults are checked by the unit tests, so this cannot fail. */
	for (i = 0; i < opt_count; i++)
		(void)opt_set(c, &opt_table[i], opt_table[i].def ? opt_table[i].def : "",
			      NULL, 0);
}
/* ---- cross-field checks ---- */

int config_validate(const tpcc_config *c, char *err, size_t errlen)
{
	char msg[256], canon[64];
	size_t i;
	int bad, k;

	/* Every field within its own bounds (the struct may have been filled
	 * by hand or changed live). */
	for (i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		const void *f = cfield(c, o);

		switch (o->type) {
		case OPT_INT:
			if (*(const int *)f < o->min || *(const int *)f > o->max) {
				text_errf(err, errlen, "%s: expected an integer from %ld to %ld, got %d",
				     o->key, o->min, o->max, *(const int *)f);
				return -1;
			}
			break;
		case OPT_BOOL:
			if (*(const int *)f != 0 && *(const int *)f != 1) {
				text_errf(err, errlen, "%s: expected true or false", o->key);
				return -1;
			}
			break;
		case OPT_STRING:
		case OPT_ENUM:
			if (memchr(f, '\0', o->size) == NULL) {
				text_errf(err, errlen, "%s: value is not terminated", o->key);
				return -1;
			}
			if (o->type == OPT_ENUM &&
			    match_enum(o->enums, f, canon, sizeof(canon)) < 0) {
				text_errf(err, errlen, "%s: expected one of %s, got '%s'", o->key,
				     o->enums, (const char *)f);
				return -1;
			}
			break;
		case OPT_SCHEDULE:
			if (opt_check_schedule(c->schedule, c->nschedule, &bad, msg,
					       sizeof(msg)) < 0) {
				text_errf(err, errlen, "%s: %s", o->key, msg);
				return -1;
			}
			break;
		case OPT_LIST:
			if (c->nknobs < 0 || c->nknobs > KNOBS_MAX) {
				text_errf(err, errlen, "%s: at most %d items, got %d", o->key,
				     KNOBS_MAX, c->nknobs);
				return -1;
			}
			for (k = 0; k < c->nknobs; k++) {
				if (memchr(c->knobs[k], '\0', sizeof(c->knobs[k])) == NULL) {
					text_errf(err, errlen, "%s: item %d is not terminated",
					     o->key, k + 1);
					return -1;
				}
				if (opt_check_knob(c->knobs[k], msg, sizeof(msg)) < 0) {
					text_errf(err, errlen, "%s: item %d: %s", o->key, k + 1, msg);
					return -1;
				}
			}
			break;
		}
	}

	if (strcmp(c->driver, "sqlite") == 0) {
		if (c->db_file[0] == '\0') {
			text_errf(err, errlen, "driver sqlite needs a database file: set "
			     "connection.file (--db)");
			return -1;
		}
		if (strcmp(c->mode, "procedures") == 0) {
			text_errf(err, errlen, "workload.mode procedures needs stored procedures, "
			     "which sqlite does not have; use --mode=statements");
			return -1;
		}
	} else if (strcmp(c->driver, "odbc") == 0) {
		if (c->dsn[0] == '\0' && c->odbc[0] == '\0') {
			text_errf(err, errlen, "driver odbc needs a data source: set connection.dsn "
			     "(--dsn) or connection.odbc");
			return -1;
		}
	} else if (strcmp(c->driver, "mysql") == 0) {
		if (c->database[0] == '\0') {
			text_errf(err, errlen, "driver mysql needs a database: set "
			     "connection.database (--database)");
			return -1;
		}
	}
	if (c->warehouses < 0) {
		text_errf(err, errlen, "workload.warehouses must be 0 or more");
		return -1;
	}
	return 0;
}

