/* query.c: see query.h. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <string.h>
#include "query.h"

int query_text(db_conn *c, const char *sql, const char *param, char *buf, size_t len,
	       db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc;

	if (!buf || len == 0)
		return db_error_set(e, DB_FATAL, 0, "HY000", "no buffer for the value");
	if (drv->prepare(c, sql, &s, e))
		return -1;
	if (param)
		rc = drv->execute(s, (db_param[]){ db_p_text(param, strlen(param)) }, 1, NULL, e);
	else
		rc = drv->execute(s, NULL, 0, NULL, e);
	if (rc == 0)
		rc = drv->fetch(s, e);
	if (rc == 1) {
		size_t n = 0;
		const char *v = drv->col_isnull(s, 0) ? NULL : drv->col_text(s, 0, &n);
		if (!v)
			n = 0;
		if (n >= len)
			rc = db_error_set(e, DB_FATAL, 0, "22001", "a value of %zu bytes does not "
					  "fit a %zu byte buffer", n, len);
		else {
			memcpy(buf, v ? v : "", n);
			buf[n] = '\0';
		}
	}
	drv->finalize(s);
	return rc;
}

int query_pairs(db_conn *c, const char *sql, query_pair_fn fn, void *ctx, db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc = 0, stop = 0;

	if (drv->prepare(c, sql, &s, e))
		return -1;
	if (drv->execute(s, NULL, 0, NULL, e)) {
		drv->finalize(s);
		return -1;
	}
	while (!stop && (rc = drv->fetch(s, e)) == 1) {
		const char *name = drv->col_text(s, 0, NULL);
		stop = fn(ctx, name ? name : "?", drv->col_double(s, 1));
	}
	drv->finalize(s);
	return stop ? stop : rc < 0 ? -1 : 0;
}

int query_rows(db_conn *c, const char *sql, const char *param, query_row_fn fn, void *ctx,
	       db_error *e)
{
	const db_driver *drv = c->drv;
	db_stmt *s;
	int rc = 0, stop = 0;

	if (drv->prepare(c, sql, &s, e))
		return -1;
	if (param)
		rc = drv->execute(s, (db_param[]){ db_p_text(param, strlen(param)) }, 1, NULL, e);
	else
		rc = drv->execute(s, NULL, 0, NULL, e);
	if (rc) {
		drv->finalize(s);
		return -1;
	}
	while (!stop && (rc = drv->fetch(s, e)) == 1) {
		char buf[QUERY_COLS][128];
		const char *col[QUERY_COLS];
		int n = drv->column_count(s);
		n = n > QUERY_COLS ? QUERY_COLS : n;
		for (int i = 0; i < n; i++) {
			size_t len = 0;
			const char *v = drv->col_isnull(s, i) ? NULL : drv->col_text(s, i, &len);
			if (v) {
				len = len < sizeof buf[i] - 1 ? len : sizeof buf[i] - 1;
				memcpy(buf[i], v, len);
				buf[i][len] = '\0';
			}
			col[i] = v ? buf[i] : NULL;
		}
		stop = fn(ctx, n, col);
	}
	drv->finalize(s);
	return stop ? stop : rc < 0 ? -1 : 0;
}
