/* jcz_write.c -- see jcz_write.h.
 *
 * Each move is played with cc_turn() on the writer's position; its
 * messages are then written from what the engine answered (the placed
 * tile's features for the pointers, the deployment options for a PASS,
 * the scoring's returned wagons for the wagon phase). */
#include "jcz_write.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/deploy.h"
#include "../../engine/placement.h"
#include "../text/format.h"
#include "../text/problems.h"
#include "../../engine/validate.h"
#include "../../engine/wagon.h"
#include "jcz_loc.h"
#include "jcz_sheep.h"

#define APP_VERSION "6.2.0"
#define ANY_RANDOM 0.5          /* where the number draws nothing we model */

/* One replay message, kept until the document is written. */
typedef enum { PAY_NONE, PAY_RANDOM, PAY_TILE, PAY_DEPLOY, PAY_FLOCK } payload_kind;

typedef struct {
    const char *type;           /* "PLACE_TILE" ... */
    int player;
    payload_kind payload;
    double random;              /* PAY_RANDOM, PAY_FLOCK */
    const char *tile;           /* PAY_TILE: the reference id */
    int rot;                    /* PAY_TILE: degrees */
    int x, y;                   /* PAY_TILE: where; PAY_DEPLOY: the pointer's tile */
    const char *feature;        /* PAY_DEPLOY: "City" ... */
    char location[40];          /* PAY_DEPLOY */
    char meeple[24];            /* PAY_DEPLOY: "<player>.<kind>.<n>" */
    const char *value;          /* PAY_FLOCK: "EXPAND" or "SCORE" */
} message;

struct jcz_writer {
    const cc_catalog *cat;
    const char *lang;           /* an illegal move's reason is worded in it */
    char name[128];
    cc_position start;          /* the first player first */
    int first_seat;             /* his index in the position's players: the
                                   players' slots say where each sat */
    cc_position pos;            /* before the next move */
    int ids[CC_MAX_FIGURES];    /* the app's number of each figure of pos */
    cc_board board;             /* the board of pos */
    cc_features features;       /* scratch */
    cc_position wagons;         /* scratch: the wagon phase */
    cc_turn_result result;
    bool played;
    bool pile_empty;            /* a move said no land tile is left */
    int nmsgs, cap;
    message *msgs;              /* malloc'ed */
    int ndraw;
    const char *draw[CC_MAX_TILES * 2];  /* reference ids of the tiles drawn */
    int used[256];              /* tiles out of the bag per type: start, drawn */
    bool out_of_memory;
};

/* ---- the start ---------------------------------------------------------------- */

/* What a .jcz cannot start from; false with err. */
static bool check_start(const cc_position *pos, const cc_catalog *cat, cc_error *err)
{
    char ptr[48];
    if (pos->expansions & CC_EXP_MESSAGES)
        return CC_FAIL0(err, 422, "/position/expansions", SVC_P_NOT_IN_A_SAVED_GAME,
                        SVC_D_JCZ_NO_MESSAGES);
    if (pos->nfigures > 0)
        return CC_FAIL0(err, 422, "/position/figures/0", SVC_P_NOT_IN_A_SAVED_GAME,
                        SVC_D_JCZ_START_FIGURES);
    for (int p = 0; p < pos->nplayers; p++)
        if (pos->scores[p][0] != 0 || pos->scores[p][1] != 0)
            return CC_FAIL(err, 422, "/position/scores", SVC_P_NOT_IN_A_SAVED_GAME,
                           SVC_D_JCZ_START_POINTS,
                           CC_QUOTE(PLAYER, cc_error_quote(err, 0, pos->players[p])),
                           CC_INT(POINTS, cc_position_score(pos, p)));
    for (int i = 0; i < pos->ntiles; i++)
        if (cat->types[pos->tiles[i].type].is_abbey) {
            snprintf(ptr, sizeof ptr, "/position/tiles/%d", i);
            return CC_FAIL0(err, 422, ptr, SVC_P_NOT_IN_A_SAVED_GAME, SVC_D_JCZ_START_ABBEY);
        }
    if (pos->expansions & CC_EXP_ABBEY_MAYOR)
        for (int p = 1; p < pos->nplayers; p++)
            if (pos->abbeys[p] != pos->abbeys[0])
                return CC_FAIL0(err, 422, "/position/abbeys", SVC_P_NOT_IN_A_SAVED_GAME,
                                SVC_D_JCZ_SAME_ABBEYS);
    return true;
}

