/* args.c: the command line.  Options named in the option table and the few
 * that are not config keys (cli_table: -c, -p, --help, ...) are resolved by
 * exact name, --no-NAME or a unique prefix; -c FILE is loaded first
 * (conf_file.c), then every other option over it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "conninfo.h"
#include "conf_file.h"
#include "text.h"

const cli_opt cli_table[] = {
	{ "config", 'c', CLI_CONFIG, "FILE",
	  "read settings from FILE; the other options override it",
	  "Read settings from\n"
	  ".I file\n"
	  "(libconfig syntax, see\n"
	  ".BR \"CONFIGURATION FILE\" ).\n"
	  "It is checked completely before anything else; any error is reported as\n"
	  ".IB file : line : \" key\" :\n"
	  ".I problem\n"
	  "and the program exits 2 without touching the database.\n", 0 },
	{ "ask-password", 'p', CLI_ASKPASS, NULL,
	  "prompt for the database password on the terminal",
	  "Prompt for the database password on\n"
	  ".I /dev/tty\n"
	  "with echo off.\n"
	  "This password replaces any other.\n"
	  "Exits 2 if there is no terminal.\n", 0 },
	{ "durability", 0, CLI_DURABILITY, "RUN.json",
	  "check: verify that every New-Order the run's results file says was "
	  "acknowledged is in the database with all its lines",
	  ".BR check :\n"
	  "instead of the consistency conditions, verify that every New-Order the\n"
	  "run's results file says the server acknowledged is in the database with\n"
	  "all its order lines (the durability audit); exit 1 if any was lost.\n"
	  "Each district gets a line ending in\n"
	  ".RI \\(dq n \" lost\\(dq\" ,\n"
	  "and the last line gives the total:\n"
	  ".RI \\(dqdurability: \" d \" \"districts checked, \" n \" acknowledged New-Orders lost in \" k \" districts\\(dq\" .\n"
	  "The run writes its record each second, so a run whose client was\n"
	  "killed (SQLite's server dies with it) can be audited too, as of the\n"
	  "last second it wrote.\n"
	  "A results file from another database (driver, database name or\n"
	  "SQLite file) gets a warning, not a refusal: a replica or a restored\n"
	  "copy is audited on purpose.\n", 0 },
	{ "script", 's', CLI_SCRIPT, "FILE",
	  "cli: run the commands in FILE first, one per line",
	  ".BR cli :\n"
	  "run the commands in\n"
	  ".I file\n"
	  "first, one per line; blank lines and # comments are skipped.\n", 0 },
	{ "procedures-only", 0, CLI_PROCS_ONLY, NULL,
	  "build: (re)create the stored procedures only, on a loaded schema",
	  "With\n"
	  ".BR build :\n"
	  "(re)create the stored procedures alone.\n", 0 },
	{ "apply", 0, CLI_APPLY, NULL,
	  "adopt: record the mapping and add the indexes and procedures it printed",
	  "With\n"
	  ".BR adopt :\n"
	  "record the schema map in tpcc_meta and run the DDL adopt printed (missing\n"
	  "indexes, our stored procedures), after checking the privileges it needs.\n", 0 },
	{ "table-set", 0, CLI_TABLE_SET, "N",
	  "adopt: the set of sysbench-tpcc tables to adopt (warehouseN ...; default the lowest)",
	  "With\n"
	  ".BR adopt :\n"
	  "of a sysbench-tpcc database with several sets of tables\n"
	  ".RB ( \\-\\-tables ),\n"
	  "adopt the set whose names end in\n"
	  ".IR n .\n", 0 },
	{ "help", 'h', CLI_HELP, NULL, "show this help and exit (after a subcommand: its own)",
	  "Show the help, which lists every option with its configuration key,\n"
	  "range and default, and exit 0.\n"
	  "After a subcommand\n"
	  ".RB ( \"tpcc\\-console sweep \\-\\-help\" )\n"
	  "show that subcommand's usage and its paragraph of this page instead.\n", 0 },
	{ "version", 'V', CLI_VERSION, NULL, "show the version and exit",
	  "Show the version and exit 0.\n", 0 },
	{ "output", 'o', CLI_OUTPUT, "FILE",
	  "report: write the report to FILE (default: standard output)",
	  ".BR report :\n"
	  "write the report to\n"
	  ".I file\n"
	  "(written beside it and renamed into place) instead of standard output.\n", 0 },
	{ "format", 0, CLI_FORMAT, "FORMAT",
	  "report: html (default), csv (per-second series, events, steps) or md "
	  "(summary and step tables as Markdown)",
	  ".BR report :\n"
	  ".B html\n"
	  "(the default: one self-contained page),\n"
	  ".B csv\n"
	  "(the per-second series, then the events and the steps, for a spreadsheet) or\n"
	  ".B md\n"
	  "(the summary and step tables as Markdown).\n", 0 },
	{ "fail-if", 0, CLI_FAIL_IF, "FIGURE<-N%",
	  "compare: exit 3 when FIGURE (nopm, tpm, p95, p99, cpu, errors) of a later "
	  "run moved beyond noise past N% (repeatable)",
	  ".BR compare :\n"
	  "exit 3 when a later run's\n"
	  ".I figure\n"
	  "changed against the first by more than the bound, in the direction given,\n"
	  "and the change is beyond the runs' noise, or when it cannot be judged\n"
	  "(a run without enough steady seconds, a figure not measured): a gate\n"
	  "never passes on no evidence.\n"
	  ".I figure\n"
	  "is\n"
	  ".BR nopm ,\n"
	  ".BR tpm ,\n"
	  ".BR p95 ,\n"
	  ".B p99\n"
	  "(New-Order's),\n"
	  ".B cpu\n"
	  "(client CPU per 1,000 New-Orders) or\n"
	  ".BR errors ;\n"
	  "the bound is\n"
	  ".BI < \\-N %\n"
	  "(a fall) or\n"
	  ".BI > N %\n"
	  "(a rise), as in\n"
	  ".B \\-\\-fail\\-if \\(aqnopm<\\-5%\\(aq \\-\\-fail\\-if \\(aqp95>10%\\(aq\n"
	  "(repeatable).\n", 0 },
	{ "json", 0, CLI_JSON, NULL, "runs: print the table as JSON",
	  ".BR runs :\n"
	  "print the runs as a JSON array, one object per results file, for scripts.\n", 0 },
	{ "against", 0, CLI_AGAINST, "RUN.json",
	  "replay: draw this run's NOPM too, as a ghost line",
	  ".BR replay :\n"
	  "draw a second run's NOPM as a ghost line under the first's, aligned at\n"
	  "the start of the steady phase.\n", 0 },
	{ "merge", 0, CLI_MERGE, "N",
	  "report, compare: the files N at a time are the client instances of one run "
	  "(--warehouse-range, --start-at), added second by second into one",
	  ".BR report ,\n"
	  ".BR compare :\n"
	  "the files, taken\n"
	  ".I n\n"
	  "at a time in the order given, are the client instances of one run (each\n"
	  "with its own\n"
	  ".BR \\-\\-warehouse\\-range ,\n"
	  "started together with\n"
	  ".BR \\-\\-start\\-at ):\n"
	  "each group is merged into one run, its seconds aligned on the wall clock.\n"
	  "Commits, NOPM, TPM, errors, retries, VUs and client CPU are added; a\n"
	  "second is steady when every instance is; the steady NOPM and TPM are the\n"
	  "sum of the instances', p95 and p99 come from their histograms added\n"
	  "(exact), while a second's percentiles are the worst instance's and the\n"
	  "server's and host's figures the first file's.\n"
	  ".B \"report \\-\\-merge 2 A1.json A2.json\"\n"
	  "reports the one run;\n"
	  ".B \"compare \\-\\-merge 2 A1.json A2.json B1.json B2.json\"\n"
	  "compares run B (two clients) against run A (two clients).\n"
	  "Files of other warehouse counts or databases, with overlapping warehouse\n"
	  "ranges (a file without a range holds every warehouse) or without a second\n"
	  "in common are refused, naming both, exit 2; so is a file count that is\n"
	  "not a multiple of\n"
	  ".IR n .\n", 0 },
	/* scripts/gen-man.sh and tests/reference.sh: the man page's
	 * generated sections, from the tables. */
	{ "dump-reference", 0, CLI_DUMP_REF, "SECTION", NULL, NULL, 1 },
};

