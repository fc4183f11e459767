#!/usr/bin/env bash
# mariadb-faults.sh: a private MariaDB of this test's own is killed and
# broken under a running benchmark.  The run must ride it out: VUs
# reconnect with back-off, the gap shows as zero throughput, nothing that
# the server acknowledged is lost (innodb_flush_log_at_trx_commit=1), and
# a server that never comes back ends the run cleanly; a `set` typed in
# the console while it is away holds up no other command.  A stopped
# server (SIGSTOP: it holds its connections and answers nothing), while
# the VUs are in their transactions and while more of them connect, holds up
# neither the ticks nor the first SIGINT: the run ends within a second
# with exit 130 and a complete results file, the VUs the server holds
# left behind rather than waited for.
. "$(dirname "$0")/lib.sh"
need_mariadb
command -v tmux >/dev/null || skip_all "tmux not installed"
cd "$T"
SRV="$TPCC_SRCDIR/tests/mariadb-server.sh"
# Socket only (--skip-networking): a port beside the shared server's can
# be another developer's or CI job's server (33083 + 7 was, here).
export PORT=$(( ${TPCC_TEST_MYSQL_PORT:-33061} + 7 ))
export MARIADB_EXTRA_ARGS="--skip-networking --innodb-flush-log-at-trx-commit=1"
MDB=$T/mdb
eval "$("$SRV" start "$MDB" 2>/dev/null)"
on_exit "kill -CONT \$(cat '$MDB/mysqld.pid') 2>/dev/null; '$SRV' stop '$MDB' >/dev/null 2>&1"
A="--driver mysql --socket $MDB/mysql.sock --user root --no-read-option-files --database tpcc_f"
sql() { mariadb --no-defaults --socket="$MDB/mysql.sock" --user=root -N -B -e "$1"; }
# conns_at_least N: at least N connections use the test database.  Besides
# the VUs, the engine's control connection and the monitor (server TPM)
# connect there, and reconnect lazily after a kill.
conns_at_least() {
	local n
	n=$(sql "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='tpcc_f'" 2>/dev/null)
	[ "${n:-0}" -ge "$1" ] || { echo "${n:-no} connections, expected $1 or more"; return 1; }
}

build_ok "build exits 0" build.txt $A --warehouses 1

# 1. SIGKILL the server mid-run, bring it back once the gap is visible.
start_console run.txt run $A --vus 4 --rampup 0 --duration 600 --reconnect-give-up 120 \
	--batch --results-dir "$T/r1"
on_exit "kill $CON_PID 2>/dev/null"
wait_for run.txt '^\[ +3s steady'
kill -9 "$(cat "$MDB/mysqld.pid")"
wait_for run.txt 'reconnecting 4' 30
wait_for run.txt 'nopm 0 .*reconnecting 4' 30
mark=$(lines_in run.txt)
"$SRV" start "$MDB" >restart.txt 2>&1
assert "the server came back" sql "SELECT 1"
# a second with throughput and no VU still reconnecting
wait_for run.txt "^\[ +[0-9]+s steady +\] vus 4  nopm [1-9].*retry [0-9]+$" 60 "$mark"
send "stop"
wait "$CON_PID"; rc=$?
assert "the run survived the crash and exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/r1/*.json)
assert "results complete" json_true "$R" 'd["complete"]'
assert "the gap shows as seconds of zero NOPM with VUs reconnecting" json_true "$R" \
	'sum(1 for t in d["ticks"] if t["nopm"]==0 and t["vus_reconnecting"]>0) >= 1'
assert "throughput came back after the gap" json_true "$R" \
	'any(t["nopm"]>0 for t in d["ticks"][-3:]) or any(t["nopm"]>0 for t in d["ticks"][-6:])'
assert "every VU reconnected (reconnects >= 4)" json_true "$R" 'd["summary"]["reconnects"] >= 4'
# The server's TPM is unknown while it is down, not its last rate held,
# and the steady phase's counts the outage's seconds as the client's TPM
# does (it was the rate of the seconds up: 1.7x the client's).
assert "the gap's seconds hold no server TPM" json_true "$R" \
	'any(t["server_tpm"] is None and t["vus_reconnecting"] == 4 for t in d["ticks"])'
assert "the server's TPM over the phase, the outage in it, near the client's" json_true "$R" \
	'0.5 <= d["summary"]["server_tpm"] / d["summary"]["tpm"] <= 1.3'
echo "figures: TPM $(json_get "$R" 'd["summary"]["tpm"]'), server TPM $(json_get "$R" 'd["summary"]["server_tpm"]')"
check_ok "consistency holds after the crash" check.txt $A
check_ok "no acknowledged New-Order was lost (flush at commit)" dur.txt $A --durability "$R"
assert "durability audit says 0 lost" grep -q "0 acknowledged New-Orders lost" dur.txt
assert "and 0 for each district" [ "$(grep -cE '^ok    warehouse 1 district [0-9]+: .*: 0 lost$' dur.txt)" = 10 ]

