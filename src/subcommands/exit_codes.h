/* exit_codes.h: what tpcc-console exits with, from main, a subcommand or
 * the signal thread's forced exit. */
#ifndef TPCC_SUBCOMMANDS_EXIT_CODES_H
#define TPCC_SUBCOMMANDS_EXIT_CODES_H

/* 0 ok, 1 failure (database, check failed), 2 bad usage or config (a file
 * that is not a results file too), 3 compare --fail-if: a figure regressed
 * beyond noise, 130 stopped by a signal. */
enum { EX_OK = 0, EX_FAIL = 1, EX_USAGE = 2, EX_REGRESSED = 3, EX_SIGNAL = 130 };

#endif
