/* test_turn.c -- a whole move: legality, events, next position (engine/turn.h).
 *
 * Points are computed by hand from the base rules (a completed city: 2 per
 * tile and per coat of arms; a road: 1 per tile; a cloister or abbey at the
 * end: 1 + its neighbours) and the expansion pages cited per test. */
#include <string.h>

#include "../../engine/turn.h"
#include "../support/testutil.h"

CC_SUITE(turn);

#define A_M CC_EXP_ABBEY_MAYOR
#define H_S CC_EXP_HILLS_SHEEP

static int type_of(const char *id)
{
    int t = cc_catalog_find(tu_catalog(), id);
    cr_assert_geq(t, 0, "unknown tile %s", id);
    return t;
}

static cc_move move(const char *tile, int x, int y, int degrees)
{
    return cc_move_make(type_of(tile), x, y, degrees / 90);
}

static void with_deploy(cc_move *m, cc_figure_kind kind, const char *at)
{
    m->deploy = true;
    m->deploy_kind = kind;
    cr_assert(cc_loc_parse(at, &m->deploy_at));
}

/* Player 0's abbey, already placed in a hole at (3, 1) east of the ring
 * round (1, 1) that the abbey tests use (a player who "used theirs" has it
 * on the board: every player receives one abbey tile).
 *   (3,0) U turned 90 (road N-S), (4,0) E, (4,1) U (road W-E), (3,2) U turned 90. */
static void with_p0_abbey_placed(cc_position *pos)
{
    tu_tile(pos, "base.U", 3, 0, 90);
    tu_tile(pos, "base.E", 4, 0, 0);
    tu_tile(pos, "base.U", 4, 1, 0);
    tu_tile(pos, "base.U", 3, 2, 90);
    tu_abbey(pos, 3, 1, 0);
}

/* Play m; assert it could be judged. The caller frees the result. */
static cc_turn_result *play(const cc_position *pos, const cc_move *m)
{
    cc_turn_result *res = malloc(sizeof *res);
    cr_assert_not_null(res);
    cc_error err;
    memset(&err, 0, sizeof err);
    cr_assert(cc_turn(pos, tu_catalog(), m, res, &err), "%s at %s: %s", tu_title(&err),
              err.pointer, tu_detail(&err));
    return res;
}

static bool cites(const cc_turn_result *r, const char *id)
{
    for (int i = 0; i < r->nrules; i++)
        if (strcmp(r->rules[i], id) == 0)
            return true;
    return false;
}

/* Base rules, 1. Placing a tile: every touching edge must match. */
Test(turn, a_tile_whose_edges_do_not_match_is_illegal)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    cc_move m = move("base.E", 0, -1, 0);        /* its field S onto D's city N */
    cc_turn_result *r = play(&pos, &m);
    cr_assert_not(r->legal);
    cr_assert_str_eq(r->rule, "base.placement.edges");
    cr_assert_str_eq(r->pointer, "/rot");
    free(r);
}

/* Base rules, 2. Placing a meeple: not on an occupied feature. */
Test(turn, a_deployment_on_an_occupied_feature_is_illegal)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 1, "meeple", 0, 0, "W");
    cc_move m = move("base.U", 1, 0, 0);
    with_deploy(&m, CC_FIG_MEEPLE, "W");
    cc_turn_result *r = play(&pos, &m);
    cr_assert_not(r->legal);
    cr_assert_str_eq(r->rule, "base.deploy.unoccupied");
    cr_assert_str_eq(r->pointer, "/deploy/at");
    free(r);
}

/* Base rules: a knight on a 2-tile city the tile completes scores 4 and
 * returns; the next player plays. */
Test(turn, completing_a_city_scores_returns_the_knight_and_passes_the_turn)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    cc_move m = move("base.E", 0, -1, 180);
    with_deploy(&m, CC_FIG_MEEPLE, "S");
    cc_turn_result *r = play(&pos, &m);
    cr_assert(r->legal, "%s: %s", r->rule, tu_say(&r->reason, NULL));
    cr_assert_eq(r->turn.nevents, 1);
    cr_assert_eq(r->turn.events[0].points[0], 4);
    cr_assert_eq(r->totals[0], 4);
    cr_assert_eq(r->next.ntiles, 2);
    cr_assert_eq(r->next.nfigures, 0, "the knight went home");
    cr_assert_eq(r->next.scores[0][0], 4);
    cr_assert_eq(r->next.active, 1);
    cr_assert_not(r->game_over);
    cr_assert(cites(r, "base.turn.order"));
    free(r);
}

