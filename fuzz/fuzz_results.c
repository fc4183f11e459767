/* fuzz_results.c: libFuzzer target for the results reader, which reads
 * files from other machines (report, compare, runs and replay all go
 * through results_read).  Each input is written to a memfd and read back
 * through /proc/self/fd; a file the reader takes is then written as the
 * Markdown and CSV reports into memory, of the run alone and of the run
 * twice side by side (what only several runs get: the ratios, the runs'
 * waits).  Besides crashes and sanitizer
 * reports it checks what the reader promises:
 *   - a refusal says why, and names the file;
 *   - every text read (label, events, missing) is UTF-8, whatever the
 *     input held, and so is each report;
 *   - the steady window lies within the ticks;
 *   - each CSV table (its sections part at a blank line) has as many
 *     fields in every row as in its header, quotes read as RFC 4180 has
 *     them, so no name from the file splits a column.
 * Built by scripts/fuzz.sh with clang -fsanitize=fuzzer,address,undefined. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "report/report.h"
#include "results/results_read.h"
#include "util/utf8.h"

static int fd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fd = memfd_create("fuzz-results", 0);
	if (fd < 0) {
		perror("memfd_create");
		abort();
	}
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	return 0;
}

static void fail(const char *what, const char *detail)
{
	fprintf(stderr, "fuzz_results: %s: %s\n", what, detail);
	abort();
}

static void utf8_or_fail(const char *what, const char *s, size_t n)
{
	if (utf8_invalid_bytes(s, n))
		fail(what, "not UTF-8");
}

static void csv_or_fail(const char *text, size_t len)
{
	int header = -1, fields = 1, quoted = 0;
	size_t start = 0;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (quoted) {
			if (c == '"' && i + 1 < len && text[i + 1] == '"')
				i++;
			else if (c == '"')
				quoted = 0;
		} else if (c == '"') {
			quoted = 1;
		} else if (c == ',') {
			fields++;
		} else if (c == '\n') {
			if (i == start)
				header = -1;            /* a blank line: a new table */
			else if (header < 0)
				header = fields;
			else if (fields != header)
				fail("report_csv", "a row's fields differ from its header's");
			fields = 1;
			start = i + 1;
		}
	}
	if (quoted)
		fail("report_csv", "a quote left open");
}

static void report_or_fail(const char *what, int (*write)(FILE *, rr_run *const *, int),
			   rr_run *r, int n)
{
	rr_run *const runs[] = { r, r };
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		abort();
	int rc = write(out, runs, n);
	if (fclose(out) || rc)
		fail(what, "writing failed");
	utf8_or_fail(what, text, len);
	if (write == report_csv)
		csv_or_fail(text, len);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	rr_run *r;
	char err[2048];

	if (ftruncate(fd, 0) != 0 || (size && pwrite(fd, data, size, 0) != (ssize_t)size))
		fail("write", path);
	err[0] = '\0';
	if (results_read(path, &r, err, sizeof err)) {
		if (!strstr(err, path))
			fail("a refusal without the file's name", err);
		return 0;
	}
	utf8_or_fail("label", r->label, strlen(r->label));
	utf8_or_fail("missing", r->missing, strlen(r->missing));
	for (int i = 0; i < r->nevents; i++)
		utf8_or_fail("event", r->events[i].text, strlen(r->events[i].text));
	if (r->steady_from < 0 || r->steady_from > r->steady_to || r->steady_to > r->nticks)
		fail("steady window", "outside the ticks");
	for (int n = 1; n <= 2; n++) {
		report_or_fail("report_md", report_md, r, n);
		report_or_fail("report_csv", report_csv, r, n);
	}
	results_read_free(r);
	return 0;
}