/* pos with its players in turn order from the active one. */
static void first_player_first(const cc_position *pos, cc_position *out)
{
    *out = *pos;
    int n = pos->nplayers, a = pos->active;
    for (int i = 0; i < n; i++) {
        memcpy(out->players[i], pos->players[(a + i) % n], CC_NAME_MAX);
        out->abbeys[i] = pos->abbeys[(a + i) % n];
        out->scores[i][0] = out->scores[i][1] = 0;
    }
    out->active = 0;
}

jcz_writer *jcz_writer_new(const cc_position *pos, const cc_catalog *cat, const char *name,
                           const char *lang, cc_error *err)
{
    jcz_writer *w = calloc(1, sizeof *w);
    if (w == NULL) {
        CC_FAIL0(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_JCZ_NO_MEMORY_WRITE);
        return NULL;
    }
    w->cat = cat;
    w->lang = lang;
    snprintf(w->name, sizeof w->name, "%s", name ? name : "");
    if (!cc_validate(pos, cat, &w->board, &w->features, err) || !check_start(pos, cat, err)) {
        free(w);
        return NULL;
    }
    first_player_first(pos, &w->start);
    w->first_seat = pos->active;
    w->pos = w->start;
    for (int i = 0; i < pos->ntiles; i++)
        if (pos->tiles[i].type < 256)
            w->used[pos->tiles[i].type]++;
    return w;
}

const cc_position *jcz_writer_position(const jcz_writer *w)
{
    return &w->pos;
}

const cc_turn_result *jcz_writer_result(const jcz_writer *w)
{
    return w->played ? &w->result : NULL;
}

void jcz_writer_free(jcz_writer *w)
{
    if (w == NULL)
        return;
    free(w->msgs);
    free(w);
}

/* ---- messages ------------------------------------------------------------------- */

/* A new message at the end of the replay, zeroed but for type and player;
 * a scratch one (dropped) when memory runs out, which finish reports. */
static message *message_add(jcz_writer *w, const char *type, int player)
{
    static message dropped;
    if (w->nmsgs == w->cap) {
        int cap = w->cap ? 2 * w->cap : 64;
        message *grown = realloc(w->msgs, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            w->out_of_memory = true;
            memset(&dropped, 0, sizeof dropped);
            return &dropped;
        }
        w->msgs = grown;
        w->cap = cap;
    }
    message *m = &w->msgs[w->nmsgs++];
    memset(m, 0, sizeof *m);
    m->type = type;
    m->player = player;
    return m;
}

static void message_random(jcz_writer *w, const char *type, int player, double u)
{
    message *m = message_add(w, type, player);
    m->payload = PAY_RANDOM;
    m->random = u;
}

/* A DEPLOY_MEEPLE pointing at feature k of board tile t. */
static void message_deploy(jcz_writer *w, const cc_board *b, int t, int k, int player,
                           const char *kind, int n)
{
    const cc_board_tile *bt = &b->tiles[t];
    message *m = message_add(w, "DEPLOY_MEEPLE", player);
    m->payload = PAY_DEPLOY;
    m->x = bt->x;
    m->y = bt->y;
    m->feature = jcz_feature_class_name((cc_feature_type)bt->type->features[k].type);
    jcz_feature_location(bt->type, bt->rot, k, m->location, sizeof m->location);
    snprintf(m->meeple, sizeof m->meeple, "%d.%s.%d", player, kind, n);
}

/* The lowest number player p's figure of kind k may take: the apps number
 * each kind's figures from 1 ("0.barn.2" is player 0's second barn). */
static int free_id(const jcz_writer *w, int p, cc_figure_kind k)
{
    bool used[CC_PLAYER_FIGURES_MAX + 1] = { false };
    for (int i = 0; i < w->pos.nfigures; i++)
        if (w->pos.figures[i].player == p && w->pos.figures[i].kind == k &&
            w->ids[i] >= 1 && w->ids[i] <= CC_PLAYER_FIGURES_MAX)
            used[w->ids[i]] = true;
    for (int n = 1; n <= CC_PLAYER_FIGURES_MAX; n++)
        if (!used[n])
            return n;
    return 1;
}

