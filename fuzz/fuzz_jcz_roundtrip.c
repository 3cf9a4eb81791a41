/* fuzz_jcz_roundtrip.c -- libFuzzer harness: the .jcz round trip of any
 * random game (issue 30: "a round trip that never changes a game").
 *
 * Owns nothing but the harness. The input chooses a setup: its first 8
 * bytes the seed, then the players (1 to 6), the expansions (any mix of
 * those a saved game holds, the rivers included) and the seven options
 * (the house rules and the elements switched off); a shorter input reads
 * zeros. The whole game is
 * played by the engine's random player, exported and imported back
 * (tests/support/jcz_roundtrip.h); any difference in a position, or the
 * exporter or importer refusing what the engine played, aborts. Run it
 * over 5,000 setups: make fuzz-jcz (fuzz/README.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_catalog.h"
#include "../tests/support/jcz_roundtrip.h"

static cc_catalog catalog;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_catalog(&catalog, "fuzz_jcz_roundtrip");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t in[11] = { 0 };
    memcpy(in, data, size < sizeof in ? size : sizeof in);
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    for (int i = 0; i < 8; i++)
        setup.seed = setup.seed << 8 | in[i];
    setup.seed &= CC_GAME_SEED_MAX;
    setup.nplayers = 1 + in[8] % 6;
    for (int p = 0; p < setup.nplayers; p++)
        snprintf(setup.players[p], CC_NAME_MAX, "player %d", p + 1);
    setup.expansions = CC_EXP_BASE | (in[9] & 1 ? CC_EXP_ABBEY_MAYOR : 0) |
                       (in[9] & 2 ? CC_EXP_HILLS_SHEEP : 0) | (in[9] & 4 ? CC_EXP_SHRINES : 0) |
                       (in[9] & 8 ? CC_EXP_RIVER : 0) | (in[9] & 16 ? CC_EXP_RIVER_II : 0) |
                       (in[9] & 32 ? CC_EXP_TRADERS_BUILDERS : 0);
    cc_options *o = &setup.options;
    o->wagon_rules = in[10] & 1 ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
    o->hill_tiebreak = in[10] & 2 ? CC_HILL_TIEBREAK_COUNT : CC_HILL_TIEBREAK_OFFICIAL;
    o->barn_placement = in[10] & 4 ? CC_BARN_PLACEMENT_OCCUPIED : CC_BARN_PLACEMENT_UNOCCUPIED;
    o->tiny_city_scoring = in[10] & 8 ? CC_TINY_CITY_2 : CC_TINY_CITY_4;
    o->farmers = in[10] & 16 ? CC_FARMERS_OFF : CC_FARMERS_ON;
    o->hills = in[10] & 32 ? CC_ELEMENT_OFF : CC_ELEMENT_ON;
    o->vineyards = in[10] & 64 ? CC_ELEMENT_OFF : CC_ELEMENT_ON;
    char why[4096];
    if (!rt_round_trip(&catalog, &setup, why, sizeof why)) {
        fprintf(stderr, "seed %llu, %d players, expansions %u, options %u: %s\n",
                (unsigned long long)setup.seed, setup.nplayers, setup.expansions, in[10], why);
        abort();
    }
    return 0;
}
