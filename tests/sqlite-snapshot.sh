#!/usr/bin/env bash
# sqlite-snapshot.sh: snapshot and restore on SQLite (the online backup
# API, a file beside the database).  Restore without a snapshot is refused
# (exit 2); after a build, a snapshot, a short run and a restore (which
# leaves the snapshot one file, no -wal or -shm beside it), every table's
# row count and an order-independent hash of its rows (tpcc_meta's
# too) equal those right after the build, where the run had changed them,
# and check passes.  Refused with exit 2 and the reason: a snapshot over,
# or a restore from, a file that is no SQLite database; a snapshot of a
# schema that fails the quick check (a table missing); a restore over a
# schema rebuilt with another warehouse count (a rebuild of 2 warehouses
# stopped once loading: tpcc_meta names its count before the first row,
# and a whole second build would double the test's time).  A sweep of two
# steps with --reset-between restores before each: both steps say so in
# the results file, with the time it took, and the database holds only the
# last step's orders.
. "$(dirname "$0")/lib.sh"
cd "$T"
A="--driver sqlite --db $T/t.sqlite"
# sums FILE: one line per table: its name, rows and the sum of its rows'
# CRC-32s (so the order the rows are stored in does not count).
sums() {
	python3 - "$1" <<'PY'
import sqlite3, sys, zlib
db = sqlite3.connect(sys.argv[1])
for (t,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"):
    n = h = 0
    for row in db.execute('SELECT * FROM "%s"' % t):
        n += 1
        h += zlib.crc32(repr(row).encode())
    print(t, n, h)
PY
}

"$TPCC_BIN" restore $A >norestore.txt 2>&1
assert "restore without a schema or snapshot exits 2" [ $? -eq 2 ]
assert "... and says there is no snapshot" contains norestore.txt "no snapshot $T/t.sqlite.snapshot"

sqlite_built "build exits 0" "$T/t.sqlite"
sums t.sqlite >built.sums
assert "the hash sees the nine tables and tpcc_meta" [ "$(wc -l <built.sums)" = 10 ]
"$TPCC_BIN" restore $A >norestore2.txt 2>&1
assert "restore before any snapshot exits 2" [ $? -eq 2 ]
tpcc_ok "snapshot exits 0" snap.txt snapshot $A
assert "snapshot says what it copied" contains snap.txt "snapshot $T/t.sqlite.snapshot of $T/t.sqlite: 1 warehouse"
assert "the snapshot is one file, no WAL beside it" [ -s t.sqlite.snapshot ] && [ ! -e t.sqlite.snapshot-wal ]

"$TPCC_BIN" run $A --batch --vus 2 --rampup 0 --duration 2 --results-dir "$T/r" >run.txt 2>&1
assert "a run exits 0" [ $? -eq 0 ]
sums t.sqlite >run.sums
differ() { ! cmp -s "$1" "$2" || { echo "$1 and $2 are the same"; return 1; }; }
assert "the run changed the tables (the hash can tell)" differ built.sums run.sums
tpcc_ok "restore exits 0" restore.txt restore $A
assert "restore names the snapshot and when it was taken" \
	file_matches restore.txt "restored $T/t.sqlite from the snapshot $T/t.sqlite.snapshot \(taken 20[0-9-]+T"
assert "... and leaves the snapshot one file, no -wal or -shm beside it" \
	[ ! -e t.sqlite.snapshot-wal ] && [ ! -e t.sqlite.snapshot-shm ]
sums t.sqlite >restored.sums
assert "every table's rows and hash equal those after the build" cmp built.sums restored.sums
check_ok "check passes after the restore" check.txt $A
assert "check says passed" contains check.txt "passed: 0 conditions failed"

# A sweep that restores before every step.
"$TPCC_BIN" sweep $A --vus 1,2 --step 2 --settle 0 --rampup 0 --reset-between \
	--results-dir "$T/rs" >sweep.txt 2>&1
assert "sweep --reset-between exits 0" [ $? -eq 0 ]
R=$(ls rs/*.json 2>/dev/null | head -1)
assert "both steps were reset, each with its time" \
	json_true "$R" 'len(d["steps"]) == 2 and all(s["reset"] and s["reset_s"] > 0 for s in d["steps"])'
assert "each restore is an event" [ "$(grep -c 'database restored in' sweep.txt)" = 2 ]
ORDERS=$(sqlite3 t.sqlite 'SELECT COUNT(*) - 30000 FROM orders')
assert "the database holds fewer new orders ($ORDERS) than the run made: step 1's were restored away" \
	json_true "$R" "0 < $ORDERS < d['summary']['run_totals']['commits']['new_order']"

# A file in the snapshot's place that is no SQLite database: refused.
echo junk >junk
"$TPCC_BIN" snapshot $A --snapshot "$T/junk" >junksnap.txt 2>&1
assert "a snapshot over a file that is no database exits 2" [ $? -eq 2 ]
assert "... and says so" contains junksnap.txt "$T/junk exists and it is not a SQLite database"
"$TPCC_BIN" restore $A --snapshot "$T/junk" >junkrestore.txt 2>&1
assert "a restore from it exits 2" [ $? -eq 2 ]
assert "... and says so" contains junkrestore.txt "$T/junk is no snapshot to restore: it is not a SQLite database"
assert "... both leave it as it was" [ "$(cat junk)" = junk ]

# The quick check before a snapshot.
sqlite3 t.sqlite 'DROP TABLE history'
"$TPCC_BIN" snapshot $A >badsnap.txt 2>&1
assert "a snapshot of a schema without history exits 2" [ $? -eq 2 ]
assert "... and names the table" contains badsnap.txt "table history missing"
assert "... and kept the old snapshot" [ "$(sqlite3 t.sqlite.snapshot "SELECT v FROM tpcc_meta WHERE k = 'warehouses'")" = 1 ]

# Another warehouse count: the snapshot is not this schema's.
tpcc_ok "drop exits 0" drop.txt drop $A
"$TPCC_BIN" build $A --warehouses 2 >build2.txt 2>&1 &
BPID=$!
on_exit "kill $BPID 2>/dev/null"
wait_for build2.txt "^loading" 60
kill -INT $BPID
wait_exit $BPID 60
"$TPCC_BIN" restore $A >mismatch.txt 2>&1
assert "restore over 2 warehouses from a 1-warehouse snapshot exits 2" [ $? -eq 2 ]
assert "... and names both counts" contains mismatch.txt "holds 1 warehouse, the schema in $T/t.sqlite 2"
assert "... and left the schema alone" [ "$(sqlite3 t.sqlite "SELECT v FROM tpcc_meta WHERE k = 'warehouses'")" = 2 ]
finish
