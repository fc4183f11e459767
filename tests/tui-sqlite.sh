#!/usr/bin/env bash
# tui-sqlite.sh: the console itself, in a real terminal (tmux), against
# SQLite: the panes appear (the CPU / disk pane with the database file's
# disk), keys and commands change the run, text past ASCII is typed and
# kept whole, a resize
# redraws cleanly, the command history persists, q/y leaves a finished
# results file with the events; then the ASCII fallback.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"

sqlite_built "build exits 0" "$T/t.db"

tui_start 120 40 "'$TPCC_BIN' run --db '$T/t.db' --vus 2 --rampup 2 --duration 600 --results-dir '$T/results'"
assert "the header shows the run" tui_wait '^ tpcc-console .*RAMPUP|STEADY'
panes() {
	tui_wait '┌ NOPM and TPM: per-minute rate of each second ─' && tui_wait '┌ Latency ms' && tui_wait '┌ CPU / disk ─' &&
		tui_wait '┌ Server ─' && tui_wait '┌ VUs 2/2 ─' && tui_wait '┌ Events ─'
}
assert "every pane is there" panes
assert "NOPM figures arrive" tui_wait 'NOPM [1-9][0-9,]* '
# SQLite's disk is the database file's: a device with its figures, or n/a
# with the reason.
assert "the CPU pane names the database file's disk" \
	tui_wait '│ disk ([^ ]+ \(database file\)|: n/a \([^)]+\)) '
if tui_shows '│ disk [^ ]+ \(database file\)'; then
	assert "with its write IOPS and latency" \
		tui_wait '│  w IOPS .* [0-9]+k? │' && tui_wait '│  w ms .* (-|[0-9.]+) │'
fi
no_server_tpm() { ! tui_shows 'server TPM'; }
assert "SQLite has no server TPM to show" no_server_tpm
assert "the frames are whole at 120x40" tui_frames 120 40
assert "the chart is drawn in braille" tui_wait '[\x{2801}-\x{28FF}]'

tui_keys +
assert "+ adds a VU" tui_wait 'VUs 3/3'
assert "the change is an event" tui_wait 'vus 2 → 3 \(operator\)'
tui_keys : 'vus 6' Enter
assert ":vus 6 sets six VUs" tui_wait 'VUs 6/6'
tui_keys -
assert "- removes one" tui_wait 'VUs 5/5'

tui_keys : 'set cache_size -4000' Enter
assert "set shows the knob event with old and new value" tui_wait 'knob +set cache_size -?[0-9]+ → -4000'
assert "and the reply on the message row" tui_wait '^cache_size = -4000'
tui_keys : 'bogus' Enter
assert "an unknown command is an inline error" tui_wait "^unknown command 'bogus'"
assert "the run goes on after an error" tui_wait 'VUs 5/5'
tui_keys : 'mark before resize' Enter
assert "a mark is an event" tui_wait 'mark +before resize'
assert "the mark's NOPM before and after, the verdict first" \
	tui_wait 'mark +before resize +NOPM [-+][0-9.]+% (within|beyond) noise( so far)? \([0-9,]+ → [0-9,]+\)' 20
assert "and the wait class that explains it (SQLite's own waits)" \
	tui_wait 'mark +before resize +NOPM .* → [0-9,]+\) │ (CPU|log write/fsync waits|data file I/O waits|table/metadata locks) [-+][0-9.]+(%| sessions)' 20

tui resize-window -t tui -x 80 -y 24
assert "80x24 redraws" tui_wait '^┌ NOPM, TPM per min, each second ─*┐┌ Latency.{30,}┐$'
assert "the frames are whole at 80x24, nothing stray" tui_frames 80 24
# At 80x24 the knob panel's change and its verdict stay inside the box,
# cut with "~" where too long; so does a reply longer than the message row.
tui_keys k
assert "k at 80x24: the knob's verdict is on its own row" tui_wait '^│ +NOPM [-+][0-9.]+% '
assert "  and nothing in the knob panel runs into its frame" tui_box_clear 'Knobs'
tui_keys Escape : 'sweep bogus=1' Enter
assert "a reply longer than the row ends in ~ at its last column" \
	tui_wait "^sweep: unknown argument 'bogus=1'; expected .{35}~\$"
tui resize-window -t tui -x 200 -y 60
assert "200x60 redraws" tui_wait '^┌ Events ─{180,}┐$'
assert "the frames are whole at 200x60, nothing stray" tui_frames 200 60
tui resize-window -t tui -x 70 -y 20
assert "below 80x24 one line says so" tui_wait '^enlarge the terminal: 70x20'
tui resize-window -t tui -x 120 -y 40
assert "and back to 120x40" tui_wait '^┌ Events ─{100,}┐$'
assert "the frames are whole at 120x40 again" tui_frames 120 40

tui_keys '?'
assert "? shows the help" tui_wait 'Help: PgUp/PgDn or arrows scroll, any other key closes'
assert "the help lists the commands" tui_shows 'set VARIABLE VALUE +set a server variable'
tui_keys x
assert "any key closes it" tui_gone 'any key closes'
tui_keys k
assert "k opens the knob panel with live values" tui_wait 'cache_size +-4000'
tui_keys Escape

tui_keys : 'vu' Tab
assert "Tab completes a command" tui_wait '^:vus *$'
tui_keys C-u Escape

