/* schema_map.h: the names a TPC-C schema built by another tool gives our
 * tables (and the indexes our statements name), so that every statement a
 * dialect forms can name them.  The columns of every layout adopt knows
 * are the specification's own names, so the map renames identifiers only:
 * table names, and the index names our procedures hint at.  Our own layout
 * is the identity map (no pairs).  One extra column is supported: a table
 * whose key is a column we never set (go-tpc's history.row_id) gets it in
 * every INSERT we write, with a value the dialect generates. */
#ifndef TPCC_SCHEMA_MAP_H
#define TPCC_SCHEMA_MAP_H

#include <stddef.h>

#define SCHEMA_MAP_MAX 16
#define SCHEMA_NAME_MAX 64

typedef struct schema_map {
	char layout[64];                  /* "tpcc-mysql", ...; "" ours */
	int n;                            /* pairs in use */
	char from[SCHEMA_MAP_MAX][SCHEMA_NAME_MAX];  /* our name */
	char to[SCHEMA_MAP_MAX][SCHEMA_NAME_MAX];    /* theirs */
	/* INSERTs into extra_table (our name) get column extra_col = extra_val
	 * first ("" for none). */
	char extra_table[SCHEMA_NAME_MAX], extra_col[SCHEMA_NAME_MAX], extra_val[128];
} schema_map;

/* Our nine tables, in the order adopt reports them. */
enum { SM_WAREHOUSE, SM_DISTRICT, SM_CUSTOMER, SM_HISTORY, SM_NEW_ORDER, SM_ORDERS,
       SM_ORDER_LINE, SM_ITEM, SM_STOCK, SM_TABLES };
extern const char *const schema_map_tables[SM_TABLES];

void schema_map_clear(schema_map *m);
/* Map our identifier from to theirs (replaces an earlier pair); -1 when full
 * or a name is not a plain identifier. */
int schema_map_set(schema_map *m, const char *from, const char *to);
/* Their name for our identifier (from itself when unmapped). */
const char *schema_map_name(const schema_map *m, const char *from);
int schema_map_is_identity(const schema_map *m);
/* Copy sql into out with every mapped identifier renamed (whole words
 * outside quoted strings and quoted names) and the extra column added.
 * m may be NULL (a plain copy).  -1 when out is too small. */
int schema_map_apply(const schema_map *m, const char *sql, char *out, size_t len);

#endif
