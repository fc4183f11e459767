#!/usr/bin/env bash
# tui-replay.sh: replay of a real MariaDB run (the fixture) in tmux, with
# the half-VU run as a ghost line: the chart fills as the clock runs, 60x
# gets to the end with its events, pause stops the clock, the arrows and
# Home/End move it, q leaves with status 0.  A run behind its offered
# load's schedule replays with BEHIND SCHEDULE in the header, as it ran.
. "$(dirname "$0")/lib.sh"
cd "$T"
gzip -dc "$TPCC_SRCDIR/tests/fixtures/mariadb-4vus.json.gz" >a4.json
gzip -dc "$TPCC_SRCDIR/tests/fixtures/mariadb-2vus.json.gz" >a2.json
END=$(python3 -c 'import json; t=json.load(open("a4.json"))["ticks"][-1]["t"]; print("%02d:%02d:%02d" % (t // 3600, t // 60 % 60, t % 60))')

tui_start 120 40 "'$TPCC_BIN' replay a4.json --against a2.json"
assert "replay starts at 1x" tui_wait "^replay 1x, 00:00:0[0-9] of $END, 4 VUs"
assert "the header is the run's" tui_wait 'W 2 │ statements │ 4 VUs │ 10\.[0-9.]+-MariaDB'
assert "the other run is a ghost line" tui_wait '⠒⠒ ghost NOPM [0-9,]+'
assert "a closed loop is never behind schedule" eval "! tui_shows 'BEHIND SCHEDULE'"
tui_keys 3
assert "60x reaches the end" tui_wait "^replay 60x, $END of $END" 20
# The end as the live console showed it: the run done, its VUs gone.
assert "at the end the header says DONE, VUs 0/0, as the live console did" \
	tui_wait '^ tpcc-console .*│ DONE RUN FINISHED │ VUs 0/0 │'
assert "  and the VUs pane has none" tui_shows '┌ VUs 0/0 ─'
assert "the run's last phase change waits for no after" \
	tui_wait 'phase +steady → done .*after: none, the run ended'
# The CPU pane draws what the file measured: the server's CPU and the disk.
assert "the CPU pane has the recorded server CPU" tui_wait 'server \(as the results file recorded it\)'
assert "and the data disk the file names" tui_wait 'disk vda \('
# The throughput chart: columns 8..73 of rows 3..20 hold the braille line.
chart_columns() {
	tui_screen | python3 -c '
import sys
rows = sys.stdin.read().split("\n")[2:20]
cols = {i for r in rows for i, ch in enumerate(r[:74]) if 0x2800 < ord(ch) <= 0x28FF and i >= 7}
print(len(cols), "chart columns drawn")
sys.exit(0 if len(cols) >= int(sys.argv[1]) else 1)' "$1"
}
# 65 s at two seconds a column, for two lines: at least 30 columns.
assert "the chart fills, a column per two seconds" chart_columns 30
assert "events as they happened, to the end" tui_wait 'phase +phase steady → done'
tui_keys p
assert "p pauses" tui_wait "^replay PAUSED at $END of $END"
tui_keys Home
assert "Home goes to the start" tui_wait "^replay PAUSED at 00:00:00 of $END"
at=$(tui_screen | grep -oP '^replay PAUSED at \K[0-9:]+')
# Paused, the clock stands: 1.5 s of frames (15 at 100 ms) all say so.
stands() {
	local until=$(($(date +%s%N) + 1500000000))
	while [ "$(date +%s%N)" -lt "$until" ]; do
		tui_shows "^replay PAUSED at $at of" || { echo "the clock moved from $at"; return 1; }
	done
}
assert "pause stops the clock" stands
tui_keys Home Right Right
assert "Right seeks 10 s, twice" tui_wait "^replay PAUSED at 00:00:20 of $END"
tui_keys Left
assert "Left seeks back 10 s" tui_wait "^replay PAUSED at 00:00:10 of $END"
assert "  where the run is steady, its VUs running" tui_shows '^ tpcc-console .*│ STEADY PAUSED │ VUs 4/4 │'
assert "the events are those up to then" eval "tui_shows 'phase +phase rampup → steady' && ! tui_shows 'steady → done'"
tui_keys End
assert "End goes to the end" tui_wait "^replay PAUSED at $END of $END"
tui_keys q
assert "q leaves" tui_exited 20
assert "exit status 0" tui_status_is 0
# The same run as if under an offered load it could not keep up with: the
# header says so as the live console did, with the file's backlog.
python3 - <<'PY'
import json
d = json.load(open("a4.json"))
for t in d["ticks"]:
    t.update(offered_tpm=90000, behind_s=round(2 + t["t"] / 100, 3), behind_txn=t["t"])
json.dump(d, open("rated.json", "w"))
PY
tui_start 120 40 "'$TPCC_BIN' replay rated.json"
assert "replay of a run behind its schedule: BEHIND SCHEDULE and the file's seconds in the header" \
	tui_wait 'BEHIND SCHEDULE 2\.[01] s' 10
tui_keys q
assert "q leaves that replay too" tui_exited 20
"$TPCC_BIN" replay a4.json </dev/null >noterm.txt 2>&1
assert "without a terminal: exit 2" [ $? -eq 2 ]
finish
