/* random_game.c -- see random_game.h.
 *
 * One turn is: choose the abbey or draw (discarding what fits nowhere),
 * choose a placement, lay the tile on a copy of the position to learn the
 * deployment options and whether a shepherd must act, choose, play the
 * move with cc_turn(), then choose the returned wagons' destinations on
 * the scored position and, if any wagon rolls, play the move again with
 * them. The engine judges every move; a move it refuses is a bug (500).
 *
 * Contents: setup checks and the start; the bags (tiles, sheep tokens);
 * the choices; the turn; the end.
 */
#include "random_game.h"

#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "features.h"
#include "messages.h"
#include "river.h"
#include "rng.h"
#include "shepherd.h"
#include "validate.h"
#include "wagon.h"

struct cc_game {
    const cc_catalog *cat;
    cc_rng rng;
    int max_turns;                /* 0: no cap */
    int abbey_type;               /* -1 without Abbey & Mayor */
    int nbag;                     /* land tiles in the bag at the start */
    int drawn;                    /* bag[0 .. drawn) are out of the bag */
    int put_back;                 /* river tiles put back since the last
                                     placement (put_back_in_river) */
    int bag[CC_MAX_TILES];        /* tile types, in draw order */
    int nturns;
    bool over;                    /* ended by the rules */
    bool final_done;
    cc_position pos;              /* the position the next turn starts from */
    cc_game_turn turn;            /* the last turn played */
    cc_turn_result result;        /* its cc_turn() answer */
    cc_board board;               /* work space: the position's board ... */
    cc_features features;         /* ... and features */
    cc_position laid;             /* the position with the tile laid */
    cc_turn_counting counting;    /* Messages' counting of a turn ... */
    cc_turn_counting counting_end;   /* ... and of the end-game scoring it ends with */
    cc_score_result final;        /* cc_game_final() of a game not ended by a move */
    cc_wagon_dest dests[CC_MAX_WAGON_DESTS];   /* one wagon's destinations */
};

/* ---- setup and the start --------------------------------------------------------- */

static bool check_setup(const cc_game_setup *s, cc_error *err)
{
    if (s->seed > CC_GAME_SEED_MAX)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/seed", CC_MSG_P_SETUP_OUT_OF_RANGE,
                       CC_MSG_D_SEED_RANGE, CC_INT(MIN, 0));
    if (s->nplayers < CC_MIN_PLAYERS || s->nplayers > CC_MAX_PLAYERS)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/players", CC_MSG_P_SETUP_OUT_OF_RANGE,
                       CC_MSG_D_PLAYERS_RANGE, CC_INT(MIN, CC_MIN_PLAYERS),
                       CC_INT(MAX, CC_MAX_PLAYERS), CC_INT(COUNT, s->nplayers));
    for (int i = 0; i < s->nplayers; i++) {
        size_t n = strnlen(s->players[i], CC_NAME_MAX);
        if (n == 0 || n >= CC_NAME_MAX)
            return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/players", CC_MSG_P_SETUP_OUT_OF_RANGE,
                           CC_MSG_D_NAME_LENGTH, CC_INT(MIN, 1), CC_INT(MAX, CC_NAME_MAX - 1));
        for (int j = 0; j < i; j++)
            if (strcmp(s->players[i], s->players[j]) == 0)
                return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/players", CC_MSG_P_SETUP_OUT_OF_RANGE,
                               CC_MSG_D_NAME_TWICE,
                               CC_QUOTE(PLAYER, cc_error_quote(err, 0, s->players[i])));
    }
    if (s->max_turns < 0 || s->max_turns > CC_GAME_MAX_TURNS)
        return CC_FAIL(err, CC_ERR_BAD_REQUEST, "/turns", CC_MSG_P_SETUP_OUT_OF_RANGE,
                       CC_MSG_D_TURNS_RANGE, CC_INT(MIN, CC_GAME_MIN_TURNS),
                       CC_INT(MAX, CC_GAME_MAX_TURNS));
    return true;
}

