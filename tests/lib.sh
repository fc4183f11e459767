# lib.sh: shared helpers for the integration tests (sourced, not run).
# Each test gets a private scratch directory; nothing is left in the tree.
set -u

: "${TPCC_BIN:=$(cd "$(dirname "$0")/.." && pwd)/tpcc-console}"
: "${TPCC_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
TEST_NAME=$(basename "$0" .sh)
T=$(mktemp -d "${TMPDIR:-/tmp}/tpcc-$TEST_NAME.XXXXXX")
FAILS=0
PASSES=0
trap 'cleanup_all' EXIT

cleanup_hooks=()
cleanup_all() {
	local rc=$?
	# A failure in CI leaves only the log: show what the program printed.
	if [ "$FAILS" -gt 0 ] || [ "$rc" -ne 0 ]; then
		for f in "$T"/*.txt; do
			[ -f "$f" ] || continue
			echo "---- last lines of $(basename "$f") ----"
			tail -n 25 "$f"
		done
	fi
	[ -n "${TPCC_TEST_KEEP:-}" ] && echo "kept $T"
	# Last registered, first run: a session or process started after a
	# database was created must let go of it before the DROP.
	local i
	for ((i = ${#cleanup_hooks[@]} - 1; i >= 0; i--)); do eval "${cleanup_hooks[i]}" || true; done
	[ -n "${TPCC_TEST_KEEP:-}" ] || rm -rf "$T"
}
on_exit() { cleanup_hooks+=("$1"); }

ok() { PASSES=$((PASSES + 1)); echo "ok - $*"; }
not_ok() { FAILS=$((FAILS + 1)); echo "not ok - $*"; }
# assert DESCRIPTION COMMAND...
assert() {
	local what=$1; shift
	if "$@"; then ok "$what"; else not_ok "$what"; fi
}
contains() { grep -qF -- "$2" "$1"; }
lacks() { ! grep -qF -- "$2" "$1"; }
skip_all() { echo "SKIP: $*"; exit 77; }
finish() {
	echo "$TEST_NAME: $PASSES passed, $FAILS failed"
	[ "$FAILS" -eq 0 ]
}

# Run tpcc-console in the background with stdin from a fifo we can write
# commands into, stdout to a file we can wait on.
#   start_console OUTFILE ARGS...   sets CON_PID and CON_IN (a writable fd)
start_console() {
	local out=$1; shift
	local fifo=$T/in.$RANDOM
	mkfifo "$fifo"
	"$TPCC_BIN" "$@" <"$fifo" >"$out" 2>&1 &
	CON_PID=$!
	exec {CON_IN}>"$fifo"
	rm -f "$fifo"
}
# A console that died early must fail the asserts that follow, with its
# output shown, not kill the test with SIGPIPE on the next `send`.
send() { ( trap '' PIPE; echo "$1" >&"$CON_IN" ) 2>/dev/null || echo "send '$1': the console is gone"; }
# wait_exit PID [SECONDS]: its exit status, or 124 after killing it when it
# has not ended in time: a hang fails the test instead of stalling it.
wait_exit() {
	local pid=$1 limit=${2:-60} i=0
	while kill -0 "$pid" 2>/dev/null; do
		i=$((i + 1))
		if [ $i -gt $((limit * 10)) ]; then
			echo "timeout: pid $pid still running after $limit s"
			kill -9 "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			return 124
		fi
		sleep 0.1
	done
	wait "$pid"
}
close_input() { exec {CON_IN}>&-; }

# wait_for FILE PATTERN [SECONDS]: until an extended regex appears in FILE
# (the console's output), bounded; returns 1 on timeout.  Uses inotify-free
# polling of a file the program writes: the condition, not time, decides.
# A 4th argument N looks only at lines after the first N (see lines_in).
wait_for() {
	local file=$1 pat=$2 limit=${3:-60} from=$(( ${4:-0} + 1 )) i=0
	while ! tail -n +"$from" "$file" 2>/dev/null | grep -qE -- "$pat"; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && { echo "timeout waiting for /$pat/ in $file"; tail -5 "$file"; return 1; }
		sleep 0.1
	done
}

lines_in() { wc -l <"$1"; }

# json_get FILE PYTHON-EXPRESSION: evaluate against the parsed file as `d`.
json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
# wait_json FILE EXPR [SECONDS]: until EXPR (as json_get) prints True on the
# file; the results file is rewritten whole each tick, so it is always valid.
wait_json() {
	local f=$1 e=$2 limit=${3:-30} i=0
	while [ "$(json_get "$f" "$e" 2>/dev/null)" != True ]; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && { echo "timeout: $e on $f"; return 1; }
		sleep 0.1
	done
}
json_valid() { python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$1" 2>/dev/null; }

# MariaDB tests need the private server that scripts/test.sh starts.
need_mariadb() {
	[ -n "${TPCC_TEST_MYSQL_SOCKET:-}" ] ||
		skip_all "no test MariaDB (run scripts/test.sh, or eval \"\$(tests/mariadb-server.sh start DIR)\")"
	command -v mariadb >/dev/null || skip_all "mariadb client not installed"
}
# my_args DATABASE: options that reach the test server over its socket.
my_args() {
	echo "--driver mysql --socket $TPCC_TEST_MYSQL_SOCKET --user ${TPCC_TEST_MYSQL_USER:-root}" \
		"--no-read-option-files --database $1"
}
my_sql() {
	mariadb --no-defaults --socket="$TPCC_TEST_MYSQL_SOCKET" --user="${TPCC_TEST_MYSQL_USER:-root}" -N -B -e "$1"
}
# my_session NAME DATABASE: a second client that keeps its session between
# a test's steps (to hold a lock or an open transaction): session_send
# writes statements to it, and it answers into $T/NAME.out.  Sets
# SESSION_PID; close_session ends it.
my_session() {
	mkfifo "$T/$1.in"
	mariadb --no-defaults --socket="$TPCC_TEST_MYSQL_SOCKET" --user="${TPCC_TEST_MYSQL_USER:-root}" \
		-N -B --unbuffered "$2" <"$T/$1.in" >"$T/$1.out" 2>&1 &
	SESSION_PID=$!
	exec {SESSION_IN}>"$T/$1.in"
	rm -f "$T/$1.in"
	on_exit "kill $SESSION_PID 2>/dev/null"
}
# A session that died (a statement failed) must fail the asserts that
# follow, not kill the test with SIGPIPE before its clean-up.
session_send() { ( trap '' PIPE; echo "$1" >&"$SESSION_IN" ) 2>/dev/null || echo "session_send: the session is gone"; }
close_session() { exec {SESSION_IN}>&-; wait "$SESSION_PID" 2>/dev/null; }
# stock_matches_lines DATABASE: on a load whose stock counters start at 0,
# every stock row's s_ytd, s_order_cnt and s_remote_cnt must be the sums of
# the order lines the runs wrote from it (orders past the loaded 3,000),
# however the transactions grouped their stock updates.
stock_matches_lines() {
	local bad
	bad=$(my_sql "SELECT COUNT(*) FROM $1.stock LEFT JOIN (SELECT ol_supply_w_id AS w,
		ol_i_id AS i, SUM(ol_quantity) AS q, COUNT(*) AS n, SUM(ol_supply_w_id <> ol_w_id) AS r
		FROM $1.order_line WHERE ol_o_id > 3000 GROUP BY ol_supply_w_id, ol_i_id) l
		ON l.w = s_w_id AND l.i = s_i_id WHERE s_ytd <> COALESCE(l.q, 0)
		OR s_order_cnt <> COALESCE(l.n, 0) OR s_remote_cnt <> COALESCE(l.r, 0)") || return 1
	[ "$bad" = 0 ] || { echo "$bad stock rows disagree with their order lines"; return 1; }
}
# wait_sql QUERY EXPECTED [SECONDS]: until the server answers EXPECTED.
wait_sql() {
	local q=$1 want=$2 limit=${3:-30} i=0 got
	while got=$(my_sql "$q" 2>/dev/null); [ "$got" != "$want" ]; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && { echo "timeout: '$q' gave '$got', wanted '$want'"; return 1; }
		sleep 0.1
	done
}

# ---- the console in tmux ---------------------------------------------------
# A private tmux server per test (-L), so nothing touches anyone's sessions.
# tui_start W H COMMAND: run COMMAND (a shell string) in a W x H terminal;
# its exit status lands in $T/tui.exit when it ends, and the screen stays.
TUI_SOCK=tpcc-test-$$
tui() { tmux -L "$TUI_SOCK" -f /dev/null "$@"; }
tui_start() {
	local w=$1 h=$2; shift 2
	command -v tmux >/dev/null || skip_all "tmux not installed"
	rm -f "$T/tui.exit"
	# remain-on-exit: what the command left on the screen stays readable.
	# The new session comes first and takes the name after the earlier one
	# (kept by remain-on-exit) is gone: a server left with no session exits,
	# and a new-session racing that exit finds no server.
	tui new-session -d -s tui-next -x "$w" -y "$h" \
		"cd '$T' && env LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$T' $*; echo \$? >'$T/tui.exit'" \; \
		set-option -t tui-next remain-on-exit on
	tui kill-session -t =tui 2>/dev/null
	tui rename-session -t =tui-next tui
	on_exit "tmux -L '$TUI_SOCK' kill-server 2>/dev/null"
}
tui_screen() { tui capture-pane -p -t tui 2>/dev/null; }
tui_keys() { tui send-keys -t tui "$@"; }
# tui_shows REGEX: the screen shows a Perl regex now (in UTF-8, so
# \x{2800}-style ranges work whatever the caller's locale).
tui_shows() { tui_screen | LC_ALL=C.UTF-8 grep -qP -- "$1"; }
# tui_wait REGEX [SECONDS]: until the screen shows REGEX; bounded polling.
tui_wait() {
	local pat=$1 limit=${2:-30} i=0
	while ! tui_shows "$pat"; do
		i=$((i + 1))
		if [ $i -gt $((limit * 10)) ]; then
			echo "timeout waiting for /$pat/ on the screen:"
			tui_screen | sed 's/^/    | /'
			return 1
		fi
		sleep 0.1
	done
}
# tui_gone REGEX [SECONDS]: until the screen no longer shows REGEX.
tui_gone() {
	local pat=$1 limit=${2:-30} i=0
	while tui_shows "$pat"; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && { echo "timeout: /$pat/ stays on the screen"; return 1; }
		sleep 0.1
	done
}
# tui_exited [SECONDS]: until the console's command has ended.
tui_exited() {
	local limit=${1:-60} i=0
	while [ ! -s "$T/tui.exit" ]; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && { echo "timeout waiting for the console to exit"; return 1; }
		sleep 0.1
	done
}
# tui_frames W H: the screen is W x H, every pane's frame is whole and
# nothing is drawn outside the frames (tests/screen_check.py).
tui_frames() {
	tui_screen >"$T/screen.txt"
	python3 "$TPCC_SRCDIR/tests/screen_check.py" "$1" "$2" "$T/screen.txt"
}

# PostgreSQL and ODBC tests need the private server and ODBC setup that
# scripts/test.sh starts (tests/pg-server.sh).
need_pg() {
	[ -n "${TPCC_TEST_PG_DSN:-}" ] && [ -n "${ODBCINI:-}" ] ||
		skip_all "no test PostgreSQL (run scripts/test.sh, or eval \"\$(tests/pg-server.sh start DIR)\")"
	command -v psql >/dev/null || skip_all "psql not installed"
}
need_mariadb_odbc() {
	need_mariadb
	[ -n "${TPCC_TEST_MARIADB_DSN:-}" ] && [ -n "${ODBCINI:-}" ] ||
		skip_all "no MariaDB ODBC data source (tests/pg-server.sh start, with the MariaDB running)"
}
# pg_sql [-d DB] QUERY: over the private server's socket, as the test user.
pg_sql() {
	local db=${TPCC_TEST_PG_DB:-tpcc_test}
	[ "$1" = -d ] && { db=$2; shift 2; }
	psql -X -q -tA -h "$TPCC_TEST_PG_DIR" -p "$TPCC_TEST_PG_PORT" -U "$TPCC_TEST_PG_USER" -d "$db" -c "$1"
}
# odbc_conf FILE CONNECTION-STRING: a config file for driver odbc; the
# password comes from TPCC_PASSWORD, as a DBA's would.
odbc_conf() {
	printf 'connection = {\n  driver = "odbc";\n  odbc = "%s";\n};\n' "$2" >"$1"
}
# plausible_server_tpm RESULTS: the server's TPM is within a factor of two of
# the client's over the steady phase (both count every transaction; the
# server also counts the console's own few and reports with a lag).
plausible_server_tpm() {
	[ "$(json_get "$1" '(lambda s: s["server_tpm"] is not None and s["tpm"] > 0 and 0.5 <= s["server_tpm"] / s["tpm"] <= 2)(d["summary"])')" = True ]
}
# db_matches_client RESULTS COUNT: the New-Orders the client counted over
# the whole run are what the database holds.
db_matches_client() {
	[ "$(json_get "$1" 'd["summary"]["run_totals"]["commits"]["new_order"]')" = "$2" ]
}
