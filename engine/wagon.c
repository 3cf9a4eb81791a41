/* wagon.c -- see wagon.h.
 *
 * Both editions first collect a set of candidate (tile, k) parts, then keep
 * those whose feature is incomplete, unoccupied and not a field. The 2nd
 * edition's candidates are the parts on the 3x3 block of tiles round the
 * wagon; the 1st edition's are the parts linked to the scored feature
 * (a link names a part on one tile: the wagon crosses the connection and
 * stands there, which is also the one spot JCloisterZone offers, so a saved
 * game can say every such move). */
#include "wagon.h"

#include <stdio.h>
#include <string.h>

#include "deploy.h"
#include "validate.h"

int cc_wagon_at(const cc_position *pos, const cc_features *f, int x, int y, cc_loc at)
{
    int t = cc_board_at(f->board, x, y);
    if (t < 0)
        return -1;
    int k = cc_board_feature_at(f->board, t, at);
    if (k < 0)
        return -1;
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fig = &pos->figures[i];
        if (fig->kind == CC_FIG_WAGON && fig->x == x && fig->y == y &&
            cc_board_feature_at(f->board, t, fig->at) == k)
            return i;
    }
    return -1;
}

const char *cc_wagon_rule(const cc_position *pos)
{
    return pos->options.wagon_rules == CC_WAGON_RULES_C1 ? "abbey.wagon.move-c1"
                                                         : "abbey.wagon.move";
}

bool cc_wagon_may_move(const cc_position *pos, const cc_features *f, int i, const bool *gone)
{
    if (i < 0 || i >= pos->nfigures || pos->figures[i].kind != CC_FIG_WAGON)
        return false;
    if (gone == NULL || !gone[i])
        return false;
    int id = cc_figure_feature(f, &pos->figures[i]);
    return id >= 0 && f->features[id].complete;
}

/* ---- candidate sets ---------------------------------------------------- */

typedef struct {
    bool part[CC_MAX_PARTS];   /* C1: the parts linked to the scored feature */
} feature_set;

static void add_part_feature(const cc_features *f, feature_set *s, int t, int k)
{
    if (k >= 0)
        s->part[f->tile_first_part[t] + k] = true;
}

/* The features of tile t linked to its feature k by a wagon link. */
static void add_links(const cc_features *f, feature_set *s, int t, int k)
{
    const cc_tile_type *type = f->board->tiles[t].type;
    for (int g = 0; g < type->nwagon_links; g++) {
        unsigned group = type->wagon_links[g];
        if (!(group & (1u << k)))
            continue;
        for (int j = 0; j < type->nfeatures; j++)
            if (j != k && (group & (1u << j)))
                add_part_feature(f, s, t, j);
    }
}

/* A city or road of tile t (catalog feature k) touching an abbey, and the
 * abbey's side of the same contact: the 1st edition lets a wagon cross it. */
static void add_abbey_contacts(const cc_features *f, feature_set *s, int t, int k)
{
    const cc_board *b = f->board;
    const cc_board_tile *bt = &b->tiles[t];
    for (int d = 0; d < 4; d++) {
        int n = bt->neighbour[d];
        if (n < 0)
            continue;
        const cc_board_tile *nt = &b->tiles[n];
        int od = cc_dir_opposite(d);
        if (bt->type->is_abbey) {
            /* From the abbey: every city or road ending on its edges. */
            int edge_k = cc_board_turn(nt)->ring_feature[cc_ring_of_dir(od)];
            if (edge_k >= 0 && nt->type->features[edge_k].type != CC_FEAT_FIELD)
                add_part_feature(f, s, n, edge_k);
            add_part_feature(f, s, n, cc_board_turn(nt)->split_city[od]);
        } else if (nt->type->is_abbey &&
                   (cc_board_turn(bt)->ring_feature[cc_ring_of_dir(d)] == k ||
                    cc_board_turn(bt)->split_city[d] == k)) {
            add_part_feature(f, s, n, nt->centre_feature);
        }
    }
}

static void connected_features(const cc_features *f, int scored, feature_set *s)
{
    memset(s, 0, sizeof *s);
    for (int p = f->features[scored].first_part; p >= 0; p = f->parts[p].next) {
        add_links(f, s, f->parts[p].tile, f->parts[p].k);
        add_abbey_contacts(f, s, f->parts[p].tile, f->parts[p].k);
    }
}

