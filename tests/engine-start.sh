#!/usr/bin/env bash
# engine-start.sh: thousands of keyed VUs on the null driver (as fibers,
# workload.terminals auto) start in seconds while the collector ticks
# every second, 1,000 are removed and
# added back without a missing tick, and SIGINT is honoured at once, also
# while the VUs are still starting, leaving a complete results file.
. "$(dirname "$0")/lib.sh"
cd "$T"
N=2000
K=$((N / 2))
run_args=(run --driver null --database 200 --keying-thinking --rampup 0 --duration 600 --batch)

start_console run.txt "${run_args[@]}" --vus $N --results-dir "$T/r1"
on_exit "kill -9 $CON_PID 2>/dev/null"
# Bound: 20 s for 2,000 VUs on a loaded 2-core machine (a few tenths
# of a second when it is idle); the old slot search took minutes at 10,000.
assert "$N keyed VUs ready within 20 s" wait_for run.txt "\\] vus $N ready in [0-9.]+ s\$" 20
assert "keyed VUs on the null driver run as fibers" grep -qE '\] VUs run as fibers on [0-9]+ worker threads' run.txt

from=$(lines_in run.txt)
send "vus -$K"
assert "$K removed" wait_for run.txt "\\] vus $((N - K)) ready in [0-9.]+ s\$" 20 "$from"
from=$(lines_in run.txt)
send "vus +$K"
assert "$K added back" wait_for run.txt "\\] vus $N ready in [0-9.]+ s\$" 20 "$from"
from=$(lines_in run.txt)
assert "ticks go on, to the 4th second" wait_for run.txt '^\[ +([4-9]|[1-9][0-9]+)s steady ' 10 "$from"
kill -INT "$CON_PID"
wait_exit "$CON_PID" 10; rc=$?
close_input
assert "SIGINT ends the run with exit 130" [ $rc -eq 130 ]
R=$(ls "$T"/r1/*.json)
assert "results complete" json_true "$R" 'd["complete"] and d["stopped_by"] == "signal"'
assert "a tick for every second, none missing" json_true "$R" \
	'len(d["ticks"]) >= 4 and [x["t"] for x in d["ticks"]] == list(range(1, len(d["ticks"]) + 1))'
assert "every second printed a line" [ "$(grep -cE '^\[ +[0-9]+s steady ' run.txt)" -eq \
	"$(json_get "$R" 'len(d["ticks"])')" ]

# SIGINT the moment the run says it is starting its VUs, as fibers and as
# threads, the other way a keyed terminal runs.
for how in fibers threads; do
	start_console start-$how.txt "${run_args[@]}" --vus $N --terminals $how --results-dir "$T/r-$how"
	assert "the $how run starts" wait_for start-$how.txt '\] vus 0 -> '$N' \(start\)' 20
	kill -INT "$CON_PID"
	wait_exit "$CON_PID" 5; rc=$?
	close_input
	assert "$how: SIGINT during start-up ends the run within 5 s, exit 130" [ $rc -eq 130 ]
	R=$(ls "$T"/r-$how/*.json)
	assert "$how: and leaves a complete results file" json_true "$R" \
		'd["complete"] and d["stopped_by"] == "signal" and "ticks" in d'
done
finish
