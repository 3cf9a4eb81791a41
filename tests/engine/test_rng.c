/* test_rng.c -- the engine's PCG32: the published outputs, unbiased bounds.
 *
 * Source: the PCG reference implementation's demo (seed 42, stream 54:
 * 0xa15c02b7 0x7b47f409 0xba1d3330 0x83d2f293 0xbfa4784b 0xcbed606e), and
 * the bounded draw's definition (rng.h): draws below 2^32 mod bound are
 * drawn again. The bounded draw is compared with a naive version written
 * in 64-bit arithmetic. */
#include <criterion/criterion.h>
#include <stdint.h>

#include "../../engine/rng.h"

TestSuite(rng);

Test(rng, seed_42_stream_54_gives_the_reference_outputs)
{
    static const uint32_t want[] = { 0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                     0x83d2f293u, 0xbfa4784bu, 0xcbed606eu };
    cc_rng r;
    cc_rng_seed(&r, 42, 54);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        cr_assert_eq(cc_rng_next(&r), want[i], "output %zu", i);
}

Test(rng, the_same_seed_gives_the_same_numbers_and_another_stream_others)
{
    cc_rng a, b, c;
    cc_rng_seed(&a, 7, 1);
    cc_rng_seed(&b, 7, 1);
    cc_rng_seed(&c, 7, 2);
    int same_as_other_stream = 0;
    for (int i = 0; i < 1000; i++) {
        uint32_t x = cc_rng_next(&a);
        cr_assert_eq(x, cc_rng_next(&b));
        same_as_other_stream += x == cc_rng_next(&c);
    }
    cr_assert_lt(same_as_other_stream, 5);
}

/* The bounded draw as its definition states it, in 64-bit arithmetic. */
static uint32_t naive_below(cc_rng *r, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    uint64_t threshold = (UINT64_C(1) << 32) % bound;
    for (;;) {
        uint64_t x = cc_rng_next(r);
        if (x >= threshold)
            return (uint32_t)(x % bound);
    }
}

Test(rng, below_matches_the_naive_definition_for_many_bounds)
{
    static const uint32_t bounds[] = { 1, 2, 3, 5, 7, 10, 72, 100, 1000, 65537,
                                       0x7fffffffu, 0x80000001u, 0xfffffffeu, 0xffffffffu };
    for (size_t b = 0; b < sizeof bounds / sizeof bounds[0]; b++) {
        cc_rng r1, r2;
        cc_rng_seed(&r1, b + 1, 3);
        cc_rng_seed(&r2, b + 1, 3);
        for (int i = 0; i < 2000; i++) {
            uint32_t x = cc_rng_below(&r1, bounds[b]);
            cr_assert_eq(x, naive_below(&r2, bounds[b]), "bound %u draw %d", bounds[b], i);
            cr_assert_lt(x, bounds[b] > 0 ? bounds[b] : 1);
        }
    }
}

Test(rng, below_zero_and_one_are_zero_and_draw_nothing)
{
    cc_rng r, s;
    cc_rng_seed(&r, 1, 1);
    s = r;
    cr_assert_eq(cc_rng_below(&r, 0), 0);
    cr_assert_eq(cc_rng_below(&r, 1), 0);
    cr_assert_eq(cc_rng_next(&r), cc_rng_next(&s));
}

Test(rng, below_six_is_roughly_uniform)
{
    /* 60,000 draws: each face expects 10,000; a chi-square over 5 degrees
     * of freedom above 30 happens with probability under 1e-5. */
    cc_rng r;
    cc_rng_seed(&r, 2024, 11);
    long count[6] = { 0 };
    for (int i = 0; i < 60000; i++)
        count[cc_rng_below(&r, 6)]++;
    double chi = 0;
    for (int k = 0; k < 6; k++)
        chi += (double)(count[k] - 10000) * (double)(count[k] - 10000) / 10000.0;
    cr_assert_lt(chi, 30.0, "chi-square %.1f", chi);
}

Test(rng, chance_is_never_for_zero_and_always_for_the_whole)
{
    cc_rng r;
    cc_rng_seed(&r, 5, 5);
    int yes = 0;
    for (int i = 0; i < 4000; i++) {
        cr_assert(!cc_rng_chance(&r, 0, 4));
        cr_assert(cc_rng_chance(&r, 4, 4));
        yes += cc_rng_chance(&r, 1, 4);
    }
    cr_assert(yes > 850 && yes < 1150, "1/4 of 4000 came %d times", yes);
}
