/* command_doc.c: the man page's paragraph for each command (see
 * command_doc.h).  tests/reference.sh fails when a command has none. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "command_doc.h"

const command_doc command_docs[] = {
	{ "vus",
	  "Set the number of VUs (0 to 10000), absolutely or relatively.\n"
	  "A removed VU finishes its transaction, then disconnects.\n" },
	{ "rate",
	  "Offer\n"
	  ".I tpm\n"
	  "transactions a minute over all VUs from now on (see\n"
	  ".BR \\-\\-rate ),\n"
	  "or with\n"
	  ".B off\n"
	  "or 0 let every VU run flat out again; without an argument, show the\n"
	  "rate offered.\n"
	  "A schedule that is behind keeps its backlog at the new rate.\n"
	  "Recorded as a\n"
	  ".B rate\n"
	  "event, a marker on the chart.\n"
	  "Refused with keying and think times.\n" },
	{ "phase",
	  ".B steady\n"
	  "ends the ramp-up now (the steady phase keeps its full length);\n"
	  ".B rampdown\n"
	  "ends ramp-up or steady now and starts the ramp-down, or ends the run if\n"
	  "the ramp-down is 0 s.\n" },
	{ "extend",
	  "Lengthen the steady phase by\n"
	  ".I seconds\n"
	  "(default\n"
	  ".BR \\-\\-extend\\-step ;\n"
	  "a unit may follow, as in\n"
	  ".BR \"extend 30m\" );\n"
	  "only during ramp-up or steady.\n" },
	{ "pause",
	  "Every VU stops after its current transaction, keeping its connection.\n"
	  "Paused seconds still count toward the steady phase.\n" },
	{ "resume",
	  "Paused VUs carry on.\n" },
	{ "set",
	  "MySQL:\n"
	  ".BI \"SET GLOBAL \" variable \" = \" value\n"
	  "(sizes such as 512M are converted to bytes).\n"
	  "PostgreSQL:\n"
	  ".BI \"ALTER SYSTEM SET \" variable\n"
	  "and\n"
	  ".BR pg_reload_conf() ;\n"
	  "the event says when and where it takes effect; a setting that needs a\n"
	  "restart is refused.\n"
	  "SQL Server (untested):\n"
	  ".B sp_configure\n"
	  "and\n"
	  ".BR RECONFIGURE .\n"
	  "SQLite:\n"
	  ".BI PRAGMA \" variable\" = value\n"
	  "on the control connection, then on every VU's connection between two\n"
	  "transactions (most pragmas belong to the connection); a value the\n"
	  "pragma does not take (SQLite would ignore or clamp it) is refused.\n"
	  "Recorded as a\n"
	  ".B knob\n"
	  "event with the old and new value.\n"
	  "The value stays after the run unless\n"
	  ".B \\-\\-restore\\-knobs\n"
	  "puts it back.\n" },
	{ "get",
	  "Show a server variable (MySQL\n"
	  ".BI @@GLOBAL. variable\\c\n"
	  ", SQLite\n"
	  ".BI PRAGMA \" variable\"\\c\n"
	  ").\n" },
	{ "metrics",
	  "Show the server's metrics now, one name and value a line (InnoDB\n"
	  "counters, pg_stat_bgwriter, pg_stat_wal and active backends, or SQL\n"
	  "Server's performance counters).\n" },
	{ "sql",
	  "Run one statement on the control connection; up to 20 result rows are\n"
	  "shown, columns separated by tabs.\n" },
	{ "mark",
	  "Put a mark on the timeline.\n" },
	{ "status",
	  "Show the second, the phase and its time left, active and target VUs,\n"
	  "the last second's NOPM and TPM, and the results file.\n" },
	{ "sweep",
	  "Run a sweep now, within this run: the steps the\n"
	  ".B sweep\n"
	  "subcommand runs, each setting the VUs and a server variable, settling,\n"
	  "then measuring its window, in the results file's\n"
	  ".B steps\n"
	  "and\n"
	  ".B steps_table\n"
	  "as the subcommand writes them.\n"
	  "The words are the sweep options, each\n"
	  ".IB name = value\n"
	  "(or the subcommand's\n"
	  ".BI \\-\\- name \" \" value\\c\n"
	  "):\n"
	  ".BR vus =1,2,4,\n"
	  ".BR knob =\\fINAME\\fP=\\fIV1\\fP,\\fIV2\\fP,...,\n"
	  ".BR step =\\fISECONDS\\fP,\n"
	  ".BR settle =\\fISECONDS\\fP\n"
	  "(defaults\n"
	  ".B sweep.step\n"
	  "and\n"
	  ".B sweep.settle\n"
	  "of the run's configuration), or\n"
	  ".BR steps =\\fISTEPS\\fP,\n"
	  "which takes the rest of the line in\n"
	  ".BR sweep.steps 's\n"
	  "form, e.g.\n"
	  ".BR \"sweep vus=1,2,4 step=30 settle=10\" .\n"
	  "The word\n"
	  ".B reset\\-between\n"
	  "restores the schema's snapshot (see\n"
	  ".BR snapshot )\n"
	  "before every step, as the subcommand's option does: the VUs stop, the\n"
	  "restore runs (a stop asked meanwhile is taken when it is done), the\n"
	  "step starts; without a snapshot of the schema's warehouse count the\n"
	  "sweep is refused.\n"
	  "Every value is checked with the server before the first step; a bad\n"
	  "word or value is refused with what was expected, and nothing changes.\n"
	  "While the sweep runs, the steady phase lasts until it ends and the VU\n"
	  "schedule stands aside; after its last step the run ramps down and ends,\n"
	  "and every server variable changed in the run is put back.\n"
	  "The console shows the step table as the steps finish\n"
	  ".RB ( T\n"
	  "hides and shows it) and marks each step's settle time and measured\n"
	  "window on its charts.\n" },
	{ "ab",
	  "Run an A/B trial now, within this run: the segments the\n"
	  ".B ab\n"
	  "subcommand runs, A and B in turns ABBA BAAB ..., each settling and then\n"
	  "measuring its window.  The words are the subcommand's options, each\n"
	  ".IB name = value\n"
	  "(or\n"
	  ".BI \\-\\- name \" \" value\\c\n"
	  "):\n"
	  ".BR knob =\\fINAME\\fP=\\fIA\\fP,\\fIB\\fP,\n"
	  ".BR vus =\\fIA\\fP,\\fIB\\fP\n"
	  "or\n"
	  ".BR rate =\\fIA\\fP,\\fIB\\fP\n"
	  "for the arms,\n"
	  ".BR segments =\\fIN\\fP,\n"
	  ".BR segment =\\fISECONDS\\fP,\n"
	  ".BR settle =\\fISECONDS\\fP.\n"
	  "Every value is put to the server before the first segment.\n"
	  "The step table opens as the trial's, the segment under way named with its\n"
	  "arm, and under it B's effect on NOPM and p95 with its 95% interval,\n"
	  "narrowing as segments finish; on the charts each segment's window is\n"
	  "marked in A's colour or B's.\n"
	  "The trial is the results file's\n"
	  ".B ab\n"
	  "section, as the subcommand writes it; after the last segment the run\n"
	  "ends and the variables are put back.\n" },
	{ "next",
	  "End the sweep's step under way now: its window ends with the current\n"
	  "second (asked while it settles, it measures nothing), it is recorded\n"
	  "with\n"
	  ".B complete\n"
	  "false and\n"
	  ".B ended_by\n"
	  "\\(dqnext\\(dq, and the next step begins.\n" },
	{ "stop",
	  "End the run now; VUs finish their transactions, the summary is printed\n"
	  "and the results file is finished with\n"
	  ".B stopped_by\n"
	  "\\(dqoperator\\(dq.\n"
	  "During a sweep its step under way is recorded first, cut short\n"
	  ".RB ( ended_by\n"
	  "\\(dqstop\\(dq),\n"
	  "and its variables are put back before the file is finished.\n" },
	{ "quit",
	  "The same as\n"
	  ".BR stop .\n" },
	{ "help",
	  "List the commands, or show one.\n" },
};

const size_t command_doc_count = sizeof command_docs / sizeof command_docs[0];

const char *command_doc_find(const char *name)
{
	for (size_t i = 0; i < command_doc_count; i++)
		if (!strcmp(command_docs[i].name, name))
			return command_docs[i].man;
	return NULL;
}
