#!/usr/bin/env python3
"""prom_compare.py: what a real Prometheus scraped from /metrics against a
results file, for tests/metrics-prometheus.sh and metrics-clients.sh.

  prom_compare.py nopm URL FILE [SELECTOR]   scraped counts and rate(..[10s])*60 vs the ticks'
  prom_compare.py p95 URL FILE [SELECTOR]    histogram_quantile vs the summary's p95
  prom_compare.py sum URL FILE=INSTANCE...   sum over instances vs the files' sum
  prom_compare.py rate URL FILE [SELECTOR]   the offered load's gauges vs the ticks'

Prints the figures side by side; exits 1 when one is out of tolerance."""
import json
import sys
import urllib.parse
import urllib.request


def query(url, expr, at=None):
    args = {"query": expr}
    if at is not None:
        args["time"] = "%.3f" % at
    with urllib.request.urlopen(url + "/api/v1/query?" + urllib.parse.urlencode(args),
                                timeout=10) as r:
        d = json.load(r)
    if d["status"] != "success":
        raise SystemExit("query %s: %s" % (expr, d))
    return d["data"]["result"]


def samples(url, sel, metric, end, span=600):
    """Raw (timestamp, value) pairs of metric{sel} up to end."""
    res = query(url, "%s{%s}[%ds]" % (metric, sel, span), end)
    if not res:
        raise SystemExit("no samples of %s{%s}" % (metric, sel))
    return [(float(t), float(v)) for t, v in res[0]["values"]]


def last_time(url, sel):
    res = query(url, "timestamp(tpcc_elapsed_seconds{%s})" % sel)
    if not res:
        # the target is gone and its series stale: look back over a range
        res = query(url, "max_over_time(timestamp(tpcc_elapsed_seconds{%s})[10m:1s])" % sel)
    return float(res[0]["value"][1])


def nopm(url, path, sel):
    """Samples carry their scrape's time, not their tick's: each scrape's
    New-Order count must be exactly the file's up to the second scraped
    with it, and rate()*60 over 10 s the file's New-Orders of the ticks in
    the window over the time between the window's scrapes (the file's
    per-tick mean would be off by a tick in ten whenever a scrape falls
    near a tick)."""
    d = json.load(open(path))
    cum, run = {}, 0
    for t in d["ticks"]:
        run += t["commits"]["new_order"]
        cum[t["t"]] = run
    steady = [t["t"] for t in d["ticks"] if t["phase"] == "steady"]
    end = last_time(url, sel) + 0.5
    el = samples(url, sel, "tpcc_elapsed_seconds", end)
    no = dict(samples(url, sel + ',type="new_order"', "tpcc_commits_total", end))
    wrong = [(ts, e, no.get(ts)) for ts, e in el if no.get(ts) != cum.get(int(e), 0)]
    print("%d scrapes; %d with a New-Order count other than the file's%s" % (
        len(el), len(wrong), " (e.g. second %d: %s against %s)" % (
            wrong[0][1], wrong[0][2], cum.get(int(wrong[0][1]))) if wrong else ""))
    bad = len(wrong) > 0
    checked = 0
    print("%-8s %-10s %12s %12s %7s" % ("at", "seconds", "prometheus", "file", "diff"))
    # Every 3rd scrape whose 10 s window lies in the steady phase; half a
    # second after it no sample lies on the window's edge, which
    # Prometheus 2 includes and 3 leaves out.
    for i, (ts, e) in enumerate(el):
        at = ts + 0.5
        win = [x for x in el if at - 10 < x[0] <= at]
        (t1, e1), (t2, e2) = win[0], win[-1]
        if i % 3 or e2 - e1 < 8 or e1 < steady[0] or e2 > steady[-1]:
            continue
        r = query(url, 'rate(tpcc_commits_total{%s,type="new_order"}[10s])*60' % sel, at)
        prom = float(r[0]["value"][1])
        file_nopm = (cum[int(e2)] - cum[int(e1)]) * 60 / (t2 - t1)
        diff = (prom - file_nopm) / file_nopm * 100 if file_nopm else 100
        print("%-8.1f %4d-%-5d %12.0f %12.0f %+6.2f%%" % (ts - el[0][0], e1 + 1, e2,
                                                      prom, file_nopm, diff))
        checked += 1
        bad |= abs(diff) > 5
    if checked < 2:
        print("only %d windows to compare" % checked)
        return 1
    return 1 if bad else 0