/* ---- one move ------------------------------------------------------------------ */

static bool abbey_declined(const jcz_writer *w, const cc_move *mv)
{
    int abbey = cc_catalog_abbey(w->cat);
    cc_placement one;
    return abbey >= 0 && !w->cat->types[mv->type].is_abbey &&
           (w->pos.expansions & CC_EXP_ABBEY_MAYOR) && w->pos.abbeys[w->pos.active] > 0 &&
           cc_placements(&w->board, abbey, &one, 1) > 0;
}

static void write_tile(jcz_writer *w, const cc_move *mv)
{
    const cc_tile_type *tt = &w->cat->types[mv->type];
    message *m = message_add(w, "PLACE_TILE", w->pos.active);
    m->payload = PAY_TILE;
    m->tile = tt->reference_id;
    m->rot = tt->is_abbey ? 0 : mv->rot * 90;
    m->x = mv->x;
    m->y = mv->y;
}

/* The deployment, or PASS when something could have been deployed. The
 * deployed figure's number goes to *id. */
static void write_deploy(jcz_writer *w, const cc_move *mv, int *id)
{
    const cc_turn_result *r = &w->result;
    const cc_board *b = &r->board;
    int t = r->scored.ntiles - 1, player = w->pos.active;
    if (!mv->deploy) {
        cc_deploy_option opts[CC_MAX_DEPLOY_OPTIONS];
        if (cc_deployments(&r->scored, &r->features, t, opts) > 0)
            message_add(w, "PASS", player);
        return;
    }
    const cc_figure *fig = &r->scored.figures[r->scored.nfigures - 1];
    *id = free_id(w, player, fig->kind);
    if (fig->kind == CC_FIG_BARN) {
        /* The app names a barn by the tile south-east of its junction and
         * that tile's field at its north-west corner. */
        int dx = fig->at.value == CC_CORNER_NE || fig->at.value == CC_CORNER_SE;
        int dy = fig->at.value == CC_CORNER_SE || fig->at.value == CC_CORNER_SW;
        int u = cc_board_at(b, fig->x + dx, fig->y + dy);
        message_deploy(w, b, u, cc_board_turn(&b->tiles[u])->ring_feature[CC_RING_NNW], player,
                       cc_figure_kinds[CC_FIG_BARN].jcz_meeple, *id);
    } else {
        message_deploy(w, b, t, cc_board_feature_at(b, t, fig->at), player,
                       cc_figure_kinds[fig->kind].jcz_meeple, *id);
    }
}

/* The random numbers of the shepherd's draws; false with err when the bag
 * holds no such token. */
static bool write_shepherd(jcz_writer *w, const cc_move *mv, cc_error *err)
{
    jcz_bag bag;
    int player = w->pos.active;
    if (mv->deploy && mv->deploy_kind == CC_FIG_SHEPHERD) {
        jcz_bag_fill(&bag, &w->pos);
        double u = jcz_bag_number(&bag, mv->first_token);
        if (u < 0)
            return CC_FAIL0(err, 422, "/deploy/token", SVC_P_TOKEN_NOT_IN_THE_BAG,
                            SVC_D_JCZ_TOKEN_NOT_IN_BAG);
        message_random(w, "SHEPHERD_CONFIRM", player, u);
    }
    if (mv->shepherd == CC_SHEPHERD_NONE)
        return true;
    double u = ANY_RANDOM;
    if (mv->shepherd == CC_SHEPHERD_GROW) {
        jcz_bag_for_grow(&w->pos, w->cat, mv, &bag);
        u = jcz_bag_number(&bag, mv->grow_token);
        if (u < 0)
            return CC_FAIL0(err, 422, "/shepherd/token", SVC_P_TOKEN_NOT_IN_THE_BAG,
                            SVC_D_JCZ_TOKEN_NOT_IN_BAG);
    }
    message *m = message_add(w, "FLOCK_EXPAND_OR_SCORE", player);
    m->payload = PAY_FLOCK;
    m->value = mv->shepherd == CC_SHEPHERD_GROW ? "EXPAND" : "SCORE";
    m->random = u;
    return true;
}

