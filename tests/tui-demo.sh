#!/usr/bin/env bash
# tui-demo.sh: the demo, as a new user first sees it, in a real terminal
# (tmux) at the sizes people have: 80x24 (a default terminal, many ssh
# sessions), 100x30, 120x40 and 200x50.  At each, every pane's frame is
# whole, nothing is cut at a frame's right side, the header names VUs, W
# and the mode, and the key bar shows help and quit (screen_check.py).  At
# 80x24 the help scrolls to its last command with its frame intact; the
# marker list shows an operator's mark in full; an operator's `vus` pauses
# the demo's schedule until `d`.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"

sqlite_built "build exits 0" "$T/demo.db"

tui_start 80 24 "TPCC_DB='$T/demo.db' '$TPCC_BIN' demo --results-dir '$T/results'"
assert "the demo starts" tui_wait '^ DEMO (RAMPUP|STEADY) '
assert "NOPM and TPM figures arrive, both whole at 80x24" tui_wait 'NOPM [1-9][0-9,]* +.* TPM [1-9][0-9,]* *│'
assert "the frames are whole at 80x24, no figure cut, help and quit on the key bar" tui_frames 80 24
# NOPM is an area and TPM a line over it (a second colour, and its own
# shape without one): the legend says so, and the chart has filled cells.
assert "the legend: NOPM an area, TPM a line" tui_shows '│ ⣿⣿ NOPM [0-9,]+.* ⠒⠒ TPM [0-9,]+'
assert "the chart has filled cells (the NOPM area)" tui_wait '^│ +│.*⣿'
for size in "100 30" "120 40" "200 50"; do
	set -- $size
	tui resize-window -t tui -x "$1" -y "$2"
	assert "$1x$2 redraws" tui_wait "^┌ Events ─{$(($1 - 11)),}┐\$"
	assert "the frames are whole at $1x$2" tui_frames "$1" "$2"
done
assert "a big terminal shows p95 over time in the rows the CPU pane leaves" \
	tui_wait '┌ p95 latency ms, each second ─'
assert "SQLite's write-ahead log and file sizes in the server pane" \
	tui_wait '│ WAL .* [0-9]+\.[0-9] MB │' && tui_wait '│ database .* [0-9]+\.[0-9] MB │'

tui resize-window -t tui -x 80 -y 24
assert "back at 80x24" tui_wait '^┌ NOPM, TPM per min, each second ─'
tui_keys '?'
assert "the help fills the screen's width at 80x24, framed" \
	tui_wait '^┌ Help: PgUp/PgDn or arrows scroll, any other key closes ─*┐$'
assert "and says there is more" tui_wait '^│ .*lines 1-[0-9]+ of [0-9]+ . more: PgDn +│$'
assert "its bottom edge is whole" tui_wait '^└─{78}┘$'
tui_keys NPage NPage NPage
assert "PgDn reaches the last command" tui_wait '^│  help \[COMMAND\] .*│$'
assert "and the end is marked" tui_wait 'lines [0-9]+-[0-9]+ of [0-9]+ \(end\)'
tui_keys PPage
assert "PgUp goes back" tui_gone '\(end\)'
tui_keys Escape
assert "any other key closes it" tui_gone '┌ Help:'

tui_keys : 'mark a label longer than the chart has room for' Enter
assert "the mark is an event" tui_wait 'mark +a label longer'
tui send-keys -t tui -l M
assert "M lists the markers in the chart's view" tui_wait "^┌ Markers in the chart's last [0-9]+ s"
assert "the mark in full" tui_wait 'mark +a label longer than the chart has room for'
tui_keys Escape
assert "and closes" tui_gone '┌ Markers'

# The demo's schedule steps every 20 s; an operator's count must outlive a
# step.  The step after the change is past once the clock has moved 21 s.
tui_keys : 'vus 6' Enter
assert "an operator's vus pauses the schedule, and says how to resume" \
	tui_wait '^demo schedule paused: your VU count stands; d resumes the schedule'
assert "the header says so" tui_wait '^ DEMO \(paused\) .*VUs 6/6'
clock() { tui_screen | grep -oP '│ \K[0-9]{2}:[0-9]{2}:[0-9]{2}(?= │ W )' | awk -F: '{print $1*3600+$2*60+$3}'; }
t0=$(clock)
past_step() { local t; t=$(clock); [ -n "$t" ] && [ "$t" -ge $((t0 + 21)) ] || { echo "clock at ${t:-?}, waiting for $((t0 + 21))"; return 1; }; }
assert "the run goes on past the schedule's next step" poll 40 past_step
assert "and the operator's 6 VUs stand" screen_shows 'VUs 6/6'
# A change made while paused must not pause the schedule again after d.
tui_keys +
assert "+ while paused is the operator's too" tui_wait '^ DEMO \(paused\) .*VUs 7/7'
tui_keys d
assert "d resumes the schedule" tui_wait '^demo schedule resumed'
assert "which sets its own count again" tui_wait '^ DEMO (STEADY|RAMPUP) .*VUs [1248]/[1248] '
assert "and stays resumed" screen_lacks 'DEMO \(paused\)'

# The demo's settings are its own (a 30-day steady phase): not saved.
tui_keys c
assert "c opens the settings in the demo" tui_wait 'Config \(Tab: screen'
tui_keys s
assert "s refuses to save the demo's own settings" tui_wait 'not saved: the demo runs on settings of its own'
assert "  and writes nothing" [ ! -e "$T/tpcc-console.conf" ]
tui_keys Escape
assert "the settings close" tui_gone 'Config \(Tab: screen'

tui_quit "q, y leaves the demo"
R=$(ls "$T"/results/*.json)
assert "the operator's change and the demo's are both in the results" \
	json_true "$R" 'any("(operator)" in e["text"] for e in d["events"]) and any("(demo)" in e["text"] for e in d["events"])'

finish
