/* test_route_wagon_moves.c -- POST /v1/wagon-moves and POST /v1/turn agree
 * on where each returning wagon may go, the earlier wagons' moves of the
 * turn included.
 *
 * Sources: Abbey & Mayor (2nd edition), "Wagon", 3. Scoring a feature: after
 * scoring the wagon may move to an adjacent unoccupied, incomplete feature;
 * "if several wagons are involved in a scoring phase, each concerned player
 * chooses ... in clockwise order starting with the active player"
 * (abbey.wagon.move, abbey.wagon.move-order). Heretics & Shrines (1st
 * edition), "The challenge": the player who finishes first scores 9, the
 * other nothing, and "both followers are then returned to their owners"
 * (shrines.challenge.win, shrines.challenge.lost). The scoring phase, and so
 * its challenges, is over before any wagon moves: a wagon that won a
 * challenge on a shrine has already freed the losing cloister when it rolls
 * away, and the wagons after it may take that cloister.
 *
 * The case (cases/wagon-moves-after-challenge.json, issue 36) is the
 * request a reference engine answered differently: it carries a position
 * where green's wagon has already left the shrine, which cannot show the
 * challenge it won. The tests ask the question as the route documents it
 * now: the position before the scoring phase and the earlier move in
 * "wagons", as /v1/turn takes them. The property test plays seeded random
 * games and, for every returning wagon of every turn, compares the
 * destinations /v1/wagon-moves lists with those /v1/turn accepts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/random_game.h"
#include "../../../engine/turn.h"
#include "../../../engine/wagon.h"
#include "../../../service/service.h"
#include "../../../service/wire/encode_position.h"
#include "../../../service/wire/json_writer.h"
#include "../../support/asktest.h"
#include "../../support/random_board.h"
#include "../../support/testutil.h"

CC_SUITE(route_wagon_moves);

#define CASE "tests/service/routes/cases/wagon-moves-after-challenge.json"

static const char *plain(json_object *o)
{
    return json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE);
}

static json_object *spot(int x, int y, const char *at)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "x", json_object_new_int(x));
    json_object_object_add(o, "y", json_object_new_int(y));
    json_object_object_add(o, "at", json_object_new_string(at));
    return o;
}

static json_object *wagon_move(int x, int y, const char *at, int to_x, int to_y, const char *to_at)
{
    json_object *o = spot(x, y, at);
    json_object_object_add(o, "to", spot(to_x, to_y, to_at));
    return o;
}

static bool is_spot(json_object *o, int x, int y, const char *at)
{
    return tu_int(o, "x") == x && tu_int(o, "y") == y && strcmp(tu_str(o, "at"), at) == 0;
}

/* The case's request, asked as the position before the scoring phase:
 * green's wagon back on the shrine at (1, 0) it scored from, its move to
 * the road at (2, 1) E in "wagons". The reported position has it on that
 * road already. Caller releases. */
static json_object *case_before_moves(void)
{
    char *text = tu_read_file(CASE, NULL);
    json_object *doc = json_tokener_parse(text);
    free(text);
    cr_assert_not_null(doc);
    json_object *request = NULL;
    cr_assert_eq(json_object_deep_copy(tu_member(doc, "request"), &request, NULL), 0);
    json_object_put(doc);
    json_object *figures = tu_member(tu_member(request, "position"), "figures");
    int moved = 0;
    for (size_t i = 0; i < json_object_array_length(figures); i++) {
        json_object *f = json_object_array_get_idx(figures, i);
        if (strcmp(tu_str(f, "player"), "green") == 0 && strcmp(tu_str(f, "kind"), "wagon") == 0 &&
            is_spot(f, 2, 1, "E")) {
            json_object_object_add(f, "x", json_object_new_int(1));
            json_object_object_add(f, "y", json_object_new_int(0));
            json_object_object_add(f, "at", json_object_new_string("C"));
            moved++;
        }
    }
    cr_assert_eq(moved, 1, "green's wagon stands at (2, 1) E in the case");
    json_object *wagons = json_object_new_array();
    json_object_array_add(wagons, wagon_move(1, 0, "C", 2, 1, "E"));
    json_object_object_add(request, "wagons", wagons);
    return request;
}

/* The same turn for /v1/turn: the case's position without the tile placed
 * at (2, 0) and blue's shepherd deployed on it, and the move that placed
 * them (the shepherd draws one sheep), with these wagon moves. */
