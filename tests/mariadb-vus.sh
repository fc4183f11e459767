#!/usr/bin/env bash
# mariadb-vus.sh: VUs added and removed mid-run, seen from the server's own
# process list (each VU one connection, plus the engine's control one and the
# monitor's, which reads the server TPM counter), and
# live server variables through `set`.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_vus
cd "$T"
on_exit "my_sql 'SET GLOBAL innodb_io_capacity = 200'"
CONNS="SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='$DBN'"

mariadb_built "build exits 0"

start_console run.txt run $A --vus 2 --rampup 0 --duration 300 --batch --results-dir "$T/results"
on_exit "kill $CON_PID 2>/dev/null"
wait_for run.txt '^\[ +1s steady'
# Each VU is one session in the database, plus the engine's control one;
# the monitor, which samples server figures, holds no database and is not
# counted.
assert "2 VUs + control connection on the server" wait_sql "$CONNS" 3
send "vus 6"
assert "6 VUs + control after 'vus 6'" wait_sql "$CONNS" 7
assert "the log says when all 6 were connected" wait_for run.txt '\] vus 6 ready in [0-9]+\.[0-9]{2} s$' 10
wait_for run.txt "^\[ +[0-9]+s steady +\] vus 6 " 10
send "vus -5"
assert "1 VU + control after 'vus -5'" wait_sql "$CONNS" 2
assert "and when the 5 removed had left" wait_for run.txt '\] vus 1 ready in [0-9]+\.[0-9]{2} s$' 10
wait_for run.txt "^\[ +[0-9]+s steady +\] vus 1 " 10
send "vus +2"
assert "3 VUs + control after 'vus +2'" wait_sql "$CONNS" 4
send "set innodb_io_capacity 1234"
# The knob event, not the command's echo, which can come a tick before it.
wait_for run.txt 'knob +\] set innodb_io_capacity' 10
assert "the server's global value changed" [ "$(my_sql 'SELECT @@GLOBAL.innodb_io_capacity')" = 1234 ]
assert "the change is an event with old and new value" grep -qE 'knob +\] set innodb_io_capacity [0-9]+ -> 1234' run.txt
send "set no_such_variable 1"
wait_for run.txt 'error: set no_such_variable' 10
assert "a bad variable shows the server's error" grep -qE "error: set no_such_variable: .*Unknown system variable" run.txt
send "sql SELECT COUNT(*) FROM warehouse"
assert "sql shows the result" wait_for run.txt '^1$' 10
wait_for run.txt "^\[ +[0-9]+s steady +\] vus 3 " 10
send "stop"
close_input
wait "$CON_PID"; rc=$?
assert "run stopped by the operator exits 0" [ $rc -eq 0 ]
assert "all connections closed after the run" wait_sql "$CONNS" 0
R=$(ls "$T"/results/*.json)
assert "results complete" json_true "$R" 'd["complete"]'
assert "results say stopped by operator" json_is "$R" 'd["stopped_by"]' operator
assert "ticks saw 6 VUs" json_true "$R" 'any(t["vus"]==6 for t in d["ticks"])'
assert "ticks saw 1 VU" json_true "$R" 'any(t["vus"]==1 for t in d["ticks"])'
assert "the knob event is in the results" json_true "$R" \
	'any(e["type"]=="knob" and e["text"].split(" -> ")[-1].split(":")[0] == "1234" for e in d["events"])'
check_ok "check passes after VUs came and went" check.txt $A

finish
