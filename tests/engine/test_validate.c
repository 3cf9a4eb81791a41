/* test_validate.c -- is a position physically possible (docs/notation.md)?
 *
 * Each check of engine/validate.h, with the JSON Pointer it must name.
 * Sources: docs/problems.md (what is impossible, 422),
 * Abbey & Mayor (abbey in a hole; note 7: on the abbey only a monk;
 * mayor only in a city; wagon not in a field; barn on a corner where four
 * field corners meet), Hills & Sheep (Czech page) (the shepherd stands in
 * a field), Heretics & Shrines (1st edition) (notes 2-4, 6). */
#include <string.h>

#include "../../engine/validate.h"
#include "../support/random_board.h"
#include "../support/testutil.h"

CC_SUITE(validate);

static cc_board board_store;
static cc_features features_store;

/* Validation must fail with 422 at `pointer`, with `title`. */
static void assert_invalid(const cc_position *pos, const char *pointer, const char *title)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    bool ok = cc_validate(pos, tu_catalog(), &board_store, &features_store, &err);
    cr_assert_not(ok, "the position should be impossible (%s at %s)", title, pointer);
    cr_assert_eq(err.status, CC_ERR_IMPOSSIBLE);
    cr_assert_str_eq(err.pointer, pointer, "%s: %s", tu_title(&err), tu_detail(&err));
    cr_assert_str_eq(tu_title(&err), title, "%s", tu_detail(&err));
    cr_assert_neq(tu_detail(&err)[0], '\0', "a problem explains itself");
}

static void assert_valid(const cc_position *pos)
{
    tu_build(pos, &board_store, &features_store);
}

/* ---- 1. expansions ------------------------------------------------------ */

/* Contract section 3: "A tile or figure of an expansion that is not listed
 * is an error." */
Test(validate, a_tile_of_an_expansion_not_listed_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "abbey-mayor.R", 0, 1, 0);
    assert_invalid(&pos, "/position/tiles/1/tile", "Expansion not in play");
    pos.expansions |= CC_EXP_ABBEY_MAYOR;
    pos.abbeys[0] = pos.abbeys[1] = 1;   /* each player then holds an abbey */
    assert_valid(&pos);

    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "shrines.S", 0, 1, 0);
    assert_invalid(&pos, "/position/tiles/1/tile", "Expansion not in play");
}

Test(validate, a_figure_of_an_expansion_not_listed_is_impossible)
{
    static const struct { const char *kind, *at; unsigned needs; } figs[] = {
        { "mayor", "N", CC_EXP_ABBEY_MAYOR }, { "wagon", "E", CC_EXP_ABBEY_MAYOR },
        { "barn", "SE", CC_EXP_ABBEY_MAYOR }, { "shepherd", "SSE", CC_EXP_HILLS_SHEEP },
    };
    for (size_t i = 0; i < sizeof figs / sizeof figs[0]; i++) {
        cc_position pos;
        unsigned others = TU_ALL_EXPANSIONS & ~figs[i].needs;
        tu_pos(&pos, 2, others);
        tu_tile(&pos, "base.D", 0, 0, 0);
        tu_fig(&pos, 0, "meeple", 0, 0, "W");
        tu_fig(&pos, 1, figs[i].kind, 0, 0, figs[i].at);
        assert_invalid(&pos, "/position/figures/1/kind", "Expansion not in play");
    }
}

/* ---- 2. counts ---------------------------------------------------------- */

/* tiles.md: base.C exists once, base.D four times (the start tile is one). */
Test(validate, more_copies_of_a_tile_than_the_game_has_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.C", 0, -1, 0);
    tu_tile(&pos, "base.C", 0, -2, 0);
    assert_invalid(&pos, "/position/tiles/2/tile", "More tiles than the game has");

    tu_pos(&pos, 2, 0);
    for (int x = 0; x < 4; x++)
        tu_tile(&pos, "base.D", x, 0, 0);
    assert_valid(&pos);
    tu_tile(&pos, "base.D", 4, 0, 0);
    assert_invalid(&pos, "/position/tiles/4/tile", "More tiles than the game has");
}

/* Abbey 1 and the preparation: one abbey per player. A player's abbey is
 * either on the board or in hand, once. */
