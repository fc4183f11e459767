/* rand.c: TPC-C random data (clause 2.1.6, 4.3.2).
 *
 * The generator is xorshift128+: two 64-bit words of state, a handful of
 * shifts and xors per draw, no division.  Its lowest bits are the weakest
 * (bit 0 is a plain LFSR), so everything here takes its randomness from the
 * high end of a draw: bounded integers by multiply-shift, doubles from the
 * top 53 bits, string characters from the top 60 bits. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif

#include "rand.h"

#include <math.h>
#include <string.h>

/* splitmix64: used only for seeding, because it turns any 64-bit seed
 * (0, 1, 2, ...) into well-mixed words, so nearby seeds give unrelated
 * streams. */
static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(tpcc_rng *r, uint64_t seed)
{
	uint64_t x = seed;
	r->s[0] = splitmix64(&x);
	r->s[1] = splitmix64(&x);
	/* All-zero state is the one fixed point of xorshift; splitmix64 is a
	 * bijection of its counter so this cannot really happen, but a stuck
	 * generator would be silent, so make it impossible. */
	if ((r->s[0] | r->s[1]) == 0)
		r->s[0] = 0x9e3779b97f4a7c15ULL;
}

/* The hot-path body, inlined into every caller in this file; rng_next is the
 * exported wrapper. */
static inline uint64_t next(tpcc_rng *r)
{
	uint64_t s1 = r->s[0];
	const uint64_t s0 = r->s[1];
	const uint64_t out = s0 + s1;
	r->s[0] = s0;
	s1 ^= s1 << 23;
	r->s[1] = s1 ^ s0 ^ (s1 >> 18) ^ (s0 >> 5);
	return out;
}

uint64_t rng_next(tpcc_rng *r)
{
	return next(r);
}

/* Uniform in [0, n) for n >= 1, Lemire's multiply-shift: the high word of
 * x * n is the answer; the low word tells whether x fell in the short tail
 * that would bias it.  The one modulo only runs when the low word is below n,
 * i.e. with probability n / 2^64, so it is never paid in practice. */
