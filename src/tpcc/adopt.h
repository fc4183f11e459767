/* adopt.h: a TPC-C schema another tool built (HammerDB, go-tpc,
 * tpcc-mysql, sysbench-tpcc, BenchBase), recognised by its table names,
 * reported against the specification, and made usable by our runs with
 * --apply: the names recorded in tpcc_meta (a schema map), the indexes our
 * statements need added, and our stored procedures created under our own
 * names.  The other tool's tables and indexes are never altered or
 * dropped. */
#ifndef TPCC_ADOPT_H
#define TPCC_ADOPT_H

#include <stdatomic.h>
#include <stdio.h>
#include "dialect/dialect.h"
#include "drivers/driver.h"

/* The database's table names, as the catalog gives them (lower case). */
typedef struct adopt_tables {
	int n;
	char name[512][SCHEMA_NAME_MAX];
} adopt_tables;

typedef struct adopt_layout {
	char tool[128];       /* the layout, for people: "standard names (HammerDB or go-tpc)" */
	char who[48];         /* the tool, in a sentence: "the data %s loaded" */
	char id[32];          /* recorded in tpcc_meta: hammerdb, go-tpc, tpcc-mysql, ... */
	char note[256];       /* e.g. the other sysbench-tpcc sets found */
	schema_map map;       /* table names (indexes are added by adopt_run) */
} adopt_layout;

/* Which tool's layout the tables are: 0 found (out filled), 1 none (msg
 * says what is there), -1 a usage error in set (msg). */
int adopt_detect(db_conn *c, const dialect *d, const adopt_tables *t, int set,
		 adopt_layout *out, char *msg, size_t len);
int adopt_read_tables(db_conn *c, const dialect *d, adopt_tables *t, db_error *e);
int adopt_has(const adopt_tables *t, const char *name);

/* The whole of adopt: report to out, and with apply change the database,
 * then check all twelve consistency conditions (progress on stderr) and
 * record what did not hold.  A stop (may be NULL) set before the changes
 * leaves the database as it was; set after, it stops the check between
 * conditions, the adoption kept.  Returns 0 done, 1 could not (err), 2
 * not an adoptable schema (err names what is missing), 3 stopped. */
int adopt_run(db_conn *c, const dialect *d, int apply, int set, atomic_int *stop, FILE *out,
	      char *err, size_t errlen);

/* The name --apply gives an index it adds on our table (SM_*): the key's,
 * or secondary, the one our statements hint at.  Ours, as the procedures'
 * tpcc_* are: drop takes out the indexes of these names, and no other. */
void adopt_index_name(int table, int secondary, char *buf, size_t len);

/* drop on an adopted schema (m its map): the indexes --apply added that
 * are there, our stored procedures, then tpcc_meta; the other tool's
 * tables, rows and indexes stay.  *indexes: how many indexes went.  0, or
 * -1 with e filled. */
int adopt_drop(db_conn *c, const dialect *d, const schema_map *m, int *indexes, db_error *e);

#endif
