#!/usr/bin/env bash
# pg-waits.sh: the server's waits on PostgreSQL, from pg_stat_activity at
# 10 Hz.  A session holding the district rows for 4 s shows as Lock waits
# (the row-lock class dominates those seconds); a role without
# pg_read_all_stats gets one clear line and its run completes.
. "$(dirname "$0")/lib.sh"
need_pg
pg_native_db tpcc_pgw
cd "$T"
pg_built "the schema is copied from the template"

# The run lasts until the lock's window is in its file, then SIGINT: a
# fixed duration ended it first on a loaded CI host.
"$TPCC_BIN" run $A --vus 4 --rampup 0 --duration 600 --batch --results-dir "$T/r" >run.txt 2>&1 &
RUN=$!
on_exit "kill $RUN 2>/dev/null"
results_there() { ls "$T"/r/*.json >/dev/null 2>&1; }
assert "the run's results file appears" poll 30 results_there
R=$(ls "$T"/r/*.json)
last_t() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['ticks'][-1]['t'])" "$R"; }
assert "ticks carry waits" wait_json "$R" 'sum(1 for t in d["ticks"] if t.get("waits")) >= 2'
t_lock=$(last_t)
# The lock is held by the server's own sleep for 4 s.
q "BEGIN; SELECT d_id FROM district WHERE d_w_id = 1 FOR UPDATE; SELECT pg_sleep(4); COMMIT" >/dev/null
# The file is written a second or two behind the run: its last tick now
# may be before the release, so the window reaches 2 s past it.
t_free=$(last_t)
assert "the file goes 3 s past the release" wait_json "$R" "d['ticks'][-1]['t'] >= $t_free + 3" 30
kill -INT "$RUN"
wait "$RUN"
assert "SIGINT ends the run (exit 130)" [ $? -eq 130 ]
assert "its results file is complete" json_true "$R" "d['summary']['steady_seconds'] > 0"
t_free=$((t_free + 2))
W="[t for t in d['ticks'] if t.get('waits') and $t_lock + 1 <= t['t'] <= $t_free]"
dom='lambda t: max(t["waits"]["aas"], key=t["waits"]["aas"].get)'
assert "row locks dominate seconds of the lock's window" json_true "$R" \
	"sum(1 for t in $W if ($dom)(t) == 'row_lock') >= 2"
assert "their top event is a Lock wait" json_true "$R" \
	"any(t['waits']['top'][0][0].startswith('Lock:') for t in $W)"
assert "the ungranted locks were counted" json_true "$R" \
	"any(t['waits']['counters'].get('ungranted_locks', 0) > 0 for t in $W)"
assert "a superuser gets no privilege line" json_true "$R" \
	"not any('pg_read_all_stats' in e['text'] for e in d['events'])"

ROLE=tpcc_nostats_$$
on_exit "pg_sql -d $DBN 'DROP OWNED BY $ROLE' 2>/dev/null; pg_sql 'DROP ROLE IF EXISTS $ROLE'"
q "CREATE ROLE $ROLE LOGIN PASSWORD 'nostats'; GRANT ALL ON ALL TABLES IN SCHEMA public TO $ROLE;
   GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO $ROLE" >/dev/null
TPCC_PASSWORD=nostats tpcc_ok "a run as a role without pg_read_all_stats completes" np.txt run \
	--driver pg --host 127.0.0.1 --port "$TPCC_TEST_PG_PORT" --user "$ROLE" --database "$DBN" \
	--vus 2 --rampup 0 --duration 6 --batch --results-dir "$T/np"
R2=$(ls "$T"/np/*.json)
assert "it gets one clear line about pg_read_all_stats" json_true "$R2" \
	"sum(1 for e in d['events'] if e['type'] == 'waits' and 'lacks pg_read_all_stats' in e['text']) == 1"
assert "and its own backends are still sampled" json_true "$R2" \
	"any(t.get('waits') and t['waits']['aas']['cpu'] + t['waits']['aas']['network'] + t['waits']['aas']['log'] > 0 for t in d['ticks'])"
finish
