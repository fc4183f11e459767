#!/usr/bin/env bash
# sqlite-run.sh: build, run 30 s and check on the embedded SQLite default,
# with live commands on standard input, then a run stopped by SIGINT; drop,
# twice; run, check and drop on a file not there say so and make none.
. "$(dirname "$0")/lib.sh"
cd "$T"
DB=$T/tpcc.sqlite

build_ok "build exits 0" build.txt --db "$DB" --warehouses 1 --load-threads 2
assert "build reports rows loaded" grep -qE 'built 1 warehouse: [0-9]+ rows' build.txt
assert "build shows progress" grep -qE 'loading: +[0-9]+%' build.txt
assert "progress of 1 warehouse in the singular" grep -qE '  [01]/1 warehouse  ' build.txt

check_ok "check passes on a fresh load" check0.txt --db "$DB"
assert "fresh-load condition 11 is checked" grep -qE '^11 .* pass$' check0.txt
assert "all 12 conditions reported" [ "$(grep -cE '^ ?[0-9]+ ' check0.txt)" -eq 12 ]

"$TPCC_BIN" build --db "$DB" >again.txt 2>&1; rc=$?
assert "a second build is refused" [ $rc -eq 1 ]
assert "refusal says to drop first" contains again.txt "drop"
assert "refusal counts 1 warehouse in the singular" contains again.txt "(1 warehouse, built "

# 5 s ramp-up + 25 s steady, 2 VUs; add a VU and a mark while it runs.
start_console run.txt run --db "$DB" --vus 2 --rampup 5 --duration 25 --batch \
	--results-dir "$T/results"
wait_for run.txt '^\[ +3s rampup'
send "vus +1"
send "mark after adding a vu"
send "frobnicate"
# SQLite takes any value without a word (synchronous=bogus becomes its
# default, cache_size=abc becomes 0): the dialect must refuse them.
send "set synchronous bogus"
send "set cache_size abc"
send "set synchronous FULL"
wait_for run.txt 'vus 2 -> 3 \(operator\)' 10
wait_for run.txt 'knob +\] set synchronous [0-9] -> 2' 10
wait_for run.txt '^\[ +20s steady'
send "vus 2"
close_input
wait "$CON_PID"; rc=$?
assert "run exits 0" [ $rc -eq 0 ]
assert "one line per second, 30 in all" [ "$(grep -cE '^\[ +[0-9]+s (rampup|steady) +\] vus' run.txt)" -eq 30 ]
assert "a bad command is an error, not the end" contains run.txt "error: unknown command 'frobnicate'"
assert "set synchronous bogus: an error saying what it takes" contains run.txt \
	"error: set synchronous: synchronous takes one of OFF,NORMAL,FULL,EXTRA or 0 to 3, not 'bogus'"
assert "set cache_size abc: an error saying what it takes" contains run.txt \
	"error: set cache_size: cache_size takes an integer, not 'abc'"
assert "summary printed" grep -qE '^  NOPM [0-9,]+ +TPM [0-9,]+' run.txt

