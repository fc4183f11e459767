#!/usr/bin/env bash
# client-bound.sh: the client-bound verdict.  The null driver with 8 VUs
# and no service time keeps every core of the client busy: flagged in the
# summary, the results file, the reports, compare and the console's
# header, for the client's cores.  Two null VUs offered five times what
# their server's latency lets them do are flagged for the schedule, with
# that latency and each VU's share of the schedule in the words.  An 8-VU run on the shared MariaDB offered 120 transactions a
# minute, whose VUs wait for the server and their schedule, is not (that
# part skips without the server).  It is paced because the verdict counts
# run-queue waits as demand: a flat-out run on a host that make check,
# scan-build and the sanitizer builds share is rightly client-bound.  The
# pace leaves each VU 4 s a transaction, since the verdict also counts
# the seconds the VUs were over a second behind their schedule: a server
# slowed by CI's load put them behind in half the seconds at 1,200 a
# minute on 4 VUs (200 ms each), and at 600 on 8 (800 ms each) once,
# when a freshly restored database stalled its writes for seconds (p95
# over 4 s).  12 s, so that such a stall is under half the steady ones.
. "$(dirname "$0")/lib.sh"
cd "$T"
"$TPCC_BIN" --driver null --database 1 run --vus 8 --rampup 0 --duration 6 --batch \
	--results-dir "$T/null" </dev/null >null.txt 2>&1
assert "null run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/null/*.json)
assert "null, 8 VUs flat out: client-bound in the file" \
	json_true "$R" 'd["summary"]["client_bound"]["verdict"]'
assert "null, 8 VUs flat out: the summary says so" contains null.txt "client-bound:"
"$TPCC_BIN" report "$R" --format md >null.md 2>&1
assert "report md: says the run was client-bound" contains null.md "A was client-bound"
"$TPCC_BIN" report "$R" -o null.html >/dev/null 2>&1
assert "report html: says so" contains null.html 'class="client-bound"'
"$TPCC_BIN" compare "$R" "$R" >cmp.txt 2>&1
assert "compare: says B was client-bound" contains cmp.txt "B was client-bound"
assert "null, 8 VUs flat out: the cause is the client's cores" \
	json_true "$R" 'd["summary"]["client_bound"]["cause"] == "cpu"'
assert "null, 8 VUs flat out: the summary names the cores" \
	contains null.txt "client-bound: the client wanted nearly all the host's cores"
# Two VUs of the null server at 10 ms a transaction can do 12,000 a
# minute; offered 60,000 they fall behind from the first second, their
# client idle: the verdict names the schedule and the server's latency,
# not the client's cores.
printf 'set null_service_ms 10\n' | "$TPCC_BIN" --driver null --database 1 run --vus 2 \
	--rate 60000 --rampup 2 --duration 6 --batch --results-dir "$T/paced" >paced.txt 2>&1
assert "null, 2 VUs behind their schedule: exits 0" [ $? -eq 0 ]
P=$(ls "$T"/paced/*.json)
assert "behind: client-bound, the cause the schedule" \
	json_true "$P" 'd["summary"]["client_bound"]["verdict"] and d["summary"]["client_bound"]["cause"] == "schedule"'
assert "behind: a transaction's mean service time, at least the model's 10 ms" \
	json_true "$P" 'd["summary"]["client_bound"]["txn_ms"] >= 10'
assert "behind: the summary names each VU's share of the schedule" \
	contains paced.txt "and each of the 2 VUs had 2.0 ms for one at 60,000 a minute"
assert "behind: ... and says what to change" \
	contains paced.txt "this NOPM is what 2 VUs get at the server's latency, not the server's ceiling: add VUs, or lower the rate"
assert "behind: not the client's cores" lacks paced.txt "wanted nearly all the host's cores"
"$TPCC_BIN" compare "$R" "$P" >cmp2.txt 2>&1
assert "compare: A for its cores, B for its schedule" \
	grep -q "A was client-bound: the client wanted nearly all" cmp2.txt
assert "compare: B for its schedule" \
	grep -q "B was client-bound: the offered load's schedule fell behind" cmp2.txt
"$TPCC_BIN" report "$P" --format md >paced.md 2>&1
assert "report md: the schedule's verdict" contains paced.md "each of the 2 VUs had 2.0 ms"
"$TPCC_BIN" report "$P" -o paced.html >/dev/null 2>&1
assert "report html: the schedule's verdict" \
	grep -q '<p class="client-bound"><b>Client-bound:</b> the offered load.s schedule fell behind' paced.html
# The console's header says so while it lasts.
if command -v tmux >/dev/null; then
	tui_start 120 40 "'$TPCC_BIN' --driver null --database 1 run --vus 8 --rampup 0 --duration 600 --results-dir '$T/tui'"
	assert "console: the header flags CLIENT-BOUND" tui_wait '^ tpcc-console .*STEADY CLIENT-BOUND'
	tui_quit "console: quits"
fi
if [ -n "${TPCC_TEST_MYSQL_SOCKET:-}" ]; then
	mariadb_db tpcc_cb
	mariadb_built "build exits 0"
	"$TPCC_BIN" run $A --vus 8 --rate 120 --rampup 0 --duration 12 --batch --results-dir "$T/my" \
		</dev/null >my.txt 2>&1
	assert "MariaDB run exits 0" [ $? -eq 0 ]
	R=$(ls "$T"/my/*.json)
	assert "MariaDB, 8 paced VUs: not client-bound" \
		json_true "$R" 'not d["summary"]["client_bound"]["verdict"]'
	assert "MariaDB, 8 paced VUs: no client-bound line" lacks my.txt "client-bound:"
	echo "figures: MariaDB 8 VUs: client wanted all cores in $(json_get "$R" 'd["summary"]["client_bound"]["cpu_share"]'), was behind schedule in $(json_get "$R" 'd["summary"]["client_bound"]["behind_share"]') of the steady seconds"
else
	echo "# the MariaDB half skipped: no test server"
fi
finish
