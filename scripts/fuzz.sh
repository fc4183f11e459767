#!/usr/bin/env bash
# fuzz.sh [SECONDS]: build the libFuzzer targets in fuzz/ with clang
# (ASan + UBSan, every UB report fatal) in a scratch directory and run each
# for SECONDS (default 60; 0 only replays the corpus).  Each target starts
# from its corpus in tests/fuzz-corpus/NAME/ (or $FUZZ_CORPUS/NAME/), read
# only unless FUZZ_UPDATE_CORPUS=1 (new inputs go to tests/tmp/fuzz/);
# inputs that reach new code are merged back into it (commit them if you
# like).  On a crash, a sanitizer report, a hang or a broken invariant the
# input is kept in tests/tmp/fuzz/ (or $FUZZ_ARTIFACTS) with the target
# binary, both paths are printed, and the script exits with libFuzzer's
# exit code.  Needs clang and libclang-rt-14-dev.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
seconds=${1:-60}
case $seconds in
'' | *[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac

CC=${FUZZ_CC:-clang}
command -v "$CC" >/dev/null || { echo "fuzz.sh: $CC not found (apt-get install clang libclang-rt-14-dev)" >&2; exit 2; }
artifacts=${FUZZ_ARTIFACTS:-$top/tests/tmp/fuzz}
mkdir -p "$artifacts"
scratch=$(mktemp -d "${TMPDIR:-/tmp}/tpcc-fuzz.XXXXXX")
# FUZZ_KEEP=1 keeps the builds, logs and new inputs for a look afterwards.
if [ "${FUZZ_KEEP:-0}" = 1 ]; then
	echo "fuzz.sh: keeping $scratch"
else
	trap 'rm -rf "$scratch"' EXIT
fi

# The parsers get coverage instrumentation (that is what the fuzzer steers
# by); the rest of the library, which the command module links against,
# only the sanitizers.
san=address,undefined
san_flags="-fno-sanitize-recover=all -fno-omit-frame-pointer"
# The configured tree's config.h (the version, what was found), as the
# build has it.
pkgs="libconfig sqlite3 libmariadb odbc libpq jansson libmicrohttpd"
cflags="-std=c11 -D_GNU_SOURCE -DHAVE_CONFIG_H -g -O1 -Wall -Wextra -Wno-unused-parameter -pthread
	-I$top/src -I$top $(pkg-config --cflags $pkgs)"
libs="$(pkg-config --libs $pkgs) -lm"
parsers="src/config/options.c src/config/args.c src/config/conf_file.c src/run/command.c src/results/results_read.c src/util/utf8.c src/report/report_md.c src/report/report_csv.c src/report/report_steps.c src/report/report_waits_runs.c"

echo "fuzz.sh: building with $($CC --version | head -1)"
objs=()
for src in src/*.c src/*/*.c drivers/*.c; do
	[ "$src" = src/main.c ] && continue
	cov=
	case " $parsers " in *" $src "*) cov=",fuzzer-no-link" ;; esac
	obj=$scratch/$(echo "$src" | tr / _).o
	# shellcheck disable=SC2086
	$CC $cflags -fsanitize=$san$cov $san_flags -c "$top/$src" -o "$obj" || exit 2
	objs+=("$obj")
done
ar rcs "$scratch/libtpcc-fuzz.a" "${objs[@]}"

run_env=(TMPDIR="$scratch" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
	LSAN_OPTIONS=suppressions="$top/tests/lsan.supp":print_suppressions=0)
status=0
for name in config command results; do
	target=fuzz_$name
	corpus=${FUZZ_CORPUS:-$top/tests/fuzz-corpus}/$name
	work=$scratch/corpus-$name
	log=$scratch/$target.log
	mkdir -p "$corpus" "$work"
	# shellcheck disable=SC2086
	$CC $cflags -fsanitize=$san,fuzzer $san_flags "$top/fuzz/$target.c" \
		"$scratch/libtpcc-fuzz.a" $libs -o "$scratch/$target" || exit 2

	before=$(find "$corpus" -type f | wc -l)
	if [ "$seconds" -eq 0 ]; then
		limit=(-runs=0)
	else
		limit=(-max_total_time="$seconds")
	fi
	# New inputs go to the scratch corpus first; the seeds are read only.
	# A crash exits 1, not libFuzzer's default 77, which test harnesses
	# read as "skipped"; a timeout exits 70.
	rc=0
	(cd "$scratch" && env "${run_env[@]}" \
		"$scratch/$target" "${limit[@]}" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -error_exitcode=1 \
		-dict="$top/fuzz/$name.dict" -print_final_stats=1 \
		-artifact_prefix="$artifacts/$target-" "$work" "$corpus") >"$log" 2>&1 || rc=$?

	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	if [ $rc -ne 0 ]; then
		status=$rc
		echo "fuzz.sh: $target FAILED (libFuzzer exit $rc) after ${execs:-?} executions:"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|fuzz_[a-z]+: |.*Test unit written to|.*ALARM|.*out-of-memory)' "$log" | head -20 || true
		crash=$(sed -n 's/.*Test unit written to //p' "$log" | tail -1)
		echo "fuzz.sh: crash input: ${crash:-none written, see the log below}"
		cp "$scratch/$target" "$artifacts/"
		echo "fuzz.sh: reproduce: LSAN_OPTIONS=suppressions=$top/tests/lsan.supp $artifacts/$target ${crash:-INPUT}"
		tail -n 40 "$log"
		continue
	fi
	# Keep what reached new code, and only that: in tests/tmp/fuzz (which
	# git ignores), so a run leaves the checkout as it found it; with
	# FUZZ_UPDATE_CORPUS=1 in the committed corpus, for a developer to
	# look at and commit.
	keep=$artifacts/corpus-$name
	[ "${FUZZ_UPDATE_CORPUS:-0}" = 1 ] && keep=$corpus
	mkdir -p "$keep"
	if [ "$seconds" -gt 0 ]; then
		(cd "$scratch" && env "${run_env[@]}" "$scratch/$target" -merge=1 -max_len=4096 \
			"$keep" "$corpus" "$work") >"$scratch/$target.merge.log" 2>&1 ||
			{ echo "fuzz.sh: $target: merging the corpus failed"; tail -n 20 "$scratch/$target.merge.log"; status=1; }
	fi
	after=$(find "$corpus" -type f | wc -l)
	kept=$(find "$keep" -type f | wc -l)
	cov=$(grep -E '^#[0-9]+.*(DONE|INITED).*cov:' "$log" | tail -1 | sed -E 's/.*cov: ([0-9]+).*/\1/')
	echo "fuzz.sh: $target: ${execs:-?} executions in $seconds s, no crash; coverage ${cov:-?} edges; corpus $before -> $after inputs; $kept that add coverage in $keep"
done
exit $status
