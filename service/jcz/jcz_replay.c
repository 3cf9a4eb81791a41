/* jcz_replay.c -- see jcz_replay.h.
 *
 * Two passes. segment() cuts the message list into turns by the grammar
 * in the header, looking only at message types; play() then walks the
 * turns, builds each move (the tile, the figure and its feature, the
 * shepherd's draw, the wagons), keeps the pile's count and asks the
 * engine. The engine's verdicts are final: nothing here judges a rule. */
#include "jcz_replay.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/placement.h"
#include "../text/format.h"
#include "../text/problems.h"
#include "../../engine/validate.h"
#include "jcz_sheep.h"

/* ---- errors -------------------------------------------------------------- */

/* Fail with problem and the detail msg with its arguments (service/text/
 * problems.h; CC_ARGS(...) or CC_NO_ARGS). */
static bool fail_text(cc_error *err, int status, const char *pointer, int problem, int msg,
                      const cc_arg *args, size_t n)
{
    return cc_fail_text(err, (cc_status)status, pointer, problem, msg, args, n);
}

#ifdef __clang_analyzer__
#define fail_text(...) ({ fail_text(__VA_ARGS__); false; })
#endif

static const char *msg_ptr(char *out, size_t size, int i, const char *rest)
{
    snprintf(out, size, "/replay/%d%s", i, rest);
    return out;
}

/* ---- 1. turns ------------------------------------------------------------ */

typedef struct {
    int abbey_pass;             /* PASS declining the abbey, or -1 */
    int place;                  /* PLACE_TILE */
    int action;                 /* DEPLOY_MEEPLE or PASS after the tile, or -1 */
    int confirm;                /* SHEPHERD_CONFIRM, or -1 */
    int flock;                  /* FLOCK_EXPAND_OR_SCORE, or -1 */
    int commit;                 /* the turn's COMMIT, or -1: not finished */
    int nwagons;
    int wagon[CC_MAX_PLAYERS];  /* DEPLOY_MEEPLE of wagons after the scoring */
    int npasses;                /* PASSes after the scoring */
    int first_pass;
} turn_msgs;

static bool is(const jcz_game *g, int i, jcz_msg_type t)
{
    return i < g->nmsgs && g->msgs[i].type == t;
}

static const char *const type_names[] = {
    "PLACE_TILE", "DEPLOY_MEEPLE", "PASS", "COMMIT", "SHEPHERD_CONFIRM", "FLOCK_EXPAND_OR_SCORE"
};

/* expected: a term of problems.def ("jcz.expects-commit"). */
static bool unexpected(const jcz_game *g, int i, const char *expected, cc_error *err)
{
    char ptr[40];
    return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, i, "/type"), SVC_P_MESSAGE_OUT_OF_ORDER,
                     SVC_D_REPLAY_OUT_OF_ORDER,
                     CC_ARGS(CC_INT(INDEX, i), CC_STR(VALUE, type_names[g->msgs[i].type]),
                             CC_TERM(EXPECTED, expected)));
}

/* Cut g's messages into turns: *turns (malloc'ed, caller frees) holds the
 * complete ones, *pending the unfinished last one (pending->place < 0: none). */
static bool segment(const jcz_game *g, turn_msgs **turns, int *nturns, turn_msgs *pending,
                    cc_error *err)
{
    turn_msgs *list = malloc((size_t)(g->nmsgs / 2 + 1) * sizeof *list);
    if (list == NULL)
        return fail_text(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_REPLAY_NO_MEMORY_TURNS, CC_NO_ARGS);
    int n = 0, i = 0;
    memset(pending, -1, sizeof *pending);
    pending->nwagons = pending->npasses = 0;
    while (i < g->nmsgs) {
        turn_msgs t;
        memset(&t, -1, sizeof t);
        t.nwagons = t.npasses = 0;
        if (is(g, i, JCZ_PASS) && is(g, i + 1, JCZ_COMMIT)) {
            t.abbey_pass = i;
            i += 2;
        }
        if (i >= g->nmsgs)
            break;
        if (!is(g, i, JCZ_PLACE_TILE)) {
            free(list);
            return unexpected(g, i, "jcz.expects-place-tile", err);
        }
        t.place = i++;
        if (is(g, i, JCZ_DEPLOY_MEEPLE) || is(g, i, JCZ_PASS))
            t.action = i++;
        if (is(g, i, JCZ_SHEPHERD_CONFIRM))
            t.confirm = i++;
        if (is(g, i, JCZ_FLOCK))
            t.flock = i++;
        if (!is(g, i, JCZ_COMMIT)) {
            if (i < g->nmsgs) {
                free(list);
                return unexpected(g, i, "jcz.expects-commit", err);
            }
            *pending = t;
            break;
        }
        t.commit = i++;
        for (;;) {
            if (is(g, i, JCZ_DEPLOY_MEEPLE)) {
                if (t.nwagons == CC_MAX_PLAYERS) {
                    free(list);
                    return unexpected(g, i, "jcz.expects-new-turn", err);
                }
                t.wagon[t.nwagons++] = i++;
                if (is(g, i, JCZ_COMMIT))
                    i++;
            } else if (is(g, i, JCZ_PASS) && !is(g, i + 1, JCZ_COMMIT)) {
                if (t.npasses++ == 0)
                    t.first_pass = i;
                i++;
            } else {
                break;
            }
        }
        list[n++] = t;
    }
    *turns = list;
    *nturns = n;
    return true;
}

