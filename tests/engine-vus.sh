#!/usr/bin/env bash
# engine-vus.sh: VUs added and removed in bulk, many times, on the null
# driver (no database: the engine alone, as fast as it can run, so VU
# threads finish while the collector reaps them).  Each change must be
# reported in effect ("vus N ready in X s"), and the run must stop cleanly.
# TPCC_TEST_ENGINE_VUS (default 100) sets the count: ThreadSanitizer runs
# each of these never-blocking threads some twenty times slower, and on 2
# cores hundreds of them starve whichever thread holds the engine lock.
. "$(dirname "$0")/lib.sh"
cd "$T"
N=${TPCC_TEST_ENGINE_VUS:-100}
H=$((N / 2))
start_console run.txt run --driver null --database 4 --vus $N --rampup 0 --duration 600 --batch \
	--results-dir "$T/results"
on_exit "kill $CON_PID 2>/dev/null"
assert "$N VUs ready" wait_for run.txt "\\] vus $N ready in [0-9.]+ s\$" 60
for i in 1 2 3 4 5; do
	from=$(lines_in run.txt)
	send "vus -$H"
	wait_for run.txt "\\] vus $((N - H)) ready in [0-9.]+ s\$" 60 "$from" || break
	from=$(lines_in run.txt)
	send "vus +$H"
	wait_for run.txt "\\] vus $N ready in [0-9.]+ s\$" 60 "$from" || break
done
assert "five rounds of removing and adding $H VUs took effect" [ "$i" = 5 ] &&
	assert "the last one too" grep -qE "\\] vus $N ready" <(tail -n +"$((from + 1))" run.txt)
from=$(lines_in run.txt)
send "vus 0"
assert "all VUs removed" wait_for run.txt '\] vus 0 ready in [0-9.]+ s$' 60 "$from"
send "vus 5"
send "stop"
close_input
wait_exit "$CON_PID" 60; rc=$?
assert "the run stops and exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/results/*.json)
assert "results complete" json_true "$R" 'd["complete"]'
assert "VU changes are events in the results" json_true "$R" \
	'sum(1 for e in d["events"] if e["type"]=="vus" and " ready in " in e["text"]) >= 12'
finish