static json_object *case_turn(json_object *wagons)
{
    json_object *before = case_before_moves();
    json_object *position = NULL;
    cr_assert_eq(json_object_deep_copy(tu_member(before, "position"), &position, NULL), 0);
    json_object_put(before);
    json_object *tiles = tu_member(position, "tiles"), *figures = tu_member(position, "figures");
    size_t nt = json_object_array_length(tiles), nf = json_object_array_length(figures);
    json_object *last = json_object_array_get_idx(tiles, nt - 1);
    cr_assert(tu_int(last, "x") == 2 && tu_int(last, "y") == 0);
    cr_assert_str_eq(tu_str(last, "tile"), "abbey-mayor.RC");
    json_object_array_del_idx(tiles, nt - 1, 1);
    json_object *shepherd = json_object_array_get_idx(figures, nf - 1);
    cr_assert_str_eq(tu_str(shepherd, "kind"), "shepherd");
    cr_assert_str_eq(tu_str(shepherd, "player"), "blue");
    json_object_array_del_idx(figures, nf - 1, 1);
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", position);
    json_object_object_add(body, "tile", json_object_new_string("abbey-mayor.RC"));
    json_object_object_add(body, "x", json_object_new_int(2));
    json_object_object_add(body, "y", json_object_new_int(0));
    json_object_object_add(body, "rot", json_object_new_int(270));
    json_object *deploy = json_object_new_object();
    json_object_object_add(deploy, "kind", json_object_new_string("shepherd"));
    json_object_object_add(deploy, "at", json_object_new_string("NNE"));
    json_object_object_add(deploy, "token", json_object_new_int(1));
    json_object_object_add(body, "deploy", deploy);
    json_object_object_add(body, "wagons", wagons);
    return body;
}

static json_object *red_then(int to_x, int to_y, const char *to_at)
{
    json_object *wagons = json_object_new_array();
    json_object_array_add(wagons, wagon_move(1, 0, "C", 2, 1, "E"));
    json_object_array_add(wagons, wagon_move(1, 0, "E", to_x, to_y, to_at));
    return wagons;
}

/* Heretics & Shrines, "The challenge" (both followers return) and Abbey &
 * Mayor, "Wagon" (seat order): green's wagon won its challenge on the
 * shrine, so blue's monk left the abbey at (0, -1) in the scoring phase;
 * green rolls first (seat order from blue), and red may still take that
 * abbey. Both routes say so. */
Test(route_wagon_moves, a_wagon_that_won_a_challenge_and_rolled_on_leaves_the_cloister_free)
{
    json_object *q = case_before_moves();
    json_object *a = tu_post("/v1/wagon-moves", plain(q), 200);
    json_object *d = tu_member(a, "destinations");
    cr_assert_eq(json_object_array_length(d), 2, "%s", plain(a));
    cr_assert(is_spot(json_object_array_get_idx(d, 0), 0, -1, "C"), "%s", plain(a));
    cr_assert(is_spot(json_object_array_get_idx(d, 1), 0, 1, "S"), "%s", plain(a));
    cr_assert_str_eq(tu_str(tu_member(a, "wagon"), "player"), "red");
    json_object_put(a);
    json_object_put(q);

    /* /v1/turn accepts both, with the challenge among the turn's events... */
    const char *listed[][2] = { { "0", "C" }, { "1", "S" } };
    for (int i = 0; i < 2; i++) {
        json_object *t = case_turn(red_then(0, atoi(listed[i][0]) == 0 ? -1 : 1, listed[i][1]));
        json_object *r = tu_post("/v1/turn", plain(t), 200);
        cr_assert(json_object_get_boolean(tu_member(r, "legal")), "%s", plain(r));
        bool lost = false;
        json_object *events = tu_member(r, "events");
        for (size_t e = 0; e < json_object_array_length(events); e++)
            lost |= strcmp(tu_str(json_object_array_get_idx(events, e), "kind"), "challenge-lost") == 0;
        cr_assert(lost, "the abbey's monk loses the challenge: %s", plain(r));
        json_object_put(r);
        json_object_put(t);
    }
    /* ... and refuses what is not listed: the road at (2, 2) E is blue's. */
    json_object *t = case_turn(red_then(2, 2, "E"));
    json_object *r = tu_post("/v1/turn", plain(t), 200);
    cr_assert_not(json_object_get_boolean(tu_member(r, "legal")), "%s", plain(r));
    cr_assert_str_eq(tu_str(r, "pointer"), "/wagons/1/to");
    json_object_put(r);
    json_object_put(t);
}