/* The checks that need no board answer in one order whatever else is
 * wrong: a tile not in play, a figure's kind not in play, the setup, then
 * the copies of a tile (a position is counted before it is asked about
 * expansions, which must not report the count's fault first). */
Test(validate, tile_faults_are_reported_expansions_first_then_copies)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.C", 0, -1, 0);
    tu_tile(&pos, "base.C", 0, -2, 0);   /* one copy too many */
    tu_tile(&pos, "abbey-mayor.R", 0, 1, 0);
    assert_invalid(&pos, "/position/tiles/3/tile", "Expansion not in play");
    pos.ntiles = 3;
    tu_fig(&pos, 0, "mayor", 0, 0, "N");
    assert_invalid(&pos, "/position/figures/0/kind", "Expansion not in play");
    pos.nfigures = 0;
    pos.supply_given = 1u << CC_FIG_BARN;
    pos.supply[CC_FIG_BARN] = 1;
    assert_invalid(&pos, "/position/supply/barn", "Expansion not in play");
    pos.supply_given = 0;
    assert_invalid(&pos, "/position/tiles/2/tile", "More tiles than the game has");
}

Test(validate, a_player_placing_two_abbeys_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_abbey(&pos, 5, 5, 0);
    tu_abbey(&pos, 6, 6, 0);
    assert_invalid(&pos, "/position/tiles/2/player", "Too many abbeys");
}

Test(validate, an_abbey_placed_and_still_in_hand_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_abbey(&pos, 5, 5, 1);
    pos.abbeys[1] = 1;
    assert_invalid(&pos, "/position/tiles/1/player", "Too many abbeys");
}

Test(validate, more_abbeys_than_players_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    for (int i = 0; i < 3; i++)
        tu_abbey(&pos, 5 + i, 5, -1);
    assert_invalid(&pos, "/position/tiles/3", "Too many abbeys");
}

/* Abbey & Mayor, preparation: "Each player receives 1 Abbey tile." The
 * abbeys placed and those in hand add up to the players, no more (an abbey
 * placed without naming its player while both still hold theirs); fewer is
 * a game without the abbey tiles. */
Test(validate, an_unnamed_abbey_while_every_player_holds_one_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_abbey(&pos, 5, 5, -1);
    assert_invalid(&pos, "/position/tiles/1", "Wrong number of abbeys");
}

/* A game set up without the abbey tiles (JCloisterZone's Abbey & Mayor
 * figures without its "abbey" element): nobody holds one, none is placed. */
Test(validate, abbeys_left_out_of_the_game_are_possible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    pos.abbeys[0] = pos.abbeys[1] = 0;
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    free(f);
    free(b);
}

Test(validate, an_unnamed_abbey_with_its_player_holding_none_is_possible)
{
    /*  U D U      the hole at (0, 1) is filled by an abbey that names no
     *  B A B      player; blue holds none, so it is blue's.
     *  B B     */
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", -1, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    tu_tile(&pos, "base.B", -1, 1, 0);
    tu_tile(&pos, "base.B", 1, 1, 0);
    tu_tile(&pos, "base.B", -1, 2, 0);
    tu_tile(&pos, "base.B", 0, 2, 0);
    tu_abbey(&pos, 0, 1, -1);
    pos.abbeys[1] = 0;   /* blue's abbey is the one at (0, 1) */
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    tu_build(&pos, b, f);
    free(f);
    free(b);
}

/* ---- 3. cells and edges ------------------------------------------------- */

Test(validate, two_tiles_on_one_cell_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 0, 0);
    assert_invalid(&pos, "/position/tiles/2", "Two tiles on one cell");
}

/* Base rules: touching edges must match. Reported at the later tile of the
 * pair, whichever order the tiles are listed in. */
Test(validate, edges_that_do_not_match_are_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.B", 0, -1, 0);   /* field S against D's city N */
    assert_invalid(&pos, "/position/tiles/1", "Edges do not match");

    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.B", 0, -1, 0);
    tu_tile(&pos, "base.U", 1, -1, 0);   /* road W against B's field E */
    tu_tile(&pos, "base.D", 0, 0, 0);
    assert_invalid(&pos, "/position/tiles/1", "Edges do not match");

    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.B", 0, -1, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    assert_invalid(&pos, "/position/tiles/1", "Edges do not match");
    /* Turned so that D's field faces B, it fits. */
    pos.tiles[1].rot = 2;
    assert_valid(&pos);
}