/* ---- filtering and output --------------------------------------------- */

static bool is_destination(const cc_position *pos, const cc_features *f, int id,
                           int scored, const bool *gone)
{
    const cc_feature *feat = &f->features[id];
    return id != scored && feat->type != CC_FEAT_FIELD && !feat->complete &&
           cc_followers_on(pos, f, id, gone) == 0;
}

static int dest_compare(const cc_wagon_dest *a, const cc_wagon_dest *c)
{
    if (a->y != c->y)
        return a->y < c->y ? -1 : 1;
    if (a->x != c->x)
        return a->x < c->x ? -1 : 1;
    return cc_loc_compare(a->at, c->at);
}

/* Insert (t, k) in sorted order; count every candidate, store at most max. */
static void push_dest(const cc_features *f, int t, int k, cc_wagon_dest *out, int max, int *n)
{
    const cc_board *b = f->board;
    cc_wagon_dest d = { t, b->tiles[t].x, b->tiles[t].y, cc_board_feature_name(b, t, k),
                        cc_features_of(f, t, k) };
    int stored = *n < max ? *n : max;
    int j = stored;
    if (j == max) {
        /* Full: keep the smallest max entries. */
        if (max == 0 || dest_compare(&d, &out[max - 1]) >= 0) {
            (*n)++;
            return;
        }
        j = max - 1;
    }
    while (j > 0 && dest_compare(&d, &out[j - 1]) < 0) {
        out[j] = out[j - 1];
        j--;
    }
    out[j] = d;
    (*n)++;
}

int cc_wagon_destinations(const cc_position *pos, const cc_features *f, int wagon,
                          const bool *gone, cc_wagon_dest *out, int max)
{
    const cc_board *b = f->board;
    const cc_figure *w = &pos->figures[wagon];
    int scored = cc_figure_feature(f, w);
    int n = 0;
    if (scored < 0)
        return 0;
    if (pos->options.wagon_rules == CC_WAGON_RULES_C1) {
        feature_set s;
        connected_features(f, scored, &s);
        for (int p = 0; p < f->nparts; p++) {
            int id = f->parts[p].feature;
            if (s.part[p] && is_destination(pos, f, id, scored, gone))
                push_dest(f, f->parts[p].tile, f->parts[p].k, out, max, &n);
        }
        return n;
    }
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int t = cc_board_at(b, w->x + dx, w->y + dy);
            if (t < 0)
                continue;
            for (int k = 0; k < b->tiles[t].type->nfeatures; k++)
                if (is_destination(pos, f, cc_features_of(f, t, k), scored, gone))
                    push_dest(f, t, k, out, max, &n);
        }
    return n;
}

/* ---- a scoring phase's moves, in seat order ---------------------------- */

static int seat_from_active(const cc_position *pos, int player)
{
    return (player - pos->active + pos->nplayers) % pos->nplayers;
}

/* Is (x, y, at) one of the wagon's destinations? On true, *to is it. */
static bool find_destination(const cc_position *pos, const cc_features *f, int wagon,
                             const bool *gone, int x, int y, cc_loc at, cc_wagon_dest *to)
{
    int t = cc_board_at(f->board, x, y);
    int k = t < 0 ? -1 : cc_board_feature_at(f->board, t, at);
    if (k < 0)
        return false;
    cc_loc name = cc_board_feature_name(f->board, t, k);
    cc_wagon_dest dests[CC_MAX_WAGON_DESTS];
    int n = cc_wagon_destinations(pos, f, wagon, gone, dests, CC_MAX_WAGON_DESTS);
    for (int i = 0; i < n && i < CC_MAX_WAGON_DESTS; i++)
        if (dests[i].tile == t && cc_loc_equal(dests[i].at, name)) {
            *to = dests[i];
            return true;
        }
    return false;
}

/* The order in which choices[0..n) are made: by the seat of the wagon's
 * owner from the active player (abbey.wagon.move-order); a choice naming
 * no figure sorts last. */
static int choice_seat(const cc_position *pos, const cc_wagon_choice *c)
{
    return c->figure >= 0 && c->figure < pos->nfigures
               ? seat_from_active(pos, pos->figures[c->figure].player) : CC_MAX_PLAYERS;
}

