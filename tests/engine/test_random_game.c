/* test_random_game.c -- seeded random games: legal, whole, repeatable.
 *
 * Sources: random_game.h (the bag, the choices, the end), the base game's
 * "End of the game" (the game ends once the last tile is placed), the
 * base rule that an unplaceable tile is discarded, Hills & Sheep's
 * "Hills" (a tile goes face down under a hill tile) and its components
 * (18 sheep and wolf tokens), Abbey & Mayor's abbey (placed instead of
 * drawing, into a hole; every player holds one).
 * The replay of every turn through POST /v1/turn is in
 * tests/service/routes/test_route_random_game.c. */
#include <stdlib.h>
#include <string.h>

#include "../../engine/random_game.h"
#include "../../engine/validate.h"
#include "../support/testutil.h"

CC_SUITE(random_game);

static cc_game_setup setup_of(uint64_t seed, int nplayers, unsigned expansions)
{
    cc_game_setup s;
    memset(&s, 0, sizeof s);
    s.seed = seed;
    s.expansions = expansions;
    s.nplayers = nplayers;
    static const char *const names[] = { "red", "blue", "green", "yellow", "black", "gray" };
    for (int i = 0; i < nplayers; i++)
        strcpy(s.players[i], names[i]);
    return s;
}

static cc_game *start(const cc_game_setup *s)
{
    cc_error err;
    cc_game *g = cc_game_new(tu_catalog(), s, &err);
    cr_assert_not_null(g, "setup refused: %s", tu_detail(&err));
    return g;
}

/* What a whole game did, for the tests to look at. */
typedef struct {
    int turns, placed, discarded, under_hill, abbeys, passes;
    int deployed[CC_FIG_NKINDS];
    int grows, guides, wagon_moves;
    int double_turns;  /* a builder's second tile followed (Traders & Builders) */
    int goods;         /* trade goods tokens the players hold at the end */
    bool over;
    uint32_t digest;   /* of every move, in order */
} summary;

static void digest_int(uint32_t *h, int v)
{
    *h = (*h ^ (uint32_t)v) * 16777619u;   /* FNV-1a over ints */
}

/* Play a whole game, checking each turn against the rules as it goes. */
static summary play(const cc_game_setup *s)
{
    summary sum;
    memset(&sum, 0, sizeof sum);
    sum.digest = 2166136261u;
    cc_game *g = start(s);
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    const cc_game_turn *t;
    cc_error err;
    int rc;
    while ((rc = cc_game_step(g, &t, &err)) == 1) {
        cr_assert_eq(t->number, sum.turns);
        cr_assert_eq(t->player, t->before.active);
        sum.turns++;
        sum.discarded += t->ndiscarded;
        if (!t->moved) {
            sum.passes++;
            continue;
        }
        /* The move is one of the placements offered, and legal. */
        bool offered = false;
        for (int i = 0; i < t->nplacements; i++)
            offered |= t->placements[i].x == t->move.x && t->placements[i].y == t->move.y &&
                       (t->abbey || t->placements[i].rot == t->move.rot);
        cr_assert(offered, "turn %d: the move is not among the placements", t->number);
        cr_assert(t->result->legal);
        /* The position after the move is a possible position. */
        cr_assert(cc_validate(&t->next, tu_catalog(), b, f, &err),
                  "turn %d: the next position is impossible: %s", t->number, tu_detail(&err));
        cr_assert_eq(t->next.ntiles, t->before.ntiles + 1);
        sum.placed += !t->abbey;
        sum.abbeys += t->abbey;
        sum.under_hill += t->under_hill >= 0;
        if (t->move.deploy)
            sum.deployed[t->move.deploy_kind]++;
        sum.grows += t->move.shepherd == CC_SHEPHERD_GROW;
        sum.guides += t->move.shepherd == CC_SHEPHERD_GUIDE;
        sum.wagon_moves += t->move.nwagons;
        if (t->next.builder_turn) {
            sum.double_turns++;
            cr_assert_eq(t->next.active, t->before.active, "turn %d: a double turn changes player",
                         t->number);
            cr_assert_not(t->before.builder_turn, "turn %d: a third tile", t->number);
        }
        digest_int(&sum.digest, t->move.type);
        digest_int(&sum.digest, t->move.x);
        digest_int(&sum.digest, t->move.y);
        digest_int(&sum.digest, t->move.rot);
        digest_int(&sum.digest, t->move.deploy ? (int)t->move.deploy_kind * 64 + (int)t->move.deploy_at.kind * 16 + t->move.deploy_at.value : -1);
    }
    cr_assert_eq(rc, 0, "step failed: %s", tu_detail(&err));
    sum.over = cc_game_over(g);
    cc_game_end end;
    cr_assert(cc_game_final(g, &end, &err), "final: %s", tu_detail(&err));
    /* The final scores are the last position's plus what the end-game
     * scoring adds, unless the last move counted it already. */
    const cc_position *last = cc_game_position(g);
    for (int p = 0; p < last->nplayers; p++) {
        cr_assert_geq(end.scores[p], cc_position_score(last, p));
        for (int k = 0; k < CC_NGOODS; k++)
            sum.goods += last->goods[p][k];
    }
    free(f);
    free(b);
    cc_game_free(g);
    return sum;
}