R=$(ls "$T"/results/*.json)
assert "results file is valid JSON" json_valid "$R"
assert "results file is complete" json_true "$R" 'd["complete"]'
assert "30 ticks" json_is "$R" 'len(d["ticks"])' 30
assert "25 steady seconds" json_is "$R" 'd["summary"]["steady_seconds"]' 25
assert "summary NOPM is positive" json_true "$R" 'd["summary"]["nopm"] > 0'
assert "summary NOPM matches steady ticks" json_true "$R" \
	'abs(d["summary"]["nopm"] - sum(t["nopm"] for t in d["ticks"] if t["phase"]=="steady")/25) < 1'
assert "ticks show 3 VUs after the change" json_true "$R" \
	'any(t["vus"] == 3 for t in d["ticks"])'
assert "events hold the operator's VU change" json_true "$R" \
	'any(e["type"]=="vus" and "2 -> 3 (operator)" in e["text"] for e in d["events"])'
assert "the knob events are the one accepted set, no refused one" json_is "$R" \
	'[e["text"] for e in d["events"] if e["type"]=="knob"]' "['set synchronous 1 -> 2']"
assert "events hold the mark" json_true "$R" \
	'any(e["type"]=="mark" and e["text"]=="after adding a vu" for e in d["events"])'
assert "events hold the phase change" json_true "$R" \
	'any(e["text"]=="phase rampup -> steady" for e in d["events"])'
assert "new-order p95 recorded" json_true "$R" 'd["summary"]["latency_ms"]["new_order"]["p95"] > 0'
assert "no password key in results" json_is "$R" '"connection.password" in d["config"]' False
assert "the mix is about 45% New-Order" json_true "$R" \
	'0.40 < d["summary"]["commits"]["new_order"]/sum(d["summary"]["commits"].values()) < 0.50'
assert "stopped_by is null for a run that ended on its own" json_is "$R" 'd["stopped_by"]' None
"$TPCC_BIN" report "$R" --format md >report.md 2>&1
assert "report counts 1 warehouse in the singular" contains report.md ", 1 warehouse, "

check_ok "check passes after the run" check1.txt --db "$DB"
assert "condition 11 skipped after a run" grep -qE '^11 .*skipped' check1.txt

# SIGINT mid-run: a clean stop, exit 130, a complete results file.
start_console int.txt run --db "$DB" --vus 2 --rampup 0 --duration 600 --batch \
	--results-dir "$T/results-int"
wait_for int.txt '^\[ +3s steady'
kill -INT "$CON_PID"
wait "$CON_PID"; rc=$?
close_input
assert "SIGINT ends the run with exit 130" [ $rc -eq 130 ]
R2=$(ls "$T"/results-int/*.json)
assert "results after SIGINT are valid JSON" json_valid "$R2"
assert "results after SIGINT say stopped by signal" json_is "$R2" 'd["stopped_by"]' signal
assert "results after SIGINT are complete" json_true "$R2" 'd["complete"]'
check_ok "check passes after the interrupted run" check2.txt --db "$DB"

# A file named relative to the directory the run started in is recorded
# by where it is, so that runs from two directories name it alike
# (compare --merge refused 't.sqlite' against '/tmp/x/t.sqlite').
(cd "$T" && "$TPCC_BIN" run --db ./tpcc.sqlite --vus 1 --rampup 0 --duration 1 --batch \
	--results-dir "$T/rel" </dev/null >rel.txt 2>&1)
assert "a run on a relative path exits 0" [ $? -eq 0 ]
assert "its results file names the database by its absolute path" \
	json_is "$(ls "$T"/rel/*.json)" 'd["run"]["database"]' "$(realpath "$DB")"

# A sweep's values are judged before its first step: one SQLite would
# ignore, zero or clamp exits 2 with nothing run.  timeout only ends a
# sweep that would hang (the step waiting for a value that never reads back).
refused() {
	local what=$1 msg=$2; shift 2
	timeout 120 "$TPCC_BIN" sweep --db "$DB" --rampup 0 --vus 1 --step 1 --settle 0 \
		--results-dir "$T/refused" "$@" >refused.txt 2>&1; rc=$?
	assert "sweep $what: exit 2 (got $rc)" [ $rc -eq 2 ]
	assert "sweep $what: says why" contains refused.txt "$msg"
	assert "sweep $what: no results file" [ ! -e "$T/refused" ]
}
refused "synchronous=1,bogus" "synchronous = bogus: synchronous takes one of OFF,NORMAL,FULL,EXTRA or 0 to 3, not 'bogus'" \
	--knob synchronous=1,bogus
refused "cache_size=-2000,abc" "cache_size = abc: cache_size takes an integer, not 'abc'" \
	--knob cache_size=-2000,abc
refused "a clamped mmap_size" "back as" --knob mmap_size=0,99999999999999

# Values by name read back as numbers (FULL as 2): each step finds its value
# in effect, and one already in place is not set again.
timeout 120 "$TPCC_BIN" sweep --db "$DB" --rampup 0 --vus 1 --step 1 --settle 0 \
	--knob synchronous=NORMAL,FULL,2 --results-dir "$T/sweep" >sweep.txt 2>&1; rc=$?
assert "sweep synchronous=NORMAL,FULL,2 exits 0 (got $rc)" [ $rc -eq 0 ]
R3=$(ls "$T"/sweep/*.json 2>/dev/null | head -1)
assert "each step saw its value in effect" json_true "$R3" \
	'all(s["set"]["synchronous"]["in_effect_s"] is not None for s in d["steps"])'
assert "one knob event to FULL and one putting it back" json_is "$R3" \
	'[e["text"] for e in d["events"] if e["type"]=="knob"]' \
	"['set synchronous 1 -> 2', 'put back synchronous 2 -> 1']"
assert "a value in place is said so, not set again" \
	[ "$(grep -c 'synchronous = .* already in effect: not set again' sweep.txt)" = 2 ]

"$TPCC_BIN" drop --db "$DB" >drop.txt 2>&1; rc=$?
assert "drop exits 0" [ $rc -eq 0 ]
assert "drop says what it dropped" contains drop.txt "dropped the TPC-C tables in $DB"
"$TPCC_BIN" check --db "$DB" >check3.txt 2>&1; rc=$?
assert "check after drop says no schema" [ $rc -eq 1 ]
"$TPCC_BIN" drop --db "$DB" >drop2.txt 2>&1; rc=$?
assert "drop with no schema exits 0, as IF EXISTS does on a server" [ $rc -eq 0 ]
assert "saying there was none" contains drop2.txt "no TPC-C schema in $DB: nothing dropped"

# Only build makes a database file: everything else says it is missing.
mkdir "$T/none" && cd "$T/none"
"$TPCC_BIN" run --batch </dev/null >run-none.txt 2>&1; rc=$?
assert "run on a missing file is refused as one without a schema (exit 2)" [ $rc -eq 2 ]
assert "naming the file that does not exist" \
	contains run-none.txt "the database file tpcc.sqlite does not exist ('tpcc-console build' creates it)"
"$TPCC_BIN" check >check-none.txt 2>&1; rc=$?
assert "check on a missing file fails (exit 1)" [ $rc -eq 1 ]
assert "saying so" contains check-none.txt "the database file tpcc.sqlite does not exist"
"$TPCC_BIN" drop --db nothere.sqlite >drop-none.txt 2>&1; rc=$?
assert "drop on a missing file exits 0: there is no schema" [ $rc -eq 0 ]
assert "saying the file does not exist" contains drop-none.txt "no TPC-C schema to drop: nothere.sqlite does not exist"
assert "none of them made a database file" [ -z "$(ls | grep sqlite)" ]
cd "$T"

finish