/* POST /v1/render "show": {"wagon": ...} asks the same question
 * (questions.h), earlier moves included: it draws the abbey at (0, -1) as
 * a destination of red's wagon. */
Test(route_wagon_moves, the_picture_draws_the_same_destinations)
{
    json_object *q = case_before_moves();
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(tu_member(q, "position")));
    json_object *show = json_object_new_object();
    json_object_object_add(body, "show", show);
    json_object_object_del(q, "position");
    json_object_object_add(show, "wagon", q);
    const char *text = plain(body);
    svc_context ctx = { .cat = tu_catalog() };
    svc_request req = { .method = "POST", .path = "/v1/render", .body = text, .len = strlen(text),
                        .accept = "image/svg+xml", .content_type = "application/json" };
    svc_response res;
    svc_handle(&ctx, &req, &res);
    cr_assert_eq(res.status, 200);
    const char *svg = res.body ? res.body : res.static_body;
    int n = 0;
    for (const char *p = strstr(svg, "data-kind=\"wagon-destination\""); p != NULL;
         p = strstr(p + 1, "data-kind=\"wagon-destination\""))
        n++;
    cr_assert_eq(n, 2);
    cr_assert_not_null(strstr(svg, "data-kind=\"wagon-destination\" data-x=\"0\" data-y=\"-1\" data-at=\"C\""));
    svc_response_free(&res);
    json_object_put(body);
}

/* Abbey & Mayor, "Wagon": a wagon's own move and those of the wagons after
 * it in seat order cannot change where it may go; /v1/wagon-moves takes
 * /v1/turn's whole "wagons" list and answers the same. */
Test(route_wagon_moves, moves_of_the_asked_wagon_and_later_ones_change_nothing)
{
    json_object *q = case_before_moves();
    json_object *want = tu_post("/v1/wagon-moves", plain(q), 200);
    json_object_object_add(q, "wagons", red_then(0, 1, "S"));
    json_object *got = tu_post("/v1/wagon-moves", plain(q), 200);
    cr_assert(json_object_equal(got, want), "%s\n%s", plain(got), plain(want));
    json_object_put(got);
    json_object_put(want);
    json_object_put(q);
}

/* The earlier moves are judged as /v1/turn judges them. */
Test(route_wagon_moves, an_earlier_move_the_turn_refuses_is_a_422_at_that_move)
{
    json_object *q = case_before_moves();
    struct {
        json_object *move;
        int status;
        const char *pointer, *type;
    } cases[] = {
        /* Green's wagon to a road out of its reach (abbey.wagon.move). */
        { wagon_move(1, 0, "C", 2, 4, "E"), 422, "/wagons/0/to", "move-against-the-rules" },
        /* Blue's wagon at (-3, 1) scored nothing: it stays (move-scored). */
        { wagon_move(-3, 1, "C", -2, 1, "E"), 422, "/wagons/0", "wagon-not-scored" },
        /* No wagon at (0, 0) E. */
        { wagon_move(0, 0, "E", 0, 1, "S"), 422, "/wagons/0", "no-wagon-there" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_object *wagons = json_object_new_array();
        json_object_array_add(wagons, cases[i].move);
        json_object_object_add(q, "wagons", wagons);
        json_object *p = tu_post("/v1/wagon-moves", plain(q), cases[i].status);
        cr_assert_str_eq(tu_str(p, "pointer"), cases[i].pointer, "%s", plain(p));
        const char *type = tu_str(p, "type");
        cr_assert(strstr(type, cases[i].type) != NULL, "%s", plain(p));
        json_object_put(p);
    }
    /* A malformed list is a 400, before the position is read. */
    json_object_object_add(q, "wagons", json_object_new_string("green"));
    json_object_object_add(q, "position", json_object_new_int(0));
    json_object *p = tu_post("/v1/wagon-moves", plain(q), 400);
    cr_assert_str_eq(tu_str(p, "pointer"), "/wagons");
    json_object_put(p);
    json_object_put(q);
}

/* ---- every returning wagon of random games ----------------------------------- */

static json_object *parse_jw(jw *w)
{
    size_t len;
    cr_assert_not(jw_failed(w));
    char *text = jw_take(w, &len);
    json_object *o = json_tokener_parse(text);
    free(text);
    cr_assert_not_null(o);
    return o;
}

static json_object *position_json(const cc_position *pos)
{
    jw w;
    jw_init(&w);
    enc_position(&w, pos, tu_catalog());
    return parse_jw(&w);
}

static json_object *loc_json(cc_loc at)
{
    char name[16];
    return json_object_new_string(cc_loc_name(at, name));
}

static json_object *move_json(const cc_move_wagon *m)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "x", json_object_new_int(m->x));
    json_object_object_add(o, "y", json_object_new_int(m->y));
    json_object_object_add(o, "at", loc_json(m->at));
    json_object *to = json_object_new_object();
    json_object_object_add(to, "x", json_object_new_int(m->to_x));
    json_object_object_add(to, "y", json_object_new_int(m->to_y));
    json_object_object_add(to, "at", loc_json(m->to_at));
    json_object_object_add(o, "to", to);
    return o;
}

