/* schema.h: connecting from the config, creating and dropping the TPC-C
 * schema, and its metadata row (tpcc_meta) that tells a run how many
 * warehouses were loaded and with which NURand constants. */
#ifndef TPCC_SCHEMA_H
#define TPCC_SCHEMA_H

#include "drivers/driver.h"
#include "dialect/dialect.h"
#include "config/options.h"
#include "consistency.h"
#include "rand.h"

/* The database as messages name it: the SQLite file, the MySQL database,
 * the ODBC data source (the driver's target_name). */
const char *schema_target_name(const tpcc_config *c);
/* The same, with *phrase (may be NULL) set when it is words for a
 * connection that names its own database ("the ODBC connection"). */
const char *schema_target_phrase(const tpcc_config *c, int *phrase);
/* Where the configured connection goes, for the console's header:
 * host:port with the driver's default port, the socket, the file, the DSN. */
void schema_where(const tpcc_config *c, char *buf, size_t len);
/* The configured driver's database is embedded (a file this process opens). */
int schema_embedded(const tpcc_config *c);
/* Fill p from c (pointers into c). */
void db_params_from_config(const tpcc_config *c, db_params *p);
/* Connect to the configured database; an embedded one's file must exist
 * (only build's connection makes it). */
int schema_connect(const tpcc_config *c, db_conn **out, db_error *e);
/* build's connection: the configured database, created first when
 * missing where the dialect can (native drivers only: an ODBC data source
 * names a database that must exist; with libpq, a database named by a
 * conninfo, PGDATABASE or PGSERVICE must exist too).  *created says
 * whether it was made here (always 0 where the server is told IF NOT
 * EXISTS). */
int schema_connect_creating(const tpcc_config *c, db_conn **out, int *created, db_error *e);
/* The dialect to speak on conn: connection.dialect when it names one, else
 * the native driver's, else the one for the DBMS the connection reports.
 * NULL with e filled when none fits. */
const dialect *schema_dialect(const tpcc_config *c, db_conn *conn, db_error *e);

typedef struct schema_info {
	int present;        /* tpcc_meta exists */
	int complete;       /* build finished (indexes and all) */
	int restoring;      /* a restore began and has not finished */
	int warehouses;
	tpcc_nurand_c c_load;
	char built_at[32];
	int procedures;     /* version of the stored procedures build created,
	                     * 0: none */
	/* Another tool's schema that adopt --apply recorded: the names it
	 * gives our tables ("map.<ours>" = theirs in tpcc_meta, "layout" its
	 * tool, "map_extra" = table,column,value); identity for ours. */
	schema_map map;
	/* What adopt found on the other tool's data before any run of ours:
	 * "findings" (n:rows,... the conditions that did not hold, and on how
	 * many rows) and "findings_checked" (n,... the conditions it checked;
	 * absent: an adopt that checked 1, 2, 3, 8, 9 and 11 alone).  whose is
	 * left for the caller to word. */
	check_baseline adopted;
} schema_info;

/* The dialect to speak to the schema info describes: base, or a copy in
 * storage naming the tables through info's map. */
const dialect *schema_speak(const schema_info *info, const dialect *base, dialect *storage);

int schema_inspect(db_conn *c, schema_info *info, db_error *e);
/* What an unfinished schema (present, not complete) holds and what to
 * do, for "DATABASE holds %s": a build cut short is dropped and built
 * again, a restore cut short is restored again. */
const char *schema_unfinished(const schema_info *info);
int schema_create_tables(db_conn *c, const dialect *d, db_error *e);
int schema_create_indexes(db_conn *c, const dialect *d, db_error *e);
int schema_drop(db_conn *c, const dialect *d, db_error *e);
/* Drop and create the dialect's stored procedures, and record it in
 * tpcc_meta. */
int schema_create_procedures(db_conn *c, const dialect *d, db_error *e);
int schema_meta_set(db_conn *c, const char *key, const char *value, db_error *e);
/* The version of d's stored procedures, as tpcc_meta records it. */
int schema_proc_version(const dialect *d);

#endif
