#!/usr/bin/env bash
# deps.sh: install the Debian 12 packages tpcc-console needs, only those
# missing.  `deps.sh build` for building and running; `deps.sh test` adds
# what the test suite needs (MariaDB and PostgreSQL servers, the psqlODBC
# and MariaDB ODBC drivers, Python for JSON checks, tmux, openssl for the
# test server's certificates, clang and its libFuzzer runtime, and the
# static analyzers: scan-build, in clang-tools-14, and cppcheck; Prometheus
# and curl for the /metrics tests; debhelper, lintian and man-db for the
# Debian package; e2fsprogs and util-linux for the stalled-disk test's
# frozen ext4 image).
set -euo pipefail

build_pkgs="build-essential autoconf automake pkg-config libmariadb-dev libsqlite3-dev
	libconfig-dev libedit-dev libncurses-dev unixodbc-dev libpq-dev check libjansson-dev libmicrohttpd-dev"
test_pkgs="mariadb-server mariadb-client python3 tmux sqlite3 openssl clang libclang-rt-14-dev
	clang-tools-14 cppcheck postgresql postgresql-client odbc-postgresql odbc-mariadb unixodbc
	libxml2-utils chromium prometheus curl debhelper lintian man-db e2fsprogs util-linux locales"

want=$build_pkgs
[ "${1:-build}" = test ] && want="$want $test_pkgs"

missing=()
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps.sh: installing ${missing[*]}" >&2
sudo=
[ "$(id -u)" -eq 0 ] || sudo=sudo
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# The tests start a private MariaDB and PostgreSQL of their own; if the
# packages start the system services too, those listen elsewhere and are
# left alone.
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