/* Contract section 3: "all tiles connected". */
Test(validate, tiles_not_connected_are_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.U", 1, 0, 0);
    tu_tile(&pos, "base.U", 3, 0, 0);
    tu_tile(&pos, "base.U", 4, 0, 0);
    assert_invalid(&pos, "/position/tiles/2", "Tiles not connected");
    tu_tile(&pos, "base.U", 2, 0, 0);
    assert_valid(&pos);
    /* Touching at a corner only does not connect. */
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 1, 0);
    assert_invalid(&pos, "/position/tiles/1", "Tiles not connected");
}

/* The board's checks answer in one order whatever else is wrong: edges,
 * then connection, then the abbey's hole (one walk over the tiles finds
 * all three, and must not report a later check's fault first). A tile
 * listed before the neighbour that joins it to the rest is connected. */
Test(validate, board_faults_are_reported_edges_then_connection_then_abbey)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_abbey(&pos, 0, 1, 0);              /* beside three empty cells */
    tu_tile(&pos, "base.U", 3, 0, 0);     /* joined to nothing */
    tu_tile(&pos, "base.B", 0, -1, 0);    /* field S against D's city N */
    assert_invalid(&pos, "/position/tiles/3", "Edges do not match");
    pos.ntiles = 3;
    assert_invalid(&pos, "/position/tiles/2", "Tiles not connected");
    tu_tile(&pos, "base.U", 2, 0, 0);     /* joins tile 2, listed after it */
    tu_tile(&pos, "base.U", 1, 0, 0);
    assert_invalid(&pos, "/position/tiles/1", "Abbey outside a hole");
    pos.tiles[1] = pos.tiles[4];          /* the abbey's cell taken by a road */
    pos.ntiles = 4;
    assert_valid(&pos);
}

Test(validate, an_empty_board_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    assert_invalid(&pos, "/position/tiles", "Empty board");
}

/* ---- 4. the abbey and the shrine rule ----------------------------------- */

/* Abbey 1: "An abbey may only be placed in an empty space surrounded on its
 * 4 orthogonally adjacent sides." */
Test(validate, an_abbey_outside_a_hole_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_abbey(&pos, 0, 1, 0);
    assert_invalid(&pos, "/position/tiles/1", "Abbey outside a hole");
}

Test(validate, an_abbey_in_a_hole_is_possible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    for (int y = -1; y <= 1; y++)
        for (int x = -1; x <= 1; x++)
            if (x != 0 || y != 0)
                tu_tile(&pos, "base.U", x, y, 0);
    tu_abbey(&pos, 0, 0, 1);
    assert_valid(&pos);
    /* Note 7: on the abbey only a monk; nothing stands on its edges. */
    tu_fig(&pos, 1, "meeple", 0, 0, "C");
    assert_valid(&pos);
    tu_fig(&pos, 0, "meeple", 0, 0, "E");
    assert_invalid(&pos, "/position/figures/1/at", "Figure where it cannot stand");
}

/* Notes 2 and 3: no shrine next to two cloisters, no cloister next to two
 * shrines; reported at the monastery that has two. */
Test(validate, a_shrine_next_to_two_cloisters_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "shrines.S", 0, 1, 0);
    assert_invalid(&pos, "/position/tiles/2", "Shrine rule broken");
}

Test(validate, a_cloister_next_to_two_shrines_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_SHRINES);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "shrines.S", 0, 0, 0);
    tu_tile(&pos, "shrines.SR", 1, 0, 180);
    assert_invalid(&pos, "/position/tiles/0", "Shrine rule broken");
    pos.ntiles = 2;   /* without SR: one shrine, one cloister */
    assert_valid(&pos);
}

/* Note 6: the abbey is a cloister for the shrine rule.
 *     (-1,-1) E0    (0,-1) B      (1,-1) E0
 *     (-1, 0) E270  (0, 0) abbey  (1, 0) E180  (2,0) B
 *     (-1, 1) E180  (0, 1) H0     (1, 1) SC0 shrine */
