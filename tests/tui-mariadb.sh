#!/usr/bin/env bash
# tui-mariadb.sh: the console against the test MariaDB: the server's own
# process list sees `+` and `:vus 6`; `:set innodb_io_capacity 1234` changes
# the global and shows the event; the server pane (every InnoDB figure), the
# server's CPU and the disk under its data directory are there; q/y leaves a
# finished results file with the events.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
mariadb_db tpcc_tui
cd "$T"
on_exit "my_sql 'SET GLOBAL innodb_io_capacity = 200'"
# Each VU is a connection, plus the engine's control connection and the
# monitor's own.
CONNS="SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='$DBN'"

mariadb_built "build exits 0"

tui_start 120 40 "'$TPCC_BIN' run $A --vus 2 --rampup 0 --duration 600 --results-dir '$T/results'"
assert "the console is up" tui_wait '^┌ Events ─'
assert "the header names the server" tui_wait '^ tpcc-console .*VUs 2/2.*MariaDB[^ ]* @'
# The monitor's one session (server TPM and metrics) holds no database:
# VUs + control only.
assert "2 VUs + control connection on the server" wait_sql "$CONNS" 3
# Seen from the client: the VUs, the control connection and one monitor
# connection for server TPM, metrics and the data directory alike.
# sockets_are PID N: process PID holds N sockets.
sockets_are() {
	local n
	n=$(ls -l "/proc/$1/fd" 2>/dev/null | grep -c 'socket:')
	[ "$n" = "$2" ] && return 0
	echo "$n sockets, expected $2:"
	ls -l "/proc/$1/fd"
	return 1
}
sh=$(tui display -p -t tui '#{pane_pid}')
pid=$(awk '{print $1}' "/proc/$sh/task/$sh/children" 2>/dev/null)
assert "the console holds 4 connections: 2 VUs, control, monitor" poll 10 sockets_are "${pid:-$sh}" 4
assert "the server pane is InnoDB's" tui_wait '┌ Server: InnoDB ─'
assert "it shows dirty pages" tui_wait '│ dirty pages .* [0-9,]+ │'
assert "and the checkpoint age in MB" tui_wait '│ checkpoint age .* [0-9]+\.[0-9] MB │'
assert "data reads and writes per second" tui_shows '│ reads/s .* [0-9,]+ │' && tui_shows '│ writes/s .* [0-9,]+ │'
assert "redo bytes per second" tui_shows '│ redo/s .* [0-9]+\.[0-9] MB │'
assert "threads running and the history list length" \
	tui_wait '│ threads running [0-9,]+   history list [0-9,]+ '
# The data directory's disk: a device with its IOPS and latencies, or n/a
# with the reason (an overlay or tmpfs /tmp, say).
assert "the CPU pane names the data directory's disk" \
	tui_wait '│ disk ([^ ]+ \(data directory\)|: n/a \([^)]+\)) '
if tui_shows '│ disk [^ ]+ \(data directory\)'; then
	assert "its read and write IOPS" tui_wait '│  r IOPS .* [0-9]+k? │' && tui_shows '│  w IOPS .* [0-9]+k? │'
	assert "its latencies per I/O, or - when none completed" \
		tui_shows '│  r ms .* (-|[0-9.]+) │' && tui_shows '│  w ms .* (-|[0-9.]+) │'
fi
assert "the server process is found and measured" tui_wait '│ server +[^ ]+ +[0-9]+% │'
assert "server TPM is shown beside the client's TPM" tui_wait 'TPM [0-9,]+.*   server TPM [1-9][0-9,]*'
assert "the frames are whole" tui_frames 120 40
# At 80 columns the server pane is narrow: brief labels, numbers whole.
tui resize-window -t tui -x 80 -y 30
assert "80x30: the checkpoint age, briefly labelled, keeps its number" \
	tui_wait '│ ckpt age .* [0-9]+\.[0-9] MB │'
assert "the frames are whole at 80x30" tui_frames 80 30
tui resize-window -t tui -x 120 -y 40
assert "back at 120x40" tui_wait '│ checkpoint age .* [0-9]+\.[0-9] MB │'

tui_keys +
assert "+ : one more connection on the server" wait_sql "$CONNS" 4
tui_keys : 'vus 6' Enter
assert ":vus 6 : six VU connections on the server" wait_sql "$CONNS" 7
assert "and on the screen" tui_wait 'VUs 6/6'

tui_keys : 'set innodb_io_capacity 1234' Enter
assert "the event shows old and new value" tui_wait 'knob +set innodb_io_capacity [0-9]+ → 1234'
assert "the server's global value changed" wait_sql 'SELECT @@GLOBAL.innodb_io_capacity' 1234
tui_keys : 'set no_such_variable 1' Enter
assert "a bad variable is an inline error" tui_wait '^set no_such_variable: .*Unknown system variable'
# The header shows the live target at once; a tick records it a second
# later.  Wait for that tick so the results can be asserted after quit.
R=$(ls "$T"/results/*.json 2>/dev/null | head -1)
assert "a tick records 6 VUs" wait_json "$R" 'any(t["vus"]==6 for t in d["ticks"])'
tui_keys k
assert "the knob panel shows the live value" tui_wait 'innodb_io_capacity +1234 '
tui_keys Escape

tui_quit "y ends the console"
assert "all connections closed" wait_sql "$CONNS" 0
R=$(ls "$T"/results/*.json 2>/dev/null | head -1)
assert "results complete" json_true "$R" 'd["complete"]'
assert "ticks saw 6 VUs" json_true "$R" 'any(t["vus"]==6 for t in d["ticks"])'
assert "the knob event is in the results" json_true "$R" \
	'any(e["type"]=="knob" and e["text"].split(" -> ")[-1].split(":")[0] == "1234" for e in d["events"])'
check_ok "check passes" check.txt $A

finish
