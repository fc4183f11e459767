/* dialect_mssql.c: Microsoft SQL Server (placeholder until its DDL lands). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "dialect.h"

const dialect dialect_mssql = {
	.name = "mssql",
	.drop_tables = dialect_std_drop,
	.select_for_update = 0,
};
