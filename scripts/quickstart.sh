#!/usr/bin/env bash
# quickstart.sh: from a fresh Debian 12 machine to the live console.
# Installs what is missing, builds, and starts `tpcc-console demo`: it
# creates a 1-warehouse SQLite schema in ./tpcc.sqlite if there is none
# (showing the load's progress), then runs the full-screen console with the
# VUs going 1, 2, 4, 8 and back until you press q (then y).  Results go to
# ./results/.  Without a terminal it runs 2 VUs for 60 s, one line a second.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/deps.sh build
scripts/build.sh
db=${TPCC_DB:-tpcc.sqlite}
if [ -t 0 ] && [ -t 1 ]; then
	exec ./tpcc-console demo --db "$db"
fi
[ -s "$db" ] || ./tpcc-console build --db "$db" --warehouses 1
exec ./tpcc-console run --db "$db" --vus 2 --rampup 5 --duration 60 --batch
