#!/usr/bin/env bash
# mariadb-waits-log.sh: `set innodb_flush_log_at_trx_commit 2` mid-run
# (no fsync at each commit) makes the log write/fsync class fall: the
# seconds the sessions spent in it per transaction, the 8 s before the
# knob event against the 8 s after it (from the second after, when it is
# in effect), in the results file's ticks; and in the knob event's own
# comparison (30 s each side), written into it while the run goes on,
# the class falls too.  Per transaction, since the
# throughput rises with the change and the class's sessions would fall
# less than its time per commit.  The shared MariaDB (performance_schema
# off: the commit state sampled; on, MariaDB 10.11 does not time its redo
# log either).  4 VUs paced at 20,000 TPM, about half what they give flat
# out here: as many commits a second before the change as after it, so
# the class's sessions fall with its time per commit, and enough commits
# for a figure the 10 Hz samples resolve.  One statement per round trip
# (--no-pipeline), the mode this bound was measured in: pipelined, each
# COMMIT goes out with its transaction's last statements, and the time
# the processlist shows it in its Commit state without the fsync fell by
# 23-24% here against 47% one statement at a time.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
mariadb_db tpcc_waitslog
mariadb_globals_lock
cd "$T"
orig=$(my_sql 'SELECT @@GLOBAL.innodb_flush_log_at_trx_commit')
[ "$orig" = 1 ] || skip_all "the test MariaDB runs with innodb_flush_log_at_trx_commit=$orig"
# For a test that ends early.
on_exit "my_sql 'SET GLOBAL innodb_flush_log_at_trx_commit = 1'"
mariadb_built "build exits 0"

start_console run.txt run $A --vus 4 --no-pipeline --rate 20000 --rampup 0 --duration 600 --batch --results-dir "$T/results"
on_exit "kill $CON_PID 2>/dev/null"
assert "the results file is there" poll 20 eval 'ls "$T"/results/*.json >/dev/null 2>&1'
R=$(ls "$T"/results/*.json)
# The marker's comparison wants 30 s each side.
assert "30 s of waits" wait_json "$R" 'sum(1 for t in d["ticks"] if t.get("waits")) >= 30' 60
# A stall of the shared server (the rest of the suite beside it) that
# falls in the 30 s after the change can raise the log class's time per
# commit more than the change lowers it: when the fall is not there, the
# knob goes back to 1 for 30 s and to 2 again, and that second change is
# judged, up to three in all.  A fall that is not measured misses every
# time.
KN="[e for e in d['events'] if e['type'] == 'knob']"
# log seconds per transaction over a window of ticks
per="lambda ts: sum(t['waits']['aas']['log'] for t in ts) / max(sum(t['tpm'] for t in ts) / 60, 1)"
# falls N: the N-th knob event (from 0) sets the knob to 2; sets B, F,
# FX and the two conditions for it (TICKS_FELL: in the ticks 8 s each
# side, FX_FELL: in its effect), prints its figures, and is true when
# the class fell by a third or more in both.
falls() {
	local t_set
	t_set=$(json_get "$R" "($KN)[$1]['t']")
	FX="($KN)[$1].get('effect') or {}"
	B="[t for t in d['ticks'] if t.get('waits') and $t_set - 8 <= t['t'] < $t_set]"
	F="[t for t in d['ticks'] if t.get('waits') and $t_set + 2 <= t['t'] <= $t_set + 9]"
	TICKS_FELL="len($F) >= 6 and ($per)($F) < 0.67 * ($per)($B)"
	FX_FELL="($FX)['waits']['log']['after'] < 0.67 * ($FX)['waits']['log']['before']"
	echo "figures: change $1: log ms per transaction: $(json_get "$R" "'%.2f before, %.2f after' % (1000 * ($per)($B), 1000 * ($per)($F))"); the effect's log: $(json_get "$R" "($FX)['waits'].get('log')")"
	json_true "$R" "$TICKS_FELL and $FX_FELL" >/dev/null
}
# set_to V N: sends the knob to V, waits for it as the N-th knob event
# (from 0) and for that event's 30 s after.
set_to() {
	send "set innodb_flush_log_at_trx_commit $1"
	wait_json "$R" "len($KN) == $2 + 1" 10 || return 1
	# Written into the knob's event once its 30 s after have passed,
	# while the run goes on.
	wait_json "$R" "(($KN)[$2].get('effect') or {}).get('after_s') == 30" 60
}
assert "the knob event, its effect written while the run goes on" set_to 2 0
assert "the console names the change" file_matches run.txt 'knob +\] set innodb_flush_log_at_trx_commit 1 -> 2'
N=0
until falls $N || [ $N -ge 4 ]; do
	echo "# change $N: the fall was not there; back to 1 for 30 s, and to 2 again"
	set_to 1 $((N + 1)) && set_to 2 $((N + 2)) || break
	N=$((N + 2))
done
send "stop"
close_input
assert "the run stops" wait_exit "$CON_PID" 60
# A console's `set` stays (only a sweep restores what it set): the
# shared server gets its durability back at once.
my_sql 'SET GLOBAL innodb_flush_log_at_trx_commit = 1'
falls $N >/dev/null
assert "commits were seen in the log class before" json_true "$R" "len($B) >= 6 and ($per)($B) > 0"
assert "the log class's time per transaction falls by a third or more" json_true "$R" "$TICKS_FELL"
echo "figures: the knob's effect: $(json_get "$R" "($FX).get('headline')")"
assert "over 30 s each side" json_true "$R" "($FX)['before_s'] == 30 and ($FX)['after_s'] == 30"
# Beyond noise on a quiet machine; with the rest of the suite beside it
# the seconds' own stalls can leave three 10 s blocks a side too few to
# say so, so the test asserts the fall and that it was judged.
assert "in which the log class falls by a third or more, judged against the noise" json_true "$R" \
	"$FX_FELL and ($FX)['waits']['log']['verdict'] in ('beyond noise', 'within noise')"
assert "and NOPM and New-Order's p95 are compared too" json_true "$R" \
	"($FX)['nopm']['verdict'] in ('beyond noise', 'within noise') and 'new_order' in ($FX)['p95_ms']"
finish
