#!/usr/bin/env bash
# mariadb-adopt.sh: adopt on schemas in other tools' layouts (HammerDB,
# go-tpc, tpcc-mysql, BenchBase, sysbench-tpcc), each made from the
# fixture DDL in tests/fixtures/adopt and filled with one warehouse our
# own generator loaded (copied across, renamed): adopt names the tool,
# --apply records the map, a short run in both modes and check work, and
# the other tool's tables and indexes are as they were, ours aside.  One
# column dropped gets the precise error; a user without INDEX changes
# nothing.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_adsrc
SRC=$DBN
cd "$T"
mariadb_built "our 1-warehouse schema to copy from"

# table -> its columns, as our loader fills them
declare -A COLS=(
	[warehouse]="w_id, w_ytd, w_tax, w_name, w_street_1, w_street_2, w_city, w_state, w_zip"
	[district]="d_id, d_w_id, d_ytd, d_tax, d_next_o_id, d_name, d_street_1, d_street_2, d_city, d_state, d_zip"
	[customer]="c_id, c_d_id, c_w_id, c_first, c_middle, c_last, c_street_1, c_street_2, c_city, c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt, c_data"
	[history]="h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id, h_date, h_amount, h_data"
	[new_order]="no_o_id, no_d_id, no_w_id"
	[orders]="o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id, o_ol_cnt, o_all_local"
	[order_line]="ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info"
	[item]="i_id, i_im_id, i_name, i_price, i_data"
	[stock]="s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02, s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd, s_order_cnt, s_remote_cnt, s_data"
)
# fixture DB LAYOUT SUFFIX NEW_ORDER ORDERS [TABLES]: the layout's tables
# in DB, filled (only TABLES when given).
fixture() {
	local db=$1 layout=$2 sfx=$3 no=$4 ord=$5 fill=${6:-"warehouse district customer history item stock orders new_order order_line"} t to extra sel
	my_sql "CREATE DATABASE $db" && on_exit "my_sql 'DROP DATABASE IF EXISTS $db'"
	sed "s/SUFFIX/$sfx/g" "$TPCC_SRCDIR/tests/fixtures/adopt/$layout.sql" | my_sql_db "$db" || return 1
	for t in $fill; do
		to=$t$sfx extra= sel=
		[ $t = new_order ] && to=$no$sfx
		[ $t = orders ] && to=$ord$sfx
		if [ "$layout" = go-tpc ] && [ $t = history ]; then
			extra="row_id, " sel="UNHEX(REPLACE(UUID(), '-', '')), "
		fi
		my_sql "SET foreign_key_checks = 0; INSERT INTO $db.$to ($extra${COLS[$t]}) SELECT $sel${COLS[$t]} FROM $SRC.$t" || return 1
	done
}
my_sql_db() { mariadb --no-defaults --socket="$TPCC_TEST_MYSQL_SOCKET" --user="${TPCC_TEST_MYSQL_USER:-root}" -N -B "$1"; }
# definitions DB: every table's SHOW CREATE TABLE but tpcc_meta, with the
# lines of the indexes adopt adds (tpcc_*) left out.
definitions() {
	local t
	for t in $(my_sql "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1' AND TABLE_NAME <> 'tpcc_meta' ORDER BY 1"); do
		my_sql "SHOW CREATE TABLE $1.$t" | sed 's/\\n/\n/g' | grep -v 'KEY `tpcc_' | sed 's/,$//'
	done
}

