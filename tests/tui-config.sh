#!/usr/bin/env bash
# tui-config.sh: the console's config screens (F2) in a real terminal (tmux)
# against SQLite: values are checked as the config file checks them, with
# the error inline; the VU count applies to the run at once; test connection
# reports the server or the error without stopping the screen; save writes
# a file that --config loads back, the password only when asked (then 0600).
# Then: the console on an empty database offers to build the schema, builds
# it with a progress bar and starts the run.  With the test MariaDB, a wrong
# password shows the server's error.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
cd "$T"

sqlite_built "build exits 0" "$T/t.db"

tui_start 120 40 "'$TPCC_BIN' run --db '$T/t.db' --vus 2 --rampup 1 --duration 600 --results-dir '$T/results'"
assert "the run shows figures" tui_wait 'NOPM [1-9]'
assert "the key bar lists F2" tui_shows 'F2 Config'
tui_keys '?'
assert "the help lists F2" tui_wait 'F2 +config screens'
# A command whose synopsis is wider than its column: its text whole on
# the rows under it, not cut after the synopsis's first row.
help_sweep() {
	for _ in 1 2 3 4 5 6; do
		tui_wait "│ {20,}run a sweep's steps now, as the sweep subcommand does" 2 >/dev/null && return 0
		tui_keys NPage
	done
	return 1
}
assert "the help's long synopses leave their text whole" help_sweep
tui_keys x
tui_gone 'any key closes' >/dev/null

tui_keys F2
assert "F2 opens the config screens" tui_wait 'Config \(Tab: screen'
assert "on the Connection screen, built from the option table" tui_wait '│  file +'"$T"'/t.db'
assert "it says changes apply to the next run while one is going" \
	tui_shows 'a run is going: changes here apply to the next run'
tui_keys Down
assert "a field's help longer than the screen is folded, not cut" \
	tui_wait '│  else the Unix socket\) +│'
tui_keys Up

# Workload: a bad warehouse count is refused inline, naming the field.
tui_keys 2
assert "the Workload screen" tui_wait '│  warehouses +0'
tui_keys Enter C-u abc Enter
assert "a bad value shows the error inline, naming the field" \
	tui_wait "warehouses: expected an integer from 0 to 100000, got 'abc'"
assert "the value stays as it was" tui_shows '│  warehouses +0 '
tui_keys Enter C-u 1 Enter
assert "a good value is taken" tui_wait '│  warehouses +1 '
assert "and the error is gone" tui_gone 'expected an integer'

# Phases: the VU count applies now, a shorter duration to the next run.
tui_keys 3
assert "the Phases and VUs screen" tui_wait '│  schedule +'
tui_keys Enter C-u 3 Enter
assert "vus applies to the run at once" tui_wait 'VUs 3/3'
tui_keys Down Down Enter C-u 2 Enter
assert "a shorter duration is for the next run" tui_wait 'duration changed; it applies to the next run'
tui_keys Down Down Down Enter C-u 0:3 Enter
assert "the schedule takes AT:VUS steps" tui_wait '│  schedule +0:3'
tui_keys Enter C-u '5:1,2:2' Enter
assert "an out-of-order schedule is refused inline" tui_wait 'schedule: step 2: at 2 is not after'
tui_keys 4
assert "the Knobs screen" tui_wait '│  knobs +'
tui_keys Enter C-u 'cache_size,synchronous' Enter
assert "knobs take a list of variables" tui_wait '│  knobs +cache_size,synchronous'

# Connection: test it, then break it, then mend it.
tui_keys 1 t
assert "test connection on the SQLite file says OK" tui_wait 'OK: sqlite SQLite [0-9.]+, TPC-C schema with 1 warehouse'
tui_keys Down Down Down Down Down Down Down Enter C-u "$T/no/such/dir/x.db" Enter
tui_keys t
assert "a bad path gives the driver's error" tui_wait 'connection failed: '
tui_keys Enter C-u "$T/zzz.db" Enter
tui_keys t
assert "a missing file is said to be missing" tui_wait 'connection failed: sqlite: the database file .*zzz\.db does not'
assert "and the test does not make it" [ ! -e "$T/zzz.db" ]
assert "and the console goes on" tui_wait 'VUs 3/3'
tui_keys Enter C-u "$T/t.db" Enter
tui_keys Up Up Up Up Up Up Up
tui_keys Space
assert "Space cycles the driver" tui_wait '│  driver +odbc'
tui_keys t
assert "a driver without its settings is refused" tui_wait 'cannot test: driver odbc needs a data source'
tui_keys Space Space
assert "to mysql" tui_wait '│  driver +mysql'
tui_keys Down Down Down Enter C-u "$T/no.sock" Enter t
assert "a mysql socket that is not there gives the client's error" \
	tui_wait "connection failed: .*(Can't connect|no.sock)"
