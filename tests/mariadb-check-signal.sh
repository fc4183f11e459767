#!/usr/bin/env bash
# mariadb-check-signal.sh: SIGINT during `check` stops it between
# conditions: the condition running is finished, the rest are listed as
# not checked, the exit status is 130 and no session or lock is left.
# Condition 8 reads history; a second session holding LOCK TABLES history
# WRITE keeps it waiting, so the signal lands while 8 is known to run.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_chksig
cd "$T"

mariadb_built "build exits 0"

# The locking session: a client reading statements from a fifo.
my_session lock "$DBN"
session_send "LOCK TABLES history WRITE; SELECT 'locked';"
wait_for lock.out '^locked$' 10

"$TPCC_BIN" check $A >check.txt 2>check.err &
CHK=$!
on_exit "kill $CHK 2>/dev/null"
wait_for check.txt '^ 8  w_ytd = sum\(h_amount\)' 30
# condition 8's query waits for the lock (not merely printed)
wait_sql "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='$DBN' AND STATE LIKE '%metadata lock%'" 1 30
kill -INT "$CHK"
wait_for check.err "Interrupt: stopping cleanly" 10
session_send "UNLOCK TABLES; SELECT 'unlocked';"
wait "$CHK"; rc=$?
assert "an interrupted check exits 130" [ $rc -eq 130 ]
assert "the running condition was finished" grep -qE '^ 8  .* pass$' check.txt
assert "the rest are marked not checked" grep -qE '^12  .* not checked$' check.txt
assert "it says which were checked and which not" \
	contains check.txt "stopped: conditions checked: 1, 2, 3, 4, 5, 6, 7, 8; not checked: 9, 10, 11, 12"
assert "no verdict is claimed" lacks check.txt "passed:"
assert "no session of the check is left" wait_sql "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE DB='$DBN' AND ID <> (SELECT CONNECTION_ID())" 1 10
close_session
check_ok "a full check afterwards passes" again.txt $A

finish
