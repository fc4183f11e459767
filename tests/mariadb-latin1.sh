#!/usr/bin/env bash
# mariadb-latin1.sh: a server's error text in Latin-1 reaches the results
# file as UTF-8.  A client whose option file says default-character-set =
# latin1 (a DBA's ~/.my.cnf on an older system) gets every server message
# converted to Latin-1; a Stock-Level procedure that fails with "café"
# then hands the VU the byte 0xE9, which the error event carries.  The file
# must be UTF-8 JSON with U+FFFD in its place, and report must read it;
# the batch lines, which a pipeline's log keeps, are UTF-8 too.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_latin1
cd "$T"

mariadb_built "build exits 0"
my_sql "DROP PROCEDURE $DBN.tpcc_stock_level; CREATE PROCEDURE $DBN.tpcc_stock_level(p_w_id INT, p_d_id INT, p_threshold INT) SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = _utf8mb4 X'636166C3A920696F'"
mkdir home
printf '[client]\ndefault-character-set = latin1\n' >home/.my.cnf
# Stock-Level is 1 in 23 of the mix: 4 VUs for 3 s run it dozens of times.
HOME=$T/home "$TPCC_BIN" run $A --read-option-files --mode procedures --vus 4 --rampup 0 \
	--duration 3 --batch --results-dir "$T/r" </dev/null >run.txt 2>&1
assert "the run ends (exit 0)" [ $? -eq 0 ]
R=$(ls "$T"/r/*.json 2>/dev/null | head -1)
assert "the results file is UTF-8 JSON, the byte as U+FFFD in the error event" json_true "$R" \
	'any("caf\ufffd io" in e["text"] for e in d["events"] if e["type"] == "error")'
"$TPCC_BIN" report "$R" --format md -o r.md >report.txt 2>&1
assert "report reads it (exit 0) with nothing repaired" eval '[ $? -eq 0 ] && ! grep -q "not UTF-8" report.txt'
# U+FFFD where the server sent 0xE9: with UTF-8 it would say "café".
assert "the batch lines carry the error with U+FFFD in its place" grep -qa $'caf\xef\xbf\xbd io' run.txt
assert "and every batch line is UTF-8" python3 -c 'import sys; open(sys.argv[1], "rb").read().decode("utf-8")' run.txt
finish
