/* build.h: build a TPC-C schema from scratch: tables, metadata, the load
 * (with its progress counts), indexes and stored procedures.  One copy,
 * used by `build` (progress on stdout) and by the console's offer to build
 * when a run finds no schema (progress drawn in curses). */
#ifndef TPCC_BUILD_H
#define TPCC_BUILD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "config/options.h"
#include "util/progress.h"

enum build_stage { BUILD_CONNECTING, BUILD_DATABASE, BUILD_TABLES, BUILD_LOADING,
		   BUILD_INDEXES, BUILD_PROCEDURES, BUILD_DONE };

/* Told at the start of every stage, with a line for the operator
 * ("building 4 warehouses in tpcc (10.11.6-MariaDB) with 2 load threads").
 * From BUILD_LOADING on, the progress counts are live. */
typedef void (*build_note_fn)(void *ctx, enum build_stage stage, const char *text);

typedef struct build_report {
	uint64_t rows;
	double load_s, total_s;
} build_report;

/* Build c->warehouses (at least 1) warehouses.  prog is started here, its
 * display going to progress_out (NULL: none); *stop set non-zero ends the
 * load early.  Returns 0 with r filled, or -1 with err filled (the schema
 * is there already, or what failed and how to clean up). */
int build_schema(const tpcc_config *c, const atomic_int *stop, progress *prog, FILE *progress_out,
		 build_note_fn note, void *ctx, build_report *r, char *err, size_t errlen);

#endif
