#!/usr/bin/env bash
# tui-hangup.sh: the terminal of a console run closes (tmux kill-server
# closes the pty: SIGHUP).  With run.on_hangup = continue (the default) the
# run goes on headless to its scheduled end and finishes its results file;
# with stop it stops cleanly, stopped_by "hangup".  A replay leaves.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
cd "$T"

sqlite_built "build exits 0" "$T/h.db"
console_pid() { pgrep -f "^$TPCC_BIN run --db $T/h.db .*--results-dir $T/$1\$" | head -1; }
ticks() { json_get "$1" 'len(d["ticks"])'; }
# hang_up DIR ARGS...: a console run with its results in $T/DIR, hung up
# once it has recorded 3 ticks; sets P (its pid) and R (its results file).
hang_up() {
	local dir=$1; shift
	tui_start 120 40 "'$TPCC_BIN' run --db '$T/h.db' --vus 2 --rampup 0 $* --results-dir '$T/$dir'"
	tui_wait '^┌ Events' >/dev/null
	P=$(console_pid "$dir")
	R=$(ls "$T/$dir"/*.json | head -1)
	wait_json "$R" 'len(d["ticks"]) >= 3' 20
	tui kill-server
}

# continue: the pty goes away 3 s or so into a 20 s run; the ticks go on.
# How far into the run the hangup comes depends on the machine's load:
# the test asks for one tick more than there were, not for a count.
hang_up r1 --duration 20
n=$(ticks "$R")
assert "continue: the run outlives its terminal" kill -0 "$P"
assert "continue: the results file keeps growing ticks" wait_json "$R" "len(d['ticks']) > $n" 30
assert "continue: the run ends by itself at its scheduled end" poll 30 pid_gone "$P"
assert "continue: the results file is complete" json_true "$R" 'd["complete"]'
assert "continue: nothing stopped it" json_is "$R" 'd["stopped_by"]' None
assert "continue: all 20 steady seconds were measured" json_is "$R" 'd["summary"]["steady_seconds"]' 20
assert "continue: the hangup is an event" json_true "$R" \
	'any(e["type"]=="hangup" and "headless" in e["text"] for e in d["events"])'

# stop: the same, and the run stops at once with its results finished.
hang_up r2 --duration 600 --on-hangup stop
assert "stop: the process ends soon after the hangup" poll 30 pid_gone "$P"
assert "stop: the results file is complete" json_true "$R" 'd["complete"]'
assert "stop: stopped_by hangup" json_is "$R" 'd["stopped_by"]' hangup

# A replay has no run to carry on: nobody is left to watch, so it leaves
# (it used to spin on the dead terminal's input for good).
tui_start 120 40 "'$TPCC_BIN' replay '$R'"
tui_wait '^replay ' >/dev/null
P=$(pgrep -f "^$TPCC_BIN replay $R\$" | head -1)
on_exit "kill -9 $P 2>/dev/null"
tui kill-server
assert "a replay whose terminal closed ends" poll 30 pid_gone "$P"

finish
