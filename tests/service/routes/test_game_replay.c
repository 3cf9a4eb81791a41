/* test_game_replay.c -- a scripted 33-turn game replayed through POST /v1/turn
 * (svc_dispatch, no socket), every turn checked three ways:
 *   1. the move is legal and its totals are the ones computed by hand below;
 *   2. the same totals come from POST /v1/score asked on the position the
 *      turn scored (tile and deployment added), as a game client's
 *      integration test would ask it;
 *   3. the next position is the one the next turn is played on.
 * The game uses every figure kind: meeples as knight, thief, farmer and
 * monk, the mayor, the wagon (deployed, scored, moved twice), both barns
 * (one placed over a farmer, one joined by a farmer's field), the shepherd
 * (deployed with a token, grown, guided) and an abbey. The last tile is
 * placed with pile_empty: blue still holds an abbey but no hole is left,
 * so the game ends and the final scoring follows.
 *
 * Hand computation (base rules: road 1/tile, city 2/tile + 2/coat of arms,
 * cloister 9 complete or 1 + neighbours at the end; A&M, H&S pages):
 *  T1  R  E@(0,-1)r180 knight S: city with D, 2 tiles        R +4
 *  T2  B  U@(1,0) thief on the road
 *  T3  R  U@(-1,0) farmer NNE (north field, borders D's city)
 *  T4  B  E@(1,-1)r90 mayor E
 *  T5  R  F@(2,-1) (coat of arms)
 *  T6  B  E@(3,-1)r270 closes the mayor's city: 3 tiles + 1 arms = 8,
 *         mayor's strength 1                                   B +8
 *  T7  R  U@(2,0) farmer SSE (south field)
 *  T8  B  W@(3,0) thief S (road south from the village)
 *  T9  R  W@(-2,0)r180 closes the long road, 6 tiles; wagon N  B +6
 *  T10 B  A@(3,1)r180 closes the thief's road (2 tiles); monk  B +2
 *  T11 R  B@(2,1) shepherd NNE, draws 2
 *  T12 B  B@(1,1) barn NE over R's farmer: no completed city   R +0
 *  T13 R  E@(2,2)r180 extends the flock's field: grow, draws 3; knight S
 *  T14 B  E@(2,3) closes R's city (2 tiles); farmer ENE         R +4
 *  T15 R  B@(1,2) extends the field: guide, 2+3 sheep; monk     R +5
 *  T16 B  A@(-2,-1) closes the wagon's road (2 tiles); monk C;
 *         R's wagon moves to (-2,0) W                           R +2
 *  T17 R  V@(-3,0)r270
 *  T18 B  B@(4,1) monk
 *  T19 R  U@(4,2) thief E
 *  T20 B  U@(3,3)r90 thief N: (3,2) is now a hole
 *  T21 R  abbey@(3,2) monk (R's abbey)
 *  T22 B  V@(4,0)r90 completes B's cloister (3,1); thief N      B +9
 *  T23 R  V@(4,3)r270 completes the abbey; thief E              R +9
 *  T24 B  W@(5,2) closes R's road at the abbey (2 tiles); wagon S  R +2
 *  T25 R  V@(5,3)r90 joins R's thief's road and B's wagon's road
 *  T26 B  W@(4,4)r180 closes it, 4 tiles, a tie; thief E;
 *         B's wagon moves to (5,2) E                            R +4 B +4
 *  T27 R  R@(-1,-1)r180 barn SW over R's farmer: the north field
 *         borders 2 completed cities, 3 each                    R +6
 *  T28 B  I@(0,1)r270 knight S
 *  T29 R  H@(0,2) closes B's city (2 tiles); knight S           B +4
 *  T30 B  I@(1,3)r270 joins B's farmer's field to the barn's
 *         field (2 completed cities, 1 each); knight W          B +2
 *  T31 R  N@(0,3)r90 closes a 3-tile city, R and B tie (6 each);
 *         completes R's cloister (1,2) (9)                      R +15 B +6
 *  T32 B  L@(6,2) closes the wagon's road (2); wagon to (6,2) N  B +2
 *  T33 R  V@(3,4)r180, the last tile: closes B's thief's road
 *         (3 tiles)                                             B +3
 *  Final: R wagon on a 2-tile road 2, R barn 2 completed cities x 4 = 8;
 *         B monks 5 (4 neighbours) and 7 (6), thieves 2 and 1, wagon in a
 *         1-tile city 1, B barn 3 completed cities x 4 = 12     R +10 B +28
 *  Scores: R 4+4+5+2+9+2+4+6+15 = 51 + 10 = 61; B 8+6+2+9+4+4+2+6+2+3 = 46 + 28 = 74.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "../../../engine/rules.h"
#include "../../../service/service.h"
#include "../../support/testutil.h"

CC_SUITE(game_replay);

typedef struct {
    const char *tile;
    int x, y, rot;
    const char *kind;          /* deployment, or NULL */
    const char *at;
    int token;                 /* shepherd's first draw (0: none) */
    const char *shepherd;      /* "grow" / "guide" / NULL */
    int grow_token;
    bool wagon;                /* a wagon moves: from (wx, wy, wat) to (tx, ty, tat) */
    int wx, wy;
    const char *wat;
    int tx, ty;
    const char *tat;
    int red, blue;             /* the turn's totals, by hand */
} scripted_turn;