static json_object *moves_json(const cc_move_wagon *m, int n)
{
    json_object *a = json_object_new_array();
    for (int i = 0; i < n; i++)
        json_object_array_add(a, move_json(&m[i]));
    return a;
}

typedef struct {
    int turns;         /* turns with a returning wagon */
    int wagons;        /* returning wagons asked about */
    int after_others;  /* of which asked after an earlier wagon's move */
    int listed;        /* destinations listed (each accepted by /v1/turn) */
    int refused;       /* candidate spots /v1/turn refused (none listed) */
    int challenges;    /* turns with a challenge and a returning wagon */
    int after_challenge;  /* wagons asked after another's move in such a turn */
} tally;

/* One turn to check: the move, what it yields, and the same as JSON. */
typedef struct {
    const cc_position *before;   /* the position the turn starts from */
    const cc_move *move;         /* the move; its wagons are the game's */
    const cc_turn_result *r;     /* the move played: scored, features, board, turn */
    json_object *turn_body;      /* the /v1/turn body of the move, without "wagons" */
    json_object *scored_json;    /* r->scored, the position before the scoring phase */
    cc_turn_result *res;         /* scratch */
    bool whole_list;             /* ask with the move's whole "wagons" list */
    rb_rng *choose;              /* NULL: each wagon moves as in move->wagons; else it
                                    rolls to a listed destination at random (or stays,
                                    one time in four) */
} turn_check;

/* The destinations /v1/wagon-moves lists for wagon i of the scored
 * position, asked with `asked` as "wagons". Caller releases. */
static json_object *listed_for(const turn_check *c, int i, json_object *asked)
{
    const cc_figure *w = &c->r->scored.figures[i];
    json_object *q = json_object_new_object();
    json_object_object_add(q, "position", json_object_get(c->scored_json));
    json_object_object_add(q, "x", json_object_new_int(w->x));
    json_object_object_add(q, "y", json_object_new_int(w->y));
    json_object_object_add(q, "at", loc_json(w->at));
    json_object *placed = json_object_new_object();
    json_object_object_add(placed, "x", json_object_new_int(c->move->x));
    json_object_object_add(placed, "y", json_object_new_int(c->move->y));
    json_object_object_add(q, "placed", placed);
    json_object_object_add(q, "wagons", asked);
    json_object *a = tu_post("/v1/wagon-moves", plain(q), 200);
    json_object *d = json_object_get(tu_member(a, "destinations"));
    json_object_put(a);
    json_object_put(q);
    return d;
}

static bool listed_has(json_object *d, int x, int y, cc_loc at)
{
    char name[16];
    cc_loc_name(at, name);
    for (size_t i = 0; i < json_object_array_length(d); i++)
        if (is_spot(json_object_array_get_idx(d, i), x, y, name))
            return true;
    return false;
}

/* /v1/turn with the move, its wagon moves being `moves`. */
static bool turn_accepts(const turn_check *c, const cc_move_wagon *moves, int n)
{
    json_object *body = json_object_new_object();
    json_object_object_foreach(c->turn_body, key, val)
        json_object_object_add(body, key, json_object_get(val));
    json_object_object_add(body, "wagons", moves_json(moves, n));
    json_object *a = tu_post("/v1/turn", plain(body), 200);
    bool legal = json_object_get_boolean(tu_member(a, "legal"));
    json_object_put(a);
    json_object_put(body);
    return legal;
}

/* The same judgement by the engine's cc_turn(), which /v1/turn calls
 * (the route adds only the JSON), for the many spots of the board that
 * are not listed. */
static bool engine_accepts(const turn_check *c, const cc_move_wagon *moves, int n)
{
    cc_move mv = *c->move;
    cc_error err;
    mv.nwagons = n;
    memcpy(mv.wagons, moves, (size_t)n * sizeof *moves);
    cr_assert(cc_turn(c->before, tu_catalog(), &mv, c->res, &err), "%s", tu_detail(&err));
    return c->res->legal;
}

