/* turn.c -- see turn.h.
 *
 * The move is played on copies: result->scored is the position with the
 * tile and the deployment added (the moment the scoring engine expects),
 * result->before_final the position after the scoring phase and the
 * wagons, result->next the answer. Every figure index in an event refers to
 * the copy the event was computed on, so the encoder can name figures. */
#include "turn.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builder.h"
#include "deploy.h"
#include "goods.h"
#include "placement.h"
#include "river.h"
#include "shepherd.h"
#include "validate.h"
#include "wagon.h"

cc_move cc_move_make(int type, int x, int y, int rot)
{
    cc_move m;
    memset(&m, 0, sizeof m);
    m.type = type;
    m.x = x;
    m.y = y;
    m.rot = rot;
    m.first_token = CC_TOKEN_NONE;
    m.shepherd = CC_SHEPHERD_NONE;
    m.grow_token = CC_TOKEN_NONE;
    return m;
}

/* ---- the answer's bookkeeping --------------------------------------------- */

static void cite(cc_turn_result *res, const char *id)
{
    for (int i = 0; i < res->nrules; i++)
        if (strcmp(res->rules[i], id) == 0)
            return;
    if (res->nrules < CC_RESULT_RULES)
        res->rules[res->nrules++] = id;
}

static void cite_all(cc_turn_result *res, const cc_score_result *s)
{
    for (int i = 0; i < s->nrules; i++)
        cite(res, s->rules[i]);
}

/* The move breaks `rule`: record it, with the reason, and stop judging
 * (returns true: the move was judged). */
static bool illegal_why(cc_turn_result *res, const char *rule, const char *pointer,
                        const cc_text *why)
{
    res->legal = false;
    res->rule = rule;
    snprintf(res->pointer, sizeof res->pointer, "%s", pointer);
    res->reason = *why;
    res->nrules = 0;
    cite(res, rule);
    return true;
}

/* The same, the reason being message msg and its arguments. */
static bool illegal_text(cc_turn_result *res, const char *rule, const char *pointer, int msg,
                         const cc_arg *args, size_t n)
{
    cc_text why = { 0 };
    cc_text_set(&why, msg, args, n);
    return illegal_why(res, rule, pointer, &why);
}
#define illegal(res, rule, pointer, msg, ...)                                             \
    illegal_text((res), (rule), (pointer), (msg), (const cc_arg[]){ __VA_ARGS__ },         \
                 sizeof((const cc_arg[]){ __VA_ARGS__ }) / sizeof(cc_arg))

/* Rewrite an error pointer that starts with `from` to start with `to`
 * (keeping what follows unless `whole`). A rewritten pointer too long for
 * err (none is: the pointers of a move are short) leaves it as it was
 * rather than cut. */
static void repoint_as(cc_error *err, const char *from, const char *to, bool whole)
{
    size_t n = strlen(from);
    if (strncmp(err->pointer, from, n) != 0 || (err->pointer[n] != '\0' && err->pointer[n] != '/'))
        return;
    char rewritten[sizeof err->pointer];
    int len = snprintf(rewritten, sizeof rewritten, "%s%s", to, whole ? "" : err->pointer + n);
    if (len >= 0 && (size_t)len < sizeof rewritten)
        memcpy(err->pointer, rewritten, (size_t)len + 1);
}

static void repoint(cc_error *err, const char *from, const char *to)
{
    repoint_as(err, from, to, false);
}

/* ---- 1. the tile ------------------------------------------------------------ */

