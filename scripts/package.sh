#!/usr/bin/env bash
# package.sh OUTDIR: `make distcheck` with one unit test (the full suite
# runs in the tree already: distcheck is here to prove the tarball builds,
# installs and uninstalls), then the Debian package from that tarball with
# dpkg-buildpackage (no tests, two jobs) and lintian on it.  Leaves the
# .deb, the tarball and lintian.txt in OUTDIR; exits 1 on a failure or a
# lintian error.  Run from a configured tree (scripts/build.sh).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(mkdir -p "$1" && cd "$1" && pwd)
cd "$top"
t0=$(date +%s)
make -s distcheck TESTS="tests/test_unit_rand" >"$out/distcheck.txt" 2>&1 ||
	{ tail -n 30 "$out/distcheck.txt"; echo "package.sh: make distcheck failed"; exit 1; }
tarball=$(ls -t tpcc-console-*.tar.gz | head -1)
mv "$tarball" "$out/"
echo "package.sh: make distcheck passed in $(($(date +%s) - t0)) s ($tarball)"

t0=$(date +%s)
rm -rf "$out/src"
mkdir "$out/src"
tar -C "$out/src" -xzf "$out/$tarball"
cd "$out/src"/tpcc-console-*
DEB_BUILD_OPTIONS="nocheck parallel=2" dpkg-buildpackage -us -uc -b >"$out/dpkg-buildpackage.txt" 2>&1 ||
	{ tail -n 30 "$out/dpkg-buildpackage.txt"; echo "package.sh: dpkg-buildpackage failed"; exit 1; }
cd "$out"
mv src/*.deb src/*.changes src/*.buildinfo .
echo "package.sh: dpkg-buildpackage built $(echo ./*.deb) in $(($(date +%s) - t0)) s"
rm -rf src
root=
[ "$(id -u)" != 0 ] || root=--allow-root
lintian $root --tag-display-limit 0 ./*.changes >lintian.txt 2>&1 || true
cat "$out/lintian.txt"
if grep -q '^E: ' "$out/lintian.txt"; then
	echo "package.sh: lintian reports errors"
	exit 1
fi
echo "package.sh: lintian: $(grep -c '^E: ' "$out/lintian.txt") errors, $(grep -c '^W: ' "$out/lintian.txt") warnings"
