#!/usr/bin/env bash
# pg-snapshot.sh: snapshot and restore on the shared PostgreSQL (CREATE
# DATABASE .. TEMPLATE), through libpq and through psqlODBC on one build.
# Restore without a snapshot is refused (exit 2); a snapshot through ODBC
# (over an old one and a side database a kill left, where one that holds
# anything else is refused), one whose copy fails (a lock held on the
# database: the one before is kept),
# a short run and a restore through libpq, then a run and a restore
# through ODBC: each time every table's row count and an order-independent
# hash of its rows (tpcc_meta's too) equal those right after the build,
# where the run had changed them, the functions are there and check
# passes.  A sweep --reset-between restores before each step, through
# libpq (two steps) and through ODBC (one), its ticks going on through the
# restores without server metrics, and a restore after them brings back
# the build's rows.  A restore, and a
# sweep --reset-between, while another session is connected to the
# database are refused with exit 2, the backend named by its pid; one
# that ends within seconds is waited for.
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
DBN=tpcc_pgsnap_$$
SNAP=${DBN}_snapshot
pg_sql "CREATE DATABASE $DBN" || skip_all "cannot create a database on the test PostgreSQL"
on_exit "pg_sql 'DROP DATABASE IF EXISTS $DBN WITH (FORCE)'"
on_exit "pg_sql 'DROP DATABASE IF EXISTS $SNAP WITH (FORCE)'"
on_exit "pg_sql 'DROP DATABASE IF EXISTS ${DBN}_restoring WITH (FORCE)'"
export TPCC_PASSWORD=$TPCC_TEST_PG_PASSWORD
unset PGSERVICE PGDATABASE PGHOST PGPORT PGUSER PGPASSWORD PGOPTIONS
N="--driver pg --host 127.0.0.1 --port $TPCC_TEST_PG_PORT --user $TPCC_TEST_PG_USER --database $DBN"
odbc_conf pg.conf "DSN=$TPCC_TEST_PG_DSN;Database=$DBN"
O="-c $T/pg.conf --user $TPCC_TEST_PG_USER"
TABLES="customer district history item new_order order_line orders stock tpcc_meta warehouse"
# sums: one line per table: its name, rows and the sum of its rows' hashes
# (so the order the rows are stored in does not count).
sums() {
	local t q=
	for t in $TABLES; do
		q="$q${q:+ UNION ALL }SELECT '$t', COUNT(*), COALESCE(SUM(hashtext(x::text)::bigint), 0) FROM $t x"
	done
	pg_sql -d "$DBN" "$q" | sort
}
differ() { ! cmp -s "$1" "$2" || { echo "$1 and $2 are the same"; return 1; }; }
# session DB NAME: another session, psql on DB, reading NAME.in (a FIFO
# the caller opens for writing) and writing NAME.out; its pid in SESSION.
session() {
	mkfifo "$2.in"
	psql -X -q -tA -h "$TPCC_TEST_PG_DIR" -p "$TPCC_TEST_PG_PORT" -U "$TPCC_TEST_PG_USER" \
		-d "$1" <"$2.in" >"$2.out" 2>&1 &
	SESSION=$!
	on_exit "kill $SESSION 2>/dev/null"
}

