#!/usr/bin/env bash
# pg-odbc.sh: PostgreSQL through psqlODBC: build, check, a statements run,
# check, the procedures re-created alone, a procedures run, check; server
# TPM beside client TPM; a knob through ALTER SYSTEM, reported as in
# effect after the reload, a sweep's put back by ALTER SYSTEM RESET; a wrong
# password.
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
DBN=tpcc_pgit_$$
pg_sql "CREATE DATABASE $DBN" || skip_all "cannot create a database on the test PostgreSQL"
on_exit "pg_sql 'DROP DATABASE IF EXISTS $DBN WITH (FORCE)'"
on_exit "pg_sql 'ALTER SYSTEM RESET work_mem' && pg_sql 'ALTER SYSTEM RESET checkpoint_completion_target' && pg_sql 'SELECT pg_reload_conf()' >/dev/null"
# A DSN from odbc.ini with the database overridden in the connection string.
odbc_conf pg.conf "DSN=$TPCC_TEST_PG_DSN;Database=$DBN"
export TPCC_PASSWORD=$TPCC_TEST_PG_PASSWORD
A="-c $T/pg.conf --user $TPCC_TEST_PG_USER"
q() { pg_sql -d "$DBN" "$1"; }
# pg_reload_conf() returns before every backend has read the file: poll.
pg_is() { [ "$(pg_sql "$1")" = "$2" ] || { echo "'$1' gave '$(pg_sql "$1")', wanted '$2'"; return 1; }; }
wait_sql_pg() { poll 10 pg_is "$1" "$2"; }

build_ok "build over ODBC exits 0" build.txt $A --warehouses 1
assert "the server was recognised as PostgreSQL" contains build.txt "PostgreSQL"
assert "stock holds 100,000 rows" [ "$(q "SELECT COUNT(*) FROM stock")" = 100000 ]
assert "order_line has its primary key" [ "$(q "SELECT COUNT(*) FROM pg_constraint WHERE conname = 'order_line_pkey'")" = 1 ]
assert "the six functions exist" [ "$(q "SELECT COUNT(*) FROM pg_proc WHERE proname LIKE 'tpcc\_%'")" = 6 ]

check_ok "check passes on a fresh load" check0.txt $A


"$TPCC_BIN" run $A --vus 4 --rampup 5 --duration 20 --results-dir "$T/rs" </dev/null >run1.txt 2>&1; rc=$?
assert "statements run exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/rs/*.json 2>/dev/null | head -1)
assert "results file complete" json_true "$R" 'd["complete"]'
assert "dialect postgresql, statements mode recorded" json_is "$R" 'd["run"]["dialect"] + "/" + d["run"]["mode"]' postgresql/statements
assert "no failed transactions" json_is "$R" 'd["summary"]["failed"]' 0
assert "New-Orders were committed" json_true "$R" 'd["summary"]["commits"]["new_order"] > 100'
assert "client New-Orders match the database" db_matches_client "$R" "$(q "SELECT SUM(d_next_o_id - 3001) FROM district")"
assert "server TPM present and plausible beside client TPM" plausible_server_tpm "$R"
assert "batch lines show server tpm" grep -q "server tpm" run1.txt
assert "summary shows server TPM" grep -q "server TPM" run1.txt

check_ok "check passes after the statements run" check1.txt $A

# A column renamed: found before a VU starts (each failed probe is rolled
# back, or PostgreSQL would refuse the next).
q "ALTER TABLE history RENAME COLUMN h_data TO h_note"
"$TPCC_BIN" run $A --duration 5 --rampup 0 </dev/null >nocol.txt 2>&1; rc=$?
assert "a run on a table that lacks a column is refused (exit 2)" [ $rc -eq 2 ]
assert "the message names the table and column" contains nocol.txt "table history in the ODBC connection's database lacks column h_data"
q "ALTER TABLE history RENAME COLUMN h_note TO h_data"

# Procedures gone: the run says how to get them back, and build does.
q "DROP FUNCTION tpcc_new_order"
"$TPCC_BIN" run $A --mode procedures --duration 5 --rampup 0 </dev/null >noproc.txt 2>&1; rc=$?
assert "procedures run without procedures is refused (exit 2)" [ $rc -eq 2 ]
assert "it names the function and says to build --procedures-only" \
	contains noproc.txt "function tpcc_new_order missing in the ODBC connection's database: run 'tpcc-console build --procedures-only'"
assert "no results file was started" [ ! -d "$T/results" ]
build_ok "build --procedures-only exits 0" procs.txt $A --procedures-only
assert "the functions are back" [ "$(q "SELECT COUNT(*) FROM pg_proc WHERE proname LIKE 'tpcc\_%'")" = 6 ]
assert "the data was left alone" [ "$(q "SELECT COUNT(*) FROM stock")" = 100000 ]