/* ---- 2. the pile ------------------------------------------------------------ */

typedef struct {
    const jcz_game *g;
    int drawn;          /* tiles drawn so far: placed or discarded */
    int cursor;         /* next drawOrder entry */
    int hidden;         /* tiles hidden under hills */
    bool empty;         /* the last land tile is placed */
    int ndiscarded;     /* the drawOrder entries discarded by the last draw */
    int discarded[CC_MAX_TILES];
} pile;

/* Tiles the app would still draw after `drawn` draws with the drawOrder
 * cursor at `cursor`. */
static int pile_left(const pile *p, int drawn, int cursor)
{
    if (p->g->draw_limit >= 0)
        return p->g->draw_limit - drawn;
    if (p->g->draw_end)
        return p->g->ndraw - cursor;
    return p->g->pile - drawn - p->hidden;
}

static bool placeable(const cc_board *b, int type)
{
    cc_placement one;
    return cc_placements(b, type, &one, 1) > 0;
}

/* How the pile ends after a land tile, on board b (the board after it). */
typedef enum {
    PILE_GOES_ON,       /* a tile that fits is left (or may be: drawn at random) */
    PILE_EMPTY,         /* nothing is left: the move took the last tile */
    PILE_RUNS_OUT       /* what is left fits nowhere: the next player draws
                           it all, discards it, and the pile is empty */
} pile_end;

static pile_end pile_after(const pile *p, const cc_board *b, int *discards)
{
    int drawn = p->drawn, cursor = p->cursor;
    *discards = 0;
    if (pile_left(p, drawn, cursor) <= 0)
        return PILE_EMPTY;
    while (pile_left(p, drawn, cursor) > 0) {
        if (cursor >= p->g->ndraw || placeable(b, p->g->draw[cursor]))
            return PILE_GOES_ON;
        drawn++;
        cursor++;
        (*discards)++;
    }
    return PILE_RUNS_OUT;
}

/* The land tile of message m is drawn: discard what drawOrder drew before
 * it that cannot be placed on b, check the entry, count the draw. */
static bool draw_tile(pile *p, const cc_board *b, const cc_catalog *cat, int m, cc_error *err)
{
    const jcz_msg *msg = &p->g->msgs[m];
    p->ndiscarded = 0;
    while (p->cursor < p->g->ndraw && p->g->draw[p->cursor] != msg->tile) {
        int t = p->g->draw[p->cursor];
        if (placeable(b, t)) {
            char ptr[48];
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/tileId"),
                             SVC_P_REPLAY_DISAGREES, SVC_D_REPLAY_DRAW_ORDER,
                             CC_ARGS(CC_INT(INDEX, m), CC_STR(TILE, cat->types[msg->tile].reference_id),
                                     CC_INT(OTHER_INDEX, p->cursor),
                                     CC_STR(OTHER_TILE, cat->types[t].reference_id)));
        }
        if (p->ndiscarded < CC_MAX_TILES)
            p->discarded[p->ndiscarded++] = t;
        p->drawn++;     /* discarded: no place for it */
        p->cursor++;
    }
    if (p->cursor < p->g->ndraw)
        p->cursor++;
    p->drawn++;
    /* Hills & Sheep: a tile goes under a hill while the pile has any (not
     * when the game is set up without the hill element). */
    if (cat->types[msg->tile].hill && p->g->start.options.hills == CC_ELEMENT_ON &&
        pile_left(p, p->drawn, p->cursor) > 0)
        p->hidden++;
    return true;
}

