#!/usr/bin/env bash
# null-rampup-auto.sh: --rampup auto[:MAX] on the null driver's server
# model with a warm-up ramp (null_warmup=10: service times from 3x down to
# 1x over the 10 s after it is set, at the run's start):
#  - the steady phase starts once MSER-5 on the ramp-up's NOPM settles:
#    the point it finds is within 6 s of the ramp's end (10 s), the phase
#    starts after the ramp and no later than MSER-5's own condition allows
#    (as long again as the warm-up, in 5-s batches, and a batch of slack);
#    an event says so, and the summary records both;
#  - auto:8 on a 30-s ramp: the steady phase starts at 8 s, recorded as
#    the MAX reached;
#  - sweep --settle auto: the step's measuring starts the same way after a
#    warm-up its change starts (null_warmup set by the step);
#  - bad input (auto:x, autox): exit 2 naming --rampup, no run.
. "$(dirname "$0")/lib.sh"
cd "$T"
NULL=(--driver null --database 1 --vus 4 --duration 3 --restore-knobs)
run_auto() {  # DIR WARMUP RAMPUP: a batch run, the model set at its start
	printf 'set null_service_ms 2\nset null_warmup %s\n' "$2" |
		"$TPCC_BIN" "${NULL[@]}" --rampup "$3" run --batch --results-dir "$T/$1" >"$1.txt" 2>&1
}
run_auto warm 10 auto:60 &
P1=$!
run_auto cap 30 auto:8 &
P2=$!
"$TPCC_BIN" --driver null --database 1 --rampup 0 sweep --settle auto:40 --step 2 \
	--steps "vus=4 null_service_ms=2 null_warmup=10" --results-dir "$T/sw" </dev/null >sw.txt 2>&1 &
P3=$!
wait $P1; assert "auto ramp-up run exits 0" [ $? -eq 0 ]
wait $P2; assert "auto:8 run exits 0" [ $? -eq 0 ]
wait $P3; assert "sweep with --settle auto exits 0" [ $? -eq 0 ]

R=$(ls "$T"/warm/*.json)
A='d["summary"]["steady_state"]["auto_rampup"]'
assert "MSER-5 put NOPM's settling within 6 s of the ramp's end (10 s)" \
	json_true "$R" "$A[\"by\"] == \"MSER-5\" and abs($A[\"settled_at\"] - 10) <= 6"
assert "the steady phase started after the ramp, by twice it and a batch" \
	json_true "$R" "10 <= $A[\"entered_at\"] <= 30 and $A[\"max_s\"] == 60"
assert "the phase changed when the rule fired" json_true "$R" \
	"[e['t'] for e in d['events'] if 'phase rampup -> steady' in e['text']] == [$A['entered_at']]"
assert "the plan says the ramp-up runs until steady, at most 60 s" \
	contains warm.txt "ramp-up until steady (at most 60 s)"
assert "an event says so" file_matches warm.txt "steady state found: NOPM settled at second [0-9]+ \(MSER-5"
assert "the summary says so" file_matches warm.txt "ramp-up auto: the steady phase started at second [0-9]+"
echo "figures: warm-up ends at 10 s; MSER-5 settled at $(json_get "$R" "$A['settled_at']"), steady from $(json_get "$R" "$A['entered_at']")"

R=$(ls "$T"/cap/*.json)
assert "auto:8: the steady phase started at 8 s, the MAX" \
	json_true "$R" "$A[\"entered_at\"] == 8 and $A[\"by\"] == \"max\" and $A[\"settled_at\"] is None"
assert "auto:8: an event says no steady state was found" contains cap.txt "no steady state found within the ramp-up's 8 s"

R=$(ls "$T"/sw/*.json)
S='d["steps"][0]'
assert "settle auto: MSER-5 found the step's warm-up end (10 s after its change) within 6 s" \
	json_true "$R" "$S[\"settle_by\"] == \"MSER-5\" and abs($S[\"settle_found\"] - $S[\"started\"] - 10) <= 6"
assert "settle auto: measured from after the ramp, by twice it and a batch" \
	json_true "$R" "10 <= $S[\"settled\"] - $S[\"started\"] <= 30 and $S[\"complete\"]"
assert "settle auto: an event says so" file_matches sw.txt "step 1/1 settled after [0-9]+ s: NOPM steady from second"

for bad in auto:x autox auto:0; do
	"$TPCC_BIN" "${NULL[@]}" --rampup "$bad" run --batch --results-dir "$T/bad" </dev/null >bad.txt 2>&1
	assert "--rampup $bad: exit 2" [ $? -eq 2 ]
	assert "--rampup $bad: names the option and the form" contains bad.txt "or auto or auto:MAX"
done
assert "no results file from bad input" [ ! -d "$T/bad" ] || [ -z "$(ls -A "$T/bad")" ]
finish
