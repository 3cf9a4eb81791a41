/* test_jcz_roundtrip.c -- random whole games saved as .jcz and read back.
 *
 * A game played by the engine's random player (engine/random_game.h: the
 * real pile with its discards and the tiles under hills, every figure
 * kind, shepherds' draws, wagons, abbeys, the end-game abbey round, the
 * house-rule options) is written with the exporter
 * (service/jcz/jcz_write.h), serialised, parsed again by the service's
 * strict parser and replayed by the importer (jcz_read + jcz_replay). The
 * importer must see every turn's position exactly as the game had it
 * before that turn, and end where the game ended (issue 11: "import of an
 * export gives back the same positions"). Positions are compared in their
 * JSON form (encode_position.h), which is what a client sees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../../engine/random_game.h"
#include "../../../service/service.h"
#include "../../support/jcz_roundtrip.h"
#include "../../support/testutil.h"

CC_SUITE(jcz_roundtrip);

/* Play seed's game (at most max_turns turns, 0: to the end), export it,
 * import it: every position the same (tests/support/jcz_roundtrip.h). */
static void round_trip_turns(unsigned expansions, const cc_options *options, int players,
                             uint64_t seed, int max_turns)
{
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = seed;
    setup.expansions = expansions;
    setup.options = *options;
    setup.nplayers = players;
    setup.max_turns = max_turns;
    for (int p = 0; p < players; p++)
        snprintf(setup.players[p], CC_NAME_MAX, "player %d", p + 1);
    char why[4096];
    cr_assert(rt_round_trip(tu_catalog(), &setup, why, sizeof why), "seed %llu, %d players: %s",
              (unsigned long long)seed, players, why);
}

static void round_trip(unsigned expansions, const cc_options *options, int players, uint64_t seed)
{
    round_trip_turns(expansions, options, players, seed, 0);
}

static cc_options options(int wagon_c1, int hill_count, int barn_occupied, int tiny, int no_farmers)
{
    cc_options o;
    memset(&o, 0, sizeof o);
    o.wagon_rules = wagon_c1 ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
    o.hill_tiebreak = hill_count ? CC_HILL_TIEBREAK_COUNT : CC_HILL_TIEBREAK_OFFICIAL;
    o.barn_placement = barn_occupied ? CC_BARN_PLACEMENT_OCCUPIED : CC_BARN_PLACEMENT_UNOCCUPIED;
    o.tiny_city_scoring = tiny ? CC_TINY_CITY_2 : CC_TINY_CITY_4;
    o.farmers = no_farmers ? CC_FARMERS_OFF : CC_FARMERS_ON;
    return o;
}

Test(jcz_roundtrip, base_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_BASE, &o, 2, 1);
    o = options(0, 0, 0, 1, 1);
    round_trip(CC_EXP_BASE, &o, 3, 2);
}

Test(jcz_roundtrip, abbey_and_mayor_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_ABBEY_MAYOR, &o, 4, 3);
    o = options(1, 0, 1, 0, 0);
    round_trip(CC_EXP_ABBEY_MAYOR, &o, 2, 4);
}

Test(jcz_roundtrip, hills_sheep_and_shrines_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES, &o, 2, 5);
    o = options(0, 1, 0, 0, 1);
    round_trip(CC_EXP_HILLS_SHEEP, &o, 5, 6);
}

Test(jcz_roundtrip, every_expansion_games)
{
    unsigned all = CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES;
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(all, &o, 3, 7);
    o = options(1, 1, 1, 1, 0);
    round_trip(all, &o, 6, 8);
}

/* Issue 27: whole games with The River, The River II and both, with the
 * other expansions: exported (river/1:1, river/2:1, the element river)
 * and imported back to the same game, turn by turn (the volcano's player
 * playing again included). */
Test(jcz_roundtrip, river_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_RIVER, &o, 2, 11);
    round_trip(CC_EXP_RIVER_II | CC_EXP_ABBEY_MAYOR, &o, 3, 12);
    o = options(1, 1, 1, 1, 0);
    round_trip(CC_EXP_RIVER | CC_EXP_RIVER_II | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES, &o, 4, 13);
    for (uint64_t seed = 20; seed < 30; seed++)
        round_trip(CC_EXP_RIVER_II, &o, 2, seed);
}

