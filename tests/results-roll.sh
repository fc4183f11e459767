#!/usr/bin/env bash
# results-roll.sh: a demo left running keeps its results bounded.  With a
# tiny bound (--results-roll-kb 8, --results-keep 3) the kiosk demo loops
# past it again and again: the results directory never holds more than 3
# files, each is finished valid JSON of bounded size that names the file
# before it, holds only its own seconds' ticks and events (the writer's
# event list goes with its file) and a summary of its own, and `report`
# reads every one.  A batch run rolls the same way and its summary still
# covers the whole run.
. "$(dirname "$0")/lib.sh"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"

BOUND_KB=8
KEEP=3
# A finished file is what had passed the bound, at most one more tick and
# the events of that second, then the summary with its histograms.
SLACK_KB=48

sqlite_built "build exits 0" "$T/demo.db"
tui_start 80 24 "TPCC_DB='$T/demo.db' '$TPCC_BIN' demo --kiosk --demo-step 1 --results-dir '$T/results' --results-roll-kb $BOUND_KB --results-keep $KEEP"

parts_at_least() {
	local n
	n=$(python3 - "$T/results" "$1" <<'EOF'
import glob, json, sys
best = -1
for f in glob.glob(sys.argv[1] + "/*.json"):
    try:
        best = max(best, json.load(open(f))["run"].get("part", 0))
    except (OSError, ValueError):
        pass
print(best)
EOF
)
	[ "$n" -ge "$1" ] || { echo "the latest file is part $n, waiting for $1"; return 1; }
}
# Files 0..4 written: two of them had to go.
assert "the demo rolls its results over past the bound, again and again" poll 90 parts_at_least 4
files_at_most() {
	local n
	n=$(ls "$T"/results/*.json 2>/dev/null | wc -l)
	[ "$n" -le "$1" ] || { echo "$n files in results/"; ls -l "$T"/results; return 1; }
}
assert "while it runs, no more than $KEEP files are kept" files_at_most $KEEP
tui_quit "q, y leaves the demo"
assert "after it: $KEEP files or fewer" files_at_most $KEEP
assert "and the tmp files are gone" eval '! ls "$T"/results/*.tmp 2>/dev/null'

check_parts() {
	python3 - "$T/results" "$BOUND_KB" "$SLACK_KB" <<'EOF'
import glob, json, os, sys
d, bound, slack = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
files = sorted(glob.glob(d + "/*.json"), key=lambda f: json.load(open(f))["run"]["part"])
bad = []
prev = None
for f in files:
    r = json.load(open(f))
    size = os.path.getsize(f)
    part = r["run"]["part"]
    if size > (bound + slack) * 1024:
        bad.append(f"{f}: {size} bytes")
    if not r["complete"] or r["summary"] is None:
        bad.append(f"{f}: not finished")
    if part == 0:
        bad.append(f"{f}: the first file should have been removed")
    if prev and r["run"]["continues"] != os.path.basename(prev[0]):
        bad.append(f"{f}: continues {r['run']['continues']}, not {prev[0]}")
    if prev and r["stopped_by"] is None:
        bad.append(f"{f}: no stopped_by")
    if prev and prev[1]["stopped_by"] != "rolled over":
        bad.append(f"{prev[0]}: stopped_by {prev[1]['stopped_by']}")
    ticks = [t["t"] for t in r["ticks"]]
    if not ticks:
        # The quit may come in the second after a roll-over.
        if f != files[-1]:
            bad.append(f"{f}: no ticks")
        continue
    if prev and ticks[0] != prev[1]["ticks"][-1]["t"] + 1:
        bad.append(f"{f}: first tick {ticks[0]} does not follow {prev[0]}'s last")
    early = [e for e in r["events"] if e["t"] < ticks[0] - 1]
    if early:
        bad.append(f"{f}: events from before its ticks: {early[:2]}")
    if r["summary"]["steady_seconds"] > len(ticks):
        bad.append(f"{f}: summary of {r['summary']['steady_seconds']} s over {len(ticks)} ticks")
    prev = (f, r)
if len(files) < 2:
    bad.append(f"{len(files)} files")
if bad:
    print("\n".join(bad))
sys.exit(1 if bad else 0)
EOF
}
assert "each kept file: finished, within the bound, continuing the one before, its own ticks, events and summary" check_parts
for f in "$T"/results/*.json; do
	assert "report reads $(basename "$f")" "$TPCC_BIN" report "$f" -o "$T/one.html"
	assert "and draws its chart" grep -q '<svg' "$T/one.html"
done

# A batch run: the same roll, and its printed summary is the whole run's.
"$TPCC_BIN" run --driver sqlite --db "$T/demo.db" --batch --vus 1 --rampup 1 --duration 8 \
	--results-dir "$T/batch" --results-roll-kb 4 --results-keep 2 >batch.out 2>&1
assert "a rolling batch run exits 0" [ $? -eq 0 ]
assert "it said it rolled over" grep -q 'finished; the run goes on in' batch.out
assert "it keeps 2 files" eval '[ "$(ls "$T"/batch/*.json | wc -l)" -eq 2 ]'
assert "the printed summary covers the whole steady phase" grep -qE '^Summary of the steady phase: (8|9) s' batch.out
last=$(sed -n 's/^  results: //p' batch.out)
assert "the file it names is the last part" json_true "$last" 'd["run"]["part"] >= 1 and d["stopped_by"] is None'

finish