Test(random_game, a_base_game_uses_the_whole_bag_and_ends)
{
    /* 72 tiles, the start tile laid: 71 are drawn, each placed or discarded. */
    cc_game_setup s = setup_of(1, 2, 0);
    summary sum = play(&s);
    cr_assert(sum.over);
    cr_assert_eq(sum.placed + sum.discarded, 71);
    cr_assert_eq(sum.abbeys, 0);
    cr_assert_eq(sum.deployed[CC_FIG_MAYOR] + sum.deployed[CC_FIG_WAGON] +
                 sum.deployed[CC_FIG_BARN] + sum.deployed[CC_FIG_SHEPHERD], 0);
}

Test(random_game, the_same_seed_plays_the_same_game_and_another_seed_another)
{
    unsigned all = TU_ALL_EXPANSIONS;
    cc_game_setup a = setup_of(42, 3, all), b = setup_of(42, 3, all), c = setup_of(43, 3, all);
    summary sa = play(&a), sb = play(&b), sc = play(&c);
    cr_assert_eq(sa.digest, sb.digest);
    cr_assert_eq(sa.turns, sb.turns);
    cr_assert_neq(sa.digest, sc.digest);
}

Test(random_game, every_tile_of_every_set_is_drawn_once_the_game_ends)
{
    /* 72 + 12 (abbey-mayor) + 18 (hills-sheep) + 5 (shrines) = 107 land
     * tiles, one of them the start tile. */
    for (uint64_t seed = 1; seed <= 4; seed++) {
        cc_game_setup s = setup_of(seed, 4, TU_ALL_EXPANSIONS);
        summary sum = play(&s);
        cr_assert(sum.over, "seed %llu", (unsigned long long)seed);
        cr_assert_eq(sum.placed + sum.discarded + sum.under_hill, 106,
                     "seed %llu: %d placed, %d discarded, %d under hills", (unsigned long long)seed,
                     sum.placed, sum.discarded, sum.under_hill);
        cr_assert_leq(sum.abbeys, 4);
    }
}

Test(random_game, games_with_every_expansion_use_every_figure_kind)
{
    summary all;
    memset(&all, 0, sizeof all);
    for (uint64_t seed = 100; seed < 112; seed++) {
        /* The large meeple needs Inns & Cathedrals, which brings no tile
         * of its own here (issue 28). */
        cc_game_setup s = setup_of(seed, 2 + (int)(seed % 5),
                                   TU_ALL_EXPANSIONS | CC_EXP_INNS_CATHEDRALS);
        summary sum = play(&s);
        for (int k = 0; k < CC_FIG_NKINDS; k++)
            all.deployed[k] += sum.deployed[k];
        all.abbeys += sum.abbeys;
        all.grows += sum.grows;
        all.guides += sum.guides;
        all.wagon_moves += sum.wagon_moves;
        all.under_hill += sum.under_hill;
    }
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (cc_figure_kinds[k].expansion & (TU_ALL_EXPANSIONS | CC_EXP_INNS_CATHEDRALS))
            cr_assert_gt(all.deployed[k], 0, "no %s deployed in 12 games",   /* builders, pigs: below */
                         cc_figure_kind_name((cc_figure_kind)k));
    cr_assert_gt(all.abbeys, 0);
    cr_assert_gt(all.grows, 0);
    cr_assert_gt(all.guides, 0);
    cr_assert_gt(all.wagon_moves, 0);
    cr_assert_gt(all.under_hill, 0);
}

