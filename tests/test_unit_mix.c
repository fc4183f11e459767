/* test_unit_mix.c: the transaction mix (the 23-card deck) and the inputs
 * txn_gen draws for each transaction, against the mix of TPC-C clause 5.2
 * and the input shares of clauses 2.4 to 2.8. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <check.h>
#include "unit.h"
#include <string.h>
#include "tpcc/mix.h"
#include "tpcc/txn.h"


START_TEST(test_deck_exact_per_deck)
{
	tpcc_rng r;
	mix_deck d;
	rng_seed(&r, 42);
	mix_init(&d, &r);
	for (int round = 0; round < 2000; round++) {
		int n[TX_COUNT] = { 0 };
		for (int i = 0; i < MIX_DECK_SIZE; i++)
			n[mix_draw(&d, &r)]++;
		REQUIRE(n[TX_NEW_ORDER] == 10);
		REQUIRE(n[TX_PAYMENT] == 10);
		REQUIRE(n[TX_ORDER_STATUS] == 1);
		REQUIRE(n[TX_DELIVERY] == 1);
		REQUIRE(n[TX_STOCK_LEVEL] == 1);
	}
}
END_TEST

START_TEST(test_deck_is_shuffled)
{
	/* Two decks from different seeds should not deal the same order, and
	 * one deck should not repeat its order every round. */
	tpcc_rng r1, r2;
	mix_deck a, b;
	rng_seed(&r1, 1);
	rng_seed(&r2, 2);
	mix_init(&a, &r1);
	mix_init(&b, &r2);
	int same = 0, first_pos_no = 0;
	for (int round = 0; round < 200; round++) {
		int eq = 1;
		for (int i = 0; i < MIX_DECK_SIZE; i++) {
			enum txn_type x = mix_draw(&a, &r1), y = mix_draw(&b, &r2);
			eq &= x == y;
			if (i == 0)
				first_pos_no += x == TX_NEW_ORDER;
		}
		same += eq;
	}
	REQUIRE(same < 5);
	/* the first card is New-Order about 10/23 of the time */
	REQUIRE(first_pos_no > 50 && first_pos_no < 125);
}
END_TEST

static txn_terminal term(int w, int d, int warehouses)
{
	txn_terminal t = { .w_id = w, .d_id = d, .warehouses = warehouses,
			   .c = { .c_last = 100, .c_id = 300, .ol_i_id = 5000 } };
	return t;
}

START_TEST(test_new_order_inputs)
{
	tpcc_rng r;
	txn_input in;
	txn_terminal t = term(3, 4, 10);
	long n = 200000, rollbacks = 0, lines = 0, remote = 0;
	rng_seed(&r, 7);
	for (long k = 0; k < n; k++) {
		txn_gen(&t, &r, TX_NEW_ORDER, &in);
		REQUIRE(in.w_id == 3);
		REQUIRE(in.d_id >= 1 && in.d_id <= 10);
		REQUIRE(in.c_id >= 1 && in.c_id <= 3000);
		REQUIRE(in.ol_cnt >= 5 && in.ol_cnt <= 15);
		rollbacks += in.rollback;
		int all_local = 1;
		for (int i = 0; i < in.ol_cnt; i++) {
			REQUIRE(in.ol[i].qty >= 1 && in.ol[i].qty <= 10);
			REQUIRE(in.ol[i].supply_w_id >= 1 && in.ol[i].supply_w_id <= 10);
			/* sorted by (supply warehouse, item), the stock key's
			 * order, the unused item aside */
			if (i && !(in.rollback && i == in.ol_cnt - 1))
				REQUIRE(in.ol[i - 1].supply_w_id < in.ol[i].supply_w_id ||
					(in.ol[i - 1].supply_w_id == in.ol[i].supply_w_id &&
					 in.ol[i - 1].i_id <= in.ol[i].i_id));
			if (in.ol[i].supply_w_id != 3) {
				remote++;
				all_local = 0;
			}
			if (!(in.rollback && i == in.ol_cnt - 1))
				REQUIRE(in.ol[i].i_id >= 1 && in.ol[i].i_id <= 100000);
		}
		REQUIRE(in.all_local == all_local);
		/* the unused item sorts last, so the rollback comes at the end */
		if (in.rollback)
			REQUIRE(in.ol[in.ol_cnt - 1].i_id == UNUSED_ITEM_ID);
		lines += in.ol_cnt;
	}
	double rb = 100.0 * rollbacks / n, rl = 100.0 * remote / lines, avg = (double)lines / n;
	ck_assert_msg(rb > 0.9 && rb < 1.1, "rollbacks %.3f%%", rb);
	ck_assert_msg(rl > 0.95 && rl < 1.05, "remote lines %.3f%%", rl);
	ck_assert_msg(avg > 9.9 && avg < 10.1, "lines per order %.3f", avg);
}
END_TEST