const size_t cli_count = sizeof(cli_table) / sizeof(cli_table[0]);

static const char password_refused[] =
	"passwords are not accepted on the command line; use the config file, "
	"TPCC_PASSWORD or --ask-password";

/* src is NULL only if an option that takes a value came without one, which
 * walk_args refuses first; the analyzer cannot see that, so say no here. */
static int str_copy_checked(char *dst, const char *src, size_t size)
{
	if (src == NULL)
		return -1;
	size_t n = strlen(src);
	if (n >= size)
		return -1;
	memcpy(dst, src, n + 1);
	return 0;
}

/* ---- the command line ---- */

/* What one command-line word (or word pair) named. */
typedef struct argopt {
	const opt_def *o;    /* a table option, or NULL */
	const cli_opt *cli;  /* a command-line-only option, or NULL */
	int negate;          /* --no-NAME of a boolean */
	char shown[72];      /* as the user wrote it, for messages */
} argopt;

static int takes_value(const argopt *a)
{
	if (a->cli)
		return a->cli->argname != NULL;
	return a->o->type != OPT_BOOL;
}

/* Does name[0..len) equal (exact) or begin (prefix) pre+cand? */
static int name_match(const char *name, size_t len, const char *pre, const char *cand,
		      int *exact)
{
	size_t pl = strlen(pre), cl = strlen(cand);

	if (len < pl || strncmp(name, pre, pl) != 0)
		return 0;
	if (len - pl > cl || strncmp(name + pl, cand, len - pl) != 0)
		return 0;
	*exact = (len - pl == cl);
	return 1;
}