/* Shuffle bag[from .. nbag). */
static void shuffle(cc_game *g, int from)
{
    for (int i = g->nbag - 1; i > from; i--) {
        int j = from + (int)cc_rng_below(&g->rng, (uint32_t)(i - from) + 1);
        int swap = g->bag[i];
        g->bag[i] = g->bag[j];
        g->bag[j] = swap;
    }
}

/* Which part of the bag a tile type goes to: the river comes first (the
 * fork, then the other river tiles shuffled, then the lakes), the land
 * tiles after it, shuffled (river.placement.first, -.fork-first,
 * -.lake-last). Without a river every land tile is phase 3. */
static int bag_phase(const cc_tile_type *tt)
{
    if (!cc_tile_is_river(tt))
        return 3;
    return tt->fork ? 0 : tt->lake ? 2 : 1;
}

/* Fill the bag with every tile of the expansions in play but the start
 * tile (one copy fewer) in draw order; *start = the start tile's type: the
 * spring with a river (river.setup.spring), else base.D. */
static bool fill_bag(cc_game *g, unsigned expansions, int *start, cc_error *err)
{
    *start = -1;
    g->nbag = 0;
    for (int t = 0; t < g->cat->ntypes; t++) {
        const cc_tile_type *tt = &g->cat->types[t];
        bool is_start = (expansions & CC_EXP_RIVERS) ? tt->spring : tt->is_start;
        if (is_start && *start < 0)
            *start = t;
    }
    if (*start < 0)
        return CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "", CC_MSG_P_NO_START_TILE, CC_MSG_D_NO_START_TILE);
    for (int phase = 0; phase <= 3; phase++) {
        int from = g->nbag;
        for (int t = 0; t < g->cat->ntypes; t++) {
            const cc_tile_type *tt = &g->cat->types[t];
            if (tt->is_abbey || bag_phase(tt) != phase)
                continue;
            int copies = cc_tile_copies(tt, expansions) - (t == *start ? 1 : 0);
            for (int c = 0; c < copies && g->nbag < CC_MAX_TILES - 1; c++)
                g->bag[g->nbag++] = t;
        }
        shuffle(g, from);
    }
    g->drawn = 0;
    return true;
}

cc_game *cc_game_new(const cc_catalog *cat, const cc_game_setup *setup, cc_error *err)
{
    if (!check_setup(setup, err))
        return NULL;
    cc_game *g = calloc(1, sizeof *g);
    if (g == NULL) {
        CC_FAIL0(err, (cc_status)500, "", CC_MSG_P_OUT_OF_MEMORY, CC_MSG_D_NO_MEMORY_FOR_A_GAME);
        return NULL;
    }
    g->cat = cat;
    g->max_turns = setup->max_turns;
    cc_rng_seed(&g->rng, setup->seed, CC_GAME_RNG_STREAM);
    unsigned expansions = setup->expansions | CC_EXP_BASE;
    g->abbey_type = (expansions & CC_EXP_ABBEY_MAYOR) ? cc_catalog_abbey(cat) : -1;
    int start;
    if ((expansions & CC_EXP_ABBEY_MAYOR) && g->abbey_type < 0) {
        CC_FAIL0(err, CC_ERR_IMPOSSIBLE, "/expansions", CC_MSG_P_NO_ABBEY_TILE, CC_MSG_D_NO_ABBEY_TILE);
        free(g);
        return NULL;
    }
    if (!fill_bag(g, expansions, &start, err)) {
        free(g);
        return NULL;
    }
    cc_position *p = &g->pos;
    cc_position_init(p);
    p->expansions = expansions;
    p->options = setup->options;
    p->nplayers = setup->nplayers;
    memcpy(p->players, setup->players, sizeof p->players);
    p->active = 0;
    p->ntiles = 1;
    p->tiles[0] = (cc_placed_tile){ .type = start, .x = 0, .y = 0, .rot = 0, .owner = -1 };
    for (int i = 0; i < p->nplayers; i++)
        p->abbeys[i] = g->abbey_type >= 0 ? 1 : 0;
    return g;
}

void cc_game_free(cc_game *g)
{
    free(g);
}

bool cc_game_over(const cc_game *g)
{
    return g->over;
}

int cc_game_turns(const cc_game *g)
{
    return g->nturns;
}

