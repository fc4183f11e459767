#!/usr/bin/env bash
# signals.sh: SIGINT during build leaves a schema that says it is partial
# (build, run and check refuse it), its progress line where it stopped;
# SIGTERM during a run finishes the results file; wrong schemas and failing
# SQL are reported clearly and the run goes on.
. "$(dirname "$0")/lib.sh"
cd "$T"
DB=$T/p.sqlite

start_console build.txt build --db "$DB" --warehouses 3 --load-threads 1
wait_for build.txt '^building 3 warehouses'
kill -INT "$CON_PID"
wait "$CON_PID"; rc=$?
close_input
assert "an interrupted build exits 130" [ $rc -eq 130 ]
assert "it says the load is partial and to drop" contains build.txt "holds a partial load; run 'tpcc-console drop'"
grep '^loading:' build.txt | tail -n 1 >lastprog.txt
assert "its last progress line shows where the load stopped, no 100% and no ETA" \
	file_matches lastprog.txt '^loading: +[0-9]{1,2}% .*ETA --:--$'
"$TPCC_BIN" build --db "$DB" --warehouses 1 >again.txt 2>&1; rc=$?
assert "a new build over a partial one is refused" [ $rc -eq 1 ]
assert "and says the earlier build did not finish" contains again.txt "did not finish"
"$TPCC_BIN" run --db "$DB" --batch </dev/null >run0.txt 2>&1; rc=$?
assert "run on a partial schema is refused (exit 2)" [ $rc -eq 2 ]
assert "with the reason and what to do" contains run0.txt "holds a build that did not finish: run 'tpcc-console drop' and 'tpcc-console build' again"
"$TPCC_BIN" check --db "$DB" >check0.txt 2>&1; rc=$?
assert "check on a partial schema is refused (exit 1)" [ $rc -eq 1 ]
assert "saying the build did not finish and what to do" \
	contains check0.txt "$DB holds a build that did not finish: run 'tpcc-console drop' and 'tpcc-console build' again"
assert "without checking conditions of a partial load" lacks check0.txt "consistency check of"
"$TPCC_BIN" drop --db "$DB" >/dev/null 2>&1
build_ok "after drop the build succeeds" build2.txt --db "$DB" --warehouses 1

"$TPCC_BIN" run --db "$DB" --warehouses 3 --batch </dev/null >w.txt 2>&1; rc=$?
assert "a warehouse count other than the schema's is refused (exit 2)" [ $rc -eq 2 ]
assert "the message names both counts" contains w.txt "the schema has 1 warehouse but 3 are configured"

start_console term.txt run --db "$DB" --vus 2 --rampup 0 --duration 600 --batch --results-dir "$T/r"
wait_for term.txt '^\[ +2s steady'
send "sql SELECT no_such_column FROM warehouse"
wait_for term.txt '^error: ' 10
assert "failing SQL shows the database's error" grep -qE '^error: .*no_such_column' term.txt
send "sql SELECT COUNT(*) FROM district"
assert "and the run goes on" wait_for term.txt '^10$' 10
kill -TERM "$CON_PID"
wait "$CON_PID"; rc=$?
close_input
assert "SIGTERM ends the run with exit 130" [ $rc -eq 130 ]
R=$(ls "$T"/r/*.json)
assert "results complete after SIGTERM" json_true "$R" 'd["complete"]'
assert "stopped_by signal" json_is "$R" 'd["stopped_by"]' signal
assert "the failed SQL is an error event" json_true "$R" \
	'any(e["type"]=="error" and "no_such_column" in e["text"] for e in d["events"])'

# SIGKILL of a SQLite run kills its server too: the durability record,
# written each second, is what the audit reads afterwards.
start_console kill.txt run --db "$DB" --vus 2 --rampup 0 --duration 600 --batch --results-dir "$T/k"
wait_for kill.txt '^\[ +3s steady'
kill -KILL "$CON_PID"
{ wait "$CON_PID"; } 2>/dev/null
close_input
K=$(ls "$T"/k/*.json)
assert "a killed run's file records acknowledged orders" json_true "$K" \
	'len(d["durability"]["new_order_acked"]) > 0 and not d["complete"]'
check_ok "the audit of a killed SQLite run passes" dur.txt --db "$DB" --durability "$K"
assert "it checked districts and lost nothing" grep -qE '^durability: [1-9][0-9]* districts? checked, 0 acknowledged New-Orders lost' dur.txt
assert "it says the run did not finish" contains dur.txt "the run did not finish"
assert "no warning for the run's own database" lacks dur.txt "warning:"
cp "$DB" other.sqlite
"$TPCC_BIN" check --db other.sqlite --durability "$K" >other.txt 2>&1
assert "another database's audit warns that the run was elsewhere" \
	contains other.txt "warning: $K is a run on sqlite $DB, not on this sqlite $T/other.sqlite"

finish
