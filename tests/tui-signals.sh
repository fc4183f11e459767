#!/usr/bin/env bash
# tui-signals.sh: every way out gives the terminal back.  SIGTERM stops the
# run cleanly (results finished, exit 130) and the console closes; SIGSEGV
# restores the terminal before the process dies of it.  "Given back" means
# the terminal left the alternate screen: the lines the program printed
# before the console took the screen are there again.  (The second of them
# is checked: when the pane dies, tmux's "Pane is dead" note may scroll the
# first one away.)
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
cd "$T"

sqlite_built "build exits 0" "$T/t.db"
console_pid() { pgrep -f "^$TPCC_BIN run --db $T/t.db" | head -1; }

# SIGTERM: a clean stop.
tui_start 200 60 "'$TPCC_BIN' run --db '$T/t.db' --vus 2 --rampup 0 --duration 600 --results-dir '$T/r1'"
tui_wait '^┌ Events' >/dev/null
assert "the console hides the shell's screen" tui_gone '^results: ' 5
kill -TERM "$(console_pid)"
assert "SIGTERM: the console leaves" tui_wait 'Summary of the steady phase' 60
assert "the shell's screen is back" tui_wait '^results: ' 5
assert "the signal message, kept while curses owned the screen, is shown after" \
	tui_shows 'Terminated: stopping cleanly'
tui_exited 30 >/dev/null
assert "exit status 130" tui_status_is 130
R=$(ls "$T"/r1/*.json | head -1)
assert "the results file is finished" json_true "$R" 'd["complete"]'
assert "stopped by the signal" json_is "$R" 'd["stopped_by"]' signal

# SIGSEGV: no clean stop, but the terminal is restored before dying.
tui_start 200 60 "'$TPCC_BIN' run --db '$T/t.db' --vus 1 --rampup 0 --duration 600 --results-dir '$T/r2'"
tui_wait '^┌ Events' >/dev/null
kill -SEGV "$(console_pid)"
tui_exited 30 >/dev/null
assert "SIGSEGV: the process dies of it" tui_status_is 139
assert "the shell's screen is back after SIGSEGV" tui_wait '^results: ' 10
assert "the console's screen is gone" tui_gone '┌ Events' 5
assert "the shell reported the crash below it" tui_shows 'Segmentation fault'
R=$(ls "$T"/r2/*.json | head -1)
assert "the results file is still valid JSON" json_valid "$R"

finish