/* The DEPLOY_MEEPLE of wagon move m, the wagon numbered id. */
static void write_wagon_move(jcz_writer *w, const cc_turn_result *r, const cc_wagon_move_event *m,
                             int player, int id)
{
    /* Under either rule the engine's destination is a spot the app offers
     * (engine/wagon.h), so the move is written where it went. */
    const cc_board *b = &r->board;
    int t = cc_board_at(b, m->to_x, m->to_y), k = cc_board_feature_at(b, t, m->to_at);
    message_deploy(w, b, t, k, player, cc_figure_kinds[CC_FIG_WAGON].jcz_meeple, id);
}

/* The wagon phase: each wagon the scoring sent back, in seat order from
 * the active player, moves (DEPLOY_MEEPLE + COMMIT) or, when it could
 * have moved, passes: the engine's steps (cc_turn_wagon_steps, which the
 * reader counts the same way), never a PASS for a wagon that may not
 * move, such as one that lost a challenge. deployed_id: the number of the figure deployed this
 * turn (the scored position's last, when one was). */
static void write_wagons(jcz_writer *w, int deployed_id)
{
    const cc_turn_result *r = &w->result;
    cc_wagon_step steps[CC_MAX_FIGURES];
    int n = cc_turn_wagon_steps(r, &w->wagons, steps);
    for (int s = 0; s < n; s++) {
        int i = steps[s].figure;
        if (steps[s].move < 0) {
            message_add(w, "PASS", steps[s].player);
            continue;
        }
        write_wagon_move(w, r, &r->wagon_moves[steps[s].move], steps[s].player,
                         i < w->pos.nfigures ? w->ids[i] : deployed_id);
        message_random(w, "COMMIT", steps[s].player, ANY_RANDOM);
    }
}

/* The app's numbers of the figures of the next position: the figures of
 * the scored position that are still there, in the same order. */
static void carry_ids(jcz_writer *w, int deployed_id)
{
    const cc_position *scored = &w->result.scored, *next = &w->result.next;
    int ids[CC_MAX_FIGURES];
    memcpy(ids, w->ids, sizeof ids);
    if (scored->nfigures > w->pos.nfigures)
        ids[scored->nfigures - 1] = deployed_id;
    int i = 0;
    for (int j = 0; j < next->nfigures; j++) {
        const cc_figure *b = &next->figures[j];
        while (i < scored->nfigures) {
            const cc_figure *a = &scored->figures[i];
            bool same = a->player == b->player && a->kind == b->kind &&
                        (a->kind == CC_FIG_WAGON ||
                         (a->x == b->x && a->y == b->y && cc_loc_equal(a->at, b->at)));
            if (same)
                break;
            i++;
        }
        w->ids[j] = i < scored->nfigures ? ids[i++] : 1;
    }
}

/* Land tile `type` comes out of the bag: false with err (pointer "") when
 * the sets hold no more of it, or when the draw list is full (it cannot be,
 * as the bag is smaller; an entry is never dropped). Counted only when
 * `take`, so that a refused move changes nothing. */
static bool drawn(jcz_writer *w, int type, bool take, cc_error *err)
{
    int bag = cc_position_bag_count(&w->start, w->cat, type);
    if (type >= 256 || w->used[type] + 1 > bag)
        return CC_FAIL(err, 422, "", CC_MSG_P_MORE_TILES, CC_MSG_D_MORE_TILES, CC_INT(COUNT, bag),
                       CC_STR(TILE, w->cat->types[type].id), CC_INT(INDEX, w->used[type] + 1));
    if (w->ndraw >= (int)(sizeof w->draw / sizeof w->draw[0]))
        return CC_FAIL(err, 422, "", CC_MSG_P_MORE_TILES, SVC_D_TOO_MANY_MOVES,
                       CC_INT(COUNT, w->ndraw + 1),
                       CC_INT(MAX, (int)(sizeof w->draw / sizeof w->draw[0])));
    if (take)
        w->used[type]++;
    return true;
}

