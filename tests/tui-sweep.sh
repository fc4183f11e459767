#!/usr/bin/env bash
# tui-sweep.sh: a sweep started from the console's command line (#15), in
# a real terminal (tmux), on the null driver (the point is the console, not
# a database): a bad :sweep is refused on the message row and the run goes
# on; :sweep vus=1,2 runs two steps while the screen stays live, the step
# table fills in a row per step with the NOPM the results file's steps
# have, the chart marks each step's settle time and window, T hides and
# shows the table, and after the last step the run ends with the table in
# the file; replay shows the same table.  Then next ends a step early
# (recorded so) and stop mid-sweep ends the sweep and the run, leaving a
# valid, finished file.  Last, on SQLite: reset-between without a snapshot
# is refused on the message row, and with one each step restores it first
# (recorded so in the results file, with the time each restore took).
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"

RUN="'$TPCC_BIN' run --driver null --database 1 --vus 1 --rampup 0 --duration 600"
tui_start 120 40 "$RUN --results-dir '$T/r1'"
assert "the run is steady" tui_wait '^ tpcc-console .*STEADY'

tui_keys : 'sweep vus=1,2 bogus=1' Enter
assert "an unknown sweep argument is refused on the message row, naming what is expected" \
	tui_wait "^sweep: unknown argument 'bogus=1'; expected vus="
tui_keys : 'sweep vus=1,0' Enter
assert "a bad VU list is refused with the setting named" \
	tui_wait "^sweep.vus \(--vus\): expected VU counts from 1 to 10000"
tui_keys : 'next' Enter
assert "next without a sweep says there is no step" tui_wait '^next: no sweep step under way'
still_running() { screen_lacks 'Sweep steps' && screen_shows 'STEADY'; }
assert "the console keeps running: no step table, still steady" still_running

tui_keys : 'sweep vus=1,2 step=6 settle=2' Enter
assert "the sweep starts and says what it runs" tui_wait '^sweep: 2 steps \(settle 2 s, measure 6 s each'
assert "the step table opens with the step under way" \
	tui_wait '│ step 1 \(vus=1\): (settling|measuring)'
assert "the events pane names the step" tui_wait 'step +step 1/2: vus=1, settling 2 s, then measuring 6 s'
assert "a row for step 1 when it ends" tui_wait '│ +1  vus=1 +[0-9]+ +[0-9]+ .* 1\.00 +│' 20
# On the chart's time axis: the settle time dashed, the window a heavy
# line from its bracket, and the step named under it.
chart_marks() {
	tui_screen | LC_ALL=C.UTF-8 grep -qP '^│ +0└.*╌.*┣━' && tui_shows '^│ .*step [12] +│' ||
		{ echo "no step spans on the axis:"; tui_screen | grep -E '0└|step' | sed 's/^/    | /'; return 1; }
}
assert "the throughput chart marks the step's settle time and window" poll 10 chart_marks
assert "the frames are whole with the table shown" tui_frames 120 40
assert "both rows when the sweep is over" tui_wait 'Sweep steps: 2 done, sweep over' 20
assert "the run ends after the last step" tui_wait '^the run is over; results in'
tui_keys T
assert "T hides the table" tui_gone 'Sweep steps'
tui_keys T
assert "T shows it again after the run" tui_wait 'Sweep steps: 2 done, sweep over'
tui_screen >screen1.txt
# At 80x24 the table has a row for one step: its title says which rows
# it shows and how to see the others, and PgUp goes back to step 1.
tui resize-window -t tui -x 80 -y 24
assert "80x24: the table shows the newest row, saying which and how to scroll" \
	tui_wait 'Sweep steps: 2 done, sweep over; rows 2-2 of 2, PgUp/PgDn'
tui_keys PPage
assert "  PgUp shows step 1's row" tui_wait '^│ +1  vus=1 '
tui_keys NPage
assert "  PgDn step 2's again" tui_wait '^│ +2  vus=2 '
tui resize-window -t tui -x 120 -y 40

R=$(ls "$T"/r1/*.json 2>/dev/null | head -1)
assert "a results file" [ -n "$R" ]
assert "it is finished" json_true "$R" 'd["complete"]'
assert "two steps in it, both complete" json_true "$R" \
	'[(s["label"], s["complete"], s["ended_by"]) for s in d["steps"]] == [("vus=1", True, None), ("vus=2", True, None)]'
assert "its table has both rows" json_true "$R" 'len(d["steps_table"]) == 3'
# Each row on the screen has the NOPM of its step in the file (6 s
# windows: NOPM is 10 x the New-Orders, a whole number).
rows_match() {
	local i want got
	for i in 1 2; do
		want=$(json_get "$R" "'%.0f' % d['steps'][$((i - 1))]['nopm']")
		got=$(sed -nE "s/^│ +$i  vus=$i +([0-9]+) .*/\\1/p" screen1.txt)
		[ -n "$got" ] && [ "$got" = "$want" ] || { echo "step $i: screen '$got', file '$want'"; return 1; }
	done
}
assert "the table's NOPM are the results file's steps'" rows_match
tui_keys q
assert "q leaves a finished run at once" tui_exited 20
assert "exit status 0" tui_status_is 0