const cc_position *cc_game_position(const cc_game *g)
{
    return &g->pos;
}

/* ---- the bags ----------------------------------------------------------------- */

static bool pile_empty(const cc_game *g)
{
    return g->drawn >= g->nbag;
}

/* Draw a token from the sheep bag: 4, 5, 5, 2 tokens of 1..4 sheep and 2
 * wolves (hills-and-sheep: components), less those beside shepherds on
 * the board of pos. */
static int draw_token(cc_game *g, const cc_position *pos)
{
    int left[CC_TOKEN_MAX_SHEEP + 1] = { 2, 4, 5, 5, 2 };   /* [0] wolves, [n] n sheep */
    for (int i = 0; i < pos->nfigures; i++)
        for (int k = 0; k < pos->figures[i].nflock; k++) {
            int tok = pos->figures[i].flock[k];
            if (tok >= 1 && tok <= CC_TOKEN_MAX_SHEEP && left[tok] > 0)
                left[tok]--;
        }
    int total = 0;
    for (int k = 0; k <= CC_TOKEN_MAX_SHEEP; k++)
        total += left[k];
    int r = (int)cc_rng_below(&g->rng, (uint32_t)total);
    /* The bag in the order 1, 2, 3, 4 sheep, then the wolves. */
    for (int k = 1; k <= CC_TOKEN_MAX_SHEEP; k++) {
        if (r < left[k])
            return k;
        r -= left[k];
    }
    return CC_TOKEN_WOLF;
}

/* ---- the choices -------------------------------------------------------------- */

/* Can player p place an abbey on the board now? */
static bool river_holds_back(const cc_game *g, int drawn);

static bool abbey_fits(const cc_game *g, const cc_position *pos, int p)
{
    if (g->abbey_type < 0 || pos->abbeys[p] <= 0)
        return false;
    cc_placement one;
    /* The abbey is a land tile: not while the river is still being laid
     * (river.placement.first), even in a hole the river's bends left. */
    return cc_placements(&g->board, g->abbey_type, &one, 1) > 0 &&
           !river_holds_back(g, g->abbey_type);
}

/* Step 3: the index of the deployment option chosen, or -1 for none. */
static int choose_deployment(cc_game *g, const cc_game_turn *t)
{
    if (t->ndeployments == 0 || cc_rng_chance(&g->rng, 1, 4))
        return -1;
    int nkinds = 0, kinds[CC_FIG_NKINDS] = { 0 };
    for (int k = 0; k < CC_FIG_NKINDS; k++)
        for (int i = 0; i < t->ndeployments; i++)
            if (t->deployments[i].kind == (cc_figure_kind)k) {
                kinds[nkinds++] = k;
                break;
            }
    int kind = kinds[cc_rng_below(&g->rng, (uint32_t)nkinds)];
    int n = 0, of_kind[CC_MAX_DEPLOY_OPTIONS] = { 0 };
    for (int i = 0; i < t->ndeployments; i++)
        if (t->deployments[i].kind == (cc_figure_kind)kind)
            of_kind[n++] = i;
    return of_kind[cc_rng_below(&g->rng, (uint32_t)n)];
}

/* Step 5: the returned wagons' destinations, chosen in seat order on a
 * copy of the scored position (each roll occupies a feature for the next).
 * Fills mv->wagons; returns how many roll. */
