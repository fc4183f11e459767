#!/usr/bin/env bash
# mariadb-odbc.sh: MariaDB through MariaDB Connector/ODBC, the same server
# the native driver uses: build, check, a statements run and a procedures
# run, each followed by check, with server TPM beside client TPM.
. "$(dirname "$0")/lib.sh"
need_mariadb_odbc
# An ODBC data source names a database that must exist.
mariadb_db tpcc_mo --create
cd "$T"
odbc_conf my.conf "DSN=$TPCC_TEST_MARIADB_DSN;DATABASE=$DBN"
export TPCC_PASSWORD=$TPCC_TEST_MYSQL_TCP_PASSWORD
A="-c $T/my.conf --user $TPCC_TEST_MYSQL_TCP_USER"
neworders() { my_sql "SELECT SUM(d_next_o_id - 3001) FROM $DBN.district"; }

build_ok "build over ODBC exits 0" build.txt $A --warehouses 1
assert "stock holds 100,000 rows" [ "$(my_sql "SELECT COUNT(*) FROM $DBN.stock")" = 100000 ]
assert "the procedures were created" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$DBN'")" = 5 ]
check_ok "check passes on a fresh load" check0.txt $A

for mode in statements procedures; do
	before=$(neworders)
	"$TPCC_BIN" run $A --mode $mode --vus 4 --rampup 3 --duration 12 --results-dir "$T/r-$mode" \
		</dev/null >run-$mode.txt 2>&1; rc=$?
	assert "$mode run exits 0" [ $rc -eq 0 ]
	[ $rc -eq 0 ] || tail -20 run-$mode.txt
	R=$(ls "$T"/r-$mode/*.json 2>/dev/null | head -1)
	assert "$mode: dialect mysql and the mode recorded" json_is "$R" 'd["run"]["dialect"] + "/" + d["run"]["mode"]' mysql/$mode
	assert "$mode: server version names MariaDB" json_true "$R" '"MariaDB" in d["run"]["server_version"]'
	assert "$mode: no failed transactions" json_is "$R" 'd["summary"]["failed"]' 0
	assert "$mode: New-Order rollbacks counted" rollbacks_counted "$R"
	assert "$mode: client New-Orders match the database" db_matches_client "$R" $(( $(neworders) - before ))
	assert "$mode: server TPM plausible" plausible_server_tpm "$R"
	check_ok "$mode: check passes after the run" check-$mode.txt $A
done

# The server pane reads the dialect's metrics on every road to the server:
# the same names natively and over ODBC.
metric_names() { grep -E '^[a-z_]+ -?[0-9]+$' "$1" | cut -d' ' -f1 | sort; }
printf 'metrics\nquit\n' | "$TPCC_BIN" cli $A --rampup 0 --duration 600 --results-dir "$T/r-mo" \
	>metrics-odbc.txt 2>&1
printf 'metrics\nquit\n' | env -u TPCC_PASSWORD "$TPCC_BIN" cli $(my_args $DBN) --rampup 0 --duration 600 \
	--results-dir "$T/r-mn" >metrics-native.txt 2>&1
assert "metrics over ODBC name InnoDB's figures" grep -q '^innodb_buffer_pool_pages_dirty ' metrics-odbc.txt
assert "native and ODBC show the same server metrics" \
	[ "$(metric_names metrics-odbc.txt)" = "$(metric_names metrics-native.txt)" ]
finish
