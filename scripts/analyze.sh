#!/usr/bin/env bash
# analyze.sh: static analysis that fails on any finding.  clang's analyzer
# (scan-build) follows every path through a build of a copy of the
# distributed sources (so the tree's own build is left alone); cppcheck
# reads the sources for what the analyzer does not look at (casts that do
# not port, and the like).  A false positive is answered in the code: a
# shape the tool follows, or an inline `cppcheck-suppress ID` under a
# comment that says why, never a list of exclusions here.
#   scripts/analyze.sh [scan-build|cppcheck]   (default both; scripts/test.sh
#   runs the two side by side, so that neither waits for the other)
set -euo pipefail
what=${1:-all}
case $what in
all|scan-build|cppcheck) ;;
*) echo "analyze.sh: expected scan-build, cppcheck or nothing (both), got '$what'" >&2; exit 2 ;;
esac
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
[ -f Makefile ] || scripts/build.sh

for tool in scan-build clang cppcheck; do
	command -v "$tool" >/dev/null || { echo "analyze.sh: $tool not installed (scripts/deps.sh test)" >&2; exit 1; }
done

status=0
if [ "$what" != cppcheck ]; then
# Under tests/tmp, which git ignores, like the test servers' directories.
work=$top/tests/tmp/analyze
rm -rf "$work"
mkdir -p "$work"
make -s distdir distdir="$work/src" >/dev/null
echo "== scan-build (clang static analyzer) =="
start=$SECONDS
# configure runs outside the analyzer: its test programs are not ours.
# Without -Werror: a clang-only warning is not an analyzer finding, and
# the gcc build with -Werror already stops on warnings.
# Loops are followed twice, not scan-build's four times: that took 350 of
# CI's CPU seconds, 220 with two, and CI is bound by its CPU work.
# TPCC_SCAN_MAXLOOP=4 (or more) for the deeper pass.
maxloop=${TPCC_SCAN_MAXLOOP:-2}
(cd "$work/src" && ./configure -q CC=clang CFLAGS="-O0 -g" >/dev/null &&
	scan-build -maxloop "$maxloop" -o "$work/reports" --status-bugs make -s -j"$(nproc)" >"$work/scan-build.txt" 2>&1) || {
	status=1
	grep -E 'warning:|error:' "$work/scan-build.txt" || tail -n 20 "$work/scan-build.txt"
	echo "scan-build: findings above; reports under $work/reports (scan-view DIR)"
}
grep -E '^scan-build: .*(bugs? found|No bugs found)' "$work/scan-build.txt" || true
echo "scan-build took $((SECONDS - start)) s"
[ $status -eq 0 ] && rm -rf "$work"
fi

[ "$what" = scan-build ] && exit $status
echo "== cppcheck =="
start=$SECONDS
# jansson's iteration macros must be known, or every loop over an object
# is an "unknown macro" (cppcheck has no configuration for jansson).  One
# configuration, the one built here (configure's config.h, and libpq with
# pipelining, as Debian 12's has), not every #if combination cppcheck can
# make up: that took four times as long, in a CI run held to 30 minutes,
# and still skipped drivers/pg.c's pipelined code (a bug planted in it was
# found only with LIBPQ_HAS_PIPELINING given).  The sanitizer-only
# branches (FIBER_ASAN, FIBER_TSAN) are compiled by those builds.
cppcheck -q -DHAVE_CONFIG_H -DLIBPQ_HAS_PIPELINING --enable=warning,performance,portability \
	--inline-suppr --error-exitcode=1 --include=/usr/include/jansson.h -I src -I . \
	src drivers ui || status=1
echo "cppcheck took $((SECONDS - start)) s"
exit $status
