#!/usr/bin/env bash
# mariadb-waits.sh: the server's waits on MariaDB with performance_schema
# off (the default), sampled from the processlist and INNODB_TRX.  In the
# console (tmux, 120x40): another session holds the district rows for 5 s;
# the Waits pane's row-lock class takes the largest share while it does, and
# the results file shows the row-lock class dominating that window and
# falling after it.  Then a user without PROCESS gets one clear line and
# the run completes.  The VUs are paced (1,200 transactions a minute):
# flat out on one warehouse, a CI host's load makes them convoy on the
# warehouse row by themselves, all four in row-lock waits with or without
# the other session (seen: 3.87 of 4 after the release).
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
mariadb_db tpcc_waits
cd "$T"
mariadb_built "build exits 0"
[ "$(my_sql 'SELECT @@performance_schema')" = 0 ] || skip_all "the test MariaDB runs with performance_schema on"

tui_start 120 40 "'$TPCC_BIN' run $A --vus 4 --rate 1200 --rampup 0 --duration 600 --results-dir '$T/results'"
assert "the console is up" tui_wait '^┌ Events ─'
assert "the Waits pane is there, naming its source" \
	tui_wait '┌ Waits: sessions by class \(PROCESSLIST \+ INNODB_TRX at 10 Hz\)'
assert "a row per class, CPU first" tui_wait '│ CPU .* [0-9]+\.[0-9]{2} +[0-9]+% '
assert "the pane says performance_schema=ON would give timed waits" \
	tui_wait 'performance_schema=ON, a restart,'
R=$(ls "$T"/results/*.json)
assert "ticks carry waits" wait_json "$R" 'sum(1 for t in d["ticks"] if t.get("waits")) >= 3'
# Every district of the warehouse: each VU's New-Order and Payment lock
# their home district, so all of them queue behind this session.
my_session lock "$DBN"
session_send "BEGIN; SELECT COUNT(*) FROM district WHERE d_w_id = 1 FOR UPDATE; SELECT 'held';"
assert "the other session holds the district rows" poll 10 grep -q held "$T/lock.out"
t_lock=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['ticks'][-1]['t'])" "$R")
assert "on screen, row locks take the largest share while it holds them" poll 15 waits_rowlock_leads
session_send "DO SLEEP(5); COMMIT; SELECT 'released';"
assert "the lock is released" poll 20 grep -q released "$T/lock.out"
close_session
t_free=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['ticks'][-1]['t'])" "$R")
# The schedule the lock held up is caught up on flat out, and flat out the
# VUs convoy (seen: 2.4 of 4 in row-lock waits): the seconds after are
# those from when the file's ticks say the VUs are back on schedule.
caught="[t['t'] for t in d['ticks'] if t['t'] > $t_free and t.get('behind_s') is not None and t['behind_s'] < 0.5]"
assert "the VUs catch up on their schedule after the release" wait_json "$R" "len($caught) > 0" 60
t_back=$(json_get "$R" "$caught[0]")
assert "5 s of ticks after that" wait_json "$R" "d['ticks'][-1]['t'] >= $t_back + 6" 30
tui_quit "q, y leaves"
# The window of the lock, and the seconds after it.
W="[t for t in d['ticks'] if t.get('waits') and $t_lock + 1 <= t['t'] <= $t_free]"
A2="[t for t in d['ticks'] if t.get('waits') and t['t'] >= $t_back + 1]"
dom='lambda t: max(t["waits"]["aas"], key=t["waits"]["aas"].get)'
assert "in the file, row locks dominate seconds of the lock's window" json_true "$R" \
	"sum(1 for t in $W if ($dom)(t) == 'row_lock') >= 3"
assert "InnoDB row lock wait is the top event there" json_true "$R" \
	"any(t['waits']['top'][0][0] == 'InnoDB row lock wait' for t in $W)"
# Paced VUs seldom meet each other's locks: once back on schedule after
# the release, row-lock waits go back to
# that level, well under the peak, when three or four queued behind the lock.
mean="lambda ts: sum(t['waits']['aas']['row_lock'] for t in ts) / max(len(ts), 1)"
echo "figures: row-lock sessions: $(json_get "$R" "'peak %.2f, mean %.2f while held; mean %.2f after' % (max(t['waits']['aas']['row_lock'] for t in $W), ($mean)($W), ($mean)($A2))")"
assert "row-lock waits fall after it" json_true "$R" \
	"max(t['waits']['aas']['row_lock'] for t in $W) >= 3 and len($A2) >= 3 and 3 * ($mean)($A2) < max(t['waits']['aas']['row_lock'] for t in $W)"
# InnoDB adds a wait's time to the counter when it ends, at the release,
# and the file's last tick read then may be a second or two before it
# (several on a loaded host: seen once beyond 3 s).
assert "the InnoDB row lock counters went with them" json_true "$R" \
	"any(t.get('waits') and t['waits']['counters'].get('row_lock_time_ms', 0) > 0 for t in d['ticks'] if $t_lock + 1 <= t['t'] <= $t_free + 8)"
assert "the steady phase's waits are summed" json_true "$R" \
	"d['waits_steady']['seconds'] >= 5 and d['waits_steady']['aas']['row_lock'] > 0"
assert "the source is an event" json_true "$R" \
	"any(e['type'] == 'waits' and 'performance_schema is OFF' in e['text'] for e in d['events'])"

# The report of this run: the stacked chart of the waits, and the markers'
# table the charts' numbered flags point to.
tpcc_ok "the report is made" report.txt report "$R" -o "$T/waits.html"
assert "it has the stacked waits chart, a filled layer per class seen" \
	eval "grep -q '<svg[^>]*id=\"waits\"' waits.html && [ \$(grep -c '<polygon class=\"waits\"' waits.html) -ge 2 ]"
assert "the row locks are one of its layers" grep -q '<text class="legend"[^>]*>row locks</text>' waits.html
assert "marks are numbered flags keyed to the markers' table, no rotated text" \
	eval "grep -q '<table id=\"markers\">' waits.html && grep -q 'class=\"eflag\"' waits.html && ! grep -q 'rotate(-90)\" text-anchor=\"end\"' waits.html"
if command -v chromium >/dev/null; then
	mkdir -p chr
	timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$T/chr" --hide-scrollbars --window-size=1000,2400 \
		--screenshot="$T/waits.png" "file://$T/waits.html" >chromium.txt 2>&1
	assert "the report renders in headless Chromium to a PNG that is not blank" \
		python3 "$TPCC_SRCDIR/tests/png_check.py" waits.png
fi

# A user with every privilege on the database but PROCESS.
U=tpcc_noproc_$$
on_exit "my_sql \"DROP USER IF EXISTS '$U'@'localhost'\""
my_sql "CREATE USER '$U'@'localhost'; GRANT ALL ON $DBN.* TO '$U'@'localhost'"
tpcc_ok "a run as a user without PROCESS completes" np.txt run \
	--driver mysql --socket "$TPCC_TEST_MYSQL_SOCKET" --user "$U" --no-read-option-files \
	--database "$DBN" --vus 2 --rampup 0 --duration 6 --batch --results-dir "$T/np"
R2=$(ls "$T"/np/*.json)
assert "it gets one clear line about PROCESS" json_true "$R2" \
	"sum(1 for e in d['events'] if e['type'] == 'waits' and 'no PROCESS privilege' in e['text']) == 1"
assert "and its sessions are still sampled" json_true "$R2" \
	"any(t.get('waits') and t['waits']['samples'] > 0 for t in d['ticks'])"
finish
