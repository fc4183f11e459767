/* json.h: the little JSON writing the results file needs, into a memory
 * buffer (so a record can be written to disk in one piece). */
#ifndef TPCC_JSON_H
#define TPCC_JSON_H

#include <stddef.h>
#include <stdint.h>
#include "util/strbuf.h"

typedef struct jbuf {
	strbuf s;         /* the text; s.oom: an append failed */
	int need_comma;   /* a value was written at this nesting level */
} jbuf;

void jb_init(jbuf *b);
void jb_free(jbuf *b);
void jb_reset(jbuf *b);
void jb_raw(jbuf *b, const char *s);
void jb_printf(jbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A JSON string literal with escaping; bytes that are not UTF-8 are
 * written as U+FFFD, so that jansson (every reader) takes the file. */
void jb_str(jbuf *b, const char *s);

/* Object/array building: separators are handled for the caller. */
void jb_obj_open(jbuf *b);
void jb_obj_close(jbuf *b);
void jb_arr_open(jbuf *b);
void jb_arr_close(jbuf *b);
void jb_key(jbuf *b, const char *key);           /* "key": */
void jb_kv_str(jbuf *b, const char *key, const char *v);
void jb_kv_int(jbuf *b, const char *key, int64_t v);
void jb_kv_dbl(jbuf *b, const char *key, double v, int decimals);
void jb_kv_bool(jbuf *b, const char *key, int v);
void jb_kv_null(jbuf *b, const char *key);
/* Array elements. */
void jb_el_int(jbuf *b, int64_t v);
void jb_el_dbl(jbuf *b, double v, int decimals);
void jb_el_str(jbuf *b, const char *v);
void jb_el_begin(jbuf *b); /* before an element that is an object/array */

#endif
