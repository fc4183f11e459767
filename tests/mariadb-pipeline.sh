#!/usr/bin/env bash
# mariadb-pipeline.sh: statements mode on MariaDB sends each batch of a
# transaction as one multi-statement query, its COMMIT or ROLLBACK with
# it, and keeps the transactions exact.  Every New-Order naming the unused
# item rolls back whole (no order, no line, no stock change) though its
# rollback went out with its inserts; the New-Orders the client counted
# are the database's; the consistency conditions hold; and the round trips
# per transaction are fewer than one statement per round trip.
# (mariadb-hotspot.sh has the lock timeouts and deadlocks that arrive in
# the middle of a batch; test_drivers the batch's own cases.)
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_myp
cd "$T"
mariadb_built "a 1-warehouse schema"
# What New-Orders leave behind, all in one line.
trace() {
	my_sql "SELECT CONCAT_WS(' ', (SELECT SUM(d_next_o_id) FROM $DBN.district),
		(SELECT COUNT(*) FROM $DBN.orders), (SELECT COUNT(*) FROM $DBN.order_line),
		(SELECT SUM(s_quantity) FROM $DBN.stock), (SELECT SUM(s_ytd) FROM $DBN.stock),
		(SELECT SUM(s_order_cnt) FROM $DBN.stock), (SELECT SUM(s_remote_cnt) FROM $DBN.stock))"
}

rollbacks_leave_no_trace trace $A

no0=$(my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district")
"$TPCC_BIN" run $A --vus 4 --rampup 0 --duration 4 --results-dir "$T/p" </dev/null >p.txt 2>&1
assert "a pipelined run of the whole mix exits 0" [ $? -eq 0 ]
P=$(ls "$T"/p/*.json 2>/dev/null | head -1)
assert "  nothing failed" json_is "$P" 'd["summary"]["failed"]' 0
assert "  client New-Orders match the database" \
	db_matches_client "$P" $(($(my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district") - no0))
check_ok "the consistency conditions hold after the pipelined runs" check.txt $A

"$TPCC_BIN" run $A --vus 2 --rampup 0 --duration 3 --no-pipeline --results-dir "$T/np" \
	</dev/null >np.txt 2>&1
assert "a run one statement per round trip exits 0" [ $? -eq 0 ]
N=$(ls "$T"/np/*.json 2>/dev/null | head -1)
fewer_round_trips "$P" "$N" new_order payment order_status delivery
finish
