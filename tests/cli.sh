#!/usr/bin/env bash
# cli.sh: the command line and config front door: help, version, bad options
# and bad config files are refused with a clear message and exit 2, before
# any database is touched.
. "$(dirname "$0")/lib.sh"
cd "$T"

"$TPCC_BIN" --help >help.txt 2>&1; rc=$?
assert "--help exits 0" [ $rc -eq 0 ]
for w in build run check drop --warehouses --vus --rampup --duration --rampdown --load-threads \
	--results-dir --batch --config --driver --socket --db --mode; do
	assert "--help mentions $w" contains help.txt "$w"
done
"$TPCC_BIN" --version >v.txt 2>&1
assert "--version names the tool" grep -qE '^tpcc-console [0-9]' v.txt

"$TPCC_BIN" run --password=secret >o.txt 2>&1; rc=$?
assert "--password on argv is refused (exit 2)" [ $rc -eq 2 ]
assert "refusal says where passwords come from" contains o.txt "TPCC_PASSWORD"
assert "the refused password is not echoed" bash -c "! grep -q secret o.txt"

"$TPCC_BIN" run --bogus >o.txt 2>&1; rc=$?
assert "unknown option exits 2" [ $rc -eq 2 ]
assert "unknown option is named" contains o.txt "unknown option '--bogus'"

"$TPCC_BIN" frobnicate --db x.sqlite >o.txt 2>&1; rc=$?
assert "unknown subcommand exits 2" [ $rc -eq 2 ]
assert "unknown subcommand is named" contains o.txt "unknown subcommand 'frobnicate'"

printf 'workload = {\n  warehouses = 2;\n  vus = 3;\n};\n' >bad.conf
"$TPCC_BIN" -c bad.conf build --db never.sqlite >o.txt 2>&1; rc=$?
assert "bad config key exits 2" [ $rc -eq 2 ]
assert "bad key error names file, line and key" contains o.txt "bad.conf:3: unknown key 'workload.vus'"
assert "no database was created on a config error" [ ! -e never.sqlite ]

printf 'run = { duration = "long"; };\n' >type.conf
"$TPCC_BIN" -c type.conf run --db never.sqlite >o.txt 2>&1; rc=$?
assert "wrong type exits 2" [ $rc -eq 2 ]
assert "wrong type names line and key" contains o.txt "type.conf:1: run.duration"

"$TPCC_BIN" -c missing.conf run >o.txt 2>&1; rc=$?
assert "missing config file exits 2" [ $rc -eq 2 ]
assert "missing config file is named" contains o.txt "missing.conf"

printf 'connection = { password = "pw"; };\n' >pw.conf
chmod 644 pw.conf
"$TPCC_BIN" -c pw.conf check --db empty.sqlite >o.txt 2>&1
assert "world-readable config with a password warns" contains o.txt "readable by others"
assert "the password itself is never printed" bash -c "! grep -q '\"pw\"' o.txt"

# An empty file, as an editor or touch leaves it (check no longer makes one).
: >empty.sqlite
"$TPCC_BIN" run --db empty.sqlite --batch </dev/null >o.txt 2>&1; rc=$?
assert "run without a schema is refused before any VU starts (exit 2)" [ $rc -eq 2 ]
assert "run without a schema says to build" contains o.txt "run 'tpcc-console build' first"

"$TPCC_BIN" run --driver sqlite --db "$T/none.sqlite" --mode procedures >o.txt 2>&1; rc=$?
assert "procedures mode on sqlite is refused before connecting (exit 2)" [ $rc -eq 2 ]
assert "the refusal names the mode" contains o.txt "workload.mode procedures needs stored procedures"

"$TPCC_BIN" run --driver sqlite --db "$T/none.sqlite" --terminals fibers >o.txt 2>&1; rc=$?
assert "VUs as fibers on sqlite are refused before connecting (exit 2)" [ $rc -eq 2 ]
assert "the refusal says why" contains o.txt "the sqlite driver waits for its server by blocking its thread"

