#!/usr/bin/env bash
# mariadb-knobs.sh: a sweep's server variables are always put back, on a
# private MariaDB of this test's own (it gets killed, and other tests
# change innodb_io_capacity on the shared one).  An innodb_io_capacity
# sweep: each step's value is in effect inside its window (read back from
# the server then), and innodb_io_capacity_max, which InnoDB moves along,
# is journalled too; the originals are back after the run, after SIGINT
# mid-step, and after the server was SIGKILLed mid-step and restarted;
# after kill -9 of the client, restore-knobs puts them back from the
# results file, connecting as the file records when given no driver.  A buffer-pool sweep records how long each resize took.
# `set` keeps its change unless run --restore-knobs.
. "$(dirname "$0")/lib.sh"
need_mariadb
cd "$T"
SRV="$TPCC_SRCDIR/tests/mariadb-server.sh"
# Socket only, as mariadb-faults.sh: a port beside the shared server's may
# be someone else's.
export PORT=$(( ${TPCC_TEST_MYSQL_PORT:-33061} + 11 ))
export MARIADB_EXTRA_ARGS="--skip-networking"
MDB=$T/mdb
eval "$("$SRV" start "$MDB" 2>/dev/null)"
on_exit "'$SRV' stop '$MDB' >/dev/null 2>&1"
A="--driver mysql --socket $MDB/mysql.sock --user root --no-read-option-files --database tpcc_k"
sql() { mariadb --no-defaults --socket="$MDB/mysql.sock" --user=root -N -B -e "$1"; }
caps() { sql "SELECT CONCAT(@@GLOBAL.innodb_io_capacity, '/', @@GLOBAL.innodb_io_capacity_max)"; }
caps_are() { local got; got=$(caps 2>/dev/null); [ "$got" = "$1" ] || { echo "io capacity/max $got, expected $1"; return 1; }; }
ORIG=$(caps)

build_ok "build exits 0" build.txt $A --warehouses 1

# ---- the values in effect inside each window, and back after -----------------
"$TPCC_BIN" sweep $A --vus 1 --knob innodb_io_capacity=300,5000 --step 3 --settle 0 --rampup 0 \
	--results-dir "$T/r1" >sweep1.txt 2>&1 &
PID=$!
on_exit "kill -9 $PID 2>/dev/null"
for n in 1 2; do
	want=$([ $n = 1 ] && echo 300 || echo 5000)
	if wait_for sweep1.txt "step $n/2 measuring" 30; then
		got=$(sql "SELECT @@GLOBAL.innodb_io_capacity")
		late=no
		grep -q "step $n/2 done" sweep1.txt && late=yes
		assert "step $n: innodb_io_capacity is $want inside the window (read $got)" [ "$got" = "$want" ]
		assert "step $n: read before the window ended" [ $late = no ]
	else
		not_ok "step $n never measured"
	fi
done
wait_exit $PID 60
assert "the sweep exits 0" [ $? -eq 0 ]
assert "innodb_io_capacity and its maximum are back ($ORIG)" caps_are "$ORIG"
R=$(ls r1/*.json | head -1)
assert "the journal names both, the maximum as moved by the capacity, both put back" \
	json_is "$R" '[(k["name"], k["dependent_of"], k["restored"]) for k in d["knob_journal"]]' \
	"[('innodb_io_capacity', None, True), ('innodb_io_capacity_max', 'innodb_io_capacity', True)]"
assert "with their values before the run" \
	json_is "$R" '"/".join(k["old"] for k in d["knob_journal"])' "$ORIG"
assert "the put-back is logged" contains sweep1.txt "put back innodb_io_capacity_max 10000 -> ${ORIG#*/}"

# ---- SIGINT mid-step -------------------------------------------------------
"$TPCC_BIN" sweep $A --vus 1 --knob innodb_io_capacity=400,800 --step 30 --settle 0 --rampup 0 \
	--results-dir "$T/r2" >sweep2.txt 2>&1 &
PID=$!
on_exit "kill -9 $PID 2>/dev/null"
wait_for sweep2.txt "step 1/2 measuring" 30
assert "changed mid-step" caps_are "400/${ORIG#*/}"
kill -INT $PID
wait_exit $PID 60
assert "SIGINT ends the sweep with 130" [ $? -eq 130 ]
assert "the value is back after SIGINT" caps_are "$ORIG"
R=$(ls r2/*.json | head -1)
assert "the file says it was cut short and put back" \
	json_true "$R" 'd["stopped_by"] == "signal" and not d["steps"][-1]["complete"] and all(k["restored"] for k in d["knob_journal"])'

# ---- kill -9 of the client, then restore-knobs --------------------------------
"$TPCC_BIN" sweep $A --vus 1 --knob innodb_io_capacity=4000,500 --step 30 --settle 0 --rampup 0 \
	--results-dir "$T/r3" >sweep3.txt 2>&1 &
PID=$!
on_exit "kill -9 $PID 2>/dev/null"
wait_for sweep3.txt "step 1/2 measuring" 30
kill -9 $PID
wait $PID 2>/dev/null
assert "a killed client leaves the value changed" caps_are "4000/8000"
R=$(ls r3/*.json | head -1)
assert "its results file already names what changed" \
	json_is "$R" '[(k["name"], k["old"], k["restored"]) for k in d["knob_journal"]]' \
	"[('innodb_io_capacity', '${ORIG%/*}', False), ('innodb_io_capacity_max', '${ORIG#*/}', False)]"