#define NONE NULL, NULL, 0, NULL, 0, false, 0, 0, NULL, 0, 0, NULL
#define DEPLOY(k, a) k, a, 0, NULL, 0, false, 0, 0, NULL, 0, 0, NULL

static const scripted_turn script[] = {
    /* T1 */ { "base.E", 0, -1, 180, DEPLOY("meeple", "S"), 4, 0 },
    /* T2 */ { "base.U", 1, 0, 0, DEPLOY("meeple", "E"), 0, 0 },
    /* T3 */ { "base.U", -1, 0, 0, DEPLOY("meeple", "NNE"), 0, 0 },
    /* T4 */ { "base.E", 1, -1, 90, DEPLOY("mayor", "E"), 0, 0 },
    /* T5 */ { "base.F", 2, -1, 0, NONE, 0, 0 },
    /* T6 */ { "base.E", 3, -1, 270, NONE, 0, 8 },
    /* T7 */ { "base.U", 2, 0, 0, DEPLOY("meeple", "SSE"), 0, 0 },
    /* T8 */ { "base.W", 3, 0, 0, DEPLOY("meeple", "S"), 0, 0 },
    /* T9 */ { "base.W", -2, 0, 180, DEPLOY("wagon", "N"), 0, 6 },
    /* T10 */ { "base.A", 3, 1, 180, DEPLOY("meeple", "C"), 0, 2 },
    /* T11 */ { "base.B", 2, 1, 0, "shepherd", "NNE", 2, NULL, 0, false, 0, 0, NULL, 0, 0, NULL, 0, 0 },
    /* T12 */ { "base.B", 1, 1, 0, DEPLOY("barn", "NE"), 0, 0 },
    /* T13 */ { "base.E", 2, 2, 180, "meeple", "S", 0, "grow", 3, false, 0, 0, NULL, 0, 0, NULL, 0, 0 },
    /* T14 */ { "base.E", 2, 3, 0, DEPLOY("meeple", "ENE"), 4, 0 },
    /* T15 */ { "base.B", 1, 2, 0, "meeple", "C", 0, "guide", 0, false, 0, 0, NULL, 0, 0, NULL, 5, 0 },
    /* T16 */ { "base.A", -2, -1, 0, "meeple", "C", 0, NULL, 0, true, -2, 0, "N", -2, 0, "W", 2, 0 },
    /* T17 */ { "base.V", -3, 0, 270, NONE, 0, 0 },
    /* T18 */ { "base.B", 4, 1, 0, DEPLOY("meeple", "C"), 0, 0 },
    /* T19 */ { "base.U", 4, 2, 0, DEPLOY("meeple", "E"), 0, 0 },
    /* T20 */ { "base.U", 3, 3, 90, DEPLOY("meeple", "N"), 0, 0 },
    /* T21 */ { "abbey-mayor.abbey", 3, 2, 0, DEPLOY("meeple", "C"), 0, 0 },
    /* T22 */ { "base.V", 4, 0, 90, DEPLOY("meeple", "N"), 0, 9 },
    /* T23 */ { "base.V", 4, 3, 270, DEPLOY("meeple", "E"), 9, 0 },
    /* T24 */ { "base.W", 5, 2, 0, DEPLOY("wagon", "S"), 2, 0 },
    /* T25 */ { "base.V", 5, 3, 90, NONE, 0, 0 },
    /* T26 */ { "base.W", 4, 4, 180, "meeple", "E", 0, NULL, 0, true, 5, 2, "S", 5, 2, "E", 4, 4 },
    /* T27 */ { "abbey-mayor.R", -1, -1, 180, DEPLOY("barn", "SW"), 6, 0 },
    /* T28 */ { "base.I", 0, 1, 270, DEPLOY("meeple", "S"), 0, 0 },
    /* T29 */ { "base.H", 0, 2, 0, DEPLOY("meeple", "S"), 0, 4 },
    /* T30 */ { "base.I", 1, 3, 270, DEPLOY("meeple", "W"), 0, 2 },
    /* T31 */ { "base.N", 0, 3, 90, NONE, 15, 6 },
    /* T32 */ { "base.L", 6, 2, 0, NULL, NULL, 0, NULL, 0, true, 5, 2, "E", 6, 2, "N", 0, 2 },
    /* T33 */ { "base.V", 3, 4, 180, NONE, 0, 3 },
};