/* A&M Wagon 3. and its official clarification: deploy a wagon, complete
 * and score the city, move the wagon, all in one turn. */
Test(turn, a_wagon_deployed_scored_and_moved_in_one_turn)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.D", 0, 0, 0);
    cc_move m = move("base.E", 0, -1, 180);
    with_deploy(&m, CC_FIG_WAGON, "S");
    m.nwagons = 1;
    m.wagons[0].x = 0;
    m.wagons[0].y = -1;
    cc_loc_parse("S", &m.wagons[0].at);
    m.wagons[0].to_x = 0;
    m.wagons[0].to_y = 0;
    cc_loc_parse("W", &m.wagons[0].to_at);          /* D's road, named by its W end */
    cc_turn_result *r = play(&pos, &m);
    cr_assert(r->legal, "%s: %s", r->rule, tu_say(&r->reason, NULL));
    cr_assert_eq(r->totals[0], 4);
    cr_assert_eq(r->nwagon_moves, 1);
    cr_assert_eq(r->next.nfigures, 1);
    cr_assert_eq(r->next.figures[0].kind, CC_FIG_WAGON);
    char at[8];
    cr_assert_str_eq(cc_loc_name(r->next.figures[0].at, at), "E", "stored canonically");
    cr_assert(cites(r, "abbey.wagon.move"));
    free(r);

    /* Not onto the city it just left (complete). */
    cc_loc_parse("N", &m.wagons[0].to_at);
    r = play(&pos, &m);
    cr_assert_not(r->legal);
    cr_assert_str_eq(r->rule, "abbey.wagon.move");
    cr_assert_str_eq(r->pointer, "/wagons/0/to");
    free(r);
}

/* H&S: the deployed shepherd draws at once: sheep stay beside it, the wolf
 * sends it home. */
Test(turn, a_deployed_shepherd_keeps_its_sheep_or_meets_the_wolf)
{
    cc_position pos;
    tu_pos(&pos, 2, H_S);
    tu_tile(&pos, "base.D", 0, 0, 0);
    cc_move m = move("base.V", 1, 0, 0);
    with_deploy(&m, CC_FIG_SHEPHERD, "NNE");
    m.first_token = 3;
    cc_turn_result *r = play(&pos, &m);
    cr_assert(r->legal, "%s: %s", r->rule, tu_say(&r->reason, NULL));
    cr_assert_eq(r->next.nfigures, 1);
    cr_assert_eq(r->next.figures[0].nflock, 1);
    cr_assert_eq(r->next.figures[0].flock[0], 3);
    free(r);

    m.first_token = CC_TOKEN_WOLF;
    r = play(&pos, &m);
    cr_assert(r->legal);
    cr_assert_eq(r->next.nfigures, 0);
    free(r);
}

/* H&S 1. Placing a tile: extending one's shepherd's field, the player grows
 * or guides; the move must say which. */
Test(turn, extending_ones_shepherds_field_needs_grow_or_guide)
{
    cc_position pos;
    tu_pos(&pos, 2, H_S);
    tu_tile(&pos, "base.D", 0, 0, 0);
    tu_fig(&pos, 0, "shepherd", 0, 0, "ENE");
    tu_flock(&pos, 1, (const int[]){ 2 });
    cc_move m = move("base.V", 1, 0, 0);          /* its north field joins D's */
    cc_turn_result *r = play(&pos, &m);
    cr_assert_not(r->legal);
    cr_assert_str_eq(r->rule, "hills-sheep.shepherd.expand");
    free(r);

    m.shepherd = CC_SHEPHERD_GUIDE;
    r = play(&pos, &m);
    cr_assert(r->legal, "%s: %s", r->rule, tu_say(&r->reason, NULL));
    cr_assert_eq(r->totals[0], 2);
    cr_assert_eq(r->next.nfigures, 0);
    free(r);

    m.shepherd = CC_SHEPHERD_GROW;
    m.grow_token = 4;
    r = play(&pos, &m);
    cr_assert(r->legal);
    cr_assert_eq(r->next.figures[0].nflock, 2);
    cr_assert_eq(r->next.figures[0].flock[1], 4);
    free(r);

    /* A tile that extends only the south field: no action allowed. */
    cc_move w = move("base.U", -1, 0, 0);
    w.shepherd = CC_SHEPHERD_GUIDE;
    pos.figures[0].at.value = CC_RING_SSE;
    r = play(&pos, &w);
    cr_assert(r->legal, "U at (-1,0) extends the south field too: %s", tu_say(&r->reason, NULL));
    free(r);
    pos.figures[0].at.value = CC_RING_ENE;
    cc_move e = move("base.E", 0, -1, 180);        /* touches only D's city */
    e.shepherd = CC_SHEPHERD_GUIDE;
    r = play(&pos, &e);
    cr_assert_not(r->legal);
    cr_assert_str_eq(r->rule, "hills-sheep.shepherd.expand");
    free(r);
}

