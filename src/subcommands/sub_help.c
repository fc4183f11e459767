/* sub_help.c: see sub_help.h.  The paragraph is the man page's, so the
 * two never say different things; its roff is the small part of man(7)
 * the tables use (font macros, paragraph breaks, a few escapes), turned
 * into plain words here and folded to the terminal's 80 columns. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <string.h>
#include "sub_help.h"

#define FOLD 78

/* One escape at s (after the backslash): what it prints, and how many
 * bytes it took. */
static const char *escape(const char *s, size_t *used)
{
	static const struct { const char *in, *out; } names[] = {
		{ "(aq", "'" }, { "(lq", "\"" }, { "(rq", "\"" }, { "(dq", "\"" },
		{ "(em", "--" }, { "(en", "-" }, { "(+-", "+-" }, { "(bu", "*" },
		{ "(mu", "x" }, { "(<=", "<=" }, { "(>=", ">=" }, { "(ti", "~" },
		{ "fB", "" }, { "fI", "" }, { "fR", "" }, { "fP", "" }, { "-", "-" },
		{ "e", "\\" }, { "&", "" }, { " ", " " }, { "~", " " }, { "|", "" },
	};
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		size_t n = strlen(names[i].in);
		if (!strncmp(s, names[i].in, n)) {
			*used = n;
			return names[i].out;
		}
	}
	*used = *s ? 1 : 0;
	return "";
}

/* Words are gathered into a line and the line is written when the next
 * word would pass FOLD. */
typedef struct folder {
	FILE *out;
	char line[FOLD + 64];
	size_t len;
	char word[256];
	size_t wlen;
} folder;

static void flush_word(folder *f)
{
	if (!f->wlen)
		return;
	if (f->len && f->len + 1 + f->wlen > FOLD) {
		fprintf(f->out, "%.*s\n", (int)f->len, f->line);
		f->len = 0;
	}
	if (f->len)
		f->line[f->len++] = ' ';
	size_t room = sizeof f->line - 1 - f->len;
	size_t n = f->wlen < room ? f->wlen : room;
	memcpy(f->line + f->len, f->word, n);
	f->len += n;
	f->wlen = 0;
}

static void put_text(folder *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		if (s[i] == ' ' || s[i] == '\t')
			flush_word(f);
		else if (f->wlen < sizeof f->word)
			f->word[f->wlen++] = s[i];
	}
}

static void end_paragraph(folder *f)
{
	flush_word(f);
	if (f->len)
		fprintf(f->out, "%.*s\n\n", (int)f->len, f->line);
	f->len = 0;
}

/* One line of text, its escapes turned into what they print. */
static void text_line(folder *f, const char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		if (s[i] == '\\' && i + 1 < n) {
			size_t used;
			const char *out = escape(s + i + 1, &used);
			put_text(f, out, strlen(out));
			i += 1 + used;
		} else {
			put_text(f, s + i, 1);
			i++;
		}
	}
	put_text(f, " ", 1);
}

/* ".BR a b": the arguments, quotes taken off, run together (the fonts
 * alternate between them, with no space in between). */
static void font_macro(folder *f, const char *args, size_t n, int alternate)
{
	char buf[512];
	size_t o = 0;
	int quoted = 0;
	for (size_t i = 0; i < n && o + 2 < sizeof buf; i++) {
		if (args[i] == '\\' && i + 1 < n) {   /* "\ " is an escape, not a gap */
			buf[o++] = args[i++];
			buf[o++] = args[i];
		} else if (args[i] == '"')
			quoted = !quoted;
		else if (args[i] == ' ' && !quoted && alternate)
			continue;
		else
			buf[o++] = args[i];
	}
	text_line(f, buf, o);
}

void sub_help_roff(FILE *out, const char *roff)
{
	folder f = { .out = out };
	for (const char *p = roff; p && *p;) {
		size_t n = strcspn(p, "\n");
		if (p[0] == '.') {
			size_t m = strcspn(p + 1, " \n");
			const char *args = p + 1 + m + (p[1 + m] == ' ');
			size_t an = n - (size_t)(args - p);
			if (m == 1 && (p[1] == 'B' || p[1] == 'I'))
				font_macro(&f, args, an, 0);
			else if (m == 2 && strchr("BIR", p[1]) && strchr("BIR", p[2]))
				font_macro(&f, args, an, 1);
			else if ((m == 2 && (!strncmp(p + 1, "PP", 2) || !strncmp(p + 1, "LP", 2) ||
					     !strncmp(p + 1, "TP", 2) || !strncmp(p + 1, "IP", 2))) ||
				 (m == 1 && p[1] == 'P'))
				end_paragraph(&f);
			/* .RS, .RE, .EX, .EE, .sp, .br: nothing to print */
		} else {
			text_line(&f, p, n);
		}
		p += n + (p[n] == '\n');
	}
	end_paragraph(&f);
}

void sub_help(FILE *out, const subcommand *s)
{
	char first[512];
	fprintf(out, "Usage: tpcc-console %s [OPTIONS]%s\n\n", s->name, s->max_files ? " FILE..." : "");
	/* The one-line help, a sentence of its own, folded as the rest. */
	snprintf(first, sizeof first, "%c%s.", toupper((unsigned char)s->help[0]), s->help + 1);
	sub_help_roff(out, first);
	sub_help_roff(out, s->man);
	fprintf(out, "Every option, with its configuration key: tpcc-console --help.\n"
		"The whole reference: man tpcc-console.\n");
}