static int seat_of(const cc_position *pos, int player)
{
    return (player - pos->active + pos->nplayers) % pos->nplayers;
}

/* Returning wagon i, after the earlier wagons' moves[0..n): compare what
 * /v1/wagon-moves lists with what /v1/turn accepts, over every feature
 * part of the board. Returns the list (caller releases). */
static json_object *check_wagon(const turn_check *c, int i, cc_move_wagon *moves, int n,
                                tally *tl)
{
    const cc_figure *w = &c->r->scored.figures[i];
    json_object *d = listed_for(c, i, c->whole_list ? moves_json(c->move->wagons, c->move->nwagons)
                                                    : moves_json(moves, n));
    tl->wagons++;
    tl->after_others += n > 0;
    moves[n] = (cc_move_wagon){ .x = w->x, .y = w->y, .at = w->at };
    /* Every listed destination is one /v1/turn accepts... */
    for (size_t k = 0; k < json_object_array_length(d); k++) {
        json_object *o = json_object_array_get_idx(d, k);
        moves[n].to_x = tu_int(o, "x");
        moves[n].to_y = tu_int(o, "y");
        cr_assert(cc_loc_parse(tu_str(o, "at"), &moves[n].to_at));
        cr_assert(turn_accepts(c, moves, n + 1),
                  "/v1/turn refuses the listed %s for the wagon at (%d, %d) after %d moves",
                  plain(o), w->x, w->y, n);
        tl->listed++;
    }
    /* ... and every spot of the board it accepts is listed. */
    const cc_board *b = &c->r->board;
    for (int t = 0; t < b->ntiles; t++)
        for (int k = 0; k < b->tiles[t].type->nfeatures; k++) {
            moves[n].to_x = b->tiles[t].x;
            moves[n].to_y = b->tiles[t].y;
            moves[n].to_at = cc_board_feature_name(b, t, k);
            if (listed_has(d, moves[n].to_x, moves[n].to_y, moves[n].to_at))
                continue;
            cr_assert_not(engine_accepts(c, moves, n + 1),
                          "/v1/turn accepts (%d, %d) for the wagon at (%d, %d) after %d moves, not listed: %s",
                          moves[n].to_x, moves[n].to_y, w->x, w->y, n, plain(d));
            tl->refused++;
        }
    return d;
}

/* Wagon i's own move, for the wagons after it: the game's, or a random
 * listed one. Returns whether it moves (moves[n] set). */
static bool wagon_choice(const turn_check *c, int i, json_object *d, cc_move_wagon *moves, int n)
{
    const cc_figure *w = &c->r->scored.figures[i];
    if (c->choose == NULL) {
        for (int m = 0; m < c->move->nwagons; m++)
            if (cc_wagon_at(&c->r->scored, &c->r->features, c->move->wagons[m].x,
                            c->move->wagons[m].y, c->move->wagons[m].at) == i) {
                moves[n] = c->move->wagons[m];
                return true;
            }
        return false;
    }
    int nd = (int)json_object_array_length(d);
    if (nd == 0 || rb_below(c->choose, 4) == 0)
        return false;
    json_object *o = json_object_array_get_idx(d, (size_t)rb_below(c->choose, nd));
    moves[n] = (cc_move_wagon){ .x = w->x, .y = w->y, .at = w->at, .to_x = tu_int(o, "x"),
                                .to_y = tu_int(o, "y") };
    cr_assert(cc_loc_parse(tu_str(o, "at"), &moves[n].to_at));
    return true;
}

/* Every returning wagon of the turn, in seat order. */
static void check_turn(turn_check *c, tally *tl)
{
    const cc_position *scored = &c->r->scored;
    bool gone[CC_MAX_FIGURES] = { false };
    cc_score_returned(&c->r->turn, gone);
    bool challenge = false;
    for (int e = 0; e < c->r->turn.nevents; e++)
        challenge |= c->r->turn.events[e].kind == CC_EV_CHALLENGE_LOST;
    cc_move_wagon moves[CC_MAX_PLAYERS + 1];
    int n = 0, asked = 0;
    c->scored_json = NULL;
    for (int s = 0; s < scored->nplayers; s++)
        for (int i = 0; i < scored->nfigures; i++) {
            const cc_figure *f = &scored->figures[i];
            if (f->kind != CC_FIG_WAGON || seat_of(scored, f->player) != s ||
                !cc_wagon_may_move(scored, &c->r->features, i, gone))
                continue;
            if (c->scored_json == NULL)
                c->scored_json = position_json(scored);
            tl->after_challenge += challenge && n > 0;
            json_object *d = check_wagon(c, i, moves, n, tl);
            n += wagon_choice(c, i, d, moves, n);
            json_object_put(d);
            asked++;
        }
    tl->turns += asked > 0;
    tl->challenges += asked > 0 && challenge;
    if (c->scored_json != NULL)
        json_object_put(c->scored_json);
}