# 2. Connections killed one by one from the server side: each VU recovers alone.
start_console kill.txt run $A --vus 4 --rampup 0 --duration 600 --rampdown 600 --batch \
	--results-dir "$T/r2"
on_exit "kill $CON_PID 2>/dev/null"
wait_for kill.txt '^\[ +2s steady'
assert "4 VUs + control connection" poll 30 conns_at_least 5
for id in $(sql "SELECT ID FROM information_schema.PROCESSLIST WHERE DB='tpcc_f' ORDER BY ID"); do
	sql "KILL CONNECTION $id" 2>/dev/null || true
done
# the control connection was killed too; it comes back when next needed
assert "every killed VU connection came back" poll 30 conns_at_least 4
mark=$(lines_in kill.txt)
wait_for kill.txt "^\[ +[0-9]+s steady +\] vus 4  nopm [1-9].*retry [0-9]+$" 30 "$mark"
# Then the server full: max_connections at its least (10, and one more for
# root) refuses some of 8 more VUs.  The refusal is one event with the
# count and the server's words, counted as connection errors, and the VUs
# retry until the operator's `set max_connections` lets them in, here
# after the steady phase, whose "up to N VUs" counts the VUs that ran.
MAXC=$(sql "SELECT @@max_connections")
mark=$(lines_in kill.txt)
# The control connection, killed above, back while there is room: its
# first command after the kill says "gone away", the next reconnects.
send "sql SELECT 1"
send "sql SELECT 1"
wait_for kill.txt '^1$' 10 "$mark"
sql "SET GLOBAL max_connections = 10"
send "vus 12"
assert "the VUs refused are one event: their count and the server's message" wait_for kill.txt \
	'error +\] [0-9]+ VUs? could not connect: mysql error 1040 .*Too many connections; retrying' 10
assert "and they wait, reconnecting" wait_for kill.txt '^\[ +[0-9]+s steady +\] vus 12 .*reconnecting [0-9]+$' 10
send "phase rampdown"
wait_for kill.txt 'phase steady -> rampdown' 10
send "set max_connections $MAXC"
assert "raising max_connections lets them in" \
	wait_for kill.txt 'vus +\] the [0-9]+ VUs? refused a connection got in$' 20
