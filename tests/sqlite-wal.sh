#!/usr/bin/env bash
# sqlite-wal.sh: the embedded default runs in bounded space.  With VUs
# reading all the time SQLite's own checkpoints never get to start its
# write-ahead log over, so it grew by every page every commit wrote
# (10 GB in 90 s at 4 VUs); the driver now empties it past 16 MB.  A run of
# 4 VUs on one warehouse for 25 s: the log is looked at ten times a second
# (at the unbounded rate of about 90 MB/s nothing past the bound slips
# between looks) and must stay under 64 MB throughout, and be seen to start
# over (TRUNCATE: its size drops) after it grew: how often it was looked at
# depends on the machine's load, and is not asserted.
. "$(dirname "$0")/lib.sh"
cd "$T"
DB=$T/tpcc.sqlite
BOUND=$((64 * 1048576))

sqlite_built "build exits 0" "$DB"

"$TPCC_BIN" run --db "$DB" --vus 4 --rampup 0 --duration 25 --batch \
	--results-dir "$T/results" </dev/null >run.txt 2>&1 &
pid=$!
largest=0 looks=0 last=0 restarts=0
while kill -0 "$pid" 2>/dev/null; do
	s=$(stat -c %s "$DB-wal" 2>/dev/null || echo 0)
	[ "$s" -gt "$largest" ] && largest=$s
	# Started over: from past 1 MB to under half of what it was.
	[ "$last" -gt 1048576 ] && [ "$s" -lt $((last / 2)) ] && restarts=$((restarts + 1))
	last=$s
	looks=$((looks + 1))
	sleep 0.1
done
wait "$pid"
rc=$?
echo "largest WAL: $largest bytes in $looks looks, seen to start over $restarts times"
assert "the run exits 0" [ $rc -eq 0 ]
assert "the log was seen to start over after it grew" [ "$restarts" -gt 0 ]
assert "the log was in use (it grew past 1 MB)" [ "$largest" -gt 1048576 ]
assert "the log stayed under 64 MB" [ "$largest" -lt "$BOUND" ]
R=$(ls "$T"/results/*.json)
assert "the run did its work (New-Orders committed)" \
	[ "$(json_get "$R" 'd["summary"]["run_totals"]["commits"]["new_order"] > 1000')" = True ]
"$TPCC_BIN" check --db "$DB" >check.txt 2>&1
assert "the database is consistent after the checkpoints" [ $? -eq 0 ]

finish
