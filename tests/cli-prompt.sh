#!/usr/bin/env bash
# cli-prompt.sh: the line-mode console: a script (-s) runs first, then the
# prompt reads the same commands; quit stops the run; on a terminal the
# prompt is `tpcc>` with Tab completion, and takes UTF-8 as typed.  Ctrl-C acts at once, without a
# line typed after it: it drops a typed line, says how to stop at an empty
# prompt, and a second one stops the run; without a terminal SIGINT stops
# the run at once.  A run that ends by itself ends the prompt too.  A
# script that cannot be read is refused before the run (exit 2), and -s
# with run too.
. "$(dirname "$0")/lib.sh"
cd "$T"

sqlite_built "build exits 0" "$T/t.db"
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
assert "results complete, stopped by the operator" json_is "$R" 'd["stopped_by"]' operator
assert "the mark is in the results" json_true "$R" \
	'any(e["type"]=="mark" and e["text"]=="from the script" for e in d["events"])'
"$TPCC_BIN" cli --db "$T/t.db" -s "$T/missing.cmd" --results-dir "$T/results-missing" \
	</dev/null >missing.txt 2>&1; rc=$?
assert "a missing script is bad input: exit 2" [ $rc -eq 2 ]
assert "naming the script and why it cannot be read" \
	contains missing.txt "cli: cannot read the script $T/missing.cmd: No such file or directory"
assert "found before the run starts" lacks missing.txt "run: "
assert "so no results file is written" [ ! -e "$T/results-missing" ]
"$TPCC_BIN" run --db "$T/t.db" --batch -s script.cmd --results-dir "$T/results-s" \
	</dev/null >run-s.txt 2>&1; rc=$?
assert "-s outside cli is refused, exit 2" [ $rc -eq 2 ]
assert "saying it is for cli" contains run-s.txt "option '-s' (--script) is for cli"
assert "and nothing runs" [ ! -e "$T/results-s" ]

# On a terminal: the prompt, Tab completion, history.
if command -v tmux >/dev/null; then
	tui_start 100 30 "'$TPCC_BIN' cli --db '$T/t.db' --rampup 0 --duration 600 --results-dir '$T/results-tty'"
	assert "the tpcc> prompt" tui_wait '^tpcc> $|^tpcc>$'
	tui_keys 'ext' Tab
	assert "Tab completes a command" tui_wait '^tpcc> extend'
	tui_keys C-u 'set cac' Tab
	assert "Tab completes a knob after set" tui_wait '^tpcc> set cache_size'
	tui_keys C-u Up
	assert "Up recalls the history" tui_wait '^tpcc> quit'
	# UTF-8 typed at the prompt is kept, and Backspace takes characters.
	tui_keys C-u
	tui_keys -l 'mark café Ω 日本 end'
	tui_keys BSpace BSpace BSpace BSpace BSpace
	tui_keys -l x
	assert "UTF-8 at the prompt, edited by characters" tui_wait '^tpcc> mark café Ω 日x$'
	tui_keys Enter
	assert "the mark's event keeps it" tui_wait '^\[ +[0-9]+s mark +\] café Ω 日x$'
	tui_keys 'quit' Enter
	assert "quit leaves" tui_exited 60
	assert "exit status 0" tui_status_is 0
	R=$(ls "$T"/results-tty/*.json | head -1)
	assert "the results file holds the mark as typed" json_true "$R" \
		'[e["text"] for e in d["events"] if e["type"]=="mark"]==["café Ω 日x"]'
	# The C locale holds nothing past ASCII, yet the terminal sends UTF-8:
	# the prompt reads it as UTF-8 all the same.
	tui_start 100 30 "LC_ALL=C '$TPCC_BIN' cli --db '$T/t.db' --rampup 0 --duration 600 --results-dir '$T/results-c'"
	assert "the prompt in the C locale" tui_wait '^tpcc> $|^tpcc>$'
	tui_keys -l 'mark C café 日本'
	tui_keys BSpace
	assert "UTF-8 at the prompt in the C locale" tui_wait '^tpcc> mark C café 日$'
	tui_keys Enter 'quit' Enter
	assert "quit leaves it" tui_exited 60
	R=$(ls "$T"/results-c/*.json | head -1)
	assert "its results file holds the mark as typed" json_true "$R" \
		'[e["text"] for e in d["events"] if e["type"]=="mark"]==["C café 日"]'

	# Ctrl-C at the prompt.
	# screen_count REGEX N: REGEX is on N lines of the screen, or more.
	screen_count() {
		local n
		n=$(tui_screen | grep -cE -- "$1")
		[ "$n" -ge "$2" ] && return 0
		echo "/$1/ on $n lines of the screen, expected $2:"
		tui_screen | sed 's/^/    | /'
		return 1
	}
	rm -rf "$T/results-intr"
	tui_start 100 30 "'$TPCC_BIN' cli --db '$T/t.db' --rampup 0 --duration 600 --results-dir '$T/results-intr'"
	assert "the prompt again" tui_wait '^tpcc> $|^tpcc>$'
	tui_keys 'mark half typ'
	tui_wait '^tpcc> mark half typ' >/dev/null
	tui_keys C-c
	assert "Ctrl-C drops a typed line at once" tui_wait '^tpcc> mark half typ\^C$'
	tui_keys C-c
	assert "at an empty prompt it says how to stop" tui_wait '^Ctrl-C again, or quit, stops the run$'
	tui_keys 'status' Enter
	assert "the run goes on" tui_wait 'phase steady \([0-9]+ s left\)'
	tui_keys C-c
	assert "a command in between: it asks again" poll 30 screen_count '^Ctrl-C again, or quit' 2
	tui_keys C-c
	assert "a second Ctrl-C stops the run, with the summary" tui_wait '^Summary of the steady phase'
	assert "and leaves" tui_exited 60
	assert "exit status 130, as for a signal" tui_status_is 130
	R=$(ls "$T"/results-intr/*.json | head -1)
	assert "results complete, stopped by a signal" json_is "$R" 'd["stopped_by"]' signal
	assert "the dropped line never ran" json_is "$R" \
		'any(e["type"]=="mark" for e in d["events"])' False

	# A run that ends by itself ends the prompt, with no key pressed.
	tui_start 100 30 "'$TPCC_BIN' cli --db '$T/t.db' --rampup 0 --duration 2 --results-dir '$T/results'"
	assert "the prompt" tui_wait '^tpcc> $|^tpcc>$'
	assert "the end of the run leaves the prompt" tui_wait '^Summary of the steady phase'
	assert "and the program" tui_exited 60
	assert "exit status 0 after a full run" tui_status_is 0
fi

# Without a terminal: SIGINT stops the run at once (no line to drop, nobody
# to ask), though no input comes.
mkfifo in.fifo
exec 3<>in.fifo
"$TPCC_BIN" cli --db "$T/t.db" --rampup 0 --duration 600 --results-dir "$T/results-pipe" \
	<in.fifo >pipe.txt 2>&1 &
PID=$!
assert "the cli started" wait_for pipe.txt '^results: ' 30
kill -INT $PID
wait $PID
rc=$?
exec 3>&-
assert "SIGINT ends it with status 130" [ $rc = 130 ]
assert "and the summary" grep -q '^Summary of the steady phase' pipe.txt
R=$(ls "$T"/results-pipe/*.json | head -1)
assert "results complete, stopped by a signal" json_is "$R" 'd["stopped_by"]' signal

finish
