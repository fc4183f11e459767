#!/usr/bin/env bash
# pg-waits-sync.sh: with synchronous_commit off for the run's sessions (the
# test's own database's setting, so no other test's sessions), the WAL
# waits a commit makes (the log class: IO:WALSync, LWLock:WALWrite ...)
# all but vanish: two short runs, 4 VUs flat out, on and off, and the log
# class's seconds per transaction, their ticks' mean.  Per transaction,
# since the throughput rises with the change.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
need_pg
pg_native_db tpcc_pgsync
cd "$T"
pg_built "the schema is copied from the template"

# run DIR: 12 s, the waits of its last 10.
run() {
	tpcc_ok "the run ($1) completes" "$1.txt" run $A --vus 4 --rampup 0 --duration 12 --batch \
		--results-dir "$T/$1"
}
per="lambda d: (lambda ts: sum(t['waits']['aas']['log'] for t in ts) / max(sum(t['tpm'] for t in ts) / 60, 1))([t for t in d['ticks'] if t.get('waits') and t['t'] >= 3])"
run on
q "ALTER DATABASE $DBN SET synchronous_commit = off" >/dev/null
run off
R1=$(ls "$T"/on/*.json)
R2=$(ls "$T"/off/*.json)
b=$(json_get "$R1" "'%.3f' % (1000 * ($per)(d))")
a=$(json_get "$R2" "'%.3f' % (1000 * ($per)(d))")
echo "figures: log ms per transaction: $b synchronous_commit on, $a off"
assert "with it on, commits wait on the WAL" json_true "$R1" \
	"($per)(d) > 0 and any(e[1] == 'log' for t in d['ticks'] if t.get('waits') for e in t['waits']['top'])"
assert "with it off, the sessions were sampled all the same" json_true "$R2" \
	"sum(1 for t in d['ticks'] if t.get('waits') and t['t'] >= 3 and t['waits']['samples'] >= 5) >= 5"
assert "with it off, the WAL waits per transaction fall to a fifth or less" \
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a < b / 5) }'
finish
