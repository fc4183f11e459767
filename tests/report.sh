#!/usr/bin/env bash
# report.sh: reports of two real MariaDB runs (the fixtures, recorded with
# this build; results-files.sh makes a live one): every chart is well-formed SVG (xmllint), the page has no
# script and fetches nothing, the NOPM line has one point per tick, the
# two-run report has both runs' lines and the ratio column, the page
# renders in headless Chromium to a PNG that is not blank; CSV and
# Markdown; a file of known ticks gives known figures, and under an offered
# load its offered, achieved and behind-schedule figures, which compare
# names too; bad input exits 2.
. "$(dirname "$0")/lib.sh"
cd "$T"
command -v xmllint >/dev/null || skip_all "xmllint not installed (libxml2-utils)"
FIX=$TPCC_SRCDIR/tests/fixtures
gzip -dc "$FIX/mariadb-4vus.json.gz" >a4.json
gzip -dc "$FIX/mariadb-2vus.json.gz" >a2.json
# A label with markup in it, and a cut-down run: the page must escape it.
R=$T/small.json
python3 -c 'import json,sys; d=json.load(open("a2.json")); d["run"]["label"]="report <check> & co"; d["ticks"]=d["ticks"][:20]; json.dump(d, open(sys.argv[1],"w"))' "$R"

"$TPCC_BIN" report "$R" -o one.html >rep1.txt 2>&1
assert "report of one run exits 0" [ $? -eq 0 ]
"$TPCC_BIN" report a4.json -o mdb.html >rep2.txt 2>&1
assert "report of the MariaDB run exits 0" [ $? -eq 0 ]
"$TPCC_BIN" report a4.json a2.json -o two.html >rep3.txt 2>&1
assert "report of two runs exits 0" [ $? -eq 0 ]

cat >svgs.py <<'PY'
import re, subprocess, sys
html = open(sys.argv[1]).read()
svgs = re.findall(r"<svg .*?</svg>", html, re.S)
bad = [i for i, s in enumerate(svgs)
       if subprocess.run(["xmllint", "--noout", "-"], input=s.encode(), capture_output=True).returncode]
print("%d charts, %d not well-formed %s" % (len(svgs), len(bad), bad))
sys.exit(0 if svgs and not bad else 1)
PY
for f in one.html mdb.html two.html; do
	assert "$f: every chart is well-formed SVG" python3 svgs.py $f
	assert "$f: no script, nothing fetched" \
		eval "! grep -qiE '<script|src=|href=\"?https?:|@import|url\\(' $f"
done
assert "the MariaDB report has the charts of every kind" eval \
	"grep -c '<svg ' mdb.html | grep -qE '^(1[0-9]|[2-9][0-9])$' && grep -q 'innodb_buffer_pool_pages_dirty' mdb.html && grep -q 'Data disk: I/Os per second' mdb.html && grep -q 'latency distribution' mdb.html"
assert "the label is escaped, not markup" contains one.html "report &lt;check&gt; &amp; co"

cat >points.py <<'PY'
import json, re, sys
html, want = open(sys.argv[1]).read(), [len(json.load(open(f))["ticks"]) for f in sys.argv[2:]]
lines = re.findall(r'<polyline class="nopm"[^>]* points="([^"]*)"', html)
got = [len(l.split()) for l in lines]
print("NOPM points per line %s, ticks %s" % (got, want))
sys.exit(0 if got == want else 1)
PY
assert "the NOPM line has one point per tick" python3 points.py one.html "$R"
assert "the MariaDB run's too" python3 points.py mdb.html a4.json
# The markers' table: a row per marker event of the file, in time order;
# the steady (MSER-5) flag that follows them on the charts is no event.
cat >markers.py <<'EOF2'
import html as h, json, re, sys
page, d = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
if (d.get("summary") or {}).get("steady_state", {}).get("from_t") is None:
    sys.exit("the run has no steady mark: the check would prove nothing")
table = re.search(r'<table id="markers">(.*?)</table>', page, re.S)
rows = re.findall(r'<tr><td class="n">(\d+)</td><td class="n">(\d+)</td><td>(.*?)</td>', table.group(1) if table else "")
events = {(e["t"], e["text"]) for e in d["events"]}
ts = [int(t) for _, t, _ in rows]
ok = rows and ts == sorted(ts) and all((int(t), h.unescape(x)) in events for _, t, x in rows) \
    and [int(n) for n, _, _ in rows] == list(range(1, len(rows) + 1))