/* One game: POST /v1/games/random's turns, and the same game stepped by
 * the engine alongside for each turn's scored position. */
static void check_game(uint64_t seed, int nplayers, bool c1, tally *tl)
{
    static const char *const names[] = { "red", "blue", "green", "yellow", "black", "gray" };
    cc_game_setup s;
    memset(&s, 0, sizeof s);
    s.seed = seed;
    s.expansions = CC_EXP_ABBEY_MAYOR | CC_EXP_SHRINES | CC_EXP_HILLS_SHEEP;
    s.options.wagon_rules = c1 ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
    s.nplayers = nplayers;
    for (int p = 0; p < nplayers; p++)
        strcpy(s.players[p], names[p]);
    char body[256];
    snprintf(body, sizeof body,
             "{\"seed\": %llu, \"players\": %d, \"expansions\": [\"abbey-mayor\", \"shrines\", \"hills-sheep\"],"
             " \"options\": {\"wagon_rules\": \"%s\"}}",
             (unsigned long long)seed, nplayers, c1 ? "c1" : "c2");
    json_object *game = tu_post("/v1/games/random", body, 200);
    json_object *turns = tu_member(game, "turns");
    cc_error err;
    cc_game *g = cc_game_new(tu_catalog(), &s, &err);
    cr_assert_not_null(g, "%s", tu_detail(&err));
    turn_check c = { .res = malloc(sizeof *c.res) };
    cr_assert_not_null(c.res);
    const cc_game_turn *t;
    for (size_t k = 0; cc_game_step(g, &t, &err) == 1; k++) {
        cr_assert_lt(k, json_object_array_length(turns));
        json_object *tj = json_object_array_get_idx(turns, k);
        if (!t->moved)
            continue;
        cr_assert_str_eq(tu_str(tj, "tile"), tu_catalog()->types[t->move.type].id,
                         "the route and the engine play the same game");
        c.before = &t->before;
        c.move = &t->move;
        c.r = t->result;
        c.whole_list = k % 2 == 1;
        c.turn_body = json_object_new_object();
        json_object_object_add(c.turn_body, "position", json_object_get(tu_member(tj, "position")));
        json_object_object_foreach(tu_member(tj, "move"), key, val)
            if (strcmp(key, "wagons") != 0)
                json_object_object_add(c.turn_body, key, json_object_get(val));
        check_turn(&c, tl);
        json_object_put(c.turn_body);
    }
    free(c.res);
    cc_game_free(g);
    json_object_put(game);
}

/* The parts (tile, k) of the tiles already on the board (before: its
 * features) whose feature, not a field, the move (played into r) completes:
 * where wagons may stand to return together. */
typedef struct {
    int t, k;
} part;

static int completed_parts(const cc_position *pos, const cc_features *before,
                           const cc_turn_result *r, part *out)
{
    int n = 0;
    for (int t = 0; t < pos->ntiles; t++)
        for (int k = 0; k < r->board.tiles[t].type->nfeatures; k++) {
            const cc_feature *after = &r->features.features[cc_features_of(&r->features, t, k)];
            if (after->type != CC_FEAT_FIELD && after->complete &&
                !before->features[cc_features_of(before, t, k)].complete)
                out[n++] = (part){ t, k };
        }
    return n;
}

/* The unfinished monastery of the other kind (a cloister or abbey for a
 * shrine, a shrine for the others) next to part p, which the move
 * completes, on a tile already there: the loser of a challenge p would win. Returns its part's tile
 * (k in *k), or -1. */