/* ---- 3. the moves ----------------------------------------------------------- */

typedef struct {
    const jcz_game *g;
    const cc_catalog *cat;
    cc_position *pos;           /* before the turn */
} mover;

/* Type and rotation of the tile at (x, y): the placed one, or one in pos. */
static int tile_at(const mover *mo, const jcz_msg *place, int x, int y, int *rot)
{
    if (place->x == x && place->y == y) {
        *rot = mo->cat->types[place->tile].is_abbey ? 0 : place->rot;
        return place->tile;
    }
    for (int i = 0; i < mo->pos->ntiles; i++)
        if (mo->pos->tiles[i].x == x && mo->pos->tiles[i].y == y) {
            *rot = mo->pos->tiles[i].rot;
            return mo->pos->tiles[i].type;
        }
    return -1;
}

/* The feature k the pointer of message m names on the tile at its position. */
static bool pointer_k(const mover *mo, const jcz_msg *place, int m, int *k, cc_error *err)
{
    const jcz_msg *d = &mo->g->msgs[m];
    char ptr[64];
    int rot, type = tile_at(mo, place, d->px, d->py, &rot);
    if (type < 0)
        return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/pointer/position"),
                         SVC_P_TILE_NOT_ON_THE_BOARD, SVC_D_REPLAY_NO_TILE,
                         CC_ARGS(CC_INT(INDEX, m), CC_INT(X, d->px), CC_INT(Y, d->py)));
    *k = jcz_feature_k(&mo->cat->types[type], rot, d->classes, &d->loc);
    if (*k < 0)
        return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/pointer/location"),
                         SVC_P_NO_SUCH_FEATURE, SVC_D_REPLAY_NO_FEATURE,
                         CC_ARGS(CC_INT(INDEX, m), CC_STR(TILE, mo->cat->types[type].reference_id),
                                 CC_INT(X, d->px), CC_INT(Y, d->py)));
    return true;
}

/* The shepherd's draw of message m from the bag. */
static bool bag_draw(const jcz_bag *bag, const jcz_msg *msg, int m, int *token, cc_error *err)
{
    *token = jcz_bag_draw(bag, msg->random);
    if (*token != -1)
        return true;
    char ptr[48];
    return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/random"), SVC_P_SHEEP_BAG_EMPTY,
                     SVC_D_REPLAY_BAG_EMPTY, CC_ARGS(CC_INT(INDEX, m)));
}

static bool build_deploy(const mover *mo, const turn_msgs *t, cc_move *mv, cc_error *err)
{
    const jcz_msg *place = &mo->g->msgs[t->place];
    char ptr[64];
    if (t->action < 0 || mo->g->msgs[t->action].type != JCZ_DEPLOY_MEEPLE) {
        if (t->confirm >= 0)
            return unexpected(mo->g, t->confirm, "jcz.expects-no-confirm", err);
        return true;
    }
    int m = t->action;
    const jcz_msg *d = &mo->g->msgs[m];
    if (d->owner != mo->pos->active)
        return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/meepleId"),
                         SVC_P_NOT_THE_ACTIVE_PLAYERS_FIGURE, SVC_D_REPLAY_NOT_ACTIVE,
                         CC_ARGS(CC_INT(INDEX, m),
                                 CC_QUOTE(PLAYER, cc_error_quote(err, 0, mo->pos->players[d->owner])),
                                 CC_QUOTE(OTHER_PLAYER,
                                          cc_error_quote(err, 1, mo->pos->players[mo->pos->active]))));
    mv->deploy = true;
    mv->deploy_kind = d->kind;
    if (d->kind == CC_FIG_BARN) {
        /* A barn's pointer names the tile south-east of its junction. */
        static const int corner_of[2][2] = { { CC_CORNER_NW, CC_CORNER_SW },
                                             { CC_CORNER_NE, CC_CORNER_SE } };
        int dx = d->px - place->x, dy = d->py - place->y;
        if (dx < 0 || dx > 1 || dy < 0 || dy > 1)
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/pointer/position"),
                             SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_REPLAY_BARN_JUNCTION,
                             CC_ARGS(CC_INT(INDEX, m)));
        mv->deploy_at = cc_loc_make(CC_LOC_CORNER, corner_of[dx][dy]);
    } else {
        if (d->px != place->x || d->py != place->y)
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/pointer/position"),
                             SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_REPLAY_DEPLOY_ELSEWHERE,
                             CC_ARGS(CC_INT(INDEX, m), CC_INT(X, d->px), CC_INT(Y, d->py)));
        int k;
        if (!pointer_k(mo, place, m, &k, err))
            return false;
        mv->deploy_at = cc_loc_make(CC_LOC_FEATURE, k);
    }
    if (d->kind != CC_FIG_SHEPHERD) {
        if (t->confirm >= 0)
            return unexpected(mo->g, t->confirm, "jcz.expects-no-confirm", err);
        return true;
    }
    if (t->confirm < 0)
        return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, ""), SVC_P_SHEPHERDS_DRAW_MISSING,
                         SVC_D_REPLAY_NO_CONFIRM, CC_ARGS(CC_INT(INDEX, m)));
    jcz_bag bag;
    jcz_bag_fill(&bag, mo->pos);
    return bag_draw(&bag, &mo->g->msgs[t->confirm], t->confirm, &mv->first_token, err);
}