pg_built "build through libpq exits 0"
"$TPCC_BIN" restore $N >norestore.txt 2>&1
assert "restore without a snapshot exits 2" [ $? -eq 2 ]
assert "... and says there is no snapshot" contains norestore.txt "no snapshot $SNAP of"
sums >built.sums
assert "the hash sees every table" [ "$(grep -c . built.sums)" = 10 ]
# What a snapshot killed part way leaves: a side database, which the next
# snapshot drops when it holds a copy of ours and refuses for otherwise,
# and an old snapshot, here a small one of tpcc_meta alone, which it
# replaces.
on_exit "pg_sql 'DROP DATABASE IF EXISTS ${SNAP}_new WITH (FORCE)'"
on_exit "pg_sql 'DROP DATABASE IF EXISTS ${SNAP}_old WITH (FORCE)'"
snaps() { pg_sql -d postgres "SELECT string_agg(datname, ' ' ORDER BY datname) FROM pg_database WHERE datname LIKE '${SNAP}%'"; }
meta() { pg_sql -d "$1" "CREATE TABLE tpcc_meta (k TEXT, v TEXT); INSERT INTO tpcc_meta VALUES $2"; }
pg_sql -d postgres "CREATE DATABASE ${SNAP}_new" && pg_sql -d postgres "CREATE DATABASE $SNAP"
meta "$SNAP" "('status', 'complete'), ('warehouses', '1'), ('snapshot_taken_at', '2000-01-01T00:00:00Z')"
"$TPCC_BIN" snapshot $N >snapside.txt 2>&1
assert "a snapshot whose side database holds no copy of a build is refused (exit 2)" [ $? -eq 2 ]
assert "... says why" contains snapside.txt "database ${SNAP}_new exists and holds no copy of a finished build"
assert "... and left it and the snapshot alone" [ "$(snaps)" = "$SNAP ${SNAP}_new" ]
meta "${SNAP}_new" "('status', 'complete')"
tpcc_ok "snapshot through ODBC exits 0" snap.txt snapshot $O
assert "snapshot says what it copied" contains snap.txt "snapshot $SNAP of $DBN: 1 warehouse"
assert "... over the old one, the side database dropped and none left" [ "$(snaps)" = "$SNAP" ]
# A snapshot whose copy fails keeps the one before (the restores below
# restore it): another session holds a lock on the database (as COMMENT
# ON DATABASE does until it commits) that CREATE DATABASE .. TEMPLATE
# waits for, here a second.
session postgres lock
LOCK=$SESSION
exec {LOCK_IN}>lock.in
echo "BEGIN; COMMENT ON DATABASE $DBN IS 'held'; SELECT 'locked';" >&$LOCK_IN
wait_for lock.out "^locked" 10
PGOPTIONS="-c lock_timeout=1s" "$TPCC_BIN" snapshot $N >snapfail.txt 2>&1
assert "a snapshot whose copy fails exits 1" [ $? -eq 1 ]
assert "... says why" contains snapfail.txt "lock timeout"
exec {LOCK_IN}>&-
wait $LOCK 2>/dev/null
assert "... and keeps the snapshot before it, no side database left" [ "$(snaps)" = "$SNAP" ]

for via in libpq odbc; do
	[ $via = libpq ] && X=$N || X=$O
	"$TPCC_BIN" run $X --batch --vus 2 --rampup 0 --duration 2 --results-dir "$T/r" >run-$via.txt 2>&1
	assert "$via: a run exits 0" [ $? -eq 0 ]
	sums >run-$via.sums
	assert "$via: the run changed the tables (the hash can tell)" differ built.sums run-$via.sums
	tpcc_ok "$via: restore exits 0" restore-$via.txt restore $X
	assert "$via: restore names the snapshot" contains restore-$via.txt "restored $DBN from the snapshot $SNAP"
	sums >restored-$via.sums
	assert "$via: every table's rows and hash equal those after the build" cmp built.sums restored-$via.sums
	assert "$via: the six functions are there" \
		[ "$(pg_sql -d "$DBN" "SELECT COUNT(*) FROM pg_proc WHERE proname LIKE 'tpcc\_%'")" = 6 ]
	check_ok "$via: check passes after the restore" check-$via.txt $X
	assert "$via: check says passed" contains check-$via.txt "passed: 0 conditions failed"
done

# A sweep that restores before each step: the run closes its own
# connections for each restore.  Through libpq two steps (the second
# starts from the build's data again); through ODBC one (its connections
# close as libpq's do; each restore of W=1 costs seconds on a busy
# machine).  The ticks go on through the restores, one a second, without
# server metrics while the run's connections are closed.
# GAPS: the ticks strictly between a restore's two events have none.
GAPS='(lambda ev: len(ev) == 2 * @STEPS@ and all(t["server_metrics"] is None for t in d["ticks"]
	for a, b in zip(ev[::2], ev[1::2]) if a < t["t"] < b))(
	[e["t"] for e in d["events"] if e["type"] == "step" and "restor" in e["text"]])'
