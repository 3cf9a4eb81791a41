/* rng.h -- the engine's own pseudo-random numbers: PCG32, seeded, portable.
 *
 * Owns: the one source of randomness the engine uses (random games,
 * random_game.h). A given seed gives the same numbers on every platform and
 * compiler, so a client can commit a generated game as a golden file: the
 * generator is written here from its published description, with only
 * 64-bit unsigned arithmetic (wrap-around is defined), never rand(), never
 * the clock.
 *
 * The generator is PCG32 as M. E. O'Neill describes it ("PCG: A Family of
 * Simple Fast Space-Efficient Statistically Good Algorithms for Random
 * Number Generation", 2014; the member called pcg32, or
 * PCG-XSH-RR 64/32): a 64-bit linear congruential state
 *     state' = state * 6364136223846793005 + inc      (inc odd: the stream)
 * whose output is the old state's bits 27..58 xor-shifted
 *     x = ((state >> 18) ^ state) >> 27        (32 bits)
 * and rotated right by its top 5 bits (state >> 59). Seeding, as in the
 * reference: inc = (stream << 1) | 1; state = 0; step; state += seed; step.
 * With seed 42 and stream 54 the first outputs are 0xa15c02b7, 0x7b47f409,
 * 0xba1d3330 (tests/engine/test_rng.c checks six).
 * Numbers below a bound use the reference's rejection: draws under
 * 2^32 mod bound are redrawn, so every value is equally likely.
 *
 * A cc_rng is plain data, owned by its user; one per game, never shared
 * between threads.
 *
 *   cc_rng_seed(r, seed, stream)   start stream `stream` at `seed`
 *   cc_rng_next(r)                 the next 32 bits
 *   cc_rng_below(r, bound)         uniform in 0 .. bound - 1 (bound >= 1)
 *   cc_rng_chance(r, num, den)     true with probability num / den
 */
#ifndef CC_RNG_H
#define CC_RNG_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t state;
    uint64_t inc;     /* odd */
} cc_rng;

void cc_rng_seed(cc_rng *r, uint64_t seed, uint64_t stream);
uint32_t cc_rng_next(cc_rng *r);

/* Uniform in [0, bound); bound 0 is treated as 1 (returns 0). Consumes one
 * draw, or more when a draw is rejected. */
uint32_t cc_rng_below(cc_rng *r, uint32_t bound);

/* True with probability num / den (0 < den; num <= den): one cc_rng_below. */
bool cc_rng_chance(cc_rng *r, uint32_t num, uint32_t den);

#endif