static bool build_wagons(const mover *mo, const turn_msgs *t, cc_move *mv, cc_error *err)
{
    const jcz_msg *place = &mo->g->msgs[t->place];
    char ptr[64];
    for (int w = 0; w < t->nwagons; w++) {
        int m = t->wagon[w];
        const jcz_msg *d = &mo->g->msgs[m];
        cc_move_wagon *mw = &mv->wagons[mv->nwagons];
        if (d->kind != CC_FIG_WAGON)
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/meepleId"),
                             SVC_P_MESSAGE_OUT_OF_ORDER, SVC_D_REPLAY_ONLY_WAGONS,
                             CC_ARGS(CC_INT(INDEX, m), CC_KIND(KIND, d->kind)));
        int from = -1;
        for (int i = 0; i < mo->pos->nfigures; i++)
            if (mo->pos->figures[i].kind == CC_FIG_WAGON && mo->pos->figures[i].player == d->owner)
                from = i;
        if (mv->deploy && mv->deploy_kind == CC_FIG_WAGON && d->owner == mo->pos->active) {
            mw->x = mv->x;
            mw->y = mv->y;
            mw->at = mv->deploy_at;
        } else if (from >= 0) {
            mw->x = mo->pos->figures[from].x;
            mw->y = mo->pos->figures[from].y;
            mw->at = mo->pos->figures[from].at;
        } else {
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, m, "/payload/meepleId"),
                             CC_MSG_P_NO_WAGON_THERE, SVC_D_REPLAY_NO_WAGON,
                             CC_ARGS(CC_INT(INDEX, m),
                                     CC_QUOTE(PLAYER, cc_error_quote(err, 0, mo->pos->players[d->owner]))));
        }
        int k;
        if (!pointer_k(mo, place, m, &k, err))
            return false;
        mw->to_x = d->px;
        mw->to_y = d->py;
        mw->to_at = cc_loc_make(CC_LOC_FEATURE, k);
        mv->nwagons++;
    }
    return true;
}

static bool build_move(const mover *mo, const turn_msgs *t, cc_move *mv, cc_error *err)
{
    const jcz_msg *place = &mo->g->msgs[t->place];
    *mv = cc_move_make(place->tile, place->x, place->y,
                       mo->cat->types[place->tile].is_abbey ? 0 : place->rot);
    if (!build_deploy(mo, t, mv, err))
        return false;
    if (t->flock >= 0) {
        const jcz_msg *f = &mo->g->msgs[t->flock];
        mv->shepherd = f->expand ? CC_SHEPHERD_GROW : CC_SHEPHERD_GUIDE;
        if (f->expand) {
            jcz_bag bag;
            jcz_bag_for_grow(mo->pos, mo->cat, mv, &bag);
            if (!bag_draw(&bag, f, t->flock, &mv->grow_token, err))
                return false;
        }
    }
    return build_wagons(mo, t, mv, err);
}

/* ---- 4. the engine's verdicts --------------------------------------------- */