#define NTURNS ((int)(sizeof script / sizeof script[0]))
#define FINAL_RED 10
#define FINAL_BLUE 28
#define END_RED 61
#define END_BLUE 74

static const char start_position[] =
    "{\"expansions\": [\"abbey-mayor\", \"hills-sheep\"],"
    " \"players\": [\"red\", \"blue\"], \"active\": \"red\","
    " \"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}],"
    " \"figures\": []}";

/* ---- talking to the dispatcher ------------------------------------------- */

static json_object *ask(const char *path, json_object *body)
{
    svc_context ctx = { .cat = tu_catalog() };
    svc_response res;
    size_t len;
    const char *text = json_object_to_json_string_length(body, JSON_C_TO_STRING_PLAIN, &len);
    svc_dispatch(&ctx, "POST", path, text, len, &res);
    const char *answer = res.body ? res.body : res.static_body;
    cr_assert_eq(res.status, 200, "%s: status %d: %.800s", path, res.status,
                 answer ? answer : "(none)");
    json_object *root = json_tokener_parse(answer);
    cr_assert_not_null(root);
    svc_response_free(&res);
    return root;
}

static json_object *member(json_object *o, const char *name)
{
    json_object *v = NULL;
    cr_assert(json_object_object_get_ex(o, name, &v), "no member %s in %.400s", name,
              json_object_to_json_string(o));
    return v;
}

static int total_of(json_object *answer, const char *player)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(member(answer, "totals"), player, &v))
        return 0;   /* the contract allows players who score nothing to be left out */
    return json_object_get_int(v);
}

static void add_int(json_object *o, const char *name, int v)
{
    json_object_object_add(o, name, json_object_new_int(v));
}

static void add_str(json_object *o, const char *name, const char *v)
{
    json_object_object_add(o, name, json_object_new_string(v));
}

static json_object *spot(int x, int y, const char *at)
{
    json_object *o = json_object_new_object();
    add_int(o, "x", x);
    add_int(o, "y", y);
    add_str(o, "at", at);
    return o;
}

/* ---- building the requests ------------------------------------------------- */

static json_object *turn_request(json_object *pos, const scripted_turn *s, bool last)
{
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(pos));
    add_str(body, "tile", s->tile);
    add_int(body, "x", s->x);
    add_int(body, "y", s->y);
    add_int(body, "rot", s->rot);
    if (s->kind) {
        json_object *d = json_object_new_object();
        add_str(d, "kind", s->kind);
        add_str(d, "at", s->at);
        if (s->token)
            add_int(d, "token", s->token);
        json_object_object_add(body, "deploy", d);
    }
    if (s->shepherd) {
        json_object *sh = json_object_new_object();
        add_str(sh, "action", s->shepherd);
        if (s->grow_token)
            add_int(sh, "token", s->grow_token);
        json_object_object_add(body, "shepherd", sh);
    }
    if (s->wagon) {
        json_object *w = spot(s->wx, s->wy, s->wat);
        json_object_object_add(w, "to", spot(s->tx, s->ty, s->tat));
        json_object *list = json_object_new_array();
        json_object_array_add(list, w);
        json_object_object_add(body, "wagons", list);
    }
    if (last)
        json_object_object_add(body, "pile_empty", json_object_new_boolean(true));
    return body;
}

/* The position the turn scores: pos with the tile and the deployed figure
 * added (an abbey with its owner, one fewer in hand). A new object. */