/* Resolve a long option name (exact, --no-NAME for booleans, or a unique
 * prefix).  name is not terminated at len (it may go on with "=value"). */
static int resolve_long(const char *name, size_t len, argopt *a, char *err, size_t errlen)
{
	argopt cand[2 * 64];
	int ncand = 0, i, exact;
	size_t k;
	char list[512];
	size_t pos = 0;

	memset(a, 0, sizeof(*a));
	snprintf(a->shown, sizeof(a->shown), "--%.*s", (int)(len > 60 ? 60 : len), name);
	if (len >= 4 && (name_match(name, len, "", "password", &exact) ||
			 (len == 6 && strncmp(name, "passwd", 6) == 0))) {
		text_errf(err, errlen, "%s", password_refused);
		return -1;
	}
	if (len == 0) {
		text_errf(err, errlen, "unknown option '--=' (see --help)");
		return -1;
	}
	for (k = 0; k < opt_count; k++) {
		const opt_def *o = &opt_table[k];

		if (o->longopt == NULL || o->secret)
			continue;
		if (name_match(name, len, "", o->longopt, &exact)) {
			if (exact) {
				a->o = o;
				snprintf(a->shown, sizeof(a->shown), "--%s", o->longopt);
				return 0;
			}
			if (ncand < (int)(sizeof(cand) / sizeof(cand[0]))) {
				memset(&cand[ncand], 0, sizeof(cand[0]));
				cand[ncand].o = o;
				snprintf(cand[ncand].shown, sizeof(cand[0].shown), "--%s", o->longopt);
				ncand++;
			}
		}
		if (o->type == OPT_BOOL && name_match(name, len, "no-", o->longopt, &exact)) {
			if (exact) {
				a->o = o;
				a->negate = 1;
				snprintf(a->shown, sizeof(a->shown), "--no-%s", o->longopt);
				return 0;
			}
			if (ncand < (int)(sizeof(cand) / sizeof(cand[0]))) {
				memset(&cand[ncand], 0, sizeof(cand[0]));
				cand[ncand].o = o;
				cand[ncand].negate = 1;
				snprintf(cand[ncand].shown, sizeof(cand[0].shown), "--no-%s",
					 o->longopt);
				ncand++;
			}
		}
	}
	for (k = 0; k < cli_count; k++) {
		if (name_match(name, len, "", cli_table[k].longopt, &exact)) {
			if (cli_table[k].hidden && !exact)
				continue;
			if (exact) {
				a->cli = &cli_table[k];
				snprintf(a->shown, sizeof(a->shown), "--%s", cli_table[k].longopt);
				return 0;
			}
			if (ncand < (int)(sizeof(cand) / sizeof(cand[0]))) {
				memset(&cand[ncand], 0, sizeof(cand[0]));
				cand[ncand].cli = &cli_table[k];
				snprintf(cand[ncand].shown, sizeof(cand[0].shown), "--%s",
					 cli_table[k].longopt);
				ncand++;
			}
		}
	}
	if (ncand == 1) {
		*a = cand[0];
		return 0;
	}
	if (ncand == 0) {
		text_errf(err, errlen, "unknown option '%s' (see --help)", a->shown);
		return -1;
	}
	list[0] = '\0';
	for (i = 0; i < ncand; i++)
		text_append(list, sizeof(list), &pos, "%s%s", i ? ", " : "", cand[i].shown);
	text_errf(err, errlen, "ambiguous option '%s', could be: %s", a->shown, list);
	return -1;
}

