#!/usr/bin/env bash
# sqlite-waits.sh: SQLite has no server to ask what its sessions wait for,
# so the driver times its own waits for the write lock (BEGIN IMMEDIATE),
# its commits and its checkpoints.  Another connection holding the write lock for 3 s
# shows as busy waits, and they fall after it lets go.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"
DB=$T/tpcc.sqlite
sqlite_built "build exits 0" "$DB"

"$TPCC_BIN" run --db "$DB" --vus 4 --rampup 0 --duration 24 --batch \
	--results-dir "$T/r" </dev/null >run.txt 2>&1 &
RUN=$!
on_exit "kill $RUN 2>/dev/null"
results_there() { ls "$T"/r/*.json >/dev/null 2>&1; }
assert "the run's results file appears" poll 30 results_there
R=$(ls "$T"/r/*.json)
assert "ticks carry the driver's waits" wait_json "$R" \
	'sum(1 for t in d["ticks"] if t.get("waits") and t["waits"]["source"] == "timed") >= 2'
# The write lock, held for 3 s (the sleep is the hold, not a wait for
# anything); the seconds of the run it was taken and let go at, as the
# results file has them then (taking it may wait behind the VUs).
read -r t_lock t_free < <(python3 -c "
import json, sqlite3, sys, time
last = lambda: json.load(open(sys.argv[2]))['ticks'][-1]['t']
c = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
c.execute('BEGIN IMMEDIATE'); a = last(); time.sleep(3); b = last(); c.execute('COMMIT')
print(a, b)" "$DB" "$R")
assert "the other connection took the write lock" [ -n "$t_free" ]
wait "$RUN"
assert "the run exits 0" [ $? -eq 0 ]
# A wait counts in the second it ends: the VUs' waits end at the release.
W="[t for t in d['ticks'] if t.get('waits') and $t_lock <= t['t'] <= $t_free + 4]"
A2="[t for t in d['ticks'] if t.get('waits') and t['t'] >= $t_free + 6]"
assert "the held lock shows as busy waits: several session-seconds" json_true "$R" \
	"sum(t['waits']['aas']['table_lock'] for t in $W) >= 4"
assert "named as the write lock's" json_true "$R" \
	"any(t['waits']['top'][0][0].startswith('busy: write lock') for t in $W)"
assert "and counted" json_true "$R" "sum(t['waits']['counters']['busy_waits'] for t in $W) >= 3"
# The VUs contend for the one write lock themselves, so waits go on after
# it, at the level of their own contention (on a busy machine, near it).
assert "they fall after it, below the peak" json_true "$R" \
	"len($A2) >= 2 and sum(t['waits']['aas']['table_lock'] for t in $A2) / len($A2) < max(t['waits']['aas']['table_lock'] for t in $W)"
# A COMMIT writes the WAL (and syncs it under synchronous=FULL): the log
# wait a DBA looks for when that setting changes, timed with the rest.
T_ALL="[t for t in d['ticks'] if t.get('waits')]"
assert "commits are counted" json_true "$R" \
	"sum(t['waits']['counters'].get('commits', 0) for t in $T_ALL) >= 10"
assert "and timed as log waits, under their own name" json_true "$R" \
	"any(e[0].startswith('commit: WAL') and e[1] == 'log' and e[2] > 0 for t in $T_ALL for e in t['waits']['top'])"
assert "the source is said once" json_true "$R" \
	"sum(1 for e in d['events'] if e['type'] == 'waits' and 'SQLite has no server' in e['text']) == 1"
finish