static inline uint64_t bounded(tpcc_rng *r, uint64_t n)
{
	unsigned __int128 m = (unsigned __int128)next(r) * n;
	uint64_t low = (uint64_t)m;
	if (low < n) {
		const uint64_t threshold = -n % n; /* 2^64 mod n */
		while (low < threshold) {
			m = (unsigned __int128)next(r) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

int64_t rng_range(tpcc_rng *r, int64_t lo, int64_t hi)
{
	if (hi <= lo)
		return lo;
	/* Unsigned arithmetic so that [INT64_MIN, INT64_MAX] does not
	 * overflow; that range has n == 0 (2^64), where every draw is fine. */
	const uint64_t n = (uint64_t)hi - (uint64_t)lo + 1;
	const uint64_t v = n ? bounded(r, n) : next(r);
	return (int64_t)((uint64_t)lo + v);
}

double rng_unit(tpcc_rng *r)
{
	/* 53 high bits: every double in the result is a multiple of 2^-53,
	 * so the result is never 1.0. */
	return (double)(next(r) >> 11) * 0x1.0p-53;
}

int64_t rng_nurand(tpcc_rng *r, int A, int c, int64_t x, int64_t y)
{
	/* Written straight from clause 2.1.6; the % here is the
	 * specification's, not a way of bounding a random number. */
	const int64_t a = (int64_t)bounded(r, (uint64_t)A + 1);
	const int64_t b = x + (int64_t)bounded(r, (uint64_t)(y - x) + 1);
	return (((a | b) + c) % (y - x + 1)) + x;
}

void nurand_c_load(tpcc_rng *r, tpcc_nurand_c *c)
{
	c->c_last = (int)bounded(r, 256);
	c->c_id = (int)bounded(r, 1024);
	c->ol_i_id = (int)bounded(r, 8192);
}

/* Allowed |C_RUN - C_LOAD| for C_LAST (2.1.6.1). */
static int delta_ok(int d)
{
	return d >= 65 && d <= 119 && d != 96 && d != 112;
}

int nurand_c_last_valid(int c_load, int c_run)
{
	if (c_load < 0 || c_load > 255 || c_run < 0 || c_run > 255)
		return 0;
	return delta_ok(c_run > c_load ? c_run - c_load : c_load - c_run);
}

void nurand_c_run(tpcc_rng *r, const tpcc_nurand_c *load, tpcc_nurand_c *run)
{
	/* A C_LOAD outside 0..255 cannot come from nurand_c_load; fold it in
	 * rather than loop forever looking for a partner. */
	const int base = load->c_last & 255;
	int c_last;

	/* For every base in 0..255 at least one of base+65 and base-65 is in
	 * range, so the loop ends; most draws succeed first time. */
	for (;;) {
		int d = 65 + (int)bounded(r, 119 - 65 + 1);
		if (!delta_ok(d))
			continue;
		const int up = base + d, down = base - d;
		const int up_ok = up <= 255, down_ok = down >= 0;
		if (up_ok && down_ok) {
			c_last = (next(r) >> 63) ? up : down;
			break;
		}
		if (up_ok || down_ok) {
			c_last = up_ok ? up : down;
			break;
		}
	}
	run->c_last = c_last;
	run->c_id = (int)bounded(r, 1024);
	run->ol_i_id = (int)bounded(r, 8192);
}

static const char *const syllable[10] = {
	"BAR", "OUGHT", "ABLE", "PRI", "PRES",
	"ESE", "ANTI", "CALLY", "ATION", "EING",
};
static const unsigned char syllable_len[10] = { 3, 5, 4, 3, 4, 3, 4, 5, 5, 4 };

size_t tpcc_lastname(int num, char *buf)
{
	/* Callers pass 0..999; anything else is folded into that range so the
	 * 16-byte buffer contract always holds. */
	num %= 1000;
	if (num < 0)
		num += 1000;
	const int digit[3] = { num / 100, num / 10 % 10, num % 10 };
	size_t n = 0;
	for (int i = 0; i < 3; i++) {
		memcpy(buf + n, syllable[digit[i]], syllable_len[digit[i]]);
		n += syllable_len[digit[i]];
	}
	buf[n] = '\0';
	return n;
}

static const char alnum[62] =
	"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/* Length in [lo, hi]; a reversed or negative range gives lo, or 0. */
static int pick_len(tpcc_rng *r, int lo, int hi)
{
	if (lo < 0)
		lo = 0;
	if (hi <= lo)
		return lo;
	return lo + (int)bounded(r, (uint64_t)(hi - lo) + 1);
}

/* Fill n alphanumerics.  The loader makes billions of these, so one draw
 * feeds ten characters: the top 60 bits are cut into 6-bit chunks and chunks
 * of 62 or 63 are thrown away (3%), which is exactly uniform and costs no
 * multiply at all. */
static void fill_alnum(tpcc_rng *r, char *buf, int n)
{
	int i = 0;
	while (i < n) {
		uint64_t x = next(r) >> 4;
		for (int k = 0; k < 10 && i < n; k++, x >>= 6) {
			const unsigned v = (unsigned)(x & 63);
			if (v < 62)
				buf[i++] = alnum[v];
		}
	}
}

/* Same idea with 4-bit chunks below 10 (about 9 digits per draw). */
static void fill_digits(tpcc_rng *r, char *buf, int n)
{
	int i = 0;
	while (i < n) {
		uint64_t x = next(r) >> 4;
		for (int k = 0; k < 15 && i < n; k++, x >>= 4) {
			const unsigned v = (unsigned)(x & 15);
			if (v < 10)
				buf[i++] = (char)('0' + v);
		}
	}
}

size_t rng_astring(tpcc_rng *r, char *buf, int lo, int hi)
{
	const int n = pick_len(r, lo, hi);
	fill_alnum(r, buf, n);
	buf[n] = '\0';
	return (size_t)n;
}

size_t rng_nstring(tpcc_rng *r, char *buf, int lo, int hi)
{
	const int n = pick_len(r, lo, hi);
	fill_digits(r, buf, n);
	buf[n] = '\0';
	return (size_t)n;
}

void rng_zip(tpcc_rng *r, char *buf)
{
	fill_digits(r, buf, 4);
	memcpy(buf + 4, "11111", 6); /* includes the NUL */
}

size_t rng_data_original(tpcc_rng *r, char *buf, int lo, int hi)
{
	/* Decide first, so that when lo < 8 an "ORIGINAL" string still gets a
	 * length that can hold it and the 10% share holds (4.3.3.1). */
	const int original = bounded(r, 10) == 0 && hi >= 8;
	const int n = pick_len(r, original && lo < 8 ? 8 : lo, hi);
	fill_alnum(r, buf, n);
	if (original)
		memcpy(buf + bounded(r, (uint64_t)(n - 8) + 1), "ORIGINAL", 8);
	buf[n] = '\0';
	return (size_t)n;
}

void rng_permutation(tpcc_rng *r, int *out, int n)
{
	for (int i = 0; i < n; i++)
		out[i] = i + 1;
	/* Fisher-Yates, back to front: out[i] takes a uniform pick among the
	 * i + 1 values not yet placed. */
	for (int i = n - 1; i > 0; i--) {
		const int j = (int)bounded(r, (uint64_t)i + 1);
		const int t = out[i];
		out[i] = out[j];
		out[j] = t;
	}
}

double rng_think(tpcc_rng *r, double mean)
{
	if (!(mean > 0))
		return 0;
	/* 1 - [0,1) is (0,1], so log never sees 0. */
	const double u = 1.0 - rng_unit(r);
	const double t = -log(u) * mean;
	const double cap = 10.0 * mean;
	return t < cap ? t : cap;
}
