/* completion.c: the bash completion script from the tables.  The script
 * stands alone (no bash-completion helpers), so it works where that
 * package is not installed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <string.h>
#include "completion.h"
#include "config/args.h"
#include "config/options.h"
#include "subcommands.h"

/* How a value is completed, from the name of its argument. */
enum value_kind { V_NONE, V_FILE, V_DIR, V_JSON, V_CONF };

static enum value_kind kind_of(const char *longopt, const char *argname)
{
	if (!strcmp(longopt, "config"))
		return V_CONF;
	if (!strcmp(argname, "DIR"))
		return V_DIR;
	if (!strcmp(argname, "RUN.json"))
		return V_JSON;
	if (!strcmp(argname, "FILE") || !strcmp(argname, "PATH"))
		return V_FILE;
	return V_NONE;
}

/* One case pattern: "-P|--port" or "--port". */
static void pattern(FILE *out, char shortopt, const char *longopt)
{
	fputs("\t", out);
	if (shortopt)
		fprintf(out, "-%c|", shortopt);
	fprintf(out, "--%s)", longopt);
}

static void value_case(FILE *out, char shortopt, const char *longopt, const char *argname,
		       const char *enums)
{
	static const char *const action[] = {
		[V_NONE] = "return 0",
		[V_FILE] = "_tpcc_console_files",
		[V_DIR] = "_tpcc_console_files -d",
		[V_JSON] = "_tpcc_console_files '*.json'",
		[V_CONF] = "_tpcc_console_files '*.conf'",
	};
	pattern(out, shortopt, longopt);
	if (enums) {
		fputs(" _tpcc_console_words \"", out);
		for (const char *p = enums; *p; p++)
			fputc(*p == '|' ? ' ' : *p, out);
		fputs("\" ;;\n", out);
	} else {
		fprintf(out, " %s ;;\n", action[kind_of(longopt, argname)]);
	}
}

static void word_lists(FILE *out)
{
	fputs("\tlocal subcommands=\"", out);
	for (size_t i = 0; i < subcommand_count; i++)
		fprintf(out, "%s%s", i ? " " : "", subcommands[i].name);
	fputs("\"\n\tlocal options=\"", out);
	int n = 0;
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (!o->longopt || o->secret)
			continue;
		if (o->type == OPT_BOOL)
			fprintf(out, "%s--%s --no-%s", n++ ? " " : "", o->longopt, o->longopt);
		else
			fprintf(out, "%s--%s=", n++ ? " " : "", o->longopt);
	}
	for (size_t i = 0; i < cli_count; i++) {
		if (cli_table[i].hidden)
			continue;
		fprintf(out, " --%s%s", cli_table[i].longopt, cli_table[i].argname ? "=" : "");
	}
	fputs("\"\n", out);
}

void completion_write(FILE *out)
{
	fputs("# bash completion for tpcc-console.  Generated from the program's tables by\n"
	      "# scripts/gen-man.sh (tpcc-console --dump-reference=completion): do not edit.\n"
	      "\n"
	      "_tpcc_console_words() { COMPREPLY=($(compgen -W \"$1\" -- \"$cur\")); }\n"
	      "\n"
	      "# Files (or with -d directories only; with a glob, the files it matches),\n"
	      "# and directories to descend into.\n"
	      "_tpcc_console_files()\n"
	      "{\n"
	      "\tlocal IFS=$'\\n'\n"
	      "\tcompopt -o filenames 2>/dev/null\n"
	      "\tif [[ $1 == -d ]]; then\n"
	      "\t\tCOMPREPLY=($(compgen -d -- \"$cur\"))\n"
	      "\telif [[ -n ${1:-} ]]; then\n"
	      "\t\tCOMPREPLY=($(compgen -f -X \"!$1\" -- \"$cur\") $(compgen -d -- \"$cur\"))\n"
	      "\telse\n"
	      "\t\tCOMPREPLY=($(compgen -f -- \"$cur\"))\n"
	      "\tfi\n"
	      "}\n"
	      "\n"
	      "# The value of an option, given as --opt=VALUE (which bash may split at\n"
	      "# the =) or --opt VALUE: 0 when opt takes a value (COMPREPLY set).\n"
	      "_tpcc_console_value()\n"
	      "{\n"
	      "\tcase $1 in\n", out);
	for (size_t i = 0; i < opt_count; i++) {
		const opt_def *o = &opt_table[i];
		if (o->longopt && !o->secret && o->type != OPT_BOOL)
			value_case(out, o->shortopt, o->longopt, o->argname ? o->argname : "",
				   o->type == OPT_ENUM ? o->enums : NULL);
	}
	for (size_t i = 0; i < cli_count; i++) {
		const cli_opt *c = &cli_table[i];
		if (!c->hidden && c->argname)
			value_case(out, c->shortopt, c->longopt, c->argname, NULL);
	}
	fputs("\t*) return 1 ;;\n"
	      "\tesac\n"
	      "}\n"
	      "\n"
	      "_tpcc_console()\n"
	      "{\n"
	      "\tlocal cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n", out);
	word_lists(out);
	fputs("\tCOMPREPLY=()\n"
	      "\tif [[ $cur == --*=* ]]; then\n"
	      "\t\tlocal opt=${cur%%=*}\n"
	      "\t\tcur=${cur#*=}\n"
	      "\t\t_tpcc_console_value \"$opt\"\n"
	      "\t\treturn 0\n"
	      "\tfi\n"
	      "\tif [[ $cur == = ]]; then\n"
	      "\t\tcur=\n"
	      "\t\t_tpcc_console_value \"$prev\"\n"
	      "\t\treturn 0\n"
	      "\tfi\n"
	      "\tif [[ $prev == = && $COMP_CWORD -ge 2 ]]; then\n"
	      "\t\t_tpcc_console_value \"${COMP_WORDS[COMP_CWORD-2]}\"\n"
	      "\t\treturn 0\n"
	      "\tfi\n"
	      "\t[[ $prev == -* ]] && _tpcc_console_value \"$prev\" && return 0\n"
	      "\tif [[ $cur == -* ]]; then\n"
	      "\t\t_tpcc_console_words \"$options\"\n"
	      "\t\t[[ ${COMPREPLY[0]:-} == *= ]] && compopt -o nospace 2>/dev/null\n"
	      "\t\treturn 0\n"
	      "\tfi\n"
	      "\t# A subcommand, unless one came before.\n"
	      "\tlocal i w\n"
	      "\tfor ((i = 1; i < COMP_CWORD; i++)); do\n"
	      "\t\tw=${COMP_WORDS[i]}\n"
	      "\t\t[[ \" $subcommands \" == *\" $w \"* ]] && return 0\n"
	      "\tdone\n"
	      "\t_tpcc_console_words \"$subcommands\"\n"
	      "}\n"
	      "complete -F _tpcc_console tpcc-console\n", out);
}
