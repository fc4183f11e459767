#!/usr/bin/env bash
# cli-prompt.sh: the line-mode console: a script (-s) runs first, then the
# prompt reads the same commands; quit stops the run; on a terminal the
# prompt is `tpcc>` with Tab completion.
. "$(dirname "$0")/lib.sh"
cd "$T"

"$TPCC_BIN" build --db "$T/t.db" --warehouses 1 >build.txt 2>&1
assert "build exits 0" [ $? -eq 0 ]
printf 'vus 3\n# a comment is skipped\nmark from the script\nstatus\n' >script.cmd
printf 'get cache_size\nbogus\nvus +1\nquit\n' |
	HOME=$T "$TPCC_BIN" cli --db "$T/t.db" --rampup 0 --duration 600 -s script.cmd \
		--results-dir "$T/results" >out.txt 2>&1
assert "cli exits 0" [ $? -eq 0 ]
assert "the script's commands are echoed and run" grep -q '^tpcc> vus 3$' out.txt
assert "their output follows" grep -q '^vus 2 -> 3$' out.txt
assert "comments are skipped" [ "$(grep -c 'comment' out.txt)" = 0 ]
assert "events print between commands" grep -qE '^\[ +[0-9]+s mark +\] from the script$' out.txt
assert "then standard input" grep -q '^cache_size = ' out.txt
assert "errors are shown and the run goes on" grep -q "^error: unknown command 'bogus'" out.txt
assert "vus +1 after the error" grep -q '^vus 3 -> 4$' out.txt
assert "quit stops the run, with the summary" grep -q '^Summary of the steady phase' out.txt
R=$(ls "$T"/results/*.json | head -1)
assert "results complete, stopped by the operator" [ "$(json_get "$R" 'd["stopped_by"]')" = operator ]
assert "the mark is in the results" [ "$(json_get "$R" \
	'any(e["type"]=="mark" and e["text"]=="from the script" for e in d["events"])')" = True ]
"$TPCC_BIN" cli --db "$T/t.db" -s "$T/missing.cmd" </dev/null >missing.txt 2>&1
assert "a missing script is an error" grep -q 'cannot read the script' missing.txt

# On a terminal: the prompt, Tab completion, history.
if command -v tmux >/dev/null; then
	tui_start 100 30 "'$TPCC_BIN' cli --db '$T/t.db' --rampup 0 --duration 600 --results-dir '$T/results'"
	assert "the tpcc> prompt" tui_wait '^tpcc> $|^tpcc>$'
	tui_keys 'ext' Tab
	assert "Tab completes a command" tui_wait '^tpcc> extend'
	tui_keys C-u 'set cac' Tab
	assert "Tab completes a knob after set" tui_wait '^tpcc> set cache_size'
	tui_keys C-u Up
	assert "Up recalls the history" tui_wait '^tpcc> quit'
	tui_keys Enter
	assert "quit leaves" tui_exited 60
	assert "exit status 0" [ "$(cat "$T/tui.exit")" = 0 ]
fi

finish
