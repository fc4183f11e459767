#!/usr/bin/env python3
"""split-run.py RUN.json FIRST.json SECOND.json: the two halves of a run's
steady phase as two results files of their own (without a summary, as a
run killed at that point leaves), for comparing a run with itself."""
import json
import sys

src, first, second = sys.argv[1:4]
d = json.load(open(src))
steady = [t for t in d["ticks"] if t["phase"] == "steady"]
half = len(steady) // 2
for path, ticks in ((first, steady[:half]), (second, steady[half:2 * half])):
    out = dict(d)
    out["ticks"] = ticks
    out["events"] = []
    out["summary"] = None
    out["complete"] = True
    out["run"] = dict(d["run"], label="%s, %s half" % (d["run"].get("label", ""),
                                                    "first" if path == first else "second"))
    json.dump(out, open(path, "w"))
