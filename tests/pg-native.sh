#!/usr/bin/env bash
# pg-native.sh: PostgreSQL through libpq (--driver pg) on the shared test
# server: build, check, a statements run with the durability audit, a
# procedures run, check; a lock held past lock_timeout (retried, in its
# class); backends terminated mid-run (reconnected, in their class);
# libpq's conventions (a run that connects from PGSERVICE and ~/.pgpass
# alone; a conninfo URI whose password never reaches the output, the
# results file or /proc/PID/cmdline); and bad input (a conninfo libpq
# rejects: exit 2; an unreachable server and a missing database: exit 1,
# with libpq's reason); --ssl-mode and PGSSLMODE as libpq takes them;
# build creating a missing database.  The server killed under a run is
# pg-native-faults.sh's, on a server of its own.
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
pg_native_db tpcc_pgn
# table_scans: sequential and index scans of the TPC-C tables so far.
table_scans() {
	q "SELECT SUM(seq_scan) || ' ' || SUM(idx_scan) FROM pg_stat_user_tables
	   WHERE relname <> 'tpcc_meta'"
}
# scans_by_index BEFORE N: N index scans more than BEFORE, and fewer than
# 20 sequential ones (the console's own look-ups at start and end).  The
# VUs read every table through its keys: warehouse and district, updated
# on every Payment and New-Order, would otherwise be scanned whole, every
# row version the updates have left included, by plans kept from when
# they fit one page; Delivery's ORed keys want a bitmap scan.  A
# backend's counts reach the statistics when it exits, after the run.
scans_by_index() {
	local now seq idx
	now=$(table_scans)
	seq=$((${now% *} - ${1% *})) idx=$((${now#* } - ${1#* }))
	[ "$idx" -ge "$2" ] && [ "$seq" -lt 20 ] ||
		{ echo "sequential scans +$seq, index scans +$idx"; return 1; }
}
# q_is QUERY EXPECTED: for poll.
q_is() {
	local got
	got=$(q "$1" 2>/dev/null)
	[ "$got" = "$2" ] || { echo "'$1' gave '$got', wanted '$2'"; return 1; }
}

build_ok "build through libpq exits 0" build.txt $A --warehouses 1
assert "the build names PostgreSQL" contains build.txt "PostgreSQL"
assert "the server's NOTICEs stay off the output" lacks build.txt "NOTICE"
assert "stock holds 100,000 rows" [ "$(q "SELECT COUNT(*) FROM stock")" = 100000 ]
assert "the six functions exist" [ "$(q "SELECT COUNT(*) FROM pg_proc WHERE proname LIKE 'tpcc\_%'")" = 6 ]

scans_before=$(table_scans)
"$TPCC_BIN" run $A --vus 4 --rampup 0 --duration 4 --results-dir "$T/rs" </dev/null >run1.txt 2>&1
assert "statements run exits 0" [ $? -eq 0 ]
assert "  its VUs read the tables through their indexes" \
	poll 10 scans_by_index "$scans_before" 500
R=$(ls "$T"/rs/*.json 2>/dev/null | head -1)
assert "driver pg, dialect postgresql, statements mode recorded" \
	json_is "$R" 'd["run"]["driver"] + "/" + d["run"]["dialect"] + "/" + d["run"]["mode"]' pg/postgresql/statements
assert "no failed transactions" json_is "$R" 'd["summary"]["failed"]' 0
assert "New-Orders were committed" json_true "$R" 'd["summary"]["commits"]["new_order"] > 50'
assert "client New-Orders match the database" db_matches_client "$R" "$(q "SELECT SUM(d_next_o_id - 3001) FROM district")"
assert "server TPM present and plausible beside client TPM" plausible_server_tpm "$R"
# The server is a process per connection: its CPU is the postmaster's
# tree, which the backends doing the work are in.
assert "the server's CPU counts its backends (mean over 5% of a core)" json_true "$R" \
	'sum(t["cpu_server"] or 0 for t in d["ticks"]) / len(d["ticks"]) > 5'
assert "the dialect's metrics are sampled (WAL, dead tuples, checkpoints)" json_true "$R" \
	'all(k in d["ticks"][-1]["server_metrics"] for k in ("wal_bytes", "dead_tuples", "checkpoints"))'
check_ok "the durability audit passes" dur.txt $A --durability "$R"
assert "  and finds nothing lost" grep -q "0 acknowledged New-Orders lost" dur.txt

# Sixteen VUs on one warehouse: New-Orders share stock rows all the time,
# and tpcc_new_order locks them only by its UPDATE, whose plan must take
# them in key order (a deadlock is counted under "deadlock").  Its
# rollbacks are raised out of the function and counted, not failed: one
# New-Order in ten rolls back, so that a few seconds of a loaded machine
# still make some (at the spec's 1% a slow run saw none).
before=$(q "SELECT SUM(d_next_o_id - 3001) FROM district")
scans_before=$(table_scans)
printf 'metrics\n' | "$TPCC_BIN" run $A --mode procedures --vus 16 --rampup 0 --duration 4 \
	--rollback-percent 10 --results-dir "$T/rp" >run2.txt 2>&1
assert "procedures run exits 0" [ $? -eq 0 ]
assert "  its VUs read the tables through their indexes" \
	poll 10 scans_by_index "$scans_before" 500
R=$(ls "$T"/rp/*.json 2>/dev/null | head -1)
assert "no failed transactions in procedures mode" json_is "$R" 'd["summary"]["failed"]' 0
assert "  no deadlocks among 16 VUs on one warehouse" json_is "$R" 'd["summary"]["errors"]["deadlock"]' 0
assert "  its New-Orders' rollbacks were counted" \
	rollbacks_counted "$R"
assert "client New-Orders match the database (procedures)" db_matches_client "$R" \
	$(($(q "SELECT SUM(d_next_o_id - 3001) FROM district") - before))
assert "  and the results file names the database libpq took from the service" \
	json_is "$R" 'd["run"]["database"]' "$DBN"
assert "metrics on the sampler's connection show WAL bytes" grep -qE '^wal_bytes [1-9][0-9]*$' run2.txt
check_ok "check passes after both runs" check1.txt $A

# A lock held past lock_timeout (PGOPTIONS, which libpq passes on): the
# VUs that want warehouse 1's district 1 give up with 55P03, counted as
# lock timeouts and retried until the lock goes.  The lock is held until
# the run has counted a retry, and then let go: however slow the run's
# start, the lock is there while it runs.
(psql -X -q -h "$TPCC_TEST_PG_DIR" -p "$TPCC_TEST_PG_PORT" -U "$TPCC_TEST_PG_USER" -d "$DBN" \
	-c "BEGIN; SELECT d_id FROM district WHERE d_w_id = 1 AND d_id = 1 FOR UPDATE; SELECT pg_sleep(600); COMMIT;" \
	>locker.txt 2>&1) &
LOCKER=$!
on_exit "kill $LOCKER 2>/dev/null"
LOCKQ="FROM pg_stat_activity WHERE datname = '$DBN' AND query LIKE '%pg_sleep(600)%' AND pid <> pg_backend_pid()"
poll 10 q_is "SELECT COUNT(*) $LOCKQ" 1
PGOPTIONS="-c lock_timeout=100" start_console lock.txt run $A --vus 4 --rampup 0 --duration 600 \
	--retry-max 100 --batch --results-dir "$T/rl"
on_exit "kill $CON_PID 2>/dev/null"
wait_for lock.txt 'retry [1-9][0-9]*$' 60
q "SELECT pg_cancel_backend(pid) $LOCKQ" >/dev/null
wait "$LOCKER"
mark=$(lines_in lock.txt)
wait_for lock.txt "^\[ +[0-9]+s steady +\] vus 4  nopm [1-9]" 30 "$mark"
send "stop"
wait_exit "$CON_PID" 60
assert "the run under a held lock exits 0" [ $? -eq 0 ]
R=$(ls "$T"/rl/*.json 2>/dev/null | head -1)
assert "the waits past lock_timeout count as lock timeouts" json_true "$R" \
	'd["summary"]["errors"]["lock_timeout"] > 0'
assert "  and were retried, not failed" json_true "$R" \
	'd["summary"]["retries"] > 0 and d["summary"]["failed"] == 0'
assert "  and none counted as another class" json_true "$R" \
	'd["summary"]["errors"]["other"] == 0 and d["summary"]["errors"]["connection"] == 0'

# Backends terminated mid-run (57P01 or a closed connection): each VU
# reconnects and the run goes on.
start_console term.txt run $A --vus 4 --rampup 0 --duration 600 --batch --results-dir "$T/rt"
on_exit "kill $CON_PID 2>/dev/null"
wait_for term.txt '^\[ +2s steady'
q "SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = '$DBN' AND application_name = 'tpcc-console'" >/dev/null
mark=$(lines_in term.txt)
wait_for term.txt "^\[ +[0-9]+s steady +\] vus 4  nopm [1-9].*retry [0-9]+$" 30 "$mark"
# Every VU back, in the file's ticks, before the stop: a VU still in its
# reconnect when the stop came would not count (seen under ASan).
R=$(ls "$T"/rt/*.json 2>/dev/null | head -1)
assert "all four VUs reconnect" wait_json "$R" 'sum(t["reconnects"] for t in d["ticks"]) >= 4' 60
send "stop"
wait_exit "$CON_PID" 60
assert "the run with terminated backends exits 0" [ $? -eq 0 ]
R=$(ls "$T"/rt/*.json 2>/dev/null | head -1)
assert "every VU reconnected, as a connection error" json_true "$R" \
	'd["summary"]["reconnects"] >= 4 and d["summary"]["errors"]["connection"] >= 4'
assert "nothing counted as another class" json_is "$R" 'd["summary"]["errors"]["other"]' 0

# Conventions: PGSERVICE from ~/.pg_service.conf and the password from
# ~/.pgpass in a private HOME; no host, port, user, database or password
# from tpcc-console's own options.
mkdir -p home
cat >home/.pg_service.conf <<EOF
[tpcc_native_test]
host=127.0.0.1
port=$TPCC_TEST_PG_PORT
user=$TPCC_TEST_PG_USER
dbname=$DBN
EOF
echo "127.0.0.1:$TPCC_TEST_PG_PORT:$DBN:$TPCC_TEST_PG_USER:$TPCC_TEST_PG_PASSWORD" >home/.pgpass
chmod 600 home/.pgpass
before=$(q "SELECT SUM(d_next_o_id - 3001) FROM district")
env -u TPCC_PASSWORD HOME="$T/home" PGSERVICE=tpcc_native_test "$TPCC_BIN" run --driver pg \
	--vus 2 --rampup 0 --duration 2 --results-dir "$T/rv" </dev/null >service.txt 2>&1
assert "a run from PGSERVICE and ~/.pgpass alone exits 0" [ $? -eq 0 ]
R=$(ls "$T"/rv/*.json 2>/dev/null | head -1)
assert "  with New-Orders committed in the service's database" db_matches_client "$R" \
	$(($(q "SELECT SUM(d_next_o_id - 3001) FROM district") - before))
env -u TPCC_PASSWORD HOME="$T/empty" PGSERVICE=tpcc_native_test "$TPCC_BIN" check --driver pg \
	>noservice.txt 2>&1
assert "without the service file libpq's reason is given (exit 1)" [ $? -eq 1 ]
assert "  naming the service" contains noservice.txt 'tpcc_native_test'

# PGDATABASE names another database: --database typed on the command
# line wins, as psql's -d does; left at its default or set by a config
# file (saved files name every key), it yields to the environment.
PGDATABASE=tpcc_no_such_$$ "$TPCC_BIN" check $A >pgdb-given.txt 2>&1
assert "PGDATABASE elsewhere: --database given wins (check exits 0)" [ $? -eq 0 ]
printf 'connection: { database = "tpcc_no_such_%s"; };\n' $$ >pgdb.cfg
PGDATABASE=$DBN "$TPCC_BIN" check --config pgdb.cfg \
	--driver pg --host 127.0.0.1 --port $TPCC_TEST_PG_PORT --user $TPCC_TEST_PG_USER \
	>pgdb-file.txt 2>&1
assert "a config file's database yields to PGDATABASE" [ $? -eq 0 ]
PGDATABASE=$DBN "$TPCC_BIN" check \
	--driver pg --host 127.0.0.1 --port $TPCC_TEST_PG_PORT --user $TPCC_TEST_PG_USER \
	>pgdb-env.txt 2>&1
assert "--database left at its default: PGDATABASE names the database" [ $? -eq 0 ]
PGDATABASE=$DBN "$TPCC_BIN" check --driver pg --host 127.0.0.1 --port $TPCC_TEST_PG_PORT \
	--user $TPCC_TEST_PG_USER --database tpcc_no_such_$$ >pgdb-wrong.txt 2>&1
assert "--database given but missing: exit 1, PGDATABASE not used instead" [ $? -eq 1 ]
assert "  naming the database given" contains pgdb-wrong.txt "tpcc_no_such_$$"

# A conninfo URI with a password: masked in argv once parsed, never in the
# output or the results file.  Its own role, so the password is a string
# nothing else holds; TPCC_PASSWORD would win over the URI's.
SEC=tpcc_sec_$$
PW="Pw$$x${RANDOM}kq7Zx"
on_exit "pg_sql -d $DBN 'DROP OWNED BY $SEC'; pg_sql 'DROP ROLE IF EXISTS $SEC'"
pg_sql "CREATE ROLE $SEC LOGIN PASSWORD '$PW'"
q "GRANT ALL ON ALL TABLES IN SCHEMA public TO $SEC"
TPCC_PASSWORD= start_console uri.txt run --driver pg \
	--conninfo "postgresql://$SEC:$PW@127.0.0.1:$TPCC_TEST_PG_PORT/$DBN?application_name=tpcc-uri" \
	--vus 2 --rampup 0 --duration 600 --batch --results-dir "$T/ru"
on_exit "kill $CON_PID 2>/dev/null"
wait_for uri.txt '^\[ +1s steady'
tr '\0' ' ' </proc/$CON_PID/cmdline >cmdline.txt
send "stop"
wait_exit "$CON_PID" 60
assert "the run from a conninfo URI exits 0" [ $? -eq 0 ]
assert "/proc/PID/cmdline holds no password" lacks cmdline.txt "$PW"
assert "  but the masked URI" contains cmdline.txt "postgresql://$SEC:"
R=$(ls "$T"/ru/*.json 2>/dev/null | head -1)
assert "the results file holds no password" lacks "$R" "$PW"
assert "  but the conninfo with ***" json_is "$R" 'd["config"]["connection.conninfo"]' \
	"postgresql://$SEC:***@127.0.0.1:$TPCC_TEST_PG_PORT/$DBN?application_name=tpcc-uri"
assert "the output holds no password" lacks uri.txt "$PW"

check_ok "consistency holds after the lock waits, terminations and runs" check2.txt $A

# Bad input.
# The console's server pane has PostgreSQL's own rows, and the header the
# database the connection is in.
if command -v tmux >/dev/null; then
	tui_start 170 40 "'$TPCC_BIN' run $A --vus 2 --rampup 0 --duration 600 --results-dir '$T/tui'"
	assert "the server pane is PostgreSQL's" tui_wait '┌ Server: PostgreSQL ─'
	assert "  with WAL per second in MB" tui_wait '│ WAL/s .* [0-9]+\.[0-9] MB │'
	assert "  dead tuples of the updated tables" tui_wait '│ dead tuples .* [0-9,]+ │'
	assert "  active backends and checkpoints" tui_wait '│ active backends [0-9,]+   checkpoints [0-9,]+'
	assert "the header names the database" screen_shows "│ db $DBN"
	assert "the server's CPU is not 0% (its backends count)" tui_wait '│ server .* ([1-9][0-9]*|[1-9])% │'
	tui_quit "q, y leaves the console"
fi
"$TPCC_BIN" check --driver pg --conninfo "host=127.0.0.1 no_such_option=1" >bad1.txt 2>&1
assert "a conninfo libpq rejects is a configuration error (exit 2)" [ $? -eq 2 ]
assert "  with libpq's reason" contains bad1.txt 'invalid connection option "no_such_option"'
"$TPCC_BIN" check --driver pg --conninfo "postgresql://$SEC:$PW@127.0.0.1/$DBN?no_such=1" >bad2.txt 2>&1
assert "a URI with an unknown parameter is one too (exit 2)" [ $? -eq 2 ]
assert "  with libpq's reason" contains bad2.txt 'invalid URI query parameter: "no_such"'
assert "  and its password is not echoed" lacks bad2.txt "$PW"
FREE=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$TPCC_BIN" check --driver pg --host 127.0.0.1 --port "$FREE" --user tpcc --database x >bad3.txt 2>&1
assert "an unreachable server fails (exit 1)" [ $? -eq 1 ]
assert "  with libpq's reason" contains bad3.txt "Connection refused"
assert "  its lines joined as sentences on one line" contains bad3.txt "refused. Is the server running"
# TLS as libpq has it (the test server offers none): --ssl-mode REQUIRED
# is sslmode=require; the default, PREFERRED, leaves PGSSLMODE its say;
# an explicit --ssl-mode wins over PGSSLMODE.
"$TPCC_BIN" check $A --ssl-mode REQUIRED >ssl1.txt 2>&1
assert "--ssl-mode REQUIRED against a server without TLS fails (exit 1)" [ $? -eq 1 ]
assert "  with libpq's reason" contains ssl1.txt "SSL was required"
PGSSLMODE=require "$TPCC_BIN" check $A >ssl2.txt 2>&1
assert "PGSSLMODE=require is honoured under the default --ssl-mode (exit 1)" [ $? -eq 1 ]
assert "  with libpq's reason" contains ssl2.txt "SSL was required"
PGSSLMODE=require "$TPCC_BIN" check $A --ssl-mode DISABLED >ssl3.txt 2>&1
assert "--ssl-mode DISABLED wins over PGSSLMODE (check exits 0)" [ $? -eq 0 ]
# build makes a missing database, as it does on MySQL (from the
# maintenance database, once the database's own connection failed); a user
# who may not create one gets the server's reason, and nothing is made.
NEWDB=tpcc_pgnew_$$ NOCR=tpcc_nocreate_$$
on_exit "pg_sql 'DROP DATABASE IF EXISTS $NEWDB WITH (FORCE)'; pg_sql 'DROP ROLE IF EXISTS $NOCR'"
pg_sql "CREATE ROLE $NOCR LOGIN PASSWORD 'nocr$$'"
TPCC_PASSWORD=nocr$$ "$TPCC_BIN" build $A --user "$NOCR" --database "$NEWDB" >nocr.txt 2>&1
assert "build by a user without CREATEDB into a missing database fails (exit 1)" [ $? -eq 1 ]
assert "  with the server's reason" contains nocr.txt "does not exist; creating it failed: "
assert "  permission denied" contains nocr.txt "permission denied to create database"
assert "  and makes nothing" [ "$(pg_sql "SELECT COUNT(*) FROM pg_database WHERE datname = '$NEWDB'")" = 0 ]
tpcc_ok "build into a missing database exits 0" newdb.txt build $A --database "$NEWDB"
assert "  saying it made the database" contains newdb.txt "created database $NEWDB"
assert "  which holds the build" [ "$(pg_sql -d "$NEWDB" "SELECT COUNT(*) FROM warehouse")" = 1 ]
tpcc_ok "drop leaves the database" drop.txt drop $A --database "$NEWDB"
tpcc_ok "build into the database that is there exits 0" newdb2.txt build $A --database "$NEWDB"
assert "  and says nothing of one" lacks newdb2.txt "created database"
"$TPCC_BIN" check $A --database "nosuch_$$" >bad4.txt 2>&1
assert "a missing database fails (exit 1)" [ $? -eq 1 ]
assert "  with the server's words" contains bad4.txt "database \"nosuch_$$\" does not exist"
finish
