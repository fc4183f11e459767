#!/usr/bin/env bash
# mariadb-tls.sh: TLS to the test MariaDB, whose certificate
# tests/mariadb-server.sh made (CN=localhost, DNS:localhost, IP:127.0.0.1,
# signed by the CA in TPCC_TEST_MYSQL_CA).  Encryption is judged from the
# server's side: the session's Ssl_cipher status, and an account the server
# only lets in over TLS.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_tls
[ -n "${TPCC_TEST_MYSQL_CA:-}" ] && [ -r "$TPCC_TEST_MYSQL_CA" ] ||
	skip_all "the test MariaDB offers no TLS (TPCC_TEST_MYSQL_CA is not set)"
command -v openssl >/dev/null || skip_all "openssl not installed"
cd "$T"
TLS_USER=tpcc_tls_$$
CA=$TPCC_TEST_MYSQL_CA
on_exit "my_sql \"DROP USER IF EXISTS '$TLS_USER'@'127.0.0.1'\""
export TPCC_PASSWORD=$TPCC_TEST_MYSQL_TCP_PASSWORD

# tcp [HOST [USER]]: options for a TCP connection with the password user.
tcp() {
	echo "--driver mysql --host ${1:-127.0.0.1} --port $TPCC_TEST_MYSQL_PORT" \
		"--user ${2:-$TPCC_TEST_MYSQL_TCP_USER} --no-read-option-files --database $DBN"
}
# session OUT ARGS...: a run whose first command asks the server for the
# control connection's Ssl_cipher, then stops; output in OUT.
session() {
	local out=$1; shift
	printf "sql SHOW SESSION STATUS LIKE 'Ssl_cipher'\nstop\n" |
		"$TPCC_BIN" run "$@" --vus 1 --rampup 0 --duration 60 --batch \
			--results-dir "$T/results" >"$out" 2>&1
}
# cipher OUT: the Ssl_cipher value the server reported; fails if none came.
cipher() {
	grep -q "^Ssl_cipher	" "$1" || return 1
	sed -n 's/^Ssl_cipher	//p' "$1"
}
encrypted() { local c; c=$(cipher "$1") && [ -n "$c" ]; }
plain() { local c; c=$(cipher "$1") && [ -z "$c" ]; }

build_ok "build over TLS (REQUIRED) exits 0" build.txt $(tcp) --ssl-mode REQUIRED --warehouses 1 || { finish; exit 1; }

# REQUIRED: the server says the session is encrypted.
session required.txt $(tcp) --ssl-mode REQUIRED; rc=$?
assert "REQUIRED: the run exits 0" [ $rc -eq 0 ]
assert "REQUIRED: the server reports a cipher ($(cipher required.txt))" encrypted required.txt

# Every connection of a run, not only the control one: an account the
# server admits over TLS only gets all its VUs in.
my_sql "CREATE USER '$TLS_USER'@'127.0.0.1' IDENTIFIED BY '$TPCC_PASSWORD' REQUIRE SSL;
	GRANT ALL PRIVILEGES ON $DBN.* TO '$TLS_USER'@'127.0.0.1'"
CONNS="SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE USER='$TLS_USER'"
start_console vus.txt run $(tcp 127.0.0.1 "$TLS_USER") --ssl-mode REQUIRED --vus 3 \
	--rampup 0 --duration 300 --batch --results-dir "$T/results"
on_exit "kill $CON_PID 2>/dev/null"
wait_for vus.txt '^\[ +1s steady'
assert "REQUIRED: 3 VUs + control and sampler connections of a REQUIRE SSL account are in" wait_sql "$CONNS" 5
send stop
close_input
wait "$CON_PID"; rc=$?
assert "REQUIRED: the run with the REQUIRE SSL account exits 0" [ $rc -eq 0 ]
# Connector/C reads TLS records blocking, so encrypted VUs are threads:
# as fibers all but one of a worker's would starve.
assert "REQUIRED: auto runs the encrypted VUs as threads" lacks vus.txt "VUs run as fibers"
"$TPCC_BIN" run $(tcp) --ssl-mode REQUIRED --terminals fibers --vus 2 --duration 5 \
	--results-dir "$T/fib" </dev/null >fibers.txt 2>&1; rc=$?
assert "REQUIRED with --terminals fibers is refused (exit 2)" [ $rc -eq 2 ]
assert "and says why, and what to use" grep -q \
	"workload.terminals fibers: Connector/C reads an encrypted connection's replies with a blocking read.*use threads" fibers.txt