# Text past ASCII is one character a key, whatever its bytes: shown as
# typed, the cursor after it by columns (日本 takes four), Backspace taking
# a whole character, and the event and results file holding it exactly.
cursor_at() {
	local x
	x=$(tui display-message -p -t tui '#{cursor_x}')
	[ "$x" = "$1" ] || { echo "the cursor is at column $x, expected $1"; return 1; }
}
tui_keys m
tui_keys -l 'café ünïcode 日本'
assert "the mark key's line shows UTF-8 as typed" tui_wait '^:mark café ünïcode 日本 *$'
assert "the cursor stands after it, by columns" poll 10 cursor_at 23
tui_keys Enter
assert "the mark's event keeps it" tui_wait 'mark +café ünïcode 日本'
tui_keys :
tui_keys -l 'mark naïve Ω日本x'
tui_keys Left BSpace
assert "Backspace takes a whole character" tui_wait '^:mark naïve Ω日x *$'
tui_keys Enter
assert "and the command line's mark is kept so" tui_wait 'mark +naïve Ω日x'

tui_keys q
assert "q asks first" tui_wait 'quit\? \(y/n\)'
tui_keys n
assert "n goes on" tui_wait 'VUs 5/5'
tui_quit "y ends the console"
R=$(ls "$T"/results/*.json 2>/dev/null | head -1)
assert "a results file" [ -n "$R" ]
assert "it is valid JSON and complete" json_true "$R" 'd["complete"]'
assert "stopped by the operator" json_is "$R" 'd["stopped_by"]' operator
assert "the VU changes are in it" json_true "$R" \
	'any(e["type"]=="vus" and "-> 6" in e["text"] for e in d["events"])'
assert "the knob change is in it" json_true "$R" \
	'any(e["type"]=="knob" and e["text"].endswith("-> -4000") for e in d["events"])'
assert "the mark is in it" json_true "$R" \
	'any(e["type"]=="mark" and e["text"]=="before resize" for e in d["events"])'
assert "the typed UTF-8 marks are in it exactly" json_true "$R" \
	'[e["text"] for e in d["events"] if e["type"]=="mark" and not e["text"].isascii()]==["café ünïcode 日本", "naïve Ω日x"]'
H=$T/.tpcc-console_history
assert "the history file is kept" [ -f "$H" ]
assert "it is private (0600)" [ "$(stat -c %a "$H")" = 600 ]
assert "it holds the commands" grep -q 'set\\040cache_size\\040-4000' "$H"

# History comes back in the next session; an ASCII terminal gets ASCII.
tui_start 100 30 "TPCC_ASCII=1 NO_COLOR=1 '$TPCC_BIN' run --db '$T/t.db' --vus 1 --rampup 0 --duration 600 --results-dir '$T/results'"
assert "ASCII frames" tui_wait '^\+ NOPM and TPM: per-minute rate of each second -+\+'
tui_wait 'NOPM [1-9]' >/dev/null
assert "no braille, no box drawing" tui_gone '[\x{2500}-\x{257F}\x{2800}-\x{28FF}]' 1
assert "an ASCII chart" tui_shows "^\\| +\\| +.*[.:']"
# Without colour the two series differ in their look, and the legend says
# which is which: NOPM an area (.:'), TPM a line (+).
assert "the legend tells the lines apart without colour" tui_shows '^\| :: NOPM [0-9,]+ .* \+\+ TPM [0-9,]+'
assert "the TPM line is drawn as +" tui_shows "^\\| +\\| .*\\+"

tui_keys : Up
assert "Up brings back the last command, UTF-8 as typed" tui_wait '^:mark naïve Ω日x *$'
tui_keys C-u 'quit' Enter
assert ":quit leaves" tui_exited 60
assert "exit status 0 again" tui_status_is 0

# The C locale decodes nothing past ASCII, yet the terminal sends UTF-8:
# the console reads it as UTF-8 itself and keeps it, showing what the
# locale cannot as '?'.
tui_start 100 30 "LC_ALL=C '$TPCC_BIN' run --db '$T/t.db' --vus 1 --rampup 0 --duration 600 --results-dir '$T/results-c'"
tui_wait 'NOPM [1-9]' >/dev/null
tui_keys :
tui_keys -l 'mark in C é日 ok'
assert "in the C locale the line goes on after UTF-8, a ? a character" tui_wait '^:mark in C \?\? ok *$'
tui_keys Enter
assert "  and so does the mark's event" tui_wait 'mark +in C \?\? ok'
tui_keys ':quit' Enter
assert "and leaves" tui_exited 60
R=$(ls "$T"/results-c/*.json 2>/dev/null | head -1)
assert "the results file holds that mark as typed" json_true "$R" \
	'[e["text"] for e in d["events"] if e["type"]=="mark"]==["in C é日 ok"]'

# A locale whose decimal point is a comma (de_DE): the console takes its
# characters, not its numbers, or the results file's "0,001" is no JSON.
if [ -d /usr/share/i18n/locales ] && mkdir -p "$T/loc" && localedef -i de_DE -f UTF-8 "$T/loc/de_DE.UTF-8" 2>/dev/null; then
	tui_start 100 30 "LOCPATH='$T/loc' LC_ALL=de_DE.UTF-8 '$TPCC_BIN' run --db '$T/t.db' --vus 1 --rampup 0 --duration 2 --results-dir '$T/results-de'"
	assert "under de_DE the run ends" tui_wait 'RUN FINISHED'
	tui_keys q
	assert "under de_DE: q leaves the finished run" tui_exited 60
	R=$(ls "$T"/results-de/*.json 2>/dev/null | head -1)
	assert "under de_DE the results file is valid JSON" json_valid "$R"
	assert "  with its latencies as numbers" json_true "$R" 'd["summary"]["latency_ms"]["new_order"]["p95"] > 0'
else
	echo "# de_DE: no locale sources (package locales), skipped"
fi

finish