static int choose_wagons(cc_game *g, const cc_turn_result *r, cc_move *mv)
{
    cc_position *work = &g->laid;   /* free again once the move is played */
    *work = r->scored;
    bool gone[CC_MAX_FIGURES] = { false };
    cc_score_returned(&r->turn, gone);
    cc_wagon_dest *dests = g->dests;
    int n = 0;
    for (int s = 0; s < work->nplayers; s++) {
        int player = (work->active + s) % work->nplayers;
        for (int i = 0; i < work->nfigures; i++) {
            if (work->figures[i].kind != CC_FIG_WAGON || work->figures[i].player != player ||
                !cc_wagon_may_move(work, &r->features, i, gone))
                continue;
            int nd = cc_wagon_destinations(work, &r->features, i, gone, dests, CC_MAX_WAGON_DESTS);
            if (nd == 0 || cc_rng_chance(&g->rng, 1, 4))
                continue;
            const cc_wagon_dest *d = &dests[cc_rng_below(&g->rng, (uint32_t)nd)];
            cc_wagon_choice c = { .figure = i, .x = d->x, .y = d->y, .at = d->at };
            int bad;
            const char *rule;
            if (!cc_wagon_apply(work, &r->features, gone, &c, 1, &bad, &rule))
                continue;   /* cannot happen: d is one of its destinations */
            const cc_figure *from = &r->scored.figures[i];
            mv->wagons[n++] = (cc_move_wagon){ .x = from->x, .y = from->y, .at = from->at,
                                               .to_x = d->x, .to_y = d->y, .to_at = d->at };
        }
    }
    mv->nwagons = n;
    return n;
}

/* ---- the turn ----------------------------------------------------------------- */

/* The engine refused what it offered: a bug, reported as a 500 whose
 * detail (`what`: a CC_MSG_D_REFUSED_* id) names the engine's objection by
 * its message id (the engine has no words) -- unless it ran out of memory,
 * which is no bug and is passed on as it is. */
static int engine_refused(cc_error *err, int what, const cc_error *why)
{
    if (cc_error_out_of_memory(why)) {
        if (err != NULL)
            *err = *why;
        return -1;
    }
    /* Every engine problem is a message id; "?" if one ever is not. */
    const char *id = why->problem >= 0 ? cc_msg_id(why->text.msg) : "?";
    CC_FAIL(err, (cc_status)500, "", CC_MSG_P_RANDOM_GAME_FAILED, what, CC_STR(WHY, id));
    return -1;
}

/* A move cc_turn() judged illegal, as a refusal: its reason's message id. */
static int move_refused(cc_error *err, const cc_turn_result *r)
{
    CC_FAIL(err, (cc_status)500, "", CC_MSG_P_RANDOM_GAME_FAILED, CC_MSG_D_REFUSED_MOVE,
            CC_STR(WHY, cc_msg_id(r->reason.msg)));
    return -1;
}

/* The position's board and features into g->board / g->features. */
static bool build(cc_game *g, const cc_position *pos, cc_error *err)
{
    cc_error why;
    if (cc_validate(pos, g->cat, &g->board, &g->features, &why))
        return true;
    engine_refused(err, CC_MSG_D_REFUSED_POSITION, &why);
    return false;
}

/* A turn in which every tile drawn was discarded and the pile ran out:
 * the next player holding an abbey with a hole plays next
 * (abbey.abbey.end-of-game), or the game is over. */
static int pass(cc_game *g, cc_game_turn *t)
{
    const cc_position *pos = &g->pos;
    t->next = *pos;
    int next = -1;
    for (int s = 1; s < pos->nplayers && next < 0; s++) {
        int p = (pos->active + s) % pos->nplayers;
        if (abbey_fits(g, pos, p))
            next = p;
    }
    if (next >= 0)
        t->next.active = next;
    else
        t->game_over = g->over = true;
    g->nturns++;
    return 1;
}

/* Does the river's order refuse the tile drawn (river.h: a lake while a
 * river tile that fits is still to come, say)? A river tile that fit
 * nowhere when drawn was discarded, and one may fit once the river has
 * grown; the order then holds the lake back, and the tile is discarded as
 * one that cannot be played (base.placement.discard). */
static bool river_holds_back(const cc_game *g, int drawn)
{
    if (!(g->pos.expansions & CC_EXP_RIVERS))
        return false;
    cc_river r;
    cc_river_read(&g->board, &r);
    return cc_river_draw_refusal(&g->pos, &g->board, &r, drawn) != NULL;
}

/* A river tile other than a lake that fits nowhere goes back into the
 * river's part of the bag, under the other river tiles still there (and
 * above the lakes), to be drawn again once the river has grown: the rule
 * page says nothing of a river tile that fits nowhere (docs/
 * clarifications.md#river-readings, 8), and a discard would leave the
 * river shorter than the box. Each tile still there may be put back once
 * between two placements; after that, or with no other river tile left,
 * it is discarded (base.placement.discard): the board has not changed, so
 * it will fit nowhere later either. bag[g->drawn - 1] is the tile drawn. */
