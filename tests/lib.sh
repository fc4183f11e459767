# lib.sh: shared helpers for the integration tests (sourced, not run).
# Each test gets a private scratch directory; nothing is left in the tree.
set -u

: "${TPCC_BIN:=$(cd "$(dirname "$0")/.." && pwd)/tpcc-console}"
: "${TPCC_SRCDIR:=$(cd "$(dirname "$0")/.." && pwd)}"
TEST_NAME=$(basename "$0" .sh)
T=$(mktemp -d "${TMPDIR:-/tmp}/tpcc-$TEST_NAME.XXXXXX")
# A clean slate: the caller's TPCC_*, PG*, MYSQL_* and ODBC settings
# cleared (the harness's kept: see clean-env.sh), and a HOME of the test's
# own, empty, so that ~/.my.cnf and ~/.pgpass play no part.
. "$TPCC_SRCDIR/tests/clean-env.sh"
export HOME=$T/home
mkdir -p "$HOME"
# The tests grep for box drawing and braille: under a harness with no
# locale at all (env -i), grep's C locale reads "─*" as a byte repeated.
# A locale the caller chose stays; tests of the C locale set LC_ALL=C.
if [ -z "${LC_ALL:-}" ] && [ -z "${LANG:-}" ]; then
	export LANG=C.UTF-8
fi
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
	# The wall time keeps the CI budget in sight (scripts/test.sh lists the
	# slowest); bash counts SECONDS from the script's start.
	echo "$TEST_NAME: $PASSES passed, $FAILS failed in $SECONDS s"
	[ "$FAILS" -eq 0 ]
}

