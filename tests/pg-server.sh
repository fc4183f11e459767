#!/usr/bin/env bash
# pg-server.sh: a private PostgreSQL server for the integration tests, and a
# private ODBC setup (odbcinst.ini + odbc.ini) naming psqlODBC and MariaDB
# Connector/ODBC, all kept under one directory; the system's cluster and
# /etc/odbc*.ini are never touched.
#
#   tests/pg-server.sh start DIR   # prints export lines for eval
#   tests/pg-server.sh stop DIR
#
# PG_PORT (default 54331) picks the TCP port, bound to 127.0.0.1 only.  The
# server refuses to run as root, so under root it runs as the `postgres`
# system user (made by the Debian package) and DIR/data belongs to it.
# When TPCC_TEST_MYSQL_PORT is set (the MariaDB of mariadb-server.sh runs),
# odbc.ini gets a DSN for it too.  Progress goes to stderr; only the export
# lines reach stdout.
set -euo pipefail

PG_PORT=${PG_PORT:-54331}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}

die() { echo "pg-server.sh: $*" >&2; exit 1; }
say() { echo "pg-server.sh: $*" >&2; }

[ $# -eq 2 ] || die "usage: $0 start|stop DIR"
cmd=$1
dir=$(realpath -m -- "$2")
odbc=$dir/odbc

for t in initdb pg_ctl postgres; do
	[ -x "$PGBIN/$t" ] || die "$PGBIN/$t not found (install postgresql-15)"
done

# Run a server tool as the user who owns the cluster.
if [ "$(id -u)" -eq 0 ]; then
	id postgres >/dev/null 2>&1 || die "running as root needs the postgres system user"
	as_owner() { runuser -u postgres -- "$@"; }
	owner=postgres
else
	as_owner() { "$@"; }
	owner=$(id -un)
fi
# Where the cluster and its socket live: DIR itself, unless the server's
# user cannot reach it (a checkout under /root) or the socket path would be
# too long for a Unix socket; then a directory in /tmp named after DIR, so
# start and stop find the same one.
cluster_dir() {
	local alt=/tmp/tpcc-pg-$(printf '%s' "$dir" | md5sum | cut -c1-12)
	if [ ${#dir} -gt 80 ]; then
		echo "$alt"
	elif [ "$owner" = postgres ] && ! runuser -u postgres -- test -x "$(dirname "$dir")"; then
		echo "$alt"
	else
		echo "$dir"
	fi
}
home=$(cluster_dir)
data=$home/data
log=$home/server.log
psql_super() { as_owner psql -X -q -h "$home" -p "$PG_PORT" -U postgres -d postgres "$@"; }

odbc_lib() {
	# Find a driver library from its Debian package, else the usual path.
	local pkg=$1 name=$2 f
	f=$(dpkg -L "$pkg" 2>/dev/null | grep -m1 "/$name\$" || true)
	[ -n "$f" ] || f=/usr/lib/x86_64-linux-gnu/odbc/$name
	echo "$f"
}

write_odbc() {
	mkdir -p "$odbc"
	# ANSI psqlODBC: tpcc-console calls the ANSI API, so no conversion.
	cat >"$odbc/odbcinst.ini" <<EOF
[tpcc-psqlodbc]
Description=psqlODBC for the tpcc-console tests
Driver=$(odbc_lib odbc-postgresql psqlodbca.so)

[tpcc-mariadb]
Description=MariaDB Connector/ODBC for the tpcc-console tests
Driver=$(odbc_lib odbc-mariadb libmaodbc.so)
EOF
	cat >"$odbc/odbc.ini" <<EOF
[tpcc_pg]
Driver=tpcc-psqlodbc
Servername=127.0.0.1
Port=$PG_PORT
Database=tpcc_test
EOF
	# No Protocol= in the DSN on purpose: the tests go through the odbc
	# driver's own switch to transaction-level rollback.
	if [ -n "${TPCC_TEST_MYSQL_PORT:-}" ]; then
		cat >>"$odbc/odbc.ini" <<EOF

[tpcc_mariadb]
Driver=tpcc-mariadb
Server=127.0.0.1
Port=$TPCC_TEST_MYSQL_PORT
Database=tpcc_test
EOF
	fi
}

print_exports() {
	cat <<EOF
export ODBCSYSINI=$odbc
export ODBCINI=$odbc/odbc.ini
export TPCC_TEST_ODBCSYSINI=$odbc
export TPCC_TEST_ODBCINI=$odbc/odbc.ini
export TPCC_TEST_PG_DIR=$home
export TPCC_TEST_PG_PORT=$PG_PORT
export TPCC_TEST_PG_DSN=tpcc_pg
export TPCC_TEST_PG_USER=tpcc
export TPCC_TEST_PG_PASSWORD=tpcc
export TPCC_TEST_PG_DB=tpcc_test
EOF
	if [ -n "${TPCC_TEST_MYSQL_PORT:-}" ]; then
		echo "export TPCC_TEST_MARIADB_DSN=tpcc_mariadb"
	fi
}

setup_sql() {
	# Idempotent: a restart over an existing cluster is fine.  The test
	# user is a superuser because knobs use ALTER SYSTEM.
	psql_super <<'EOF'
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'tpcc') THEN
    CREATE ROLE tpcc LOGIN SUPERUSER PASSWORD 'tpcc';
  END IF;
END $$;
EOF
	if [ "$(psql_super -tAc "SELECT 1 FROM pg_database WHERE datname = 'tpcc_test'")" != 1 ]; then
		psql_super -c "CREATE DATABASE tpcc_test OWNER tpcc"
	fi
}

running() { as_owner "$PGBIN/pg_ctl" -D "$data" status >/dev/null 2>&1; }
# A postmaster killed with SIGKILL (pg-native-faults.sh) lingers as a
# zombie until its parent reaps it, and where that parent is a container's
# PID 1 that never does, for good: pg_ctl status, and the postmaster's own
# check of its lock file, take the zombie's pid for a live server, and a
# start says "already running" (seen in CI).  Its pid file is stale then.
drop_stale_pid() {
	local pid
	pid=$(head -1 "$data/postmaster.pid" 2>/dev/null) || return 0
	[ -n "$pid" ] || return 0
	if [ ! -d "/proc/$pid" ] || grep -q '^State:[[:space:]]*Z' "/proc/$pid/status" 2>/dev/null; then
		say "removing the pid file of postmaster $pid, which is gone"
		rm -f "$data/postmaster.pid"
	fi
}

start() {
	mkdir -p "$dir" "$home"
	[ "$(id -u)" -ne 0 ] || chown postgres: "$home"
	if [ ! -s "$data/PG_VERSION" ]; then
		say "initialising $data"
		# Local socket connections are trusted (the socket lives in a
		# private directory); TCP asks for a password, as a real server.
		as_owner "$PGBIN/initdb" -D "$data" -U postgres --auth-local=trust \
			--auth-host=scram-sha-256 -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 ||
			{ cat "$dir/initdb.log" >&2; die "initdb failed"; }
	fi
	write_odbc
	drop_stale_pid
	if running; then
		say "already running"
	else
		say "starting postgres on 127.0.0.1:$PG_PORT"
		# -w waits until it accepts connections (bounded by -t).
		as_owner "$PGBIN/pg_ctl" -D "$data" -l "$log" -w -t 60 \
			-o "-c listen_addresses=127.0.0.1 -p $PG_PORT -c unix_socket_directories=$home \
			    -c max_connections=200 -c shared_buffers=256MB -c fsync=on \
			    -c max_wal_size=2GB" start >&2 ||
			{ tail -n 30 "$log" >&2 || true; die "postgres did not start"; }
	fi
	setup_sql
	say "ready"
	print_exports
}

stop() {
	if ! running; then
		say "not running"
		return 0
	fi
	say "stopping"
	as_owner "$PGBIN/pg_ctl" -D "$data" -m fast -w -t 60 stop >&2 ||
		as_owner "$PGBIN/pg_ctl" -D "$data" -m immediate -w -t 30 stop >&2 || true
	# A cluster kept in /tmp for DIR goes with it.
	[ "$home" = "$dir" ] || rm -rf "$home"
}

case $cmd in
start) start ;;
stop) stop ;;
*) die "usage: $0 start|stop DIR" ;;
esac
