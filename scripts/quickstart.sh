#!/usr/bin/env bash
# quickstart.sh: from a fresh Debian 12 machine to a running benchmark.
# Installs what is missing, builds, creates a 1-warehouse SQLite schema in
# ./tpcc.sqlite if there is none, and runs 2 virtual users for 60 s with one
# line per second.  Type commands (vus 4, mark TEXT, stop, help) while it
# runs.  Results go to ./results/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
scripts/build.sh
db=${TPCC_DB:-tpcc.sqlite}
[ -s "$db" ] || ./tpcc-console build --db "$db" --warehouses 1
# Commands typed while it runs (vus 4, mark TEXT, stop, help) take effect.
exec ./tpcc-console run --db "$db" --vus 2 --rampup 5 --duration 60 --batch