print(rows) if not ok else None
sys.exit(0 if ok else 1)
EOF2
# The MariaDB run with the steady mark MSER-5 would have put there, and a
# knob change in its steady seconds.
python3 -c 'import json,sys; d=json.load(open("a4.json")); d["summary"]["steady_state"] = {"from_t": 20}; d["events"].insert(4, {"t": 30, "type": "knob", "text": "set innodb_io_capacity 200 -> 2000"}); json.dump(d, open(sys.argv[1], "w"))' marks.json
"$TPCC_BIN" report marks.json -o marks.html >rep-marks.txt 2>&1
assert "the markers' table has the file's marker events only, in order" python3 markers.py marks.html marks.json
cat >flags.py <<'EOF2'
import re, sys
bad = []
for svg in re.findall(r"<svg .*?</svg>", open(sys.argv[1]).read(), re.S):
    frame = re.search(r'<rect class="frame" x="([0-9.]+)"', svg)
    for x in re.findall(r'<rect class="eflag" x="([-0-9.]+)"', svg):
        if frame and float(x) < float(frame.group(1)):
            bad.append((x, frame.group(1)))
print(bad) if bad else None
sys.exit(1 if bad or "eflag" not in open(sys.argv[1]).read() else 0)
EOF2
assert "no flag starts left of its plot (the mark at second 0 included)" python3 flags.py marks.html
assert "the knob's row has its before and after" \
	eval "grep -A2 '<td>set innodb_io_capacity 200 -&gt; 2000</td>' marks.html | grep -q 'noise)'"
assert "the two-run report draws both runs' NOPM, a point per tick each" \
	python3 points.py two.html a4.json a2.json
assert "the two-run report has the ratio column" \
	eval "grep -q '<th class=\"n\">B / A</th>' two.html && grep -qE '<td class=\"n ratio [a-z]*\">0\\.50[0-9]</td>' two.html"
assert "... and lists what differs between the runs" \
	eval "grep -q 'What differs' two.html && grep -q '<th>config.run.vus</th><td>4</td><td>2</td>' two.html"

for f in mdb two; do
	rendered_png "$f.html renders in headless Chromium to a PNG that is not blank" \
		"$T/$f.html" "$T/$f.png"
done

"$TPCC_BIN" report a4.json a2.json --format csv -o two.csv >csv.txt 2>&1
assert "csv: a row per tick of each run, then the events" eval \
	"[ \$(grep -cE '^\"[42] VUs\",[0-9]+,(rampup|steady|rampdown),' two.csv) -eq \$(python3 -c 'import json; print(sum(len(json.load(open(f))[\"ticks\"]) for f in (\"a4.json\",\"a2.json\")))') ] && grep -q '^run,t,event_type,event$' two.csv"
assert "csv: the server metrics are columns" grep -q 'innodb_os_log_written_per_s' two.csv
"$TPCC_BIN" report a4.json a2.json --format md >two.md 2>&1
assert "md: the summary table with the ratio column" \
	eval "grep -q '^| figure | A | B | B / A |$' two.md && grep -qE '^\\| NOPM \\| 7266 \\| 3646 \\| 0\\.50[0-9] \\|$' two.md"

# Known figures: a summary of NOPM 1100 over 60 s is what the page says.
python3 - <<'PY'
import json
ticks = [{"t": i + 1, "phase": "steady", "vus": 4, "nopm": 1000 if i % 2 else 1200, "tpm": 2200,
          "latency_ms": {}, "errors": {}, "failed": 0, "cpu_client": 50} for i in range(60)]
json.dump({"format": "tpcc-console-results/2", "run": {"label": "known", "warehouses": 10,
           "dialect": "mysql", "mode": "procedures"}, "ticks": ticks, "events": [],
           "summary": {"steady_seconds": 60, "nopm": 1100, "tpm": 2200, "vus_max": 4},
           # A knob sweep's steps as sweep writes them (the value read back as text).
           "steps": [{"step": i + 1, "label": "innodb_io_capacity=%d" % v, "complete": i < 2,
                      "set": {"innodb_io_capacity": {"old": "200", "new": str(v)}},
                      "nopm": n, "tpm": 2 * n,
                      "latency_ms": {"new_order": {"p95": 10.0 + i}, "payment": {"p95": 5.5}},
                      "errors": {"deadlock": i, "other": 1}}
                     for i, (v, n) in enumerate([(1000, 500), (2000, 900), (4000, 1100)])],
           "stopped_by": None, "complete": True}, open("known.json", "w"))
