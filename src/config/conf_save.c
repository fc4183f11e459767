/* conf_save.c: write a tpcc_config back as a libconfig file, from the same
 * option table that reads it (options.c), so whatever the console's config
 * screens hold loads back with --config unchanged.  libconfig itself writes
 * the values, so strings are quoted and escaped the way its reader wants.
 * The password goes in only when asked, and then the file is 0600. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libconfig.h>

#include "conf_save.h"
#include "conn_string.h"
#include "conninfo.h"
#include "options.h"

/* The group setting ("connection") for a key, made on first use; *leaf
 * points at the part after the dot. */
static config_setting_t *group_for(config_t *cf, const char *key, const char **leaf)
{
	char name[32];
	const char *dot = strchr(key, '.');
	size_t n = dot ? (size_t)(dot - key) : 0;

	if (n == 0 || n >= sizeof name)
		return NULL;
	memcpy(name, key, n);
	name[n] = '\0';
	*leaf = dot + 1;
	config_setting_t *root = config_root_setting(cf);
	config_setting_t *g = config_setting_get_member(root, name);
	return g ? g : config_setting_add(root, name, CONFIG_TYPE_GROUP);
}

static int add_schedule(config_setting_t *g, const char *leaf, const tpcc_config *c)
{
	config_setting_t *l = config_setting_add(g, leaf, CONFIG_TYPE_LIST);
	for (int i = 0; l && i < c->nschedule; i++) {
		config_setting_t *step = config_setting_add(l, NULL, CONFIG_TYPE_GROUP);
		config_setting_t *at = step ? config_setting_add(step, "at", CONFIG_TYPE_INT) : NULL;
		config_setting_t *vus = step ? config_setting_add(step, "vus", CONFIG_TYPE_INT) : NULL;
		if (!at || !vus || !config_setting_set_int(at, c->schedule[i].at) ||
		    !config_setting_set_int(vus, c->schedule[i].vus))
			return -1;
	}
	return l ? 0 : -1;
}

static int add_list(config_setting_t *g, const char *leaf, const tpcc_config *c)
{
	config_setting_t *a = config_setting_add(g, leaf, CONFIG_TYPE_ARRAY);
	for (int i = 0; a && i < c->nknobs; i++)
		if (!config_setting_set_string_elem(a, -1, c->knobs[i]))
			return -1;
	return a ? 0 : -1;
}

static int add_option(config_t *cf, const opt_def *o, const tpcc_config *c, int with_password)
{
	const char *leaf;
	const void *f = (const char *)c + o->offset;
	config_setting_t *g = group_for(cf, o->key, &leaf), *s;
	char odbc[sizeof c->odbc];

	if (!g)
		return -1;
	switch (o->type) {
	case OPT_INT:
		if (o->auto_offset && *(const int *)((const char *)c + o->auto_offset)) {
			char text[32];
			snprintf(text, sizeof text, "auto:%d", *(const int *)f);
			s = config_setting_add(g, leaf, CONFIG_TYPE_STRING);
			return s && config_setting_set_string(s, text) ? 0 : -1;
		}
		s = config_setting_add(g, leaf, CONFIG_TYPE_INT);
		return s && config_setting_set_int(s, *(const int *)f) ? 0 : -1;
	case OPT_BOOL:
		s = config_setting_add(g, leaf, CONFIG_TYPE_BOOL);
		return s && config_setting_set_bool(s, *(const int *)f) ? 0 : -1;
	case OPT_STRING:
	case OPT_ENUM:
		if (o->offset == offsetof(tpcc_config, odbc) && !with_password) {
			conn_string_strip_password(f, odbc, sizeof odbc);
			f = odbc;
		} else if (o->offset == offsetof(tpcc_config, conninfo) && !with_password) {
			conninfo_strip_password(f, odbc, sizeof odbc);
			f = odbc;
		}
		s = config_setting_add(g, leaf, CONFIG_TYPE_STRING);
		return s && config_setting_set_string(s, f) ? 0 : -1;
	case OPT_SCHEDULE:
		return add_schedule(g, leaf, c);
	case OPT_LIST:
		return add_list(g, leaf, c);
	}
	return -1;
}

/* Write cf to a new file next to path, then rename it over path: a reader
 * never sees half a file, and a failed save leaves the old one.  The file
 * is created with create_mode (under the umask) and set to mode unless
 * mode is -1. */
static int write_replace(config_t *cf, const char *path, mode_t create_mode, int mode,
			 char *err, size_t errlen)
{
	char tmp[OPT_STR_MAX + 32];
	if (snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid()) >= (int)sizeof tmp) {
		snprintf(err, errlen, "%s: file name too long", path);
		return -1;
	}
	int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, create_mode);
	if (fd < 0 && errno == EEXIST && unlink(tmp) == 0)  /* left by an earlier crash */
		fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, create_mode);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot create: %s", path, strerror(errno));
		return -1;
	}
	FILE *fp = fdopen(fd, "w");
	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		close(fd);
		unlink(tmp);
		return -1;
	}
	fputs("# tpcc-console settings, saved from the console's config screens (F2).\n"
	      "# Load with: tpcc-console --config FILE\n\n", fp);
	config_write(cf, fp);
	int bad = fflush(fp) != 0 || ferror(fp) || (mode >= 0 && fchmod(fd, (mode_t)mode) != 0) ||
		  fsync(fd) != 0;
	int saved = errno;
	if (fclose(fp) != 0 && !bad) {
		bad = 1;
		saved = errno;
	}
	if (bad || rename(tmp, path) != 0) {
		snprintf(err, errlen, "%s: cannot write: %s", path, strerror(bad ? saved : errno));
		unlink(tmp);
		return -1;
	}
	return 0;
}

int config_save_file(const tpcc_config *c, const char *path, int with_password,
		     char *warn, size_t warnlen, char *err, size_t errlen)
{
	config_t cf;
	struct stat st;
	int existed, mode = -1;

	if (warn && warnlen)
		warn[0] = '\0';
	if (!path || !path[0]) {
		snprintf(err, errlen, "no file name");
		return -1;
	}
	existed = stat(path, &st) == 0;
	if (existed && !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		return -1;
	}
	if (with_password) {
		mode = 0600;
		if (existed && (st.st_mode & 077) && warn)
			snprintf(warn, warnlen, "%s was readable by others (mode %03o); the new file "
				 "holds the password and is 0600", path, (unsigned)(st.st_mode & 0777));
	} else if (existed) {
		mode = (int)(st.st_mode & 0777);   /* keep what the owner chose */
	}

	config_init(&cf);
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (o->secret && !with_password)
			continue;
		if (add_option(&cf, o, c, with_password)) {
			snprintf(err, errlen, "%s: cannot write %s", path, o->key);
			config_destroy(&cf);
			return -1;
		}
	}
	int rc = write_replace(&cf, path, with_password ? 0600 : 0666, mode, err, errlen);
	config_destroy(&cf);
	return rc;
}