static int challenged(const cc_turn_result *r, part p, int *k)
{
    const cc_board *b = &r->board;
    const cc_features *f = &r->features;
    cc_feature_type type = f->features[cc_features_of(f, p.t, p.k)].type;
    if (!cc_feature_is_monastery(type))
        return -1;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int n = cc_board_at(b, b->tiles[p.t].x + dx, b->tiles[p.t].y + dy);
            if (n < 0 || n == p.t || n == b->ntiles - 1)   /* not the tile placed */
                continue;
            for (*k = 0; *k < b->tiles[n].type->nfeatures; (*k)++) {
                const cc_feature *other = &f->features[cc_features_of(f, n, *k)];
                if (cc_feature_is_monastery(other->type) && !other->complete &&
                    (other->type == CC_FEAT_SHRINE) != (type == CC_FEAT_SHRINE))
                    return n;
            }
        }
    return -1;
}

static bool part_taken(const cc_position *pos, const cc_board *b, int t, int k)
{
    for (int i = 0; i < pos->nfigures; i++)
        if (pos->figures[i].x == b->tiles[t].x && pos->figures[i].y == b->tiles[t].y &&
            cc_board_feature_at(b, t, pos->figures[i].at) == k)
            return true;
    return false;
}

static void put(cc_position *pos, const cc_board *b, int player, cc_figure_kind kind, int t, int k)
{
    cc_figure *fig = &pos->figures[pos->nfigures++];
    memset(fig, 0, sizeof *fig);
    fig->player = player;
    fig->kind = kind;
    fig->x = b->tiles[t].x;
    fig->y = b->tiles[t].y;
    fig->at = cc_board_feature_name(b, t, k);
}

/* A random player with a meeple left in the supply (7), or -1. */
static int monk_of(const cc_position *pos, rb_rng *rng)
{
    int start = rb_below(rng, pos->nplayers);
    for (int q = 0; q < pos->nplayers; q++) {
        int p = (start + q) % pos->nplayers, meeples = 0;
        for (int i = 0; i < pos->nfigures; i++)
            meeples += pos->figures[i].player == p && pos->figures[i].kind == CC_FIG_MEEPLE;
        if (meeples < 7)
            return p;
    }
    return -1;
}

/* Stand the players' wagons on what the move completes, each on its own
 * part, the first on a monastery that wins a challenge against a monk
 * standing next to it when the move allows one. */
static void stage_wagons(cc_position *pos, const part *parts, int n, const cc_turn_result *r,
                         rb_rng *rng)
{
    const cc_board *b = &r->board;
    int first = -1, k = 0;
    for (int i = 0; i < n && first < 0; i++) {
        int loser = challenged(r, parts[i], &k);
        if (loser >= 0 && !part_taken(pos, b, parts[i].t, parts[i].k)) {
            int monk = monk_of(pos, rng);
            if (!part_taken(pos, b, loser, k) && monk >= 0)
                put(pos, b, monk, CC_FIG_MEEPLE, loser, k);
            first = i;
        }
    }
    for (int p = 0; p < pos->nplayers; p++) {
        int i = first >= 0 ? first : rb_below(rng, n);
        first = -1;
        for (int tries = 0; tries < n && part_taken(pos, b, parts[i].t, parts[i].k); tries++)
            i = (i + 1) % n;
        if (!part_taken(pos, b, parts[i].t, parts[i].k))
            put(pos, b, (pos->active + 1 + p) % pos->nplayers, CC_FIG_WAGON, parts[i].t, parts[i].k);
    }
}

/* A crowded random board (random_board.h: legal tiles, then figures of
 * five players wherever they may stand), the move onto it that completes
 * the most, and every player's wagon staged on what it completes (a
 * challenge won by a wagon when the move allows one): the wagons then roll
 * in seat order to destinations /v1/wagon-moves lists. */
