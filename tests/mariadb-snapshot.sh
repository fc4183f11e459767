#!/usr/bin/env bash
# mariadb-snapshot.sh: snapshot and restore on the shared MariaDB (a
# second database, copied table by table over two connections).  Restore
# without a snapshot is refused (exit 2); after a build, a snapshot, a
# short run and a restore, every table's row count and an order-independent
# hash of its rows (tpcc_meta's too) equal those right after the build,
# where the run had changed them, the stored procedures are still there,
# and check passes; tpcc_meta keeps the version of the procedures the
# database has, whatever the snapshot's says.  Refused with exit 2 and the reason: a restore while
# another session uses the database (named by its id), a snapshot into a
# database that is not a snapshot of tpcc-console's.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_snap
cd "$T"
SNAP=${DBN}_snapshot
OTHER=${DBN}_other
on_exit "my_sql 'DROP DATABASE IF EXISTS $SNAP'"
on_exit "my_sql 'DROP DATABASE IF EXISTS $OTHER'"
TABLES="customer district history item new_order order_line orders stock tpcc_meta warehouse"
# sums: one line per table: its name, rows and the sum of its rows'
# CRC-32s (so the order the rows are stored in does not count), in one
# query made once from the columns the build made.
SUMS=
sums() {
	local t cols
	if [ -z "$SUMS" ]; then
		for t in $TABLES; do
			cols=$(my_sql "SELECT GROUP_CONCAT(CONCAT('IFNULL(', COLUMN_NAME, ', ''~'')')
				ORDER BY ORDINAL_POSITION SEPARATOR ', ') FROM information_schema.COLUMNS
				WHERE TABLE_SCHEMA = '$DBN' AND TABLE_NAME = '$t'")
			SUMS="$SUMS${SUMS:+ UNION ALL }SELECT '$t', COUNT(*),
				COALESCE(SUM(CRC32(CONCAT_WS('|', $cols))), 0) FROM $DBN.$t"
		done
	fi
	my_sql "$SUMS" | sort
}
differ() { ! cmp -s "$1" "$2" || { echo "$1 and $2 are the same"; return 1; }; }

mariadb_built "build exits 0"
"$TPCC_BIN" restore $A >norestore.txt 2>&1
assert "restore without a snapshot exits 2" [ $? -eq 2 ]
assert "... and says there is no snapshot" contains norestore.txt "no snapshot $SNAP of $DBN"
# A name past 32 characters: the check for the snapshot once read the name
# back into a 32-byte buffer and failed on it ("cannot read the snapshot").
LONG=${DBN}_not_a_snapshot_with_a_long_name
on_exit "my_sql 'DROP DATABASE IF EXISTS $LONG'"
my_sql "CREATE DATABASE $LONG"
"$TPCC_BIN" restore $A --snapshot "$LONG" >norestore2.txt 2>&1
assert "restore from an empty database with a long name exits 2" [ $? -eq 2 ]
assert "... and says it is no snapshot" contains norestore2.txt "$LONG is no snapshot to restore: it is an empty database"
sums >built.sums
assert "the hash sees every table" [ "$(grep -c . built.sums)" = 10 ]
tpcc_ok "snapshot exits 0" snap.txt snapshot $A
assert "snapshot says what it copied" contains snap.txt "snapshot $SNAP of $DBN: 1 warehouse"
assert "the snapshot database holds the ten tables" \
	sql_is "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$SNAP'" 10

"$TPCC_BIN" run $A --batch --vus 2 --rampup 0 --duration 2 --results-dir "$T/r" >run.txt 2>&1
assert "a run exits 0" [ $? -eq 0 ]
sums >run.sums
assert "the run changed the tables (the hash can tell)" differ built.sums run.sums

# Another session on the database: refused, named, nothing touched.
my_session hold "$DBN"
session_send "SELECT 1;"
wait_for "$T/hold.out" "^1$" 10
"$TPCC_BIN" restore $A >busy.txt 2>&1
assert "restore while another session uses the database exits 2" [ $? -eq 2 ]
assert "... and names the session" file_matches busy.txt "other sessions use $DBN: id [0-9]+ \(root"
close_session
sums >busy.sums
assert "... and changed nothing" cmp run.sums busy.sums

tpcc_ok "restore exits 0" restore.txt restore $A
assert "restore names the snapshot and when it was taken" \
	file_matches restore.txt "restored $DBN from the snapshot $SNAP \(taken 20[0-9-]+T"
sums >restored.sums
assert "every table's rows and hash equal those after the build" cmp built.sums restored.sums
assert "the five procedures are kept" \
	sql_is "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$DBN'" 5
check_ok "check passes after the restore" check.txt $A
assert "check says passed" contains check.txt "passed: 0 conditions failed"

# A snapshot from before the procedures changed (build --procedures-only
# since): the restore copies tables, not procedures, so tpcc_meta keeps
# the version of the procedures the database has, and a procedures run
# is not refused.  A database whose tpcc_meta names no procedures keeps
# naming none.
V=$(my_sql "SELECT v FROM $DBN.tpcc_meta WHERE k = 'procedures'")
my_sql "UPDATE $SNAP.tpcc_meta SET v = '$((V - 1))' WHERE k = 'procedures'"
tpcc_ok "restore of a snapshot from older procedures exits 0" restore2.txt restore $A
assert "tpcc_meta still gives the database's procedures version ($V)" \
	sql_is "SELECT v FROM $DBN.tpcc_meta WHERE k = 'procedures'" "$V"
tpcc_ok "a procedures run after it is not refused" run2.txt run $A --mode procedures \
	--vus 1 --rampup 0 --duration 2 --batch --results-dir "$T/r2"
my_sql "DELETE FROM $DBN.tpcc_meta WHERE k = 'procedures'"
tpcc_ok "restore into a database whose tpcc_meta names no procedures exits 0" restore3.txt restore $A
assert "... and it names none after" \
	sql_is "SELECT COUNT(*) FROM $DBN.tpcc_meta WHERE k = 'procedures'" 0

my_sql "CREATE DATABASE $OTHER; CREATE TABLE $OTHER.keep (k INT)"
"$TPCC_BIN" snapshot $A --snapshot "$OTHER" >notours.txt 2>&1
assert "a snapshot into a database that is not one exits 2" [ $? -eq 2 ]
assert "... and says why" contains notours.txt "$OTHER exists and it holds no tpcc_meta table"
assert "... and left it alone" sql_is "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$OTHER'" 1
finish
