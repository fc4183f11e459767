#!/usr/bin/env bash
# pg-adopt.sh: adopt on PostgreSQL schemas in HammerDB's, BenchBase's,
# go-tpc's and sysbench-tpcc's layouts (tests/fixtures/adopt/*-pg.sql; the
# other two tools build for MySQL only), each filled with one warehouse
# our own generator loaded (moved aside into a schema of its own, copied
# across, renamed): adopt names the tool, --apply records the map and
# creates our functions (indexes CONCURRENTLY where one is missing), a
# short run in both modes and check work, and the other tool's tables and
# indexes are as they were, ours aside.
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
export TPCC_PASSWORD=$TPCC_TEST_PG_PASSWORD
unset PGSERVICE PGDATABASE PGHOST PGPORT PGUSER PGPASSWORD PGOPTIONS PGSSLMODE PGSSLROOTCERT

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
TABLES="warehouse district customer history item stock orders new_order order_line"
# fixture LAYOUT SUFFIX NEW_ORDER ORDERS: $DBN, made from our 1-warehouse
# template, gets the layout's tables in public (each name ending in
# SUFFIX), filled from ours, and ours gone.
fixture() {
	local layout=$1 sfx=$2 no=$3 ord=$4 t to
	q "CREATE SCHEMA src" || return 1
	for t in $TABLES; do q "ALTER TABLE $t SET SCHEMA src" || return 1; done
	q "DROP TABLE tpcc_meta" || return 1
	q "DO \$\$ DECLARE f record; BEGIN FOR f IN SELECT p.oid::regprocedure AS sig FROM pg_proc p
		JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' LOOP
		EXECUTE 'DROP ROUTINE ' || f.sig; END LOOP; END \$\$" || return 1
	sed "s/SUFFIX/$sfx/g" "$TPCC_SRCDIR/tests/fixtures/adopt/$layout.sql" |
		psql -X -q -v ON_ERROR_STOP=1 -h "$TPCC_TEST_PG_DIR" -p "$TPCC_TEST_PG_PORT" \
			-U "$TPCC_TEST_PG_USER" -d "$DBN" || return 1
	for t in $TABLES; do
		to=$t$sfx
		[ $t = new_order ] && to=$no$sfx
		[ $t = orders ] && to=$ord$sfx
		q "INSERT INTO $to (${COLS[$t]}) SELECT ${COLS[$t]} FROM src.$t" || return 1
	done
	q "DROP SCHEMA src CASCADE"
}
# Every table's columns and every index's definition but ours.
definitions() {
	q "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
		WHERE table_schema = 'public' AND table_name <> 'tpcc_meta' ORDER BY 1, 2"
	q "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE 'tpcc\\_%' ORDER BY 1"
	q "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conname NOT LIKE 'tpcc\\_%' ORDER BY 1"
}

# prepare LAYOUT SUFFIX NEW_ORDER ORDERS: the layout's database copied
# from our template and made into the layout, its definitions, adopt,
# adopt --apply, a short run in each mode and check, into LAYOUT.*; each
# step's exit status a line of LAYOUT.rc.  The four layouts are prepared
# at once (one after another they were most of this test's time, under
# ASan) and asserted on after, one by one.
prepare() {
	local layout=$1 sfx=$2 no=$3 ord=$4 mode
	pg_native_db "tpcc_adpg_${layout//-/_}" >"$layout.copy" 2>&1
	pg_built "$layout: our 1-warehouse schema to copy from" >>"$layout.copy" 2>&1
	echo "copy $?" >"$layout.rc"
	fixture "$layout" "$sfx" "$no" "$ord" >"$layout.fill" 2>&1
	echo "fixture $?" >>"$layout.rc"
	definitions >"$layout.before"
	"$TPCC_BIN" adopt $A >"$layout.adopt" 2>&1
	echo "adopt $?" >>"$layout.rc"
	q "SELECT to_regclass('tpcc_meta') IS NULL" >"$layout.meta"
	"$TPCC_BIN" adopt $A --apply >"$layout.apply" 2>&1
	echo "apply $?" >>"$layout.rc"
	for mode in statements procedures; do
		"$TPCC_BIN" run $A --mode $mode --vus 2 --rampup 0 --duration 2 --results-dir "$T/r-$layout" </dev/null >"$layout.$mode" 2>&1
		echo "$mode $?" >>"$layout.rc"
	done
	"$TPCC_BIN" check $A >"$layout.check" 2>&1
	echo "check $?" >>"$layout.rc"
	definitions >"$layout.after"
}
LAYOUTS="hammerdb-pg - new_order orders standard names (HammerDB or go-tpc)
benchbase-pg - new_order oorder BenchBase
go-tpc-pg - new_order orders go-tpc (its index names)
sysbench-tpcc-pg 1 new_orders orders sysbench-tpcc, table set 1"
pids=
while read -r layout sfx no ord says; do
	# pg_native_db's own on_exit would stay in prepare's subshell
	on_exit "pg_sql 'DROP DATABASE IF EXISTS tpcc_adpg_${layout//-/_}_$$ WITH (FORCE)'"
	[ "$sfx" = - ] && sfx=
	prepare "$layout" "$sfx" "$no" "$ord" &
	pids="$pids $!"
done <<<"$LAYOUTS"
wait $pids