Test(random_game, a_capped_game_stops_after_that_many_turns)
{
    cc_game_setup s = setup_of(7, 2, CC_EXP_ABBEY_MAYOR);
    s.max_turns = 5;
    summary sum = play(&s);
    cr_assert_eq(sum.turns, 5);
    cr_assert(!sum.over);
}

Test(random_game, each_turn_starts_where_the_last_ended)
{
    cc_game_setup s = setup_of(9, 3, TU_ALL_EXPANSIONS);
    cc_game *g = start(&s);
    cc_position *prev = malloc(sizeof *prev);
    const cc_game_turn *t;
    cc_error err;
    bool first = true;
    while (cc_game_step(g, &t, &err) == 1) {
        if (!first)
            cr_assert_eq(memcmp(&t->before, prev, sizeof *prev), 0, "turn %d", t->number);
        *prev = t->next;
        first = false;
    }
    cr_assert_eq(memcmp(cc_game_position(g), prev, sizeof *prev), 0);
    free(prev);
    cc_game_free(g);
}

Test(random_game, the_start_is_the_start_tile_and_an_abbey_in_every_hand)
{
    cc_game_setup s = setup_of(3, 5, CC_EXP_ABBEY_MAYOR);
    cc_game *g = start(&s);
    const cc_position *p = cc_game_position(g);
    cr_assert_eq(p->ntiles, 1);
    cr_assert_str_eq(tu_catalog()->types[p->tiles[0].type].id, "base.D");
    cr_assert_eq(p->tiles[0].x, 0);
    cr_assert_eq(p->tiles[0].rot, 0);
    for (int i = 0; i < 5; i++)
        cr_assert_eq(p->abbeys[i], 1);
    cr_assert_eq(p->active, 0);
    cc_game_free(g);
}

