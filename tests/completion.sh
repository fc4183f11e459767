#!/usr/bin/env bash
# completion.sh: the bash completion script, driven as bash drives it
# (COMP_WORDS, COMP_CWORD, the completion function): it must offer every
# subcommand and option that --help lists, every value the program accepts
# for an option with a fixed set (as its own error message names them),
# .conf files for --config and directories for --results-dir.  The lists
# come from the program, not from the script, so a table entry the script
# misses fails here.
. "$(dirname "$0")/lib.sh"
cd "$T"
comp=${TPCC_COMPLETION:-$TPCC_SRCDIR/contrib/bash-completion/tpcc-console}

# complete WORD...: what the script offers for the last word, one a line.
cat >complete.bash <<'SH'
. "$1"; shift
COMP_WORDS=(tpcc-console "$@"); COMP_CWORD=$(($# ))
[ $# -gt 0 ] || { COMP_WORDS+=(""); COMP_CWORD=1; }
COMPREPLY=()
_tpcc_console
printf '%s\n' "${COMPREPLY[@]}"
SH
complete_words() { bash complete.bash "$comp" "$@"; }
offers() { local want=$1; shift; complete_words "$@" | grep -qxF -- "$want" ||
	{ echo "'$*' does not offer '$want'"; return 1; }; }

"$TPCC_BIN" --help >help.txt
subs=$(awk '/^Subcommands:/ {on = 1; next} on && /^  [a-z]/ {print $1} on && /^[A-Z]/ {exit}' help.txt)
assert "--help lists subcommands" [ -n "$subs" ]
missing=""
for s in $subs; do offers "$s" "" >/dev/null || missing="$missing $s"; done
assert "every subcommand completes (missing:${missing:- none})" [ -z "$missing" ]
assert "a prefix completes to its subcommand" offers build bu

# Option lines only: a description's continuation (indented further) may
# begin with an option it names.
longs=$(grep -E '^ {1,8}(-[a-zA-Z], +)?--' help.txt | grep -oE -- '--(\[no-\])?[a-z][a-z-]*=?' | sort -u)
missing="" n=0
for o in $longs; do
	case $o in
	--\[no-\]*) name=${o#--\[no-\]}; want="--$name --no-$name" ;;
	*) want=$o ;;
	esac
	for w in $want; do
		n=$((n + 1))
		offers "$w" run -- >/dev/null || missing="$missing $w"
	done
done
assert "all $n options of --help complete (missing:${missing:- none})" [ -z "$missing" ]

# The options with a fixed set of values, and the set as the program says.
enums=$(awk '/^  +-/ {if (e) print e; e = $0; next} {e = e " " $0} END {print e}' help.txt |
	grep 'one of' | grep -oE -- '--[a-z-]+=' | sed 's/=$//')
assert "some options have a fixed set of values" [ "$(echo "$enums" | wc -w)" -ge 5 ]
missing=""
for o in $enums; do
	vals=$("$TPCC_BIN" run "$o=@@" 2>&1 | sed -n 's/.*expected one of \([^,]*\), got.*/\1/p' | tr '|' ' ')
	[ -n "$vals" ] || missing="$missing $o(no list)"
	for v in $vals; do
		offers "$v" run "$o" "" >/dev/null || missing="$missing $o=$v"
		offers "$v" run "$o" = "" >/dev/null || missing="$missing $o[=]$v"
	done
done
assert "every value of every fixed set completes, after '--opt ' and '--opt=' (missing:${missing:- none})" [ -z "$missing" ]
assert "--driver=my completes to mysql" offers mysql run --driver = my
assert "--ssl-mode VERIFY_ completes to both VERIFY modes" \
	[ "$(complete_words run --ssl-mode VERIFY_ | wc -l)" -eq 2 ]

mkdir -p confdir resdir
touch a.conf b.txt
assert "--config offers .conf files" offers a.conf run --config ""
assert "--config does not offer other files" bash -c "! bash complete.bash '$comp' run --config '' | grep -qx b.txt"
assert "--config offers directories to descend into" offers confdir run -c ""
assert "--results-dir offers directories" offers resdir run --results-dir ""
assert "--results-dir offers no files" bash -c "! bash complete.bash '$comp' run --results-dir '' | grep -qx a.conf"
assert "nothing is offered for a free value (--vus)" [ -z "$(complete_words run --vus '')" ]
assert "no second subcommand after one" [ -z "$(complete_words run ch)" ]
assert "the password is never an option" bash -c "! bash complete.bash '$comp' run -- | grep -q password="

# As bash itself loads it: the function is registered for tpcc-console.
assert "complete -p names the function" bash -c ". '$comp'; complete -p tpcc-console | grep -q _tpcc_console"
finish