static int resolve_short(char ch, argopt *a, char *err, size_t errlen)
{
	size_t k;

	memset(a, 0, sizeof(*a));
	snprintf(a->shown, sizeof(a->shown), "-%c", ch);
	for (k = 0; k < opt_count; k++) {
		if (opt_table[k].shortopt == ch && ch != 0 && !opt_table[k].secret) {
			a->o = &opt_table[k];
			return 0;
		}
	}
	for (k = 0; k < cli_count; k++) {
		if (cli_table[k].shortopt == ch) {
			a->cli = &cli_table[k];
			return 0;
		}
	}
	if (isprint((unsigned char)ch))
		text_errf(err, errlen, "unknown option '-%c' (see --help)", ch);
	else
		text_errf(err, errlen, "unknown option (byte 0x%02x) (see --help)", (unsigned char)ch);
	return -1;
}

typedef struct argstate {
	int pass;              /* 0: structure, -c, --help; 1: apply values */
	const char *config;    /* last -c FILE */
	int help, version;
	const char *subcmd;
	/* Repeatable options (--tag) already given on this command line: the
	 * first replaces the config file's value, the next ones add to it. */
	const opt_def *seen[8];
	int nseen;
} argstate;

/* value, or the option's current text with ",value" added when this
 * command line has given the repeatable option before. */
static const char *repeat_value(const tpcc_config *c, argstate *st, const opt_def *o,
				const char *value, char *buf, size_t len)
{
	for (int i = 0; i < st->nseen; i++)
		if (st->seen[i] == o) {
			char cur[1024];
			opt_format(c, o, cur, sizeof cur);
			snprintf(buf, len, "%s%s%s", cur, !cur[0] ? "" : o->repeat == 2 ? "; " : ",",
				 value);
			return buf;
		}
	if (st->nseen < (int)(sizeof st->seen / sizeof st->seen[0]))
		st->seen[st->nseen++] = o;
	return value;
}