before=$(q "SELECT SUM(d_next_o_id - 3001) FROM district")
# A knob while it runs: work_mem is a session setting, so it goes through
# ALTER SYSTEM and a reload, and the event says so; shared_buffers needs a
# restart, so it is refused and nothing is written.
printf 'set work_mem 8MB\nset shared_buffers 64MB\nmetrics\n' | "$TPCC_BIN" run $A --mode procedures --vus 4 --rampup 5 --duration 20 \
	--results-dir "$T/rp" >run2.txt 2>&1; rc=$?
assert "procedures run exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/rp/*.json 2>/dev/null | head -1)
assert "procedures mode recorded" json_is "$R" 'd["run"]["mode"]' procedures
assert "no failed transactions in procedures mode" json_is "$R" 'd["summary"]["failed"]' 0
after=$(q "SELECT SUM(d_next_o_id - 3001) FROM district")
assert "client New-Orders match the database (procedures)" db_matches_client "$R" $((after - before))
assert "procedures reported their rollbacks" rollbacks_counted "$R"
assert "by-name look-ups counted" json_true "$R" 'd["summary"]["audit"]["payments_by_name"] > 0'
assert "server TPM plausible in procedures mode" plausible_server_tpm "$R"
assert "the knob event tells how it applies" grep -q "set work_mem .*ALTER SYSTEM + pg_reload_conf" run2.txt
assert "  with the value in effect after the reload" grep -qE "set work_mem [0-9]+ -> 8192:" run2.txt
assert "metrics shows the WAL bytes written" grep -qE '^wal_bytes [1-9][0-9]*$' run2.txt
assert "metrics shows the active backends" grep -qE '^active_backends [0-9]+$' run2.txt
assert "the server holds the new setting" [ "$(q "SELECT setting FROM pg_file_settings WHERE name = 'work_mem'")" = 8MB ]
assert "a restart-only setting is refused, saying why" \
	grep -q "set shared_buffers: shared_buffers takes effect only after a server restart" run2.txt
assert "  and is not written to postgresql.auto.conf" \
	[ "$(q "SELECT COUNT(*) FROM pg_file_settings WHERE name = 'shared_buffers' AND sourcefile LIKE '%auto.conf'")" = 0 ]

# The functions by hand.  New-Order locks its district last, so its order
# id comes after the stock updates: the lines must still go in in order,
# priced from item and labelled from their stock row.
n0=$(q "SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 3")
s0=$(q "SELECT s_ytd FROM stock WHERE s_w_id = 1 AND s_i_id = 7")
out=$(q "SELECT r_rolled_back || '/' || r_o_id FROM tpcc_new_order(1, 3, 5, 3, 1, '7,9,7', '1,1,1', '3,2,4')")
assert "a New-Order by hand commits with the district's next id ($out)" [ "$out" = "0/$n0" ]
assert "its lines are in order, priced and labelled" [ "$(q "SELECT string_agg(ol_number || ':' || ol_i_id || 'x' || ol_quantity || '=' || (ol_amount = ol_quantity * i_price AND ol_dist_info = s_dist_03), ',' ORDER BY ol_number) FROM order_line JOIN item ON i_id = ol_i_id JOIN stock ON s_w_id = ol_supply_w_id AND s_i_id = ol_i_id WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = $n0")" = "1:7x3=true,2:9x2=true,3:7x4=true" ]
assert "with its order and new-order rows" [ "$(q "SELECT COUNT(*) FROM orders JOIN new_order ON no_w_id = o_w_id AND no_d_id = o_d_id AND no_o_id = o_id WHERE o_w_id = 1 AND o_d_id = 3 AND o_id = $n0 AND o_c_id = 5 AND o_ol_cnt = 3")" = 1 ]
assert "the stock row took both lines of item 7" [ "$(q "SELECT s_ytd - $s0 FROM stock WHERE s_w_id = 1 AND s_i_id = 7")" = 7 ]
psql -X -q -v VERBOSITY=verbose -h "$TPCC_TEST_PG_DIR" \
	-p "$TPCC_TEST_PG_PORT" -U "$TPCC_TEST_PG_USER" -d "$DBN" \
	-c "SELECT * FROM tpcc_new_order(1, 3, 5, 2, 1, '7,100001', '1,1', '3,1')" >unused.txt 2>&1