PY
"$TPCC_BIN" report known.json -o known.html >known.txt 2>&1
assert "known ticks: the summary says NOPM 1100 and TPM 2200 over 60 s" \
	grep -q '1100 NOPM, 2200 TPM over 60 s of steady phase; 10 warehouses, 4 VUs' known.html
"$TPCC_BIN" report known.json --format md >known.md 2>&1
assert "known ticks in Markdown" grep -qE '^\| NOPM \| 1100 \|$' known.md
# Steps (a sweep's, when the file has them): the table and NOPM per step.
assert "steps: the table and NOPM and p95 against the swept variable" \
	eval "grep -q '<h2>Steps</h2>' known.html && grep -qE '<polyline class=\"steps\"[^>]* points=\"([0-9.]+,[0-9.]+ ){3}\"' known.html && grep -qE '<polyline class=\"steps-p95\"' known.html && grep -q '>innodb_io_capacity</text>' known.html"
assert "steps in Markdown: the sweep's table, errors summed, ratio to step 1, a cut step said" \
	grep -qE '^\| 3 \| innodb_io_capacity=4000 \(cut short\) \| 1100 \| - \| 2200 \| 12\.00 \| 5\.50 \| 3 \| 2\.20 \|$' known.md
"$TPCC_BIN" report known.json --format csv >known.csv 2>&1
assert "steps in CSV with the swept value" grep -qE '^"known",2,"innodb_io_capacity=2000",2000,900,1800,11,5\.5,2,1\.8,true,,,,,$' known.csv

# The same under an offered load, as a --rate sweep writes it: offered
# against achieved and the backlog, in the summary, the steps and each
# tick; compare names the rates of runs that differ in them.
python3 - <<'PY'
import json
d = json.load(open("known.json"))
d["run"]["label"] = "rated"
d["summary"]["rate"] = {"offered_tpm": 1500, "achieved_tpm": 1320.4, "achieved": False,
                        "behind_max_s": 3.4, "behind_end_s": 3.0}
for i, t in enumerate(d["ticks"]):
    t.update(offered_tpm=1500, behind_s=i * 0.05, behind_txn=i)
for s, (o, a, b) in zip(d["steps"], [(600, 598, 0.01), (1200, 1190, 0.02), (2400, 1500, 3.4)]):
    s["rate"] = {"offered_tpm": o, "achieved_tpm": a, "achieved": a > 0.95 * o,
                 "behind_max_s": b, "behind_end_s": b}
json.dump(d, open("rated.json", "w"))
PY
"$TPCC_BIN" report rated.json --format md >rated.md 2>&1
assert "rate in Markdown: offered, achieved and behind schedule beside the other figures" \
	eval "grep -qE '^\| offered TPM \| 1500\.00 \|$' rated.md && grep -qE '^\| achieved TPM \| 1320\.40 \|$' rated.md && grep -qE '^\| behind schedule max s \| 3\.40 \|$' rated.md"
assert "... and per step" \
	grep -qE '^\| 3 \| innodb_io_capacity=4000 \(cut short\) \| 1100 \| - \| 2200 \| 12\.00 \| 5\.50 \| 3 \| 2\.20 \| 2400 \| 1500 \| 3\.400 \|$' rated.md
assert "a closed loop's report has none of them" eval "! grep -qE 'offered|behind' known.md"
"$TPCC_BIN" report rated.json --format csv >rated.csv 2>&1
assert "rate in CSV: each tick's offered rate and backlog, each step's" \
	eval "grep -qE '^\"rated\",11,steady,4,.*,1500,0\.5,10$' rated.csv && grep -qE '^\"rated\",3,\"innodb_io_capacity=4000\",.*,false,2400,1500,3\.4,,$' rated.csv"
"$TPCC_BIN" report rated.json -o rated.html >rated.txt 2>&1
assert "rate in HTML: offered and achieved in the summary" \
	grep -q '<tr><th>offered TPM</th><td class="n">1500</td><th>achieved TPM</th><td class="n">1320</td><th>behind schedule max s</th><td class="n">3.400</td></tr>' rated.html
