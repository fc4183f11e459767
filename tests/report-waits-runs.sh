#!/usr/bin/env bash
# report-waits-runs.sh: the waits of several runs side by side in the
# report.  Two short SQLite runs (the driver times its busy waits for the
# write lock and its checkpoints) and a recorded MariaDB run from before
# waits were read: the HTML has a 100%-stacked bar per run whose segments
# are the class shares of each file's waits_steady, labelled with the run
# and its busy sessions, and a table of the same figures; the run without
# waits says so in both; the section renders in headless Chromium; the
# Markdown and CSV reports have the same table; one run, or runs none of
# which has waits, get no bars.
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip_all "python3 not installed"
cd "$T"
DB=$T/tpcc.sqlite
sqlite_built "build exits 0" "$DB"
for v in 2 6; do
	"$TPCC_BIN" run --db "$DB" --vus $v --rampup 0 --duration 3 --batch --label "sqlite $v VUs" \
		--results-dir "$T/r$v" </dev/null >run$v.txt 2>&1
	assert "the $v-VU run exits 0" [ $? -eq 0 ]
done
A=$(ls "$T"/r2/*.json) B=$(ls "$T"/r6/*.json)
gzip -dc "$TPCC_SRCDIR/tests/fixtures/mariadb-2vus.json.gz" >old.json
assert "the SQLite runs recorded steady waits" json_true "$B" \
	'd["waits_steady"]["seconds"] >= 1 and sum(d["waits_steady"]["aas"].values()) > 0'
assert "the recorded MariaDB run has none" json_true old.json '"waits_steady" not in d'

# What the files say: each run's class shares of its busy sessions.
cat >expect.py <<'PY'
import json, sys
def runs(paths):
    out = []
    for p in paths:
        d = json.load(open(p))
        w = d.get("waits_steady")
        if not w:
            out.append(None)
            continue
        total = sum(w["aas"].values())
        out.append({"label": d["run"]["label"], "aas": w["aas"], "total": total,
                    "share": {c: v / total if total else 0 for c, v in w["aas"].items()},
                    "seconds": w["seconds"], "top": w["top"][0]})
    return out
PY

"$TPCC_BIN" report "$A" "$B" old.json -o three.html >rep.txt 2>&1
assert "the report of three runs exits 0" [ $? -eq 0 ]
cat >check_html.py <<'PY'
import re, sys
from expect import runs
html = open(sys.argv[1]).read()
want = runs(sys.argv[2:])
bad = []
if "<h2>Waits, steady phase, run by run</h2>" not in html:
    sys.exit("no section")
svg = re.search(r'<svg [^>]*id="waits-runs".*?</svg>', html, re.S).group(0)
bars = re.findall(r'<g class="wbar" data-run="([A-Z])">(.*?)</g>', svg, re.S)
if [b[0] for b in bars] != ["A", "B", "C"][:len(want)]:
    sys.exit("bars %s, want one per run" % [b[0] for b in bars])
rows = dict(re.findall(r'<tr data-run="([A-Z])">(.*?)</tr>', html, re.S))
for i, (w, (letter, body)) in enumerate(zip(want, bars)):
    row = rows.get(letter, "")
    if w is None:
        if "no waits recorded" not in body or "wseg" in body:
            bad.append("%s: bar should say no waits recorded" % letter)
        if "no waits recorded" not in row:
            bad.append("%s: row should say no waits recorded" % letter)
        continue
    # The bar: a segment per class with sessions, its width its share.
    segs = [(c, float(wd)) for c, wd in
            re.findall(r'<rect class="wseg" data-class="(\w+)" x="[^"]*" y="[^"]*" width="([^"]*)"', body)]
    full = sum(wd for _, wd in segs)
    drawn = {c: wd / full for c, wd in segs}
    if set(drawn) != {c for c, v in w["aas"].items() if v > 0}:
        bad.append("%s: classes drawn %s, in the file %s" % (letter, sorted(drawn), w["aas"]))
    for c, s in drawn.items():
        if abs(s - w["share"][c]) > 0.002:
            bad.append("%s: %s drawn as %.4f of the bar, the file's share %.4f" % (letter, c, s, w["share"][c]))
    label = "%s: %s, %.2f busy sessions" % (letter, w["label"], w["total"])
    if label not in svg:
        bad.append("no label %r" % label)
    # The table: each class's sessions and share as the file has them.
    cells = re.findall(r'<td class="n" data-class="(\w+)">([0-9.]+)<br><span class="muted">([0-9]+)%</span>', row)
    if not cells:
        bad.append("%s: no class cells in %r" % (letter, row))
    for c, aas, pct in cells:
        if abs(float(aas) - w["aas"][c]) > 0.0051 or abs(float(pct) - 100 * w["share"][c]) > 0.51:
            bad.append("%s: %s shows %s sessions %s%%, the file %.3f, %.2f%%" % (letter, c, aas, pct, w["aas"][c], 100 * w["share"][c]))
    for c, v in w["aas"].items():
        if v >= 0.005 and c not in [x[0] for x in cells]:
            bad.append("%s: no column for %s (%.3f sessions)" % (letter, c, v))
    top = w["top"][0].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
    if top not in row:
        bad.append("%s: top event %s not in the row" % (letter, w["top"][0]))
print("\n".join(bad) or "bars and table agree with the files: %s" %
      [None if w is None else {c: round(s, 3) for c, s in w["share"].items() if s} for w in want])
sys.exit(1 if bad else 0)
PY
assert "html: a bar per run, the class shares of each file, and the table" \
	python3 check_html.py three.html "$A" "$B" old.json
# The section alone, rendered as a reader's browser would, and its bars
# as an SVG file of their own.
python3 - three.html section.html bars.svg <<'PY'
import re, sys
h = open(sys.argv[1]).read()
i = h.index("<h2>Waits, steady phase")
open(sys.argv[2], "w").write(h[:h.index("<body>") + 6] + h[i:h.index("<h2>", i + 4)] + "</body></html>")
open(sys.argv[3], "w").write(re.search(r'<svg [^>]*id="waits-runs".*?</svg>', h, re.S).group(0))
PY
if command -v xmllint >/dev/null; then
	assert "the bars are well-formed SVG" xmllint --noout bars.svg
fi
rendered_png "the section renders in headless Chromium to a PNG that is not blank" \
	"$T/section.html" "$T/section.png" 1000,700

"$TPCC_BIN" report "$A" "$B" old.json --format md >three.md 2>&1
cat >check_md.py <<'PY'
import sys
from expect import runs
lines = open(sys.argv[1]).read().split("\n")
want = runs(sys.argv[2:])
try:
    h = lines.index("### Waits, steady phase, run by run")
except ValueError:
    sys.exit("no section")
head = [c.strip() for c in lines[h + 2].strip("|").split("|")]
rows = [[c.strip() for c in l.strip("|").split("|")] for l in lines[h + 4:h + 4 + len(want)]]
bad = []
labels = {"cpu": "CPU", "log": "log write/fsync", "data_io": "data file I/O", "row_lock": "row locks",
          "table_lock": "table/metadata locks", "buffer_pool": "buffer pool", "mutex": "mutex/rw-lock",
          "network": "network/client", "other": "other"}
for i, (w, row) in enumerate(zip(want, rows)):
    if not row[0].startswith("%s: " % "ABC"[i]):
        bad.append("row %d is %r" % (i, row))
    if w is None:
        if row[1] != "no waits recorded":
            bad.append("row %d: %r should say no waits recorded" % (i, row))
        continue
    if abs(float(row[2]) - w["total"]) > 0.0051:
        bad.append("row %d: busy sessions %s, the file %.3f" % (i, row[2], w["total"]))
    for c, v in w["aas"].items():
        if v < 0.005:
            continue
        k = head.index("%s share" % labels.get(c, c))
        if abs(float(row[k].rstrip("%")) - 100 * w["share"][c]) > 0.51 or abs(float(row[k - 1]) - v) > 0.0051:
            bad.append("row %d: %s %s %s, the file %.3f %.2f%%" % (i, c, row[k - 1], row[k], v, 100 * w["share"][c]))
    if not row[-1].startswith(w["top"][0]):
        bad.append("row %d: top event %r" % (i, row[-1]))
print("\n".join(bad) or "md: %d rows agree with the files" % len(rows))
sys.exit(1 if bad else 0)
PY
assert "md: the same table, the run without waits said" python3 check_md.py three.md "$A" "$B" old.json

"$TPCC_BIN" report "$A" "$B" old.json --format csv >three.csv 2>&1
cat >check_csv.py <<'PY'
import csv, sys
from expect import runs
want = runs(sys.argv[2:])
rows = list(csv.reader(open(sys.argv[1])))
h = [i for i, r in enumerate(rows) if r[:3] == ["run", "section", "waits_source"]]
if len(h) != 1:
    sys.exit("no header of the waits table")
head, body = rows[h[0]], rows[h[0] + 1:h[0] + 1 + len(want)]
bad = []
for w, r in zip(want, body):
    d = dict(zip(head, r))
    if d["section"] != "waits_steady":
        bad.append("row %r" % r)
    elif w is None:
        if d["waits_source"] != "none" or d["busy_sessions"] != "":
            bad.append("no waits: %r" % r)
    else:
        if d["run"] != w["label"] or d["waits_source"] != "timed" or int(d["steady_seconds"]) != w["seconds"]:
            bad.append("row %r" % r)
        for c, v in w["aas"].items():
            if abs(float(d[c + "_sessions"]) - v) > 1e-6 or abs(float(d[c + "_share"]) - w["share"][c]) > 1e-4:
                bad.append("%s: %s %s, the file %.4f %.6f" % (c, d[c + "_sessions"], d[c + "_share"], v, w["share"][c]))
        if d["top_event"] != w["top"][0] or d["top_event_class"] != w["top"][1]:
            bad.append("top %r" % r)
print("\n".join(bad) or "csv: %d rows agree with the files" % len(body))
sys.exit(1 if bad else 0)
PY
assert "csv: every class's sessions and share, the run without waits as none" \
	python3 check_csv.py three.csv "$A" "$B" old.json

"$TPCC_BIN" report "$A" -o one.html >one.txt 2>&1
assert "one run: no run-by-run section (its own waits chart instead)" \
	eval "! grep -q 'run by run' one.html && grep -q '<h2>Waits</h2>' one.html"
gzip -dc "$TPCC_SRCDIR/tests/fixtures/mariadb-4vus.json.gz" >old4.json
"$TPCC_BIN" report old.json old4.json -o old.html >old.txt 2>&1
"$TPCC_BIN" report old.json old4.json --format md >old.md 2>&1
"$TPCC_BIN" report old.json old4.json --format csv >old.csv 2>&1
assert "runs none of which has waits: one line, no bars, no empty tables" \
	eval "grep -q 'No run recorded waits' old.html && ! grep -q 'class=\"wbar\"' old.html && grep -q '^No run recorded waits.$' old.md && ! grep -q waits_steady old.csv"
finish