/* One option with its value (NULL for a flag used bare). */
static int apply(tpcc_config *c, argstate *st, const argopt *a, const char *value,
		 char *err, size_t errlen)
{
	char msg[256];

	if (a->cli) {
		switch (a->cli->kind) {
		case CLI_CONFIG:
			if (st->pass == 0)
				st->config = value;
			break;
		case CLI_ASKPASS:
			if (st->pass == 1)
				c->ask_password = 1;
			break;
		case CLI_DURABILITY:
			if (st->pass == 1 && str_copy_checked(c->durability_file, value,
							      sizeof c->durability_file)) {
				text_errf(err, errlen, "option '--durability': path too long");
				return -1;
			}
			break;
		case CLI_SCRIPT:
			if (st->pass == 1)
				snprintf(c->script, sizeof c->script, "%s", value);
			break;
		case CLI_PROCS_ONLY:
			if (st->pass == 1)
				c->procedures_only = 1;
			break;
		case CLI_DUMP_REF:
			if (st->pass == 1)
				snprintf(c->dump_reference, sizeof c->dump_reference, "%s", value);
			break;
		case CLI_OUTPUT:
			if (st->pass == 1 && str_copy_checked(c->output, value, sizeof c->output)) {
				text_errf(err, errlen, "option '--output': path too long");
				return -1;
			}
			break;
		case CLI_FORMAT:
			if (st->pass == 1 && value && strcmp(value, "html") && strcmp(value, "csv") &&
			    strcmp(value, "md")) {
				text_errf(err, errlen, "option '--format': expected html, csv or md, "
					  "got '%.*s%s'", text_quote_len(value), value,
					  text_quote_ellipsis(value));
				return -1;
			}
			if (st->pass == 1 && value)
				snprintf(c->format, sizeof c->format, "%s", value);
			break;
		case CLI_FAIL_IF:
			if (st->pass == 1 && value) {
				size_t n = strlen(c->fail_if);
				if (n + strlen(value) + 2 > sizeof c->fail_if) {
					text_errf(err, errlen, "option '--fail-if': too many");
					return -1;
				}
				snprintf(c->fail_if + n, sizeof c->fail_if - n, "%s%s", n ? "," : "", value);
			}
			break;
		case CLI_JSON:
			if (st->pass == 1)
				c->json = 1;
			break;
		case CLI_AGAINST:
			if (st->pass == 1 && str_copy_checked(c->against, value, sizeof c->against)) {
				text_errf(err, errlen, "option '--against': path too long");
				return -1;
			}
			break;
		case CLI_MERGE:
			if (st->pass == 1 && value) {
				char *end;
				long v = strtol(value, &end, 10);
				if (end == value || *end || v < 2 || v > ARGS_FILES_MAX) {
					text_errf(err, errlen, "option '--merge': expected the number of "
						  "files that make one run, 2 to %d, got '%.*s%s'",
						  ARGS_FILES_MAX, text_quote_len(value), value,
						  text_quote_ellipsis(value));
					return -1;
				}
				c->merge = (int)v;
			}
			break;
		case CLI_APPLY:
			if (st->pass == 1)
				c->adopt_apply = 1;
			break;
		case CLI_TABLE_SET:
			if (st->pass == 1 && value) {
				char *end;
				long v = strtol(value, &end, 10);
				if (end == value || *end || v < 1 || v > 1000000) {
					text_errf(err, errlen, "option '--table-set': expected the number "
						  "sysbench-tpcc's table names end in, got '%.*s%s'",
						  text_quote_len(value), value, text_quote_ellipsis(value));
					return -1;
				}
				c->adopt_set = (int)v;
			}
			break;
		case CLI_HELP:
			st->help = 1;
			break;
		case CLI_VERSION:
			st->version = 1;
			break;
		}
		return 0;
	}
	if (st->pass == 0)
		return 0;
	if (a->o->type == OPT_BOOL && value == NULL)
		value = a->negate ? "false" : "true";
	char joined[2048];
	/* sweep --vus 1,2,4: a list of VU counts is the sweep's, and the
	 * first of them is where the run starts; so is a list of rates. */
	const opt_def *o = a->o;
	if (value && strchr(value, ',') && !strcmp(o->key, "run.vus"))
		o = opt_find_key("sweep.vus");
	if (value && strchr(value, ',') && !strcmp(o->key, "run.rate"))
		o = opt_find_key("sweep.rate");
	if (o->repeat && value)
		value = repeat_value(c, st, o, value, joined, sizeof joined);
	if (opt_set_user(c, o, value, msg, sizeof(msg)) < 0) {
		text_errf(err, errlen, "option '%s': %s", a->shown, msg);
		return -1;
	}
	/* A password in a conninfo is in argv, which ps shows: the copy in
	 * c is all the program needs, so the word itself is masked. */
	if (a->o->offset == offsetof(tpcc_config, conninfo))
		conninfo_mask_in_place((char *)value);
	return 0;
}

/* A separate word can be an option's value unless it looks like an option
 * itself ("--host --port 3306" is a missing host, not a host "--port"). */
/* A word after an option that takes a value is that value unless it looks
 * like an option; no option is a digit, so "-5" is a (negative) value, which
 * the option's range then refuses by name. */
static int can_be_value(const char *w)
{
	return w != NULL && !(w[0] == '-' && w[1] != '\0' && !(w[1] >= '0' && w[1] <= '9'));
}

