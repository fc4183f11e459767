/* usage.c: the --help text, written from the option table and the
 * command-line-only options, wrapped to a terminal's width. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <stdio.h>
#include <string.h>

#include "args.h"
#include "options.h"
#include "text.h"
#include "usage.h"

#define HELP_COL 32   /* where the help text starts */
#define HELP_WIDTH 79

void usage_wrap(FILE *out, int at, int col, const char *text)
{
	const char *p = text;

	if (at > 0 && at > col - 2) {
		fputc('\n', out);
		at = 0;
	}
	fprintf(out, "%*s", col - at, "");
	at = col;
	while (*p != '\0') {
		const char *e = p;
		int len;

		while (*e != '\0' && *e != ' ')
			e++;
		len = (int)(e - p);
		if (at > col && at + 1 + len > HELP_WIDTH) {
			fprintf(out, "\n%*s", col, "");
			at = col;
		} else if (at > col) {
			fputc(' ', out);
			at++;
		}
		fprintf(out, "%.*s", len, p);
		at += len;
		p = e;
		while (*p == ' ')
			p++;
	}
	fputc('\n', out);
}

static void usage_option(FILE *out, const opt_def *o)
{
	char left[96], text[640];
	size_t pos = 0;
	int n;

	if (o->longopt == NULL) {
		n = snprintf(left, sizeof(left), "  %s", o->key);
	} else if (o->type == OPT_BOOL) {
		n = snprintf(left, sizeof(left), "  %c%c%s--[no-]%s",
			     o->shortopt ? '-' : ' ', o->shortopt ? o->shortopt : ' ',
			     o->shortopt ? ", " : "  ", o->longopt);
	} else {
		n = snprintf(left, sizeof(left), "  %c%c%s--%s=%s",
			     o->shortopt ? '-' : ' ', o->shortopt ? o->shortopt : ' ',
			     o->shortopt ? ", " : "  ", o->longopt,
			     o->argname ? o->argname : "VALUE");
	}
	text_append(text, sizeof(text), &pos, "%s", o->help);
	switch (o->type) {
	case OPT_INT:
		text_append(text, sizeof(text), &pos, "; %ld to %ld, default %s", o->min, o->max,
		       o->def);
		break;
	case OPT_BOOL:
		text_append(text, sizeof(text), &pos, "; default %s", o->def);
		break;
	case OPT_ENUM:
		text_append(text, sizeof(text), &pos, "; one of ");
		for (const char *p = o->enums; *p != '\0'; p++) {
			if (*p == '|')
				text_append(text, sizeof(text), &pos, ", ");
			else
				text_append(text, sizeof(text), &pos, "%c", *p);
		}
		text_append(text, sizeof(text), &pos, ", default %s", o->def);
		break;
	case OPT_STRING:
		if (o->def && o->def[0] && !o->secret)
			text_append(text, sizeof(text), &pos, "; default \"%s\"", o->def);
		break;
	case OPT_SCHEDULE:
	case OPT_LIST:
		break;
	}
	if (o->longopt)
		text_append(text, sizeof(text), &pos, " [%s]", o->key);
	fputs(left, out);
	usage_wrap(out, n, HELP_COL, text);
}

static void usage_section(FILE *out, const char *prefix, const char *title)
{
	size_t i, plen = strlen(prefix);

	fprintf(out, "\n%s:\n", title);
	for (i = 0; i < opt_count; i++)
		if (opt_table[i].longopt && strncmp(opt_table[i].key, prefix, plen) == 0)
			usage_option(out, &opt_table[i]);
}

void config_usage(FILE *out, void (*subcommands)(FILE *out))
{
	size_t i;

	fputs("Usage: tpcc-console [SUBCOMMAND] [OPTIONS]\n"
	      "\n"
	      "A TPC-C benchmark console: build a TPC-C database, run the workload "
	      "while\nwatching throughput (NOPM, TPM), latency and CPU second by "
	      "second, change\nvirtual users and server variables live, and keep "
	      "every run as a results file.\n", out);
	if (subcommands)
		subcommands(out);
	fputs("\n"
	      "General options:\n", out);
	for (i = 0; i < cli_count; i++) {
		const cli_opt *k = &cli_table[i];
		char left[64];
		if (k->hidden)
			continue;
		int n = k->shortopt ?
			snprintf(left, sizeof(left), "  -%c, --%s%s%s", k->shortopt, k->longopt,
				 k->argname ? "=" : "", k->argname ? k->argname : "") :
			snprintf(left, sizeof(left), "      --%s%s%s", k->longopt,
				 k->argname ? "=" : "", k->argname ? k->argname : "");

		fputs(left, out);
		usage_wrap(out, n, HELP_COL, k->help);
	}
	usage_section(out, "connection.", "Connection options");
	usage_section(out, "workload.", "Workload options");
	usage_section(out, "run.", "Run options");
	usage_section(out, "sweep.", "Sweep options");
	fputs("\nConfig-file-only settings:\n", out);
	for (i = 0; i < opt_count; i++)
		if (opt_table[i].longopt == NULL)
			usage_option(out, &opt_table[i]);
	fputs("\n"
	      "Every option is also a key of the config file, shown in brackets. The file\n"
	      "(libconfig syntax) groups them as connection = { ... }; workload = { ... };\n"
	      "run = { ... }; sweep = { ... }; see conf/tpcc-console.conf for a documented\n"
	      "example. Options given on the command line override the file. Values are\n"
	      "given as --name=VALUE or --name VALUE (a value that starts with '-' needs the\n"
	      "'=' form); boolean options take --name or --no-name; long options may\n"
	      "be shortened to any unique prefix.\n"
	      "\n"
	      "Passwords are never accepted on the command line: put the password in\n"
	      "the config file (readable only by you), in TPCC_PASSWORD, or use\n"
	      "--ask-password. With the mysql driver, ~/.my.cnf [client] also works.\n"
	      "\n"
	      "Environment:\n", out);
	fputs("  TPCC_PASSWORD", out);
	usage_wrap(out, 15, HELP_COL, "database password, used when the config file "
		      "gives none");
	fputs("\n"
	      "Examples:\n"
	      "  tpcc-console build --driver=sqlite --db=/tmp/tpcc.sqlite -w 2\n"
	      "  tpcc-console -c mysql.conf build --warehouses=100 --load-threads=8\n"
	      "  tpcc-console -c mysql.conf run --vus=32 --duration=600 --batch\n"
	      "  tpcc-console -c mysql.conf check\n"
	      "  tpcc-console demo\n", out);
}

