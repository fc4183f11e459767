#!/usr/bin/env bash
# sqlite-capacity.sh: `capacity` on a real database (SQLite) with TPC-C's
# default limits: it ends within its step budget (--steps 4), the results
# file has the search (the limits, the curve of the rates tried, the
# knee or why there is none), and every rate on the curve was offered.
. "$(dirname "$0")/lib.sh"
cd "$T"
DB=$T/c.sqlite
sqlite_built "build exits 0" "$DB"
"$TPCC_BIN" --db "$DB" --rampup 0 capacity --vus 2 --steps 4 --step 2 --settle 1 \
	--results-dir "$T/r" </dev/null >cap.txt 2>&1
assert "capacity on SQLite exits 0" [ $? -eq 0 ]
R=$(ls "$T"/r/*.json)
C='d["capacity"]'
assert "within the budget: at most 4 steps" json_true "$R" "2 <= len(d[\"steps\"]) <= 4 and $C[\"steps_budget\"] == 4"
assert "the default limits: TPC-C's p90 bounds, 5 s and 20 s for Stock-Level" json_true "$R" \
	"{l[\"figure\"]: l[\"max_ms\"] for l in $C[\"limits\"]} == {\"new_order.p90\": 5000, \"payment.p90\": 5000, \"order_status.p90\": 5000, \"delivery.p90\": 5000, \"stock_level.p90\": 20000}"
assert "a curve: every rate tried, offered and measured" json_true "$R" \
	"len($C[\"curve\"]) == len(d[\"steps\"]) - 1 and all(p[\"offered_tpm\"] > 0 and p[\"achieved_tpm\"] > 0 and \"new_order.p90\" in p[\"latency_ms\"] for p in $C[\"curve\"])"
assert "a knee that held, or none and why" json_true "$R" \
	"($C[\"knee_tpm\"] is not None and any(p[\"held\"] and p[\"offered_tpm\"] == $C[\"knee_tpm\"] for p in $C[\"curve\"])) or ($C[\"knee_tpm\"] is None and bool($C[\"ended\"]))"
assert "the curve and the verdict printed" file_matches cap.txt "^capacity: (knee at|no rate tried)"
echo "figures: $(grep '^capacity: knee\|^capacity: no rate' cap.txt)"
finish
