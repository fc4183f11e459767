#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "mix.h"

static void mix_shuffle(mix_deck *d, tpcc_rng *r)
{
	for (int i = MIX_DECK_SIZE - 1; i > 0; i--) {
		int j = (int)rng_range(r, 0, i);
		unsigned char t = d->card[i];
		d->card[i] = d->card[j];
		d->card[j] = t;
	}
	d->next = 0;
}

void mix_init(mix_deck *d, tpcc_rng *r)
{
	int k = 0;
	for (int i = 0; i < 10; i++)
		d->card[k++] = TX_NEW_ORDER;
	for (int i = 0; i < 10; i++)
		d->card[k++] = TX_PAYMENT;
	d->card[k++] = TX_ORDER_STATUS;
	d->card[k++] = TX_DELIVERY;
	d->card[k++] = TX_STOCK_LEVEL;
	mix_shuffle(d, r);
}

enum txn_type mix_draw(mix_deck *d, tpcc_rng *r)
{
	if (d->next >= MIX_DECK_SIZE)
		mix_shuffle(d, r);
	return (enum txn_type)d->card[d->next++];
}
