#!/usr/bin/env bash
# metrics-prometheus.sh: a real Prometheus scrapes a run's /metrics on the
# shared MariaDB every second; what it computes must agree with the results
# file: rate(tpcc_commits_total{type="new_order"}[10s])*60 with the ticks'
# NOPM over the same seconds within 5%, histogram_quantile's p95 with the
# file's p95 within the bucket that holds it.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_prom
cd "$T"

build_ok "build 1 warehouse" build.txt $A --warehouses 1
MP=$(free_port)
start_prometheus "127.0.0.1:$MP" || { not_ok "Prometheus is ready"; finish; exit; }
"$TPCC_BIN" run $A --vus 4 --rampup 0 --duration 20 --rampdown 2 --batch \
	--results-dir "$T/results" --metrics-listen "$MP" </dev/null >run.txt 2>&1 &
RUN=$!
on_exit "kill $RUN 2>/dev/null"
assert "the run announces its endpoint" wait_for run.txt "metrics: http://$MP/metrics" 30
http_get "http://127.0.0.1:$MP/metrics" >metrics.txt
assert "/metrics serves commits per type" contains metrics.txt 'tpcc_commits_total{run="'
assert "/metrics serves the server's InnoDB figures" poll 10 \
	sh -c "curl -fsS http://127.0.0.1:$MP/metrics | grep -q 'tpcc_server_metric{.*name=\"innodb_data_writes\"}'"
wait_exit $RUN 60
assert "run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/results/*.json | head -1)
assert "results file complete" json_true "$R" 'd["complete"]'
scraped() { prom_query 'count_over_time(tpcc_elapsed_seconds[10m])' | grep -q '"result":\[{'; }
assert "Prometheus scraped the run" poll 5 scraped
python3 "$TPCC_SRCDIR/tests/prom_compare.py" nopm "$PROM" "$R" >nopm.txt 2>&1
assert "rate()*60 agrees with the file's NOPM within 5%" [ $? -eq 0 ]
cat nopm.txt
python3 "$TPCC_SRCDIR/tests/prom_compare.py" p95 "$PROM" "$R" >p95.txt 2>&1
assert "histogram_quantile's p95 agrees with the file's" [ $? -eq 0 ]
cat p95.txt
finish
