#!/usr/bin/env bash
# sqlite-schedule.sh: a VU schedule from the config file drives the VU count
# at the given seconds; keying and thinking times slow each VU to the
# specification's pace; the phase commands work from standard input.
. "$(dirname "$0")/lib.sh"
cd "$T"
DB=$T/s.sqlite
sqlite_built "build exits 0" "$DB"

cat >sched.conf <<CONF
connection = { driver = "sqlite"; file = "$DB"; };
run = {
  rampup = 0; duration = 9; results_dir = "$T/r1";
  schedule = ( { at = 0; vus = 1; }, { at = 3; vus = 3; }, { at = 6; vus = 2; } );
};
CONF
"$TPCC_BIN" -c sched.conf run --batch </dev/null >sched.txt 2>&1
assert "scheduled run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/r1/*.json)
assert "1 VU in the first seconds" json_is "$R" '[t["vus"] for t in d["ticks"]][:3]' "[1, 1, 1]"
assert "3 VUs from second 3" json_is "$R" '[t["vus"] for t in d["ticks"]][3:6]' "[3, 3, 3]"
assert "2 VUs from second 6" json_is "$R" '[t["vus"] for t in d["ticks"]][6:9]' "[2, 2, 2]"
assert "schedule steps are events" json_is "$R" \
	'sum(1 for e in d["events"] if e["type"]=="vus" and "(schedule)" in e["text"])' 2

# Keying + think times: 18 s of keying before a New-Order, 2-3 s before the
# others, so in 4 s two VUs finish a handful of transactions, not thousands.
"$TPCC_BIN" run --db "$DB" --vus 2 --rampup 0 --duration 4 --keying-thinking --batch \
	--results-dir "$T/r2" </dev/null >kt.txt 2>&1
assert "keying/thinking run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/r2/*.json)
assert "results record keying_thinking" json_true "$R" 'd["run"]["keying_thinking"]'
assert "at most 2 transactions per VU in 4 s" json_true "$R" 'sum(d["summary"]["run_totals"]["commits"].values()) <= 4'

# Phase commands: end ramp-up now, extend, then ramp down.
start_console ph.txt run --db "$DB" --vus 1 --rampup 600 --duration 3 --rampdown 2 --batch \
	--results-dir "$T/r3"
wait_for ph.txt '^\[ +1s rampup'
send "phase steady"
wait_for ph.txt 'phase rampup -> steady' 10
send "extend 2x"
wait_for ph.txt "error: extend: expected seconds" 10
send "extend 2s"
wait_for ph.txt 'steady extended by 2 s' 10
send "phase steady"
wait_for ph.txt "error: not in ramp-up" 10
close_input
wait "$CON_PID"; rc=$?
assert "phase-driven run exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/r3/*.json)
assert "5 steady seconds after ending ramp-up and extending by 2" json_is "$R" 'd["summary"]["steady_seconds"]' 5
assert "2 ramp-down seconds" json_is "$R" 'sum(1 for t in d["ticks"] if t["phase"]=="rampdown")' 2
assert "a wrong phase command is reported" contains ph.txt "error: not in ramp-up (phase is steady)"
assert "extend takes a unit, and says what it expected of a wrong one" \
	contains ph.txt "error: extend: expected seconds from 1 to 2592000 (or 90s, 45m, 2h, 1d), got '2x'"

# Ramp-down with no ramp-down time ends the run at once: no tick outside a phase.
start_console rd.txt run --db "$DB" --vus 1 --rampup 0 --duration 600 --rampdown 0 --batch \
	--results-dir "$T/r4"
wait_for rd.txt '^\[ +2s steady'
send "phase rampdown"
wait "$CON_PID"; rc=$?
close_input
assert "phase rampdown with no ramp-down time ends the run (exit 0)" [ $rc -eq 0 ]
R=$(ls "$T"/r4/*.json)
assert "no tick is labelled done" json_is "$R" 'sum(1 for t in d["ticks"] if t["phase"]=="done")' 0
assert "the command is logged once" json_is "$R" 'sum(1 for e in d["events"] if e["type"]=="command")' 1

"$TPCC_BIN" run --db "$DB" --mode procedures --batch </dev/null >proc.txt 2>&1; rc=$?
assert "procedures mode on sqlite is refused (exit 2)" [ $rc -eq 2 ]

finish
