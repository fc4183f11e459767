#!/usr/bin/env bash
# tui-kiosk.sh: the kiosk view, for a booth's screen watched from across
# the room, at 80x24 (legible), 120x40 and 200x50 (the chart takes most of
# it, the digits double): NOPM in block digits, the throughput chart, the
# demo's caption, and after the story's first setting change that change
# with its before/after verdict.  K leaves the view and K comes back.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"

sqlite_built "build exits 0" "$T/demo.db"
tui_start 80 24 "TPCC_DB='$T/demo.db' '$TPCC_BIN' demo --kiosk --demo-step 2 --results-dir '$T/results'"
digits='^ NOPM +[█ ]*█'
chart='^┌ NOPM and TPM: per-minute rate of each second ─'
caption='^ ([0-9]+ VUs?|back to 2 VUs|synchronous[ =]).*: .*watch'
# The verdict comes first (NOPM +1.2% within noise (9,590 -> 9,700)); at 80
# columns the words after the percentage may fold onto the next row.
verdict='NOPM [-+][0-9.]+%( (within|beyond) noise|$)'
assert "80x24: NOPM in block digits" tui_wait "$digits"
assert "the digits are five rows high" tui_shows '^       [█ ]*█[█ ]*$'
assert "the chart" tui_wait "$chart"
assert "the caption" tui_wait "$caption"
assert "after the first setting change: the change, marked" tui_wait '▲ synchronous [0-9]+ [0-9:]{8}' 60
assert "and its verdict" tui_wait "$verdict" 30
# The chart's frame reaches the message row: most of the screen is chart.
rows_of_chart() {
	local top bottom
	top=$(tui_screen | grep -n '^┌ NOPM and TPM' | cut -d: -f1)
	bottom=$(tui_screen | grep -n '^└─*┘$' | tail -1 | cut -d: -f1)
	[ -n "$top" ] && [ -n "$bottom" ] && [ $((bottom - top + 1)) -ge "$1" ] ||
		{ echo "the chart spans rows ${top:-?}..${bottom:-?}, wanted $1"; return 1; }
}
assert "the chart takes the rows below the digits (15 of 24)" rows_of_chart 15
for size in "120 40" "200 50"; do
	set -- $size
	tui resize-window -t tui -x "$1" -y "$2"
	assert "$1x$2: the chart spans the width" tui_wait "^┌ NOPM and TPM: per-minute rate of each second ─{$(($1 - 50)),}┐\$"
	assert "$1x$2: digits, caption and verdict" \
		tui_wait "$digits" && tui_wait "$caption" && tui_wait "$verdict"
done
assert "200x50: the chart takes most of the screen (36 of 50 rows)" rows_of_chart 36
assert "200x50: the digits are doubled (ten rows)" \
	poll 10 eval '[ "$(tui_screen | grep -cP "^ (NOPM|    ) +[█ ]*██")" -ge 10 ]'
tui_keys K
assert "K leaves the kiosk view: the panes are back" tui_wait '^┌ Events ─'
assert "and the digits are gone" tui_gone "$digits"
tui_keys K
assert "K again: the kiosk view" tui_wait "$digits"
tui_quit "q, y leaves the demo"

finish
