#!/usr/bin/env bash
# pg-knobs.sh: PostgreSQL's settings through libpq (--driver pg), as
# mariadb-knobs.sh for MariaDB: `set` and a sweep report the value in
# effect after the reload, not the one before it; every put-back prints
# its line; postgresql.auto.conf is left as it was found (a setting with
# no entry goes back by ALTER SYSTEM RESET, pg_settings.source default
# again; one with an entry gets that entry back), also when `set` put the
# old value back by hand; after kill -9 of the client, restore-knobs given
# no connection options connects as the results file records (no stray
# SQLite file), and refuses options that name another driver.  On the
# shared test server: random_page_cost and effective_io_concurrency only,
# which no other test changes, and the knob panel watches only them.
. "$(dirname "$0")/lib.sh"
need_pg
cd "$T"
pg_native_db tpcc_pgk
on_exit "pg_sql 'ALTER SYSTEM RESET random_page_cost' && pg_sql 'ALTER SYSTEM RESET effective_io_concurrency' && pg_sql 'SELECT pg_reload_conf()' >/dev/null"
printf 'run = {\n  knobs = [ "random_page_cost", "effective_io_concurrency" ];\n};\n' >knobs.conf
A="$A -c $T/knobs.conf"
pg_sql 'ALTER SYSTEM RESET random_page_cost' && pg_sql 'ALTER SYSTEM RESET effective_io_concurrency' &&
	pg_sql 'SELECT pg_reload_conf()' >/dev/null
# entry NAME: its line in postgresql.auto.conf's entries ("" when none).
entry() { pg_sql "SELECT string_agg(setting, ',') FROM pg_file_settings WHERE name = '$1' AND sourcefile LIKE '%/postgresql.auto.conf'"; }
entry_is() { local got; got=$(entry "$1"); [ "$got" = "$2" ] || { echo "$1's entry in postgresql.auto.conf: '$got', expected '$2'"; return 1; }; }
# pg_settings.source, read by a session that began after the reload.
source_is() { local got; got=$(pg_sql "SELECT source FROM pg_settings WHERE name = '$1'"); [ "$got" = "$2" ] || { echo "$1's source: '$got', expected '$2'"; return 1; }; }
RPC=$(pg_sql "SELECT setting FROM pg_settings WHERE name = 'random_page_cost'")
EIC=$(pg_sql "SELECT setting FROM pg_settings WHERE name = 'effective_io_concurrency'")

build_ok "build exits 0" build.txt $A --warehouses 1

# ---- set, and run --restore-knobs ------------------------------------------------
# effective_io_concurrency set back by hand: it reads as before, but the
# entry the first set made must go too.
printf 'set random_page_cost 1.5\nset effective_io_concurrency 8\nset effective_io_concurrency %s\n' "$EIC" |
	"$TPCC_BIN" run $A --vus 1 --rampup 0 --duration 3 --batch --restore-knobs \
	--results-dir "$T/r1" >set.txt 2>&1; rc=$?
