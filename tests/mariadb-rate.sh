#!/usr/bin/env bash
# mariadb-rate.sh: an offered load (--rate).  The capacity is measured first
# with a short closed-loop run; half of it is achieved within 5%, with
# latency reported both ways; ten times it is reported as not achieved,
# the VUs ever further behind; and a lock stall makes the latency counted
# from each transaction's intended start exceed its service time.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_rate
cd "$T"
mariadb_built "build exits 0" || { finish; exit; }

# The capacity of 2 VUs flat out, in transactions a minute.
tpcc_ok "closed-loop run exits 0" cap.txt run $A --vus 2 --rampup 1 --duration 3 --batch \
	--results-dir "$T/cap"
CAP=$(json_get "$(ls "$T"/cap/*.json)" 'int(d["summary"]["tpm"])')
assert "the closed loop has no offered load" json_is "$(ls "$T"/cap/*.json)" \
	'(d["summary"]["rate"], d["ticks"][-1]["offered_tpm"])' "(None, None)"
echo "capacity: $CAP TPM"

# Half of it over 4 VUs: the schedule, not the VUs, sets the pace.
HALF=$((CAP / 2))
tpcc_ok "a run at half the capacity exits 0" half.txt run $A --vus 4 --rate "$HALF" \
	--rampup 1 --duration 5 --batch --results-dir "$T/half"
