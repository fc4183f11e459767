#!/usr/bin/env bash
# reference.sh: the man page's generated sections (SUBCOMMANDS, OPTIONS,
# COMMANDS, the console's keys) are what the tables generate, so the page
# cannot drift from the program: a changed subcommand, option, command or
# key binding fails here until scripts/gen-man.sh is run and its result
# committed.  A key binding
# without help, or a command without a paragraph, fails too, and so does
# README's table of subcommands when it misses one.
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

# The example configuration is written by hand (its comments say more than
# the one-line help), so it is held to the option table here: it loads, it
# shows every key in its group (set or commented out), and it names every
# value an enumeration takes.
conf=$TPCC_SRCDIR/conf/tpcc-console.conf
"$TPCC_BIN" -c "$conf" --dump-reference=config-keys >config-keys.txt 2>conf-load.txt; rc=$?
assert "conf/tpcc-console.conf loads (exit $rc)" [ $rc -eq 0 ]
assert "the option table has configuration keys" grep -q '^connection\.driver ' config-keys.txt
awk 'NR == FNR { want[$1] = $2; next }
	/^[a-z_]+ = \{/ { group = $1; next }
	/^};/ { group = ""; next }
	group != "" && match($0, /^[ \t]*#?[ \t]*[a-z_]+[ \t]*=/) {
		k = substr($0, RSTART, RLENGTH); gsub(/[# \t=]/, "", k); have[group "." k] = 1 }
	{ text = text $0 "\n" }
	END {
		for (k in want) {
			if (!(k in have)) print "no " k
			n = split(want[k], v, "|")
			for (i = 1; i <= n; i++) if (index(text, "\"" v[i] "\"") == 0) print k ": value \"" v[i] "\" not named"
		}
	}' config-keys.txt "$conf" >conf-missing.txt
if [ -s conf-missing.txt ]; then
	not_ok "conf/tpcc-console.conf lacks settings of the option table"
	cat conf-missing.txt
else
	ok "conf/tpcc-console.conf shows every setting and every enumerated value"
fi

# README's table of subcommands names each subcommand of the table, in
# its order, once.
"$TPCC_BIN" --dump-reference=subcommands | awk '/^\.TP/ { getline; if ($1 == ".B") print $2 }' >subs-table.txt
sed -n 's/^| `\([a-z-]*\)` |.*/\1/p' "$TPCC_SRCDIR/README" >subs-readme.txt
if [ -s subs-table.txt ] && diff -u subs-table.txt subs-readme.txt >subs-diff.txt; then
	ok "README's table names every subcommand, in the table's order"
else
	not_ok "README's table of subcommands differs from the subcommand table"
	cat subs-diff.txt
fi

if command -v groff >/dev/null; then
	groff -man -Tutf8 -ww -z "$page" >groff.txt 2>&1
	assert "the man page formats without warnings" [ ! -s groff.txt ]
fi
finish