static json_object *scored_position(json_object *pos, const scripted_turn *s)
{
    json_object *copy = NULL;
    cr_assert_eq(json_object_deep_copy(pos, &copy, NULL), 0);
    const char *active = json_object_get_string(member(copy, "active"));
    json_object *tile = json_object_new_object();
    add_str(tile, "tile", s->tile);
    add_int(tile, "x", s->x);
    add_int(tile, "y", s->y);
    add_int(tile, "rot", s->rot);
    if (strcmp(s->tile, "abbey-mayor.abbey") == 0) {
        add_str(tile, "player", active);
        add_int(member(copy, "abbeys"), active, 0);
    }
    json_object_array_add(member(copy, "tiles"), tile);
    if (s->kind) {
        json_object *fig = spot(s->x, s->y, s->at);
        add_str(fig, "player", active);
        add_str(fig, "kind", s->kind);
        if (strcmp(s->kind, "shepherd") == 0)
            json_object_object_add(fig, "flock", json_object_new_array());
        json_object_array_add(member(copy, "figures"), fig);
    }
    return copy;
}

/* /v1/score on the scored position, with the same deployment and choice. */
static json_object *score_request(json_object *pos, const scripted_turn *s)
{
    json_object *body = json_object_new_object();
    json_object *scored = scored_position(pos, s);
    const char *active = json_object_get_string(member(scored, "active"));
    if (s->kind) {
        json_object *d = spot(s->x, s->y, s->at);
        add_str(d, "player", active);
        add_str(d, "kind", s->kind);
        if (strcmp(s->kind, "shepherd") == 0) {
            json_object_object_add(d, "flock", json_object_new_array());
            add_int(d, "token", s->token);
        }
        json_object_object_add(body, "deployed", d);
    }
    json_object_object_add(body, "position", scored);
    add_int(body, "x", s->x);
    add_int(body, "y", s->y);
    if (s->shepherd) {
        json_object *sh = json_object_new_object();
        add_str(sh, "action", s->shepherd);
        if (s->grow_token)
            add_int(sh, "token", s->grow_token);
        json_object_object_add(body, "shepherd", sh);
    }
    return body;
}

static json_object *final_request(json_object *pos)
{
    json_object *body = json_object_new_object();
    json_object_object_add(body, "position", json_object_get(pos));
    json_object_object_add(body, "final", json_object_new_boolean(true));
    return body;
}

/* ---- the game -------------------------------------------------------------- */

static json_object *start(void)
{
    json_object *pos = json_tokener_parse(start_position);
    cr_assert_not_null(pos);
    return pos;
}

/* Play turn i on pos; checks 1 and 2 of the header; returns the answer. */
static json_object *play_turn(json_object *pos, int i, bool last)
{
    const scripted_turn *s = &script[i];
    json_object *req = turn_request(pos, s, last);
    json_object *answer = ask("/v1/turn", req);
    json_object_put(req);
    cr_assert(json_object_get_boolean(member(answer, "legal")), "turn %d illegal: %s", i + 1,
              json_object_to_json_string(answer));
    json_object *rules = member(answer, "rules");
    for (size_t r = 0; r < json_object_array_length(rules); r++) {
        const char *id = json_object_get_string(json_object_array_get_idx(rules, r));
        cr_assert_not_null(cc_rule_find(id), "turn %d cites %s, not in the rule catalog", i + 1, id);
    }
    if (last)
        return answer;
    cr_assert_eq(total_of(answer, "red"), s->red, "turn %d: red %d, by hand %d", i + 1,
                 total_of(answer, "red"), s->red);
    cr_assert_eq(total_of(answer, "blue"), s->blue, "turn %d: blue %d, by hand %d", i + 1,
                 total_of(answer, "blue"), s->blue);
    req = score_request(pos, s);
    json_object *scored = ask("/v1/score", req);
    json_object_put(req);
    cr_assert_eq(total_of(scored, "red"), s->red, "turn %d: /v1/score gives red %d", i + 1,
                 total_of(scored, "red"));
    cr_assert_eq(total_of(scored, "blue"), s->blue, "turn %d: /v1/score gives blue %d", i + 1,
                 total_of(scored, "blue"));
    json_object_put(scored);
    return answer;
}

static int score_of(json_object *pos, const char *player)
{
    json_object *v = NULL;
    if (!json_object_object_get_ex(member(pos, "scores"), player, &v))
        return 0;
    return json_object_get_int(v);
}

/* Replays every turn but the last; returns the position before it. */
static json_object *replay_to_last(void)
{
    json_object *pos = start();
    for (int i = 0; i < NTURNS - 1; i++) {
        json_object *answer = play_turn(pos, i, false);
        cr_assert_not(json_object_get_boolean(member(answer, "game_over")));
        json_object *next = json_object_get(member(answer, "position"));
        json_object_put(answer);
        json_object_put(pos);
        pos = next;
        /* The next position's scores are the running sums of the turns. */
        int red = 0, blue = 0;
        for (int k = 0; k <= i; k++) {
            red += script[k].red;
            blue += script[k].blue;
        }
        cr_assert_eq(score_of(pos, "red"), red, "after turn %d", i + 1);
        cr_assert_eq(score_of(pos, "blue"), blue, "after turn %d", i + 1);
    }
    return pos;
}