/* Judge the tile; false when the move cannot be judged (err set). */
static bool judge_tile(const cc_position *pos, const cc_board *b, const cc_move *mv,
                       cc_turn_result *res, cc_error *err)
{
    const cc_tile_type *tt = &b->cat->types[mv->type];
    if (!(pos->expansions & tt->expansion))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/tile", CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                       CC_MSG_D_TILE_EXPANSION, CC_STR(TILE, tt->id), CC_STR(EXPANSION, tt->set));
    if (pos->ntiles >= CC_MAX_TILES)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/tile", CC_MSG_P_BOARD_FULL, CC_MSG_D_BOARD_FULL,
                       CC_INT(COUNT, pos->ntiles));
    if (tt->is_abbey && pos->abbeys[pos->active] <= 0)
        return illegal(res, "abbey.abbey.in-hand", "/tile", CC_MSG_R_NO_ABBEY_IN_HAND,
                       CC_PLAYER(PLAYER, pos->active));
    if (pos->expansions & CC_EXP_RIVERS) {
        cc_river r;
        cc_river_read(b, &r);
        const char *why = cc_river_draw_refusal(pos, b, &r, mv->type);
        if (why != NULL)
            return illegal(res, why, "/tile", CC_MSG_R_RIVER_DRAW, CC_PLAYER(PLAYER, pos->active),
                           CC_STR(TILE, tt->id), CC_STR(RULE, why), CC_RULE(RULE_TITLE, why));
    }
    int bad_dir = 0;
    cc_place_verdict v = cc_placement_check(b, mv->type, mv->x, mv->y,
                                            tt->is_abbey ? 0 : mv->rot, &bad_dir);
    switch (v) {
    case CC_PLACE_OK:
        return true;
    case CC_PLACE_OCCUPIED:
        return illegal(res, cc_placement_rule(v), "/x", CC_MSG_R_CELL_TAKEN, CC_INT(X, mv->x),
                       CC_INT(Y, mv->y));
    case CC_PLACE_NOT_ADJACENT:
        return illegal(res, cc_placement_rule(v), "/x", CC_MSG_R_NOT_ADJACENT, CC_INT(X, mv->x),
                       CC_INT(Y, mv->y));
    case CC_PLACE_EDGES:
        return illegal(res, cc_placement_rule(v), "/rot", CC_MSG_R_EDGES, CC_SIDE(SIDE, bad_dir),
                       CC_STR(TILE, tt->id), CC_INT(X, mv->x), CC_INT(Y, mv->y));
    case CC_PLACE_ABBEY_NOT_HOLE:
        return illegal(res, cc_placement_rule(v), "/x", CC_MSG_R_NOT_A_HOLE, CC_INT(X, mv->x),
                       CC_INT(Y, mv->y));
    case CC_PLACE_SHRINE_CLOISTER:
        return illegal(res, cc_placement_rule(v), "/x", CC_MSG_R_SHRINE_NEIGHBOURS, CC_INT(X, mv->x),
                       CC_INT(Y, mv->y));
    case CC_PLACE_RIVER_CONTINUE:
    case CC_PLACE_RIVER_U_TURN:
    case CC_PLACE_RIVER_BRANCHES:
        return illegal(res, cc_placement_rule(v), "/rot", CC_MSG_R_RIVER, CC_INT(X, mv->x),
                       CC_INT(Y, mv->y), CC_STR(TILE, tt->id), CC_STR(RULE, cc_placement_rule(v)),
                       CC_RULE(RULE_TITLE, cc_placement_rule(v)));
    }
    return true;
}

/* Add the tile of mv to res->scored and build its board; false on error. */
static bool add_tile(const cc_position *pos, const cc_catalog *cat, const cc_move *mv,
                     cc_turn_result *res, cc_error *err)
{
    const cc_tile_type *tt = &cat->types[mv->type];
    res->scored = *pos;
    cc_placed_tile *p = &res->scored.tiles[res->scored.ntiles++];
    p->type = mv->type;
    p->x = mv->x;
    p->y = mv->y;
    p->rot = tt->is_abbey ? 0 : mv->rot;
    p->owner = tt->is_abbey ? pos->active : -1;
    if (tt->is_abbey)
        res->scored.abbeys[pos->active]--;
    if (cc_validate(&res->scored, cat, &res->board, &res->features, err))
        return true;
    /* The only new fact is the tile: an error about it is about the move. */
    char mine[40];
    snprintf(mine, sizeof mine, "/position/tiles/%d", pos->ntiles);
    repoint_as(err, mine, "/tile", true);
    return false;
}

/* ---- 2. the deployment -------------------------------------------------------- */

static const char *deploy_rule(cc_figure_kind k)
{
    static const char *const rules[CC_FIG_NKINDS] = {
        "base.deploy.unoccupied", "abbey.mayor.city", "abbey.wagon.not-field",
        "abbey.barn.junction", "hills-sheep.shepherd.field", "base.deploy.unoccupied",
        "traders.builder.deploy", "traders.pig.deploy"
    };
    return rules[k];
}

static bool kind_in_play(const cc_position *pos, cc_figure_kind k)
{
    return (pos->expansions & cc_figure_kinds[k].expansion) != 0;
}