# layout suffix new_order orders "what adopt says"
while read -r layout sfx no ord says; do
	[ "$sfx" = - ] && sfx=
	pg_native_use "tpcc_adpg_${layout//-/_}"
	step_ok "$layout: our 1-warehouse schema copied" "$layout" copy "$layout.copy"
	step_ok "$layout: fixture made and filled" "$layout" fixture "$layout.fill"
	step_ok "$layout: adopt exits 0" "$layout" adopt "$layout.adopt"
	assert "$layout: adopt names the tool" contains "$layout.adopt" "layout: $says"
	assert "$layout: adopt counted 1 warehouse" contains "$layout.adopt" "warehouses: 1 (counted"
	assert "$layout: the cheap conditions hold on our generator's load" \
		lacks "$layout.adopt" "does not hold"
	assert "$layout: adopt changed nothing" [ "$(cat "$layout.meta")" = t ]
	step_ok "$layout: adopt --apply exits 0" "$layout" apply "$layout.apply"
	for mode in statements procedures; do
		step_ok "$layout: a $mode run exits 0" "$layout" $mode "$layout.$mode"
	done
	assert "$layout: the runs wrote New-Orders into the other tool's orders table" \
		[ "$(q "SELECT COUNT(*) > 0 FROM $ord$sfx WHERE o_id > 3000")" = t ]
	step_ok "$layout: check passes" "$layout" check "$layout.check"
	assert "$layout: the other tool's tables and indexes are unchanged" diff "$layout.before" "$layout.after"
done <<<"$LAYOUTS"

# A departure in sysbench-tpcc's load (the last layout's), one customer's
# c_balance made by hand: adopt --apply finds it in conditions 10 and 12
# once it has added the indexes, and check names it as that tool's; a
# second customer's after adopt is a run's, and fails check.
q "UPDATE customer1 SET c_balance = c_balance + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 1"
"$TPCC_BIN" adopt $A --apply >finding.txt 2>finding.err; rc=$?
assert "a departing load: adopt --apply exits 0" [ $rc -eq 0 ]
assert "conditions 10 and 12 recorded with their rows" [ "$(q "SELECT v FROM tpcc_meta WHERE k = 'findings'")" = "10:1,12:1" ]
"$TPCC_BIN" check $A >finding-check.txt 2>&1; rc=$?
assert "check exits 0 on the recorded departures" [ $rc -eq 0 ]
assert "and names condition 12 as sysbench-tpcc's" \
	grep -qE '^12  .* departs as sysbench-tpcc.s load did when adopted: 1 offending \(1 then\); first: warehouse 1 district 1 customer 1:' finding-check.txt
q "UPDATE customer1 SET c_balance = c_balance + 1 WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2"
"$TPCC_BIN" check $A >after-check.txt 2>&1; rc=$?
assert "a departure made after adopt: check exits 1" [ $rc -eq 1 ]
assert "it fails condition 12, one row more than adopt found" \
	grep -qE '^12  .* FAIL  2 offending, 1 more than the 1 adopt found' after-check.txt
assert "HammerDB's own indexes serve (led by c_last; stock's by s_i_id), none added" lacks hammerdb-pg.apply "adding index"
# drop on an adopted schema takes out what adopt added (our functions,
# tpcc_meta, the indexes it made) and nothing of the other tool's: each
# layout's tables (HammerDB's the specification's names, sysbench-tpcc's
# warehouse1, ...) stay, each with its rows, as they were before adopt.
table_rows() {
	local t
	for t in $(q "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'tpcc_meta' ORDER BY 1"); do
		echo "$t $(q "SELECT COUNT(*) FROM $t")"
	done
}
while read -r layout sfx no ord says; do
	pg_native_use "tpcc_adpg_${layout//-/_}"
	table_rows >"$layout.rows"
	added=$(q "SELECT COUNT(*) FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'tpcc_meta' AND indexname LIKE 'tpcc\\_%'")
	assert "$layout: its nine tables hold rows before the drop" \
		[ "$(awk '$2 > 0' "$layout.rows" | wc -l)" -ge 9 ]
	"$TPCC_BIN" drop $A >"$layout.drop" 2>&1; rc=$?
	assert "$layout: drop on the adopted schema exits 0" [ $rc -eq 0 ]
	[ $rc -eq 0 ] || tail -3 "$layout.drop"
	assert "$layout: drop says the other tool's tables were left in place" \
		contains "$layout.drop" "and were left in place"
	assert "$layout: drop does not claim to have dropped the TPC-C tables" \
		lacks "$layout.drop" "dropped the TPC-C tables"
	table_rows >"$layout.rows-after"
	assert "$layout: every table of the other tool's is there with its rows" \
		diff "$layout.rows" "$layout.rows-after"
	definitions >"$layout.dropped"
	assert "$layout: and their definitions are as before adopt" diff "$layout.before" "$layout.dropped"
	assert "$layout: tpcc_meta is gone" [ "$(q "SELECT to_regclass('tpcc_meta') IS NULL")" = t ]
	assert "$layout: the indexes adopt added are gone" \
		[ "$(q "SELECT COUNT(*) FROM pg_indexes WHERE schemaname = 'public' AND indexname LIKE 'tpcc\\_%'")" = 0 ]
	assert "$layout: our functions are gone" \
		[ "$(q "SELECT COUNT(*) FROM pg_proc WHERE proname LIKE 'tpcc\\_%'")" = 0 ]
	assert "$layout: drop says how many indexes it took out ($added)" contains "$layout.drop" ": $added index"
done <<<"$LAYOUTS"
finish
