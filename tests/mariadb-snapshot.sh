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
# database that is not a snapshot of tpcc-console's.  Ctrl-C during a
# snapshot keeps the one before whole and leaves no part copy; Ctrl-C
# during a restore leaves a schema a run refuses with "restore again".
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

# Ctrl-C during a snapshot, here while its copy of district waits for
# the rows another session has locked: the copy is dropped and the
# snapshot taken before stays whole (a restore brings back what it holds,
# not what a run has made since), and the next snapshot is taken as any
# other.  The session uses another database, so the snapshot does not
# refuse it.
# table_sums: sums but tpcc_meta (whose procedures row the steps above
# changed by hand).
table_sums() { sums | grep -v '^tpcc_meta'; }
table_sums >presnap.sums
"$TPCC_BIN" run $A --batch --vus 2 --rampup 0 --duration 2 --results-dir "$T/r3" >run3.txt 2>&1
table_sums >run3.sums
assert "a run before the interrupted snapshot changed the tables" differ presnap.sums run3.sums
# interrupt OUT TABLE SUBCOMMAND: SUBCOMMAND on $A, its copy of TABLE held
# up by another session's transaction on it (its rows locked: the copy's
# read waits for them, a DROP for the table) until SIGINT has reached it;
# its exit status in OUT.rc.
interrupt() {
	local out=$1 table=$2 pid; shift 2
	my_session "lock-$out" information_schema
	session_send "BEGIN; SELECT COUNT(*) FROM $DBN.$table FOR UPDATE; SELECT 'locked';"
	wait_for "$T/lock-$out.out" '^locked$' 10
	"$TPCC_BIN" "$@" $A >"$out.txt" 2>"$out.err" &
	pid=$!
	on_exit "kill $pid 2>/dev/null"
	wait_sql "SELECT (SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT'
		AND trx_query LIKE '%\`$table\`%') + (SELECT COUNT(*) FROM information_schema.PROCESSLIST
		WHERE STATE LIKE '%metadata lock%' AND INFO LIKE '%\`$table\`%')" 1 60
	kill -INT "$pid"
	wait_for "$out.err" "Interrupt: stopping cleanly" 10
	session_send "COMMIT; SELECT 'released';"
	wait "$pid"
	echo $? >"$out.rc"
	close_session
}
interrupt isnap district snapshot
assert "an interrupted snapshot exits 130" [ "$(cat isnap.rc)" = 130 ]
assert "... and says the snapshot is as it was" contains isnap.err "the part copied is dropped, and the snapshot $SNAP is as it was"
assert "... and leaves no part copy behind" \
	sql_is "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE '$SNAP%'" 1
assert "the snapshot still holds its ten tables" \
	sql_is "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$SNAP'" 10
tpcc_ok "restore after the interrupted snapshot exits 0" restore4.txt restore $A
table_sums >restore4.sums
assert "... and brings back the snapshot from before it" cmp presnap.sums restore4.sums
tpcc_ok "a snapshot after the interrupted one exits 0" snap2.txt snapshot $A
assert "... over the old one, leaving no side database" \
	sql_is "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE '$SNAP%'" 1
# A copy a kill left behind (here made by hand, some of the tables) is
# dropped by the next snapshot; one that holds another table is refused.
my_sql "CREATE DATABASE ${SNAP}_new; CREATE TABLE ${SNAP}_new.stock LIKE $DBN.stock"
tpcc_ok "a snapshot over a part copy left behind exits 0" snap3.txt snapshot $A
assert "... and drops it" \
	sql_is "SELECT COUNT(*) FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = '${SNAP}_new'" 0
on_exit "my_sql 'DROP DATABASE IF EXISTS ${SNAP}_new'"
my_sql "CREATE DATABASE ${SNAP}_new; CREATE TABLE ${SNAP}_new.keep (k INT)"
"$TPCC_BIN" snapshot $A >snap4.txt 2>&1
assert "a snapshot whose side database holds another table is refused (exit 2)" [ $? -eq 2 ]
assert "... says why" contains snap4.txt "database ${SNAP}_new exists and holds tables no snapshot of this schema does"
assert "... and left that table alone" sql_is "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '${SNAP}_new'" 1
my_sql "DROP DATABASE ${SNAP}_new"

# Ctrl-C during a restore, its copy held up at warehouse (the last table):
# a run then says the restore did not finish and to run it again (not to
# drop and build), and a second restore brings the snapshot back.
table_sums >prerestore.sums
"$TPCC_BIN" run $A --batch --vus 2 --rampup 0 --duration 2 --results-dir "$T/r4" >run4.txt 2>&1
interrupt irestore warehouse restore
assert "an interrupted restore exits 130" [ "$(cat irestore.rc)" = 130 ]
"$TPCC_BIN" run $A --batch --vus 1 --rampup 0 --duration 2 --results-dir "$T/r5" >run5.txt 2>&1
assert "a run after it is refused" [ $? -ne 0 ]
assert "... saying the restore did not finish and to run it again" \
	contains run5.txt "holds a restore that did not finish: run 'tpcc-console restore' again"
assert "... not that a build did not finish" lacks run5.txt "build did not finish"
"$TPCC_BIN" build $A >build5.txt 2>&1
assert "build after it is refused with the same advice" \
	contains build5.txt "holds a restore that did not finish: run 'tpcc-console restore' again"
tpcc_ok "restore again exits 0" restore5.txt restore $A
table_sums >restore5.sums
assert "... and brings the snapshot back" cmp prerestore.sums restore5.sums
check_ok "check passes after it" check5.txt $A

my_sql "CREATE DATABASE $OTHER; CREATE TABLE $OTHER.keep (k INT)"
"$TPCC_BIN" snapshot $A --snapshot "$OTHER" >notours.txt 2>&1
assert "a snapshot into a database that is not one exits 2" [ $? -eq 2 ]
assert "... and says why" contains notours.txt "$OTHER exists and it holds no tpcc_meta table"
assert "... and left it alone" sql_is "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$OTHER'" 1
finish