for via in libpq odbc; do
	[ $via = libpq ] && X=$N STEPS="--vus 1,2" n=2 || X=$O STEPS="--steps vus=1" n=1
	"$TPCC_BIN" sweep $X $STEPS --step 3 --settle 0 --rampup 0 --reset-between \
		--results-dir "$T/rs-$via" >sweep-$via.txt 2>&1
	assert "$via: sweep --reset-between exits 0" [ $? -eq 0 ]
	R=$(ls rs-$via/*.json 2>/dev/null | head -1)
	assert "$via: each of its $n steps was reset, with its time" \
		json_true "$R" "len(d['steps']) == $n and all(s['reset'] and s['reset_s'] > 0 for s in d['steps'])"
	assert "$via: each restore is an event" [ "$(grep -c 'database restored in' sweep-$via.txt)" = $n ]
	assert "$via: a tick every second through the restores" \
		json_true "$R" '[t["t"] for t in d["ticks"]] == list(range(1, len(d["ticks"]) + 1))'
	assert "$via: no server metrics while the run's connections were closed" \
		json_true "$R" "${GAPS//@STEPS@/$n}"
	assert "$via: server metrics again after the last restore" \
		json_true "$R" 'any(t["server_metrics"] for t in d["ticks"] if t["t"] > [e["t"] for e in d["events"] if "database restored" in e["text"]][-1])'
	assert "$via: no negative server TPM from the new database's counter" \
		json_true "$R" 'all(t["server_tpm"] is None or t["server_tpm"] >= 0 for t in d["ticks"])'
done
NO=$(pg_sql -d "$DBN" "SELECT COUNT(*) - 30000 FROM orders")
assert "the database holds fewer new orders ($NO) than the two sweeps made: restored away before each step" \
	json_true "$R" "0 < $NO <= d['summary']['run_totals']['commits']['new_order']"
tpcc_ok "restore after the sweeps exits 0" restore-sweep.txt restore $N
assert "after the sweeps and a restore every table's rows and hash equal those after the build" \
	cmp built.sums <(sums)

# Another session on the database: PostgreSQL copies and drops no
# database someone is connected to; refused, the backend named.
session "$DBN" hold
HOLD=$SESSION
exec {HOLD_IN}>hold.in
echo "SELECT 'held', pg_backend_pid();" >&$HOLD_IN
wait_for hold.out "^held" 10
PID=$(sed -n 's/^held|//p' hold.out)
"$TPCC_BIN" restore $N >busy.txt 2>&1
assert "restore while another session is connected exits 2" [ $? -eq 2 ]
assert "... and names its backend" contains busy.txt "other sessions are connected to database $DBN: pid $PID"
"$TPCC_BIN" sweep $N --vus 1,2 --step 2 --settle 0 --rampup 0 --reset-between \
	--results-dir "$T/rs-busy" >sweep-busy.txt 2>&1
assert "a sweep --reset-between with another session on the database exits 2" [ $? -eq 2 ]
assert "... before its first step, naming the backend, its program and address" \
	file_matches sweep-busy.txt "no restore between steps: .*pid $PID \\([^,]*, psql, from the local socket, idle\\)"
assert "... and started no run" [ ! -e rs-busy ]
assert "... and the schema is still the restored one" cmp built.sums <(sums)
# A session on its way out (its last statement running, its input closed)
# is waited for, as PostgreSQL's DROP DATABASE waits: a sweep's own VUs
# and the previous command's connection linger like this a moment.
echo "SELECT pg_sleep(2);" >&$HOLD_IN
exec {HOLD_IN}>&-
"$TPCC_BIN" restore $N >going.txt 2>&1
assert "restore waits for a session that ends within seconds, and exits 0" [ $? -eq 0 ]
wait $HOLD 2>/dev/null
assert "... and the schema is the restored one" cmp built.sums <(sums)
finish
