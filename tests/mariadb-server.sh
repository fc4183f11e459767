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
#
# TLS: on first start, openssl makes DIR/tls/ca.pem (a private CA) and a
# server certificate for CN=localhost with subjectAltName DNS:localhost and
# IP:127.0.0.1; the server offers TLS with it and TPCC_TEST_MYSQL_CA names
# the CA.  Without openssl the server runs without TLS and the variable is
# not set (the TLS tests then skip).
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
tls=$dir/tls

for t in mariadbd mariadb-install-db mariadb-admin mariadb; do
	command -v "$t" >/dev/null 2>&1 || [ -x "/usr/sbin/$t" ] ||
		die "$t not found (install mariadb-server and mariadb-client)"
done
mariadbd_bin=$(command -v mariadbd 2>/dev/null || echo /usr/sbin/mariadbd)

# The client tools must ignore ~/.my.cnf and /etc/mysql: we talk to our own
# server as root over our own socket.
admin() { mariadb-admin --no-defaults --socket="$sock" --user=root "$@"; }
client() { mariadb --no-defaults --socket="$sock" --user=root "$@"; }

server_pid() {
	local pid
	[ -s "$pidf" ] || return 1
	pid=$(cat "$pidf")
	[ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
	# A stale pid file may name a pid since reused by something else.
	[ "$(cat "/proc/$pid/comm" 2>/dev/null)" = mariadbd ] || return 1
	echo "$pid"
}

# The CA and the server's certificate and key, made once per directory.
# Written to a scratch directory and moved into place whole, so a failed
# run never leaves half a set.
make_certs() {
	local tmp san
	[ -s "$tls/server-key.pem" ] && return 0
	command -v openssl >/dev/null 2>&1 || { say "openssl not found: no TLS"; return 1; }
	say "making a CA and a server certificate in $tls"
	tmp=$(mktemp -d "$dir/tls.XXXXXX")
	san="subjectAltName=DNS:localhost,IP:127.0.0.1
basicConstraints=critical,CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth"
	if (umask 077 && cd "$tmp" &&
		openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -sha256 \
			-subj "/CN=tpcc-console test CA" -keyout ca-key.pem -out ca.pem \
			-addext "basicConstraints=critical,CA:TRUE" \
			-addext "keyUsage=critical,keyCertSign,cRLSign" &&
		openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=localhost" \
			-keyout server-key.pem -out server.csr &&
		printf '%s\n' "$san" >server.ext &&
		openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem \
			-CAcreateserial -days 3650 -sha256 -extfile server.ext \
			-out server-cert.pem &&
		openssl verify -CAfile ca.pem server-cert.pem &&
		rm server.csr server.ext ca.srl) >"$dir/tls.log" 2>&1; then
		rm -rf "$tls"
		mv "$tmp" "$tls"
		return 0
	fi
	cat "$dir/tls.log" >&2
	rm -rf "$tmp"
	say "making the certificates failed: no TLS"
	return 1
}

# The CA to export, if the running server offers TLS with our certificate.
server_ca() {
	local have ca
	have=$(client -N -B -e "SELECT @@have_ssl, @@ssl_ca" 2>/dev/null) || return 1
	read -r have ca <<<"$have"
	[ "$have" = YES ] && [ "$ca" = "$tls/ca.pem" ] && echo "$ca"
}

print_exports() {
	local ca
	ca=$(server_ca) || ca=
	cat <<EOF
export TPCC_TEST_MYSQL_SOCKET=$sock
export TPCC_TEST_MYSQL_USER=root
export TPCC_TEST_MYSQL_DB=tpcc_test
export TPCC_TEST_MYSQL_HOST=127.0.0.1
export TPCC_TEST_MYSQL_PORT=$PORT
export TPCC_TEST_MYSQL_TCP_USER=tpcc
export TPCC_TEST_MYSQL_TCP_PASSWORD=tpcc
EOF
	if [ -n "$ca" ]; then
		echo "export TPCC_TEST_MYSQL_CA=$ca"
	else
		say "the server offers no TLS with $tls/ca.pem: TPCC_TEST_MYSQL_CA not set"
	fi
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

	local tls_opts=()
	if make_certs; then
		tls_opts=(--ssl-ca="$tls/ca.pem" --ssl-cert="$tls/server-cert.pem"
			--ssl-key="$tls/server-key.pem")
	fi

	rm -f "$pidf"
	say "starting mariadbd on $sock and 127.0.0.1:$PORT"
	# setsid: the server must outlive this script and its process group.
	setsid "$mariadbd_bin" --no-defaults --user="$(id -un)" \
		--datadir="$data" --socket="$sock" --port="$PORT" \
		--bind-address=127.0.0.1 --pid-file="$pidf" --log-error="$log" \
		--innodb-buffer-pool-size=512M --innodb-log-file-size=256M \
		--max-connections=600 --skip-name-resolve "${tls_opts[@]}" \
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

# stopped PID SECONDS: until PID has exited (says so), polled twice a second.
stopped() {
	local i
	for i in $(seq 1 $(($2 * 2))); do
		kill -0 "$1" 2>/dev/null || { say "stopped"; return 0; }
		sleep 0.5
	done
	return 1
}

stop() {
	local pid
	if ! pid=$(server_pid); then
		say "not running"
		return 0
	fi
	say "stopping pid $pid"
	admin shutdown >/dev/null 2>&1 || true
	stopped "$pid" 30 && return 0
	say "shutdown timed out, sending SIGTERM"
	kill -TERM "$pid" 2>/dev/null || true
	stopped "$pid" 10 && return 0
	say "sending SIGKILL"
	kill -KILL "$pid" 2>/dev/null || true
}

case $cmd in
start) start ;;
stop) stop ;;
*) usage ;;
esac