"$TPCC_BIN" compare known.json rated.json >rated-cmp.txt 2>&1
assert "compare names the rates when the runs differ in them" \
	grep -q '^the runs offered different loads: A a closed loop (no rate); B 1500 TPM offered, 1320 achieved, at most 3.4 s behind schedule$' rated-cmp.txt
"$TPCC_BIN" compare known.json known.json >same-cmp.txt 2>&1
assert "... and not when they do not" eval "! grep -q 'offered different loads' same-cmp.txt"

# Names the file chose (a server metric, an A/B figure, a latency limit,
# tags) may hold a comma, a quote, or more than the reader keeps: each CSV
# table still has its header's columns, and every text stays UTF-8.
python3 - odd.json <<'PY'
import json, sys
long = "\u00e9" * 40
d = {"format": "tpcc-console-results/2",
     "run": {"label": "odd", "driver": "sqlite", "tags": {"t": long * 20, "u": "v"}},
     "ticks": [{"t": 1, "phase": "steady", "vus": 1, "nopm": 10, "tpm": 20,
                "server_metrics": {'a,b"c': 5, long: 1}}],
     "events": [], "summary": None, "complete": False,
     "ab": {"estimates": [{"figure": long, "change_pct": 1}, {"figure": "x,y|z", "change_pct": 2}]},
     "capacity": {"vus": 1, "limits": [{"figure": long, "max_ms": 5}, {"figure": 'p,"q', "max_ms": 6}],
                  "curve": [{"offered_tpm": 1, "failed": "w|" + long * 5}]}}
json.dump(d, open(sys.argv[1], "w"), ensure_ascii=False)
PY
"$TPCC_BIN" report odd.json --format csv -o odd.csv >odd.txt 2>&1
cat >csvcheck.py <<'PY'
import csv, sys
text = open(sys.argv[1], encoding="utf-8", newline="").read()  # not UTF-8: raises
tables, rows = [], []
for row in csv.reader(text.splitlines(True)):
    if not row:
        tables.append(rows); rows = []
    else:
        rows.append(row)
tables.append(rows)
for t in tables:
    for r in t[1:]:
        assert len(r) == len(t[0]), (t[0], r)
heads = [c for t in tables for c in t[0]]
for want in sys.argv[2:]:
    assert want in heads, (want, heads)
print(len(tables), "tables")
PY
assert "CSV: names with commas and quotes stay one column each, text stays UTF-8" \
	python3 csvcheck.py odd.csv 'a,b"c_per_s' 'p,"q_ms'
mkdir -p oddruns && cp odd.json oddruns/
"$TPCC_BIN" report odd.json --format md -o odd.md >odd-md.txt 2>&1
assert "Markdown: every table row has its header's cells, a '|' in a name escaped" python3 - odd.md <<'PY'
import re, sys
tables, cur = [], []
for line in open(sys.argv[1], encoding="utf-8"):
    if line.startswith("|"):
        cur.append(len(re.split(r"(?<!\\)\|", line.rstrip("\n"))))
    elif cur:
        tables.append(cur); cur = []
tables.append(cur)
bad = [t for t in tables if t and len(set(t)) != 1]
assert not bad and len([t for t in tables if t]) >= 3, tables
text = open(sys.argv[1]).read()
assert "x,y\\|z" in text and "w\\|" in text, "the names' pipes are not escaped"
PY
"$TPCC_BIN" runs --json oddruns >odd-runs.txt 2>&1
assert "runs --json keeps tags cut short (between two characters)" \
	python3 -c 'import json,sys; t=json.load(open(sys.argv[1]))[0]["tags"]; assert t.startswith("t=\u00e9") and len(t.encode()) < 512, t' odd-runs.txt

echo "not json" >bad.json
"$TPCC_BIN" report bad.json -o bad.html >bad.txt 2>&1
assert "a file that is not a results file: exit 2" [ $? -eq 2 ]
assert "... named, and no page left" eval "grep -q 'bad.json: not a results file' bad.txt && [ ! -e bad.html ] && [ ! -e bad.html.tmp ]"
"$TPCC_BIN" report "$R" --format pdf >fmt.txt 2>&1
assert "an unknown format: exit 2" [ $? -eq 2 ]
finish
