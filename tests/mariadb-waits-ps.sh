#!/usr/bin/env bash
# mariadb-waits-ps.sh: the server's waits on a MariaDB with
# performance_schema=ON, a second private server this test starts and
# stops itself (the shared one runs with it off, MariaDB's default): the
# waits' source is the run's sessions' timed waits, and while another
# session holds the district rows of warehouse 1 for 5 s, the row-lock
# class (INNODB_TRX's samples: MariaDB times no InnoDB row-lock wait)
# dominates that window in the results file and on screen (the console in
# tmux, its Waits pane naming the timed source), and falls after it.  The VUs
# are paced (1,200 transactions a minute, 4 VUs): flat out on one
# warehouse, a loaded host makes them convoy on the warehouse row by
# themselves.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
command -v mariadb >/dev/null || skip_all "mariadb client not installed"
command -v mariadbd >/dev/null || [ -x /usr/sbin/mariadbd ] || skip_all "mariadbd not installed"
cd "$T"
srv=$TPCC_SRCDIR/tests/mariadb-server.sh
on_exit "'$srv' stop '$T/mdb' >/dev/null 2>&1"
PORT=$(free_port) MARIADB_EXTRA_ARGS="--performance-schema=ON" "$srv" start "$T/mdb" \
	>server.env 2>server.txt || { cat server.txt; skip_all "the performance_schema MariaDB did not start"; }
. ./server.env
mariadb_db tpcc_waitsps
assert "the second server runs with performance_schema on" \
	eval "[ \"\$(my_sql 'SELECT @@performance_schema')\" = 1 ]"
# A build of its own: the templates live on the shared server.
tpcc_ok "build exits 0" build.txt build $A --warehouses 1

tui_start 120 40 "'$TPCC_BIN' run $A --vus 4 --rate 1200 --rampup 0 --duration 600 --results-dir '$T/results'"
assert "the console is up" tui_wait '^┌ Events ─'
assert "the Waits pane names the timed source" \
	tui_wait '┌ Waits: sessions by class \(performance_schema timed waits \+ INNODB_TRX\)'
assert "the results file is there" poll 20 eval 'ls "$T"/results/*.json >/dev/null 2>&1'
R=$(ls "$T"/results/*.json)
assert "ticks carry timed waits" wait_json "$R" \
	'sum(1 for t in d["ticks"] if (t.get("waits") or {}).get("source") == "timed") >= 3'
# Every district of the warehouse: each VU's New-Order and Payment lock
# their home district, so all of them queue behind this session.
my_session lock "$DBN"
session_send "BEGIN; SELECT COUNT(*) FROM district WHERE d_w_id = 1 FOR UPDATE; SELECT 'held';"
assert "the other session holds the district rows" poll 10 grep -q held "$T/lock.out"
t_lock=$(json_get "$R" "d['ticks'][-1]['t']")
assert "on screen, row locks take the largest share while it holds them" poll 15 waits_rowlock_leads
session_send "DO SLEEP(5); COMMIT; SELECT 'released';"
assert "the lock is released" poll 20 grep -q released "$T/lock.out"
close_session
t_free=$(json_get "$R" "d['ticks'][-1]['t']")
caught="[t['t'] for t in d['ticks'] if t['t'] > $t_free and t.get('behind_s') is not None and t['behind_s'] < 0.5]"
assert "the VUs catch up on their schedule after the release" wait_json "$R" "len($caught) > 0" 60
assert "5 s of ticks after that" wait_json "$R" "d['ticks'][-1]['t'] >= $caught[0] + 6" 30
tui_quit "q, y leaves"
W="[t for t in d['ticks'] if t.get('waits') and $t_lock + 1 <= t['t'] <= $t_free]"
# After: from when the VUs are back on the schedule the lock held up
# (catching up, flat out, they convoy on the warehouse row by themselves).
A2="[t for t in d['ticks'] if t.get('waits') and t['t'] >= 1 + min([u['t'] for u in d['ticks'] if u['t'] > $t_free and u.get('behind_s') is not None and u['behind_s'] < 0.5] or [10**9])]"
dom='lambda t: max(t["waits"]["aas"], key=t["waits"]["aas"].get)'
mean="lambda ts: sum(t['waits']['aas']['row_lock'] for t in ts) / max(len(ts), 1)"
echo "figures: row-lock sessions: $(json_get "$R" "'peak %.2f, mean %.2f while held; mean %.2f after' % (max([t['waits']['aas']['row_lock'] for t in $W] or [0]), ($mean)($W), ($mean)($A2))")"
assert "the source is the timed one, named in its event" json_true "$R" \
	"any(e['type'] == 'waits' and 'performance_schema timed waits' in e['text'] for e in d['events'])"
assert "every second of waits is timed" json_true "$R" \
	"all(t['waits']['source'] == 'timed' for t in d['ticks'] if t.get('waits'))"
assert "performance_schema's events are among the top ones" json_true "$R" \
	"any(e[0].startswith('wait/') for t in d['ticks'] if t.get('waits') for e in t['waits']['top'])"
assert "in the file, row locks dominate seconds of the lock's window" json_true "$R" \
	"sum(1 for t in $W if ($dom)(t) == 'row_lock') >= 3"
assert "row-lock waits fall after it" json_true "$R" \
	"max(t['waits']['aas']['row_lock'] for t in $W) >= 3 and len($A2) >= 3 and 3 * ($mean)($A2) < max(t['waits']['aas']['row_lock'] for t in $W)"
assert "the steady phase's waits are summed" json_true "$R" \
	"d['waits_steady']['seconds'] >= 5 and d['waits_steady']['aas']['row_lock'] > 0"
finish