/* A&M Barn 3.: placing a barn over farmers scores them at once, 3 per
 * completed city, and returns them. */
Test(turn, a_barn_over_farmers_scores_them)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.E", 0, -2, 180);          /* city S ... */
    tu_tile(&pos, "base.E", 0, -1, 0);            /* ... closed: one completed city */
    tu_tile(&pos, "base.B", 0, 0, 0);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_fig(&pos, 1, "meeple", 0, 0, "NNE");
    cc_move m = move("base.B", 1, 1, 0);
    with_deploy(&m, CC_FIG_BARN, "NW");
    cc_turn_result *r = play(&pos, &m);
    cr_assert(r->legal, "%s: %s", r->rule, tu_say(&r->reason, NULL));
    cr_assert_eq(r->totals[1], 3);
    cr_assert_eq(r->next.nfigures, 1, "the farmer left, the barn stays");
    cr_assert_eq(r->next.figures[0].kind, CC_FIG_BARN);
    free(r);
}

/* A&M Abbey 1.: only while the abbey is still in hand. */
Test(turn, an_abbey_needs_one_in_hand)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.B", 2, 1, 0);
    tu_tile(&pos, "base.B", 1, 2, 0);
    tu_tile(&pos, "base.E", 0, 0, 0);
    tu_tile(&pos, "base.E", 2, 0, 0);
    tu_tile(&pos, "base.E", 2, 2, 180);
    cc_move m = move("abbey-mayor.abbey", 1, 1, 0);
    cc_position used = pos;
    with_p0_abbey_placed(&used);
    cc_turn_result *r = play(&used, &m);
    cr_assert_not(r->legal);
    cr_assert_str_eq(r->rule, "abbey.abbey.in-hand");
    free(r);
    r = play(&pos, &m);
    cr_assert(r->legal, "%s", tu_say(&r->reason, NULL));
    cr_assert_eq(r->next.abbeys[0], 0);
    cr_assert_eq(r->next.tiles[r->next.ntiles - 1].owner, 0);
    free(r);
}

/* A&M note 4 (10/2024) and note 5 (11/2024): after the last land tile the
 * players still holding an abbey place it in seat order when they can (it
 * is mandatory); then the game ends and the final scoring follows. */
Test(turn, after_the_last_tile_abbeys_are_placed_then_the_game_ends)
{
    cc_position pos;
    tu_pos(&pos, 2, A_M);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.B", 2, 1, 0);
    tu_tile(&pos, "base.B", 1, 2, 0);
    tu_tile(&pos, "base.E", 0, 0, 0);
    tu_tile(&pos, "base.E", 2, 0, 0);
    tu_tile(&pos, "base.E", 2, 2, 180);
    with_p0_abbey_placed(&pos);                    /* p0 used theirs */
    cc_move last = move("base.E", 0, -1, 180);     /* the last land tile */
    last.pile_empty = true;
    cc_turn_result *r = play(&pos, &last);
    cr_assert(r->legal, "%s", tu_say(&r->reason, NULL));
    cr_assert_not(r->game_over, "p1 still holds an abbey and (1,1) is a hole");
    cr_assert_eq(r->next.active, 1);
    cr_assert(cites(r, "abbey.abbey.mandatory"));
    cc_position after = r->next;
    free(r);

    cc_move abbey = move("abbey-mayor.abbey", 1, 1, 0);
    abbey.pile_empty = true;
    with_deploy(&abbey, CC_FIG_MEEPLE, "C");
    r = play(&after, &abbey);
    cr_assert(r->legal, "%s", tu_say(&r->reason, NULL));
    cr_assert(r->game_over);
    cr_assert(cites(r, "base.game.end"));
    /* The abbey lacks (0,2): 1 + 7 neighbours at the end = 8 for p1. */
    cr_assert_eq(r->totals[1], 8);
    cr_assert_eq(r->next.scores[1][0], 8);
    cr_assert_eq(r->next.nfigures, 0);
    free(r);
}