Test(validate, a_shrine_next_to_an_abbey_and_a_cloister_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, TU_ALL_EXPANSIONS);
    tu_tile(&pos, "base.E", -1, -1, 0);
    tu_tile(&pos, "base.B", 0, -1, 0);
    tu_tile(&pos, "base.E", 1, -1, 0);
    tu_tile(&pos, "base.E", -1, 0, 270);
    tu_tile(&pos, "base.E", 1, 0, 180);
    tu_tile(&pos, "base.E", -1, 1, 180);
    tu_tile(&pos, "base.H", 0, 1, 0);
    tu_abbey(&pos, 0, 0, 0);
    tu_tile(&pos, "shrines.SC", 1, 1, 0);
    assert_valid(&pos);
    tu_tile(&pos, "base.B", 2, 0, 0);
    assert_invalid(&pos, "/position/tiles/8", "Shrine rule broken");
}

/* ---- 5. figures --------------------------------------------------------- */

Test(validate, a_figure_off_the_board_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    tu_fig(&pos, 1, "meeple", 3, 3, "N");
    assert_invalid(&pos, "/position/figures/1", "Figure off the board");
}

/* Where each kind may stand: a mayor only in a city, a wagon anywhere but a
 * field, a shepherd only in a field, only a barn on a corner; nothing stands
 * where the tile has no feature (a field edge named as an edge, C without a
 * building, #k past the tile's features). */
Test(validate, a_figure_where_its_kind_cannot_stand_is_impossible)
{
    static const struct { const char *kind, *at; } bad[] = {
        { "mayor", "E" },       /* road */
        { "mayor", "SSE" },     /* field */
        { "wagon", "SSE" },     /* field */
        { "wagon", "NE" },      /* corner */
        { "meeple", "SW" },     /* corner */
        { "shepherd", "N" },    /* city */
        { "shepherd", "W" },    /* road */
        { "meeple", "S" },      /* D's south edge is field: no road or city there */
        { "meeple", "C" },      /* D has no building */
        { "meeple", "#4" },     /* D has features #0..#3 */
        { "barn", "N" },        /* barns stand on corners */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cc_position pos;
        tu_pos(&pos, 2, TU_ALL_EXPANSIONS);
        tu_tile(&pos, "base.D", 0, 0, 0);
        tu_fig(&pos, 1, bad[i].kind, 0, 0, bad[i].at);
        assert_invalid(&pos, "/position/figures/0/at", "Figure where it cannot stand");
    }
    static const struct { const char *kind, *at; } good[] = {
        { "mayor", "N" }, { "wagon", "E" }, { "wagon", "N" }, { "shepherd", "SSE" },
        { "meeple", "#3" }, { "meeple", "WNW" }, { "shepherd", "#2" },
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        cc_position pos;
        tu_pos(&pos, 2, TU_ALL_EXPANSIONS);
        tu_tile(&pos, "base.D", 0, 0, 0);
        tu_fig(&pos, 1, good[i].kind, 0, 0, good[i].at);
        assert_valid(&pos);
    }
}

/* A 2x2 block of cloister tiles: the point where the four meet (SE of (0,0))
 * shows only field at every corner, a barn spot. */
static void four_fields(cc_position *pos)
{
    tu_pos(pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(pos, "base.B", 0, 0, 0);
    tu_tile(pos, "base.B", 1, 0, 0);
    tu_tile(pos, "base.B", 0, 1, 0);
    tu_tile(pos, "base.B", 1, 1, 0);
}

/* Barn 2: "the corner of each tile forming this junction must only depict a
 * field"; the same point may be named from any of the four tiles. */
Test(validate, a_barn_stands_where_four_field_corners_meet)
{
    static const struct { int x, y; const char *at; } names[] = {
        { 0, 0, "SE" }, { 1, 0, "SW" }, { 0, 1, "NE" }, { 1, 1, "NW" },
    };
    for (size_t i = 0; i < 4; i++) {
        cc_position pos;
        four_fields(&pos);
        tu_fig(&pos, 0, "barn", names[i].x, names[i].y, names[i].at);
        assert_valid(&pos);
        cc_loc at;
        cc_loc_parse(names[i].at, &at);
        int field = cc_barn_field(&features_store, names[i].x, names[i].y, at.value);
        cr_assert_eq(field, tu_feature(&features_store, 0, 0, "SSE"));
        int px, py;
        cc_corner_point(names[i].x, names[i].y, at.value, &px, &py);
        cr_assert(px == 1 && py == 1, "the point is the NW corner of (1,1)");
    }
}

Test(validate, a_barn_without_four_tiles_round_its_corner_is_impossible)
{
    cc_position pos;
    four_fields(&pos);
    tu_fig(&pos, 0, "barn", 1, 1, "SE");
    assert_invalid(&pos, "/position/figures/0/at", "Figure where it cannot stand");
    four_fields(&pos);
    tu_fig(&pos, 0, "barn", 0, 0, "NE");
    assert_invalid(&pos, "/position/figures/0/at", "Figure where it cannot stand");
}

/* Barn example 2: "The corners of both bottom tiles have city segments: you
 * may not place a barn here." A city cap E180 over E0 meets at the junction.
 *     (0,0) B   (1,0) E180 city S
 *     (0,1) B   (1,1) E0   city N */
Test(validate, a_barn_on_a_city_corner_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.E", 1, 0, 180);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.E", 1, 1, 0);
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    assert_invalid(&pos, "/position/figures/0/at", "Figure where it cannot stand");
}

