#!/usr/bin/env bash
# mariadb-proc.sh: the native mysql driver in procedures mode: 2 warehouses
# (so remote lines and payments happen), a run, check; a dropped procedure
# found before the run starts, and re-created alone by build
# --procedures-only.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_proc
cd "$T"

build_ok "build exits 0" build.txt $A --warehouses 2 --load-threads 2
assert "order_line keeps room for its NULL dates (Delivery updates in place)" \
	[ "$(my_sql "SELECT ROW_FORMAT FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$DBN' AND TABLE_NAME = 'order_line'")" = Redundant ]
assert "build created the five procedures" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$DBN'")" = 5 ]

my_sql "DROP PROCEDURE $DBN.tpcc_payment"
"$TPCC_BIN" run $A --mode procedures --duration 5 --rampup 0 --results-dir "$T/r0" </dev/null >noproc.txt 2>&1; rc=$?
assert "a procedures run with a procedure missing is refused (exit 2)" [ $rc -eq 2 ]
assert "the message names it and what to do" \
	contains noproc.txt "procedure tpcc_payment missing in database $DBN: run 'tpcc-console build --procedures-only'"
assert "before any VU started: no results file" [ ! -d "$T/r0" ]
build_ok "build --procedures-only exits 0" procs.txt $A --procedures-only
assert "the dropped procedure is back" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$DBN'")" = 5 ]
"$TPCC_BIN" build $A >again.txt 2>&1; rc=$?
assert "a second full build is still refused" [ $rc -eq 1 ]

"$TPCC_BIN" run $A --mode procedures --vus 4 --rampup 3 --duration 20 --results-dir "$T/r" </dev/null >run.txt 2>&1; rc=$?
assert "procedures run exits 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -20 run.txt
R=$(ls "$T"/r/*.json 2>/dev/null | head -1)
assert "procedures mode recorded" json_is "$R" 'd["run"]["mode"]' procedures
assert "auto ran the unkeyed VUs on mysql as fibers, 8 to a worker" \
	grep -qE '\] VUs run as fibers on [0-9]+ worker threads, 8 to a worker' run.txt
assert "no failed transactions" json_is "$R" 'd["summary"]["failed"]' 0
assert "client New-Orders match the database" db_matches_client "$R" "$(my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district")"
assert "remote order lines were written by the procedures" [ "$(my_sql "SELECT COUNT(*) > 0 FROM $DBN.order_line WHERE ol_supply_w_id <> ol_w_id")" = 1 ]
assert "remote payments counted from the inputs" json_true "$R" 'd["summary"]["audit"]["remote_payments"] > 0'
assert "rollbacks reported by the procedure" rollbacks_counted "$R"
assert "server TPM (Com_commit + Com_rollback) plausible" plausible_server_tpm "$R"
# The procedure returns each New-Order's o_id, so the durability record
# holds, per district a VU ran in, the last order the server acknowledged.
assert "acknowledged New-Orders recorded for the durability audit" \
	json_true "$R" 'len(d["durability"]["new_order_acked"]) == 20 and all(x[2] > 3000 for x in d["durability"]["new_order_acked"])'
check_ok "the durability audit passes after a clean procedures run" dur.txt $A --durability "$R"
assert "and it checked those districts" grep -qE 'durability: 20 districts checked, 0 acknowledged' dur.txt

assert "stock counters are the sums of the order lines written" stock_matches_lines $DBN
assert "each order line written has its stock row's information for its district" \
	dist_info_matches $DBN

# The run above ran its unkeyed VUs as fibers (workload.terminals auto),
# each CALL sent as text with no prepared statement (drivers/mysql.c); as
# threads they prepare each CALL and send it in the binary protocol: the
# same transactions, the same checks.
orders0=$(my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district")
"$TPCC_BIN" run $A --mode procedures --terminals threads --vus 4 --rampup 2 --duration 15 \
	--results-dir "$T/rf" </dev/null >threads.txt 2>&1; rc=$?
assert "a procedures run as threads exits 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -20 threads.txt
assert "its VUs ran as threads" lacks threads.txt 'VUs run as fibers'
RF=$(ls "$T"/rf/*.json 2>/dev/null | head -1)
assert "as threads: no failed transactions" json_is "$RF" 'd["summary"]["failed"]' 0
assert "as threads: every type committed" \
	json_true "$RF" 'all(v > 0 for v in d["summary"]["run_totals"]["commits"].values())'
assert "as threads: rollbacks reported by the procedure" \
	rollbacks_counted "$RF"
assert "as threads: client New-Orders match the database" db_matches_client "$RF" \
	"$(my_sql "SELECT SUM(d_next_o_id - 3001) - $orders0 FROM $DBN.district")"
assert "as threads: stock counters are still the sums of the order lines" stock_matches_lines $DBN
assert "as threads: each line still has its stock row's district information" \
	dist_info_matches $DBN
check_ok "as threads: the durability audit passes" durt.txt $A --durability "$RF"

# New-Order by hand: item 7 twice from warehouse 2 (one stock row, updated
# once with both quantities), item 9 from warehouse 1.  Each line is one
# number, W IIIIII QQ KK (KK: its stock row, from 0), and each stock row
# W IIIIII SSS CC (summed quantity, lines).
next() { my_sql "SELECT d_next_o_id FROM $DBN.district WHERE d_w_id = 1 AND d_id = 3"; }
n0=$(next)
out=$(my_sql "CALL $DBN.tpcc_new_order(1, 3, 5, 3, 0, '[20000070301,10000090200,20000070401]', '[100000900201,200000700702]')")
assert "a New-Order naming an item twice commits, its row the o_id ($out)" [ "$out" = "$n0" ]
assert "its three lines are written in order" [ "$(my_sql "SELECT GROUP_CONCAT(CONCAT(ol_number, ':', ol_i_id, '/', ol_supply_w_id, 'x', ol_quantity) ORDER BY ol_number) FROM $DBN.order_line WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = $n0")" = "1:7/2x3,2:9/1x2,3:7/2x4" ]
assert "and the stock rows agree with the lines" stock_matches_lines $DBN
assert "each line carries its own stock row's information for district 3" sql_is \
	"SELECT GROUP_CONCAT(ol_dist_info = s_dist_03 ORDER BY ol_number) FROM $DBN.order_line
	 JOIN $DBN.stock ON s_w_id = ol_supply_w_id AND s_i_id = ol_i_id
	 WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = $n0" "1,1,1"
my_sql "CALL $DBN.tpcc_new_order(1, 3, 5, 2, 1, '[10000070300,11000010101]', '[100000700301,110000100101]')" \
	>unused.txt 2>&1; rc=$?
assert "an unused item rolls the order back, raised" [ $rc -ne 0 ]
assert "as SQLSTATE TP001" contains unused.txt "(TP001)"
assert "saying why" contains unused.txt "unused item in order"
assert "leaving the district's next order id" [ "$(next)" = $((n0 + 1)) ]
assert "and the stock untouched" stock_matches_lines $DBN

# A session that asks for the answer in the OK packet (as the native
# driver's VUs do) gets no result set: the row's first column comes back
# as the session-tracked @@last_insert_id.
n1=$(next)
out=$(my_sql "SET SESSION session_track_system_variables = 'last_insert_id', @tpcc_answer = 'ok';
	CALL $DBN.tpcc_new_order(1, 3, 5, 1, 1, '[10000110200]', '[100001100201]');
	SELECT 'then', @@last_insert_id")
assert "answered in the OK packet, the call sends no row ($out)" [ "$out" = "$(printf 'then\t%s' "$n1")" ]
assert "and the order is there" [ "$(next)" = $((n1 + 1)) ]

# By name: the middle customer by first name, the ((n + 1) / 2)th, in a
# district where the last name is shared by an even number (so rounding
# shows) and by an odd number of customers.
for parity in 0 1; do
	last=$(my_sql "SELECT c_last FROM $DBN.customer WHERE c_w_id = 2 AND c_d_id = 4 GROUP BY c_last HAVING COUNT(*) > 1 AND COUNT(*) % 2 = $parity ORDER BY c_last LIMIT 1")
	want=$(my_sql "SELECT c_id FROM (SELECT c_id, ROW_NUMBER() OVER (ORDER BY c_first) AS k, COUNT(*) OVER () AS n FROM $DBN.customer WHERE c_w_id = 2 AND c_d_id = 4 AND c_last = '$last') t WHERE k = (n + 1) DIV 2")
	got=$(my_sql "CALL $DBN.tpcc_payment(1, 1, 2, 4, 0, 1, '$last', 10.00)")
	assert "Payment by name ($last) picks the middle customer ($want)" [ -n "$want" -a "$got" = "$want" ]
	assert "and pays that customer" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.history WHERE h_c_w_id = 2 AND h_c_d_id = 4 AND h_c_id = $want AND h_amount = 10.00")" -ge 1 ]
	assert "with the history row naming warehouse 1 and district 1" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.history, $DBN.warehouse, $DBN.district WHERE h_c_w_id = 2 AND h_c_d_id = 4 AND h_c_id = $want AND h_amount = 10.00 AND h_w_id = 1 AND h_d_id = 1 AND w_id = 1 AND d_w_id = 1 AND d_id = 1 AND h_data = CONCAT(w_name, '    ', d_name)")" -ge 1 ]
	got=$(my_sql "CALL $DBN.tpcc_order_status(2, 4, 0, 1, '$last')" | cut -f1)
	assert "Order-Status by name ($last) finds the same customer" [ "$got" = "$want" ]
done
ytd0=$(my_sql "SELECT w_ytd FROM $DBN.warehouse WHERE w_id = 1")
my_sql "CALL $DBN.tpcc_payment(1, 1, 1, 1, 0, 1, 'NOSUCHNAME', 10.00)" >noname.txt 2>&1; rc=$?
assert "Payment by an unknown last name fails" [ $rc -ne 0 ]
assert "saying so" contains noname.txt "no customer with that last name"
assert "and pays nobody" [ "$(my_sql "SELECT w_ytd FROM $DBN.warehouse WHERE w_id = 1")" = "$ytd0" ]
h0=$(my_sql "SELECT COUNT(*) FROM $DBN.history")
my_sql "CALL $DBN.tpcc_payment(1, 1, 1, 1, 3001, 0, '', 10.00)" >noid.txt 2>&1; rc=$?
assert "Payment of an unknown customer id fails" [ $rc -ne 0 ]
assert "saying so" contains noid.txt "no such customer"
assert "and pays nobody" [ "$(my_sql "SELECT w_ytd FROM $DBN.warehouse WHERE w_id = 1")" = "$ytd0" ]
assert "and writes no history" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.history")" = "$h0" ]
bal0=$(my_sql "SELECT c_balance FROM $DBN.customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 5")
my_sql "CALL $DBN.tpcc_payment(1, 11, 1, 1, 5, 0, '', 10.00)" >nodist.txt 2>&1; rc=$?
assert "Payment to an unknown district fails" [ $rc -ne 0 ]
assert "saying so" contains nodist.txt "no such district"
assert "and the customer's payment is undone" [ "$(my_sql "SELECT c_balance FROM $DBN.customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 5")" = "$bal0" ]
# A district whose warehouse row is gone (the warehouse renumbered for
# the call, then put back).
my_sql "UPDATE $DBN.warehouse SET w_id = 99 WHERE w_id = 2"
my_sql "CALL $DBN.tpcc_payment(2, 1, 2, 1, 5, 0, '', 10.00)" >nowh.txt 2>&1; rc=$?
my_sql "UPDATE $DBN.warehouse SET w_id = 2 WHERE w_id = 99"
assert "Payment to a district without its warehouse fails" [ $rc -ne 0 ]
assert "saying so" contains nowh.txt "no such warehouse"
assert "and writes no history" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.history")" = "$h0" ]
# The names reach the history row through user variables, which outlive a
# call: two Payments in one session, to other warehouses and districts,
# each name their own.
my_sql "USE $DBN; CALL tpcc_payment(2, 6, 2, 6, 17, 0, '', 12.34); CALL tpcc_payment(1, 8, 1, 8, 18, 0, '', 43.21)" >/dev/null
assert "two Payments in one session each name their own warehouse and district" \
	[ "$(my_sql "SELECT COUNT(*) FROM $DBN.history JOIN $DBN.warehouse ON w_id = h_w_id JOIN $DBN.district ON d_w_id = h_w_id AND d_id = h_d_id WHERE (h_w_id, h_d_id, h_c_id, h_amount) IN ((2, 6, 17, 12.34), (1, 8, 18, 43.21)) AND h_data = CONCAT(w_name, '    ', d_name)")" = 2 ]

# Delivery by hand on warehouse 2, its district 10 emptied first (and
# refilled after, for check): the oldest new order of each other district
# delivered, its customer paid the sum of its lines; district 10 counted
# as skipped.
my_sql "CREATE TABLE $DBN.dl_keep AS SELECT * FROM $DBN.new_order WHERE no_w_id = 2 AND no_d_id = 10"
my_sql "DELETE FROM $DBN.new_order WHERE no_w_id = 2 AND no_d_id = 10"
oldest="SELECT no_d_id AS d, MIN(no_o_id) AS o FROM $DBN.new_order WHERE no_w_id = 2 GROUP BY no_d_id"
my_sql "CREATE TABLE $DBN.dl_want AS SELECT t.d, t.o, o_c_id AS c, c_balance + (SELECT SUM(ol_amount) FROM $DBN.order_line WHERE ol_w_id = 2 AND ol_d_id = t.d AND ol_o_id = t.o) AS balance, c_delivery_cnt + 1 AS cnt, (SELECT COUNT(*) FROM $DBN.order_line WHERE ol_w_id = 2 AND ol_d_id = t.d AND ol_o_id = t.o) AS nlines FROM ($oldest) t JOIN $DBN.orders ON o_w_id = 2 AND o_d_id = t.d AND o_id = t.o JOIN $DBN.customer ON c_w_id = 2 AND c_d_id = t.d AND c_id = o_c_id"
out=$(my_sql "CALL $DBN.tpcc_delivery(2, 7)")
assert "Delivery reports the empty district as skipped ($out)" [ "$out" = 1 ]
assert "the nine oldest new orders are gone" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.new_order n JOIN $DBN.dl_want w ON no_w_id = 2 AND no_d_id = w.d AND no_o_id = w.o")" = 0 ]
assert "and only those" [ "$(my_sql "SELECT COUNT(*) FROM ($oldest) t JOIN $DBN.dl_want w ON t.d = w.d AND t.o = w.o + 1")" = 9 ]
assert "each order has carrier 7" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.orders JOIN $DBN.dl_want w ON o_w_id = 2 AND o_d_id = w.d AND o_id = w.o AND o_carrier_id = 7")" = 9 ]
assert "every line of them a delivery date" [ "$(my_sql "SELECT COUNT(*) = (SELECT SUM(nlines) FROM $DBN.dl_want) FROM $DBN.order_line JOIN $DBN.dl_want w ON ol_w_id = 2 AND ol_d_id = w.d AND ol_o_id = w.o AND ol_delivery_d IS NOT NULL")" = 1 ]
assert "each customer credited the sum of the lines, once" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.customer JOIN $DBN.dl_want w ON c_w_id = 2 AND c_d_id = w.d AND c_id = w.c AND c_balance = w.balance AND c_delivery_cnt = w.cnt")" = 9 ]
my_sql "INSERT INTO $DBN.new_order SELECT * FROM $DBN.dl_keep"
my_sql "DROP TABLE $DBN.dl_want, $DBN.dl_keep"
# A new order whose order is missing (district 5's oldest, order 0) stops
# the Delivery, undoing districts 1 to 4, rather than crediting the
# customer of the district before.
my_sql "INSERT INTO $DBN.new_order VALUES (0, 5, 1)"
n0=$(my_sql "SELECT COUNT(*) FROM $DBN.new_order WHERE no_w_id = 1")
my_sql "CALL $DBN.tpcc_delivery(1, 3)" >dlbad.txt 2>&1; rc=$?
assert "Delivery of a new order without its order fails" [ $rc -ne 0 ]
assert "saying so" contains dlbad.txt "new order without an undelivered order"
assert "and undoes the districts before it" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.new_order WHERE no_w_id = 1")" = "$n0" ]
my_sql "DELETE FROM $DBN.new_order WHERE no_w_id = 1 AND no_d_id = 5 AND no_o_id = 0"

# Delivery's read of the oldest new order is a locking read: while another
# session delivers district 1's oldest order by hand (its new order
# deleted, not yet committed), Delivery waits, and once that commits it
# delivers the next one.  A plain read would have taken the held order
# again and paid its customer twice.
o1=$(my_sql "SELECT MIN(no_o_id) FROM $DBN.new_order WHERE no_w_id = 1 AND no_d_id = 1")
my_session lock "$DBN"
session_send "START TRANSACTION; DELETE FROM new_order WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = $o1;
UPDATE orders SET o_carrier_id = 8 WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = $o1;
UPDATE order_line SET ol_delivery_d = NOW() WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = $o1;
UPDATE customer SET c_balance = c_balance + (SELECT SUM(ol_amount) FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 1 AND ol_o_id = $o1), c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = (SELECT o_c_id FROM orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = $o1);
SELECT 'held';"
wait_for lock.out '^held$' 10
my_sql "USE $DBN; CALL tpcc_delivery(1, 9)" >dlwait.txt 2>&1 &
DLV=$!
assert "a Delivery waits at its locking read for the new order another session holds" \
	wait_sql "SELECT COUNT(*) FROM information_schema.INNODB_TRX t JOIN information_schema.PROCESSLIST p ON p.ID = t.trx_mysql_thread_id WHERE p.DB = '$DBN' AND t.trx_state = 'LOCK WAIT' AND t.trx_query LIKE 'SELECT MIN(no_o_id)%'" 1 30
session_send "COMMIT; SELECT 'done';"
wait_for lock.out '^done$' 10
wait "$DLV"; rc=$?
assert "then goes on and commits" [ $rc -eq 0 ]
assert "the held order keeps its carrier (8)" \
	[ "$(my_sql "SELECT o_carrier_id FROM $DBN.orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = $o1")" = 8 ]
assert "the Delivery took the next one (carrier 9)" \
	[ "$(my_sql "SELECT o_carrier_id FROM $DBN.orders WHERE o_w_id = 1 AND o_d_id = 1 AND o_id = $((o1 + 1))")" = 9 ]
close_session

# With the VUs' index-dive limit, the statements that two indexes could
# serve keep their index: the order of a customer, and customers by name.
plan() { my_sql "SET SESSION eq_range_index_dive_limit = 1; EXPLAIN $1" | cut -f6; }
assert "Order-Status's last order reads orders_i2" \
	[ "$(plan "SELECT o_id, o_carrier_id, o_entry_d FROM $DBN.orders WHERE o_w_id = 1 AND o_d_id = 2 AND o_c_id = 3 ORDER BY o_id DESC LIMIT 1")" = orders_i2 ]
assert "customers by last name read customer_i2" \
	[ "$(plan "SELECT c_id FROM $DBN.customer WHERE c_w_id = 1 AND c_d_id = 2 AND c_last = 'BARBARBAR' ORDER BY c_first")" = customer_i2 ]

# Each VU connection sets the session's index-dive limit before its first
# transaction (the general log, as a table, shows what each thread ran).
log_output=$(my_sql "SELECT @@log_output")
on_exit "my_sql \"SET GLOBAL general_log = OFF, log_output = '$log_output'\"; my_sql 'TRUNCATE TABLE mysql.general_log'"
my_sql "SET GLOBAL log_output = 'TABLE', general_log = ON"
"$TPCC_BIN" run $A --mode procedures --vus 3 --rampup 0 --duration 1 --results-dir "$T/rs" </dev/null >session.txt 2>&1; rc=$?
my_sql "SET GLOBAL general_log = OFF"
assert "a short procedures run exits 0" [ $rc -eq 0 ]
# The log is the server's: another test's run can be in it (the ODBC test's
# procedures prepare their CALLs), so only this database's threads count.
own_threads="SELECT thread_id FROM mysql.general_log WHERE command_type = 'Connect' AND argument LIKE '%on $DBN %'"
vu_threads="$own_threads AND thread_id IN (SELECT thread_id FROM mysql.general_log WHERE argument LIKE 'CALL tpcc_%')"
assert "three VU threads ran procedures" [ "$(my_sql "SELECT COUNT(DISTINCT thread_id) FROM mysql.general_log WHERE thread_id IN ($vu_threads)")" = 3 ]
assert "each set eq_range_index_dive_limit = 1 first" [ "$(my_sql "SELECT COUNT(*) FROM mysql.general_log g WHERE thread_id IN ($vu_threads) AND argument = 'SET SESSION eq_range_index_dive_limit = 1' AND event_time <= (SELECT MIN(event_time) FROM mysql.general_log WHERE thread_id = g.thread_id AND argument LIKE 'CALL tpcc_%')")" = 3 ]
# The same as fibers: each VU's CALLs went as text, its parameters in
# them, never prepared.
my_sql 'TRUNCATE TABLE mysql.general_log'
my_sql "SET GLOBAL general_log = ON"
"$TPCC_BIN" run $A --mode procedures --terminals fibers --vus 3 --rampup 0 --duration 1 \
	--results-dir "$T/rsf" </dev/null >sessionf.txt 2>&1; rc=$?
my_sql "SET GLOBAL general_log = OFF"
assert "a short procedures run as fibers exits 0" [ $rc -eq 0 ]
assert "as fibers the CALLs went as text, with their values" [ "$(my_sql "SELECT COUNT(*) > 0 FROM mysql.general_log WHERE thread_id IN ($own_threads) AND command_type = 'Query' AND argument RLIKE '^CALL tpcc_[a-z_]+\\\\([0-9]'")" = 1 ]
assert "and none was prepared" [ "$(my_sql "SELECT COUNT(*) FROM mysql.general_log WHERE thread_id IN ($own_threads) AND command_type = 'Prepare' AND argument LIKE 'CALL tpcc_%'")" = 0 ]

# An answer that does not come back in the OK packet (as behind a proxy
# that drops session tracking): simulated by a Stock-Level that answers
# nothing when asked for its answer in the packet.  The call is reported
# once per VU and the calls send their rows from then on.
printf 'DELIMITER //\nCREATE OR REPLACE PROCEDURE %s.tpcc_stock_level(p_w_id INT, p_d_id INT, p_threshold INT)\nBEGIN IF @tpcc_answer IS NULL THEN SELECT 0; END IF; END//\n' "$DBN" |
	mariadb --no-defaults --socket="$TPCC_TEST_MYSQL_SOCKET" --user="${TPCC_TEST_MYSQL_USER:-root}"
"$TPCC_BIN" run $A --mode procedures --vus 2 --rampup 0 --duration 4 --results-dir "$T/rlost" \
	</dev/null >lost.txt 2>&1; rc=$?
R=$(ls "$T"/rlost/*.json 2>/dev/null | head -1)
assert "a run whose answers go missing exits 0" [ $rc -eq 0 ]
assert "it says what happened" contains lost.txt "answer was not in its OK packet"
assert "once per VU at most" json_true "$R" '1 <= d["summary"]["failed"] <= 2'
assert "and Stock-Levels go on, answered by rows" \
	json_true "$R" 'd["summary"]["run_totals"]["commits"]["stock_level"] > 2'
"$TPCC_BIN" build $A --procedures-only >procs-back.txt 2>&1

# Procedures from an older tpcc-console (another signature) are refused.
my_sql "UPDATE $DBN.tpcc_meta SET v = '1' WHERE k = 'procedures'"
"$TPCC_BIN" run $A --mode procedures --duration 5 --rampup 0 --results-dir "$T/r1" </dev/null >oldproc.txt 2>&1; rc=$?
assert "procedures of another version are refused (exit 2)" [ $rc -eq 2 ]
assert "the message says which and what to do" contains oldproc.txt \
	"are version 1, this tpcc-console calls version 5: run 'tpcc-console build --procedures-only'"
"$TPCC_BIN" build $A --procedures-only >procs2.txt 2>&1
assert "build --procedures-only records the version it created" \
	[ "$(my_sql "SELECT v FROM $DBN.tpcc_meta WHERE k = 'procedures'")" = 5 ]

check_ok "check passes after the procedures run" check.txt $A
finish