static bool put_back_in_river(cc_game *g, int drawn)
{
    const cc_tile_type *tt = &g->cat->types[drawn];
    if (!cc_tile_is_river(tt) || tt->lake)
        return false;
    int end = g->drawn;
    while (end < g->nbag && bag_phase(&g->cat->types[g->bag[end]]) == 1)
        end++;
    if (g->put_back >= end - g->drawn)
        return false;
    memmove(&g->bag[g->drawn - 1], &g->bag[g->drawn], (size_t)(end - g->drawn) * sizeof g->bag[0]);
    g->bag[end - 1] = drawn;
    g->drawn--;
    g->put_back++;
    return true;
}

/* Steps 1 and 2: the tile (drawing and discarding) or the abbey, and where
 * it goes. Returns the tile type, or -1 when every tile drawn was
 * discarded and the pile is empty. */
static int choose_tile(cc_game *g, cc_game_turn *t)
{
    const cc_position *pos = &g->pos;
    bool can_abbey = abbey_fits(g, pos, pos->active);
    int type = -1;
    if (can_abbey && (pile_empty(g) || cc_rng_chance(&g->rng, 1, 4))) {
        t->abbey = true;
        type = g->abbey_type;
        t->nplacements = cc_placements(&g->board, type, t->placements, CC_MAX_PLACEMENTS);
    }
    while (type < 0 && !pile_empty(g)) {
        int drawn = g->bag[g->drawn++];
        t->nplacements = cc_placements(&g->board, drawn, t->placements, CC_MAX_PLACEMENTS);
        if (t->nplacements > 0 && river_holds_back(g, drawn))
            t->nplacements = 0;
        if (t->nplacements > 0)
            type = drawn;
        else if (!put_back_in_river(g, drawn))
            t->discarded[t->ndiscarded++] = drawn;
    }
    if (type >= 0)
        g->put_back = 0;
    if (type < 0 && can_abbey) {   /* the pile ran out: the abbey is a must */
        t->abbey = true;
        type = g->abbey_type;
        t->nplacements = cc_placements(&g->board, type, t->placements, CC_MAX_PLACEMENTS);
    }
    return type;
}

/* The position with the tile of mv laid (and the abbey out of hand), into
 * g->laid, its board and features; the tile's index. */
static int lay(cc_game *g, const cc_move *mv, bool abbey, cc_error *err)
{
    cc_position *laid = &g->laid;
    *laid = g->pos;
    laid->tiles[laid->ntiles++] = (cc_placed_tile){ .type = mv->type, .x = mv->x, .y = mv->y,
                                                    .rot = mv->rot,
                                                    .owner = abbey ? laid->active : -1 };
    if (abbey)
        laid->abbeys[laid->active]--;
    return build(g, laid, err) ? laid->ntiles - 1 : -1;
}

/* Steps 3 and 4 on the laid tile: the deployment and the shepherd. */
static void choose_figures(cc_game *g, cc_game_turn *t, int tile, cc_move *mv)
{
    t->ndeployments = cc_deployments(&g->laid, &g->features, tile, t->deployments);
    int d = choose_deployment(g, t);
    if (d >= 0) {
        mv->deploy = true;
        mv->deploy_kind = t->deployments[d].kind;
        mv->deploy_at = t->deployments[d].at;
        if (mv->deploy_kind == CC_FIG_SHEPHERD)
            mv->first_token = draw_token(g, &g->pos);
    }
    if (cc_shepherd_to_act(&g->laid, &g->features, tile, -1) >= 0) {
        if (cc_rng_chance(&g->rng, 1, 2)) {
            mv->shepherd = CC_SHEPHERD_GROW;
            mv->grow_token = draw_token(g, &g->pos);
        } else {
            mv->shepherd = CC_SHEPHERD_GUIDE;
        }
    }
}