# The null driver: no database, the engine alone.
"$TPCC_BIN" run --driver null --database 3 --vus 3 --rampup 0 --duration 2 --batch \
	--results-dir "$T/nr" </dev/null >null.txt 2>&1; rc=$?
assert "a run on the null driver exits 0" [ $rc -eq 0 ]
R=$(ls "$T"/nr/*.json)
assert "the null driver's schema has the warehouses asked for" json_is "$R" 'd["run"]["warehouses"]' 3
assert "the engine alone meets every audit bound" json_true "$R" 'd["summary"]["audit"]["ok"]'
assert "the 1% rollbacks happen" json_true "$R" 'd["summary"]["audit"]["new_order_rollbacks"] > 0'

"$TPCC_BIN" >o.txt 2>&1; rc=$?
assert "no subcommand exits 2 with a hint" [ $rc -eq 2 ]

# The subcommand table drives dispatch, the refusal and --help alike.
"$TPCC_BIN" frobnicate >o.txt 2>&1
assert "an unknown subcommand's message lists the table" \
	contains o.txt "(build, run, sweep, ab, capacity, restore-knobs, demo, cli, adopt, check, snapshot, restore, drop, compare, report, replay, runs)"
for sub in build run sweep ab capacity restore-knobs demo cli adopt check snapshot restore drop compare report replay runs; do
	assert "--help lists $sub with its line" grep -qE "^  $sub( +[a-z]|$)" help.txt
	# SUBCOMMAND --help: its own usage and its man paragraph as plain
	# text (no roff left), not the whole program's help.
	"$TPCC_BIN" $sub --help >sub-help.txt 2>&1; rc=$?
	assert "$sub --help exits 0 with its own usage, in plain text" eval \
		'[ $rc -eq 0 ] && grep -qx "Usage: tpcc-console $sub \[OPTIONS\].*" sub-help.txt && ! grep -q "^\.\|\\\\" sub-help.txt && [ "$(awk "length > 78" sub-help.txt | wc -l)" = 0 ]'
done
"$TPCC_BIN" compare --help >sub-help.txt 2>&1
assert "compare --help: its paragraph, roff's fonts and escapes as words" \
	contains sub-help.txt 'a verdict: "within noise" or "B is X% faster (95% interval Y..Z%)"'
"$TPCC_BIN" frobnicate --help >o.txt 2>&1; rc=$?
assert "an unknown subcommand's --help exits 2" [ $rc -eq 2 ]
"$TPCC_BIN" run build --db never.sqlite >o.txt 2>&1; rc=$?
assert "a second word where the subcommand takes none exits 2" [ $rc -eq 2 ]
assert "naming it" contains o.txt "unexpected argument 'build'"
"$TPCC_BIN" restore-knobs --db never.sqlite >o.txt 2>&1; rc=$?
assert "restore-knobs without its file exits 2" [ $rc -eq 2 ]
assert "and says what it needs" contains o.txt "restore-knobs needs a results file"
# A sweep's lists are checked before anything connects.
"$TPCC_BIN" sweep --db never.sqlite >o.txt 2>&1; rc=$?
assert "sweep with nothing to sweep exits 2" [ $rc -eq 2 ]
assert "and says so" contains o.txt "nothing to sweep"
"$TPCC_BIN" sweep --db never.sqlite --vus 1,x >o.txt 2>&1; rc=$?
assert "sweep --vus with a bad list exits 2" [ $rc -eq 2 ]
assert "naming the setting" contains o.txt "sweep.vus (--vus): expected VU counts"
"$TPCC_BIN" sweep --db never.sqlite --knob innodb_io_capacity >o.txt 2>&1; rc=$?
assert "sweep --knob without values exits 2" [ $rc -eq 2 ]
assert "saying what it expected" contains o.txt "expected NAME=V1,V2"
assert "and connected to nothing" [ ! -e never.sqlite ]
"$TPCC_BIN" demo --db never.sqlite </dev/null >o.txt 2>&1; rc=$?
assert "demo without a terminal exits 2" [ $rc -eq 2 ]
assert "demo without a terminal points at run --batch" contains o.txt "demo needs a terminal"
assert "demo without a terminal touched no database" [ ! -e never.sqlite ]
# setsid: no controlling terminal, even when make check runs in one.
setsid -w "$TPCC_BIN" build --driver null --ask-password </dev/null >o.txt 2>&1; rc=$?
assert "--ask-password without a terminal exits 2" [ $rc -eq 2 ]
assert "--ask-password without a terminal says so" contains o.txt "no terminal to ask on"

# The options of several clients and of the metrics endpoint: bad values
# are refused before any connection, with exit 2 and what was expected.
for bad in "--warehouse-range 5-2|FIRST-LAST" "--start-at soon|HH:MM:SS" \
	"--metrics-listen host:0|a port from 1 to 65535" "--metrics-listen x:y:z|[IPV6]:PORT"; do
	opt=${bad%%|*} rest=${bad#*|}
	"$TPCC_BIN" run --driver null --batch ${opt%% *} "${opt#* }" </dev/null >o.txt 2>&1; rc=$?
	assert "run $opt exits 2" [ $rc -eq 2 ]
	assert "run $opt says what was expected" contains o.txt "$rest"
done
for sub in "run --batch" "sweep --vus 1,2"; do
	"$TPCC_BIN" $sub --driver null --warehouse-range 1-2 --all-warehouses </dev/null >o.txt 2>&1; rc=$?
	assert "${sub%% *} --warehouse-range with --all-warehouses exits 2" [ $rc -eq 2 ]
	assert "... saying they exclude each other" contains o.txt "exclude each other"
done
"$TPCC_BIN" sweep --driver null --vus 1,2 --start-at soon </dev/null >o.txt 2>&1; rc=$?
assert "sweep --start-at soon exits 2, as run does" [ $rc -eq 2 ]
assert "... saying what was expected" contains o.txt "HH:MM:SS"
# An offered load: a whole number of transactions a minute, and never with
# keying and think times, which pace each terminal themselves.
for bad in "--rate lots|expected an integer from 0 to 100000000, got 'lots'" \
	"--rate -5|got '-5'" "--rate 2.5|got '2.5'" "--rate 100000001|got '100000001'"; do
	opt=${bad%%|*} rest=${bad#*|}
	"$TPCC_BIN" run --driver null --batch ${opt%% *} "${opt#* }" </dev/null >o.txt 2>&1; rc=$?
	assert "run $opt exits 2" [ $rc -eq 2 ]
	assert "run $opt says what was expected" contains o.txt "$rest"
done
"$TPCC_BIN" run --driver null --batch --rate 1000 --keying-thinking --results-dir "$T/rk" </dev/null >o.txt 2>&1; rc=$?
assert "--rate with --keying-thinking exits 2" [ $rc -eq 2 ]
assert "... and says they exclude each other" contains o.txt "--rate and --keying-thinking exclude each other"
assert "... before any results file" [ ! -d "$T/rk" ]
"$TPCC_BIN" run --driver null --database 2 --batch --warehouse-range 2-3 </dev/null >o.txt 2>&1; rc=$?
assert "a range past the schema's warehouses exits 2" [ $rc -eq 2 ]
assert "... and says how many there are" contains o.txt "the schema has 2 warehouses"
# A metrics port in use fails the run before it starts: no results file.
python3 -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(); print(s.getsockname()[1], flush=True)
s.accept()' >busy.txt 2>/dev/null &
holder=$!
on_exit "kill $holder 2>/dev/null"
poll 10 test -s busy.txt
"$TPCC_BIN" run --driver null --batch --results-dir "$T/busy-results" --metrics-listen "$(cat busy.txt)" </dev/null >o.txt 2>&1; rc=$?
assert "a metrics port in use exits 1" [ $rc -eq 1 ]
assert "... and says why" contains o.txt "Address already in use"
assert "... before any results file" [ ! -d "$T/busy-results" ]
kill $holder 2>/dev/null

finish
