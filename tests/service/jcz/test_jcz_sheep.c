/* test_jcz_sheep.c -- the sheep bag as the apps draw from it
 * (service/jcz/jcz_sheep.h): tokens laid out by kind, 1 2 3 4 sheep then
 * the wolf, the draw for u the token at floor(u * n); the export's number
 * (i + 0.5) / n draws back its token. */
#include "../../../engine/scoring.h"
#include "../../../service/jcz/jcz_sheep.h"
#include "../../support/random_board.h"
#include "../../support/testutil.h"

CC_SUITE(jcz_sheep);

Test(jcz_sheep, the_full_bag_by_kind)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    jcz_bag bag;
    jcz_bag_fill(&bag, &pos);
    /* 18 tokens: 4 x 1, 5 x 2, 5 x 3, 2 x 4, 2 wolves. */
    cr_assert_eq(jcz_bag_draw(&bag, 0.0), 1);
    cr_assert_eq(jcz_bag_draw(&bag, 3.99 / 18), 1);
    cr_assert_eq(jcz_bag_draw(&bag, 4.0 / 18), 2);
    cr_assert_eq(jcz_bag_draw(&bag, 13.5 / 18), 3);
    cr_assert_eq(jcz_bag_draw(&bag, 14.5 / 18), 4);
    cr_assert_eq(jcz_bag_draw(&bag, 16.0 / 18), CC_TOKEN_WOLF);
    cr_assert_eq(jcz_bag_draw(&bag, 0.99999), CC_TOKEN_WOLF);
    cr_assert_eq(jcz_bag_draw(&bag, 1.0), -1);
    cr_assert_eq(jcz_bag_draw(&bag, -0.01), -1);
}

/* The tokens beside shepherds are out of the bag: with a 1 and a 3 out,
 * 16 remain and u = 0.5 is index 8: 3 ones, 5 twos, then the first three. */
Test(jcz_sheep, flocks_on_the_board_are_out_of_the_bag)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "shepherd", 0, 0, "SSE");
    int tokens[] = { 1, 3 };
    int8_t flock[] = { 1, 3 };
    tu_flock(&pos, 2, tokens);
    jcz_bag bag;
    jcz_bag_fill(&bag, &pos);
    cr_assert_eq(jcz_bag_draw(&bag, 0.5), 3);
    cr_assert_eq(jcz_bag_draw(&bag, 7.9 / 16), 2);
    jcz_bag_put_back(&bag, flock, 2);
    cr_assert_eq(jcz_bag_draw(&bag, 0.5), 3);
    cr_assert_eq(jcz_bag_draw(&bag, 3.5 / 18), 1);
}

/* Against a naive draw: lay the row out token by token and index it. */
Test(jcz_sheep, numbers_draw_back_their_token_in_any_bag)
{
    rb_rng rng;
    rb_seed(&rng, 11);
    for (int round = 0; round < 500; round++) {
        jcz_bag bag;
        int row[18], n = 0;
        static const int full[JCZ_BAG_KINDS] = { 4, 5, 5, 2, 2 };
        for (int k = 0; k < JCZ_BAG_KINDS; k++) {
            bag.count[k] = k == 4 ? 2 : rb_below(&rng, full[k] + 1);
            for (int c = 0; c < bag.count[k]; c++)
                row[n++] = k == 4 ? CC_TOKEN_WOLF : k + 1;
        }
        double u = rb_below(&rng, 1000000) / 1e6;
        cr_assert_eq(jcz_bag_draw(&bag, u), row[(int)(u * n)]);
        for (int token = CC_TOKEN_WOLF; token <= CC_TOKEN_MAX_SHEEP; token++) {
            double v = jcz_bag_number(&bag, token);
            int kind = token == CC_TOKEN_WOLF ? 4 : token - 1;
            if (bag.count[kind] == 0) {
                cr_assert_lt(v, 0);
                continue;
            }
            cr_assert(v >= 0 && v < 1);
            cr_assert_eq(jcz_bag_draw(&bag, v), token);
        }
    }
}