/* Play mv; -1 with err unless the engine finds it legal. */
static int play(cc_game *g, const cc_move *mv, cc_error *err)
{
    cc_error why;
    if (!cc_turn(&g->pos, g->cat, mv, &g->result, &why))
        return engine_refused(err, CC_MSG_D_REFUSED_MOVE, &why);
    if (!g->result.legal)
        return move_refused(err, &g->result);
    return 1;
}

/* The position after the move, its points counted as /v1/turn counts them
 * without a `counting` choice (engine/messages.h defaults): the scoring
 * phase, then, when the move ends the game, the end-game scoring counted
 * on from there. */
static int count_points(cc_game *g, cc_game_turn *t, cc_error *err)
{
    const cc_turn_result *r = &g->result;
    const cc_turn_counting *last = &g->counting;
    cc_error why;
    cc_messages_counting_init(&g->counting);
    if (!cc_messages_after_scoring(&r->scored, &r->turn, &g->counting, &why))
        return engine_refused(err, CC_MSG_D_REFUSED_COUNTING, &why);
    if (r->game_over) {
        cc_messages_counting_init(&g->counting_end);
        if (!cc_messages_after_final(&r->scored, &g->counting, &r->final, &g->counting_end, &why))
            return engine_refused(err, CC_MSG_D_REFUSED_FINAL_COUNTING, &why);
        last = &g->counting_end;
    }
    t->next = r->next;
    for (int p = 0; p < t->next.nplayers; p++) {
        t->next.scores[p][0] = last->counting[p].after[0];
        t->next.scores[p][1] = last->counting[p].after[1];
    }
    return 1;
}

int cc_game_step(cc_game *g, const cc_game_turn **turn, cc_error *err)
{
    if (g->over || (g->max_turns > 0 && g->nturns >= g->max_turns))
        return 0;
    cc_game_turn *t = &g->turn;
    const cc_position *pos = &g->pos;
    t->number = g->nturns;
    t->player = pos->active;
    t->before = *pos;
    t->ndiscarded = t->nplacements = t->ndeployments = 0;
    t->moved = t->abbey = t->game_over = false;
    t->under_hill = -1;
    t->result = NULL;
    *turn = t;
    if (!build(g, pos, err))
        return -1;
    int type = choose_tile(g, t);
    if (type < 0)
        return pass(g, t);
    const cc_placement *pl = &t->placements[cc_rng_below(&g->rng, (uint32_t)t->nplacements)];
    cc_move mv = cc_move_make(type, pl->x, pl->y, t->abbey ? 0 : pl->rot);
    if (!t->abbey && g->cat->types[type].hill && pos->options.hills == CC_ELEMENT_ON &&
        !pile_empty(g))
        t->under_hill = g->bag[g->drawn++];
    mv.pile_empty = pile_empty(g);
    int tile = lay(g, &mv, t->abbey, err);
    if (tile < 0)
        return -1;
    choose_figures(g, t, tile, &mv);
    if (play(g, &mv, err) < 0)
        return -1;
    if (choose_wagons(g, &g->result, &mv) > 0 && play(g, &mv, err) < 0)
        return -1;
    if (count_points(g, t, err) < 0)
        return -1;
    t->move = mv;
    t->moved = true;
    t->result = &g->result;
    t->game_over = g->over = g->result.game_over;
    g->pos = t->next;
    g->nturns++;
    return 1;
}

/* ---- the end ------------------------------------------------------------------- */

bool cc_game_final(cc_game *g, cc_game_end *end, cc_error *err)
{
    const cc_position *last = &g->pos;
    bool counted = g->over && g->turn.moved && g->result.game_over;
    if (counted) {
        end->scoring = &g->result.final;
        end->scored = &g->result.before_final;
        end->features = &g->result.features;
    } else {
        if (!g->final_done) {
            if (!build(g, last, err))
                return false;
            cc_score_final(last, &g->features, &g->final);
            g->final_done = true;
        }
        end->scoring = &g->final;
        end->scored = last;
        end->features = &g->features;
    }
    for (int p = 0; p < CC_MAX_PLAYERS; p++)
        end->scores[p] = p < last->nplayers
                             ? cc_position_score(last, p) + (counted ? 0 : end->scoring->totals[p])
                             : 0;
    return true;
}