assert "before any VU started: no results file" [ ! -d "$T/fib" ]
"$TPCC_BIN" check $(tcp 127.0.0.1 "$TLS_USER") --ssl-mode DISABLED >refused.txt 2>&1; rc=$?
assert "DISABLED: the REQUIRE SSL account is refused (exit 1)" [ $rc -eq 1 ]
assert "DISABLED: the server says access denied" contains refused.txt "Access denied"

# VERIFY_IDENTITY with our CA: the names the certificate carries.
session verify-ip.txt $(tcp 127.0.0.1) --ssl-mode VERIFY_IDENTITY --ssl-ca "$CA"; rc=$?
assert "VERIFY_IDENTITY to 127.0.0.1 (IP in the certificate) exits 0" [ $rc -eq 0 ]
assert "VERIFY_IDENTITY to 127.0.0.1 is encrypted" encrypted verify-ip.txt
session verify-local.txt --driver mysql --host localhost --socket "$TPCC_TEST_MYSQL_SOCKET" \
	--user "$TPCC_TEST_MYSQL_TCP_USER" --no-read-option-files --database $DBN \
	--ssl-mode VERIFY_IDENTITY --ssl-ca "$CA"; rc=$?
assert "VERIFY_IDENTITY to localhost (DNS name in the certificate) exits 0" [ $rc -eq 0 ]
assert "VERIFY_IDENTITY to localhost is encrypted" encrypted verify-local.txt
[ $rc -eq 0 ] || cat verify-local.txt

# The same address by a name the certificate does not carry: 127.1 is
# 127.0.0.1 to the resolver, but not to the certificate check.
"$TPCC_BIN" check $(tcp 127.1) --ssl-mode VERIFY_IDENTITY --ssl-ca "$CA" >wrong-name.txt 2>&1; rc=$?
assert "VERIFY_IDENTITY to a name not in the certificate fails (exit 1)" [ $rc -eq 1 ]
assert "  and the message names TLS and the certificate" \
	grep -qiE 'TLS.*certificate' wrong-name.txt
check_ok "REQUIRED (no verification) to that name connects" no-verify.txt $(tcp 127.1) --ssl-mode REQUIRED

# VERIFY_IDENTITY with another CA: refused before any SQL.
openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj "/CN=another test CA" \
	-keyout other-ca-key.pem -out other-ca.pem >openssl.txt 2>&1
assert "a second CA was made" [ -s other-ca.pem ]
"$TPCC_BIN" check $(tcp) --ssl-mode VERIFY_IDENTITY --ssl-ca other-ca.pem >wrong-ca.txt 2>&1; rc=$?
assert "VERIFY_IDENTITY with another CA fails (exit 1)" [ $rc -eq 1 ]
assert "  and the message names TLS and the certificate" \
	grep -qiE 'TLS.*certificate' wrong-ca.txt
assert "  and nothing was checked" lacks wrong-ca.txt "consistency check of"
[ $rc -eq 1 ] || cat wrong-ca.txt

# PREFERRED, the default: TLS over TCP to another machine, where the server
# offers it; plain text on the local Unix socket and to a loopback address,
# where encryption would only cost CPU (test_drivers' test_host_is_loopback
# has the addresses that count as loopback; this server listens on no other).
session preferred-tcp.txt $(tcp); rc=$?
assert "PREFERRED over TCP to 127.0.0.1: the run exits 0" [ $rc -eq 0 ]
assert "PREFERRED over TCP to 127.0.0.1 is plain text" plain preferred-tcp.txt
session preferred-tcp-127-1.txt $(tcp 127.1); rc=$?
assert "PREFERRED over TCP to 127.1 is plain text" plain preferred-tcp-127-1.txt
session required-tcp.txt $(tcp) --ssl-mode REQUIRED; rc=$?
assert "REQUIRED over TCP to 127.0.0.1 is encrypted" encrypted required-tcp.txt
TPCC_PASSWORD= session preferred-sock.txt $A; rc=$?
assert "PREFERRED over the Unix socket: the run exits 0" [ $rc -eq 0 ]
assert "PREFERRED over the Unix socket is plain text" plain preferred-sock.txt
TPCC_PASSWORD= session required-sock.txt $A --ssl-mode REQUIRED; rc=$?
assert "REQUIRED over the Unix socket is still encrypted" encrypted required-sock.txt

# DISABLED: plain text, as the server sees it.
session disabled.txt $(tcp) --ssl-mode DISABLED; rc=$?
assert "DISABLED: the run exits 0" [ $rc -eq 0 ]
assert "DISABLED: the server reports no cipher" plain disabled.txt

finish
