#!/usr/bin/env bash
# cli-events.sh: the line console prints the latest 64 events between two
# prompts; when more came (a sweep of 16 one-second steps, about five
# events each, while no command comes) a line says how many went by
# unseen, and the printed and the counted add up to the results file's.
# Apart from cli-prompt.sh, which runs under ASan only in CI: this one
# spends its time waiting for the sweep.
. "$(dirname "$0")/lib.sh"
cd "$T"

sqlite_built "build exits 0" "$T/t.db"
# More events between two prompts than the 64 kept to print (a sweep of
# 16 one-second steps, about five each, while no command comes): the
# latest are printed, and a line says how many went by unseen.
mkfifo sweep.fifo
exec 3<>sweep.fifo
"$TPCC_BIN" cli --db "$T/t.db" --rampup 0 --duration 600 --results-dir "$T/results-sweep" \
	<sweep.fifo >sweep.txt 2>&1 &
PID=$!
echo "sweep vus=1,2,1,2,1,2,1,2,1,2,1,2,1,2,1,2 step=1 settle=0" >&3
wait $PID
rc=$?
exec 3>&-
assert "the sweep ends the cli (exit 0)" [ $rc = 0 ]
R=$(ls "$T"/results-sweep/*.json | head -1)
assert "events not printed are counted, and the results file has every one" python3 - "$R" sweep.txt <<'PY'
import json, re, sys
events = json.load(open(sys.argv[1]))["events"]
out = open(sys.argv[2]).read()
printed = len(re.findall(r"^\[ *\d+s ", out, re.M))
skipped = [int(m) for m in re.findall(r"^\[(\d+) earlier events not shown; the results file has them\]$", out, re.M)]
assert skipped, "no line for the events not shown"
assert printed + sum(skipped) == len(events), (printed, skipped, len(events))
PY

finish
