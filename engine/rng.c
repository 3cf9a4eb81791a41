/* rng.c -- see rng.h: PCG32 (XSH RR 64/32) and unbiased bounded draws. */
#include "rng.h"

#define PCG_MULTIPLIER 6364136223846793005ULL

uint32_t cc_rng_next(cc_rng *r)
{
    uint64_t old = r->state;
    r->state = old * PCG_MULTIPLIER + r->inc;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
}

void cc_rng_seed(cc_rng *r, uint64_t seed, uint64_t stream)
{
    r->state = 0;
    r->inc = (stream << 1) | 1u;
    (void)cc_rng_next(r);
    r->state += seed;
    (void)cc_rng_next(r);
}

uint32_t cc_rng_below(cc_rng *r, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    /* 2^32 mod bound, computed in 32 bits: the draws below it would make
     * the low values likelier, so they are drawn again. */
    uint32_t threshold = (0u - bound) % bound;
    for (;;) {
        uint32_t x = cc_rng_next(r);
        if (x >= threshold)
            return x % bound;
    }
}

bool cc_rng_chance(cc_rng *r, uint32_t num, uint32_t den)
{
    return cc_rng_below(r, den) < num;
}
