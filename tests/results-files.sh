#!/usr/bin/env bash
# results-files.sh: what a run leaves and what reads it.  A real SQLite run
# with a label and tags has every field of format 2; runs lists it; compare
# on fixtures: two real MariaDB runs (4 VUs and 2, server-bound: fsync per
# commit) differ beyond noise and --fail-if exits 3, the two halves of the
# 4-VU run are within noise and exit 0; a file of known ticks gives known
# figures; format 1, a file cut mid-tick, a killed run's file and a file
# that is not a results file; a label with a byte that is not UTF-8 through
# run, report, compare and runs, and an older file holding such bytes.
. "$(dirname "$0")/lib.sh"
cd "$T"
DB=$T/tpcc.sqlite
FIX=$TPCC_SRCDIR/tests/fixtures

sqlite_built "build exits 0" "$DB"
"$TPCC_BIN" run --db "$DB" --vus 2 --rampup 1 --duration 8 --batch --results-dir "$T/res" \
	--label "s16 check" --tag disk=vda --tag fw=2.1 </dev/null >run.txt 2>&1
assert "run exits 0" [ $? -eq 0 ]
R=$(ls "$T"/res/*.json)
assert "format 2" json_is "$R" 'd["format"]' tpcc-console-results/2
assert "label and tags stored" json_true "$R" \
	'd["run"]["label"] == "s16 check" and d["run"]["tags"] == {"disk": "vda", "fw": "2.1"}'
assert "host CPU per tick (after the monitor's first second)" json_true "$R" \
	'all(t["host_cpu"]["user"] >= 0 and t["host_cpu"]["iowait"] >= 0 for t in d["ticks"][2:])'
assert "client CPU per tick" json_true "$R" 'all(t["cpu_client"] >= 0 for t in d["ticks"])'
assert "disk per tick, or why not once" json_true "$R" \
	'"disk" in d["unavailable"] or all("w_iops" in t["disk"] and "w_ms" in t["disk"] for t in d["ticks"][3:])'
assert "SQLite: no server CPU or metrics, and why, once" json_true "$R" \
	'"embedded" in d["unavailable"]["cpu_server"] and "server_metrics" in d["unavailable"] and all(t["cpu_server"] is None and t["server_metrics"] is None for t in d["ticks"])'
assert "the database file's size per tick" json_true "$R" 'all(t["db_file_mb"] > 0 for t in d["ticks"][3:])'
assert "system: CPUs, memory, kernel" json_true "$R" \
	'd["system"]["cpus"] >= 1 and d["system"]["memory_bytes"] > 0 and d["system"]["kernel"] != ""'
assert "system: SQLite's settings" json_is "$R" 'd["system"]["server_variables"]["journal_mode"]' wal
assert "steady histograms: every type, buckets summing to the count" json_true "$R" \
	'all(sum(b[2] for b in h["buckets"]) == h["count"] == d["summary"]["commits"][k] + (d["summary"]["audit"]["new_order_rollbacks"] if k == "new_order" else 0) and all(b[0] < b[1] for b in h["buckets"]) for k, h in d["summary"]["histograms_us"].items()) and len(d["summary"]["histograms_us"]) == 5'
"$TPCC_BIN" run --db "$DB" --tag novalue --duration 1 --batch </dev/null >badtag.txt 2>&1
assert "a tag without = is refused (exit 2)" [ $? -eq 2 ]
assert "... saying what is expected" contains badtag.txt "expected K=V, got 'novalue'"

"$TPCC_BIN" runs "$T/res" >runs.txt 2>&1
assert "runs lists the run with its label, W, VUs and how it ended" \
	grep -qE '^20[0-9-]+T[0-9:]+Z +s16 check +SQLite 3[0-9.]+ +1 +2 statements +8s +[0-9]+  complete$' runs.txt

# Text that is not UTF-8 (a label typed in a Latin-1 terminal) is written
# as U+FFFD, so every reader takes the file; a file an older writer left
# with the bytes as they came is repaired on reading, and said so.
L8=$'io\xef\xbf\xbd cap'   # the label with U+FFFD in UTF-8
"$TPCC_BIN" run --db "$DB" --vus 1 --rampup 0 --duration 3 --batch --results-dir "$T/u8" \
	--label $'io\xff cap' --tag $'fw=2.1\xe9' </dev/null >u8run.txt 2>&1
assert "a run labelled io\\xff cap exits 0" [ $? -eq 0 ]
U=$(ls "$T"/u8/*.json)
assert "its results file is UTF-8 JSON, the byte as U+FFFD" json_true "$U" \
	'd["run"]["label"] == "io\ufffd cap" and d["run"]["tags"] == {"fw": "2.1\ufffd"} and d["config"]["run.label"] == "io\ufffd cap"'
for f in html md csv; do
	"$TPCC_BIN" report "$U" --format $f -o "u8.$f" >u8rep.$f.txt 2>&1
	assert "report --format $f reads it (exit 0)" [ $? -eq 0 ]
	assert "... writes UTF-8 with the label" eval 'iconv -f UTF-8 -t UTF-8 u8.$f >/dev/null && grep -qF "$L8" u8.$f'
done
"$TPCC_BIN" compare "$R" "$U" >u8cmp.txt 2>&1
assert "compare reads it (exit 0)" eval '[ $? -eq 0 ] && grep -qF "$L8" u8cmp.txt'
"$TPCC_BIN" runs "$T/u8" >u8runs.txt 2>&1
assert "runs lists it with its label" eval '[ $? -eq 0 ] && grep -qF " $L8 " u8runs.txt'
mkdir old && python3 -c 'import sys; b=open(sys.argv[1],"rb").read(); open(sys.argv[2],"wb").write(b.replace("io\ufffd cap".encode(), b"io\xff cap"))' "$U" old/latin1.json
assert "(the old file holds the raw byte, in the label and the config)" \
	[ "$(grep -ao $'io\xff cap' old/latin1.json | wc -l)" = 2 ]
"$TPCC_BIN" report old/latin1.json --format md -o old.md >oldrep.txt 2>&1
assert "report reads a file with a raw \\xff (exit 0)" [ $? -eq 0 ]
assert "... warns, naming the file" contains oldrep.txt "old/latin1.json: 2 bytes that were not UTF-8 read as U+FFFD"
assert "... and writes UTF-8" eval 'iconv -f UTF-8 -t UTF-8 old.md >/dev/null && grep -qF "$L8" old.md'
"$TPCC_BIN" runs old >oldruns.txt 2>&1
assert "runs lists it, with a warning naming the file" eval \
	'grep -qF " $L8 " oldruns.txt && grep -qF "runs: warning: old/latin1.json: 2 bytes that were not UTF-8" oldruns.txt'
"$TPCC_BIN" compare old/latin1.json "$R" >oldcmp.txt 2>&1
assert "compare reads it and says so" eval '[ $? -eq 0 ] && grep -q "note: .*not UTF-8 read as U+FFFD" oldcmp.txt'

# Two real MariaDB runs, 60 s steady each, recorded with this build.
gzip -dc "$FIX/mariadb-4vus.json.gz" >a4.json
gzip -dc "$FIX/mariadb-2vus.json.gz" >a2.json
"$TPCC_BIN" compare a4.json a2.json >cmp.txt 2>&1
assert "compare exits 0 without gates" [ $? -eq 0 ]
assert "half the VUs: NOPM beyond noise, more than 10% slower" \
	grep -qE '^NOPM +[0-9]+ +[0-9]+ +-[0-9.]+% +B is ([1-9][0-9])\.[0-9]% slower \(95% interval -[0-9.]+\.\.-[0-9.]+%\)$' cmp.txt
"$TPCC_BIN" compare a4.json a2.json --fail-if 'nopm<-5%' >gate.txt 2>&1
assert "--fail-if nopm<-5% exits 3 when NOPM fell beyond noise" [ $? -eq 3 ]
assert "... and names the gate" contains gate.txt "B failed --fail-if: nopm<-5% (-"
"$TPCC_BIN" compare a2.json a4.json --fail-if 'nopm<-5%' >/dev/null 2>&1
assert "... exits 0 the other way round" [ $? -eq 0 ]
# A run killed in its ramp-up: no steady second to judge by.  A gate must
# not pass it on no evidence.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["ticks"]=[t for t in d["ticks"] if t["phase"]!="steady"][:3]; d["summary"]=None; d["complete"]=False; json.dump(d,open(sys.argv[2],"w"))' a4.json dead.json
"$TPCC_BIN" compare a4.json dead.json --fail-if 'nopm<-5%' >deadgate.txt 2>&1
assert "--fail-if against a run with no steady seconds exits 3" [ $? -eq 3 ]
assert "... saying it could not be judged" contains deadgate.txt "B failed --fail-if: nopm<-5% (cannot be judged"
python3 "$TPCC_SRCDIR/tests/split-run.py" a4.json h1.json h2.json
"$TPCC_BIN" compare h1.json h2.json --fail-if 'nopm<-5%' >halves.txt 2>&1
assert "the two halves of one steady run: NOPM within noise, exit 0" \
	eval '[ $? -eq 0 ] && grep -qE "^NOPM .* within noise$" halves.txt'
"$TPCC_BIN" compare a4.json a2.json --fail-if 'speed<-5%' >badgate.txt 2>&1
assert "a bad gate is a usage error" [ $? -eq 2 ]

# Known ticks: NOPM 1000/1200 alternating (mean 1100) against 1210 with
# its own ripple: exactly +10.0%, beyond noise.
python3 - <<'PY'
import json
def run(path, label, nopm_of, started):
    ticks = [{"t": i + 1, "phase": "steady", "vus": 4, "vus_target": 4, "nopm": nopm_of(i),
              "tpm": 2 * nopm_of(i), "server_tpm": None,
              "latency_ms": {"new_order": {"p50": 5, "p95": 10, "p99": 20, "max": 30}},
              "errors": {"deadlock": 0}, "failed": 0, "cpu_client": 50} for i in range(60)]
    d = {"format": "tpcc-console-results/2", "run": {"started_at": started, "label": label,
         "dialect": "mysql", "server_version": "10.11.6-MariaDB", "warehouses": 10,
         "mode": "procedures", "tags": {}}, "ticks": ticks, "events": [],
         "summary": {"steady_seconds": 60, "nopm": sum(t["nopm"] for t in ticks) / 60,
                     "tpm": sum(t["tpm"] for t in ticks) / 60, "vus_max": 4,
                     "latency_ms": {"new_order": {"p95": 10, "p99": 20}},
                     "errors": {"deadlock": 0}, "failed": 0, "retries": 0,
                     "client_cpu_s_per_1000_new_orders": 0.5},
         "stopped_by": None, "complete": True}
    json.dump(d, open(path, "w"))
run("k1.json", "known base", lambda i: 1000 if i % 2 else 1200, "2026-01-01T10:00:00Z")
run("k2.json", "known +10%", lambda i: 1210 + (20 if i // 10 % 2 else -20), "2026-01-02T10:00:00Z")
PY
"$TPCC_BIN" compare k1.json k2.json >known.txt 2>&1
assert "known ticks: NOPM 1100 against 1210, +10.0%, beyond noise" \
	grep -qE '^NOPM +1100 +1210 +\+10\.0% +B is 10\.0% faster \(95% interval \+[0-9.]+\.\.\+[0-9.]+%\)$' known.txt
assert "known ticks: TPM 2200 against 2420" grep -qE '^TPM +2200 +2420 +\+10\.0%' known.txt
assert "known ticks: same p95, within noise" grep -qE '^p95 new_order ms +10\.0 +10\.0 +\+0\.0% +within noise$' known.txt
mkdir known && cp k1.json k2.json known/
"$TPCC_BIN" runs known --json >known-runs.json 2>&1
assert "runs --json: newest first, with the known NOPM" json_true known-runs.json \
	'[r["label"] for r in d] == ["known +10%", "known base"] and [r["nopm"] for r in d] == [1210, 1100] and d[0]["warehouses"] == 10 and d[0]["mode"] == "procedures"'
# A version that names its server stands alone; one too wide is cut with
# a mark, never to what reads as another version ("15.0.1" of 15.0.18).
python3 -c 'import json,sys; d=json.load(open("k1.json")); d["run"]["dialect"]="postgresql"; d["run"]["server_version"]="PostgreSQL 15.0.18 (Debian 15.18-0+deb12u1)"; json.dump(d,open("known/k3.json","w"))'
"$TPCC_BIN" runs known >known-runs.txt 2>&1
assert "runs: the version alone when it names the server, a cut marked" \
	grep -qE ' PostgreSQL 15\.0\.18 \(Debian ~ ' known-runs.txt

# Format 1 (before this one), a file cut mid-tick, a killed run's file.
python3 - "$R" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["format"] = "tpcc-console-results/1"
for k in ("system", "unavailable"):
    d.pop(k)
for t in d["ticks"]:
    for k in ("host_cpu", "cpu_server", "disk", "server_metrics", "server_metrics_per_s", "db_file_mb", "log_file_mb"):
        t.pop(k, None)
d["summary"].pop("histograms_us")
json.dump(d, open("old.json", "w"))
PY
"$TPCC_BIN" compare old.json "$R" >old.txt 2>&1
assert "format 1 is compared, and said to lack the new fields" \
	eval '[ $? -eq 0 ] && grep -q "note: format 1: no host CPU" old.txt && grep -q "^NOPM .* +0.0% " old.txt'
head -c $(( $(stat -c %s "$R") * 2 / 3 )) "$R" >cut.json
"$TPCC_BIN" compare cut.json "$R" >cut.txt 2>&1
assert "a file cut mid-tick is read up to its last whole tick, and said so" \
	eval '[ $? -eq 0 ] && grep -q "note: the file is cut short" cut.txt'
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["summary"]=None; d["complete"]=False; json.dump(d, open("killed.json","w"))' "$R"
"$TPCC_BIN" compare killed.json "$R" >killed.txt 2>&1
assert "a killed run's file: figures from its ticks, said so" \
	eval '[ $? -eq 0 ] && grep -q "did not finish" killed.txt && grep -q "^NOPM " killed.txt'
cp k1.json known/ && cp cut.json killed.json known/
"$TPCC_BIN" runs known >kr.txt 2>&1
assert "runs says how each ended" eval 'grep -q "cut short$" kr.txt && grep -q "unfinished (killed?)$" kr.txt'
echo '{"hello": 1}' >other.json
"$TPCC_BIN" compare other.json "$R" >other.txt 2>&1
assert "a JSON file that is not a results file: exit 2" [ $? -eq 2 ]
assert "... saying so" contains other.txt 'other.json: not a results file'
"$TPCC_BIN" compare "$R" >one.txt 2>&1
assert "compare with one file: exit 2" [ $? -eq 2 ]
"$TPCC_BIN" build "$R" >extra.txt 2>&1
assert "a subcommand that takes no file refuses one (exit 2)" [ $? -eq 2 ]
assert "... as an unexpected argument" contains extra.txt "unexpected argument"
finish