# Given the file alone, from a directory of its own: the connection is the
# run's, as the file records it, never the default SQLite file.
mkdir elsewhere
(cd elsewhere && "$TPCC_BIN" restore-knobs --driver pg "$T/$R") >mismatch.txt 2>&1; rc=$?
assert "restore-knobs naming another driver than the run's exits 2" [ $rc -eq 2 ]
assert "  naming both" contains mismatch.txt "name driver pg, but $T/$R was written by a run on driver mysql"
(cd elsewhere && "$TPCC_BIN" restore-knobs "$T/$R") >restore.txt 2>&1; rc=$?
assert "restore-knobs given only the file exits 0" [ $rc -eq 0 ]
assert "  connecting as the file records" contains restore.txt "records: driver mysql, socket $MDB/mysql.sock, user root, database tpcc_k, read_option_files false"
assert "restore-knobs puts both back" caps_are "$ORIG"
assert "and says what it did" grep -qF "innodb_io_capacity: put back 4000 -> ${ORIG%/*}" restore.txt
assert "no SQLite file was made" [ ! -e elsewhere/tpcc.sqlite ]
tpcc_ok "restore-knobs again exits 0" restore2.txt restore-knobs $A "$R"
assert "and finds them already back" contains restore2.txt "innodb_io_capacity: already ${ORIG%/*}"
"$TPCC_BIN" restore-knobs $A build.txt >bad.txt 2>&1; rc=$?
assert "restore-knobs of a file that is not a results file exits 2" [ $rc -eq 2 ]

# ---- the server SIGKILLed mid-step, restarted --------------------------------
"$TPCC_BIN" sweep $A --vus 2 --knob innodb_io_capacity=600,700 --step 4 --settle 1 --rampup 0 \
	--reconnect-give-up 60 --results-dir "$T/r4" >sweep4.txt 2>&1 &
PID=$!
on_exit "kill -9 $PID 2>/dev/null"
wait_for sweep4.txt "step 1/2 measuring" 30
kill -9 "$(cat "$MDB/mysqld.pid")"
wait_for sweep4.txt 'reconnecting [12]' 30
"$SRV" start "$MDB" >restart.txt 2>&1
assert "the server came back" sql "SELECT 1"
wait_exit $PID 90
assert "the sweep rides out the restart and exits 0" [ $? -eq 0 ]
R=$(ls r4/*.json | head -1)
assert "its second step set its value on the restarted server" \
	json_is "$R" '[s["set"]["innodb_io_capacity"]["new"] for s in d["steps"]]' "['600', '700']"
assert "the value is back after the restart" caps_are "$ORIG"
assert "and the journal says so" json_true "$R" 'all(k["restored"] for k in d["knob_journal"])'

# ---- the buffer pool ------------------------------------------------------------
BP=$(sql "SELECT @@GLOBAL.innodb_buffer_pool_size")
tpcc_ok "a buffer-pool sweep exits 0" bp.txt sweep $A --vus 1 --knob innodb_buffer_pool_size=128M,256M \
	--step 1 --settle 0 --rampup 0 --results-dir "$T/r5"
R=$(ls r5/*.json | head -1)
assert "each step set its size and recorded how long the resize took" \
	json_true "$R" '[s["set"]["innodb_buffer_pool_size"]["new"] for s in d["steps"]] == ["134217728", "268435456"] and all(s["set"]["innodb_buffer_pool_size"]["in_effect_s"] >= 0 for s in d["steps"])'
assert "the buffer pool is back to $BP" [ "$(sql "SELECT @@GLOBAL.innodb_buffer_pool_size")" = "$BP" ]

# ---- set outside a sweep -------------------------------------------------------------
echo "set innodb_io_capacity 900" | "$TPCC_BIN" run $A --vus 1 --rampup 0 --duration 2 --batch \
	--results-dir "$T/r6" >set1.txt 2>&1
assert "set keeps its change after the run" caps_are "900/${ORIG#*/}"
sql "SET GLOBAL innodb_io_capacity = ${ORIG%/*}"
echo "set innodb_io_capacity 900" | "$TPCC_BIN" run $A --vus 1 --rampup 0 --duration 2 --batch \
	--restore-knobs --results-dir "$T/r7" >set2.txt 2>&1
assert "the change was made" contains set2.txt "set innodb_io_capacity ${ORIG%/*} -> 900"
assert "run --restore-knobs puts it back at the end" caps_are "$ORIG"
finish