assert "an unused item fails the call, so its transaction rolls back" [ $? -ne 0 ]
assert "  with the SQLSTATE the client counts as the spec's rollback" grep -q "TP001" unused.txt
assert "leaving the district's next order id" [ "$(q "SELECT d_next_o_id FROM district WHERE d_w_id = 1 AND d_id = 3")" = $((n0 + 1)) ]
assert "and the stock untouched" [ "$(q "SELECT s_ytd - $s0 FROM stock WHERE s_w_id = 1 AND s_i_id = 7")" = 7 ]
# Payment locks the customer first and the warehouse last; the history
# row still names both.
ytd0=$(q "SELECT w_ytd FROM warehouse WHERE w_id = 1")
out=$(q "SELECT r_c_id FROM tpcc_payment(1, 2, 1, 4, 17, 0, '', 12.34)")
assert "a Payment by hand pays customer 17 ($out)" [ "$out" = 17 ]
assert "the warehouse's year to date grows by the amount" [ "$(q "SELECT w_ytd - $ytd0 FROM warehouse WHERE w_id = 1")" = 12.34 ]
assert "the history row names warehouse 1 and district 2" [ "$(q "SELECT COUNT(*) FROM history, warehouse, district WHERE h_c_w_id = 1 AND h_c_d_id = 4 AND h_c_id = 17 AND h_amount = 12.34 AND w_id = 1 AND d_w_id = 1 AND d_id = 2 AND h_data = w_name || '    ' || d_name")" = 1 ]
q "SELECT * FROM tpcc_payment(1, 2, 1, 4, 99999, 0, '', 1.00)" >nocust.txt 2>&1; rc=$?
assert "a Payment of an unknown customer fails" [ $rc -ne 0 ]
assert "and leaves the warehouse alone" [ "$(q "SELECT w_ytd - $ytd0 FROM warehouse WHERE w_id = 1")" = 12.34 ]

check_ok "check passes after the procedures run" check2.txt $A

# After the runs, whose New-Orders the database is checked against: a
# sweep's settings are judged from pg_settings before the first step:
# exit 2, the reason, no results file, nothing changed.
CCT=$(pg_sql "SHOW checkpoint_completion_target")
refused() {
	local what=$1 msg=$2 rc; shift 2
	"$TPCC_BIN" sweep $A --vus 1 --step 1 --settle 0 --rampup 0 --results-dir "$T/refused" \
		"$@" </dev/null >refused.txt 2>&1; rc=$?
	assert "sweep, $what: exit 2 (got $rc)" [ $rc -eq 2 ]
	assert "sweep, $what: says why" contains refused.txt "$msg"
	assert "sweep, $what: no results file" [ ! -e "$T/refused" ]
}
refused "a restart-only setting" "shared_buffers takes effect only after a server restart" \
	--knob shared_buffers=64MB,256MB
refused "an unknown setting" "unrecognized setting 'no_such_setting'" --knob no_such_setting=1
refused "a read-only setting" "block_size is read-only" --knob block_size=4096
refused "a value out of bounds" "checkpoint_completion_target takes 0 to 1, not 5" \
	--knob checkpoint_completion_target=0.5,5
refused "a value not among the choices" "synchronous_commit takes one of" \
	--knob synchronous_commit=on,sometimes
assert "nothing changed on the server" [ "$(pg_sql "SHOW checkpoint_completion_target")" = "$CCT" ]
tpcc_ok "a knob sweep over ODBC exits 0" sweep.txt sweep $A --vus 1 --step 1 --settle 0 --rampup 0 \
	--knob checkpoint_completion_target=0.5,0.7 --results-dir "$T/sweep"
R=$(ls "$T"/sweep/*.json 2>/dev/null | head -1)
assert "its two steps set the value, read back after a reload" \
	json_is "$R" '[float(s["set"]["checkpoint_completion_target"]["new"]) for s in d["steps"]]' "[0.5, 0.7]"
assert "and it is put back after the sweep" wait_sql_pg "SHOW checkpoint_completion_target" "$CCT"
assert "each step's event names the value in effect" contains sweep.txt "set checkpoint_completion_target $CCT -> 0.5:"
assert "the put-back is printed" contains sweep.txt "put back checkpoint_completion_target 0.7 -> $CCT"
assert "  by ALTER SYSTEM RESET: postgresql.auto.conf has no entry for it, as before" \
	[ "$(q "SELECT COUNT(*) FROM pg_file_settings WHERE name = 'checkpoint_completion_target' AND sourcefile LIKE '%auto.conf'")" = 0 ]

TPCC_PASSWORD=wrong "$TPCC_BIN" check $A >badpw.txt 2>&1; rc=$?
assert "a wrong password fails (exit 1)" [ $rc -eq 1 ]
assert "the server's words are kept" contains badpw.txt "password authentication failed"

"$TPCC_BIN" drop $A >drop.txt 2>&1; rc=$?
assert "drop exits 0" [ $rc -eq 0 ]
assert "drop removed tables and functions" [ "$(q "SELECT COUNT(*) FROM pg_tables WHERE schemaname = 'public'")/$(q "SELECT COUNT(*) FROM pg_proc WHERE proname LIKE 'tpcc\_%'")" = 0/0 ]
finish