/* The replay message (and member) a pointer into a /v1/turn move names. */
static void message_of(const turn_msgs *t, const char *move_ptr, char *out, size_t size, int *index)
{
    int m = t->place;
    const char *member = "";
    if (strncmp(move_ptr, "/deploy/token", 13) == 0 && t->confirm >= 0) {
        m = t->confirm;
        member = "/payload/random";
    } else if (strncmp(move_ptr, "/deploy", 7) == 0 && t->action >= 0) {
        m = t->action;
        member = strcmp(move_ptr, "/deploy/kind") == 0 ? "/payload/meepleId" : "/payload/pointer";
    } else if (strncmp(move_ptr, "/shepherd", 9) == 0 && t->flock >= 0) {
        m = t->flock;
        member = "/payload/value";
    } else if (strncmp(move_ptr, "/wagons/", 8) == 0) {
        int w = (int)strtol(move_ptr + 8, NULL, 10);
        if (w >= 0 && w < t->nwagons) {
            m = t->wagon[w];
            member = "/payload/pointer";
        }
    } else if (strcmp(move_ptr, "/rot") == 0) {
        member = "/payload/rotation";
    } else if (strcmp(move_ptr, "/x") == 0 || strcmp(move_ptr, "/y") == 0) {
        member = "/payload/position";
    } else if (strcmp(move_ptr, "/tile") == 0) {
        member = "/payload/tileId";
    }
    *index = m;
    msg_ptr(out, size, m, member);
}

static bool illegal(const jcz_game *g, const turn_msgs *t, int turn, const cc_turn_result *r,
                    const char *lang, cc_error *err)
{
    char ptr[CC_POINTER_MAX];
    int m;
    message_of(t, r->pointer, ptr, sizeof ptr, &m);
    /* The reason names players of the position, which the answer does not
     * keep: it is worded here, in the answer's language, and quoted. */
    char reason[CC_DETAIL_MAX];
    txt_args a = { .pos = &r->scored };
    txt_format(lang, &r->reason, &a, reason, sizeof reason);
    return fail_text(err, 422, ptr, SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_REPLAY_AGAINST_THE_RULES,
                     CC_ARGS(CC_INT(INDEX, m), CC_INT(TURN, turn),
                             CC_STR(VALUE, type_names[g->msgs[m].type]),
                             CC_QUOTE(WHY, cc_error_quote(err, 0, reason)),
                             CC_QUOTE(RULE, cc_error_quote(err, 1, r->rule ? r->rule : ""))));
}

/* The engine's problem about a replayed move, said of the file's message:
 * its kind stays, its detail (worded in lang, cut to 280 bytes) is quoted
 * after the message and the turn. */
static bool not_a_move(const turn_msgs *t, int turn, const char *lang, cc_error *err)
{
    char ptr[CC_POINTER_MAX], detail[CC_DETAIL_MAX], cut[281];
    int m;
    message_of(t, err->pointer, ptr, sizeof ptr, &m);
    if (err->problem < 0) {   /* English (cc_fail): it stays English */
        snprintf(detail, sizeof detail, "replay/%d (turn %d): %.280s", m, turn, err->detail);
        snprintf(err->pointer, sizeof err->pointer, "%s", ptr);
        snprintf(err->detail, sizeof err->detail, "%s", detail);
        cc_utf8_trim(err->detail);   /* cut inside a character: not UTF-8 */
        return false;
    }
    txt_args a = { .err = err };
    txt_format(lang, &err->text, &a, detail, sizeof detail);
    snprintf(cut, sizeof cut, "%.280s", detail);
    cc_utf8_trim(cut);
    cc_error was = *err;      /* its suggestions and locations stay the answer's */
    fail_text(err, (int)was.status, ptr, was.problem, SVC_D_REPLAY_NOT_A_MOVE,
              CC_ARGS(CC_INT(INDEX, m), CC_INT(TURN, turn),
                      CC_QUOTE(WHY, cc_error_quote(err, 0, cut))));
    err->nsuggestions = was.nsuggestions;
    memcpy(err->suggestions, was.suggestions, sizeof err->suggestions);
    err->nplaces = was.nplaces;
    memcpy(err->places, was.places, sizeof err->places);
    return false;
}

/* A move that names a figure's spot the tile does not have may be wrong
 * about the tile first: when the tile alone cannot go there, say that
 * (err is replaced); otherwise err keeps its complaint. */
