#!/usr/bin/env bash
# null-steady.sh: steady state found, on the null driver's server model.
#  - a warm-up ramp (null_warmup=10: service times from 3x down to 1x over
#    10 s from the run's start): MSER-5 puts the settling point within a
#    few seconds of the ramp's end, in the summary and the results file;
#  - a drift (null_drift=90: the service time rising 1.5% a second): the
#    summary says NOPM fell across the steady phase, not steady, and the
#    file says steady false.  (The warm-up run's steady phase holds its
#    ramp too, but with two runs side by side on a loaded machine its
#    trend's interval was once wide enough to hold 0: not asserted.)
#  - the report's step table, and the one sweep prints, give the step's
#    NOPM a 95% interval.
. "$(dirname "$0")/lib.sh"
cd "$T"
NULL=(--driver null --database 1 --rampup 0 sweep --settle 0 --step 30)
"$TPCC_BIN" "${NULL[@]}" --steps "vus=4 null_service_ms=2 null_warmup=10" \
	--results-dir "$T/warm" </dev/null >warm.txt 2>&1 &
P1=$!
"$TPCC_BIN" "${NULL[@]}" --steps "vus=4 null_service_ms=2 null_drift=90" \
	--results-dir "$T/drift" </dev/null >drift.txt 2>&1 &
P2=$!
wait $P1; assert "warm-up run exits 0" [ $? -eq 0 ]
wait $P2; assert "drifting run exits 0" [ $? -eq 0 ]

R=$(ls "$T"/warm/*.json)
SS='d["summary"]["steady_state"]'
# MSER-5 cuts at 5-s batches: within one batch and a second of the end.
assert "warm-up: MSER-5 finds the ramp's end (10 s) within 6 s" \
	json_true "$R" "$SS[\"from_t\"] is not None and abs($SS[\"from_t\"] - 10) <= 6"
assert "warm-up: the rule is named" json_is "$R" "$SS[\"rule\"]" MSER-5
assert "warm-up: the summary says where NOPM settled" contains warm.txt "NOPM settled at second"
"$TPCC_BIN" report "$R" -o warm.html >/dev/null 2>&1
assert "report: the settling point is marked on the charts" contains warm.html "steady (MSER-5)"
echo "figures: warm-up ends at 10 s; MSER-5 says $(json_get "$R" "$SS['from_t']")"

R=$(ls "$T"/drift/*.json)
assert "drift: the file says not steady" json_is "$R" "$SS[\"steady\"]" False
assert "drift: NOPM fell (trend below -5%)" json_true "$R" "$SS[\"trend_pct\"] < -5"
"$TPCC_BIN" report "$R" --format csv >drift.csv 2>&1
assert "report csv: the step's NOPM carries a 95% interval around it" python3 -c '
import csv, sys
rows = list(csv.reader(open("drift.csv")))
h = [i for i, r in enumerate(rows) if r[:2] == ["run", "step"]][0]
r = dict(zip(rows[h], rows[h + 1]))
sys.exit(not float(r["nopm_lo95"]) < float(r["nopm"]) < float(r["nopm_hi95"]))'
sed -n '/^sweep: 1 step$/,$p' warm.txt | tail -n +2 >printed.txt
assert "the printed step table gives the step's NOPM a 95% interval around it" \
	awk 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	     { split($c["95%-interval"], iv, /[.][.]/); n++; if (!(iv[1] < $3 && $3 < iv[2])) exit 1 }
	     END { exit n != 1 }' printed.txt
assert "drift: the summary says not steady" file_matches drift.txt "NOPM fell [0-9]+% across the steady phase .*not steady"
finish
