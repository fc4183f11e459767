#!/usr/bin/env bash
# mariadb-durability.sh: the durability audit as a demo.  A private
# MariaDB of this test's own runs with innodb_flush_log_at_trx_commit=0,
# then 2; each time mariadbd is SIGKILLed under a run, restarted, and
# `check --durability` counts the acknowledged New-Orders it lost.  Loss
# is not deterministic (0 may lose up to a second, 2 loses nothing to a
# process kill, only to an OS crash), so the test asserts that the count
# is stated, per district and in total, that the two agree and that the
# exit status follows it.  flush=1 (count 0, exit 0) is mariadb-faults.sh.
. "$(dirname "$0")/lib.sh"
need_mariadb
cd "$T"
SRV="$TPCC_SRCDIR/tests/mariadb-server.sh"
# Socket only (--skip-networking): no TCP port to collide with another
# developer's or CI job's server; PORT is what the script would bind.
export PORT=$(( ${TPCC_TEST_MYSQL_PORT:-33061} + 9 ))
MDB=$T/mdb
X=--skip-networking
on_exit "'$SRV' stop '$MDB' >/dev/null 2>&1"
A="--driver mysql --socket $MDB/mysql.sock --user root --no-read-option-files --database tpcc_d"

# crash_run FLUSH: start the server with that setting, run 4 VUs, SIGKILL
# mariadbd 3 s into steady, let the run give up, restart, audit.
crash_run() {
	local f=$1
	eval "$(MARIADB_EXTRA_ARGS="$X --innodb-flush-log-at-trx-commit=$f" "$SRV" start "$MDB" 2>/dev/null)"
	[ -f build.txt ] || "$TPCC_BIN" build $A --warehouses 1 >build.txt 2>&1
	start_console run$f.txt run $A --vus 4 --rampup 0 --duration 600 --reconnect-give-up 2 \
		--batch --results-dir "$T/r$f"
	wait_for run$f.txt '^\[ +3s steady'
	kill -9 "$(cat "$MDB/mysqld.pid")"
	wait "$CON_PID"
	close_input
	MARIADB_EXTRA_ARGS="$X --innodb-flush-log-at-trx-commit=$f" "$SRV" start "$MDB" >/dev/null 2>&1
	R=$(ls "$T"/r$f/*.json)
	"$TPCC_BIN" check $A --durability "$R" >dur$f.txt 2>&1; rc=$?
	echo "--- flush_log_at_trx_commit=$f:"; sed 's/^/    /' dur$f.txt
	# The total line, and its count.
	total=$(sed -nE 's/^durability: 10 districts checked, ([0-9]+) acknowledged New-Orders? lost in [0-9]+ districts?$/\1/p' dur$f.txt)
	sum=$(sed -nE 's/^(ok  |LOST)  warehouse 1 district ([0-9]+): .*: ([0-9]+) lost$/\3/p' dur$f.txt | paste -sd+ | bc)
	assert "flush=$f: the results file recorded acknowledged orders" json_is "$R" \
		'len(d["durability"]["new_order_acked"])' 10
	assert "flush=$f: the total is stated" [ -n "$total" ]
	assert "flush=$f: every district states its count" [ "$(grep -cE '^(ok  |LOST)  warehouse 1 district ([1-9]|10): acknowledged up to order [0-9]+, .*: [0-9]+ lost$' dur$f.txt)" = 10 ]
	assert "flush=$f: the districts add up to the total" [ "${sum:-x}" = "${total:-y}" ]
	if [ "${total:-1}" = 0 ]; then
		assert "flush=$f: nothing lost, exit 0" [ $rc -eq 0 ]
	else
		assert "flush=$f: orders lost, exit 1" [ $rc -eq 1 ]
	fi
	check_ok "flush=$f: what survived is consistent (clause 3.3.2)" check$f.txt $A
	"$SRV" stop "$MDB" >/dev/null 2>&1
}

crash_run 0
crash_run 2

finish