assert "a run with set and --restore-knobs exits 0" [ $rc -eq 0 ]
assert "set reports the value in effect after the reload" contains set.txt "set random_page_cost $RPC -> 1.5:"
assert "  for each set" contains set.txt "set effective_io_concurrency $EIC -> 8:"
assert "  and for the one back by hand" contains set.txt "set effective_io_concurrency 8 -> $EIC:"
assert "the put-back is printed" contains set.txt "put back random_page_cost 1.5 -> $RPC"
assert "  also for the one that read as before" contains set.txt "put back effective_io_concurrency $EIC -> $EIC"
assert "random_page_cost has no entry in postgresql.auto.conf again" entry_is random_page_cost ""
assert "  nor effective_io_concurrency" entry_is effective_io_concurrency ""
assert "random_page_cost's source is the default again" source_is random_page_cost default
assert "  and effective_io_concurrency's" source_is effective_io_concurrency default
R=$(ls r1/*.json | head -1)
assert "the journal says neither had an entry before" \
	json_is "$R" '[(k["name"], k["old_persisted"], k["restored"]) for k in d["knob_journal"]]' \
	"[('random_page_cost', False, True), ('effective_io_concurrency', False, True)]"

# ---- a sweep over a setting that had an entry -------------------------------------
# Written as no put-back by the value read would write it.
pg_sql "ALTER SYSTEM SET random_page_cost = '2.50'" && pg_sql 'SELECT pg_reload_conf()' >/dev/null
tpcc_ok "a sweep over random_page_cost exits 0" sweep.txt sweep $A --vus 1 --step 1 --settle 0 \
	--rampup 0 --knob random_page_cost=1.1,1.2 --results-dir "$T/r2"
assert "each step's set reports the value in effect" \
	grep -qF "set random_page_cost 1.1 -> 1.2:" sweep.txt
assert "  the first step's too" contains sweep.txt "set random_page_cost 2.5 -> 1.1:"
assert "the put-back is printed" contains sweep.txt "put back random_page_cost 1.2 -> 2.5"
assert "the entry is back as it was written" entry_is random_page_cost 2.50
R=$(ls r2/*.json | head -1)
assert "the journal holds the entry as written" \
	json_is "$R" '[(k["name"], k["old"], k["now"], k["old_persisted"]) for k in d["knob_journal"]]' \
	"[('random_page_cost', '2.5', '2.5', '2.50')]"

# ---- kill -9 of the client, then restore-knobs from the results file alone --------
"$TPCC_BIN" sweep $A --vus 1 --step 60 --settle 0 --rampup 0 --results-dir "$T/r3" \
	--steps "random_page_cost=1.3 effective_io_concurrency=4; random_page_cost=1.4" \
	</dev/null >sweep3.txt 2>&1 &
PID=$!
on_exit "kill -9 $PID 2>/dev/null"
wait_for sweep3.txt "step 1/2 measuring" 30
kill -9 $PID
wait $PID 2>/dev/null
assert "a killed client leaves both entries" [ "$(entry random_page_cost)/$(entry effective_io_concurrency)" = 1.3/4 ]
R=$T/$(ls r3/*.json | head -1)
assert "its journal says how each was kept before" \
	json_is "$R" '[(k["name"], k["now"], k["old_persisted"], k["restored"]) for k in d["knob_journal"]]' \
	"[('random_page_cost', '1.3', '2.50', False), ('effective_io_concurrency', '4', False, False)]"
mkdir elsewhere
(cd elsewhere && "$TPCC_BIN" restore-knobs --driver mysql "$R") >mismatch.txt 2>&1; rc=$?
assert "restore-knobs with another driver named exits 2" [ $rc -eq 2 ]
assert "  naming both drivers" contains mismatch.txt "the connection options name driver mysql, but $R was written by a run on driver pg"
printf 'connection = {\n  driver = "sqlite";\n};\n' >sqlite.conf
(cd elsewhere && "$TPCC_BIN" restore-knobs -c "$T/sqlite.conf" "$R") >mismatch2.txt 2>&1; rc=$?
assert "  also when a config file names it (exit 2)" [ $rc -eq 2 ]
assert "  and the values are still changed" [ "$(entry random_page_cost)" = 1.3 ]
(cd elsewhere && "$TPCC_BIN" restore-knobs --database no_such_db_$$ "$R") >otherdb.txt 2>&1; rc=$?
assert "a connection option given wins over the file's (exit 1)" [ $rc -eq 1 ]
assert "  the server names the database" contains otherdb.txt "no_such_db_$$"
(cd elsewhere && "$TPCC_BIN" restore-knobs "$R") >restore.txt 2>&1; rc=$?
assert "restore-knobs given only the file exits 0" [ $rc -eq 0 ]
assert "  and says how it connected" contains restore.txt "connecting as $R records: driver pg, host 127.0.0.1, port $TPCC_TEST_PG_PORT, user $TPCC_TEST_PG_USER, database $DBN"
assert "  and what it put back" contains restore.txt "random_page_cost: put back 1.3 -> 2.5"
assert "  each" contains restore.txt "effective_io_concurrency: put back 4 -> $EIC"
assert "random_page_cost's entry is as before the sweep" entry_is random_page_cost 2.50
assert "effective_io_concurrency has no entry again" entry_is effective_io_concurrency ""
assert "  and reads its default" source_is effective_io_concurrency default
assert "no SQLite file was made" [ ! -e elsewhere/tpcc.sqlite ]
(cd elsewhere && "$TPCC_BIN" restore-knobs "$R") >restore2.txt 2>&1; rc=$?
assert "restore-knobs again exits 0" [ $rc -eq 0 ]
assert "  and finds them back" contains restore2.txt "effective_io_concurrency: already $EIC"
finish
