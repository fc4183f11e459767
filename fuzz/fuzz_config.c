/* fuzz_config.c: libFuzzer target for the config loader and the command
 * line.  Each input is written to a memfd and loaded with config_load_file
 * through a symlink in a private directory (where a relative @include or
 * -c FILE resolves); then the same bytes, split on whitespace and NUL, are
 * given to config_parse_args as argv words.  Besides crashes and sanitizer
 * reports it checks what the loader promises:
 *   - a failure leaves the config untouched and says why;
 *   - a success leaves every setting valid, and each one formats to text
 *     that reads back through opt_set to the same value;
 *   - a password never comes from argv.
 * Built by scripts/fuzz.sh with clang -fsanitize=fuzzer,address,undefined. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/args.h"
#include "config/conf_file.h"
#include "config/options.h"

#define MAX_WORDS 64

static char dir[PATH_MAX];
static char conf_path[PATH_MAX];
static int conf_fd = -1;

static void remove_dir(void)
{
	if (conf_path[0])
		unlink(conf_path);
	if (dir[0])
		rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *tmp = getenv("TMPDIR");
	char target[64];

	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "%s/fuzz-config.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		perror("mkdtemp");
		abort();
	}
	snprintf(conf_path, sizeof(conf_path), "%s/in.conf", dir);
	atexit(remove_dir);
	/* A memfd: rewriting a file on disk for every input is slow (ext4
	 * flushes a file truncated and rewritten). */
	conf_fd = memfd_create("fuzz-config", 0);
	if (conf_fd < 0 || fchmod(conf_fd, 0600) != 0) {
		perror("memfd_create");
		abort();
	}
	snprintf(target, sizeof(target), "/proc/%ld/fd/%d", (long)getpid(), conf_fd);
	if (symlink(target, conf_path) != 0) {
		perror("symlink");
		abort();
	}
	/* Relative names (an @include, a -c FILE) resolve in our own directory
	 * and nowhere else. */
	if (chdir(dir) != 0) {
		perror("chdir");
		abort();
	}
	unsetenv("TPCC_PASSWORD");
	/* The parsers print nothing (main prints --help); should one start to,
	 * the fuzzer's own output must stay readable. */
	if (freopen("/dev/null", "w", stdout) == NULL)
		abort();
	return 0;
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_config: %s: %s\n", what, detail);
	abort();
}

/* Every setting is valid on its own and survives format -> opt_set. */
static void check_config(const tpcc_config *c)
{
	char text[4096], err[512];
	size_t i;

	for (i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		tpcc_config back;

		if (o->secret)
			continue;
		opt_format(c, o, text, sizeof(text));
		config_defaults(&back);
		if (opt_set(&back, o, text, err, sizeof(err)) < 0)
			fail(o->key, err);
		opt_format(&back, o, err, sizeof(err));
		if (strcmp(text, err) != 0)
			fail(o->key, "value changed when read back");
	}
	if (config_validate(c, err, sizeof(err)) < 0 &&
	    strstr(err, "driver ") == NULL && strstr(err, "workload.mode") == NULL)
		fail("config_validate", err); /* only cross-field checks may fail */
}

/* An @include must not name a file outside our directory: "/dev/zero" or
 * "../../x" would test the file system, not the parser.  Any include
 * directive spells "include"; a path needs '/' (or an escape for one). */
static int names_outside(const uint8_t *data, size_t size)
{
	static const char word[] = "include";
	size_t i, k;

	if (memchr(data, '/', size) == NULL && memchr(data, '\\', size) == NULL)
		return 0;
	for (i = 0; i + sizeof(word) - 1 <= size; i++) {
		for (k = 0; k < sizeof(word) - 1; k++)
			if ((data[i + k] | 0x20) != word[k])
				break;
		if (k == sizeof(word) - 1)
			return 1;
	}
	return 0;
}

static void fuzz_file(const uint8_t *data, size_t size)
{
	tpcc_config c, before;
	char err[4096];

	if (ftruncate(conf_fd, 0) != 0 ||
	    (size && pwrite(conf_fd, data, size, 0) != (ssize_t)size))
		fail("write", conf_path);

	config_defaults(&c);
	before = c;
	err[0] = '\0';
	if (config_load_file(&c, conf_path, err, sizeof(err)) == 0) {
		if (strcmp(c.config_path, conf_path) != 0)
			fail("config_path", c.config_path);
		check_config(&c);
		(void)config_file_exposes_password(conf_path, &c);
	} else {
		if (memcmp(&c, &before, sizeof(c)) != 0)
			fail("config_load_file", "failed but changed the config");
		if (err[0] == '\0')
			fail("config_load_file", "failed without a message");
	}
}

static void fuzz_args(const uint8_t *data, size_t size)
{
	char buf[4096 + 1];
	char *argv[MAX_WORDS + 2];
	int argc = 0;
	size_t i, n = size < sizeof(buf) - 1 ? size : sizeof(buf) - 1;
	tpcc_config c, before;
	const char *sub;
	char err[4096];
	int rc;

	memcpy(buf, data, n);
	buf[n] = '\0';
	argv[argc++] = "tpcc-console";
	for (i = 0; i < n && argc <= MAX_WORDS; i++) {
		int sep = buf[i] == '\0' || buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n';

		if (sep) {
			buf[i] = '\0';
			continue;
		}
		/* -c FILE stays in our directory (see names_outside). */
		if (buf[i] == '/')
			buf[i] = '_';
		if (i == 0 || buf[i - 1] == '\0') {
			argv[argc++] = &buf[i];
		}
	}
	argv[argc] = NULL;

	config_defaults(&c);
	before = c;
	err[0] = '\0';
	rc = config_parse_args(&c, argc, argv, &sub, err, sizeof(err));
	if (rc < 0) {
		if (memcmp(&c, &before, sizeof(c)) != 0)
			fail("config_parse_args", "failed but changed the config");
		if (err[0] == '\0')
			fail("config_parse_args", "failed without a message");
		return;
	}
	if (rc != 0)
		return;  /* --help or --version */
	if (c.password[0] != '\0' && c.config_path[0] == '\0')
		fail("config_parse_args", "a password came from argv");
	check_config(&c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (names_outside(data, size))
		return 0;
	fuzz_file(data, size);
	fuzz_args(data, size);
	return 0;
}