static void tile_first(const jcz_game *g, const cc_catalog *cat, const turn_msgs *t, int turn,
                       const cc_position *pos, cc_turn_result *r, const char *lang,
                       cc_error *err)
{
    const jcz_msg *place = &g->msgs[t->place];
    cc_move bare = cc_move_make(place->tile, place->x, place->y,
                                cat->types[place->tile].is_abbey ? 0 : place->rot);
    cc_error ignored;
    if (cc_turn(pos, cat, &bare, r, &ignored) && !r->legal &&
        (strcmp(r->pointer, "/x") == 0 || strcmp(r->pointer, "/rot") == 0 ||
         strcmp(r->pointer, "/tile") == 0))
        illegal(g, t, turn, r, lang, err);
}

/* The PASSes of the wagon phase: the wagons this turn's scoring sent back
 * that could have moved and did not, as the engine counts them
 * (cc_turn_wagon_steps, which the writer follows too). work: scratch. */
static int wagons_back(const cc_turn_result *r, cc_position *work)
{
    cc_wagon_step steps[CC_MAX_FIGURES];
    int n = cc_turn_wagon_steps(r, work, steps), passes = 0;
    for (int s = 0; s < n; s++)
        passes += steps[s].move < 0;
    return passes;
}

/* ---- 5. the game ---------------------------------------------------------------- */

typedef struct {
    cc_position pos;
    cc_board now;               /* the board of pos */
    cc_features features;       /* scratch */
    cc_turn_result result;
    cc_position scratch;        /* the wagon phase's (wagons_back) */
    const char *lang;           /* the reasons' language (NULL: English) */
} workspace;

static bool later_land_tile(const jcz_game *g, const cc_catalog *cat, const turn_msgs *turns,
                            int n, int k, const turn_msgs *pending)
{
    for (int j = k + 1; j < n; j++)
        if (!cat->types[g->msgs[turns[j].place].tile].is_abbey)
            return true;
    return pending->place >= 0 && !cat->types[g->msgs[pending->place].tile].is_abbey;
}

/* The start position, validated: its board becomes w->now. */
static bool start(const jcz_game *g, const cc_catalog *cat, workspace *w, cc_error *err)
{
    w->pos = g->start;
    if (cc_validate(&w->pos, cat, &w->now, &w->features, err))
        return true;
    static const char tiles[] = "/position/tiles/";
    char rest[CC_POINTER_MAX];
    if (strncmp(err->pointer, tiles, sizeof tiles - 1) == 0)
        snprintf(rest, sizeof rest, "/setup/start/%.100s", err->pointer + sizeof tiles - 1);
    else
        snprintf(rest, sizeof rest, "/setup/start");
    snprintf(err->pointer, sizeof err->pointer, "%s", rest);
    return false;
}

/* The tile turn `played` + 1 places, when the file says. */
static int next_tile(const jcz_game *g, const cc_catalog *cat, const workspace *w,
                     const pile *p, bool over, const turn_msgs *pending)
{
    if (over)
        return -1;
    if (p->empty)
        return cc_catalog_abbey(cat);
    if (pending->place >= 0)
        return g->msgs[pending->place].tile;
    int drawn = p->drawn;
    for (int c = p->cursor; c < g->ndraw && pile_left(p, drawn, c) > 0; c++, drawn++)
        if (placeable(&w->now, g->draw[c]))
            return g->draw[c];
    return -1;
}