/* Found by fuzz_jcz_roundtrip (fuzz/regressions/jcz_roundtrip/abbey-in-a-
 * river-bend): seed 38851, 6 players, Abbey & Mayor, Hills & Sheep and
 * both rivers, c1, hill count, hills and vineyards off. At move 9 the
 * river's bends left a hole and the random player laid its abbey there
 * while the river was still open, which river.placement.first forbids
 * (the abbey is a land tile): the engine then refused the position. */
Test(jcz_roundtrip, no_abbey_while_the_river_is_open)
{
    cc_options o = options(1, 1, 0, 0, 0);
    o.hills = o.vineyards = CC_ELEMENT_OFF;
    round_trip(CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_RIVER | CC_EXP_RIVER_II, &o, 6, 38851);
}

/* Found by fuzz_jcz_roundtrip (fuzz/regressions/jcz_roundtrip/more-than-
 * 128-moves): every expansion with both rivers, 4 players, every option
 * off its default, seed 23295: more moves than CC_GAME_MAX_TURNS (the cap
 * of a game's `turns`, not of a whole game), which overran the round
 * trip's record of positions. */
Test(jcz_roundtrip, a_game_longer_than_128_moves)
{
    cc_options o = options(1, 1, 1, 1, 1);
    o.hills = o.vineyards = CC_ELEMENT_OFF;
    round_trip(CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES | CC_EXP_RIVER | CC_EXP_RIVER_II,
               &o, 4, 23295);
}

/* Issue 30: the round trip missed c1 because no test combined it with
 * wagons on linked parts. Every combination of the seven options (the
 * house rules and the elements switched off), each with one of the eight
 * mixes of the expansions a saved game holds, 1 to 6 players: the first 40
 * turns of each game (the whole games are test_jcz_roundtrip's other tests
 * and the fuzz target's). */
Test(jcz_roundtrip, every_option_combination_and_every_expansion)
{
    static const unsigned mixes[8] = {
        CC_EXP_BASE, CC_EXP_ABBEY_MAYOR, CC_EXP_HILLS_SHEEP, CC_EXP_SHRINES,
        CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP, CC_EXP_ABBEY_MAYOR | CC_EXP_SHRINES,
        CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES, CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES,
    };
    for (int bits = 0; bits < 128; bits++) {
        cc_options o = options(bits & 1, bits & 2, bits & 4, bits & 8, bits & 16);
        o.hills = bits & 32 ? CC_ELEMENT_OFF : CC_ELEMENT_ON;
        o.vineyards = bits & 64 ? CC_ELEMENT_OFF : CC_ELEMENT_ON;
        round_trip_turns(mixes[(bits + bits / 8) % 8], &o, 1 + bits % 6, 1000 + (uint64_t)bits, 40);
    }
}

/* Issue 30, found by a red team: seed 63352 of /v1/games/random (3 players,
 * abbey-mayor, every option off its default) moves a wagon under the
 * 1st-edition rule, at turn 27, to a part linked to the scored road on
 * another tile than the first link; the export wrote the first link, and
 * the import put the wagon on another tile. */
Test(jcz_roundtrip, c1_wagon_stays_on_the_tile_it_moved_to)
{
    cc_options o = options(1, 1, 1, 1, 1);
    round_trip(CC_EXP_ABBEY_MAYOR, &o, 3, 63352);
}

/* Inns & Cathedrals: the large meeple is deployed by the random player,
 * written as the apps' "<player>.big.1" with element big-follower, and read
 * back (issue 28). With Abbey & Mayor too, so wagons roll past it. */
Test(jcz_roundtrip, inns_cathedrals_large_meeple_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_INNS_CATHEDRALS, &o, 6, 9);
    o = options(0, 0, 0, 0, 0);
    round_trip(CC_EXP_INNS_CATHEDRALS | CC_EXP_ABBEY_MAYOR, &o, 3, 10);
}

