#!/usr/bin/env bash
# tui-axis.sh: the charts' axes, in a real terminal (tmux).  On the null
# driver, with no service time, every transaction takes microseconds, so
# the p95 chart's axis tops at 1 ms and its middle tick reads 0.5: not 0,
# which is the axis's foot (the label used to be rounded to a whole
# number).  No chart's middle tick reads 0.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"

# 200x60: the p95 chart has an odd number of rows there, so a middle tick.
tui_start 200 60 "'$TPCC_BIN' run --driver null --database 1 --vus 2 --rampup 0 --duration 600 --results-dir '$T/r'"
assert "the run is steady" tui_wait '^ tpcc-console .*STEADY'
assert "the p95 chart is there" tui_wait '┌ p95 latency ms, each second'
assert "its axis tops at 1 ms" tui_wait '│     1┤'
assert "its middle tick reads 0.5" tui_wait '│   0\.5┤'
no_zero_tick() { ! tui_shows ' 0┤'; }
assert "no chart's middle tick reads 0" no_zero_tick
tui_quit "q then y leaves"

# Markers and the clock's labels share the time axis: a label gives way
# where a marker stands, at 80x24 and at 160x48.  A replay of the fixture
# with marks at 0:38 and 0:58, each in the columns of a label (0:40,
# 1:00), ends on a chart whose last label is 1:00.
gzip -dc "$TPCC_SRCDIR/tests/fixtures/mariadb-4vus.json.gz" >a4.json
python3 - <<'PY'
import json
d = json.load(open("a4.json"))
d["events"] += [{"t": t, "type": "mark", "text": "m%d" % t} for t in (38, 58)]
d["events"].sort(key=lambda e: e["t"])
json.dump(d, open("marked.json", "w"))
PY
# The axis row: no label runs into a marker, and a label away from one
# (0:20) stays.
axis_clean() {
	local row
	row=$(tui_screen | grep -m1 -P '^│ +0└') || { echo "no time axis on the screen"; return 1; }
	if printf '%s\n' "$row" | LC_ALL=C.UTF-8 grep -qP '[0-9:]▲|▲[0-9:]'; then
		echo "a marker over a label: $row"
		return 1
	fi
	printf '%s\n' "$row" | grep -qF '0:20┴' || { echo "no 0:20 label: $row"; return 1; }
}
tui_start 80 24 "'$TPCC_BIN' replay marked.json"
tui_wait '^replay ' >/dev/null
tui_keys End
assert "the replay's marks are on the chart" tui_wait '^│ +.*m38 +m58 +│'
assert "80x24: markers and the clock's labels stay apart" axis_clean
tui resize-window -t tui -x 160 -y 48
assert "160x48 redraws" tui_wait '^┌ Events ─{140,}┐$'
assert "160x48: markers and the clock's labels stay apart" axis_clean
tui_keys q
assert "q leaves the replay" tui_exited 20
finish
