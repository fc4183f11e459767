/* rand.h: TPC-C random data (clause 2.1.6, 4.3.2 of the specification).
 * A tpcc_rng is owned by one thread; nothing here touches global state. */
#ifndef TPCC_RAND_H
#define TPCC_RAND_H

#include <stddef.h>
#include <stdint.h>

typedef struct tpcc_rng {
	uint64_t s[2]; /* xorshift128+ state, never both zero */
} tpcc_rng;

/* The run-time constants C of NURand, one per field (clause 2.1.6). */
typedef struct tpcc_nurand_c {
	int c_last;  /* A = 255 */
	int c_id;    /* A = 1023 */
	int ol_i_id; /* A = 8191 */
} tpcc_nurand_c;

void rng_seed(tpcc_rng *r, uint64_t seed);
uint64_t rng_next(tpcc_rng *r);
/* Uniform integer in [lo, hi], inclusive. */
int64_t rng_range(tpcc_rng *r, int64_t lo, int64_t hi);
/* Uniform double in [0, 1). */
double rng_unit(tpcc_rng *r);
/* NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x */
int64_t rng_nurand(tpcc_rng *r, int A, int c, int64_t x, int64_t y);

/* Pick load-time constants at random. */
void nurand_c_load(tpcc_rng *r, tpcc_nurand_c *c);
/* Pick run-time constants given the load's: C_LAST delta in [65,119] minus
 * 96 and 112 (2.1.6.1); C_ID and OL_I_ID drawn afresh. */
void nurand_c_run(tpcc_rng *r, const tpcc_nurand_c *load, tpcc_nurand_c *run);
/* 1 if run's C_LAST is valid against load's C_LAST. */
int nurand_c_last_valid(int c_load, int c_run);

/* Last name from a number 0..999 (three syllables); writes a NUL-terminated
 * string to buf (at least 16 bytes: "CALLYCALLYCALLY" is 15) and returns its
 * length. */
size_t tpcc_lastname(int num, char *buf);

/* a-string: random alphanumeric characters, length in [lo, hi]; NUL-terminated,
 * buf must hold hi + 1.  Returns the length. */
size_t rng_astring(tpcc_rng *r, char *buf, int lo, int hi);
/* n-string: random digits, length in [lo, hi]. */
size_t rng_nstring(tpcc_rng *r, char *buf, int lo, int hi);
/* Zip: 4 random digits then "11111"; buf holds 10. */
void rng_zip(tpcc_rng *r, char *buf);
/* a-string of [lo, hi] where 10% carry "ORIGINAL" at a random position
 * (i_data, s_data). */
size_t rng_data_original(tpcc_rng *r, char *buf, int lo, int hi);
/* Fisher-Yates permutation of 1..n into out[0..n-1] (o_c_id at load). */
void rng_permutation(tpcc_rng *r, int *out, int n);

/* Negative exponential think time with the given mean, truncated at 10x. */
double rng_think(tpcc_rng *r, double mean);

#endif