R=$(ls "$T"/half/*.json)
assert "achieved within 5% of the offered $HALF TPM" json_true "$R" \
	"abs(d['summary']['tpm'] - $HALF) <= 0.05 * $HALF"
assert "the summary says it was achieved" json_true "$R" \
	'd["summary"]["rate"]["achieved"] and d["summary"]["rate"]["offered_tpm"] == '"$HALF"
assert "every tick records the rate offered" json_true "$R" \
	"all(t['offered_tpm'] == $HALF and 'behind_s' in t for t in d['ticks'])"
assert "latency is reported from the intended start and as service time" json_true "$R" \
	'd["summary"]["latency_ms"]["new_order"]["p95"] > 0 and
	 d["summary"]["rate"]["service_latency_ms"]["new_order"]["p95"] > 0'
assert "no latency from the intended start is below its service time" json_true "$R" \
	'all(d["summary"]["latency_ms"][t][p] >= d["summary"]["rate"]["service_latency_ms"][t][p] * 0.99
	     for t in d["summary"]["latency_ms"] for p in ("p50", "p95", "p99", "max"))'
assert "the printed summary says achieved" grep -qE '^  offered load: .* achieved$' half.txt

# Ten times the capacity over 2 VUs: they fall further behind every second.
tpcc_ok "a run far above capacity exits 0" over.txt run $A --vus 2 --rate $((CAP * 10)) \
	--rampup 1 --duration 3 --batch --results-dir "$T/over"
R=$(ls "$T"/over/*.json)
assert "the summary says not achieved" json_true "$R" 'not d["summary"]["rate"]["achieved"]'
assert "the printed summary says not achieved" contains over.txt ": not achieved (the VUs could not keep up"
assert "behind schedule grows second by second" json_true "$R" \
	'all(b["behind_s"] > a["behind_s"] for a, b in zip(d["ticks"], d["ticks"][1:]))'
# Ten times the capacity falls behind by nine tenths of the time gone by;
# half of it leaves room for a slow connect.
assert "... by most of the time gone, with transactions due piling up" json_true "$R" \
	'd["ticks"][-1]["behind_s"] >= 0.5 * d["ticks"][-1]["t"] and
	 d["ticks"][-1]["behind_txn"] > d["ticks"][0]["behind_txn"]'
assert "the run warned once that the VUs fell behind" \
	[ "$(grep -c 'warning *\] behind schedule: the VUs are .* behind the offered' over.txt)" -eq 1 ]
assert "latency from the intended start grows with the backlog" json_true "$R" \
	'd["ticks"][-1]["latency_ms"]["new_order"]["p50"] > 1.5 * d["ticks"][1]["latency_ms"]["new_order"]["p50"]'

# Half the capacity over the 2 VUs that measured it, while another session
# holds every district of the warehouse for 2 s: the two VUs wait in a
# New-Order or a Payment (their service times, two of a few hundred, take
# the stall), and every transaction due meanwhile starts late.
start_console stall.txt run $A --vus 2 --rate "$HALF" --rampup 1 --duration 6 --batch \
	--results-dir "$T/stall"
on_exit "kill $CON_PID 2>/dev/null"
wait_for stall.txt '^\[ +3s steady'
my_sql "BEGIN; SELECT d_id FROM $DBN.district WHERE d_w_id = 1 FOR UPDATE; DO SLEEP(2); COMMIT" >/dev/null
close_input
wait_exit "$CON_PID" 30
assert "the stalled run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/stall/*.json)
assert "the stall put the VUs behind schedule" json_true "$R" \
	'max(t["behind_s"] for t in d["ticks"]) >= 1'
# The means, which the few stalled services cannot move as the many late
# starts do (a percentile of a few hundred transactions could land on one).
assert "mean New-Order latency from the intended start exceeds twice its service time" \
	json_true "$R" 'd["summary"]["latency_ms"]["new_order"]["avg"] >
	 2 * d["summary"]["rate"]["service_latency_ms"]["new_order"]["avg"]'
assert "... and so does Payment's" json_true "$R" \
	'd["summary"]["latency_ms"]["payment"]["avg"] >
	 2 * d["summary"]["rate"]["service_latency_ms"]["payment"]["avg"]'
assert "p95 New-Order from the intended start exceeds its service time" json_true "$R" \
	'd["summary"]["latency_ms"]["new_order"]["p95"] >
	 d["summary"]["rate"]["service_latency_ms"]["new_order"]["p95"]'

# The console's rate command: a closed loop, then half the capacity, then
# flat out again, each change an event on the timeline.
start_console cmd.txt run $A --vus 2 --rampup 0 --duration 6 --batch --results-dir "$T/cmd"
on_exit "kill $CON_PID 2>/dev/null"
wait_for cmd.txt '^\[ +1s steady'
send "rate $HALF"
wait_for cmd.txt "rate off -> $HALF \(operator\)" 10
wait_for cmd.txt '^\[ +4s steady'
send "rate off"
wait_for cmd.txt "rate $HALF -> off \(operator\)" 10
close_input
wait_exit "$CON_PID" 30
assert "the run with rate commands exits 0" [ $? -eq 0 ]
R=$(ls "$T"/cmd/*.json)
assert "ticks: closed loop, then the rate, then closed loop again" json_true "$R" \
	"d['ticks'][0]['offered_tpm'] is None and d['ticks'][-1]['offered_tpm'] is None and
	 any(t['offered_tpm'] == $HALF for t in d['ticks'])"
assert "both changes are rate events" json_is "$R" \
	'[e["text"] for e in d["events"] if e["type"] == "rate"]' "['rate off -> $HALF (operator)', 'rate $HALF -> off (operator)']"
assert "the summary's offered load is over the seconds that had one" json_true "$R" \
	"d['summary']['rate']['offered_tpm'] == $HALF"

# A rate sweep: a step at a quarter of the capacity is achieved, one at ten times
# it is not, and the table says which.
tpcc_ok "a rate sweep exits 0" sweep.txt sweep $A --rate "$((CAP / 4)),$((CAP * 10))" --vus 4 \
	--step 3 --settle 1 --rampup 1 --results-dir "$T/sweep"
R=$(ls "$T"/sweep/*.json)
assert "each step set its rate" json_is "$R" '[s["set"]["rate"]["new"] for s in d["steps"]]' \
	"[$((CAP / 4)), $((CAP * 10))]"
assert "the first step's rate is achieved, the second's not" json_is "$R" \
	'[s["rate"]["achieved"] for s in d["steps"]]' "[True, False]"
assert "the table has the offered column" grep -qE '^step +setting +NOPM +offered +TPM' sweep.txt
assert "the table says the second step was not achieved" \
	grep -qE "^ +2 +rate=$((CAP * 10)) .* $((CAP * 10)) .*\(not achieved\)" sweep.txt
finish
