#!/usr/bin/env bash
# reference.sh: the man page's generated sections (SUBCOMMANDS, OPTIONS,
# COMMANDS, the console's keys) are what the tables generate, so the page
# cannot drift from the program: a changed subcommand, option, command or
# key binding fails here until scripts/gen-man.sh is run and its result
# committed.  A key binding
# without help, or a command without a paragraph, fails too.
. "$(dirname "$0")/lib.sh"
cd "$T"
page=$TPCC_SRCDIR/doc/tpcc-console.1

for s in subcommands options commands keys; do
	"$TPCC_BIN" --dump-reference=$s >gen-$s.roff 2>gen-$s.txt; rc=$?
	assert "the $s tables have text for every row (exit $rc)" [ $rc -eq 0 ]
	awk -v s="$s" '
		$0 ~ "^\\.\\\\\" BEGIN GENERATED " s "([: ]|$)" { inside = 1; found = 1; next }
		$0 ~ "^\\.\\\\\" END GENERATED " s "$" { inside = 0; ended = 1; next }
		inside { print }
		END { exit !(found && ended) }' "$page" >page-$s.roff
	assert "the man page marks its generated $s section" [ $? -eq 0 ]
	if diff -u page-$s.roff gen-$s.roff >diff-$s.txt; then
		ok "the man page's $s section is what the tables generate"
	else
		not_ok "the man page's $s section differs from the tables (run scripts/gen-man.sh)"
		cat diff-$s.txt
	fi
done

"$TPCC_BIN" --dump-reference=completion >gen-completion.bash
if diff -u "$TPCC_SRCDIR/contrib/bash-completion/tpcc-console" gen-completion.bash >diff-completion.txt; then
	ok "contrib/bash-completion/tpcc-console is what the tables generate"
else
	not_ok "contrib/bash-completion/tpcc-console differs from the tables (run scripts/gen-man.sh)"
	cat diff-completion.txt
fi

"$TPCC_BIN" --dump-reference=nonsense >o.txt 2>&1; rc=$?
assert "an unknown section exits 2" [ $rc -eq 2 ]
"$TPCC_BIN" --help >help.txt 2>&1
assert "--help does not show the build's own option" lacks help.txt "dump-reference"
"$TPCC_BIN" --dump run >o.txt 2>&1; rc=$?
assert "the hidden option takes no prefix" [ $rc -eq 2 ]

if command -v groff >/dev/null; then
	groff -man -Tutf8 -ww -z "$page" >groff.txt 2>&1
	assert "the man page formats without warnings" [ ! -s groff.txt ]
fi
finish