# A server that takes the connection and never answers: the test runs on
# its own thread, so the screen goes on meanwhile.
python3 -c '
import socket, sys, time
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(5)
open(sys.argv[1] + ".tmp", "w").write(str(s.getsockname()[1]))
import os; os.rename(sys.argv[1] + ".tmp", sys.argv[1])
time.sleep(300)' "$T/mute.port" &
MUTE=$!
on_exit "kill $MUTE 2>/dev/null"
assert "a mute server listens" poll 10 test -s "$T/mute.port"
tui_keys Enter C-u Enter Up Up Enter C-u 127.0.0.1 Enter Down Enter C-u "$(cat "$T/mute.port")" Enter t
assert "test connection against a mute server says it is connecting" tui_wait 'connecting with driver mysql'
clock() { tui_screen | grep -oP '│ \K[0-9]{2}:[0-9]{2}:[0-9]{2}(?= │ W )'; }
t0=$(clock)
clock_moved() { local t; t=$(clock); [ "$t" != "$t0" ] || { echo "the clock stays at '$t'"; return 1; }; }
assert "and the screen keeps moving while it waits" poll 5 clock_moved
tui_keys t
assert "a second t does not start another" tui_wait 'still connecting'
# A change to the connection drops the test under way: its answer, about
# settings no longer shown, would come at the end of the connect timeout
# and overwrite what was said since.
# mysql, then pg, then sqlite (the driver list's order)
tui_keys Enter C-u 0 Enter
assert "a change drops the connection test under way" tui_wait 'changed.*; the connection test under way is dropped'
tui_keys Up Enter C-u Enter Up Space Space
assert "back to sqlite" tui_wait '│  driver +sqlite'

# Save, without the password.
tui_keys s
assert "save asks for a path, the loaded config or ./tpcc-console.conf" tui_wait '^save to: \./tpcc-console\.conf'
tui_keys C-u "$T/a.conf" Enter
assert "saved without a password" tui_wait "saved to $T/a.conf without the password"
assert "the file has the changed values" grep -q 'warehouses = 1;' "$T/a.conf"
assert "and the knobs" grep -q 'knobs = \[ "cache_size", "synchronous" \]' "$T/a.conf"
assert "and no password key" lacks "$T/a.conf" password
"$TPCC_BIN" run --config "$T/a.conf" --batch --results-dir "$T/results2" </dev/null >a-run.txt 2>&1
assert "run --config loads it: 3 VUs on a schedule, ramp-up 1 s, steady 2 s" \
	contains a-run.txt 'a 1-step VU schedule, ramp-up 1 s, steady 2 s, ramp-down 0 s, statements mode'
assert "and runs" contains a-run.txt 'NOPM'

# A password: masked on screen, saved only when asked, then 0600.
tui_keys Down Down Down Down Down Enter sekrit
assert "the password is masked while typed" tui_wait '^password = \*{6}$'
tui_keys Enter
assert "and shown as *** after" tui_wait '│  password +\*\*\*'
no_secret() { ! tui_shows sekrit; }
assert "never in clear on the screen" no_secret
tui_keys Down Down Down Down Enter C-u 'DSN=x;PWD=secret1' Enter
assert "an ODBC string's password is masked" tui_wait '│  odbc +DSN=x;PWD=\*\*\*'
tui_keys Enter End ';UID=u' Enter
assert "*** taken back as typed is refused, not made the password" \
	tui_wait 'odbc: \*\*\* stands for the hidden password'