bool jcz_writer_play(jcz_writer *w, const cc_move *mv, cc_error *err)
{
    const cc_tile_type *tt = &w->cat->types[mv->type];
    if (w->played && w->result.game_over)
        return CC_FAIL(err, 422, "", SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_JCZ_GAME_OVER,
                       CC_STR(RULE, "base.game.end"));
    if (!tt->is_abbey && w->pile_empty)
        return CC_FAIL(err, 422, "/tile", SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_JCZ_PILE_SAID_EMPTY,
                       CC_STR(RULE, "base.game.end"));
    if (!tt->is_abbey && !drawn(w, mv->type, false, err)) {
        snprintf(err->pointer, sizeof err->pointer, "/tile");
        return false;
    }
    if (!cc_turn(&w->pos, w->cat, mv, &w->result, err))
        return false;
    w->played = true;
    if (!w->result.legal) {
        /* The engine's reason names players of this position, which the
         * problem does not hold: it is worded now, in the request's
         * language, and quoted whole. */
        char reason[CC_DETAIL_MAX];
        txt_args a = { .pos = &w->result.scored };
        txt_format(w->lang, &w->result.reason, &a, reason, sizeof reason);
        return CC_FAIL(err, 422, w->result.pointer, SVC_P_MOVE_AGAINST_THE_RULES,
                       SVC_D_JCZ_MOVE_REASON, CC_QUOTE(WHY, cc_error_quote(err, 0, reason)),
                       CC_STR(RULE, w->result.rule));
    }
    /* Check the draws before writing anything, so a refusal leaves the
     * document unchanged. */
    jcz_bag bag;
    if (mv->deploy && mv->deploy_kind == CC_FIG_SHEPHERD) {
        jcz_bag_fill(&bag, &w->pos);
        if (jcz_bag_number(&bag, mv->first_token) < 0)
            return write_shepherd(w, mv, err);
    }
    if (mv->shepherd == CC_SHEPHERD_GROW) {
        jcz_bag_for_grow(&w->pos, w->cat, mv, &bag);
        if (jcz_bag_number(&bag, mv->grow_token) < 0)
            return write_shepherd(w, mv, err);
    }
    int active = w->pos.active, id = 1;
    if (!tt->is_abbey)
        drawn(w, mv->type, true, err);
    if (abbey_declined(w, mv)) {
        message_add(w, "PASS", active);
        message_random(w, "COMMIT", active, ANY_RANDOM);
    }
    write_tile(w, mv);
    write_deploy(w, mv, &id);
    if (!write_shepherd(w, mv, err))
        return false;
    message_random(w, "COMMIT", active, ANY_RANDOM);
    write_wagons(w, id);
    if (!tt->is_abbey)
        w->draw[w->ndraw++] = tt->reference_id;     /* room checked by drawn() */
    if (mv->pile_empty)
        w->pile_empty = true;
    carry_ids(w, id);
    w->pos = w->result.next;
    w->board = w->result.board;
    return true;
}

bool jcz_writer_discard(jcz_writer *w, int type, cc_error *err)
{
    const cc_tile_type *tt = &w->cat->types[type];
    cc_placement one;
    if ((w->played && w->result.game_over) || w->pile_empty)
        return CC_FAIL(err, 422, "", SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_JCZ_NOTHING_TO_DRAW,
                       CC_STR(RULE, "base.game.end"));
    if (tt->is_abbey || !(w->pos.expansions & tt->expansion))
        return CC_FAIL(err, 422, "", SVC_P_NOT_A_TILE_OF_THE_PILE, SVC_D_JCZ_NOT_A_PILE_TILE,
                       CC_STR(TILE, tt->id));
    if (cc_placements(&w->board, type, &one, 1) > 0)
        return CC_FAIL(err, 422, "", SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_JCZ_FITS,
                       CC_STR(TILE, tt->id), CC_INT(X, one.x), CC_INT(Y, one.y),
                       CC_STR(RULE, "base.placement.discard"));
    if (!drawn(w, type, true, err))
        return false;
    w->draw[w->ndraw++] = tt->reference_id;
    return true;
}

bool jcz_writer_pass(jcz_writer *w, cc_error *err)
{
    if ((w->played && w->result.game_over) || w->pile_empty)
        return CC_FAIL(err, 422, "", SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_JCZ_PILE_EMPTY,
                       CC_STR(RULE, "base.game.end"));
    if (!cc_turn_pass(&w->pos, w->cat, &w->result, err))
        return false;
    w->played = true;
    w->pile_empty = true;
    w->pos = w->result.next;
    return true;
}

