#!/usr/bin/env bash
# mariadb-sweep.sh: `sweep` on the shared MariaDB.  A VU sweep 1,2,4 with
# short steps: three steps in the results file, each window's VU count
# seen in the server's own process list while that window was measured,
# and the table printed at the end equal to the one in the file and to the
# steps' figures.  Bad input (an unknown variable, a read-only one, a value
# the server would clamp) is refused before the first step with exit 2,
# no results file and nothing changed on the server; a knob sweep puts its
# variable back.  The knob is innodb_adaptive_flushing_lwm, which no other
# test touches, so tests running beside this one cannot move it.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_sweep
cd "$T"
KNOB=innodb_adaptive_flushing_lwm
ORIG=$(my_sql "SELECT @@GLOBAL.$KNOB")
ORIGF=$(python3 -c "print(float('$ORIG'))")
on_exit "my_sql 'SET GLOBAL $KNOB = $ORIG'"
CONNS="SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='$DBN'"

mariadb_built "build exits 0"
metrics_step() {
	http_get "http://127.0.0.1:$MPORT/metrics" 2 | grep -qE "^tpcc_step\{[^}]*\} $1\$" ||
		{ echo "no tpcc_step $1 on /metrics"; return 1; }
}

# ---- a VU sweep --------------------------------------------------------------
MPORT=$(free_port)
"$TPCC_BIN" sweep $A --vus 1,2,4 --step 3 --settle 1 --rampup 0 --metrics-listen "$MPORT" \
	--results-dir "$T/results" >sweep.txt 2>&1 &
PID=$!
on_exit "kill $PID 2>/dev/null"
# Inside each window the server holds one session per VU plus the engine's
# control one; the sample must come before the step's end is logged.
for n in 1 2 3; do
	vus=$(( 1 << (n - 1) ))
	if wait_for sweep.txt "step $n/3 measuring" 30; then
		got=$(my_sql "$CONNS")
		late=no
		grep -q "step $n/3 done" sweep.txt && late=yes
		assert "step $n: the server saw $vus VUs + control in the window (saw $got)" \
			[ "$got" = $((vus + 1)) ]
		assert "step $n: sampled before the step's end was logged" [ $late = no ]
		# The metrics endpoint names the step under way.
		assert "step $n: /metrics says tpcc_step $n" poll 5 metrics_step "$n"
	else
		not_ok "step $n/3 never started measuring"
	fi
