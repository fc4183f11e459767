#!/usr/bin/env python3
"""dashboard_check.py DASHBOARD METRICS_PAGE PROM_URL: every query in the
Grafana dashboard names only metrics (and server metric names) that the
/metrics page serves, and a real Prometheus that scraped a run answers each
one with data.  Grafana itself is not packaged in Debian 12; this is what
can be checked of the dashboard without it."""
import json
import re
import sys
import urllib.parse
import urllib.request

dash, page, url = sys.argv[1:4]
served = set()
names = set()
for line in open(page):
    if line.startswith("#") or not line.strip():
        continue
    served.add(re.match(r"[a-zA-Z_:][a-zA-Z0-9_:]*", line).group(0))
    m = re.search(r'name="([^"]*)"', line)
    if m and line.startswith("tpcc_server_metric"):
        names.add(m.group(1))

d = json.load(open(dash))
exprs = [(p["title"], t["expr"]) for p in d["panels"] for t in p["targets"]]
last = json.load(urllib.request.urlopen(url + "/api/v1/query?" + urllib.parse.urlencode(
    {"query": "max(max_over_time(timestamp(tpcc_elapsed_seconds)[10m:1s]))"}), timeout=10))
at = float(last["data"]["result"][0]["value"][1]) - 2
bad = 0
for title, e in exprs:
    used = set(re.findall(r"\btpcc_[a-zA-Z0-9_:]*", e))
    missing = sorted(used - served)
    wanted = set()
    for alt in re.findall(r'name=~?"([^"]*)"', e):
        wanted |= set(alt.split("|"))
    missing += sorted("server metric " + n for n in wanted - names)
    q = e.replace("$__rate_interval", "10s")
    with urllib.request.urlopen(url + "/api/v1/query?" + urllib.parse.urlencode(
            {"query": q, "time": "%.3f" % at}), timeout=10) as r:
        res = json.load(r)
    empty = res["status"] != "success" or not res["data"]["result"]
    print("%-4s %-45s %s" % ("bad" if missing or empty else "ok", title[:45],
                             ("missing " + ", ".join(missing)) if missing else
                             ("no data from Prometheus" if empty else "%d series" % len(res["data"]["result"]))))
    bad += bool(missing or empty)
print("%d queries in %d panels" % (len(exprs), len(d["panels"])))
sys.exit(1 if bad or not exprs else 0)