def p95(url, path, sel):
    d = json.load(open(path))
    steady = [t["t"] for t in d["ticks"] if t["phase"] == "steady"]
    el = samples(url, sel, "tpcc_elapsed_seconds", last_time(url, sel) + 0.5)
    at = [ts for ts, e in el if e <= steady[-1]][-1]
    seen = [e for ts, e in el if ts == at][0]
    q = query(url, 'histogram_quantile(0.95, tpcc_latency_seconds_bucket{%s,type="new_order"})'
              % sel, at)
    prom = float(q[0]["value"][1]) * 1000
    b = query(url, 'tpcc_latency_seconds_bucket{%s,type="new_order"}' % sel, at)
    les = sorted(float(x["metric"]["le"]) * 1000 for x in b if x["metric"]["le"] != "+Inf")
    lo = max([0] + [x for x in les if x < prom])
    hi = min([x for x in les if x >= prom] + [float("inf")])
    file_p95 = d["summary"]["latency_ms"]["new_order"]["p95"]
    print("p95 new_order over ticks 1-%d: prometheus %.3f ms (bucket %g-%g ms), file %.3f ms"
          % (seen, prom, lo, hi, file_p95))
    return 0 if lo * 0.99 <= file_p95 <= hi * 1.01 else 1


def total(url, pairs):
    """The sum over instances of the last commits each published, against
    the files' ticks up to the second that scrape saw: exactly equal, as
    the endpoint's counters are the cumulative sums of the ticks."""
    files = 0
    for pair in pairs:
        path, inst = pair.split("=", 1)
        d = json.load(open(path))
        r = query(url, 'last_over_time(tpcc_elapsed_seconds{instance="%s"}[10m])' % inst)
        seen = int(float(r[0]["value"][1]))
        files += sum(t["commits"]["new_order"] for t in d["ticks"] if t["t"] <= seen)
    r = query(url, 'sum(last_over_time(tpcc_commits_total{type="new_order"}[10m]))')
    prom = int(float(r[0]["value"][1]))
    print("New-Orders: Prometheus's sum over instances %d, the files' %d" % (prom, files))
    return 0 if prom == files else 1


def rate(url, path, sel):
    """Each scraped sample of the offered load's gauges, read with the
    elapsed seconds of the same scrape (the same time), must be that tick's
    figure in the file."""
    d = json.load(open(path))
    ticks = {t["t"]: t for t in d["ticks"]}
    end = last_time(url, sel) + 0.5
    second = dict(samples(url, sel, "tpcc_elapsed_seconds", end))
    bad = 0
    for metric, field, tol in (("tpcc_offered_tpm", "offered_tpm", 0.51),
                               ("tpcc_achieved_tpm", "tpm", 0.51),
                               ("tpcc_behind_schedule_seconds", "behind_s", 0.0011),
                               ("tpcc_behind_schedule_transactions", "behind_txn", 0)):
        got = samples(url, sel, metric, end)
        off = [(ts, v, ticks[int(second[ts])].get(field)) for ts, v in got if ts in second]
        wrong = [x for x in off if x[2] is None or abs(x[1] - x[2]) > tol]
        print("%-34s %3d samples, %d differ from the file's %s%s" % (
            metric, len(off), len(wrong), field,
            " (e.g. %g against %s)" % (wrong[0][1], wrong[0][2]) if wrong else ""))
        bad += bool(wrong) or len(off) < 5
    return 1 if bad else 0


def main():
    mode, url = sys.argv[1], sys.argv[2]
    if mode == "sum":
        return total(url, sys.argv[3:])
    sel = sys.argv[4] if len(sys.argv) > 4 else 'job="tpcc"'
    return {"nopm": nopm, "p95": p95, "rate": rate}[mode](url, sys.argv[3], sel)


sys.exit(main())
