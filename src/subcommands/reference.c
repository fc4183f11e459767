/* reference.c: the man page's generated sections, from the tables (see
 * reference.h).  The wording lives in the tables (option_table.c and
 * args.c's man texts, run/command_doc.c, ui/keys.c); this file only lays
 * it out. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "config/args.h"
#include "config/options.h"
#include "completion.h"
#include "reference.h"
#include "run/command.h"
#include "run/command_doc.h"
#include "subcommands.h"
#include "ui/keys.h"

/* Text as roff sees it on a line of its own: '-' is a minus, not a hyphen,
 * in option and key names; lower selects the lowercase form of an
 * argument's name (FILE is written file, in italics by the macro). */
static void roff_word(FILE *out, const char *s, int lower)
{
	for (; *s; s++) {
		if (*s == '-' || *s == '\\')
			fputc('\\', out);
		fputc(lower ? tolower((unsigned char)*s) : *s, out);
	}
}

/* .BI -P ", " --port= port / .BR --batch ", " --no-batch / .B --flag */
static void option_header(FILE *out, char shortopt, const char *longopt, const char *argname,
			  int negatable)
{
	fputs(argname ? ".BI " : shortopt || negatable ? ".BR " : ".B ", out);
	if (shortopt)
		fprintf(out, "\\-%c \", \" ", shortopt);
	fputs("\\-\\-", out);
	roff_word(out, longopt, 0);
	if (argname) {
		fputs("= ", out);
		roff_word(out, argname, 1);
	} else if (negatable) {
		fputs(" \", \" \\-\\-no\\-", out);
		roff_word(out, longopt, 0);
	}
	fputc('\n', out);
}

/* A paragraph from a table: its man text, else its one-line help. */
static void paragraph(FILE *out, const char *man, const char *help)
{
	if (man) {
		fputs(man, out);
		return;
	}
	fprintf(out, "%c%s.\n", toupper((unsigned char)help[0]), help + 1);
}

static void option_entry(FILE *out, const opt_def *o)
{
	fputs(".TP\n", out);
	if (o->longopt)
		option_header(out, o->shortopt, o->longopt, o->type == OPT_BOOL ? NULL : o->argname,
			      o->type == OPT_BOOL);
	else
		fprintf(out, ".B %s\n", o->key);
	paragraph(out, o->man, o->help);
	if (o->longopt)
		fprintf(out, ".RB [ %s ]\n", o->key);
}

static void options_group(FILE *out, const char *title, const char *prefix, int in_file_only)
{
	fprintf(out, ".SS \"%s\"\n", title);
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (in_file_only ? o->longopt == NULL
				 : o->longopt && !strncmp(o->key, prefix, strlen(prefix)))
			option_entry(out, o);
	}
}

static void options(FILE *out)
{
	fputs(".SS \"General options\"\n", out);
	for (size_t i = 0; i < cli_count; i++) {
		const cli_opt *k = &cli_table[i];
		if (k->hidden)
			continue;
		fputs(".TP\n", out);
		option_header(out, k->shortopt, k->longopt, k->argname, 0);
		paragraph(out, k->man, k->help);
	}
	fputs(".PP\n"
	      "Passwords are never accepted on the command line:\n"
	      ".BR \\-\\-password ,\n"
	      ".BI \\-\\-password= x\n"
	      "and\n"
	      ".BI \\-p secret\n"
	      "are refused with exit 2.\n"
	      ".PP\n"
	      "An option whose argument is\n"
	      ".I seconds\n"
	      "also takes a unit, on the command line, on the config screens and in\n"
	      "a configuration file (as a string):\n"
	      ".BR 90s ,\n"
	      ".BR 45m ,\n"
	      ".B 2h\n"
	      "or\n"
	      ".BR 1d ;\n"
	      "it is kept, shown and saved in seconds.\n", out);
	options_group(out, "Connection options", "connection.", 0);
	options_group(out, "Workload options", "workload.", 0);
	options_group(out, "Run options", "run.", 0);
	options_group(out, "Sweep options", "sweep.", 0);
	options_group(out, "Configuration-file-only settings", NULL, 1);
}

/* "vus N|+N|-N" as .BR vus " \fIn\fR | +\fIn\fR | \-\fIn\fR": the name
 * bold, an argument in capitals italic and lowercase. */
