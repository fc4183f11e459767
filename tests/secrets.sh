#!/usr/bin/env bash
# secrets.sh: the database password never leaks.  build, run and check take
# it from a config file (mode 0600) and from TPCC_PASSWORD, against the test
# MariaDB over TCP; then no output, results file or other file the program
# wrote (a history file included, with HOME and the XDG directories in the
# scratch directory) holds the password.  A config file with a password
# that others can read gets the warning.
#
# The test user tpcc's password is "tpcc", a string every output holds
# anyway, so this test makes its own account, granted like tpcc, with a
# password that appears nowhere else.
. "$(dirname "$0")/lib.sh"
mariadb_db tpcc_sec
cd "$T"
SEC_USER=tpcc_sec_$$
PW="Pw-$$-$RANDOM-kq7Zx"
WRONG="Wrong-$$-$RANDOM-vb3Yw"
on_exit "my_sql \"DROP USER IF EXISTS '$SEC_USER'@'127.0.0.1'\""
my_sql "CREATE USER '$SEC_USER'@'127.0.0.1' IDENTIFIED BY '$PW';
	GRANT ALL PRIVILEGES ON $DBN.* TO '$SEC_USER'@'127.0.0.1'"

mkdir conf out home
export HOME=$T/home XDG_CONFIG_HOME=$T/home/.config XDG_DATA_HOME=$T/home/.local/share \
	XDG_STATE_HOME=$T/home/.local/state XDG_CACHE_HOME=$T/home/.cache
unset TPCC_PASSWORD

# conf_file NAME MODE [PASSWORD]: a config for the test account.
conf_file() {
	local f=conf/$1
	{
		echo "connection = {"
		echo "  driver = \"mysql\"; host = \"127.0.0.1\"; port = $TPCC_TEST_MYSQL_PORT;"
		echo "  user = \"$SEC_USER\"; database = \"$DBN\"; read_option_files = false;"
		[ -n "${3:-}" ] && echo "  password = \"$3\";"
		echo "};"
		echo "run = { results_dir = \"$T/out/results\"; };"
	} >"$f"
	chmod "$2" "$f"
}
conf_file with-pw.conf 600 "$PW"
conf_file no-pw.conf 600
conf_file world.conf 644 "$PW"
conf_file group.conf 640 "$PW"
RUN_ARGS="--vus 2 --rampup 1 --duration 2 --batch"
WARNING="holds a password and is readable by others"

# tpcc OUT ARGS...: run tpcc-console with a few console commands on stdin,
# all output to out/OUT.txt; returns its exit code.
tpcc() {
	local out=$1; shift
	printf 'status\nmark secrets\nhelp\n' | "$TPCC_BIN" "$@" >"out/$out.txt" 2>&1
}

# build_run_check TAG CONF HOW BUILD-ARGS: build, run and check with
# CONF, the password coming HOW; outputs in out/*-TAG.txt.
build_run_check() {
	local tag=$1 conf=$2 how=$3 build_args=$4 sub
	for sub in build run check; do
		case $sub in
		build) tpcc "$sub-$tag" build -c "$conf" $build_args ;;
		run) tpcc "$sub-$tag" run -c "$conf" $RUN_ARGS ;;
		*) tpcc "$sub-$tag" "$sub" -c "$conf" ;;
		esac
		assert "$sub with the password $how exits 0" [ $? -eq 0 ]
	done
}

build_run_check file conf/with-pw.conf "from a 0600 config file" "--warehouses 1"
assert "a 0600 config file gets no warning" lacks out/build-file.txt "$WARNING"
# The config file has none: TPCC_PASSWORD gives it.  The build makes the
# procedures again only: one load is enough to search, and the second
# took a quarter of this test's time.
export TPCC_PASSWORD=$PW
build_run_check env conf/no-pw.conf "from TPCC_PASSWORD" --procedures-only
# A failing login says why without the password it tried.
TPCC_PASSWORD=$WRONG tpcc wrong-env check -c conf/no-pw.conf
assert "a wrong TPCC_PASSWORD fails (exit 1)" [ $? -eq 1 ]
assert "  with the server's access denied" contains out/wrong-env.txt "Access denied"

# Readable by others: the warning, on stderr, without the password.
tpcc world check -c conf/world.conf
assert "a 0644 config file with a password still works" [ $? -eq 0 ]
assert "a 0644 config file with a password gets the warning" contains out/world.txt "$WARNING"
assert "  naming the file" grep -qF "conf/world.conf $WARNING" out/world.txt
"$TPCC_BIN" check -c conf/world.conf >/dev/null 2>stderr.txt
assert "  on stderr" contains stderr.txt "$WARNING"
tpcc group check -c conf/group.conf
assert "a 0640 config file with a password gets the warning" contains out/group.txt "$WARNING"
tpcc env-only check -c conf/no-pw.conf
assert "no warning when the password comes from TPCC_PASSWORD" lacks out/env-only.txt "$WARNING"

tpcc drop-env drop -c conf/no-pw.conf
assert "drop with the password from TPCC_PASSWORD exits 0" [ $? -eq 0 ]
(unset TPCC_PASSWORD; tpcc drop-file drop -c conf/with-pw.conf)
assert "drop with the password from the config file exits 0" [ $? -eq 0 ]

# Now look everywhere the program could have written, but for the config
# files that hold the password on purpose.
n_results=$(find out/results -name '*.json' | wc -l)
assert "two results files to search" [ "$n_results" -eq 2 ]
n_files=$(find "$T" -type f ! -path "$T/conf/*" | wc -l)
echo "# searching $n_files files (outputs, results, $(find home -type f | wc -l) under HOME)"
leaks() { grep -rlF --exclude-dir=conf -- "$1" "$T"; }
assert "the search finds a planted copy (it can fail)" \
	sh -c "echo '$PW' >'$T/out/canary' && grep -rlqF -- '$PW' '$T/out'"
rm -f out/canary
assert "the password is in no output, results or history file" [ -z "$(leaks "$PW")" ]
leaks "$PW"
assert "the wrong password tried is in no file either" [ -z "$(leaks "$WRONG")" ]

finish
