#!/usr/bin/env bash
# pg-pipeline.sh: statements mode pipelined through libpq keeps the
# transactions exact.  Every New-Order naming the unused item rolls back
# whole (no order, no line, no stock change) although its reads went out
# in one pipeline; Payments that a second connection's updates of their
# warehouse row make fail with a serialization failure under REPEATABLE
# READ are retried and commit once each (one history row per committed
# Payment); the consistency conditions hold afterwards; and the round
# trips per transaction are fewer than one statement per round trip.
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
pg_native_db tpcc_pgp
# What a New-Order leaves behind, all in one line.
trace() {
	q "SELECT (SELECT SUM(d_next_o_id) FROM district) || ' ' || (SELECT COUNT(*) FROM orders)
		|| ' ' || (SELECT COUNT(*) FROM order_line) || ' ' || s FROM
		(SELECT SUM(s_quantity) || ' ' || SUM(s_ytd) || ' ' || SUM(s_order_cnt) || ' '
		 || SUM(s_remote_cnt) AS s FROM stock) t"
}

pg_built "build W=1 through libpq"

rollbacks_leave_no_trace trace $A

# A second connection updating warehouse 1's row (to the value it has)
# while Payments run under REPEATABLE READ: a Payment whose snapshot is
# older than that update fails with 40001 on its own update of the row.
hist0=$(q "SELECT COUNT(*) FROM history")
no0=$(q "SELECT SUM(d_next_o_id - 3001) FROM district")
( while :; do
	for i in $(seq 200); do echo "UPDATE warehouse SET w_ytd = w_ytd WHERE w_id = 1;"; done
  done | pg_sql -d "$DBN" >/dev/null 2>&1 ) &
upd=$!
on_exit "kill $upd 2>/dev/null"
"$TPCC_BIN" run $A --vus 2 --rampup 0 --duration 4 --isolation repeatable-read --retry-max 1000 \
	--results-dir "$T/rr" </dev/null >rr.txt 2>&1
rc=$?
kill "$upd" 2>/dev/null
wait "$upd" 2>/dev/null
assert "a REPEATABLE READ run beside the updater exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/rr/*.json 2>/dev/null | head -1)
assert "  serialization failures were met" json_true "$R" 'd["summary"]["errors"]["deadlock"] > 0'
assert "  and retried" json_true "$R" 'd["summary"]["retries"] > 0'
assert "  nothing failed" json_is "$R" 'd["summary"]["failed"]' 0
assert "  each committed Payment wrote one history row" \
	json_is "$R" 'd["summary"]["run_totals"]["commits"]["payment"]' $(($(q "SELECT COUNT(*) FROM history") - hist0))
assert "  client New-Orders match the database" \
	db_matches_client "$R" $(($(q "SELECT SUM(d_next_o_id - 3001) FROM district") - no0))
check_ok "the consistency conditions hold after the pipelined runs" check.txt $A

"$TPCC_BIN" run $A --vus 2 --rampup 0 --duration 2 --no-pipeline --results-dir "$T/np" \
	</dev/null >np.txt 2>&1
assert "a run one statement per round trip exits 0" [ $? -eq 0 ]
P=$(ls "$T"/rr/*.json | head -1) N=$(ls "$T"/np/*.json 2>/dev/null | head -1)
fewer_round_trips "$P" "$N" new_order payment delivery
finish
