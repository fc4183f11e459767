/* fuzz_command.c: libFuzzer target for the command language.  Each input is
 * one line for command_parse, and each of its words is tried as a `vus`
 * argument against a few current counts.  Besides crashes and sanitizer
 * reports it checks what the parser promises:
 *   - 1 gives a command from the table whose name begins with the word
 *     typed, with min_args..max_args arguments, each of them text of the
 *     line exactly as typed (nothing cut, joined or invented);
 *   - 0 only for a blank or comment line;
 *   - -1 always says why;
 *   - command_vus_value accepts only counts from 0 to 10000.
 * Built by scripts/fuzz.sh with clang -fsanitize=fuzzer,address,undefined. */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/command.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *line, const char *what)
{
	fprintf(stderr, "fuzz_command: '%.200s': %s\n", line, what);
	abort();
}

static int blank_or_comment(const char *p)
{
	while (*p && isspace((unsigned char)*p))
		p++;
	return *p == '\0' || *p == '#';
}

/* The next word at or after p: returns its start, its length in *len. */
static const char *next_word(const char *p, size_t *len)
{
	size_t n = 0;

	while (*p && isspace((unsigned char)*p))
		p++;
	while (p[n] && !isspace((unsigned char)p[n]))
		n++;
	*len = n;
	return p;
}

static void check_parse(const char *line)
{
	const command_def *d = NULL;
	const char *p;
	size_t len;
	cmd_args a;
	char err[512];
	int rc, i;

	err[0] = '\0';
	rc = command_parse(line, &d, &a, err, sizeof(err));
	if (rc == 0) {
		if (!blank_or_comment(line))
			fail(line, "a command line parsed as empty");
		return;
	}
	if (rc < 0) {
		if (err[0] == '\0')
			fail(line, "an error without a message");
		return;
	}
	if (rc != 1 || d == NULL || d < command_table || d >= command_table + command_count)
		fail(line, "not a command of the table");
	if (a.argc < d->min_args || a.argc > d->max_args)
		fail(line, "argument count outside the command's bounds");
	/* Walk the line's words again: the name, then each argument as typed;
	 * a rest-of-line argument is everything after, trailing space cut. */
	p = next_word(line, &len);
	if (len > strlen(d->name) || strncmp(p, d->name, len) != 0)
		fail(line, "the name typed is not a prefix of the command's");
	for (i = 0; i < a.argc; i++) {
		size_t alen;

		if (memchr(a.argv[i], '\0', sizeof(a.argv[i])) == NULL)
			fail(line, "argument not terminated");
		p = next_word(p + len, &len);
		if ((d->flags & CMD_REST) && i == d->max_args - 1) {
			len = strlen(p);
			while (len > 0 && isspace((unsigned char)p[len - 1]))
				len--;
		}
		alen = strlen(a.argv[i]);
		if (len == 0 || alen != len || memcmp(a.argv[i], p, len) != 0)
			fail(line, "an argument is not the text typed");
	}
	if (*next_word(p + len, &len) != '\0')
		fail(line, "words left over");
}

static void check_vus(const char *word)
{
	static const int current[] = { 0, 1, 16, 10000, 2147483647 };
	char err[256];
	size_t k;

	for (k = 0; k < sizeof(current) / sizeof(current[0]); k++) {
		int n = -1;

		if (command_vus_value(word, current[k], &n, err, sizeof(err)) == 0) {
			if (n < 0 || n > 10000)
				fail(word, "vus count out of range accepted");
		} else if (err[0] == '\0') {
			fail(word, "vus error without a message");
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *line = malloc(size + 1);
	char *w, *save = NULL;

	if (line == NULL)
		return 0;
	memcpy(line, data, size);
	line[size] = '\0';
	check_parse(line);
	check_vus(line);
	for (w = strtok_r(line, " \t\n", &save); w != NULL; w = strtok_r(NULL, " \t\n", &save))
		check_vus(w);
	free(line);
	return 0;
}
