#!/usr/bin/env bash
# metrics-prometheus.sh: two instances split one run on the shared MariaDB
# (--warehouse-range 1-1 and 2-2, the same --start-at), and a real
# Prometheus scrapes both every second; /metrics carries each --label.
# What it computes must agree with the results files: per instance, each
# scrape's New-Order count exactly with the file's up to the second it
# names, rate(tpcc_commits_total{type="new_order"}[10s])*60 with the
# ticks' New-Orders over the scrapes' own time within 5% (no sample
# carries a timestamp: the scrape's is theirs), and histogram_quantile's p95 with the
# file's within its bucket; over both, the sum of New-Orders exactly.  Each
# instance's New-Orders went to its own warehouses only; report --merge 2
# of the two files gives their sums, second by second and in the summary,
# and refuses a file merged with itself (overlapping ranges); compare
# --merge 2 finds the merged run equal to itself; check passes
# afterwards.  The second instance offers a load (--rate): its
# /metrics has the offered and achieved rates and the backlog, each sample
# Prometheus kept equal to its tick in the file; the first serves none of
# them.  Every query of contrib/grafana-dashboard.json names metrics
# /metrics serves, and the Prometheus answers each with data.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_prom
cd "$T"

build_ok "build 2 warehouses" build.txt $A --warehouses 2
P1=$(free_port) P2=$(free_port)
start_prometheus "127.0.0.1:$P1" "127.0.0.1:$P2" || { not_ok "Prometheus is ready"; finish; exit; }
AT=$(date -u -d @$(($(date +%s) + 6)) +%Y-%m-%dT%H:%M:%SZ)
# The second offers a load (--rate 1200, about half what 2 VUs do here):
# its /metrics has the rate's gauges, the first's none.
RATE1= RATE2="--rate 1200"
for i in 1 2; do
	eval "port=\$P$i rate=\$RATE$i"
	"$TPCC_BIN" run $A --label "split-$i" --vus 2 --rampup 0 --duration 20 --rampdown 2 --batch $rate \
		--warehouse-range $i-$i --start-at "$AT" --results-dir "$T/results$i" \
		--metrics-listen "$port" </dev/null >run$i.txt 2>&1 &
	eval "RUN$i=$!"
	on_exit "kill $! 2>/dev/null"
done
assert "both wait for the same second" wait_for run2.txt "waiting until $AT" 20
assert "the first announces its endpoint" wait_for run1.txt "metrics: http://127.0.0.1:$P1/metrics" 30
http_get "http://127.0.0.1:$P1/metrics" >metrics.txt
assert "/metrics serves commits per type" contains metrics.txt 'tpcc_commits_total{run="'
assert "/metrics carries the run's --label" contains metrics.txt 'label="split-1"'
assert "/metrics names the home warehouses" contains metrics.txt 'tpcc_home_warehouse_first{run="'
innodb() { http_get "http://127.0.0.1:$P1/metrics" | grep -q 'tpcc_server_metric{.*name="innodb_data_writes"}'; }
assert "/metrics serves the server's InnoDB figures" poll 10 innodb
http_get "http://127.0.0.1:$P1/metrics" >metrics.txt
rated() { http_get "http://127.0.0.1:$P2/metrics" >metrics2.txt; grep -q '^tpcc_offered_tpm{run=.*} 1200$' metrics2.txt; }
# No sample carries a timestamp: each line ends with its value.
stamped() { ! grep -qE '^[a-z_]+\{.*\} [^ ]+ [0-9]+$' metrics.txt; }
assert "no sample carries a timestamp of its own" stamped
assert "a run with --rate serves the offered rate" poll 10 rated
served() { local m; for m; do grep -q "^$m{run=" metrics2.txt || return 1; done; }
assert "... and its achieved rate and backlog" \
	served tpcc_achieved_tpm tpcc_behind_schedule_seconds tpcc_behind_schedule_transactions