START_TEST(test_single_warehouse_never_remote)
{
	tpcc_rng r;
	txn_input in;
	txn_terminal t = term(1, 1, 1);
	rng_seed(&r, 9);
	for (int k = 0; k < 50000; k++) {
		txn_gen(&t, &r, k & 1 ? TX_NEW_ORDER : TX_PAYMENT, &in);
		REQUIRE(in.c_w_id == 1);
		for (int i = 0; i < in.ol_cnt; i++)
			REQUIRE(in.ol[i].supply_w_id == 1);
	}
}
END_TEST

START_TEST(test_payment_inputs)
{
	tpcc_rng r;
	txn_input in;
	txn_terminal t = term(2, 1, 4);
	long n = 200000, remote = 0, byname = 0;
	rng_seed(&r, 11);
	for (long k = 0; k < n; k++) {
		txn_gen(&t, &r, TX_PAYMENT, &in);
		REQUIRE(in.w_id == 2);
		REQUIRE(in.h_amount >= 1.0 && in.h_amount <= 5000.0);
		REQUIRE(in.c_w_id >= 1 && in.c_w_id <= 4);
		REQUIRE(in.c_d_id >= 1 && in.c_d_id <= 10);
		if (in.c_w_id != 2)
			remote++;
		else
			REQUIRE(in.c_d_id == in.d_id);
		if (in.byname) {
			byname++;
			REQUIRE(strlen(in.c_last) >= 9);
		} else {
			REQUIRE(in.c_id >= 1 && in.c_id <= 3000);
		}
	}
	double rp = 100.0 * remote / n, bn = 100.0 * byname / n;
	ck_assert_msg(rp > 14.5 && rp < 15.5, "remote payments %.2f%%", rp);
	ck_assert_msg(bn > 59 && bn < 61, "by name %.2f%%", bn);
}
END_TEST

START_TEST(test_other_inputs)
{
	tpcc_rng r;
	txn_input in;
	txn_terminal t = term(5, 7, 8);
	int seen_threshold[21] = { 0 }, seen_carrier[11] = { 0 };
	rng_seed(&r, 13);
	for (int k = 0; k < 20000; k++) {
		txn_gen(&t, &r, TX_STOCK_LEVEL, &in);
		REQUIRE(in.w_id == 5 && in.d_id == 7);
		REQUIRE(in.threshold >= 10 && in.threshold <= 20);
		seen_threshold[in.threshold]++;
		txn_gen(&t, &r, TX_DELIVERY, &in);
		REQUIRE(in.w_id == 5);
		REQUIRE(in.carrier_id >= 1 && in.carrier_id <= 10);
		seen_carrier[in.carrier_id]++;
		txn_gen(&t, &r, TX_ORDER_STATUS, &in);
		REQUIRE(in.w_id == 5 && in.c_w_id == 5);
	}
	for (int i = 10; i <= 20; i++)
		REQUIRE(seen_threshold[i] > 0);
	for (int i = 1; i <= 10; i++)
		REQUIRE(seen_carrier[i] > 0);
}
END_TEST

START_TEST(test_all_warehouses)
{
	tpcc_rng r;
	txn_input in;
	txn_terminal t = term(1, 1, 6);
	int seen[7] = { 0 };
	t.all_warehouses = 1;
	rng_seed(&r, 17);
	for (int k = 0; k < 6000; k++) {
		txn_gen(&t, &r, TX_NEW_ORDER, &in);
		REQUIRE(in.w_id >= 1 && in.w_id <= 6);
		seen[in.w_id]++;
	}
	for (int w = 1; w <= 6; w++)
		REQUIRE(seen[w] > 700);
}
END_TEST

int main(void)
{
	Suite *s = suite_create("mix");
	TCase *tc = tcase_create("mix");
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_deck_exact_per_deck);
	tcase_add_test(tc, test_deck_is_shuffled);
	tcase_add_test(tc, test_new_order_inputs);
	tcase_add_test(tc, test_single_warehouse_never_remote);
	tcase_add_test(tc, test_payment_inputs);
	tcase_add_test(tc, test_other_inputs);
	tcase_add_test(tc, test_all_warehouses);
	suite_add_tcase(s, tc);
	return unit_run(s);
}
