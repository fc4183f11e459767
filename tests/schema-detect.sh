#!/usr/bin/env bash
# schema-detect.sh: a run refuses a database that cannot serve it before
# any VU starts, with exit 2 and a message that names what is missing and
# what to do: no schema, tables missing, a column missing, a warehouse
# table that disagrees with tpcc_meta, another warehouse count than
# configured, procedures mode on SQLite.  (MariaDB's and PostgreSQL's
# missing procedures: mariadb-proc.sh, pg-odbc.sh.)
. "$(dirname "$0")/lib.sh"
command -v sqlite3 >/dev/null || skip_all "sqlite3 not installed"
cd "$T"

sqlite_built "build exits 0" good.db
# refused NAME DB MESSAGE [OPTIONS...]: a run on DB exits 2 with MESSAGE
# on stderr and leaves no results file.
refused() {
	local what=$1 db=$2 msg=$3; shift 3
	"$TPCC_BIN" run --db "$db" --batch --rampup 0 --duration 5 --results-dir "$T/r-$what" "$@" \
		</dev/null >"$what.out" 2>"$what.err"; rc=$?
	assert "$what: refused with exit 2" [ $rc -eq 2 ]
	assert "$what: the message says what and what to do" contains "$what.err" "$msg"
	assert "$what: before any VU started" [ ! -e "$T/r-$what" ]
}
copy() { cp good.db "$1"; }

sqlite3 empty.db "CREATE TABLE unrelated (x INTEGER)"
refused none empty.db "no TPC-C schema in database empty.db (no tpcc_meta table): run 'tpcc-console build' first"

copy tables.db; sqlite3 tables.db "DROP TABLE stock; DROP TABLE item"
refused tables tables.db "tables item, stock missing in database tables.db: it is not a tpcc-console TPC-C schema (or was changed since): run 'tpcc-console drop' and 'tpcc-console build'"

copy column.db; sqlite3 column.db "ALTER TABLE order_line DROP COLUMN ol_dist_info"
refused column column.db "table order_line in database column.db lacks column ol_dist_info: it is not a tpcc-console TPC-C schema"

copy rows.db; sqlite3 rows.db "DELETE FROM tpcc_meta WHERE k = 'warehouses'; INSERT INTO tpcc_meta VALUES ('warehouses', '2')"
refused rows rows.db "tpcc_meta in database rows.db says 2 warehouses but the warehouse table holds 1 (highest w_id 1)"

refused count good.db "the schema has 1 warehouse but 4 are configured: set workload.warehouses (or --warehouses) to 1" --warehouses 4
refused procedures good.db "workload.mode procedures needs stored procedures, which sqlite does not have; use --mode=statements" --mode procedures

"$TPCC_BIN" run --db good.db --batch --rampup 0 --duration 1 --results-dir "$T/ok" </dev/null >ok.txt 2>&1
assert "the intact schema runs" [ $? -eq 0 ]

finish