/* Issue 11: a .jcz of a whole 72-tile game imports in well under 50 ms
 * (make bench measures it: engine import72). Here, under the sanitizers on
 * a shared machine, the whole route (parse, replay, answer) must stay
 * under a generous second. */
Test(jcz_roundtrip, a_whole_base_game_imports_quickly)
{
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = 1;
    setup.nplayers = 2;
    snprintf(setup.players[0], CC_NAME_MAX, "Ann");
    snprintf(setup.players[1], CC_NAME_MAX, "Bob");
    int moves;
    bool over;
    char why[1024];
    char *text = rt_play_and_write(tu_catalog(), &setup, &moves, &over, why, sizeof why);
    cr_assert_not_null(text, "%s", why);
    cr_assert_geq(moves, 60, "a whole base game");
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    svc_dispatch(&ctx, "POST", "/v1/import/jcz", text, strlen(text), &res);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 + (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    cr_assert_eq(res.status, 200);
    cr_log_info("a %d-turn game imported in %.1f ms (sanitizer build)", moves, ms);
    cr_assert_lt(ms, 1000.0, "%.1f ms", ms);
    svc_response_free(&res);
    free(text);
}

/* The .jcz text of seed's Traders & Builders game (no abbeys): does some
 * player place two tiles in a row, the builder's double turn as the apps
 * record it (a second PLACE_TILE by the same player after the first
 * part's COMMIT)? */
static bool has_double_turn(int players, uint64_t seed)
{
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = seed;
    setup.expansions = CC_EXP_TRADERS_BUILDERS;
    setup.nplayers = players;
    for (int p = 0; p < players; p++)
        snprintf(setup.players[p], CC_NAME_MAX, "player %d", p + 1);
    int moves;
    bool over;
    char why[1024];
    char *text = rt_play_and_write(tu_catalog(), &setup, &moves, &over, why, sizeof why);
    cr_assert_not_null(text, "%s", why);
    bool twice = false;
    int last = -1;
    for (const char *s = strstr(text, "\"PLACE_TILE\""); s != NULL && !twice;
         s = strstr(s + 1, "\"PLACE_TILE\"")) {
        const char *pl = strstr(s, "\"player\":");
        int player = pl ? (int)strtol(pl + 9, NULL, 10) : -1;
        twice = player == last;
        last = player;
    }
    free(text);
    return twice;
}

/* Issue 29: whole Traders & Builders games -- the builder's double turns,
 * pigs, goods (set traders-and-builders:1, elements builder, pig, traders,
 * pig-herd) -- exported and imported back to the same positions, turn by
 * turn, goods and builder_turn included: alone, with Abbey & Mayor (the
 * abbey declined before either tile of a double turn), with The River II
 * (the pig herd) and with every other expansion, over many seeds. */
Test(jcz_roundtrip, traders_builders_games)
{
    cc_options o = options(0, 0, 0, 0, 0);
    for (uint64_t seed = 40; seed < 52; seed++)
        round_trip(CC_EXP_TRADERS_BUILDERS, &o, 2 + (int)(seed % 5), seed);
    round_trip(CC_EXP_TRADERS_BUILDERS | CC_EXP_ABBEY_MAYOR, &o, 3, 52);
    round_trip(CC_EXP_TRADERS_BUILDERS | CC_EXP_RIVER_II, &o, 4, 53);
    o = options(1, 1, 1, 1, 0);
    round_trip(CC_EXP_TRADERS_BUILDERS | CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES |
                   CC_EXP_RIVER | CC_EXP_RIVER_II | CC_EXP_INNS_CATHEDRALS,
               &o, 5, 54);
    o = options(0, 0, 0, 0, 1);
    round_trip(CC_EXP_TRADERS_BUILDERS | CC_EXP_ABBEY_MAYOR, &o, 2, 55);
    cr_assert(has_double_turn(2, 40), "seed 40 plays a builder's double turn");
}