assert "all 12 then run" wait_for kill.txt '\] vus 12 ready in ' 10
mark=$(lines_in kill.txt)
wait_for kill.txt '^\[ +[0-9]+s rampdown\] vus 12 ' 10 "$mark"
send "stop"
wait "$CON_PID"; rc=$?
assert "the run with killed connections exits 0" [ $rc -eq 0 ]
sql "SET GLOBAL max_connections = $MAXC"
R=$(ls "$T"/r2/*.json)
assert "reconnects counted" json_true "$R" 'd["summary"]["run_totals"]["failed"] <= 8 and d["summary"]["reconnects"] >= 4'
# One read of the file: the refusal told once, not by each VU; each VU
# refused a connection error; vus_max the most VUs at work in the steady
# phase, fewer than asked for; and the refused VUs at work once let in.
assert "refusal told once, counted, and vus_max the VUs that ran" json_is "$R" '(lambda asked, said: (
	sum(1 for e in d["events"] if "could not connect" in e["text"] or "1040" in e["text"]),
	sum(t["errors"].get("connection", 0) for t in d["ticks"] if t["t"] >= asked["t"])
	>= int(said["text"].split()[0]) > 0,
	d["summary"]["vus_max"] == max(t["vus_running"] for t in d["ticks"] if t["phase"] == "steady") < 12,
	any(t["vus_running"] == 12 for t in d["ticks"] if t["phase"] == "rampdown")))(
	next(e for e in d["events"] if e["text"].startswith("vus 4 -> 12")),
	next(e for e in d["events"] if "could not connect" in e["text"]))' "(1, True, True, True)"
assert "the summary says so" grep -qE "^Summary of the steady phase: [0-9]+ s, up to ([0-9]|1[01]) VUs$" kill.txt

# interrupt OUT: SIGINT the run, wait for it (a watchdog ends a hang), and
# set rc and ms, the milliseconds from the signal to its exit.  Under
# ThreadSanitizer the runs it times skip the sanitizer's own second of
# sleep at exit (atexit_sleep_ms), which is no part of the run's end.
interrupt() {
	local t0 t1
	( trap 'exit 0' TERM; sleep 20; kill -9 "$CON_PID" 2>/dev/null ) &
	local dog=$!
	t0=$(date +%s%N)
	kill -INT "$CON_PID"
	wait "$CON_PID"; rc=$?
	t1=$(date +%s%N)
	kill "$dog" 2>/dev/null
	close_input
	ms=$(( (t1 - t0) / 1000000 ))
	echo "# $1: exit $rc, $ms ms after SIGINT"
}

# 3. Stalled while the VUs run (no keying: every VU is in the server).
TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS }atexit_sleep_ms=0" start_console stall.txt run $A --vus 8 --rampup 0 --duration 600 --batch --results-dir "$T/s1"
on_exit "kill -9 $CON_PID 2>/dev/null"
assert "the run ticks" wait_for stall.txt '^\[ +2s steady'
SERVER=$(cat "$MDB/mysqld.pid")
kill -STOP "$SERVER"
from=$(lines_in stall.txt)
assert "ticks go on with the server stopped, with nothing committed" \
	wait_for stall.txt '^\[ +[0-9]+s steady +\] vus 8  nopm 0 ' 10 "$from"
from=$(lines_in stall.txt)
assert "and then another" wait_for stall.txt '^\[ +[0-9]+s steady ' 5 "$from"
interrupt running
assert "the first SIGINT ends the run, exit 130" [ $rc -eq 130 ]
assert "within a second ($ms ms)" [ $ms -le 1000 ]
R=$(ls "$T"/s1/*.json)
assert "results complete" json_true "$R" 'd["complete"] and d["stopped_by"] == "signal"'
assert "the VUs left in the server are named" json_true "$R" \
	'any("VUs still waiting on the server" in e["text"] for e in d["events"])'
assert "what they did before counts" json_true "$R" 'd["summary"]["run_totals"]["commits"]["new_order"] > 0'
kill -CONT "$SERVER"

# 4. Stalled while VUs connect: 2 run, then 20 more are asked for.
TSAN_OPTIONS="${TSAN_OPTIONS:+$TSAN_OPTIONS }atexit_sleep_ms=0" start_console conn.txt run $A --vus 2 --rampup 0 --duration 600 --batch --results-dir "$T/s2"
on_exit "kill -9 $CON_PID 2>/dev/null"
assert "the second run ticks" wait_for conn.txt '^\[ +2s steady'
kill -STOP "$SERVER"
send "vus +20"
assert "the command is taken" wait_for conn.txt 'vus 2 -> 22' 5
from=$(lines_in conn.txt)
assert "ticks go on while the new VUs wait on the server" \
	wait_for conn.txt '^\[ +[0-9]+s steady +\] vus 22 ' 10 "$from"
interrupt connecting
assert "the first SIGINT ends it, exit 130" [ $rc -eq 130 ]
assert "within a second ($ms ms)" [ $ms -le 1000 ]
R=$(ls "$T"/s2/*.json)
assert "results complete" json_true "$R" 'd["complete"] and d["stopped_by"] == "signal"'
kill -CONT "$SERVER"
assert "the server, woken, answers" poll 10 mariadb --no-defaults --socket="$MDB/mysql.sock" \
	--user=root -N -B -e "SELECT 1"

# 5. The server stops and does not come back: the run ends on its own.
# A console run beside it rides the same loss: there a `set` waits for
# the server and says so, but holds up no other command (vus, mark and
# status are answered while it waits), and stop ends the wait with the
# reason and the run with a complete results file.
start_console gone.txt run $A --vus 2 --rampup 0 --duration 600 --reconnect-give-up 3 \
	--batch --results-dir "$T/r3"
on_exit "kill $CON_PID 2>/dev/null"
tui_start 120 40 "'$TPCC_BIN' run $A --vus 2 --rampup 0 --duration 600 --results-dir '$T/c1'"
wait_for gone.txt '^\[ +2s steady'
assert "the console runs" tui_wait 'VUs 2/2'
kill -9 "$(cat "$MDB/mysqld.pid")"
tui_keys : 'set innodb_io_capacity 300' Enter
assert "the console's set says it waits for the server" \
	tui_wait 'set innodb_io_capacity: the server is not answering; waiting up to 300 s'
tui_keys : 'vus 1' Enter
assert "vus is answered while the set waits" tui_wait 'VUs 1/1'
tui_keys : 'mark while the set waits' Enter
tui_keys : status Enter
assert "and status" tui_wait 't [0-9]+ s  phase steady .* vus 1/1'
tui_keys : stop Enter
assert "stop ends the set's wait with the reason" \
	tui_wait 'set innodb_io_capacity: not done: the run is stopping'
R=$(ls "$T"/c1/*.json)
assert "the console's run ends with its results complete" wait_json "$R" 'd["complete"]'
# The set's error comes as the run ends, maybe after the file is closed.
assert "the mark came while the set waited, and the set never happened" json_true "$R" \
	'[e["type"] for e in d["events"] if e["type"] in ("mark", "knob")
	  or "not answering" in e["text"]] == ["warning", "mark"]'
tui_keys q
assert "q leaves the console" tui_exited 60
assert "exit status 0" tui_status_is 0
wait "$CON_PID"; rc=$?
close_input
assert "a lost server ends the run with exit 1" [ $rc -eq 1 ]
assert "the message says why" contains gone.txt "every VU gave up reconnecting"
R=$(ls "$T"/r3/*.json)
assert "results complete after giving up" json_true "$R" 'd["complete"]'
assert "stopped_by says connection lost" json_is "$R" 'd["stopped_by"]' "connection lost"

finish