/* AM C!+ turned 180: its city on E has walls running to the corners, so its
 * NW corner joins two different fields (WNW and NNW): no barn there. */
Test(validate, a_barn_where_one_corner_splits_two_fields_is_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "abbey-mayor.C!+", 1, 1, 180);
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    assert_invalid(&pos, "/position/figures/0/at", "Figure where it cannot stand");
}

/* Only one figure is ever deployed on a tile's feature: two figures on the
 * same part of one tile are impossible, however the part is named. */
Test(validate, two_figures_on_one_spot_are_impossible)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    tu_fig(&pos, 1, "meeple", 0, 0, "#1");
    assert_invalid(&pos, "/position/figures/1", "Two figures on one spot");

    /* CC!.v: N and W name #0; E names #1, a different part. */
    tu_pos(&pos, 2, CC_EXP_HILLS_SHEEP);
    tu_tile(&pos, "hills-sheep.CC!.v", 0, 0, 0);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    tu_fig(&pos, 1, "meeple", 0, 0, "E");
    assert_valid(&pos);
    tu_fig(&pos, 1, "meeple", 0, 0, "W");
    assert_invalid(&pos, "/position/figures/2", "Two figures on one spot");

    /* One city on two tiles may hold a figure on each part. */
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.E", 0, -1, 180);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    tu_fig(&pos, 1, "meeple", 0, -1, "S");
    assert_valid(&pos);
}

/* The same barn corner named from two tiles is one spot. */
Test(validate, two_barns_on_one_corner_named_from_two_tiles_are_impossible)
{
    cc_position pos;
    four_fields(&pos);
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    tu_fig(&pos, 1, "barn", 1, 1, "NW");
    assert_invalid(&pos, "/position/figures/1", "Two figures on one spot");
    four_fields(&pos);
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    tu_fig(&pos, 1, "meeple", 0, 0, "SSE");   /* a farmer beside the barn */
    assert_valid(&pos);
}

/* The answer names both figures on the spot: the one that came first, and
 * the later one at the pointer, whatever stands between them. */
static void assert_two_on_one_spot(const cc_position *pos, const char *pointer, const char *pair)
{
    cc_error err;
    memset(&err, 0, sizeof err);
    cr_assert_not(cc_validate(pos, tu_catalog(), &board_store, &features_store, &err));
    cr_assert_str_eq(err.pointer, pointer, "%s", tu_detail(&err));
    cr_assert_str_eq(tu_title(&err), "Two figures on one spot");
    cr_assert(strstr(tu_detail(&err), pair) != NULL, "%s (wanted %s)", tu_detail(&err), pair);
}

static void four_fields(cc_position *pos);

Test(validate, a_second_figure_on_a_spot_names_the_first)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.E", 0, -1, 180);
    tu_fig(&pos, 0, "meeple", 0, 0, "N");
    tu_fig(&pos, 1, "meeple", 0, -1, "S");   /* the same city, another tile's part */
    tu_fig(&pos, 1, "meeple", 0, 0, "E");
    assert_valid(&pos);
    tu_fig(&pos, 1, "meeple", 0, 0, "N");
    assert_two_on_one_spot(&pos, "/position/figures/3", "figures/0 and figures/3");

    four_fields(&pos);
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    tu_fig(&pos, 1, "meeple", 0, 0, "SSE");  /* a farmer beside the barn */
    tu_fig(&pos, 1, "meeple", 1, 1, "C");
    assert_valid(&pos);
    tu_fig(&pos, 1, "barn", 1, 0, "SW");     /* the first barn's corner, from the east */
    assert_two_on_one_spot(&pos, "/position/figures/3", "figures/0 and figures/3");
}