static int walk_args(tpcc_config *c, int argc, char **argv, argstate *st,
		     char *err, size_t errlen)
{
	int i, only_words = 0;

	for (i = 1; i < argc; i++) {
		const char *w = argv[i];
		argopt a;

		if (w == NULL)
			break;
		if (only_words || w[0] != '-' || w[1] == '\0') {
			if (st->pass == 0 && st->subcmd == NULL) {
				st->subcmd = w;
			} else if (st->pass == 1 && w != st->subcmd) {
				if (c->nfiles >= ARGS_FILES_MAX) {
					text_errf(err, errlen, "more than %d files", ARGS_FILES_MAX);
					return -1;
				}
				c->files[c->nfiles++] = w;
			}
			continue;
		}
		if (strcmp(w, "--") == 0) {
			only_words = 1;
			continue;
		}
		if (w[1] == '-') {
			const char *name = w + 2;
			const char *eq = strchr(name, '=');
			size_t len = eq ? (size_t)(eq - name) : strlen(name);
			const char *value = NULL;

			if (resolve_long(name, len, &a, err, errlen) < 0)
				return -1;
			if (eq != NULL) {
				if (!takes_value(&a) && (a.cli != NULL || a.negate)) {
					text_errf(err, errlen, "option '%s' takes no value", a.shown);
					return -1;
				}
				value = eq + 1;
			} else if (takes_value(&a)) {
				if (i + 1 >= argc || !can_be_value(argv[i + 1])) {
					text_errf(err, errlen, "option '%s' needs a value", a.shown);
					return -1;
				}
				value = argv[++i];
			}
			if (apply(c, st, &a, value, err, errlen) < 0)
				return -1;
			continue;
		}
		/* One or more short options: flags may be grouped (-Vh); an option
		 * that takes a value ends the group (-w4 or -w 4). */
		for (const char *p = w + 1; *p != '\0'; p++) {
			const char *value = NULL;

			if (resolve_short(*p, &a, err, errlen) < 0)
				return -1;
			if (a.cli && a.cli->kind == CLI_ASKPASS && p[1] != '\0') {
				/* mysql's -pSECRET habit */
				text_errf(err, errlen, "%s", password_refused);
				return -1;
			}
			if (takes_value(&a)) {
				if (p[1] != '\0') {
					value = p + 1;
				} else if (i + 1 < argc && can_be_value(argv[i + 1])) {
					value = argv[++i];
				} else {
					text_errf(err, errlen, "option '%s' needs a value", a.shown);
					return -1;
				}
			}
			if (apply(c, st, &a, value, err, errlen) < 0)
				return -1;
			if (value != NULL)
				break;
		}
	}
	return 0;
}

int config_parse_args(tpcc_config *c, int argc, char **argv, const char **subcmd,
		      char *err, size_t errlen)
{
	argstate st;
	tpcc_config work;
	const char *pw;

	if (subcmd)
		*subcmd = NULL;
	if (err && errlen)
		err[0] = '\0';
	memset(&st, 0, sizeof(st));
	if (walk_args(c, argc, argv, &st, err, errlen) < 0)
		return -1;
	if (st.help) {
		if (subcmd)   /* SUBCOMMAND --help: that subcommand's */
			*subcmd = st.subcmd;
		return ARGS_HELP;
	}
	if (st.version)
		return ARGS_VERSION;
	/* Work on a copy so a failure leaves c as it was. */
	work = *c;
	if (st.config != NULL) {
		if (st.config[0] == '\0') {
			text_errf(err, errlen, "option '--config' needs a file name");
			return -1;
		}
		if (config_load_file(&work, st.config, err, errlen) < 0)
			return -1;
	}
	st.pass = 1;
	if (walk_args(&work, argc, argv, &st, err, errlen) < 0)
		return -1;
	pw = getenv("TPCC_PASSWORD");
	if (pw != NULL && work.password[0] == '\0') {
		if (strlen(pw) >= sizeof(work.password)) {
			text_errf(err, errlen, "TPCC_PASSWORD is too long (at most %zu characters)",
			     sizeof(work.password) - 1);
			return -1;
		}
		memcpy(work.password, pw, strlen(pw) + 1);
	}
	*c = work;
	if (subcmd)
		*subcmd = st.subcmd;
	return 0;
}