/* The script's header: at least 30 turns, every figure kind deployed. */
Test(game_replay, the_script_is_a_30_turn_game_with_every_figure_kind)
{
    cr_assert_geq(NTURNS, 30);
    static const char *const kinds[] = { "meeple", "mayor", "wagon", "barn", "shepherd" };
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
        bool seen = false;
        for (int i = 0; i < NTURNS; i++)
            seen |= script[i].kind && strcmp(script[i].kind, kinds[k]) == 0;
        cr_assert(seen, "no %s deployed", kinds[k]);
    }
}

/* Every turn through /v1/turn agrees with the hand computation and with
 * /v1/score; the last tile ends the game and the final scores are the
 * hand-computed 61 and 74. */
Test(game_replay, replayed_game_reaches_the_hand_computed_scores, .timeout = 120)
{
    json_object *pos = replay_to_last();
    const scripted_turn *last = &script[NTURNS - 1];

    /* The last turn alone (pile not empty yet) against /v1/score ... */
    json_object *alone = play_turn(pos, NTURNS - 1, false);
    cr_assert_not(json_object_get_boolean(member(alone, "game_over")));
    json_object *after = member(alone, "position");
    /* ... and the end-game scoring of what it leaves against /v1/score final. */
    json_object *req = final_request(after);
    json_object *final = ask("/v1/score", req);
    json_object_put(req);
    cr_assert_eq(total_of(final, "red"), FINAL_RED);
    cr_assert_eq(total_of(final, "blue"), FINAL_BLUE);

    /* The same move as the last of the game: the turn and the final scoring. */
    json_object *ending = play_turn(pos, NTURNS - 1, true);
    cr_assert(json_object_get_boolean(member(ending, "game_over")),
              "blue holds an abbey but no hole is left: the game is over");
    cr_assert_eq(total_of(ending, "red"), last->red + FINAL_RED);
    cr_assert_eq(total_of(ending, "blue"), last->blue + FINAL_BLUE);
    json_object *end = member(ending, "position");
    cr_assert_eq(score_of(end, "red"), END_RED);
    cr_assert_eq(score_of(end, "blue"), END_BLUE);
    /* Barns stay on the board after the final scoring; followers go home. */
    json_object *figures = member(end, "figures");
    cr_assert_eq(json_object_array_length(figures), 2);
    for (size_t f = 0; f < 2; f++)
        cr_assert_str_eq(json_object_get_string(member(json_object_array_get_idx(figures, f), "kind")),
                         "barn");
    json_object_put(ending);
    json_object_put(final);
    json_object_put(alone);
    json_object_put(pos);
}

/* Contract section 5: the wagon moves happen in the turn's events, after
 * the scoring that freed the wagon, and the next position has the wagon on
 * its new feature. */
Test(game_replay, wagon_moves_are_events_after_the_scoring)
{
    json_object *pos = start();
    json_object *answer = NULL;
    for (int i = 0; i < 16; i++) {
        answer = play_turn(pos, i, false);
        json_object_put(pos);
        pos = json_object_get(member(answer, "position"));
        if (i < 15)
            json_object_put(answer);
    }
    json_object *events = member(answer, "events");
    size_t n = json_object_array_length(events);
    cr_assert_geq(n, 2);
    json_object *move = json_object_array_get_idx(events, n - 1);
    cr_assert_str_eq(json_object_get_string(member(move, "kind")), "wagon-move");
    cr_assert_str_eq(json_object_get_string(member(move, "player")), "red");
    cr_assert_str_eq(json_object_get_string(member(member(move, "to"), "at")), "W");
    bool found = false;
    json_object *figures = member(pos, "figures");
    for (size_t f = 0; f < json_object_array_length(figures); f++) {
        json_object *fig = json_object_array_get_idx(figures, f);
        if (strcmp(json_object_get_string(member(fig, "kind")), "wagon") == 0)
            found = json_object_get_int(member(fig, "x")) == -2 &&
                    strcmp(json_object_get_string(member(fig, "at")), "W") == 0;
    }
    cr_assert(found, "red's wagon stands on (-2, 0) W");
    json_object_put(answer);
    json_object_put(pos);
}
