#!/usr/bin/env bash
# results-full-disk.sh: the results directory fills up mid-run.  The run
# goes on, the operator is told, the file on disk stays valid JSON, and
# when space comes back every held-back second is written; a run that ends
# while the disk is still full says exactly what the file lacks.
. "$(dirname "$0")/lib.sh"
cd "$T"
mkdir res
if ! mount -t tmpfs -o size=128k tmpfs "$T/res" 2>/dev/null; then
	skip_all "cannot mount a small tmpfs here (needs root)"
fi
on_exit "umount -l '$T/res'"
DB=$T/f.sqlite
sqlite_built "build exits 0" "$DB"

fill() {  # leave about $1 KiB free in the results directory
	rm -f "$T/res/filler"
	local free_kb=$(( $(stat -f -c '%a * %S / 1024' "$T/res") ))
	dd if=/dev/zero of="$T/res/filler" bs=1k count=$(( free_kb - $1 )) status=none 2>/dev/null || true
}

fill 16
start_console run.txt run --db "$DB" --vus 2 --rampup 0 --duration 600 --batch --results-dir "$T/res"
on_exit "kill $CON_PID 2>/dev/null"
wait_for run.txt 'cannot write the results file' 60
R=$(ls "$T"/res/*.json)
assert "the file on disk is valid JSON while the disk is full" json_valid "$R"
assert "it is marked incomplete" json_is "$R" 'd["complete"]' False
wait_for run.txt "^\[ +[0-9]+s steady" 10
rm -f "$T/res/filler"
wait_for run.txt 'is being written again' 30
mark=$(lines_in run.txt)
wait_for run.txt "^\[ +[0-9]+s steady" 10 "$mark"
send "stop"
wait "$CON_PID"; rc=$?
close_input
assert "the run went on and exits 0" [ $rc -eq 0 ]
assert "results complete once space came back" json_true "$R" 'd["complete"]'
printed=$(grep -cE '^\[ +[0-9]+s steady +\] vus' run.txt)
assert "no second was lost: $printed printed, all in the file" json_is "$R" 'len(d["ticks"])' "$printed"
assert "ticks are in order without gaps" json_true "$R" '[t["t"] for t in d["ticks"]] == list(range(1, len(d["ticks"])+1))'
assert "the disk-full episode is in the events" json_true "$R" \
	'any("cannot write the results file" in e["text"] for e in d["events"])'

# The run ends while the disk is still full.
rm -f "$T"/res/*.json
fill 16
start_console run2.txt run --db "$DB" --vus 2 --rampup 0 --duration 600 --batch --results-dir "$T/res"
wait_for run2.txt 'cannot write the results file' 60
wait_for run2.txt "^\[ +[0-9]+s steady" 10 "$(lines_in run2.txt)"
send "stop"
wait "$CON_PID"; rc=$?
close_input
assert "a run that cannot finish its file exits 1" [ $rc -eq 1 ]
assert "the user is told what the file lacks" grep -qE 'lacks the summary.*last [0-9]+ seconds? of ticks' run2.txt
R=$(ls "$T"/res/*.json)
assert "what is on disk is still valid JSON" json_valid "$R"
assert "no temporary file is left behind" [ -z "$(ls "$T"/res/*.tmp 2>/dev/null)" ]

finish