# replay shows the sweep as the run did: at its end, the same table.
tui_start 120 40 "'$TPCC_BIN' replay '$R'"
tui_wait '^replay ' >/dev/null
tui_keys End
assert "replay shows the step table at the sweep's end" tui_wait 'Sweep steps: 2 done, sweep over'
replay_rows() {
	tui_screen >screen2.txt
	diff <(grep -E '^│ +[12]  vus=' screen1.txt) <(grep -E '^│ +[12]  vus=' screen2.txt)
}
assert "with the rows the live console showed" replay_rows
tui_keys q
assert "q leaves the replay" tui_exited 20

# next and stop.
tui_start 120 40 "$RUN --results-dir '$T/r2'"
assert "a second run is steady" tui_wait '^ tpcc-console .*STEADY'
tui_keys : 'sweep vus=1,2,1 step=30 settle=0' Enter
assert "a three-step sweep starts" tui_wait '│ step 1 \(vus=1\): measuring, [0-9]+ of 30 s'
tui_keys : 'next' Enter
assert "next ends step 1 early, marked so in the table" \
	tui_wait '│ +1  vus=1 +[0-9]+ .*\(ended early\) +│'
assert "and step 2 goes on" tui_wait '│ step 2 \(vus=2\): measuring'
tui_keys : 'stop' Enter
assert "stop ends the sweep and the run" tui_wait '^the run is over; results in'
R=$(ls "$T"/r2/*.json 2>/dev/null | head -1)
assert "the stopped run's results file is valid and finished" json_true "$R" 'd["complete"]'
assert "stopped by the operator" json_is "$R" 'd["stopped_by"]' operator
assert "step 1 is recorded as ended by next" json_true "$R" \
	'(d["steps"][0]["complete"], d["steps"][0]["ended_by"]) == (False, "next")'
assert "step 2 is recorded as cut short by stop, and no step 3" json_true "$R" \
	'len(d["steps"]) == 2 and (d["steps"][1]["complete"], d["steps"][1]["ended_by"]) == (False, "stop")'
assert "the table in the file has both" json_true "$R" \
	'len(d["steps_table"]) == 3 and "(ended early)" in d["steps_table"][1] and "(cut short)" in d["steps_table"][2]'
tui_keys q
assert "q leaves" tui_exited 20

# reset-between, on a SQLite schema.
sqlite_built "a SQLite schema of 1 warehouse" "$T/s.db"
orders() { sqlite3 "$T/s.db" 'SELECT COUNT(*) FROM orders'; }
built=$(orders)
SQL="'$TPCC_BIN' run --driver sqlite --db '$T/s.db' --vus 1 --rampup 0 --duration 600"
tui_start 120 40 "$SQL --results-dir '$T/r3'"
assert "a SQLite run is steady" tui_wait '^ tpcc-console .*STEADY'
tui_keys : 'sweep vus=1 step=2 settle=0 reset-between' Enter
assert "reset-between without a snapshot is refused, naming the missing file" \
	tui_wait "^sweep: reset-between: no snapshot .*s\.db\.snapshot"
tui_keys q
assert "q asks" tui_wait 'quit\? \(y/n\)'
tui_keys y
assert "and leaves" tui_exited 30
assert "the snapshot is taken" "$TPCC_BIN" snapshot --driver sqlite --db "$T/s.db"
tui_start 120 40 "$SQL --results-dir '$T/r4'"
assert "the next run is steady" tui_wait '^ tpcc-console .*STEADY'
more_orders() { [ "$(orders)" -gt "$built" ] || { echo "orders: $(orders), built $built"; return 1; }; }
assert "its VU makes orders" poll 30 more_orders
tui_keys : 'sweep vus=1,1 step=2 settle=0 reset-between' Enter
assert "the sweep with resets starts" tui_wait '^sweep: 2 steps'
assert "and runs both steps" tui_wait 'Sweep steps: 2 done, sweep over' 60
assert "the run ends after them" tui_wait '^the run is over; results in'
R=$(ls "$T"/r4/*.json 2>/dev/null | head -1)
assert "each step is recorded as reset, with the restore's time" json_true "$R" \
	'len(d["steps"]) == 2 and all(s["reset"] and s["reset_s"] > 0 for s in d["steps"])'
assert "the events name the restores" json_true "$R" \
	'sum("database restored in" in v["text"] for v in d["events"]) == 2'
tui_keys q
assert "q leaves the last run" tui_exited 20

finish
