/* unit.h: what every Check unit test shares: assertions cheap enough for
 * loops of a million draws, and running a suite to an exit status. */
#ifndef TPCC_TESTS_UNIT_H
#define TPCC_TESTS_UNIT_H

#include <check.h>

/* Check's ck_assert records a mark point through a pipe on every pass, a
 * system call each; in tight loops that is most of the run time.  These
 * call into Check only on failure. */
#define REQUIRE(expr) \
	do { \
		if (!(expr)) \
			ck_abort_msg("line %d: %s", __LINE__, #expr); \
	} while (0)
#define REQUIRE_MSG(expr, ...) \
	do { \
		if (!(expr)) \
			ck_abort_msg(__VA_ARGS__); \
	} while (0)

/* Run every test of s; 0 when all passed, 1 otherwise. */
static inline int unit_run(Suite *s)
{
	SRunner *sr = srunner_create(s);
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? 1 : 0;
}

#endif