/* Contract section 3: 7 meeples, 1 mayor, 1 wagon, 1 barn, 1 shepherd per
 * player. Four start tiles in a row give enough spots. */
Test(validate, more_figures_than_a_supply_holds_is_impossible)
{
    static const char *const spots[] = { "N", "E", "ENE", "ESE" };
    cc_position pos;
    tu_pos(&pos, 2, 0);
    for (int x = 0; x < 4; x++)
        tu_tile(&pos, "base.D", x, 0, 0);
    for (int i = 0; i < 7; i++)
        tu_fig(&pos, 0, "meeple", i / 4, 0, spots[i % 4]);
    tu_fig(&pos, 1, "meeple", 3, 0, "N");
    assert_valid(&pos);
    tu_fig(&pos, 0, "meeple", 3, 0, "E");
    assert_invalid(&pos, "/position/figures/8", "More figures than the supply holds");

    /* One each of the others: the second of a kind is one too many. */
    static const char *const kinds[] = { "mayor", "wagon", "shepherd" };
    static const char *const spot[] = { "N", "E", "ESE" };
    for (int k = 0; k < 3; k++) {
        tu_pos(&pos, 2, TU_ALL_EXPANSIONS);
        for (int x = 0; x < 3; x++)
            tu_tile(&pos, "base.D", x, 0, 0);
        tu_fig(&pos, 1, kinds[k], 0, 0, spot[k]);
        tu_fig(&pos, 0, kinds[k], 1, 0, spot[k]);
        assert_valid(&pos);
        tu_fig(&pos, 1, kinds[k], 2, 0, spot[k]);
        assert_invalid(&pos, "/position/figures/2", "More figures than the supply holds");
    }
}

Test(validate, two_barns_of_one_player_exceed_the_supply)
{
    cc_position pos;
    tu_pos(&pos, 2, CC_EXP_ABBEY_MAYOR);
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 3; x++)
            tu_tile(&pos, x == 1 ? "base.B" : "base.E", x, y, x == 1 ? 0 : (x == 0 ? 270 : 90));
    tu_fig(&pos, 0, "barn", 0, 0, "SE");
    tu_fig(&pos, 0, "barn", 1, 0, "SE");
    assert_invalid(&pos, "/position/figures/1", "More figures than the supply holds");
}

/* ---- what validation hands back ----------------------------------------- */

Test(validate, figure_feature_finds_the_feature_a_figure_stands_on)
{
    cc_position pos;
    tu_pos(&pos, 2, TU_ALL_EXPANSIONS);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_tile(&pos, "base.E", 0, -1, 180);
    tu_fig(&pos, 0, "mayor", 0, -1, "#0");
    tu_fig(&pos, 1, "wagon", 0, 0, "W");
    int flock[] = { 2, 3 };
    tu_fig(&pos, 1, "shepherd", 0, 0, "SSW");
    tu_flock(&pos, 2, flock);
    assert_valid(&pos);
    cr_assert_eq(cc_figure_feature(&features_store, &pos.figures[0]),
                 tu_feature(&features_store, 0, 0, "N"));
    cr_assert_eq(cc_figure_feature(&features_store, &pos.figures[1]),
                 tu_feature(&features_store, 0, 0, "E"));
    cr_assert_eq(cc_figure_feature(&features_store, &pos.figures[2]),
                 tu_feature(&features_store, 0, 0, "#3"));
}

/* ---- random positions --------------------------------------------------- */

/* Every random board with random figures is a possible position, with and
 * without figures sharing features; the generator is deterministic. */