# prepare LAYOUT SUFFIX NEW_ORDER ORDERS: the layout's fixture made and
# filled, its definitions, adopt, adopt --apply, a short run in each mode
# and check, into LAYOUT.*; each step's exit status a line of LAYOUT.rc.
# The five layouts are prepared at once (one after another they took 80 s
# of mostly waiting) and asserted on after, one by one.
prepare() {
	local layout=$1 sfx=$2 no=$3 ord=$4 db=tpcc_ad_${1//-/_}_$$ B mode
	B=$(my_args "$db")
	fixture "$db" "$layout" "$sfx" "$no" "$ord" >"$layout.fill" 2>&1
	echo "fixture $?" >"$layout.rc"
	definitions "$db" >"$layout.before"
	"$TPCC_BIN" adopt $B >"$layout.adopt" 2>&1
	echo "adopt $?" >>"$layout.rc"
	my_sql "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'tpcc_meta'" >"$layout.meta"
	"$TPCC_BIN" adopt $B --apply >"$layout.apply" 2>&1
	echo "apply $?" >>"$layout.rc"
	for mode in statements procedures; do
		"$TPCC_BIN" run $B --mode $mode --vus 2 --rampup 0 --duration 2 --results-dir "$T/r-$layout" </dev/null >"$layout.$mode" 2>&1
		echo "$mode $?" >>"$layout.rc"
	done
	"$TPCC_BIN" check $B >"$layout.check" 2>&1
	echo "check $?" >>"$layout.rc"
	definitions "$db" >"$layout.after"
}
LAYOUTS="hammerdb - new_order orders standard names (HammerDB or go-tpc)
go-tpc - new_order orders go-tpc
tpcc-mysql - new_orders orders tpcc-mysql
benchbase - new_order oorder BenchBase
sysbench-tpcc 1 new_orders orders sysbench-tpcc, table set 1"
pids=
while read -r layout sfx no ord says; do
	# fixture's own on_exit would stay in prepare's subshell
	on_exit "my_sql 'DROP DATABASE IF EXISTS tpcc_ad_${layout//-/_}_$$'"
	[ "$sfx" = - ] && sfx=
	prepare "$layout" "$sfx" "$no" "$ord" &
	pids="$pids $!"
done <<<"$LAYOUTS"
wait $pids

# layout suffix new_order orders "what adopt says"
while read -r layout sfx no ord says; do
	db=tpcc_ad_${layout//-/_}_$$
	[ "$sfx" = - ] && sfx=
	step_ok "$layout: fixture made and filled" "$layout" fixture
	B=$(my_args "$db")
	step_ok "$layout: adopt exits 0" "$layout" adopt
	assert "$layout: adopt names the tool" contains "$layout.adopt" "layout: $says"
	assert "$layout: adopt counted 1 warehouse" contains "$layout.adopt" "warehouses: 1 (counted"
	assert "$layout: adopt prints the DDL it would run" contains "$layout.adopt" "--apply would run"
	assert "$layout: the cheap conditions hold on our generator's load" \
		lacks "$layout.adopt" "does not hold"
	assert "$layout: adopt changed nothing" [ "$(cat "$layout.meta")" = 0 ]
	step_ok "$layout: adopt --apply exits 0" "$layout" apply "$layout.apply"
	# The tool by its name in a sentence, not the layout's description.
	assert "$layout: --apply says whose tables runs now use" \
		grep -qE '^adopted: .* now use the tables (HammerDB or go-tpc|go-tpc|tpcc-mysql|BenchBase|sysbench-tpcc) loaded$' "$layout.apply"
	for mode in statements procedures; do
		step_ok "$layout: a $mode run exits 0" "$layout" $mode "$layout.$mode"
	done
	assert "$layout: the runs wrote New-Orders into the other tool's orders table" \
		[ "$(my_sql "SELECT COUNT(*) > 0 FROM $db.$ord$sfx WHERE o_id > 3000")" = 1 ]
	step_ok "$layout: check passes" "$layout" check "$layout.check"
	assert "$layout: the other tool's tables and indexes are unchanged" diff "$layout.before" "$layout.after"
done <<<"$LAYOUTS"

# sweep and ab run on the adopted schema as on ours (here sysbench-tpcc's
# suffixed tables, the last layout's): steps and segments that make
# New-Orders in the other tool's tables.
orders_before=$(my_sql "SELECT COUNT(*) FROM $db.orders1")
"$TPCC_BIN" sweep $B --vus 1,2 --step 2 --settle 0 --rampup 0 --results-dir "$T/sw" </dev/null >sweep.txt 2>&1; rc=$?
assert "adopted: a sweep exits 0" [ $rc -eq 0 ]
assert "adopted: both steps measured New-Orders" json_true "$(ls "$T"/sw/*.json)" \
	'len(d["steps"]) == 2 and all(s["complete"] and s["nopm"] > 0 for s in d["steps"])'
"$TPCC_BIN" ab $B --vus 1,2 --segments 4 --segment 2 --settle 0 --rampup 0 --results-dir "$T/ab" </dev/null >ab.txt 2>&1; rc=$?
assert "adopted: an A/B trial exits 0" [ $rc -eq 0 ]
assert "adopted: its 4 segments measured New-Orders" json_true "$(ls "$T"/ab/*.json)" \
	'len(d["ab"]["segment_figures"]) == 4 and all(x["nopm"] > 0 for x in d["ab"]["segment_figures"])'
assert "adopted: they went into sysbench-tpcc's orders1" \
	[ "$(my_sql "SELECT COUNT(*) FROM $db.orders1")" -gt "$orders_before" ]

# Departures in the other tool's load (here made by hand, in the last
# layout's database): one in w_ytd (condition 1, checked before --apply)
# and one in a customer's c_balance (conditions 10 and 12, which read
# every customer and order line: checked once --apply has added the
# indexes).  adopt --apply records them with their rows, and check names
# them as sysbench-tpcc's and exits 0.
my_sql "UPDATE $db.warehouse1 SET w_ytd = w_ytd + 1;
	UPDATE $db.customer1 SET c_balance = c_balance + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"
"$TPCC_BIN" adopt $B --apply >finding.txt 2>finding.err; rc=$?
assert "a departing load: adopt --apply still exits 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -5 finding.err
assert "condition 1 reported before --apply" contains finding.txt "does not hold on the data sysbench-tpcc loaded"
assert "all twelve conditions checked after the indexes, a line each on stderr" \
	grep -qE '^12  c_balance \+ c_ytd_payment .* departs on the load adopted \(sysbench-tpcc\): 1 offending; first: warehouse 1 district 1 customer 1:' finding.err
assert "condition 10 departs too" grep -qE '^10  .* departs on .*: 1 offending' finding.err
assert "the departures are recorded with their rows" \
	[ "$(my_sql "SELECT v FROM $db.tpcc_meta WHERE k = 'findings'")" = "1:1,8:1,10:1,12:1" ]
assert "and all twelve as checked but 11 (skipped after runs)" \
	[ "$(my_sql "SELECT v FROM $db.tpcc_meta WHERE k = 'findings_checked'")" = "1,2,3,4,5,6,7,8,9,10,12" ]
assert "adopt says what it recorded" contains finding.txt "check\` reports conditions 1, 8, 10, 12 as departures of the data sysbench-tpcc loaded"
"$TPCC_BIN" check $B >finding-check.txt 2>&1; rc=$?
assert "check exits 0 when only the recorded departures fail" [ $rc -eq 0 ]
assert "check names condition 12 as the other tool's, with its rows and first example" \
	grep -qE '^12  .* departs as sysbench-tpcc.s load did when adopted: 1 offending \(1 then\); first: warehouse 1 district 1 customer 1:' finding-check.txt
assert "check says which conditions are the other tool's" contains finding-check.txt "sysbench-tpcc's load departs from the specification in conditions 1, 8, 10, 12"
assert "check passes" contains finding-check.txt "passed: 0 conditions failed"
# After adopt, departures are a run's: another customer's c_balance
# (conditions 10 and 12, more rows than adopt found) and a New-Order row
# gone (condition 5, new).
my_sql "UPDATE $db.customer1 SET c_balance = c_balance + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2;
	DELETE FROM $db.new_orders1 WHERE no_w_id = 1 AND no_d_id = 1 ORDER BY no_o_id LIMIT 1"
"$TPCC_BIN" check $B >after-check.txt 2>&1; rc=$?
assert "a departure made after adopt: check exits 1" [ $rc -eq 1 ]
assert "a second row in condition 12 fails it" grep -qE '^12  .* FAIL  2 offending, 1 more than the 1 adopt found' after-check.txt
assert "condition 5, new, fails" grep -qE '^ 5  .* FAIL  1 offending' after-check.txt
assert "and check says FAILED" contains after-check.txt "FAILED: 3 conditions failed"

# snapshot and restore copy tpcc-mysql's tables by their names, and leave
# their definitions as they were; BenchBase's foreign keys, which a
# restore here would not make again, make snapshot refuse.
db=tpcc_ad_tpcc_mysql_$$ SNAP=tpcc_ad_snap_$$
on_exit "my_sql 'DROP DATABASE IF EXISTS $SNAP'"
B=$(my_args "$db")
rows=$(my_sql "SELECT COUNT(*) FROM $db.new_orders")
"$TPCC_BIN" snapshot $B --snapshot $SNAP >snap.txt 2>&1; rc=$?
assert "tpcc-mysql: snapshot exits 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -3 snap.txt
"$TPCC_BIN" run $B --vus 2 --rampup 0 --duration 2 --results-dir "$T/r-snap" </dev/null >snaprun.txt 2>&1
"$TPCC_BIN" restore $B --snapshot $SNAP >restore.txt 2>&1; rc=$?
assert "tpcc-mysql: restore exits 0" [ $rc -eq 0 ]
[ $rc -eq 0 ] || tail -3 restore.txt
assert "tpcc-mysql: new_orders is back to its rows at the snapshot" [ "$(my_sql "SELECT COUNT(*) FROM $db.new_orders")" = "$rows" ]
definitions "$db" >restored.after
assert "tpcc-mysql: its definitions after the restore are as before adopt" diff tpcc-mysql.before restored.after
check_ok "tpcc-mysql: check passes after the restore" restored.check $B
"$TPCC_BIN" snapshot $(my_args tpcc_ad_benchbase_$$) --snapshot $SNAP >snapfk.txt 2>&1; rc=$?
assert "BenchBase: snapshot refused (exit 1)" [ $rc -eq 1 ]
assert "and it says why" contains snapfk.txt "foreign keys, which a restore here (CREATE TABLE .. LIKE) would not make again"

# tpcc-mysql had no secondary index: adopt added both, online.
assert "tpcc-mysql: the by-name index was added" contains tpcc-mysql.apply "CREATE INDEX tpcc_customer_i2 ON customer (c_w_id, c_d_id, c_last, c_first, c_id) ALGORITHM=INPLACE LOCK=NONE"
assert "BenchBase: its own indexes serve, none added" lacks benchbase.apply "adding index"

# Ctrl-C during adopt --apply: here while it adds tpcc-mysql's missing
# by-name index, which waits for a second session's open transaction on
# customer.  The index and the mapping are kept; the twelve conditions are
# not checked, so a departure in conditions 10 and 12 that only they would
# have found is neither the other tool's nor a failure for check.  (A small
# load: the warehouse and one customer, its c_balance off by 1; no
# history, so condition 8 departs, found before --apply.)
db=tpcc_ad_stop_$$
assert "a fourth tpcc-mysql fixture, its warehouse filled" fixture "$db" tpcc-mysql "" new_orders orders warehouse
my_sql "INSERT INTO $db.customer (${COLS[customer]}) SELECT ${COLS[customer]} FROM $SRC.customer WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1;
	UPDATE $db.customer SET c_balance = c_balance + 1"
my_session hold "$db"
session_send "BEGIN; SELECT COUNT(*) > 0 FROM customer WHERE c_id = 1;"
wait_for hold.out '^1$' 10
"$TPCC_BIN" adopt $(my_args "$db") --apply >stop.txt 2>stop.err &
ADOPT=$!
on_exit "kill $ADOPT 2>/dev/null"
wait_for stop.txt '^adding index: CREATE INDEX tpcc_customer_i2' 60
wait_sql "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB = '$db' AND STATE LIKE '%metadata lock%'" 1 30
kill -INT "$ADOPT"
wait_for stop.err "Interrupt: stopping cleanly" 10
session_send "COMMIT; SELECT 'released';"
wait "$ADOPT"; rc=$?
close_session
assert "a stopped adopt --apply exits 130" [ $rc -eq 130 ]
assert "the mapping is recorded" [ "$(my_sql "SELECT v FROM $db.tpcc_meta WHERE k = 'layout'")" = tpcc-mysql ]
assert "the index the signal came during is there" \
	[ "$(my_sql "SELECT COUNT(*) > 0 FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '$db' AND INDEX_NAME = 'tpcc_customer_i2'")" = 1 ]
assert "the conditions checked are those before --apply" \
	[ "$(my_sql "SELECT v FROM $db.tpcc_meta WHERE k = 'findings_checked'")" = "1,2,3,8,9" ]
assert "and what they found" [ "$(my_sql "SELECT v FROM $db.tpcc_meta WHERE k = 'findings'")" = "8:1" ]
assert "adopt says which were not checked" contains stop.txt "stopped before conditions 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12: recorded as not checked on the data tpcc-mysql loaded"
"$TPCC_BIN" check $(my_args "$db") >stop-check.txt 2>&1; rc=$?
assert "check on it exits 1: not passed" [ $rc -eq 1 ]
assert "condition 12 does not hold, not checked at adopt" \
	grep -qE '^12  .* does not hold \(not checked when the schema was adopted' stop-check.txt
assert "check says it cannot tell whose it is" contains stop-check.txt "conditions 10, 12 do not hold and adopt did not check them on tpcc-mysql's load"
assert "and claims neither a failure nor a pass" grep -q '^not passed: 2 conditions undetermined, none failed$' stop-check.txt
assert "condition 8 is tpcc-mysql's, recorded before --apply" contains stop-check.txt "tpcc-mysql's load departs from the specification in condition 8,"

# One column missing: named, exit 2.
db=tpcc_ad_bad_$$
assert "a second tpcc-mysql fixture, empty" fixture "$db" tpcc-mysql "" new_orders orders " "
my_sql "ALTER TABLE $db.customer DROP COLUMN c_middle"
"$TPCC_BIN" adopt $(my_args "$db") >bad.txt 2>&1; rc=$?
assert "a missing column: adopt exits 2" [ $rc -eq 2 ]
assert "it names the table and the column" contains bad.txt "table customer in the database lacks column c_middle"

# A user without INDEX: told what it needs, and --apply changes nothing.
db=tpcc_ad_priv_$$
assert "a third tpcc-mysql fixture, its warehouse alone filled" fixture "$db" tpcc-mysql "" new_orders orders warehouse
my_sql "CREATE USER IF NOT EXISTS adopt_ro@localhost; GRANT SELECT, INSERT, UPDATE, DELETE, CREATE ON $db.* TO adopt_ro@localhost"
on_exit "my_sql 'DROP USER IF EXISTS adopt_ro@localhost'"
definitions "$db" >priv.before
P="--driver mysql --socket $TPCC_TEST_MYSQL_SOCKET --user adopt_ro --no-read-option-files --database $db"
"$TPCC_BIN" adopt $P --apply >priv.txt 2>&1; rc=$?
assert "without INDEX, adopt --apply exits 1" [ $rc -eq 1 ]
assert "it says what it needs" contains priv.txt "adopt --apply needs INDEX"
assert "and that nothing changed" contains priv.txt "nothing was changed"
definitions "$db" >priv.after
assert "no index was added" diff priv.before priv.after
assert "no tpcc_meta was made" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'tpcc_meta'")" = 0 ]
# drop on an adopted schema takes out what adopt added (its indexes, our
# procedures, tpcc_meta) and nothing of the other tool's: tpcc-mysql's
# tables (the specification's names but new_orders) and sysbench-tpcc's
# (warehouse1, ...) stay, each with its rows, as they were before adopt.
# table_rows DB: each table but tpcc_meta, with its rows.
table_rows() {
	local t
	for t in $(my_sql "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$1' AND TABLE_NAME <> 'tpcc_meta' ORDER BY 1"); do
		echo "$t $(my_sql "SELECT COUNT(*) FROM $1.$t")"
	done
}
for layout in tpcc-mysql sysbench-tpcc; do
	db=tpcc_ad_${layout//-/_}_$$
	table_rows "$db" >"$layout.rows"
	assert "$layout: its nine tables hold rows before the drop" \
		[ "$(awk '$2 > 0' "$layout.rows" | wc -l)" -ge 9 ]
	"$TPCC_BIN" drop $(my_args "$db") >"$layout.drop" 2>&1; rc=$?
	assert "$layout: drop on the adopted schema exits 0" [ $rc -eq 0 ]
	[ $rc -eq 0 ] || tail -3 "$layout.drop"
	assert "$layout: drop says the other tool's tables were left in place" \
		contains "$layout.drop" "the adopted tables are the other tool's ($layout) and were left in place"
	assert "$layout: drop does not claim to have dropped the TPC-C tables" \
		lacks "$layout.drop" "dropped the TPC-C tables"
	table_rows "$db" >"$layout.rows-after"
	assert "$layout: every table of the other tool's is there with its rows" \
		diff "$layout.rows" "$layout.rows-after"
	definitions "$db" >"$layout.dropped"
	assert "$layout: and their definitions are as before adopt" diff "$layout.before" "$layout.dropped"
	assert "$layout: tpcc_meta is gone" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = '$db' AND TABLE_NAME = 'tpcc_meta'")" = 0 ]
	assert "$layout: the indexes adopt added are gone" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = '$db' AND INDEX_NAME LIKE 'tpcc\\_%'")" = 0 ]
	assert "$layout: our procedures are gone" [ "$(my_sql "SELECT COUNT(*) FROM information_schema.ROUTINES WHERE ROUTINE_SCHEMA = '$db'")" = 0 ]
	"$TPCC_BIN" adopt $(my_args "$db") >"$layout.readopt" 2>&1; rc=$?
	assert "$layout: after the drop, adopt exits 0" [ $rc -eq 0 ]
	assert "$layout: and finds the other tool's schema again" contains "$layout.readopt" "layout: $layout"
done
assert "tpcc-mysql: drop took out the two indexes adopt added" contains tpcc-mysql.drop ": 2 indexes, our stored procedures and tpcc_meta;"
finish
