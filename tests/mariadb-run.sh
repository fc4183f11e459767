#!/usr/bin/env bash
# mariadb-run.sh: build (2 warehouses, 2 load threads), check, run 15 s,
# check again, against the private MariaDB the harness started; and the
# other ways in: TCP with TPCC_PASSWORD, and a DBA's ~/.my.cnf.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_it
cd "$T"

build_ok "build on MariaDB exits 0" build.txt $A --warehouses 2 --load-threads 2
assert "the database was created" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.warehouse")" = 2 ]
assert "stock holds 200,000 rows" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.stock")" = 200000 ]
assert "customer holds 60,000 rows" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.customer")" = 60000 ]
assert "new_order holds 18,000 rows" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.new_order")" = 18000 ]
assert "10% of items are ORIGINAL" [ "$(my_sql "SELECT COUNT(*) BETWEEN 9000 AND 11000 FROM $DBN.item WHERE i_data LIKE '%ORIGINAL%'")" = 1 ]
assert "customer-by-name index exists" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA='$DBN' AND INDEX_NAME='customer_i2' AND SEQ_IN_INDEX=1")" = 1 ]
assert "first 1,000 customers take the last names in order" [ "$(my_sql "SELECT c_last FROM $DBN.customer WHERE c_w_id=1 AND c_d_id=1 AND c_id=372")" = PRICALLYOUGHT ]

check_ok "check passes on a fresh load" check0.txt $A

"$TPCC_BIN" run $A --vus 4 --rampup 3 --duration 12 --batch --results-dir "$T/results" </dev/null >run.txt 2>&1; rc=$?
assert "run exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/results/*.json 2>/dev/null | head -1)
assert "results file valid and complete" json_true "$R" 'd["complete"]'
assert "15 ticks" json_is "$R" 'len(d["ticks"])' 15
assert "server version recorded" json_true "$R" '"MariaDB" in d["run"]["server_version"]'
assert "no failed transactions" json_is "$R" 'd["summary"]["failed"]' 0
# Results format 2: what the console showed is kept per tick, the machine
# and the server's settings once (the server is local here, on a disk).
assert "format 2" json_is "$R" 'd["format"]' tpcc-console-results/2
assert "every tick after the first has host CPU" json_true "$R" \
	'all(min(t["host_cpu"][k] for k in ("user","system","iowait")) >= 0 for t in d["ticks"][2:])'
assert "the local server's CPU is sampled" json_true "$R" \
	'all(t["cpu_server"] is not None and t["cpu_server"] >= 0 for t in d["ticks"][2:])'
assert "disk IOPS and ms per I/O per tick" json_true "$R" \
	'all(t["disk"]["w_iops"] >= 0 and "w_ms" in t["disk"] for t in d["ticks"][3:])'
assert "InnoDB metrics per tick, values and rates" json_true "$R" \
	'all(t["server_metrics"]["innodb_buffer_pool_pages_dirty"] >= 0 and "innodb_os_log_written" in t["server_metrics_per_s"] for t in d["ticks"][3:])'
assert "nothing said to be unavailable" json_is "$R" 'd["unavailable"]' '{}'
assert "system: CPU count, memory, kernel, data disk" json_true "$R" \
	'd["system"]["cpus"] >= 1 and d["system"]["memory_bytes"] > 0 and d["system"]["kernel"].startswith("Linux") and d["system"]["data_disk"]["device"] != ""'
assert "system: the server variables a DBA compares" json_true "$R" \
	'int(d["system"]["server_variables"]["innodb_buffer_pool_size"]) > 0 and "innodb_flush_log_at_trx_commit" in d["system"]["server_variables"]'
assert "steady histograms hold every steady New-Order, rolled back or not" json_true "$R" \
	'sum(b[2] for b in d["summary"]["histograms_us"]["new_order"]["buckets"]) == d["summary"]["commits"]["new_order"] + d["summary"]["audit"]["new_order_rollbacks"] == d["summary"]["histograms_us"]["new_order"]["count"]'
# What the client counted must be what the server holds.
no_db=$(my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district")
assert "New-Orders counted by the client match the database ($no_db)" db_matches_client "$R" "$no_db"
assert "ticks hold all but the last partial second" json_true "$R" \
	'0 <= d["summary"]["run_totals"]["commits"]["new_order"] - sum(t["commits"]["new_order"] for t in d["ticks"]) < 200'
assert "remote order lines were written" [ "$(my_sql "SELECT COUNT(*) > 0 FROM $DBN.order_line WHERE ol_supply_w_id <> ol_w_id")" = 1 ]
assert "stock counters are the sums of the order lines written" stock_matches_lines $DBN

check_ok "check passes after the run" check1.txt $A

# A broken database: check names the offending district.
my_sql "UPDATE $DBN.district SET d_next_o_id = d_next_o_id + 5 WHERE d_w_id = 2 AND d_id = 7"
"$TPCC_BIN" check $A >check2.txt 2>&1; rc=$?
assert "check fails on a corrupted district (exit 1)" [ $rc -eq 1 ]
assert "the failure names warehouse 2 district 7" grep -qE '^ 2 .*FAIL.*warehouse 2 district 7' check2.txt

# TCP with the password from the environment.
TPCC_PASSWORD=$TPCC_TEST_MYSQL_TCP_PASSWORD "$TPCC_BIN" check --driver mysql --host 127.0.0.1 \
	--port "$TPCC_TEST_MYSQL_PORT" --user "$TPCC_TEST_MYSQL_TCP_USER" --no-read-option-files \
	--database $DBN >tcp.txt 2>&1
assert "TCP login with TPCC_PASSWORD works" contains tcp.txt "consistency check of $DBN"
"$TPCC_BIN" check --driver mysql --host 127.0.0.1 --port "$TPCC_TEST_MYSQL_PORT" \
	--user "$TPCC_TEST_MYSQL_TCP_USER" --no-read-option-files --database $DBN >nopw.txt 2>&1; rc=$?
assert "a wrong password fails with the server's message" [ $rc -eq 1 ]
assert "access denied is reported" contains nopw.txt "Access denied"

# A DBA's ~/.my.cnf [client] group supplies socket and user.
mkdir home
printf '[client]\nsocket=%s\nuser=%s\n' "$TPCC_TEST_MYSQL_SOCKET" "${TPCC_TEST_MYSQL_USER:-root}" >home/.my.cnf
HOME=$T/home "$TPCC_BIN" check --driver mysql --database $DBN >mycnf.txt 2>&1
assert "~/.my.cnf [client] is honoured" contains mycnf.txt "consistency check of $DBN"

"$TPCC_BIN" drop $A >drop.txt 2>&1; rc=$?
assert "drop exits 0" [ $rc -eq 0 ]
assert "drop removed the tables" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA='$DBN'")" = 0 ]

finish