/* ---- the document ---------------------------------------------------------------- */

static uint64_t fnv1a(uint64_t h, const char *s)
{
    for (; *s != '\0'; s++) {
        h ^= (unsigned char)*s;
        h *= 0x100000001b3ULL;
    }
    return h;
}

/* setup.sets and setup.elements: the position's bag, each kind's supply
 * (cc_figure_kinds[]), abbeys, and the elements the options switch. */
static void write_setup(jw *o, const jcz_writer *w)
{
    const cc_position *pos = &w->start;
    const cc_options *opt = &pos->options;
    unsigned e = pos->expansions;
    jw_object(o);
    jw_key(o, "sets");
    jw_object(o);
    for (int s = 0; s < CC_NSETS; s++)
        if (cc_position_copies(pos, s) > 0)
            jw_member_int(o, cc_tile_sets[s].jcz_id, cc_position_copies(pos, s));
    /* The river sets (one of each at most, outside cc_tile_sets[]), in the
     * apps' first printing. */
    if (e & CC_EXP_RIVER)
        jw_member_int(o, "river/1:1", 1);
    if (e & CC_EXP_RIVER_II)
        jw_member_int(o, "river/2:1", 1);
    jw_object_end(o);
    jw_key(o, "elements");
    jw_object(o);
    /* In the order the exports of earlier versions wrote them: meeples,
     * farmers, abbeys, then the other figures. */
    for (int k = 0; k < CC_FIG_NKINDS; k++) {
        int n = cc_position_supply(pos, (cc_figure_kind)k);
        if (n > 0)
            jw_member_int(o, cc_figure_kinds[k].jcz_element, n);
        if (k != CC_FIG_MEEPLE)
            continue;
        if (opt->farmers == CC_FARMERS_ON)
            jw_member_bool(o, "farmers", true);
        if ((e & CC_EXP_ABBEY_MAYOR) && pos->abbeys[0] > 0)
            jw_member_int(o, "abbey", 1);
    }
    if ((e & CC_EXP_HILLS_SHEEP) && opt->hills == CC_ELEMENT_ON)
        jw_member_bool(o, "hill", true);
    if ((e & CC_EXP_HILLS_SHEEP) && opt->vineyards == CC_ELEMENT_ON)
        jw_member_bool(o, "vineyard", true);
    if (e & CC_EXP_SHRINES)
        jw_member_bool(o, "shrine", true);
    if (e & (CC_EXP_RIVER | CC_EXP_RIVER_II))
        jw_member_bool(o, "river", true);   /* as FanCloisterZone writes it with a river set */
    if (e & CC_EXP_INNS_CATHEDRALS) {
        jw_member_bool(o, "inn", true);
        jw_member_bool(o, "cathedral", true);
    }
    if (e & CC_EXP_TRADERS_BUILDERS) {
        /* The goods always count, and the pig herd with The River II: the
         * elements the apps switch them with (pig-herd as they write it
         * with the set, a herd tile or not). */
        jw_member_bool(o, "traders", true);
        jw_member_bool(o, "pig-herd", true);
    }
    jw_object_end(o);
    jw_key(o, "rules");
    jw_object(o);
    jw_member_string(o, "wagon-move", opt->wagon_rules == CC_WAGON_RULES_C1 ? "C1" : "C2");
    jw_member_string(o, "hill-tiebreaker", opt->hill_tiebreak == CC_HILL_TIEBREAK_COUNT
                                               ? "number-of-followers" : "at-least-one-follower");
    jw_member_string(o, "barn-placement", opt->barn_placement == CC_BARN_PLACEMENT_OCCUPIED
                                              ? "occupied" : "not-occupied");
    jw_member_string(o, "tiny-city-scoring", opt->tiny_city_scoring == CC_TINY_CITY_2 ? "2" : "4");
    if (e & CC_EXP_INNS_CATHEDRALS)
        jw_member_string(o, "inn-and-cathedral-final-scoring",
                         opt->inn_cathedral_final == CC_INN_CATHEDRAL_FINAL_IGNORE ? "ignore" : "zero");
    jw_object_end(o);
    jw_key(o, "timer");
    jw_null(o);
    jw_key(o, "start");
    jw_array(o);
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_placed_tile *t = &pos->tiles[i];
        jw_object(o);
        jw_member_string(o, "tile", w->cat->types[t->type].reference_id);
        jw_member_int(o, "x", t->x);
        jw_member_int(o, "y", t->y);
        jw_member_int(o, "rotation", t->rot * 90);
        jw_object_end(o);
    }
    jw_array_end(o);
    jw_key(o, "options");
    jw_object(o);
    jw_object_end(o);
    jw_object_end(o);
}