unrated() { ! grep -q 'tpcc_offered_tpm\|tpcc_achieved_tpm\|tpcc_behind_schedule' metrics.txt; }
assert "a run without a rate serves none of them" unrated
wait_exit $RUN1 60
assert "the first run exits 0" [ $? -eq 0 ]
wait_exit $RUN2 30
assert "the second run exits 0" [ $? -eq 0 ]
R1=$(ls "$T"/results1/*.json | head -1) R2=$(ls "$T"/results2/*.json | head -1)
assert "results files complete" json_true "$R1" 'd["complete"]'
assert "both runs started on the same second" [ "$(json_get "$R1" 'd["run"]["started_at"]')" = "$(json_get "$R2" 'd["run"]["started_at"]')" ]
for i in 1 2; do
	eval "R=\$R$i"
	n=$(my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district WHERE d_w_id = $i")
	assert "warehouse $i holds instance $i's New-Orders and no others ($n)" db_matches_client "$R" "$n"
done
scraped() { prom_query 'count(count_over_time(tpcc_elapsed_seconds[10m]))' | grep -q '"2"'; }
assert "Prometheus scraped both instances" poll 5 scraped
for i in 1 2; do
	eval "R=\$R$i port=\$P$i"
	python3 "$TPCC_SRCDIR/tests/prom_compare.py" nopm "$PROM" "$R" "instance=\"127.0.0.1:$port\"" >nopm$i.txt 2>&1
	assert "instance $i: its counts are the file's, and rate()*60 agrees with it within 5%" [ $? -eq 0 ]
	cat nopm$i.txt
done
python3 "$TPCC_SRCDIR/tests/prom_compare.py" rate "$PROM" "$R2" "instance=\"127.0.0.1:$P2\"" >rate.txt 2>&1
assert "the offered, achieved and behind-schedule gauges Prometheus kept are the file's ticks'" [ $? -eq 0 ]
cat rate.txt
python3 "$TPCC_SRCDIR/tests/prom_compare.py" p95 "$PROM" "$R1" "instance=\"127.0.0.1:$P1\"" >p95.txt 2>&1
assert "histogram_quantile's p95 agrees with the file's" [ $? -eq 0 ]
cat p95.txt
python3 "$TPCC_SRCDIR/tests/prom_compare.py" sum "$PROM" "$R1=127.0.0.1:$P1" "$R2=127.0.0.1:$P2" >sum.txt 2>&1
assert "Prometheus's sum over both instances is the files' sum" [ $? -eq 0 ]
cat sum.txt
python3 "$TPCC_SRCDIR/tests/dashboard_check.py" "$TPCC_SRCDIR/contrib/grafana-dashboard.json" \
	metrics.txt "$PROM" >dashboard.txt 2>&1
assert "every dashboard query names served metrics and Prometheus answers it" [ $? -eq 0 ]
cat dashboard.txt
promtool check config "$TPCC_SRCDIR/contrib/prometheus.yml" >promtool.txt 2>&1
assert "contrib/prometheus.yml is a valid Prometheus configuration" [ $? -eq 0 ]
# The two files as one run: its steady NOPM is the files' sum, and each
# second's NOPM the sum of the two instances' seconds (same started_at).
"$TPCC_BIN" report --merge 2 "$R1" "$R2" --format md >merged.md 2>merged.err
assert "report --merge 2 exits 0" [ $? -eq 0 ]
merged_sum() {
	python3 - "$R1" "$R2" merged.md <<'PY'
import json, re, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
got = float(re.search(r"^\| NOPM \| ([0-9.]+) \|", open(sys.argv[3]).read(), re.M).group(1))
want = a["summary"]["nopm"] + b["summary"]["nopm"]
print("merged NOPM %g, the files' %g + %g" % (got, a["summary"]["nopm"], b["summary"]["nopm"]))
sys.exit(abs(got - want) > 0.5)
PY
}
assert "the merged report's NOPM is the sum of the two files'" merged_sum
"$TPCC_BIN" report --merge 2 "$R1" "$R2" --format csv >merged.csv 2>>merged.err
merged_ticks() {
	python3 - "$R1" "$R2" merged.csv <<'PY'
import csv, json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
rows = [r for r in csv.reader(open(sys.argv[3])) if len(r) > 4 and r[1].isdigit()]
got = {int(r[1]): float(r[4]) for r in rows}
want = {}
for d in (a, b):
    for t in d["ticks"]:
        want[t["t"]] = want.get(t["t"], 0) + t["nopm"]
bad = [t for t in want if abs(got.get(t, -1) - want[t]) > 0.01]
print("%d merged seconds, %d differ from the sum" % (len(want), len(bad)))
sys.exit(bool(bad) or not want)
PY
}
assert "each merged second's NOPM is the two instances' sum" merged_ticks
"$TPCC_BIN" report --merge 2 "$R1" "$R1" --format md >overlap.md 2>overlap.err
assert "report --merge refuses overlapping warehouse ranges, exit 2" [ $? -eq 2 ]
assert "the refusal names the overlap" contains overlap.err "warehouse ranges of $R1 (1-1) and $R1 (1-1) overlap"
# The same run merged in either order is itself: compare says no change.
"$TPCC_BIN" compare --merge 2 "$R1" "$R2" "$R2" "$R1" >cmp-merged.txt 2>&1
assert "compare --merge 2 of two merged runs exits 0" [ $? -eq 0 ]
assert "a merged run compared with itself moved 0%" grep -qE '^NOPM +[0-9]+ +[0-9]+ +\+0\.0% +within noise' cmp-merged.txt
"$TPCC_BIN" compare --merge 2 "$R1" "$R2" >cmp-one.txt 2>&1
assert "compare --merge 2 of one run's two files is refused, exit 2" [ $? -eq 2 ]
check_ok "check passes after the split run" check.txt $A
finish