# tpcc_ok WHAT OUT ARGS...: `tpcc-console ARGS` exits 0, asserted as WHAT,
# its output in OUT (shown when it fails); returns its status, for a test
# that cannot go on without it.  build_ok and check_ok name the subcommand.
tpcc_ok() {
	local what=$1 out=$2 rc; shift 2
	"$TPCC_BIN" "$@" >"$out" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		ok "$what"
	else
		not_ok "$what: exit $rc, expected 0; $out ends:"
		tail -n 20 "$out" | sed 's/^/    | /'
	fi
	return $rc
}
build_ok() { local what=$1 out=$2; shift 2; tpcc_ok "$what" "$out" build "$@"; }
check_ok() { local what=$1 out=$2; shift 2; tpcc_ok "$what" "$out" check "$@"; }
# A test that prepares things at once in subshells keeps each step's exit
# status as a line "STEP STATUS" of NAME.rc.  step_ok WHAT NAME STEP [OUT]
# asserts the step's was 0, and shows the end of OUT when it was not.
step_ok() {
	local rc
	rc=$(sed -n "s/^$3 //p" "$2.rc")
	assert "$1" [ "$rc" = 0 ]
	[ "$rc" = 0 ] || [ -z "${4:-}" ] || tail -n 20 "$4"
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
# poll SECONDS COMMAND...: until COMMAND succeeds, tried every 0.1 s and
# at most SECONDS * 10 + 1 times; 1 when it never did.  The condition, not
# time, decides: the interval only bounds how late a success is seen.  A
# condition says what it found when it fails; poll keeps that quiet while
# it waits and shows the last try's words with the timeout.
poll() {
	local limit=$1 tries=0 said; shift
	until said=$("$@" 2>&1); do
		tries=$((tries + 1))
		if [ "$tries" -gt $((limit * 10)) ]; then
			echo "timeout after $limit s: $*"
			[ -z "$said" ] || printf '%s\n' "$said" | sed 's/^/    /'
			return 1
		fi
		sleep 0.1
	done
}
pid_gone() { ! kill -0 "$1" 2>/dev/null || { echo "pid $1 is still running"; return 1; }; }
# wait_exit PID [SECONDS]: its exit status, or 124 after killing it when it
# has not ended in time: a hang fails the test instead of stalling it.
wait_exit() {
	local pid=$1 limit=${2:-60}
	if ! poll "$limit" pid_gone "$pid"; then
		kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		return 124
	fi
	wait "$pid"
}
close_input() { exec {CON_IN}>&-; }

# file_matches FILE PATTERN [N]: an extended regex is on a line of FILE
# after its first N (see lines_in); otherwise shows FILE's last lines.
file_matches() {
	tail -n +"$(( ${3:-0} + 1 ))" "$1" 2>/dev/null | grep -qE -- "$2" && return 0
	local after=
	[ "${3:-0}" -eq 0 ] || after=" after line $3"
	echo "no line matches /$2/ in $1$after; it ends:"
	tail -n 5 "$1" 2>&1 | sed 's/^/    | /'
	return 1
}
# wait_for FILE PATTERN [SECONDS [N]]: until file_matches, bounded: the
# console's output file decides, polled (inotify-free).
wait_for() { poll "${3:-60}" file_matches "$1" "$2" "${4:-0}"; }

lines_in() { wc -l <"$1"; }

# rendered_png WHAT HTML PNG [W,H]: headless Chromium renders the page HTML
# (an absolute path) in a window W,H (1000,2400 unless given) to PNG, and
# the PNG is not blank (png_check.py), asserted as WHAT; a line says so
# when Chromium is not installed.
rendered_png() {
	if ! command -v chromium >/dev/null; then
		echo "# chromium not installed: left out: $1"
		return 0
	fi
	local dir
	dir=$(mktemp -d "$T/chromium.XXXXXX")
	timeout 60 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$dir" --hide-scrollbars --window-size="${4:-1000,2400}" \
		--screenshot="$3" "file://$2" >"$dir.txt" 2>&1
	assert "$1" python3 "$TPCC_SRCDIR/tests/png_check.py" "$3"
}

# json_get FILE PYTHON-EXPRESSION: evaluate against the parsed file as `d`.
json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
# json_is FILE EXPR WANT: EXPR (as json_get) prints exactly WANT; otherwise
# says what it printed, or the error that stopped it.
json_is() {
	local got err
	got=$(json_get "$1" "$2" 2>"$T/json_is.err")
	[ "$got" = "$3" ] && return 0
	err=$(tail -n 1 "$T/json_is.err")
	echo "$1: $2 gave '$got'${err:+ ($err)}, expected '$3'"
	return 1
}
# json_true FILE EXPR: EXPR is True on the results file FILE.
json_true() { json_is "$1" "$2" True; }
# rollbacks_counted FILE: the run counted New-Order rollbacks (1% of
# New-Orders, clause 2.4.1.4), or made too few New-Orders for one to be
# due: 700 give none with a chance below 0.1%, a loaded machine fewer.
rollbacks_counted() {
	json_true "$1" '(lambda t: t["new_order_rollbacks"] > 0 or t["commits"]["new_order"] + t["new_order_rollbacks"] < 700)(d["summary"]["run_totals"])'
}
# wait_json FILE EXPR [SECONDS]: until json_true; the results file is
# rewritten whole each tick, so it is always valid.
wait_json() { poll "${3:-30}" json_true "$1" "$2"; }
json_valid() { python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$1" 2>/dev/null; }

# MariaDB tests need the private server that scripts/test.sh starts.
need_mariadb() {
	[ -n "${TPCC_TEST_MYSQL_SOCKET:-}" ] ||
		skip_all "no test MariaDB (run scripts/test.sh, or eval \"\$(tests/mariadb-server.sh start DIR)\")"
	command -v mariadb >/dev/null || skip_all "mariadb client not installed"
}
# mariadb_db NAME [--create]: a test on the shared MariaDB: skips without
# one; sets DBN, a database of the test's own (NAME_PID, dropped when the
# test ends; the build creates it, or --create does now, for a data
# source that must name one), and A, the options that reach it.
mariadb_db() {
	need_mariadb
	DBN=$1_$$
	on_exit "my_sql 'DROP DATABASE IF EXISTS $DBN'"
	A=$(my_args "$DBN")
	[ "${2:-}" != --create ] || my_sql "CREATE DATABASE $DBN"
}
# my_args DATABASE: options that reach the test server over its socket.
my_args() {
	echo "--driver mysql --socket $TPCC_TEST_MYSQL_SOCKET --user ${TPCC_TEST_MYSQL_USER:-root}" \
		"--no-read-option-files --database $1"
}
my_sql() {
	mariadb --no-defaults --socket="$TPCC_TEST_MYSQL_SOCKET" --user="${TPCC_TEST_MYSQL_USER:-root}" -N -B -e "$1"
}
# mariadb_globals_lock: hold, until the test ends, the shared MariaDB's
# lock for the tests that set innodb_flush_log_at_trx_commit and check
# what it is (mariadb-ab, mariadb-demo, mariadb-waits-log): two at once
# would each find the other's value.  The lock file is in the server's
# directory, so the sanitizer runs' tests share it; fd 7 is closed for
# the tmux server, which could outlive the test.
mariadb_globals_lock() {
	exec 7>"${TPCC_TEST_MYSQL_SOCKET%/*}/globals.lock" &&
		flock -w 900 7 ||
		{ not_ok "the shared MariaDB's globals lock, in 900 s"; finish; }
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
# dist_info_matches DB: every order line a run wrote (o_id > 3000) holds
# its stock row's s_dist_NN for the line's district, remote lines too.
dist_info_matches() {
	local bad
	bad=$(my_sql "SELECT COUNT(*) FROM $1.order_line JOIN $1.stock
		ON s_w_id = ol_supply_w_id AND s_i_id = ol_i_id WHERE ol_o_id > 3000
		AND NOT ol_dist_info <=> ELT(ol_d_id, s_dist_01, s_dist_02, s_dist_03, s_dist_04,
		s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10)") || return 1
	[ "$bad" = 0 ] || { echo "$bad order lines hold another row's district information"; return 1; }
}
# sql_is QUERY EXPECTED: the server answers EXPECTED; otherwise says what
# it answered.
sql_is() {
	local got
	got=$(my_sql "$1" 2>/dev/null)
	[ "$got" = "$2" ] || { echo "'$1' gave '$got', wanted '$2'"; return 1; }
}
# wait_sql QUERY EXPECTED [SECONDS]: until the server answers EXPECTED.
wait_sql() { poll "${3:-30}" sql_is "$1" "$2"; }

# ---- the console in tmux ---------------------------------------------------
# A private tmux server per test (-L), so nothing touches anyone's sessions.
# tui_start W H COMMAND: run COMMAND (a shell string) in a W x H terminal;
# its exit status lands in $T/tui.exit when it ends, and the screen stays.
TUI_SOCK=tpcc-test-$$
tui() { tmux -L "$TUI_SOCK" -f /dev/null "$@" 7>&-; }
tui_start() {
	local w=$1 h=$2; shift 2
	command -v tmux >/dev/null || skip_all "tmux not installed"
	rm -f "$T/tui.exit"
	# The locale and HOME are exported, not given to the first word: a
	# COMMAND of several (tui-fiber-overflow's) ran its console in the
	# tmux server's locale, the C one under a CI with no LANG.
	# remain-on-exit: what the command left on the screen stays readable.
	# The new session comes first and takes the name after the earlier one
	# (kept by remain-on-exit) is gone: a server left with no session exits,
	# and a new-session racing that exit finds no server.
	tui new-session -d -s tui-next -x "$w" -y "$h" \
		"cd '$T' && export LANG=C.UTF-8 LC_ALL=C.UTF-8 HOME='$T' && $*; echo \$? >'$T/tui.exit'" \; \
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
# screen_shows REGEX: tui_shows, or what the screen shows instead.
screen_shows() {
	tui_shows "$1" && return 0
	echo "/$1/ is not on the screen:"
	tui_screen | sed 's/^/    | /'
	return 1
}
# screen_lacks REGEX: the screen does not show REGEX, or where it does.
screen_lacks() {
	tui_shows "$1" || return 0
	echo "/$1/ stays on the screen:"
	tui_screen | LC_ALL=C.UTF-8 grep -P -- "$1" | sed 's/^/    | /'
	return 1
}
# tui_wait REGEX [SECONDS]: until the screen shows REGEX; bounded polling.
tui_wait() { poll "${2:-30}" screen_shows "$1"; }
# tui_gone REGEX [SECONDS]: until the screen no longer shows REGEX.
tui_gone() { poll "${2:-30}" screen_lacks "$1"; }
tui_ended() { [ -s "$T/tui.exit" ] || { echo "the console's command is still running"; return 1; }; }
# tui_exited [SECONDS]: until the console's command has ended.
tui_exited() { poll "${1:-60}" tui_ended; }
# tui_status_is N: the console's command ended with status N.
tui_status_is() {
	local got
	got=$(cat "$T/tui.exit" 2>/dev/null)
	[ "$got" = "$1" ] || { echo "exit status '$got', expected $1"; return 1; }
}
# tui_quit WHAT: q asks, y leaves (asserted as WHAT), with status 0.
# waits_rowlock_leads: the Waits pane's row-lock row has its largest share.
waits_rowlock_leads() {
	tui_screen | python3 -c '
import re, sys
rows = {}
for l in sys.stdin:
    m = re.match(r"│ (CPU|log write/fsync|data file I/O|row locks|table/MDL locks|buffer pool|"
                 r"mutex/rw-lock|network/client|other) +\S* +([0-9.]+) +([0-9]+)% ", l)
    if m: rows[m.group(1)] = int(m.group(3))
ok = rows and max(rows, key=rows.get) == "row locks"
print(rows) if not ok else None
sys.exit(0 if ok else 1)'
}
tui_quit() {
	tui_keys q
	assert "q asks first" tui_wait 'quit\? \(y/n\)'
	tui_keys y
	assert "$1" tui_exited 60
	assert "exit status 0" tui_status_is 0
}
# tui_frames W H: the screen is W x H, every pane's frame is whole and
# nothing is drawn outside the frames (tests/screen_check.py).
tui_frames() {
	tui_screen >"$T/screen.txt"
	python3 "$TPCC_SRCDIR/tests/screen_check.py" "$1" "$2" "$T/screen.txt"
}

# tui_box_clear TITLE: the box whose top edge names TITLE is on the
# screen, and nothing in it touches its right side (text too long for a
# row is folded, or cut to end in "~" before the frame).
tui_box_clear() {
	tui_screen | python3 -c '
import sys
def fail(why):
    print(why)
    sys.exit(1)
rows, title = sys.stdin.read().split("\n"), sys.argv[1]
top = next((r for r, l in enumerate(rows) if "┌ " + title in l), None)
if top is None:
    fail("no box titled %r on the screen" % title)
c = rows[top].index("┌ " + title)
c2 = rows[top].index("┐", c)
for l in rows[top + 1:]:
    l = l.ljust(c2 + 1)
    if l[c] == "└":
        sys.exit(0)
    if l[c2 - 1] != " ":
        fail("text touches the right side of the %r box: %r" % (title, l[c:c2 + 1]))
fail("the %r box has no bottom" % title)' "$1"
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
# pg_native_db PREFIX: a database of the test's own on the test PostgreSQL,
# dropped at exit: DBN its name, A the arguments that reach it through
# libpq (password in TPCC_PASSWORD, libpq's environment cleared), and
# q QUERY to run SQL in it.
pg_native_db() {
	DBN=${1}_$$
	pg_sql "CREATE DATABASE $DBN" || skip_all "cannot create a database on the test PostgreSQL"
	on_exit "pg_sql 'DROP DATABASE IF EXISTS $DBN WITH (FORCE)'"
	pg_native_use "$1"
}
# pg_native_use NAME: as pg_native_db, for a database made already (by a
# subshell of the test's, whose on_exit stays there: the caller drops it).
pg_native_use() {
	DBN=${1}_$$
	export TPCC_PASSWORD=$TPCC_TEST_PG_PASSWORD
	unset PGSERVICE PGDATABASE PGHOST PGPORT PGUSER PGPASSWORD PGOPTIONS PGSSLMODE PGSSLROOTCERT
	A="--driver pg --host 127.0.0.1 --port $TPCC_TEST_PG_PORT --user $TPCC_TEST_PG_USER --database $DBN"
	q() { pg_sql -d "$DBN" "$1"; }
}
# odbc_conf FILE CONNECTION-STRING: a config file for driver odbc; the
# password comes from TPCC_PASSWORD, as a DBA's would.
odbc_conf() {
	printf 'connection = {\n  driver = "odbc";\n  odbc = "%s";\n};\n' "$2" >"$1"
}
# plausible_server_tpm RESULTS: the server's TPM is within a factor of two of
# the client's over the steady phase (both count every transaction; the
# server also counts the console's own few and reports with a lag).
# MariaDB counts commits server-wide, and tests run side by side on the
# shared server, so there only the floor holds; PostgreSQL counts the
# test's own database, where the ceiling holds too.
plausible_server_tpm() {
	json_true "$1" '(lambda s, shared: s["server_tpm"] is not None and s["tpm"] > 0 and 0.5 <= s["server_tpm"] / s["tpm"] and (shared or s["server_tpm"] / s["tpm"] <= 2))(d["summary"], d["run"]["dialect"] == "mysql")'
}
# rollbacks_leave_no_trace TRACE ARGS...: a 3-s run of 2 VUs (ARGS reach
# the database) whose New-Orders all name the unused item rolls them all
# back, pipelined, and leaves the tables as TRACE (a function printing
# what New-Orders change) showed them before; each took at most 4 round
# trips.  Sets R to its results file.
rollbacks_leave_no_trace() {
	local trace=$1 before; shift
	before=$($trace)
	"$TPCC_BIN" run "$@" --vus 2 --rampup 0 --duration 3 --rollback-percent 100 \
		--results-dir "$T/rb" </dev/null >"$T/rb.txt" 2>&1
	assert "a run whose New-Orders all roll back exits 0" [ $? -eq 0 ]
	R=$(ls "$T"/rb/*.json 2>/dev/null | head -1)
	assert "  New-Orders were rolled back" json_true "$R" 'd["summary"]["run_totals"]["new_order_rollbacks"] > 20'
	assert "  none committed" json_is "$R" 'd["summary"]["run_totals"]["commits"]["new_order"]' 0
	assert "  nothing failed" json_is "$R" 'd["summary"]["failed"]' 0
	assert "  they left no order, order line or stock change" [ "$($trace)" = "$before" ]
	assert "  a New-Order took at most 4 round trips (pipelined)" \
		json_true "$R" 'd["summary"]["round_trips"]["new_order"] <= 4'
}
# fewer_round_trips PIPELINED ONE-BY-ONE TYPE...: each transaction TYPE
# took fewer round trips in the first results file than in the second.
fewer_round_trips() {
	local p=$1 n=$2 t; shift 2
	for t in "$@"; do
		assert "  $t: fewer round trips pipelined" python3 -c "import json,sys
p, n = (json.load(open(f))['summary']['round_trips']['$t'] for f in sys.argv[1:])
print('$t', p, n); sys.exit(not p < n)" "$p" "$n"
	done
}
# db_matches_client RESULTS COUNT: the New-Orders the client counted over
# the whole run are what the database holds.
db_matches_client() { json_is "$1" 'd["summary"]["run_totals"]["commits"]["new_order"]' "$2"; }

# free_port: a TCP port on 127.0.0.1 that nothing listens on now (the
# kernel picks it), for a test's own endpoint or Prometheus.
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}
http_get() { curl -fsS --max-time "${2:-5}" "$1"; }
# start_prometheus TARGET...: a private Prometheus (Debian's package) on a
# free loopback port, its data in $T/prom, scraping each HOST:PORT every
# second; sets PROM (its base URL).  Skips the test without the package.
start_prometheus() {
	command -v prometheus >/dev/null || skip_all "prometheus not installed (apt-get install prometheus)"
	local port targets=""
	port=$(free_port)
	for t in "$@"; do targets="$targets${targets:+, }'$t'"; done
	cat >"$T/prometheus.yml" <<PROMYML
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: tpcc
    static_configs:
      - targets: [$targets]
PROMYML
	prometheus --config.file="$T/prometheus.yml" --storage.tsdb.path="$T/prom" \
		--web.listen-address="127.0.0.1:$port" --log.level=warn >"$T/prometheus.txt" 2>&1 &
	PROM_PID=$!
	on_exit "kill $PROM_PID 2>/dev/null; wait $PROM_PID 2>/dev/null"
	PROM=http://127.0.0.1:$port
	poll 30 http_get "$PROM/-/ready" >/dev/null
}
# prom_query EXPR [TIME]: the JSON answer of Prometheus's instant query.
prom_query() {
	curl -fsS --max-time 10 "$PROM/api/v1/query" --data-urlencode "query=$1" \
		${2:+--data-urlencode "time=$2"}
}

# ---- schemas built once per binary -------------------------------------------
# Most tests need a built schema but do not test the build: they copy one
# built once, by the first test that wants it, under a lock (flock) that
# the others wait on: a wait is never longer than building their own.  A
# template is named for the binary (its size and mtime), so a rebuilt
# tpcc-console builds its own; it lives in the build tree's tests/tmp, which
# `make clean` and a green scripts/test.sh remove.  Tests of the build itself
# (sqlite-run, mariadb-run, pg-native, signals, ...) keep build_ok.
# TPCC_TEST_TEMPLATE_BIN builds the templates (default: the binary under
# test): scripts/test.sh has its sanitizer runs copy the plain build's, as
# their tests of the build itself still build with the sanitized binary.
: "${TPCC_TEST_TEMPLATE_BIN:=$TPCC_BIN}"
: "${TPCC_TEST_TEMPLATES:=$(dirname "$TPCC_TEST_TEMPLATE_BIN")/tests/tmp/templates}"
template_key() { stat -L -c '%s_%Y' "$TPCC_TEST_TEMPLATE_BIN"; }
# template_locked NAME COMMAND...: COMMAND under the template lock NAME.
template_locked() {
	local name=$1; shift
	mkdir -p "$TPCC_TEST_TEMPLATES" || return 1
	( flock 9 && "$@" ) 9>"$TPCC_TEST_TEMPLATES/$name.lock"
}
# template_failed WHAT OUT: not_ok WHAT, with OUT's last lines.
template_failed() {
	not_ok "$1; $2 ends:"
	tail -n 20 "$2" 2>/dev/null | sed 's/^/    | /'
	return 1
}
sqlite_template_make() {
	[ -f "$1" ] && return 0
	# Templates of binaries since rebuilt: about 90 MB a warehouse each.
	rm -f "$(dirname "$1")/sqlite-w$2-"*
	"$TPCC_TEST_TEMPLATE_BIN" build --db "$1.part" --warehouses "$2" >"$1.txt" 2>&1 &&
		mv "$1.part" "$1"
}
# sqlite_built WHAT FILE [W]: FILE holds a SQLite schema of W warehouses
# (default 1), as `build --db FILE --warehouses W` leaves it: a copy of the
# template (asserted as WHAT; returns non-zero when there is none).
sqlite_built() {
	local what=$1 file=$2 w=${3:-1} tmpl
	tmpl=$TPCC_TEST_TEMPLATES/sqlite-w$w-$(template_key).db
	if template_locked "sqlite-w$w" sqlite_template_make "$tmpl" "$w" && cp "$tmpl" "$file"; then
		ok "$what"
	else
		template_failed "$what: no SQLite template of $w warehouses" "$tmpl.txt"
	fi
}
# server_template WHAT SERVER W: the template of W warehouses on the shared
# SERVER (mariadb, pg) is there, made by SERVER_template_make under the lock
# if it was not; sets TMPL to its name.
server_template() {
	TMPL=tpcc_tmpl_w$3_$(template_key)
	template_locked "$2-w$3" "$2_template_make" "$TMPL" "$3" "$T/template.txt" && return 0
	template_failed "$1: no $2 template of $3 warehouses" "$T/template.txt"
}
# The MariaDB template is a snapshot (tpcc-console snapshot) on the shared
# server; a test's database is restored from it with tpcc-console restore
# (CREATE TABLE .. LIKE and INSERT .. SELECT, about half a build's time)
# and given the stored procedures as the build would.
mariadb_template_make() {
	local snap=$1 w=$2 out=$3 stale
	# A snapshot is finished when its tpcc_meta has its time (written last).
	[ "$(my_sql "SELECT COUNT(*) FROM $snap.tpcc_meta WHERE k = 'snapshot_taken_at'
		OR (k = 'status' AND v = 'complete')" 2>/dev/null)" = 2 ] && return 0
	# Templates of binaries since rebuilt: nothing uses them any more.
	for stale in $(my_sql "SELECT SCHEMA_NAME FROM information_schema.SCHEMATA
			WHERE SCHEMA_NAME LIKE 'tpcc\\_tmpl\\_w${w}\\_%' AND SCHEMA_NAME <> '$snap'"); do
		my_sql "DROP DATABASE IF EXISTS $stale"
	done
	my_sql "DROP DATABASE IF EXISTS ${snap}_src" &&
		"$TPCC_TEST_TEMPLATE_BIN" build $(my_args "${snap}_src") --warehouses "$w" >"$out" 2>&1 &&
		"$TPCC_TEST_TEMPLATE_BIN" snapshot $(my_args "${snap}_src") --snapshot "$snap" >>"$out" 2>&1 &&
		my_sql "DROP DATABASE ${snap}_src"
}
# mariadb_built WHAT [W]: after mariadb_db, $DBN holds a schema of W
# warehouses (default 1) with its stored procedures, as a build leaves it,
# restored from the template (asserted as WHAT).
mariadb_built() {
	local what=$1 snap
	server_template "$what" mariadb "${2:-1}" || return 1
	snap=$TMPL
	if my_sql "CREATE DATABASE IF NOT EXISTS $DBN" &&
		"$TPCC_BIN" restore $A --snapshot "$snap" >"$T/restore.txt" 2>&1 &&
		"$TPCC_BIN" build $A --procedures-only >>"$T/restore.txt" 2>&1; then
		ok "$what"
	else
		template_failed "$what: restoring $DBN from $snap" "$T/restore.txt"
	fi
}
# The PostgreSQL template is a database on the shared server that a test's
# database is made from with CREATE DATABASE .. TEMPLATE (a file copy, a
# second or two); built through libpq, renamed into place when finished.
pg_template_make() {
	local tmpl=$1 w=$2 out=$3 stale
	[ "$(pg_sql "SELECT COUNT(*) FROM pg_database WHERE datname = '$tmpl'")" = 1 ] && return 0
	for stale in $(pg_sql "SELECT datname FROM pg_database
			WHERE datname LIKE 'tpcc\\_tmpl\\_w${w}\\_%' AND datname <> '$tmpl'"); do
		pg_sql "DROP DATABASE IF EXISTS $stale WITH (FORCE)"
	done
	pg_sql "DROP DATABASE IF EXISTS ${tmpl}_part WITH (FORCE)" &&
		pg_sql "CREATE DATABASE ${tmpl}_part" &&
		TPCC_PASSWORD=$TPCC_TEST_PG_PASSWORD "$TPCC_TEST_TEMPLATE_BIN" build --driver pg --host 127.0.0.1 \
			--port "$TPCC_TEST_PG_PORT" --user "$TPCC_TEST_PG_USER" --database "${tmpl}_part" \
			--warehouses "$w" >"$out" 2>&1 &&
		pg_sql "ALTER DATABASE ${tmpl}_part RENAME TO $tmpl"
}
pg_template_copy() {
	pg_sql "DROP DATABASE IF EXISTS $2 WITH (FORCE)" && pg_sql "CREATE DATABASE $2 TEMPLATE $1"
}
# pg_built WHAT [W]: the database $DBN (pg_native_db's, or a test's own on
# the shared PostgreSQL) is made again from the template of W warehouses
# (default 1): the schema, its procedures and data as a build through
# libpq leaves them (asserted as WHAT).
pg_built() {
	local what=$1 w=${2:-1} tmpl
	server_template "$what" pg "$w" || return 1
	tmpl=$TMPL
	# One copy at a time: CREATE DATABASE refuses a template another
	# session is connected to.
	if template_locked "pg-w$w" pg_template_copy "$tmpl" "$DBN" >"$T/copy.txt" 2>&1; then
		ok "$what"
	else
		template_failed "$what: copying $tmpl into $DBN" "$T/copy.txt"
	fi
}
