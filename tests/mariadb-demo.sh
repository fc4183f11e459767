#!/usr/bin/env bash
# mariadb-demo.sh: `demo --driver mysql` tells the same story against a
# server with the server's own settings: with 2 s steps it sets
# innodb_flush_log_at_trx_commit and then innodb_io_capacity, each marked as
# a knob event by the demo and put back, and afterwards the globals read
# what they read before.  A file bound does not apply to a server, so the
# demo takes no snapshot.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
mariadb_db tpcc_demo
mariadb_globals_lock
cd "$T"
flush0=$(my_sql "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit")
io0=$(my_sql "SELECT @@GLOBAL.innodb_io_capacity")
on_exit "my_sql 'SET GLOBAL innodb_flush_log_at_trx_commit = $flush0, GLOBAL innodb_io_capacity = $io0'"

mariadb_built "build exits 0"
tui_start 120 40 "'$TPCC_BIN' demo $A --demo-step 2 --results-dir '$T/results'"
assert "the demo starts against the server" tui_wait '(^| │ )DEMO (RAMPUP|STEADY) .*MariaDB'
assert "the caption narrates the first setting" \
	tui_wait '^innodb_flush_log_at_trx_commit=2: commits no longer wait' 60
assert "the server has it" wait_sql "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit" 2
assert "then the second, after the first is put back" \
	tui_wait '^innodb_io_capacity=2000: the page cleaner' 60
assert "the first is back on the server" \
	sql_is "SELECT @@GLOBAL.innodb_flush_log_at_trx_commit" "$flush0"
assert "the second is put back too" tui_wait '^innodb_io_capacity back' 60
assert "and is back on the server" wait_sql "SELECT @@GLOBAL.innodb_io_capacity" "$io0"
tui_quit "q, y leaves the demo"
R=$(ls "$T"/results/*.json)
for k in innodb_flush_log_at_trx_commit innodb_io_capacity; do
	assert "$k: set and put back, as knob events" json_true "$R" \
		"any(e['text'].startswith('set $k ') for e in d['events']) and any(e['text'].startswith('put back $k ') for e in d['events'])"
done
assert "the journal says the demo set both and both are back" \
	json_true "$R" 'all(k["restored"] for k in d["knob_journal"]) and {k["name"] for k in d["knob_journal"] if k["set_by"] == "demo"} >= {"innodb_flush_log_at_trx_commit", "innodb_io_capacity"}'
assert "no snapshot was taken for a server" json_true "$R" 'not any("restoring the snapshot" in e["text"] for e in d["events"])'

finish
