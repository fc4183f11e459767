/* mix.h: the transaction mix as a shuffled deck of 23 cards (10 New-Order,
 * 10 Payment, 1 each of Order-Status, Delivery, Stock-Level), which holds the
 * 45/43/4/4/4 shares exactly over every 23 transactions instead of only on
 * average. */
#ifndef TPCC_MIX_H
#define TPCC_MIX_H

#include "rand.h"
#include "core/stats.h"

#define MIX_DECK_SIZE 23

typedef struct mix_deck {
	unsigned char card[MIX_DECK_SIZE];
	int next;
} mix_deck;

void mix_init(mix_deck *d, tpcc_rng *r);
enum txn_type mix_draw(mix_deck *d, tpcc_rng *r);

#endif