/* Judge and add the deployment; *deployed = its figure index or -1. */
static bool judge_deploy(const cc_move *mv, cc_turn_result *res, int t, int *deployed,
                         cc_error *err)
{
    cc_position *pos = &res->scored;
    *deployed = -1;
    if (!mv->deploy)
        return true;
    if (!kind_in_play(pos, mv->deploy_kind))
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deploy/kind", CC_MSG_P_EXPANSION_NOT_IN_PLAY,
                       CC_MSG_D_DEPLOY_EXPANSION, CC_KIND(KIND, mv->deploy_kind),
                       CC_STR(EXPANSION, cc_expansion_name(cc_figure_kinds[mv->deploy_kind].expansion)));
    cc_deploy_option opt;
    const char *rule = NULL;
    if (!cc_deploy_check(pos, &res->features, t, mv->deploy_kind, mv->deploy_at, &opt, &rule)) {
        const char *ptr = strcmp(rule, "base.deploy.supply") == 0 ? "/deploy/kind" : "/deploy/at";
        return illegal(res, rule, ptr, CC_MSG_R_DEPLOY, CC_PLAYER(PLAYER, pos->active),
                       CC_KIND(KIND, mv->deploy_kind), CC_LOC(AT, mv->deploy_at), CC_STR(RULE, rule),
                       CC_RULE(RULE_TITLE, rule));
    }
    if (pos->nfigures >= CC_MAX_FIGURES)
        return CC_FAIL(err, CC_ERR_IMPOSSIBLE, "/deploy", CC_MSG_P_TOO_MANY_FIGURES,
                       CC_MSG_D_TOO_MANY_FIGURES, CC_INT(COUNT, pos->nfigures));
    bool joins_barn = mv->deploy_kind == CC_FIG_BARN &&
                      cc_field_has_barn(pos, &res->features, opt.feature, NULL);
    cc_figure *fig = &pos->figures[pos->nfigures];
    memset(fig, 0, sizeof *fig);
    fig->player = pos->active;
    fig->kind = mv->deploy_kind;
    fig->x = mv->x;
    fig->y = mv->y;
    fig->at = opt.at;
    *deployed = pos->nfigures++;
    cite(res, "base.deploy.placed-tile");
    cite(res, deploy_rule(mv->deploy_kind));
    if (joins_barn)
        cite(res, "abbey.barn.occupied");
    if (opt.challenge >= 0)
        cite(res, "shrines.challenge.deploy");
    return true;
}

/* ---- 3 and 4. shepherd choice and the scoring phase ---------------------------- */

static bool judge_shepherd(const cc_move *mv, cc_turn_result *res, int t, int deployed)
{
    const cc_position *pos = &res->scored;
    int acting = cc_shepherd_to_act(pos, &res->features, t, deployed);
    if (acting >= 0 && mv->shepherd == CC_SHEPHERD_NONE)
        return !illegal(res, "hills-sheep.shepherd.expand", "/shepherd", CC_MSG_R_SHEPHERD_CHOICE_MISSING,
                        CC_PLAYER(PLAYER, pos->active), CC_INT(X, pos->figures[acting].x),
                        CC_INT(Y, pos->figures[acting].y));
    if (acting < 0 && mv->shepherd != CC_SHEPHERD_NONE)
        return !illegal(res, "hills-sheep.shepherd.expand", "/shepherd", CC_MSG_R_NO_SHEPHERD_TO_ACT,
                        CC_PLAYER(PLAYER, pos->active));
    if (acting >= 0)
        cite(res, "hills-sheep.shepherd.expand");
    return true;
}

static bool score_phase(const cc_move *mv, cc_turn_result *res, int deployed, cc_error *err)
{
    cc_turn_choices in = cc_turn_choices_none();
    in.deployed = deployed;
    in.first_token = mv->first_token;
    in.shepherd = mv->shepherd;
    in.grow_token = mv->grow_token;
    if (cc_score_turn(&res->scored, &res->features, mv->x, mv->y, &in, &res->turn, err))
        return true;
    repoint(err, "/deployed", "/deploy");
    return false;
}

/* After the scoring phase: flocks, points, and which figures went back. */
static void apply_events(const cc_score_result *s, cc_position *pos, bool *gone)
{
    for (int e = 0; e < s->nevents; e++) {
        const cc_score_event *ev = &s->events[e];
        if (ev->kind == CC_EV_SHEEP && ev->figure >= 0 && ev->figure < pos->nfigures) {
            cc_figure *sh = &pos->figures[ev->figure];
            if (sh->nflock < CC_MAX_FLOCK)
                sh->flock[sh->nflock++] = (int8_t)ev->token;   /* 1 to 4 */
        }
    }
    cc_score_returned(s, gone);
    cc_goods_apply(s, pos);
    for (int p = 0; p < pos->nplayers; p++)
        pos->scores[p][0] += s->totals[p];
}