static void command_header(FILE *out, const command_def *d)
{
	const char *args = d->usage + strlen(d->name);
	if (!*args) {
		fprintf(out, ".B %s\n", d->name);
		return;
	}
	fprintf(out, ".BR %s \"", d->name);
	for (const char *p = args; *p; p++) {
		if (isupper((unsigned char)*p)) {
			fputs("\\fI", out);
			while (isupper((unsigned char)*p))
				fputc(tolower((unsigned char)*p++), out);
			fputs("\\fR", out);
			p--;
		} else if (*p == '|')
			fputs(" | ", out);
		else if (*p == '-')
			fputs("\\-", out);
		else
			fputc(*p, out);
	}
	fputs("\"\n", out);
}

static int is_command(const char *name)
{
	for (size_t i = 0; i < command_count; i++)
		if (!strcmp(command_table[i].name, name))
			return 1;
	return 0;
}

static int commands(FILE *out, char *err, size_t errlen)
{
	for (size_t i = 0; i < command_count; i++) {
		const char *man = command_doc_find(command_table[i].name);
		if (!man) {
			snprintf(err, errlen, "command '%s' has no paragraph in run/command_doc.c",
				 command_table[i].name);
			return EX_FAIL;
		}
		fputs(".TP\n", out);
		command_header(out, &command_table[i]);
		fputs(man, out);
	}
	for (size_t i = 0; i < command_doc_count; i++)
		if (!is_command(command_docs[i].name)) {
			snprintf(err, errlen, "run/command_doc.c documents '%s', which is no command",
				 command_docs[i].name);
			return EX_FAIL;
		}
	return EX_OK;
}

static void subcommand_list(FILE *out)
{
	for (size_t i = 0; i < subcommand_count; i++) {
		fprintf(out, ".TP\n.B %s\n", subcommands[i].name);
		paragraph(out, subcommands[i].man, subcommands[i].help);
	}
	fputs(".PP\n", out);
	paragraph(out, subcommand_default.man, subcommand_default.help);
}

static int keys(FILE *out, char *err, size_t errlen)
{
	char name[32];

	for (size_t i = 0; i < key_binding_count; i++) {
		const key_binding *b = &key_bindings[i];
		keys_label(b, name, sizeof name);
		if (!b->help || !b->help[0]) {
			snprintf(err, errlen, "key %s has no help in ui/keys.c", name);
			return EX_FAIL;
		}
		fputs(".TP\n", out);
		for (int j = 0; j < KEY_BIND_MAX && b->codes[j]; j++) {
			keys_code_name(b->codes[j], name, sizeof name);
			fputs(j ? ", \\fB" : "\\fB", out);
			roff_word(out, name, 0);
			fputs("\\fR", out);
		}
		fputc('\n', out);
		paragraph(out, b->man, b->help);
	}
	return EX_OK;
}

/* Every configuration-file key, one a line, an enumeration's values after
 * it ("connection.driver mysql|pg|..."): tests/reference.sh holds the
 * hand-written example file (conf/tpcc-console.conf) to this list, so a
 * new setting or value cannot be left out of it unnoticed. */
static void config_keys(FILE *out)
{
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		fprintf(out, "%s%s%s\n", o->key, o->type == OPT_ENUM ? " " : "",
			o->type == OPT_ENUM ? o->enums : "");
	}
}

int reference_dump(FILE *out, const char *section, char *err, size_t errlen)
{
	if (!strcmp(section, "options")) {
		options(out);
		return EX_OK;
	}
	if (!strcmp(section, "subcommands")) {
		subcommand_list(out);
		return EX_OK;
	}
	if (!strcmp(section, "commands"))
		return commands(out, err, errlen);
	if (!strcmp(section, "keys"))
		return keys(out, err, errlen);
	if (!strcmp(section, "completion")) {
		completion_write(out);
		return EX_OK;
	}
	if (!strcmp(section, "config-keys")) {
		config_keys(out);
		return EX_OK;
	}
	snprintf(err, errlen, "--dump-reference: no section '%s' (subcommands, options, commands, "
		 "keys, completion, config-keys)",
		 section);
	return EX_USAGE;
}
