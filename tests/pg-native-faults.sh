#!/usr/bin/env bash
# pg-native-faults.sh: a private PostgreSQL of this test's own crashes
# under a run through libpq (--driver pg): the postmaster and every
# backend SIGKILLed, then the server started again (crash recovery).  The
# run must ride it out: VUs reconnect with back-off, the gap shows as
# zero throughput, consistency holds, and nothing the server acknowledged
# is lost (fsync and synchronous_commit on, the server's defaults).
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
SRV="$TPCC_SRCDIR/tests/pg-server.sh"
# A port of its own, free now: the shared server's and other tests' are
# taken.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
(PG_PORT=$PORT "$SRV" start "$T/pg" >pg.env 2>pg-start.txt) || skip_all "the private PostgreSQL did not start"
on_exit "PG_PORT=$PORT '$SRV' stop '$T/pg' >/dev/null 2>&1"
SOCK=$(sed -n 's/^export TPCC_TEST_PG_DIR=//p; s/^TPCC_TEST_PG_DIR=//p' pg.env | tr -d "'\"")
[ -n "$SOCK" ] || SOCK=$T/pg
sql() { psql -X -q -tA -h "$SOCK" -p "$PORT" -U tpcc -d "${2:-tpcc_f}" -c "$1"; }
sql "CREATE DATABASE tpcc_f" tpcc_test
export TPCC_PASSWORD=tpcc
unset PGSERVICE PGDATABASE PGHOST PGPORT PGUSER PGOPTIONS
A="--driver pg --host 127.0.0.1 --port $PORT --user tpcc --database tpcc_f"

build_ok "build exits 0" build.txt $A --warehouses 1

start_console run.txt run $A --vus 4 --rampup 0 --duration 600 --reconnect-give-up 120 \
	--batch --results-dir "$T/r1"
on_exit "kill $CON_PID 2>/dev/null"
wait_for run.txt '^\[ +3s steady'
# The postmaster first, so that nothing restarts the backends; then each
# of them, as a machine that lost power would.
PM=$(head -1 "$SOCK/data/postmaster.pid")
KIDS=$(ps -o pid= --ppid "$PM")
kill -9 "$PM" $KIDS
wait_for run.txt 'nopm 0 .*reconnecting 4' 30
mark=$(lines_in run.txt)
PG_PORT=$PORT "$SRV" start "$T/pg" >/dev/null 2>restart.txt
assert "the server came back" sql "SELECT 1"
wait_for run.txt "^\[ +[0-9]+s steady +\] vus 4  nopm [1-9].*retry [0-9]+$" 60 "$mark"
send "stop"
wait_exit "$CON_PID" 60
assert "the run survived the crash and exits 0" [ $? -eq 0 ]
R=$(ls "$T"/r1/*.json)
assert "results complete" json_true "$R" 'd["complete"]'
assert "the gap shows as seconds of zero NOPM with VUs reconnecting" json_true "$R" \
	'sum(1 for t in d["ticks"] if t["nopm"]==0 and t["vus_reconnecting"]>0) >= 1'
assert "every VU reconnected, as connection errors" json_true "$R" \
	'd["summary"]["reconnects"] >= 4 and d["summary"]["errors"]["connection"] >= 4'
assert "no error of another class" json_is "$R" 'd["summary"]["errors"]["other"]' 0
check_ok "consistency holds after the crash" check.txt $A
check_ok "no acknowledged New-Order was lost" dur.txt $A --durability "$R"
assert "durability audit says 0 lost" grep -q "0 acknowledged New-Orders lost" dur.txt
finish
