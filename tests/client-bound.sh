#!/usr/bin/env bash
# client-bound.sh: the client-bound verdict.  The null driver with 8 VUs
# and no service time keeps every core of the client busy: flagged in the
# summary, the results file, the reports, compare and the console's
# header, for the client's cores.  Two null VUs offered five times what
# their server's latency lets them do are flagged for the schedule, with
# that latency and each VU's share of the schedule in the words, alone
# and merged with a second instance that kept up.  An 8-VU run on the
# shared MariaDB offered 120 transactions a minute, whose VUs wait for
# the server and their schedule, is not (that part skips without the
# server).  It is paced because the verdict counts
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
assert "null, 8 VUs flat out: ... and what would measure the server" \
	contains null.txt "a client on another machine, or the warehouses split over several"
# Two client instances of one run (warehouse 1 and 2, the same start).
# The first keeps up with 600 TPM.  The second's two VUs, at the null
# server's 10 ms a transaction, can do 12,000 a minute; offered 60,000
# they fall behind from the first second, their client idle: alone, its
# verdict names the schedule and the server's latency, not the client's
# cores.  Merged, the run was client-bound (either client is a limit),
# and no instance's latency is set against both instances' VUs.
AT=$(date -u -d @$(($(date +%s) + 4)) +%Y-%m-%dT%H:%M:%SZ)
for i in 1 2; do
	if [ $i = 1 ]; then set_svc= rate=600; else set_svc='set null_service_ms 10' rate=60000; fi
	printf '%s\n' "$set_svc" | "$TPCC_BIN" --driver null --database 2 run --vus 2 --rate $rate \
		--rampup 1 --duration 6 --batch --warehouse-range $i-$i --start-at "$AT" \
		--results-dir "$T/inst$i" >inst$i.txt 2>&1 &
	eval "INST$i=$!"
done
wait $INST1; rc1=$?
wait $INST2; rc2=$?
assert "two instances: both exit 0" [ $rc1 -eq 0 -a $rc2 -eq 0 ]
assert "the first kept up: not client-bound alone" lacks inst1.txt "client-bound:"
# At 600 a minute most seconds finish no Order-Status, Delivery or
# Stock-Level: those seconds have no latency for them, null in the file
# and "-" on the line, not 0 ms.
I1=$(ls "$T"/inst1/*.json)
assert "a second without a type's transactions: its latency null, not 0" json_true "$I1" \
	'any(v is None for t in d["ticks"] for v in t["latency_ms"].values()) and all(v is None or v["max"] > 0 for t in d["ticks"] for v in t["latency_ms"].values())'
assert "  and \"-\" on the second's line" grep -Eq "p95 ms no .* (os|dl|sl) - " inst1.txt
P=$(ls "$T"/inst2/*.json)
assert "behind: client-bound, the cause the schedule" \
	json_true "$P" 'd["summary"]["client_bound"]["verdict"] and d["summary"]["client_bound"]["cause"] == "schedule"'
assert "behind: a transaction's mean service time, at least the model's 10 ms" \
	json_true "$P" 'd["summary"]["client_bound"]["txn_ms"] >= 10'
assert "behind: the summary names each VU's share of the schedule" \
	contains inst2.txt "60,000 TPM over 2 VUs needs a transaction from each every 2.0 ms"
assert "behind: ... the most they can offer at the model's latency, under 12,000 TPM" \
	grep -Eq "so 2 VUs can offer at most 11,[0-9]{3} TPM at this latency" inst2.txt
assert "behind: ... and says what to change" \
	contains inst2.txt "more VUs would show whether the server holds the rate"
assert "behind: not the client's cores" lacks inst2.txt "wanted nearly all the host's cores"
"$TPCC_BIN" compare "$R" "$P" >cmp2.txt 2>&1
assert "compare: A for its cores, B for its schedule" \
	grep -q "A was client-bound: the client wanted nearly all" cmp2.txt
assert "compare: B for its schedule" \
	grep -q "B was client-bound: the offered load's schedule fell behind" cmp2.txt
"$TPCC_BIN" report "$P" --format md >paced.md 2>&1
assert "report md: the schedule's verdict" contains paced.md "over 2 VUs needs a transaction from each every 2.0 ms"
"$TPCC_BIN" report "$P" -o paced.html >/dev/null 2>&1
assert "report html: the schedule's verdict" \
	grep -q '<p class="client-bound"><b>Client-bound:</b> the offered load.s schedule fell behind' paced.html
"$TPCC_BIN" report --merge 2 "$T"/inst1/*.json "$T"/inst2/*.json --format md >merged.md 2>&1
assert "merged: client-bound, from the second instance" contains merged.md "A was client-bound"
assert "merged: the words without one instance's latency" \
	contains merged.md "the VUs could not ask for more at the server's latency"
assert "merged: no share of the schedule over both instances' VUs" lacks merged.md "needs a transaction from each"
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