/* ---- 5. wagons ------------------------------------------------------------------ */

static int seat(const cc_position *pos, int player)
{
    return (player - pos->active + pos->nplayers) % pos->nplayers;
}

/* Judge and make the wagon moves: true when judged (legal or not), false
 * with err when a listed wagon does not exist. */
static bool judge_wagons(const cc_move *mv, cc_turn_result *res, bool *gone, cc_error *err)
{
    cc_wagon_choice choices[CC_MAX_PLAYERS];
    if (!cc_wagon_choose(&res->scored, &res->features, mv->wagons, mv->nwagons, choices, err))
        return false;
    int bad = -1;
    const char *rule = NULL;
    cc_position *after = &res->before_final;
    if (!cc_wagon_apply(after, &res->features, gone, choices, mv->nwagons, &bad, &rule)) {
        char ptr[CC_POINTER_MAX];
        cc_text why = { 0 };
        cc_wagon_refusal(mv->wagons, mv->nwagons, bad, rule, ptr, &why);
        return illegal_why(res, rule, ptr, &why);
    }
    /* Record the moves in the order they were made: seat order. */
    for (int s = 0; s < res->scored.nplayers; s++)
        for (int i = 0; i < mv->nwagons; i++) {
            int fig = choices[i].figure;
            if (seat(&res->scored, res->scored.figures[fig].player) != s)
                continue;
            cc_wagon_move_event *ev = &res->wagon_moves[res->nwagon_moves++];
            const cc_figure *from = &res->scored.figures[fig];
            ev->player = from->player;
            ev->figure = fig;
            ev->from_x = from->x;
            ev->from_y = from->y;
            ev->from_at = from->at;
            ev->to_x = after->figures[fig].x;
            ev->to_y = after->figures[fig].y;
            ev->to_at = after->figures[fig].at;
        }
    if (mv->nwagons > 0)
        cite(res, cc_wagon_rule(&res->scored));
    if (mv->nwagons > 1)
        cite(res, "abbey.wagon.move-order");
    return true;
}

/* Take the figures flagged gone off pos, keeping the others' order. */
static void remove_gone(cc_position *pos, const bool *gone)
{
    int n = 0;
    for (int i = 0; i < pos->nfigures; i++)
        if (!gone[i])
            pos->figures[n++] = pos->figures[i];
    pos->nfigures = n;
}

/* ---- 6. who plays next, or the end ----------------------------------------------- */

static bool can_place_abbey(const cc_position *pos, const cc_board *b, int player)
{
    int abbey = cc_catalog_abbey(b->cat);
    if (abbey < 0 || !(pos->expansions & CC_EXP_ABBEY_MAYOR) || pos->abbeys[player] <= 0)
        return false;
    cc_placement one;
    return cc_placements(b, abbey, &one, 1) > 0;
}

/* Once no land tile is left: the next player in seat order (the mover
 * last) who holds an abbey and has a hole for it, or -1. */
static int next_abbey_player(const cc_position *pos, const cc_board *b)
{
    for (int s = 1; s <= pos->nplayers; s++) {
        int p = (pos->active + s) % pos->nplayers;
        if (can_place_abbey(pos, b, p))
            return p;
    }
    return -1;
}

/* twice: the tile extended the active player's builder's feature
 * (builder.h): the same player places a second tile. */
static void finish(const cc_move *mv, bool twice, cc_turn_result *res)
{
    cc_position *after = &res->before_final;
    res->next = *after;
    res->next.builder_turn = false;
    cite(res, "base.turn.order");
    if (!mv->pile_empty && twice) {
        res->next.builder_turn = true;
        cite(res, "traders.builder.double-turn");
        return;
    }
    if (!mv->pile_empty) {
        res->next.active = (after->active + 1) % after->nplayers;
        if (mv->type >= 0 && res->board.cat->types[mv->type].volcano) {
            res->next.active = after->active;   /* a land tile at once */
            cite(res, "river-ii.turn.volcano");
        }
        return;
    }
    if (after->expansions & CC_EXP_ABBEY_MAYOR)
        cite(res, "abbey.abbey.end-of-game");
    int p = next_abbey_player(after, &res->board);
    if (p >= 0) {
        res->next.active = p;
        cite(res, "abbey.abbey.mandatory");
        return;
    }
    res->game_over = true;
    cite(res, "base.game.end");
    cc_score_final(after, &res->features, &res->final);
    cite_all(res, &res->final);
    bool gone[CC_MAX_FIGURES] = { false };
    cc_score_returned(&res->final, gone);
    remove_gone(&res->next, gone);
    for (int q = 0; q < after->nplayers; q++) {
        res->next.scores[q][0] += res->final.totals[q];
        res->totals[q] += res->final.totals[q];
    }
}

