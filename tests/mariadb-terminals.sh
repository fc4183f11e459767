#!/usr/bin/env bash
# mariadb-terminals.sh: hundreds of keyed terminals on a private MariaDB
# with the thread pool, as a spec-sized run has them (fibers, Connector/C's
# non-blocking calls): 500 started, 500
# added, 800 removed, the server's process list agreeing at each step;
# then a server stalled (SIGSTOP) while VUs connect holds up neither the
# ticks, nor commands, nor the signal that forces the exit.
. "$(dirname "$0")/lib.sh"
need_mariadb
cd "$T"
SRV="$TPCC_SRCDIR/tests/mariadb-server.sh"
# Socket only: no port of anyone else's is touched (see mariadb-faults.sh).
export PORT=$(( ${TPCC_TEST_MYSQL_PORT:-33061} + 9 ))
export MARIADB_EXTRA_ARGS="--skip-networking --max-connections=1200 --thread-handling=pool-of-threads"
MDB=$T/mdb
eval "$("$SRV" start "$MDB" 2>/dev/null)"
on_exit "kill -CONT \$(cat '$MDB/mysqld.pid' 2>/dev/null) 2>/dev/null; '$SRV' stop '$MDB' >/dev/null 2>&1"
A="--driver mysql --socket $MDB/mysql.sock --user root --no-read-option-files --database tpcc_t"
sql() { mariadb --no-defaults --socket="$MDB/mysql.sock" --user=root -N -B -e "$1"; }
# conns_are N: the VUs' connections and the engine's control one.
conns_are() {
	local n
	n=$(sql "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='tpcc_t'" 2>/dev/null)
	[ "${n:-0}" -eq "$1" ] || { echo "${n:-no} connections, expected $1"; return 1; }
}

build_ok "build exits 0" build.txt $A --warehouses 1

start_console run.txt run $A --vus 500 --keying-thinking --rampup 0 --duration 600 --batch \
	--results-dir "$T/r"
on_exit "kill -9 $CON_PID 2>/dev/null"
assert "500 keyed VUs ready within 30 s" wait_for run.txt '\] vus 500 ready in [0-9.]+ s$' 30
assert "keyed terminals on mysql run as fibers" grep -qE '\] VUs run as fibers on [0-9]+ worker threads' run.txt
assert "the server lists 500 + 1 connections" poll 20 conns_are 501
from=$(lines_in run.txt)
send "vus +500"
assert "500 more ready within 30 s" wait_for run.txt '\] vus 1000 ready in [0-9.]+ s$' 30 "$from"
assert "the server lists 1000 + 1" poll 20 conns_are 1001
from=$(lines_in run.txt)
send "vus -800"
assert "800 removed within 20 s" wait_for run.txt '\] vus 200 ready in [0-9.]+ s$' 20 "$from"
assert "the server lists 200 + 1" poll 20 conns_are 201

# Stall the server, then ask for VUs that must connect to it.
kill -STOP "$(cat "$MDB/mysqld.pid")"
from=$(lines_in run.txt)
send "vus +300"
send "mark while the server is stopped"
assert "commands are answered" wait_for run.txt 'mark +\] while the server is stopped' 5 "$from"
t0=$(grep -E '^\[ +[0-9]+s steady ' run.txt | tail -1 | sed -E 's/^\[ +([0-9]+)s.*/\1/')
assert "ticks go on, three more seconds" \
	wait_for run.txt "^\\[ +$((t0 + 3))s steady " 10 "$from"
kill -INT "$CON_PID"
wait_for run.txt 'stopping cleanly' 5
kill -INT "$CON_PID"
wait_exit "$CON_PID" 5; rc=$?
close_input
assert "a second SIGINT exits at once, with 130, while the server is stopped" [ $rc -eq 130 ]
R=$(ls "$T"/r/*.json)
assert "the results file is valid JSON, with its ticks" json_true "$R" 'len(d["ticks"]) >= 3'
finish
