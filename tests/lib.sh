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
	for h in "${cleanup_hooks[@]}"; do eval "$h" || true; done
	rm -rf "$T"
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
send() { echo "$1" >&"$CON_IN"; }
close_input() { exec {CON_IN}>&-; }

# wait_for FILE PATTERN [SECONDS]: until an extended regex appears in FILE
# (the console's output), bounded; returns 1 on timeout.  Uses inotify-free
# polling of a file the program writes: the condition, not time, decides.
wait_for() {
	local file=$1 pat=$2 limit=${3:-60} i=0
	while ! grep -qE -- "$pat" "$file" 2>/dev/null; do
		i=$((i + 1))
		[ $i -gt $((limit * 10)) ] && { echo "timeout waiting for /$pat/ in $file"; tail -5 "$file"; return 1; }
		sleep 0.1
	done
}

# json_get FILE PYTHON-EXPRESSION: evaluate against the parsed file as `d`.
json_get() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print($2)" "$1"; }
json_valid() { python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$1" 2>/dev/null; }