/* ---- the whole move ---------------------------------------------------------------- */

typedef struct {
    cc_board b;
    cc_features f;
} workspace;

bool cc_turn(const cc_position *pos, const cc_catalog *cat, const cc_move *mv,
             cc_turn_result *res, cc_error *err)
{
    memset(res, 0, sizeof *res);
    res->legal = true;
    if (mv->type < 0 || mv->type >= cat->ntypes)
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/tile", CC_MSG_P_UNKNOWN_TILE, CC_MSG_D_UNKNOWN_TILE);
    workspace *w = malloc(sizeof *w);
    if (w == NULL)
        return CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, CC_MSG_D_OUT_OF_MEMORY);
    bool ok = cc_validate(pos, cat, &w->b, &w->f, err) && judge_tile(pos, &w->b, mv, res, err);
    free(w);
    if (!ok || !res->legal)
        return ok;
    if (!add_tile(pos, cat, mv, res, err))
        return false;
    cite(res, cat->types[mv->type].is_abbey ? "abbey.placement.hole" : "base.placement.edges");
    int t = res->scored.ntiles - 1, deployed;
    if (!judge_deploy(mv, res, t, &deployed, err))
        return false;
    if (!res->legal || !judge_shepherd(mv, res, t, deployed))
        return true;
    if (!score_phase(mv, res, deployed, err))
        return false;
    cite_all(res, &res->turn);
    res->before_final = res->scored;
    bool gone[CC_MAX_FIGURES] = { false };
    apply_events(&res->turn, &res->before_final, gone);
    if (!judge_wagons(mv, res, gone, err))
        return false;
    if (!res->legal)
        return true;
    if (cc_builder_strays(&res->before_final, &res->features, gone) > 0)
        cite(res, "traders.builder.returns");
    remove_gone(&res->before_final, gone);
    for (int p = 0; p < pos->nplayers; p++)
        res->totals[p] = res->turn.totals[p];
    finish(mv, cc_builder_double_turn(pos, &res->features, t), res);
    return true;
}

bool cc_turn_pass(const cc_position *pos, const cc_catalog *cat, cc_turn_result *res,
                  cc_error *err)
{
    memset(res, 0, sizeof *res);
    res->legal = true;
    if (!cc_validate(pos, cat, &res->board, &res->features, err))
        return false;
    res->scored = *pos;
    res->before_final = *pos;
    cc_move none = cc_move_make(-1, 0, 0, 0);
    none.pile_empty = true;
    finish(&none, false, res);
    return true;
}

int cc_turn_wagon_steps(const cc_turn_result *res, cc_position *pos, cc_wagon_step *out)
{
    *pos = res->scored;
    bool gone[CC_MAX_FIGURES] = { false };
    cc_score_returned(&res->turn, gone);
    cc_wagon_dest one;
    int n = 0;
    for (int s = 0; s < pos->nplayers; s++) {
        int player = (pos->active + s) % pos->nplayers;
        for (int i = 0; i < pos->nfigures; i++) {
            if (pos->figures[i].kind != CC_FIG_WAGON || pos->figures[i].player != player ||
                !cc_wagon_may_move(pos, &res->features, i, gone))
                continue;
            int move = -1;
            for (int m = 0; m < res->nwagon_moves; m++)
                if (res->wagon_moves[m].figure == i)
                    move = m;
            if (move < 0 && cc_wagon_destinations(pos, &res->features, i, gone, &one, 1) == 0)
                continue;
            out[n++] = (cc_wagon_step){ .figure = i, .player = player, .move = move };
            if (move >= 0) {
                pos->figures[i].x = res->wagon_moves[move].to_x;
                pos->figures[i].y = res->wagon_moves[move].to_y;
                pos->figures[i].at = res->wagon_moves[move].to_at;
                gone[i] = false;
            }
        }
    }
    return n;
}
