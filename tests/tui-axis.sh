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
finish