/* Without abbeys in hand the last tile ends the game at once. */
Test(turn, the_last_tile_ends_the_game_with_the_final_scoring)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.D", 0, 0, 0);
    cc_move m = move("base.U", 1, 0, 0);
    with_deploy(&m, CC_FIG_MEEPLE, "E");
    m.pile_empty = true;
    cc_turn_result *r = play(&pos, &m);
    cr_assert(r->legal);
    cr_assert(r->game_over);
    cr_assert_eq(r->turn.nevents, 0);
    cr_assert_eq(r->totals[0], 2, "an incomplete road of 2 tiles");
    cr_assert_eq(r->next.scores[0][0], 2);
    free(r);
}

/* Base game, 1. Placing a tile: a tile that fits nowhere is discarded and
 * the player draws again; when those draws empty the pile there is no
 * move. cc_turn_pass: the abbey round starts after that player, who comes
 * last (as JCloisterZone plays it), or the game ends. */
Test(turn, the_pile_running_out_on_discards_starts_the_abbey_round_after_that_player)
{
    cc_position pos;
    tu_pos(&pos, 3, A_M);
    tu_tile(&pos, "base.B", 1, 0, 0);
    tu_tile(&pos, "base.B", 0, 1, 0);
    tu_tile(&pos, "base.B", 2, 1, 0);
    tu_tile(&pos, "base.B", 1, 2, 0);
    tu_tile(&pos, "base.E", 0, 0, 0);
    tu_tile(&pos, "base.E", 2, 0, 0);
    tu_tile(&pos, "base.E", 2, 2, 180);
    with_p0_abbey_placed(&pos);             /* p0 used theirs; p1, p2 hold one */
    pos.active = 1;                         /* p1 draws only tiles that fit nowhere */
    cc_turn_result *r = malloc(sizeof *r);
    cc_error err;
    cr_assert(cc_turn_pass(&pos, tu_catalog(), r, &err), "%s", tu_detail(&err));
    cr_assert_not(r->game_over);
    cr_assert_eq(r->next.active, 2, "the round starts after p1");
    cr_assert(cites(r, "abbey.abbey.mandatory"));
    pos.abbeys[2] = 0;                      /* then p1 itself, last */
    pos.abbeys[0] = 0;
    cr_assert(cc_turn_pass(&pos, tu_catalog(), r, &err), "%s", tu_detail(&err));
    cr_assert_eq(r->next.active, 1);
    pos.abbeys[1] = 0;                      /* nobody: the game is over */
    tu_fig(&pos, 2, "meeple", 1, 0, "C");
    cr_assert(cc_turn_pass(&pos, tu_catalog(), r, &err), "%s", tu_detail(&err));
    cr_assert(r->game_over);
    cr_assert(cites(r, "base.game.end"));
    cr_assert_eq(r->final.nevents, 1);
    cr_assert_eq(r->next.scores[2][0], r->totals[2]);
    cr_assert_gt(r->totals[2], 0, "the cloister at (1, 0) scores at the end");
    cr_assert_eq(r->next.nfigures, 0);
    free(r);
}

/* Contract: a tile whose copies are all on the board cannot be drawn: 422. */
Test(turn, a_tile_with_no_copy_left_is_an_error)
{
    cc_position pos;
    tu_pos(&pos, 2, 0);
    tu_tile(&pos, "base.C", 0, 0, 0);
    cc_move m = move("base.C", 1, 0, 0);
    cc_turn_result *r = malloc(sizeof *r);
    cc_error err;
    bool judged = cc_turn(&pos, tu_catalog(), &m, r, &err);
    free(r);
    cr_assert_not(judged);
    cr_assert_eq(err.status, CC_ERR_IMPOSSIBLE);
    cr_assert_str_eq(err.pointer, "/tile");
}
