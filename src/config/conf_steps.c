/* conf_steps.c: see conf_steps.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "conf_steps.h"
#include "options.h"
#include "text.h"

/* One scalar as the text a step's "name=value" carries. */
static int scalar_text(const config_setting_t *s, char *buf, size_t len)
{
	switch (config_setting_type(s)) {
	case CONFIG_TYPE_INT:
		snprintf(buf, len, "%d", config_setting_get_int(s));
		return 0;
	case CONFIG_TYPE_INT64:
		snprintf(buf, len, "%lld", config_setting_get_int64(s));
		return 0;
	case CONFIG_TYPE_FLOAT:
		snprintf(buf, len, "%g", config_setting_get_float(s));
		return 0;
	case CONFIG_TYPE_BOOL:
		snprintf(buf, len, "%s", config_setting_get_bool(s) ? "ON" : "OFF");
		return 0;
	case CONFIG_TYPE_STRING: {
		const char *v = config_setting_get_string(s);
		if (!*v || strpbrk(v, " ;=\t\n"))
			return -1;
		snprintf(buf, len, "%s", v);
		return 0;
	}
	default:
		return -1;
	}
}

int conf_steps_text(const config_setting_t *list, char *out, size_t outlen, char *err,
		    size_t errlen, const config_setting_t **bad)
{
	size_t pos = 0;
	*bad = list;
	out[0] = '\0';
	if (config_setting_type(list) != CONFIG_TYPE_LIST) {
		text_errf(err, errlen, "expected a string or a list of groups like ( { vus = 4; }, "
			  "{ vus = 8; set = { innodb_io_capacity = 1000; }; } )");
		return -1;
	}
	for (int i = 0; i < config_setting_length(list); i++) {
		const config_setting_t *g = config_setting_get_elem(list, (unsigned)i);
		*bad = g;
		if (config_setting_type(g) != CONFIG_TYPE_GROUP) {
			text_errf(err, errlen, "step %d: expected a group like { vus = 4; }", i + 1);
			return -1;
		}
		text_append(out, outlen, &pos, "%s", i ? "; " : "");
		int fields = 0;
		for (int k = 0; k < config_setting_length(g); k++) {
			const config_setting_t *f = config_setting_get_elem(g, (unsigned)k);
			const char *name = config_setting_name(f);
			char v[160];
			*bad = f;
			if (!strcmp(name, "vus") || !strcmp(name, "step") || !strcmp(name, "settle") ||
			    !strcmp(name, "rate")) {
				/* Seconds may be written with a unit, as a string. */
				int secs = !strcmp(name, "step") || !strcmp(name, "settle");
				long n;
				if (secs && config_setting_type(f) == CONFIG_TYPE_STRING) {
					const char *t = config_setting_get_string(f);
					if (opt_parse_seconds(t, !strcmp(name, "step"), 86400, &n)) {
						text_errf(err, errlen, "step %d: %s: expected seconds "
							  "(or 90s, 45m, 2h, 1d), got '%s'", i + 1, name,
							  t);
						return -1;
					}
					text_append(out, outlen, &pos, "%s%s=%ld", fields++ ? " " : "",
						    name, n);
					continue;
				}
				if (config_setting_type(f) != CONFIG_TYPE_INT) {
					text_errf(err, errlen, "step %d: %s: expected %s", i + 1, name,
						  secs ? "seconds (or a string such as \"90s\" or "
						  "\"5m\")" : "an integer");
					return -1;
				}
				text_append(out, outlen, &pos, "%s%s=%d", fields++ ? " " : "", name,
					    config_setting_get_int(f));
			} else if (!strcmp(name, "set")) {
				if (config_setting_type(f) != CONFIG_TYPE_GROUP) {
					text_errf(err, errlen, "step %d: set: expected a group like "
						  "{ innodb_io_capacity = 1000; }", i + 1);
					return -1;
				}
				for (int m = 0; m < config_setting_length(f); m++) {
					const config_setting_t *x = config_setting_get_elem(f, (unsigned)m);
					*bad = x;
					if (scalar_text(x, v, sizeof v)) {
						text_errf(err, errlen, "step %d: set: %s: expected a number, "
							  "a boolean or a string without spaces, ';' or '='",
							  i + 1, config_setting_name(x));
						return -1;
					}
					text_append(out, outlen, &pos, "%s%s=%s", fields++ ? " " : "",
						    config_setting_name(x), v);
				}
			} else {
				text_errf(err, errlen, "step %d: unknown key '%s' (a step has vus, rate, "
					  "set, settle and step)", i + 1, name);
				return -1;
			}
		}
		*bad = g;
		if (!fields) {
			text_errf(err, errlen, "step %d: sets nothing (give vus, rate or set)", i + 1);
			return -1;
		}
	}
	if (pos >= outlen - 1) {
		text_errf(err, errlen, "too many steps: at most %zu characters as text", outlen - 1);
		return -1;
	}
	return 0;
}