done
wait_exit $PID 60
assert "sweep exits 0" [ $? -eq 0 ]
R=$(ls results/*.json 2>/dev/null | head -1)
assert "the results file is complete" json_true "$R" 'd["complete"] and d["stopped_by"] is None'
assert "three steps" json_is "$R" 'len(d["steps"])' 3
"$TPCC_BIN" report "$R" --format md >report.md 2>&1
assert "report's step table: each step's setting and NOPM as the file has them" json_true "$R" \
	'all(("| %d | %s | %.0f |" % (s["step"], s["label"], s["nopm"])) in open("report.md").read() for s in d["steps"])'
assert "each step set the VU count it names, from the one before" \
	json_is "$R" '[(s["set"]["vus"]["old"], s["set"]["vus"]["new"]) for s in d["steps"]]' \
	"[(1, 1), (1, 2), (2, 4)]"
assert "each window had exactly its VUs in every tick" \
	json_is "$R" '[(s["vus_min"], s["vus_max"]) for s in d["steps"]]' "[(1, 1), (2, 2), (4, 4)]"
assert "each window is 3 s after 1 s of settling, complete" \
	json_true "$R" 'all(s["seconds"] == 3 and s["complete"] and s["settled"] - s["started"] == 1 and s["ended"] - s["settled"] == 3 for s in d["steps"])'
assert "windows follow one another and commit New-Orders" \
	json_true "$R" 'all(b["started"] >= a["ended"] for a, b in zip(d["steps"], d["steps"][1:])) and all(s["nopm"] > 0 and s["commits"]["new_order"] > 0 for s in d["steps"])'
assert "a window's NOPM is its New-Orders over its seconds" \
	json_true "$R" 'all(abs(s["nopm"] - s["commits"]["new_order"] * 60 / s["seconds"]) < 0.1 for s in d["steps"])'
# The window's percentiles come from its merged histogram: p95 lies between
# the smallest and the largest per-second p95 of the window's ticks.
assert "a window's p95 lies within its ticks' per-second p95s" json_true "$R" '
all(min(ts) - 0.5 <= s["latency_ms"]["new_order"]["p95"] <= max(ts) + 0.5
    for s in d["steps"]
    for ts in [[t["latency_ms"]["new_order"]["p95"] for t in d["ticks"]
                if s["settled"] < t["t"] <= s["ended"] and t["commits"]["new_order"]]])'
assert "server metrics averaged over each window" \
	json_true "$R" 'all("innodb_buffer_pool_pages_dirty" in s["server_metrics"] for s in d["steps"])'
sed -n '/^sweep: 3 steps$/,$p' sweep.txt | tail -n +2 >printed.txt
json_get "$R" '"\n".join(d["steps_table"])' >filed.txt
assert "the printed table is the one in the file" cmp -s printed.txt filed.txt
assert "the table has a header and one line per step" [ "$(wc -l <printed.txt)" = 4 ]
json_get "$R" '"\n".join("%d %.0f %.0f" % (s["step"], s["nopm"], s["tpm"]) for s in d["steps"])' >want.txt
# Columns by the header's words ("p95 NO" and "p95 Pay" are two each, so
# the ratio is two places left of its header word in a step's line).
COLS='NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }'
awk "$COLS"' { print $1, $c["NOPM"], $c["TPM"] }' printed.txt >got.txt
assert "the table's NOPM and TPM are the steps'" cmp -s want.txt got.txt
assert "the first step's ratio is 1.00" \
	[ "$(awk "$COLS"' NR == 2 { print $(c["ratio"] - 2) }' printed.txt)" = 1.00 ]
# 3-s windows are too short for an interval (2 blocks of 2 s at least);
# where there is one, it holds the step's NOPM.
assert "a step's NOPM 95% interval, where given, holds its NOPM" awk "$COLS"' c["95%-interval"] {
	split($c["95%-interval"], iv, /[.][.]/); if (!(iv[1] <= $3 && $3 <= iv[2])) exit 1 }' printed.txt

# ---- bad input, refused before the first step --------------------------------
refused() {
	local what=$1 msg=$2 out rc; shift 2
	out=$T/refused.txt
	"$TPCC_BIN" sweep $A --step 1 --settle 0 --rampup 0 --results-dir "$T/refused" "$@" >"$out" 2>&1
	rc=$?
	assert "$what: exit 2 (got $rc)" [ $rc -eq 2 ]
	assert "$what: says why" grep -qF -- "$msg" "$out"
	assert "$what: no results file" [ ! -e "$T/refused" ]
}
refused "an unknown variable" "unknown variable 'no_such_knob'" --knob no_such_knob=1,2
refused "a read-only variable" "innodb_page_size is read-only" --knob innodb_page_size=8192
refused "a value the server would clamp" "$KNOB takes 0 to 70, not 500" --knob "$KNOB=5,500"
refused "a value of the wrong type" "$KNOB takes a number" --knob "$KNOB=5,lots"
assert "nothing changed on the server" sql_is "SELECT @@GLOBAL.$KNOB" "$ORIG"
refused "a VU list with a hole" "sweep.vus (--vus): expected VU counts" --vus 1,,4
refused "nothing to sweep" "nothing to sweep"

# ---- steps from the config file's list; the variable is put back --------------
cat >steps.conf <<EOF
sweep = {
  settle = 0;
  step = 1;
  steps = ( { vus = 1; set = { $KNOB = 5; }; },
            { vus = 2; set = { $KNOB = 15.5; }; step = 2; } );
};
EOF
tpcc_ok "a sweep of config-file steps exits 0" knob.txt sweep $A -c steps.conf --rampup 0 \
	--results-dir "$T/knob"
R=$(ls knob/*.json 2>/dev/null | head -1)
assert "each step recorded the value before and the value read back after" \
	json_is "$R" '[(float(s["set"]["'$KNOB'"]["old"]), float(s["set"]["'$KNOB'"]["new"])) for s in d["steps"]]' \
	"[($ORIGF, 5.0), (5.0, 15.5)]"
assert "and how long until the server had it in effect" \
	json_true "$R" 'all(0 <= s["set"]["'$KNOB'"]["in_effect_s"] < 5 for s in d["steps"])'
assert "the steps' own VU counts and lengths" \
	json_is "$R" '[(s["set"]["vus"]["new"], s["seconds"]) for s in d["steps"]]' "[(1, 1), (2, 2)]"
assert "the variable is back to $ORIG after the sweep" sql_is "SELECT @@GLOBAL.$KNOB" "$ORIG"
cat >bad.conf <<EOF
sweep = { steps = ( { vus = 1; }, { vus = "two"; } ); };
EOF
"$TPCC_BIN" sweep $A -c bad.conf >bad.txt 2>&1; rc=$?
assert "a bad step in the file exits 2" [ $rc -eq 2 ]
assert "naming the file, line and step" contains bad.txt "bad.conf:1: sweep.steps: step 2: vus: expected an integer"
finish