static void check_board(uint64_t seed, bool c1, tally *tl)
{
    const cc_catalog *cat = tu_catalog();
    unsigned exps = CC_EXP_ABBEY_MAYOR | CC_EXP_SHRINES;
    cc_position *pos = malloc(sizeof *pos);
    cc_board *b = tu_board_new();
    cc_features *f = tu_features_new();
    cc_placement *pl = malloc(CC_MAX_PLACEMENTS * sizeof *pl);
    part *parts = malloc(CC_MAX_PARTS * sizeof *parts);
    cc_turn_result *r = malloc(sizeof *r);
    turn_check c = { .res = malloc(sizeof *c.res) };
    rb_rng rng;
    cc_error err;
    cr_assert(pos && pl && parts && r && c.res);
    rb_seed(&rng, seed);
    tu_pos(pos, 5, exps);
    pos->options.wagon_rules = c1 ? CC_WAGON_RULES_C1 : CC_WAGON_RULES_C2;
    rb_grow(pos, cat, 30 + rb_below(&rng, 30), exps, seed);
    rb_add_figures(pos, cat, 30, RB_FIG_SHARED, seed * 31 + 7);
    int kept = 0;   /* the wagons are staged below */
    for (int i = 0; i < pos->nfigures; i++)
        if (pos->figures[i].kind != CC_FIG_WAGON)
            pos->figures[kept++] = pos->figures[i];
    pos->nfigures = kept;
    pos->active = rb_below(&rng, pos->nplayers);
    tu_build(pos, b, f);
    cc_move best = cc_move_make(-1, 0, 0, 0);
    int best_worth = 0;
    for (int type = 0; type < cat->ntypes; type++) {
        const cc_tile_type *tt = &cat->types[type];
        int on_board = 0;
        for (int i = 0; i < pos->ntiles; i++)
            on_board += pos->tiles[i].type == type;
        if (!(tt->expansion & pos->expansions) ||
            (tt->is_abbey ? pos->abbeys[pos->active] <= 0 : on_board >= tt->count))
            continue;
        int np = cc_placements(b, type, pl, CC_MAX_PLACEMENTS);
        for (int j = 0; j < np && j < CC_MAX_PLACEMENTS; j++) {
            cc_move mv = cc_move_make(type, pl[j].x, pl[j].y, pl[j].rot);
            if (!cc_turn(pos, cat, &mv, r, &err) || !r->legal)
                continue;
            int n = completed_parts(pos, f, r, parts), worth = n, k;
            for (int i = 0; i < n; i++)
                worth += 8 * (challenged(r, parts[i], &k) >= 0);
            if (worth > best_worth) {
                best = mv;
                best_worth = worth;
            }
        }
    }
    if (best_worth > 0) {
        cr_assert(cc_turn(pos, cat, &best, r, &err) && r->legal);
        stage_wagons(pos, parts, completed_parts(pos, f, r, parts), r, &rng);
        cr_assert(cc_turn(pos, cat, &best, r, &err), "staged: %s", tu_detail(&err));
        cr_assert(r->legal, "staged: %s", r->rule);
        c.before = pos;
        c.move = &best;
        c.r = r;
        c.choose = &rng;
        c.turn_body = json_object_new_object();
        json_object_object_add(c.turn_body, "position", position_json(pos));
        json_object_object_add(c.turn_body, "tile", json_object_new_string(cat->types[best.type].id));
        json_object_object_add(c.turn_body, "x", json_object_new_int(best.x));
        json_object_object_add(c.turn_body, "y", json_object_new_int(best.y));
        if (!cat->types[best.type].is_abbey)
            json_object_object_add(c.turn_body, "rot", json_object_new_int(best.rot * 90));
        check_turn(&c, tl);
        json_object_put(c.turn_body);
    }
    free(c.res);
    free(r);
    free(parts);
    free(pl);
    free(f);
    free(b);
    free(pos);
}

/* Abbey & Mayor, "Wagon" (both editions' reach, seat order) and Heretics &
 * Shrines, "The challenge": for every returning wagon of every turn of
 * whole random games, /v1/wagon-moves lists exactly the destinations
 * /v1/turn accepts for it after the earlier wagons' moves. */
Test(route_wagon_moves, every_destination_v1_turn_accepts_is_listed_and_the_reverse)
{
    tally tl = { 0 };
    for (int g = 0; g < 4; g++) {
        check_game(3600 + (uint64_t)g, 4 + g % 3, false, &tl);
        check_game(3700 + (uint64_t)g, 4 + g % 3, true, &tl);
    }
    cr_assert_gt(tl.wagons, 20, "returning wagons: %d", tl.wagons);
    cr_assert_gt(tl.listed, 40, "destinations listed: %d", tl.listed);
    cr_assert_gt(tl.refused, 1000, "spots refused: %d", tl.refused);
}

/* The same over turns built to return several wagons at once, challenges
 * among them: random games seldom do (a few turns in a thousand), and it
 * is there that the earlier moves matter. */
Test(route_wagon_moves, on_crowded_boards_several_wagons_return_and_both_routes_agree)
{
    tally tl = { 0 };
    for (uint64_t seed = 1; seed <= 40; seed++)
        check_board(seed, seed % 2 == 0, &tl);
    cr_assert_gt(tl.turns, 20, "turns: %d", tl.turns);
    cr_assert_gt(tl.after_others, 20, "asked after another wagon moved: %d", tl.after_others);
    cr_assert_gt(tl.after_challenge, 3, "after another moved in a turn with a challenge: %d",
                 tl.after_challenge);
}