static void seat_order(const cc_position *pos, const cc_wagon_choice *choices, int n, int *order)
{
    for (int i = 0; i < n; i++) {
        int j = i;
        int seat = choice_seat(pos, &choices[i]);
        while (j > 0 && choice_seat(pos, &choices[order[j - 1]]) > seat) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* Make the first m choices of `order`, each judged on the board the ones
 * before it left. */
static bool apply_in_order(cc_position *pos, const cc_features *f, bool *gone,
                           const cc_wagon_choice *choices, const int *order, int m, int *bad,
                           const char **rule)
{
    for (int o = 0; o < m; o++) {
        const cc_wagon_choice *c = &choices[order[o]];
        cc_wagon_dest to;
        if (!cc_wagon_may_move(pos, f, c->figure, gone)) {
            *bad = order[o];
            *rule = "abbey.wagon.move-scored";
            return false;
        }
        if (!find_destination(pos, f, c->figure, gone, c->x, c->y, c->at, &to)) {
            *bad = order[o];
            *rule = cc_wagon_rule(pos);
            return false;
        }
        cc_figure *w = &pos->figures[c->figure];
        w->x = to.x;
        w->y = to.y;
        w->at = to.at;
        gone[c->figure] = false;
    }
    return true;
}

bool cc_wagon_apply(cc_position *pos, const cc_features *f, bool *gone,
                    const cc_wagon_choice *choices, int n, int *bad, const char **rule)
{
    int order[CC_MAX_FIGURES];
    seat_order(pos, choices, n, order);
    return apply_in_order(pos, f, gone, choices, order, n, bad, rule);
}

bool cc_wagon_destinations_after(cc_position *pos, const cc_features *f, bool *gone,
                                 const cc_wagon_choice *choices, int n, int wagon,
                                 cc_wagon_dest *out, int max, int *count, int *bad,
                                 const char **rule)
{
    int order[CC_MAX_FIGURES];
    seat_order(pos, choices, n, order);
    cc_wagon_choice self = { .figure = wagon };
    int seat = choice_seat(pos, &self), before = 0;
    while (before < n && choice_seat(pos, &choices[order[before]]) < seat)
        before++;
    if (!apply_in_order(pos, f, gone, choices, order, before, bad, rule))
        return false;
    *count = cc_wagon_destinations(pos, f, wagon, gone, out, max);
    return true;
}

/* ---- the moves as a request names them ---------------------------------- */

bool cc_wagon_choose(const cc_position *pos, const cc_features *f, const cc_move_wagon *moves,
                     int n, cc_wagon_choice *out, cc_error *err)
{
    for (int i = 0; i < n; i++) {
        const cc_move_wagon *w = &moves[i];
        int fig = cc_wagon_at(pos, f, w->x, w->y, w->at);
        if (fig < 0) {
            char ptr[40];
            snprintf(ptr, sizeof ptr, "/wagons/%d", i);
            return CC_FAIL(err, CC_ERR_IMPOSSIBLE, ptr, CC_MSG_P_NO_WAGON_THERE, CC_MSG_D_NO_WAGON_THERE,
                           CC_INT(X, w->x), CC_INT(Y, w->y), CC_LOC(AT, w->at));
        }
        out[i] = (cc_wagon_choice){ .figure = fig, .x = w->to_x, .y = w->to_y, .at = w->to_at };
    }
    return true;
}

void cc_wagon_refusal(const cc_move_wagon *moves, int n, int bad, const char *rule,
                      char pointer[CC_POINTER_MAX], cc_text *why)
{
    const cc_move_wagon *w = &moves[bad];
    if (strcmp(rule, "abbey.wagon.move-scored") == 0) {
        snprintf(pointer, CC_POINTER_MAX, "/wagons/%d", bad);
        CC_SAY(why, CC_MSG_R_WAGON_NOT_SCORED, CC_INT(X, w->x), CC_INT(Y, w->y), CC_LOC(AT, w->at));
        return;
    }
    snprintf(pointer, CC_POINTER_MAX, "/wagons/%d/to", bad);
    CC_SAY(why, n > 1 ? CC_MSG_R_WAGON_DESTINATION_ORDER : CC_MSG_R_WAGON_DESTINATION,
           CC_INT(TO_X, w->to_x), CC_INT(TO_Y, w->to_y), CC_LOC(TO_AT, w->to_at),
           CC_INT(X, w->x), CC_INT(Y, w->y));
}