tui_keys Enter Enter
assert "taken back unchanged it stays" tui_gone 'stands for the hidden'
tui_keys s C-u "$T/b.conf" Enter
assert "save asks whether to write the password" tui_wait 'write the password into .*b.conf too\? \(y/n'
tui_keys n
assert "n saves without it" tui_wait "saved to $T/b.conf without the password"
assert "the file has no password" lacks "$T/b.conf" sekrit
assert "nor the ODBC string's" grep -q 'odbc = "DSN=x";' "$T/b.conf"
echo 'connection = { };' >"$T/c.conf"
chmod 644 "$T/c.conf"
tui_keys s C-u "$T/c.conf" Enter
tui_wait 'write the password into .*c.conf too' >/dev/null
tui_keys y
assert "y saves it, 0600" tui_wait "saved to $T/c.conf with the password \(mode 0600\); warning:"
assert "with a warning about the old file" tui_wait "readable by others \(mode 644\)"
assert "the file is mode 0600" [ "$(stat -c %a "$T/c.conf")" = 600 ]
assert "and holds the password" grep -q 'password = "sekrit";' "$T/c.conf"
assert "and the ODBC string's" grep -q 'odbc = "DSN=x;PWD=secret1";' "$T/c.conf"

tui_keys Escape
assert "Esc closes the screens" tui_gone 'Config \(Tab: screen'
tui_quit "the console ends"

# The console on an empty database offers to build the schema.
: >"$T/empty.db"
tui_start 120 40 "'$TPCC_BIN' run --db '$T/empty.db' --vus 2 --rampup 1 --duration 600 --results-dir '$T/results3'"
assert "no schema: the console offers to build it" tui_wait "No TPC-C schema in $T/empty.db\."
assert "asking first" tui_shows 'Build 1 warehouse now\? \(y/n\)'
tui_keys y
assert "y builds, with a progress bar" tui_wait '^ +│  \[=*>? *\] +│$'
assert "rows/s, warehouses done and ETA under it" tui_wait '[0-9]+%  [01]/1 warehouse  [0-9]+ rows  [0-9]+ rows/s  elapsed [0-9]+ s  ETA [0-9:-]+'
assert "then the run starts, its panes showing throughput" tui_wait 'NOPM [1-9]' 180
tui_quit "that console ends too"

# tpcc-console with no subcommand offers the same, on a file not there
# yet; n leaves, building nothing and making no file.  At 80x24, a path
# longer than the box is folded in it, read whole.
D=$T/a/directory/deep/enough/for/its/path/to/be/longer/than/the/box
mkdir -p "$D"
tui_start 80 24 "'$TPCC_BIN' --db '$D/empty2.db' 2>'$T/empty2.err'"
assert "the bare console offers to build too" tui_wait 'Build 1 warehouse now\? \(y/n\)'
assert "at 80x24 the offer's sentence is folded, the path's end in the box" \
	tui_shows '^│  .*/than/the/box/empty2\.db\. +│$'
assert "  and no row of the box runs into its frame" tui_box_clear 'Build the TPC-C schema'
assert "  the header's cut path ends in ~" tui_shows '^ tpcc-console .*~$'
tui_keys n
assert "n leaves" tui_exited 30
assert "saying there is nothing to run" contains "$T/empty2.err" "empty2.db: nothing to run"
assert "and nothing was built, not even the file" [ ! -e "$D/empty2.db" ]

# MariaDB: a wrong password is the server's error on the screen, no crash.
if [ -n "${TPCC_TEST_MYSQL_SOCKET:-}" ]; then
	tui_start 120 40 "'$TPCC_BIN' run --db '$T/t.db' --vus 1 --rampup 0 --duration 600 --results-dir '$T/results4'"
	tui_wait 'NOPM [1-9]' >/dev/null
	tui_keys F2
	tui_wait 'Config \(Tab: screen' >/dev/null
	tui_keys Space Space Space
	assert "mysql chosen" tui_wait '│  driver +mysql'
	tui_keys Down Down Down Enter C-u "$TPCC_TEST_MYSQL_SOCKET" Enter
	tui_keys Down Enter C-u tpcc Enter Down Enter C-u not-the-password Enter
	tui_keys t
	assert "MariaDB's own error for a wrong password" tui_wait "connection failed: .*Access denied for user 'tpcc'"
	assert "and the console goes on" tui_wait 'VUs 1/1'
	tui_keys Escape
	tui_quit "it ends cleanly"
else
	echo "# no test MariaDB: the wrong-password check is skipped"
fi

finish
