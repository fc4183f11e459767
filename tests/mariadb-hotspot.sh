#!/usr/bin/env bash
# mariadb-hotspot.sh: 32 VUs on one warehouse.  Deadlocks and lock-wait
# timeouts happen; each is retried and counted, no VU dies, and the data
# stays consistent.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_hot
cd "$T"
mariadb_built "build exits 0"
# A short lock wait makes timeouts as likely as deadlocks.  It is set for
# this run's sessions only, through an option file's init-command, since
# other tests share the server at the same time.
mkdir "$T/home"
printf '[client]\ninit-command="SET SESSION innodb_lock_wait_timeout = 1"\n' >"$T/home/.my.cnf"
export HOME=$T/home
start_console run.txt run $A --read-option-files --vus 32 --rampup 2 --duration 10 --batch --results-dir "$T/r"
on_exit "kill $CON_PID 2>/dev/null"
wait_for run.txt '^\[ +4s steady'
# Another session holds the warehouse row, as a long report might: every
# Payment queues behind it and times out, holding its district (locked just
# before the warehouse), so New-Orders time out in their district's
# SELECT .. FOR UPDATE, an error that arrives in place of the row.
my_sql "BEGIN; SELECT w_id FROM $DBN.warehouse WHERE w_id = 1 FOR UPDATE; DO SLEEP(2.5); COMMIT" >/dev/null
close_input
wait "$CON_PID"
assert "the hot-spot run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/r/*.json)
assert "all 32 VUs ran every second" json_true "$R" 'all(t["vus"]==32 for t in d["ticks"])'
assert "retries happened and were counted" json_true "$R" 'd["summary"]["retries"] > 0'
assert "every retry came from a deadlock or a lock timeout" json_true "$R" \
	'd["summary"]["errors"]["deadlock"] + d["summary"]["errors"]["lock_timeout"] >= d["summary"]["retries"]'
assert "the session's short lock wait timed out waits" json_true "$R" 'd["summary"]["errors"]["lock_timeout"] > 0'
assert "no connection or other errors" json_is "$R" \
	'd["summary"]["errors"]["connection"] + d["summary"]["errors"]["other"]' 0
assert "New-Orders still committed" json_true "$R" 'd["summary"]["commits"]["new_order"] > 0'
check_ok "consistency holds after the hot spot" check.txt $A
finish