Test(random_game, setups_out_of_range_are_refused_with_the_member_at_fault)
{
    struct { int players; uint64_t seed; int turns; bool dup; const char *pointer; } bad[] = {
        { 0, 0, 0, false, "/players" },
        { 7, 0, 0, false, "/players" },
        { 2, CC_GAME_SEED_MAX + 1, 0, false, "/seed" },
        { 2, 0, CC_GAME_MAX_TURNS + 1, false, "/turns" },
        { 2, 0, -1, false, "/turns" },
        { 3, 0, 0, true, "/players" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cc_game_setup s = setup_of(bad[i].seed, bad[i].players < 7 ? bad[i].players : 6, 0);
        s.nplayers = bad[i].players;
        s.max_turns = bad[i].turns;
        if (bad[i].dup)
            strcpy(s.players[2], s.players[0]);
        cc_error err;
        memset(&err, 0, sizeof err);
        cr_assert_null(cc_game_new(tu_catalog(), &s, &err), "case %zu accepted", i);
        cr_assert_eq(err.status, CC_ERR_BAD_REQUEST, "case %zu", i);
        cr_assert_str_eq(err.pointer, bad[i].pointer, "case %zu", i);
    }
    cc_game_setup ok = setup_of(CC_GAME_SEED_MAX, 6, 0);
    ok.max_turns = CC_GAME_MAX_TURNS;
    cc_error err;
    cc_game *g = cc_game_new(tu_catalog(), &ok, &err);
    cr_assert_not_null(g, "the largest seed and cap are accepted");
    cc_game_free(g);
}

Test(random_game, sheep_tokens_never_exceed_the_bag)
{
    /* 4 + 5 + 5 + 2 sheep tokens: no position of a game holds more of a
     * kind beside its shepherds. */
    for (uint64_t seed = 20; seed < 26; seed++) {
        cc_game_setup s = setup_of(seed, 2, CC_EXP_HILLS_SHEEP);
        cc_game *g = start(&s);
        const cc_game_turn *t;
        cc_error err;
        while (cc_game_step(g, &t, &err) == 1) {
            int count[5] = { 0 };
            for (int i = 0; i < t->next.nfigures; i++)
                for (int k = 0; k < t->next.figures[i].nflock; k++)
                    count[t->next.figures[i].flock[k]]++;
            cr_assert(count[1] <= 4 && count[2] <= 5 && count[3] <= 5 && count[4] <= 2 &&
                      count[0] == 0, "seed %llu turn %d", (unsigned long long)seed, t->number);
        }
        cc_game_free(g);
    }
}

/* Traders & Builders (issue 29; traders.builder.double-turn,
 * traders.builder.deploy, traders.pig.deploy, traders.goods.collect):
 * random games with the expansion, alone and beside Abbey & Mayor, The
 * River II (its pig herd) and Inns & Cathedrals, 60 seeds, reach their end
 * with the whole bag drawn (its 24 tiles too), deploy builders and pigs,
 * play double turns -- the same player, never a third tile, every next
 * position possible, goods within what the completed cities gave: checked
 * in play() -- and hand out goods. */
Test(random_game, traders_games_play_double_turns_and_deploy_builders_and_pigs)
{
    static const struct { unsigned exp; int land; } sets[] = {
        { CC_EXP_TRADERS_BUILDERS, 72 + 24 - 1 },
        { CC_EXP_TRADERS_BUILDERS | CC_EXP_ABBEY_MAYOR, 72 + 12 + 24 - 1 },
        { CC_EXP_TRADERS_BUILDERS | CC_EXP_RIVER_II, 0 },
        { CC_EXP_TRADERS_BUILDERS | CC_EXP_INNS_CATHEDRALS, 0 },
    };
    summary all;
    memset(&all, 0, sizeof all);
    int games_with_goods = 0;
    for (size_t e = 0; e < sizeof sets / sizeof sets[0]; e++)
        for (uint64_t seed = 200; seed < 215; seed++) {
            cc_game_setup s = setup_of(seed, 2 + (int)(seed % 4), sets[e].exp);
            summary sum = play(&s);
            cr_assert(sum.over, "seed %llu, expansions %u: the game ends", (unsigned long long)seed,
                      sets[e].exp);
            if (sets[e].land > 0)
                cr_assert_eq(sum.placed + sum.discarded, sets[e].land,
                             "seed %llu, expansions %u: %d placed, %d discarded",
                             (unsigned long long)seed, sets[e].exp, sum.placed, sum.discarded);
            all.double_turns += sum.double_turns;
            for (int k = 0; k < CC_FIG_NKINDS; k++)
                all.deployed[k] += sum.deployed[k];
            games_with_goods += sum.goods > 0;
        }
    cr_assert_gt(all.deployed[CC_FIG_BUILDER], 0, "no builder deployed in 60 games");
    cr_assert_gt(all.deployed[CC_FIG_PIG], 0, "no pig deployed in 60 games");
    cr_assert_gt(all.double_turns, 0, "no double turn in 60 games");
    cr_assert_gt(games_with_goods, 30, "goods handed out in only %d of 60 games", games_with_goods);
}

/* Issue 27: random games with The River, The River II and both play the
 * river first and reach their end. A river tile may fit nowhere (the rule
 * text has no look-ahead: docs/clarifications.md#river-readings, 8): it
 * is discarded (base.placement.discard), and then it holds up neither the
 * lake nor the land tiles. Before, seeds 3, 5 and 6 of River II stopped
 * with "the engine refused a position it reached" (the lake held back by
 * a river tile that was no longer in the game). Every turn is checked by
 * play(): legal, and a possible position after it. */
Test(random_game, river_games_play_the_river_first_and_end)
{
    static const unsigned sets[] = { CC_EXP_RIVER, CC_EXP_RIVER_II, CC_EXP_RIVER | CC_EXP_RIVER_II };
    int discarded = 0;
    for (size_t e = 0; e < sizeof sets / sizeof sets[0]; e++)
        for (uint64_t seed = 0; seed < 30; seed++) {
            cc_game_setup s = setup_of(seed, 2 + (int)(seed % 3), CC_EXP_BASE | sets[e]);
            summary sum = play(&s);
            cr_assert(sum.over, "seed %llu, expansions %u: the game ends", (unsigned long long)seed, sets[e]);
            discarded += sum.discarded;
        }
    cr_assert_gt(discarded, 0, "some river tile fits nowhere in these seeds");
}
