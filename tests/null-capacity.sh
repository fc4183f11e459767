#!/usr/bin/env bash
# null-capacity.sh: `capacity` against the null driver's server model,
# whose answer is known: 2 transactions served at once, 2 ms each, hold
# 1000 a second, 60,000 TPM, whatever the VUs offer beyond.
#  - the knee (the highest rate that held a 100 ms p90 on New-Order and
#    was achieved) is within 5% of 60,000 TPM, and a rate above it failed.
#    (The limit, rather than TPC-C's 5 s, because a backlog that grows
#    only a few percent a second passes "achieved" within a short step:
#    its latency from the intended start is what shows it.)
#  - the search keeps within --steps, the curve is in the results file's
#    capacity section, the variables are put back;
#  - the report draws the curve (html) and gives its table (md, csv);
#  - bad input (an unknown transaction or percentile, a time without a
#    unit, --steps 1): exit 2, a message naming the option, no run.
. "$(dirname "$0")/lib.sh"
cd "$T"
NULL=(--driver null --database 1 --rampup 0)

"$TPCC_BIN" "${NULL[@]}" capacity --vus 8 --knob null_service_ms=2 --knob null_capacity=2 \
	--limit new_order.p90=100ms --step 3 --settle 1 --steps 7 --results-dir "$T/cap" \
	</dev/null >cap.txt 2>&1
assert "capacity on the model exits 0" [ $? -eq 0 ]
R=$(ls "$T"/cap/*.json)
C='d["capacity"]'
assert "the knee is within 5% of the model's 60,000 TPM" \
	json_true "$R" "$C[\"knee_tpm\"] is not None and abs($C[\"knee_tpm\"] / 60000 - 1) < 0.05"
assert "a rate above the knee failed" \
	json_true "$R" "$C[\"failed_above_tpm\"] > $C[\"knee_tpm\"] and any(not p[\"held\"] for p in $C[\"curve\"])"
assert "at most 7 steps, the first flat out, the rest on the curve" \
	json_true "$R" "len(d[\"steps\"]) <= 7 and len($C[\"curve\"]) == len(d[\"steps\"]) - 1 and d[\"steps\"][0][\"rate\"] is None"
assert "the limit given is the one held" \
	json_true "$R" "[(l[\"figure\"], l[\"max_ms\"]) for l in $C[\"limits\"]] == [(\"new_order.p90\", 100)]"
assert "the curve is by offered rate" \
	json_true "$R" "[p[\"offered_tpm\"] for p in $C[\"curve\"]] == sorted(p[\"offered_tpm\"] for p in $C[\"curve\"])"
assert "the knee is printed" file_matches cap.txt "^capacity: knee at [0-9]+ TPM offered"
assert "the variables are put back" \
	json_true "$R" 'all(k["restored"] for k in d["knob_journal"]) and len(d["knob_journal"]) == 2'
"$TPCC_BIN" report "$R" -o cap.html >/dev/null 2>&1
assert "report html: the curve drawn" contains cap.html 'id="capacity"'
"$TPCC_BIN" report "$R" --format md >cap.md 2>&1
assert "report md: the knee and every rate tried" json_true "$R" \
	"('knee at %d TPM' % $C['knee_tpm']) in open('cap.md').read() and all(('| %d |' % p['offered_tpm']) in open('cap.md').read() for p in $C['curve'])"
"$TPCC_BIN" report "$R" --format csv >cap.csv 2>&1
assert "report csv: a row per rate tried" json_true "$R" \
	"sum(1 for l in open('cap.csv') if l.split(',')[1:2] == ['capacity']) == len($C['curve'])"
echo "figures: model capacity 60000 TPM; knee $(json_get "$R" "$C['knee_tpm']"), failed above $(json_get "$R" "$C['failed_above_tpm']")"

# Bad input: exit 2, the option named, no run.
bad() {
	local what=$1 want=$2; shift 2
	"$TPCC_BIN" "${NULL[@]}" capacity --vus 2 --results-dir "$T/bad" "$@" </dev/null >bad.txt 2>&1
	assert "$what: exit 2" [ $? -eq 2 ]
	assert "$what: says '$want'" contains bad.txt "$want"
}
bad "unknown transaction" "unknown transaction 'neworder'" --limit neworder.p90=5s
bad "unknown percentile" "unknown percentile 'p91'" --limit new_order.p91=5s
bad "a time without a unit" "expected a time above 0 with a unit, ms or s" --limit payment.p99=200
bad "a bad unit" "got '2min'" --limit payment.p99=2min
bad "--steps 1" "--steps: expected the most steps the search may take" --steps 1
bad "a VU list" "--vus takes one VU count" --vus 2,4
assert "no results file from bad input" [ ! -d "$T/bad" ] || [ -z "$(ls -A "$T/bad")" ]
finish
