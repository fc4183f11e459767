#!/usr/bin/env bash
# mariadb-server.sh: a private MariaDB server for the integration tests, kept
# entirely under one directory and never touching the system service.
#
#   tests/mariadb-server.sh start DIR   # prints export lines for eval
#   tests/mariadb-server.sh stop DIR
#
# eval "$(tests/mariadb-server.sh start /tmp/tpcc-mdb)" sets the
# TPCC_TEST_MYSQL_* variables that tests/test_drivers reads.  Progress and
# errors go to stderr so only the export lines reach stdout.  PORT (default
# 33061) picks the TCP port, bound to 127.0.0.1 only; MARIADB_EXTRA_ARGS adds
# server options (e.g. --innodb-flush-log-at-trx-commit=0).
set -euo pipefail

PORT=${PORT:-33061}

die() { echo "mariadb-server.sh: $*" >&2; exit 1; }
say() { echo "mariadb-server.sh: $*" >&2; }

usage() { die "usage: $0 start|stop DIR"; }

[ $# -eq 2 ] || usage
cmd=$1
# An absolute path, since the server is started with its own working dir and
# callers eval the socket path from anywhere.
dir=$(realpath -m -- "$2")
data=$dir/data
sock=$dir/mysql.sock
pidf=$dir/mysqld.pid
log=$dir/error.log

for t in mariadbd mariadb-install-db mariadb-admin mariadb; do
	command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] ||
		die "$t not found (install mariadb-server and mariadb-client)"
done
mariadbd_bin=$(command -v mariadbd 2>/dev/null || echo /usr/sbin/mariadbd)

# The client tools must ignore ~/.my.cnf and /etc/mysql: we talk to our own
# server as root over our own socket.
admin() { mariadb-admin --no-defaults --socket="$sock" --user=root "$@"; }
client() { mariadb --no-defaults --socket="$sock" --user=root; }

server_pid() {
	local pid
	[ -s "$pidf" ] || return 1
	pid=$(cat "$pidf")
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
	# A stale pid file may name a pid since reused by something else.
	[ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mariadbd ] || return 1
	echo "$pid"
}

print_exports() {
	cat <<EOF
export TPCC_TEST_MYSQL_SOCKET=$sock
export TPCC_TEST_MYSQL_USER=root
export TPCC_TEST_MYSQL_DB=tpcc_test
export TPCC_TEST_MYSQL_HOST=127.0.0.1
export TPCC_TEST_MYSQL_PORT=$PORT
export TPCC_TEST_MYSQL_TCP_USER=tpcc
export TPCC_TEST_MYSQL_TCP_PASSWORD=tpcc
EOF
}

setup_sql() {
	# Idempotent, so a restart over an existing datadir is fine.
	client <<'EOF'
CREATE DATABASE IF NOT EXISTS tpcc_test;
CREATE USER IF NOT EXISTS 'tpcc'@'localhost' IDENTIFIED BY 'tpcc';
CREATE USER IF NOT EXISTS 'tpcc'@'127.0.0.1' IDENTIFIED BY 'tpcc';
GRANT ALL PRIVILEGES ON *.* TO 'tpcc'@'localhost';
GRANT ALL PRIVILEGES ON *.* TO 'tpcc'@'127.0.0.1';
FLUSH PRIVILEGES;
EOF
}

start() {
	mkdir -p "$dir"
	if server_pid >/dev/null && admin ping >/dev/null 2>&1; then
		say "already running (pid $(server_pid)) on $sock"
		setup_sql
		print_exports
		return 0
	fi

	if [ ! -d "$data/mysql" ]; then
		say "initialising $data"
		# 'normal' gives root@localhost an empty password instead of
		# unix_socket auth, so tests can connect as root whoever runs them.
		mariadb-install-db --no-defaults --user="$(id -un)" \
			--datadir="$data" --auth-root-authentication-method=normal \
			--skip-test-db >"$dir/install.log" 2>&1 ||
			{ cat "$dir/install.log" >&2; die "mariadb-install-db failed"; }
	fi

	rm -f "$pidf"
	say "starting mariadbd on $sock and 127.0.0.1:$PORT"
	# setsid: the server must outlive this script and its process group.
	setsid "$mariadbd_bin" --no-defaults --user="$(id -un)" \
		--datadir="$data" --socket="$sock" --port="$PORT" \
		--bind-address=127.0.0.1 --pid-file="$pidf" --log-error="$log" \
		--innodb-buffer-pool-size=512M --innodb-log-file-size=256M \
		--max-connections=600 --skip-name-resolve \
		${MARIADB_EXTRA_ARGS:-} \
		</dev/null >/dev/null 2>&1 &
	local spid=$!

	# Readiness poll, bounded: 60 tries, 0.5 s apart.
	local i
	for i in $(seq 1 60); do
		if admin ping >/dev/null 2>&1; then
			setup_sql
			say "ready"
			print_exports
			return 0
		fi
		# Give it a few tries before judging: the pid file appears late.
		if [ "$i" -gt 6 ] && ! kill -0 "$spid" 2>/dev/null &&
			! server_pid >/dev/null; then
			tail -n 30 "$log" >&2 || true
			die "mariadbd exited during start-up"
		fi
		sleep 0.5
	done
	tail -n 30 "$log" >&2 || true
	die "mariadbd did not answer ping within 30 s"
}

stop() {
	local pid i
	if ! pid=$(server_pid); then
		say "not running"
		return 0
	fi
	say "stopping pid $pid"
	admin shutdown >/dev/null 2>&1 || true
	for i in $(seq 1 60); do
		kill -0 "$pid" 2>/dev/null || { say "stopped"; return 0; }
		sleep 0.5
	done
	say "shutdown timed out, sending SIGTERM"
	kill -TERM "$pid" 2>/dev/null || true
	for i in $(seq 1 20); do
		kill -0 "$pid" 2>/dev/null || { say "stopped"; return 0; }
		sleep 0.5
	done
	say "sending SIGKILL"
	kill -KILL "$pid" 2>/dev/null || true
}

case $cmd in
start) start ;;
stop) stop ;;
*) usage ;;
esac