static void write_replay(jw *o, const jcz_writer *w)
{
    jw_array(o);
    for (int i = 0; i < w->nmsgs; i++) {
        const message *m = &w->msgs[i];
        jw_object(o);
        jw_member_string(o, "type", m->type);
        jw_key(o, "payload");
        jw_object(o);
        switch (m->payload) {
        case PAY_TILE:
            jw_member_string(o, "tileId", m->tile);
            {
                char rot[8];
                snprintf(rot, sizeof rot, "R%d", m->rot);
                jw_member_string(o, "rotation", rot);
            }
            jw_key(o, "position");
            jw_array(o);
            jw_int(o, m->x);
            jw_int(o, m->y);
            jw_array_end(o);
            break;
        case PAY_DEPLOY:
            jw_key(o, "pointer");
            jw_object(o);
            jw_key(o, "position");
            jw_array(o);
            jw_int(o, m->x);
            jw_int(o, m->y);
            jw_array_end(o);
            jw_member_string(o, "feature", m->feature);
            jw_member_string(o, "location", m->location);
            jw_object_end(o);
            jw_member_string(o, "meepleId", m->meeple);
            break;
        case PAY_FLOCK:
            jw_member_string(o, "value", m->value);
            jw_key(o, "random");
            jw_double(o, m->random);
            break;
        case PAY_RANDOM:
            jw_key(o, "random");
            jw_double(o, m->random);
            break;
        case PAY_NONE:
            break;
        }
        jw_object_end(o);
        jw_member_int(o, "player", m->player);
        jw_member_int(o, "clock", 0);
        jw_object_end(o);
    }
    jw_array_end(o);
}

void jcz_writer_finish(const jcz_writer *w, jw *o)
{
    jw replay;
    jw_init(&replay);
    write_replay(&replay, w);
    if (w->out_of_memory)
        replay.failed = true;
    /* A game id the apps need; derived from the content, so the same game
     * always gets the same id. */
    uint64_t a = 0xcbf29ce484222325ULL, b = 0x84222325cbf29ce4ULL;
    if (replay.buf != NULL) {
        a = fnv1a(a, replay.buf);
        b = fnv1a(b, replay.buf);
    }
    for (int p = 0; p < w->start.nplayers; p++)
        a = fnv1a(a, w->start.players[p]);
    char id[40];
    snprintf(id, sizeof id, "%016llx%016llx", (unsigned long long)a, (unsigned long long)b);
    jw_object(o);
    jw_member_string(o, "appVersion", APP_VERSION);
    jw_member_string(o, "gameId", id);
    jw_member_string(o, "name", w->name);
    jw_key(o, "initialRandom");
    jw_double(o, ANY_RANDOM);
    jw_member_int(o, "clock", 0);
    jw_key(o, "setup");
    write_setup(o, w);
    jw_key(o, "players");
    jw_array(o);
    for (int p = 0; p < w->start.nplayers; p++) {
        jw_object(o);
        jw_member_string(o, "name", w->start.players[p]);
        /* The seat in the position's order, which an import restores. */
        jw_member_int(o, "slot", (w->first_seat + p) % w->start.nplayers);
        jw_key(o, "clientId");
        jw_null(o);
        jw_object_end(o);
    }
    jw_array_end(o);
    jw_key(o, "replay");
    jw_value(o, &replay);
    jw_free(&replay);
    if (w->ndraw > 0 || w->pile_empty) {
        jw_key(o, "gameAnnotations");
        jw_object(o);
        jw_key(o, "drawOrder");
        jw_array(o);
        for (int i = 0; i < w->ndraw; i++)
            jw_string(o, w->draw[i]);
        if (w->pile_empty)
            jw_string(o, "#END");
        jw_array_end(o);
        jw_object_end(o);
    }
    jw_object_end(o);
}
