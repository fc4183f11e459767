# clean-env.sh: sourced first by every test (tests/lib.sh for the scripts,
# AM_TESTS_ENVIRONMENT in Makefile.am for the unit tests), so that the
# shell the tests are started from plays no part: a DBA's exported
# TPCC_PASSWORD, PGSERVICE or MYSQL_HOST, or a private ODBC setup.  POSIX
# sh: make runs it under /bin/sh.
#
# Cleared: TPCC_*, PG* (libpq's), MYSQL_* (Connector/C's), ODBCINI and
# ODBCSYSINI.  Kept: what the harness sets for the tests: TPCC_TEST_* (the
# private servers, the templates), TPCC_BIN and TPCC_SRCDIR (make check),
# TPCC_DEB (scripts/test.sh), TPCC_COMPLETION (tests/completion.sh run on
# an installed package).  The private ODBC setup comes back from
# TPCC_TEST_ODBCINI and TPCC_TEST_ODBCSYSINI, which tests/pg-server.sh
# prints beside ODBCINI and ODBCSYSINI: an ODBCINI of the user's own is
# never taken for the harness's.  HOME is the caller's to set (lib.sh: a
# folder of the test's own), so that ~/.my.cnf and ~/.pgpass play no part.
for tpcc_clean_v in $(env | sed -n 's/^\(TPCC_[A-Za-z0-9_]*\|PG[A-Za-z0-9_]*\|MYSQL_[A-Za-z0-9_]*\|ODBCINI\|ODBCSYSINI\)=.*/\1/p'); do
	case $tpcc_clean_v in
	TPCC_TEST_* | TPCC_BIN | TPCC_SRCDIR | TPCC_DEB | TPCC_COMPLETION) ;;
	*) unset "$tpcc_clean_v" ;;
	esac
done
unset tpcc_clean_v
if [ -n "${TPCC_TEST_ODBCINI:-}" ]; then ODBCINI=$TPCC_TEST_ODBCINI; export ODBCINI; fi
if [ -n "${TPCC_TEST_ODBCSYSINI:-}" ]; then ODBCSYSINI=$TPCC_TEST_ODBCSYSINI; export ODBCSYSINI; fi