static bool play(const jcz_game *g, const cc_catalog *cat, const turn_msgs *turns, int n,
                 const turn_msgs *pending, int upto, jcz_turn_fn *fn, void *arg, workspace *w,
                 jcz_replay_result *out, cc_error *err)
{
    pile p;
    memset(&p, 0, sizeof p);
    p.g = g;
    mover mo = { g, cat, &w->pos };
    bool over = false;
    int played = 0;
    char ptr[64];
    for (int k = 0; k < n && (upto < 0 || played < upto); k++) {
        const turn_msgs *t = &turns[k];
        const jcz_msg *place = &g->msgs[t->place];
        bool land = !cat->types[place->tile].is_abbey;
        if (over)
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, t->place, ""),
                             SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_REPLAY_AFTER_END,
                             CC_ARGS(CC_INT(INDEX, t->place), CC_INT(TURN, k + 1)));
        if (place->player >= 0 && place->player != w->pos.active)
            /* Out of turn; once the pile is empty, an abbey held must come first. */
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, t->place, "/player"),
                             SVC_P_MOVE_AGAINST_THE_RULES,
                             p.empty ? SVC_D_REPLAY_ABBEY_FIRST : SVC_D_REPLAY_TURN_ORDER,
                             CC_ARGS(CC_INT(INDEX, t->place),
                                     CC_QUOTE(PLAYER, cc_error_quote(err, 0, w->pos.players[place->player])),
                                     CC_QUOTE(OTHER_PLAYER,
                                              cc_error_quote(err, 1, w->pos.players[w->pos.active]))));
        if (land && p.empty)
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, t->place, "/payload/tileId"),
                             SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_REPLAY_PILE_EMPTY,
                             CC_ARGS(CC_INT(INDEX, t->place)));
        cc_move mv;
        if (!build_move(&mo, t, &mv, err)) {
            tile_first(g, cat, t, k + 1, &w->pos, &w->result, w->lang, err);
            return false;
        }
        p.ndiscarded = 0;
        if (land && !draw_tile(&p, &w->now, cat, t->place, err))
            return false;
        mv.pile_empty = !land && p.empty;
        if (!cc_turn(&w->pos, cat, &mv, &w->result, err))
            return not_a_move(t, k + 1, w->lang, err);
        if (!w->result.legal)
            return illegal(g, t, k + 1, &w->result, w->lang, err);
        pile_end end = PILE_GOES_ON;
        int discards = 0;
        if (land && !later_land_tile(g, cat, turns, n, k, pending))
            end = pile_after(&p, &w->result.board, &discards);
        if (end == PILE_EMPTY) {
            p.empty = mv.pile_empty = true;
            if (!cc_turn(&w->pos, cat, &mv, &w->result, err))
                return not_a_move(t, k + 1, w->lang, err);
        }
        jcz_turn info = { k + 1, t->place, &mv, &w->pos, &w->result, false, p.ndiscarded, p.discarded };
        if (fn != NULL && !fn(arg, &info, err))
            return false;
        over = w->result.game_over;
        w->pos = w->result.next;
        w->now = w->result.board;
        played++;
        if (end == PILE_RUNS_OUT) {
            /* The next player's draws all fit nowhere: no move, and what
             * follows the last tile follows now (from the player after). */
            p.ndiscarded = 0;
            for (int d = 0; d < discards && d < CC_MAX_TILES; d++)
                p.discarded[p.ndiscarded++] = g->draw[p.cursor + d];
            p.drawn += discards;
            p.cursor += discards;
            p.empty = true;
            if (!cc_turn_pass(&w->pos, cat, &w->result, err))
                return not_a_move(t, k + 1, w->lang, err);
            jcz_turn ran_out = { k + 1, t->place, NULL, &w->pos, &w->result, true,
                                 p.ndiscarded, p.discarded };
            if (fn != NULL && !fn(arg, &ran_out, err))
                return false;
            over = w->result.game_over;
            w->pos = w->result.next;
        }
        int back = wagons_back(&w->result, &w->scratch);
        if (t->npasses > back && p.empty && !over && (upto < 0 || played < upto))
            return fail_text(err, 422, msg_ptr(ptr, sizeof ptr, t->first_pass + back, ""),
                             SVC_P_MOVE_AGAINST_THE_RULES, SVC_D_REPLAY_PASS_WITH_ABBEY,
                             CC_ARGS(CC_INT(INDEX, t->first_pass + back),
                                     CC_QUOTE(PLAYER, cc_error_quote(err, 0, w->pos.players[w->pos.active]))));
    }
    out->turns = n;
    out->played = played;
    out->game_over = over;
    out->position = w->pos;
    out->next_tile = played < n ? g->msgs[turns[played].place].tile
                                : next_tile(g, cat, w, &p, over, pending);
    return true;
}

bool jcz_replay(const jcz_game *g, const cc_catalog *cat, int upto, jcz_turn_fn *fn, void *arg,
                const char *lang, jcz_replay_result *out, cc_error *err)
{
    turn_msgs *turns = NULL, pending;
    int n = 0;
    workspace *w = malloc(sizeof *w);
    if (w == NULL)
        return fail_text(err, 500, "", CC_MSG_P_OUT_OF_MEMORY, SVC_D_NO_MEMORY_REPLAY, CC_NO_ARGS);
    w->lang = lang;
    bool ok = segment(g, &turns, &n, &pending, err) && start(g, cat, w, err) &&
              play(g, cat, turns, n, &pending, upto, fn, arg, w, out, err);
    free(turns);
    free(w);
    return ok;
}
