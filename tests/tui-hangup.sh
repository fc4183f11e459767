#!/usr/bin/env bash
# tui-hangup.sh: the terminal of a console run closes (tmux kill-server
# closes the pty: SIGHUP).  With run.on_hangup = continue (the default) the
# run goes on headless to its scheduled end and finishes its results file;
# with stop it stops cleanly, stopped_by "hangup".
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
cd "$T"

"$TPCC_BIN" build --db "$T/h.db" --warehouses 1 >build.txt 2>&1
assert "build exits 0" [ $? -eq 0 ]
console_pid() { pgrep -f "^$TPCC_BIN run --db $T/h.db .*--results-dir $T/$1\$" | head -1; }
# gone PID [SECONDS]: until the process has exited, bounded.
gone() {
	local i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1)); [ $i -gt $(( ${2:-30} * 10 )) ] && return 1
		sleep 0.1
	done
}
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

# continue: the pty goes away 3 s into a 12 s run; the ticks go on.
hang_up r1 --duration 12
n=$(ticks "$R")
assert "continue: the run outlives its terminal" kill -0 "$P"
assert "continue: the results file keeps growing ticks" wait_json "$R" "len(d['ticks']) >= $n + 3" 20
assert "continue: the run ends by itself at its scheduled end" gone "$P" 30
assert "continue: the results file is complete" [ "$(json_get "$R" 'd["complete"]')" = True ]
assert "continue: nothing stopped it" [ "$(json_get "$R" 'd["stopped_by"]')" = None ]
assert "continue: all 12 steady seconds were measured" [ "$(json_get "$R" 'd["summary"]["steady_seconds"]')" = 12 ]
assert "continue: the hangup is an event" [ "$(json_get "$R" \
	'any(e["type"]=="hangup" and "headless" in e["text"] for e in d["events"])')" = True ]

# stop: the same, and the run stops at once with its results finished.
hang_up r2 --duration 600 --on-hangup stop
assert "stop: the process ends soon after the hangup" gone "$P" 30
assert "stop: the results file is complete" [ "$(json_get "$R" 'd["complete"]')" = True ]
assert "stop: stopped_by hangup" [ "$(json_get "$R" 'd["stopped_by"]')" = hangup ]

finish
