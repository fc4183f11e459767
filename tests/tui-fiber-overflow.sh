#!/usr/bin/env bash
# tui-fiber-overflow.sh: a fiber that overflows its stack still gives the
# terminal back.  The fault comes on the fiber's guard page, where no
# handler can run; the fiber workers take it on a signal stack of their
# own (src/run/fiber.c) and the console's handler is installed with
# SA_ONSTACK (ui/crt.c).  The test hook TPCC_TEST_FIBER_OVERFLOW=2 makes
# the second fiber overflow: a VU added once the console owns the screen.
# "Given back": the line the program printed before the console took the
# screen is there again (the second: tmux's note on the dead pane may
# scroll the first away), the console's are gone, and the terminal modes
# (stty -g) are those from before.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
cd "$T"

# The null driver never blocks, so its VUs can be fibers without a server.
tui_start 200 60 "stty -g >'$T/before.txt';" \
	"TPCC_TEST_FIBER_OVERFLOW=2 '$TPCC_BIN' run --driver null --terminals fibers" \
	"--keying-thinking --vus 1 --rampup 0 --duration 600 --results-dir '$T/r';" \
	"rc=\$?; stty -g >'$T/after.txt'; (exit \$rc)"
assert "the console takes the screen" tui_wait '^┌ Events'
assert "the lines printed before it are hidden" tui_gone '^results: ' 5
tui_keys +
assert "the second VU's fiber overflows: the process dies of SIGSEGV" tui_exited 30
assert "exit status 139" tui_status_is 139
assert "the shell's screen is back" tui_wait '^results: ' 10
assert "the console's screen is gone" tui_gone '┌ Events' 5
same_modes() { cmp -s before.txt after.txt || { echo "stty -g: $(cat before.txt) before, $(cat after.txt) after"; return 1; }; }
assert "the terminal modes are those from before" same_modes
R=$(ls "$T"/r/*.json | head -1)
assert "the results file is still valid JSON" json_valid "$R"

finish
