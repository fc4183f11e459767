#!/usr/bin/env bash
# results-stalled-disk.sh: the results file's filesystem stops answering
# mid-run (fsfreeze: every write to it blocks until thawed, as a disk
# behind a full journal or a hung array does).  The run does not wait on
# it: ticks go on every second, a command changes the VU count, and once
# the filesystem thaws every second reaches the file, which ends complete.
. "$(dirname "$0")/lib.sh"
cd "$T"
command -v fsfreeze >/dev/null || skip_all "no fsfreeze (util-linux)"
truncate -s 32M disk.img
mkfs.ext4 -q -F disk.img >/dev/null 2>&1 || skip_all "cannot make an ext4 image"
mkdir res
mount -o loop disk.img "$T/res" 2>/dev/null || skip_all "cannot mount a loop device here (needs root)"
on_exit "umount -l '$T/res'"
# Thawed before the unmount (hooks run last first).
on_exit "fsfreeze -u '$T/res' 2>/dev/null"

start_console run.txt run --driver null --database 2 --vus 2 --rampup 0 --duration 600 --batch \
	--results-dir "$T/res"
on_exit "kill $CON_PID 2>/dev/null"
wait_for run.txt "^\[ +[0-9]+s steady" 30
R=$(ls "$T"/res/*.json)
assert "the results file is there before the freeze" [ -f "$R" ]
# A tick written since the run started makes the next one a write.
wait_for run.txt "^\[ +[0-9]+s steady" 10 "$(lines_in run.txt)"
fsfreeze -f "$T/res"
mark=$(lines_in run.txt)
# Three more seconds after the freeze: each a tick the writer cannot write.
ticks_since() { [ "$(tail -n +$((mark + 1)) run.txt | grep -cE '^\[ +[0-9]+s steady +\] vus')" -ge "$1" ] ||
	{ echo "fewer than $1 ticks since the freeze"; return 1; }; }
assert "ticks go on every second while the results disk is frozen" poll 20 ticks_since 3
send "vus 3"
assert "a command is carried out meanwhile" wait_for run.txt "vus 2 -> 3" 10 "$mark"
assert "... and the ticks after it show 3 VUs" wait_for run.txt "^\[ +[0-9]+s steady +\] vus 3 " 10 "$mark"
fsfreeze -u "$T/res"
mark2=$(lines_in run.txt)
wait_for run.txt "^\[ +[0-9]+s steady" 10 "$mark2"
send "stop"
wait "$CON_PID"; rc=$?
close_input
assert "the run exits 0" [ $rc -eq 0 ]
assert "the file is complete" json_true "$R" 'd["complete"]'
printed=$(grep -cE '^\[ +[0-9]+s steady +\] vus' run.txt)
assert "every second printed, the frozen ones too, is in the file ($printed)" \
	json_is "$R" 'len([t for t in d["ticks"] if t["phase"] == "steady"])' "$printed"
assert "the VU change made while frozen is among the events" \
	json_true "$R" 'any("vus 2 -> 3" in e["text"] for e in d["events"])'
finish
