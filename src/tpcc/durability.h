/* durability.h: the durability audit (TPC-C clause 3.5 in spirit).  A run
 * records, per district, the highest New-Order id whose commit the server
 * acknowledged; after a crash and restart, every one of those orders must
 * still be in the database with all its lines. */
#ifndef TPCC_DURABILITY_H
#define TPCC_DURABILITY_H

#include <stdatomic.h>
#include <stdio.h>
#include "drivers/driver.h"
#include "dialect/schema_map.h"

typedef struct acked_order {
	int w, d, o_id;
} acked_order;

/* Compare with the database; prints one line per district with the count
 * it lost ("ok    warehouse 1 district 2: acknowledged up to order 3120,
 * found up to 3120: 0 lost", "LOST  ...: 7 lost") and the total
 * ("durability: 10 districts checked, 7 acknowledged New-Orders lost in
 * 1 district").  When *stop (may be NULL) is set, the audit ends before
 * the next district: -1, err saying how many districts were checked.  Returns the number of acknowledged orders missing,
 * or -1 with err filled.  m (NULL: our names) names an adopted schema's
 * tables. */
long durability_check(db_conn *c, const schema_map *m, const acked_order *a, int n, FILE *out,
		      atomic_int *stop, char *err, size_t errlen);

#endif