Test(validate, random_positions_with_random_figures_are_valid)
{
    int figures = 0, kinds[CC_FIG_NKINDS] = { 0 };
    for (int i = 0; i < 120; i++) {
        cc_position pos, again;
        unsigned exps = i % 3 == 0   ? TU_ALL_EXPANSIONS
                        : i % 3 == 1 ? CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP
                                     : CC_EXP_ABBEY_MAYOR | CC_EXP_INNS_CATHEDRALS;
        tu_pos(&pos, 2 + i % 5, exps);
        rb_grow(&pos, tu_catalog(), 1 + (i * 13) % 90, exps, 900 + (uint64_t)i);
        again = pos;
        unsigned flags = i % 2 ? RB_FIG_SHARED : 0;
        int n = rb_add_figures(&pos, tu_catalog(), 1 + i % 40, flags, 7 * (uint64_t)i);
        rb_add_figures(&again, tu_catalog(), 1 + i % 40, flags, 7 * (uint64_t)i);
        cr_assert_eq(pos.nfigures, again.nfigures);
        cr_assert_eq(memcmp(pos.figures, again.figures, sizeof pos.figures[0] * (size_t)pos.nfigures), 0);
        cr_assert_eq(n, pos.nfigures);
        assert_valid(&pos);
        figures += n;
        for (int f = 0; f < pos.nfigures; f++)
            kinds[pos.figures[f].kind]++;
        /* Without sharing, no feature holds two followers. */
        if (!(flags & RB_FIG_SHARED))
            for (int a = 0; a < pos.nfigures; a++)
                for (int b = 0; b < a; b++) {
                    int fa = cc_figure_feature(&features_store, &pos.figures[a]);
                    cr_assert(fa < 0 || fa != cc_figure_feature(&features_store, &pos.figures[b]),
                              "figures %d and %d share a feature", b, a);
                }
    }
    cr_assert_gt(figures, 1000);
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        if (cc_figure_kinds[k].expansion & TU_ALL_EXPANSIONS)   /* builders and pigs: test_traders.c */
            cr_assert_gt(kinds[k], 0, "no %s was ever placed", cc_figure_kind_name((cc_figure_kind)k));
}

/* The position's bounds (position.h): CC_PLAYER_FIGURES_MAX is the sum of
 * every kind's largest supply, the large meeple's, the builder's and the
 * pig's included, so that a position stating every kind's largest supply
 * fits; cc_figures_cap gives six such players with every expansion. */
Test(validate, the_figures_bound_is_the_sum_of_every_kinds_largest_supply)
{
    int sum = 0;
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        sum += cc_figure_kinds[k].max;
    cr_assert_eq(sum, CC_PLAYER_FIGURES_MAX);
    cr_assert_eq(cc_figures_cap(CC_EXP_RULED), CC_MAX_FIGURES);
    cr_assert_lt(cc_figures_cap(CC_EXP_BASE), CC_MAX_FIGURES);
}

/* The largest bag a position may state -- every tile set at its most
 * copies (cc_tile_sets[].max), Traders & Builders' 24 tiles included -- is
 * CC_MAX_BAG land tiles exactly, and with an abbey per player it fills
 * CC_MAX_TILES: a position holding the whole bag fits, one more tile is
 * impossible (issue 30's caps, raised for issue 29). */
Test(validate, the_largest_bag_with_an_abbey_each_is_the_tiles_bound)
{
    cc_position pos;
    cc_position_init(&pos);
    pos.expansions = CC_EXP_RULED;
    pos.nplayers = CC_MAX_PLAYERS;
    pos.sets_given = true;
    for (int s = 0; s < CC_NSETS; s++)
        pos.copies[s] = cc_tile_sets[s].max;
    const cc_catalog *cat = tu_catalog();
    int land = 0, abbeys = 0, traders = 0;
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        if (tt->expansion == CC_EXP_RIVER || tt->expansion == CC_EXP_RIVER_II)
            continue;   /* not in cc_tile_sets[]: a river is 0 or 1 copy */
        int n = cc_position_bag_count(&pos, cat, t);
        if (tt->is_abbey)
            abbeys += n;
        else
            land += n;
        if (tt->expansion == CC_EXP_TRADERS_BUILDERS)
            traders += n;
    }
    cr_assert_eq(traders, 24, "Traders & Builders has 24 land tiles");
    cr_assert_eq(land, CC_MAX_BAG);
    cr_assert_eq(land + abbeys, CC_MAX_TILES);
    /* Its tiles are a set of the bag like the others: left out of a
     * stated bag, none of them is in the game. */
    pos.copies[CC_SET_TRADERS_BUILDERS] = 0;
    for (int t = 0; t < cat->ntypes; t++)
        if (cat->types[t].expansion == CC_EXP_TRADERS_BUILDERS)
            cr_assert_eq(cc_position_bag_count(&pos, cat, t), 0, "%s", cat->types[t].id);
}
