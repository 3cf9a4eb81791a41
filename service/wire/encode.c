/* encode.c -- see encode.h. */
#include "encode.h"

#include <string.h>

#include "../../engine/goods.h"
#include "../../engine/validate.h"

void enc_loc(jw *w, cc_loc loc)
{
    char name[8];
    jw_string(w, cc_loc_name(loc, name));
}

/* The decimal text of v at o; returns the byte after it. Coordinates and
 * degrees have one to three digits: those without a loop. */
static inline char *put_decimal(char *o, int v)
{
    if (v < 0)
        *o++ = '-';
    unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;
    if (u >= 1000) {
        char digits[12], *d = digits + sizeof digits;
        do {
            *--d = (char)('0' + u % 10);
            u /= 10;
        } while (u > 0);
        while (d < digits + sizeof digits)
            *o++ = *d++;
        return o;
    }
    if (u >= 100)
        *o++ = (char)('0' + u / 100);
    if (u >= 10)
        *o++ = (char)('0' + u / 10 % 10);
    *o++ = (char)('0' + u % 10);
    return o;
}

#define PUT_LITERAL(o, s) (memcpy((o), (s), sizeof(s) - 1), (o) + sizeof(s) - 1)

/* The small objects answers hold by the hundred (a cell, a feature's
 * name, a placement) are written whole into a small buffer and handed to
 * the writer as one value: the same bytes jw_object, jw_member_int and
 * jw_string write, for a fraction of their calls. Location names
 * (cc_loc_name: "C", "NNE", "#2") need no escape. */
static inline char *put_xy_text(char *o, int x, int y)
{
    o = put_decimal(PUT_LITERAL(o, "\"x\":"), x);
    return put_decimal(PUT_LITERAL(o, ",\"y\":"), y);
}

static char *put_at_text(char *o, cc_loc at)
{
    char name[8];
    o = PUT_LITERAL(o, ",\"at\":\"");
    for (const char *c = cc_loc_name(at, name); *c; c++)
        *o++ = *c;
    *o++ = '"';
    return o;
}

/* The most bytes of {"x":..,"y":..} and {"x":..,"y":..,"at":".."}. */
#define XY_MAX 40     /* {"x":-2147483648,"y":-2147483648} */
#define XYAT_MAX 56   /* ... ,"at":"#255"} */

static char *put_xy_object(char *o, int x, int y)
{
    *o++ = '{';
    o = put_xy_text(o, x, y);
    *o++ = '}';
    return o;
}

static char *put_xyat_object(char *o, int x, int y, cc_loc at)
{
    *o++ = '{';
    o = put_at_text(put_xy_text(o, x, y), at);
    *o++ = '}';
    return o;
}

static char *put_feature_ref_text(char *o, const cc_features *f, int id)
{
    const cc_feature *feat = &f->features[id];
    const cc_board_tile *t = &f->board->tiles[feat->name_tile];
    return put_xyat_object(o, t->x, t->y, feat->name_at);
}

/* A name from the service's own tables (a type, a kind, a rule id): no
 * escape, and short: copied byte by byte. */
static char *put_name(char *o, const char *name)
{
    while (*name != '\0')
        *o++ = *name++;
    return o;
}

void enc_xy(jw *w, int x, int y)
{
    char *o = jw_raw_begin(w, XY_MAX);
    if (o != NULL)
        jw_raw_end(w, put_xy_object(o, x, y), true);
}

void enc_xyat(jw *w, int x, int y, cc_loc at)
{
    char *o = jw_raw_begin(w, XYAT_MAX);
    if (o != NULL)
        jw_raw_end(w, put_xyat_object(o, x, y, at), true);
}

void enc_feature_ref(jw *w, const cc_features *f, int id)
{
    char *o = jw_raw_begin(w, XYAT_MAX);
    if (o != NULL)
        jw_raw_end(w, put_feature_ref_text(o, f, id), true);
}

/* [{"x", "y"}...] of the n board tiles tiles[] at o (room for
 * 2 + n * (XY_MAX + 1) bytes). */
static char *put_cells_text(char *o, const cc_board *b, const int *tiles, int n)
{
    *o++ = '[';
    for (int i = 0; i < n; i++) {
        const cc_board_tile *t = &b->tiles[tiles[i]];
        if (i > 0)
            *o++ = ',';
        o = put_xy_object(o, t->x, t->y);
    }
    *o++ = ']';
    return o;
}

#define CELLS_MAX(n) (2 + (size_t)(n) * (XY_MAX + 1))

void enc_cells(jw *w, const cc_features *f, int id)
{
    int tiles[CC_MAX_TILES];
    int n = cc_features_cells(f, id, tiles);
    char *o = jw_raw_begin(w, CELLS_MAX(n));
    if (o != NULL)
        jw_raw_end(w, put_cells_text(o, f->board, tiles, n), true);
}

/* The most bytes of a figure's object: its player's name escaped, a kind
 * (names under 16 bytes), the spot, a flock of CC_MAX_FLOCK tokens. */
#define FIGURE_MAX (JW_ESCAPED_MAX(CC_NAME_MAX) + 16 + 16 + XYAT_MAX + 16 + CC_MAX_FLOCK * 12)

/* A figure's object: "player" (player: its name, in position form; NULL:
 * without), "kind", "x", "y", "at", "flock" (shepherds). Kind names need no
 * escape; a player's name does. */
static char *put_figure_text(char *o, const char *player, const cc_figure *fig)
{
    if (player != NULL) {
        o = jw_escape_at(PUT_LITERAL(o, "{\"player\":\""), player, strlen(player));
        o = PUT_LITERAL(o, "\",\"kind\":\"");
    } else {
        o = PUT_LITERAL(o, "{\"kind\":\"");
    }
    o = put_name(o, cc_figure_kind_name(fig->kind));
    o = put_at_text(put_xy_text(PUT_LITERAL(o, "\","), fig->x, fig->y), fig->at);
    if (fig->kind == CC_FIG_SHEPHERD) {
        o = PUT_LITERAL(o, ",\"flock\":[");
        for (int i = 0; i < fig->nflock && i < CC_MAX_FLOCK; i++) {
            if (i > 0)
                *o++ = ',';
            o = put_decimal(o, fig->flock[i]);
        }
        *o++ = ']';
    }
    *o++ = '}';
    return o;
}

void enc_figure_spot(jw *w, const cc_figure *fig)
{
    char *o = jw_raw_begin(w, FIGURE_MAX);
    if (o != NULL)
        jw_raw_end(w, put_figure_text(o, NULL, fig), true);
}

void enc_figure(jw *w, const cc_position *pos, const cc_figure *fig)
{
    char *o = jw_raw_begin(w, FIGURE_MAX);
    if (o != NULL)
        jw_raw_end(w, put_figure_text(o, pos->players[fig->player], fig), true);
}

int enc_figure_feature(const cc_features *f, const cc_figure *fig)
{
    if (fig->kind == CC_FIG_BARN)
        return fig->at.kind == CC_LOC_CORNER ? cc_barn_field(f, fig->x, fig->y, fig->at.value) : -1;
    return cc_figure_feature(f, fig);
}

void enc_figure_features(const cc_position *pos, const cc_features *f,
                         int stands[CC_MAX_FIGURES])
{
    for (int i = 0; i < pos->nfigures; i++)
        stands[i] = enc_figure_feature(f, &pos->figures[i]);
}

void enc_occupants(jw *w, const cc_position *pos, const int *stands, int id)
{
    /* Which figures stand on it, then one array per player in the order
     * the players first appear among them. */
    int on[CC_MAX_FIGURES], non = 0;
    int order[CC_MAX_PLAYERS], nplayers = 0;
    bool listed[CC_MAX_PLAYERS] = { false };
    for (int i = 0; stands != NULL && i < pos->nfigures; i++) {
        if (stands[i] != id)
            continue;
        on[non++] = i;
        int p = pos->figures[i].player;
        if (!listed[p]) {
            listed[p] = true;
            order[nplayers++] = p;
        }
    }
    if (non == 0) {             /* most features */
        jw_object(w);
        jw_object_end(w);
        return;
    }
    /* Written in place: {"<player>":[spot,...],...}. */
    size_t max = 2 + (size_t)nplayers * (JW_ESCAPED_MAX(CC_NAME_MAX) + 6)
                 + (size_t)non * (FIGURE_MAX + 1);
    char *o = jw_raw_begin(w, max);
    if (o == NULL)
        return;
    *o++ = '{';
    for (int k = 0; k < nplayers; k++) {
        const char *name = pos->players[order[k]];
        if (k > 0)
            *o++ = ',';
        *o++ = '"';
        o = PUT_LITERAL(jw_escape_at(o, name, strlen(name)), "\":[");
        bool first = true;
        for (int j = 0; j < non; j++) {
            const cc_figure *fig = &pos->figures[on[j]];
            if (fig->player != order[k])
                continue;
            if (!first)
                *o++ = ',';
            first = false;
            o = put_figure_text(o, NULL, fig);
        }
        *o++ = ']';
    }
    *o++ = '}';
    jw_raw_end(w, o, true);
}

/* ,"goods":{"wine":n,"grain":n,"cloth":n} of city id, if it shows any. */
#define GOODS_MAX (sizeof ",\"goods\":{}" + CC_NGOODS * (8 + JW_INT_MAX + 2))
static char *put_goods(char *o, const cc_features *f, int id)
{
    int goods[CC_NGOODS];
    cc_goods_of(f, id, goods);
    int any = 0;
    for (int g = 0; g < CC_NGOODS; g++)
        any += goods[g];
    if (any == 0)
        return o;
    o = PUT_LITERAL(o, ",\"goods\":{");
    for (int g = 0; g < CC_NGOODS; g++) {
        if (g > 0)
            *o++ = ',';
        *o++ = '"';
        o = put_name(o, cc_goods_name((cc_goods)g));
        o = put_decimal(PUT_LITERAL(o, "\":"), goods[g]);
    }
    *o++ = '}';
    return o;
}

void enc_feature_members(jw *w, const cc_position *pos, const cc_features *f,
                         const int *stands, int id)
{
    /* Everything up to "occupants" in one piece: a features answer holds
     * some 165 of these. */
    const cc_feature *feat = &f->features[id];
    int tiles[CC_MAX_TILES];
    int ncells = cc_features_cells(f, id, tiles), ncities = 0;
    const int *cities = NULL;
    if (feat->type == CC_FEAT_FIELD)
        cities = cc_features_cities(f, id, &ncities);
    const char *type = cc_feature_type_name(feat->type);
    size_t max = 128 + GOODS_MAX + XYAT_MAX + strlen(type) + CELLS_MAX(ncells) +
                 (size_t)ncities * (XYAT_MAX + 1);
    char *o = jw_raw_begin(w, max);
    if (o == NULL)
        return;
    o = put_feature_ref_text(PUT_LITERAL(o, "\"feature\":"), f, id);
    o = put_name(PUT_LITERAL(o, ",\"type\":\""), type);
    o = put_cells_text(PUT_LITERAL(o, "\",\"cells\":"), f->board, tiles, ncells);
    o = feat->complete ? PUT_LITERAL(o, ",\"complete\":true") : PUT_LITERAL(o, ",\"complete\":false");
    if (feat->type == CC_FEAT_CITY)
        o = put_decimal(PUT_LITERAL(o, ",\"pennants\":"), feat->pennants);
    /* Inns & Cathedrals: written only where there is one, with the
     * expansion in play (every other answer keeps its bytes). */
    if ((pos->expansions & CC_EXP_INNS_CATHEDRALS) && feat->type == CC_FEAT_ROAD && feat->inns > 0)
        o = put_decimal(PUT_LITERAL(o, ",\"inns\":"), feat->inns);
    if ((pos->expansions & CC_EXP_INNS_CATHEDRALS) && feat->type == CC_FEAT_CITY &&
        feat->cathedrals > 0)
        o = put_decimal(PUT_LITERAL(o, ",\"cathedrals\":"), feat->cathedrals);
    /* Traders & Builders: the goods symbols of a city that shows any, all
     * three kinds as the goods events write them (what its completer takes:
     * traders.goods.collect). */
    if ((pos->expansions & CC_EXP_TRADERS_BUILDERS) && feat->type == CC_FEAT_CITY)
        o = put_goods(o, f, id);
    if (feat->type == CC_FEAT_FIELD) {
        o = PUT_LITERAL(o, ",\"cities\":[");
        for (int i = 0; i < ncities; i++) {
            if (i > 0)
                *o++ = ',';
            o = put_feature_ref_text(o, f, cities[i]);
        }
        *o++ = ']';
    }
    jw_raw_end(w, PUT_LITERAL(o, ",\"occupants\":"), false);
    enc_occupants(w, pos, stands, id);
}

void enc_player_keys_init(enc_player_keys *k, const cc_position *pos)
{
    k->n = pos->nplayers < CC_MAX_PLAYERS ? pos->nplayers : CC_MAX_PLAYERS;
    for (int p = 0; p < k->n; p++) {
        const char *name = pos->players[p];
        char *o = k->key[p];
        *o++ = '"';
        o = PUT_LITERAL(jw_escape_at(o, name, strlen(name)), "\":");
        k->len[p] = (uint8_t)(o - k->key[p]);
    }
}

#define KEY_COPY 32   /* bytes of a player's key copied whole (a key holds more) */

void enc_player_ints_keyed(jw *w, const enc_player_keys *k, const int *values, unsigned mask)
{
    char *o = jw_raw_begin(w, 2 + CC_MAX_PLAYERS * (sizeof k->key[0] + JW_INT_MAX + 1));
    if (o == NULL)
        return;
    *o++ = '{';
    bool first = true;
    for (int p = 0; p < k->n; p++) {
        if (!((mask >> p) & 1u))
            continue;
        if (!first)
            *o++ = ',';
        first = false;
        if (k->len[p] <= KEY_COPY)   /* a short name: one fixed-size copy (the room is there) */
            memcpy(o, k->key[p], KEY_COPY);
        else
            memcpy(o, k->key[p], k->len[p]);
        o = jw_int_at(o + k->len[p], values[p]);
    }
    *o++ = '}';
    jw_raw_end(w, o, true);
}

void enc_player_ints(jw *w, const cc_position *pos, const int *values, unsigned mask)
{
    if (mask == 0) {            /* a feature's points: nearly always nobody's */
        jw_object(w);
        jw_object_end(w);
        return;
    }
    char *o = jw_raw_begin(w, 2 + CC_MAX_PLAYERS * (JW_ESCAPED_MAX(CC_NAME_MAX) + 16));
    if (o == NULL)
        return;
    *o++ = '{';
    bool first = true;
    for (int p = 0; p < pos->nplayers && p < CC_MAX_PLAYERS; p++) {
        if (!((mask >> p) & 1u))
            continue;
        if (!first)
            *o++ = ',';
        first = false;
        const char *name = pos->players[p];
        *o++ = '"';
        o = put_decimal(PUT_LITERAL(jw_escape_at(o, name, strlen(name)), "\":"), values[p]);
    }
    *o++ = '}';
    jw_raw_end(w, o, true);
}

/* The most bytes of one placement with the comma before it:
 * ,{"x":..,"y":..,"rot":..} (see XY_MAX; rot in degrees, 11 bytes at most). */
#define PLACEMENT_MAX (1 + XY_MAX + 7 + 11)

/* ,"rot":D} for each quarter turn, and its length (an 8-byte copy and
 * the degrees' digits: no number formatted per placement). */
static const char rot_text[4][16] = {
    ",\"rot\":0}", ",\"rot\":90}", ",\"rot\":180}", ",\"rot\":270}",
};
static const unsigned char rot_len[4] = { 9, 10, 11, 11 };

/* [{"x", "y", "rot"}...] of the n placements list[] at o (room for
 * 2 + n * PLACEMENT_MAX bytes), as put_cells_text() writes cells. The
 * list is sorted by cell, and a cell often takes two or four rotations:
 * its {"x":..,"y":.. is written once and copied for the next. */
static char *put_placements_text(char *o, const cc_placement *list, int n)
{
    *o++ = '[';
    const char *cell = NULL;    /* the text of the cell before, in o's past */
    size_t cell_len = 0;
    for (int i = 0; i < n; i++) {
        const cc_placement *p = &list[i];
        if (i > 0)
            *o++ = ',';
        if (cell != NULL && p->x == p[-1].x && p->y == p[-1].y) {
            /* Sixteen bytes hold nearly every cell ({"x":-12,"y":-34 is
             * 16): one fixed copy (what follows the cell in o's past, and
             * the room ahead, are longer), else the exact length. */
            if (cell_len <= 16)
                memcpy(o, cell, 16);
            else
                memcpy(o, cell, cell_len);
            o += cell_len;
        } else {
            cell = o;
            *o++ = '{';
            o = put_xy_text(o, p->x, p->y);
            cell_len = (size_t)(o - cell);
        }
        if ((unsigned)p->rot < 4) {
            memcpy(o, rot_text[p->rot], sizeof rot_text[0]);
            o += rot_len[p->rot];
        } else {                /* never: the engine's turns are 0..3 */
            o = put_decimal(PUT_LITERAL(o, ",\"rot\":"), p->rot * 90);
            *o++ = '}';
        }
    }
    *o++ = ']';
    return o;
}

/* An answer lists up to CC_MAX_PLACEMENTS of these, written in place
 * (PLACEMENT_MAX leaves room for rot_text's whole 16 bytes). */
void enc_placements(jw *w, const cc_placement *list, int n)
{
    if (n < 0)
        n = 0;
    char *o = jw_raw_begin(w, enc_placements_max(n));
    if (o != NULL)
        jw_raw_end(w, put_placements_text(o, list, n), true);
}

size_t enc_placements_max(int n)
{
    return 2 + (n > 0 ? (size_t)n : 0) * PLACEMENT_MAX;
}

void enc_deploy_option(jw *w, const cc_position *pos, const cc_features *f,
                       const cc_deploy_option *o)
{
    jw_object(w);
    jw_member_string(w, "kind", cc_figure_kind_name(o->kind));
    jw_key(w, "at");
    enc_loc(w, o->at);
    jw_key(w, "feature");
    enc_feature_ref(w, f, o->feature);
    if (o->challenge >= 0) {
        jw_key(w, "challenge");
        enc_figure(w, pos, &pos->figures[o->challenge]);
    }
    jw_object_end(w);
}

/* What a tile's parts may need of the rules: an abbey beside it, a split
 * city edge on it. Nearly every tile has neither. */
#define NEAR_ABBEY 1u
#define SPLIT_EDGE 2u

static unsigned tile_facts(const cc_board *b, int t)
{
    const cc_board_tile *bt = &b->tiles[t];
    unsigned facts = 0;
    for (int d = 0; d < 4; d++) {
        if (bt->neighbour[d] >= 0 && b->tiles[bt->neighbour[d]].type->is_abbey)
            facts |= NEAR_ABBEY;
        if (cc_board_turn(bt)->split_city[d] >= 0)
            facts |= SPLIT_EDGE;
    }
    return facts;
}

void enc_tile_facts_init(enc_tile_facts *t, const cc_board *b)
{
    t->board = b;
    for (int i = 0; i < b->ntiles && i < CC_MAX_TILES; i++)
        t->facts[i] = (uint8_t)tile_facts(b, i);
}

/* Does part (t, k) touch an abbey across one of its borders? */
static bool part_touches_abbey(const cc_board *b, int t, int k)
{
    const cc_board_tile *bt = &b->tiles[t];
    for (int r = 0; r < CC_RING_SIZE; r++) {
        int n = bt->neighbour[cc_dir_of_ring(r)];
        if (cc_board_turn(bt)->ring_feature[r] == k && n >= 0 && b->tiles[n].type->is_abbey)
            return true;
    }
    return false;
}

/* Is part (t, k) one of the two city segments of a split edge? */
static bool part_on_split_edge(const cc_board *b, int t, int k)
{
    const cc_tile_turn *turn = cc_board_turn(&b->tiles[t]);
    for (int d = 0; d < 4; d++)
        if (turn->split_city[d] >= 0 &&
            (turn->split_city[d] == k || turn->ring_feature[cc_ring_of_dir(d)] == k))
            return true;
    return false;
}

static void feature_rules(enc_rules *r, const cc_features *f, const enc_tile_facts *facts, int id)
{
    static const char *const type_rule[CC_FEAT_NTYPES] = {
        [CC_FEAT_CITY] = "base.feature.city",
        [CC_FEAT_ROAD] = "base.feature.road",
        [CC_FEAT_FIELD] = "base.feature.field",
        [CC_FEAT_CLOISTER] = "base.feature.cloister",
        [CC_FEAT_SHRINE] = "shrines.feature.shrine",
        [CC_FEAT_ABBEY] = "abbey.feature.closes",
        [CC_FEAT_RIVER] = "river.feature.river",
    };
    const cc_feature *feat = &f->features[id];
    if ((unsigned)feat->type < CC_FEAT_NTYPES)
        enc_rules_add(r, type_rule[feat->type]);
    if (cc_feature_is_monastery(feat->type))
        return;
    for (int p = feat->first_part; p >= 0; p = f->parts[p].next) {
        const cc_feature_part *part = &f->parts[p];
        unsigned near = facts ? facts->facts[part->tile] : tile_facts(f->board, part->tile);
        if ((near & NEAR_ABBEY) && part_touches_abbey(f->board, part->tile, part->k))
            enc_rules_add(r, "abbey.feature.closes");
        if ((near & SPLIT_EDGE) && part_on_split_edge(f->board, part->tile, part->k))
            enc_rules_add(r, "hills-sheep.feature.split-edge");
    }
}

void enc_feature_rules(enc_rules *r, const cc_features *f, int id)
{
    feature_rules(r, f, NULL, id);
}

void enc_feature_rules_known(enc_rules *r, const cc_features *f, const enc_tile_facts *facts,
                             int id)
{
    feature_rules(r, f, facts->board == f->board ? facts : NULL, id);
}

void enc_rules_init(enc_rules *r)
{
    r->n = 0;
    memset(r->recent, 0, sizeof r->recent);
}

/* Where id would sit among the recent ids (its address hashed). */
static unsigned recent_slot(const char *id)
{
    return (unsigned)(((uintptr_t)id >> 3) * 0x9E3779B1u >> 27) % ENC_RECENT_RULES;
}

void enc_rules_add(enc_rules *r, const char *id)
{
    /* Ids are static strings: a repeat is nearly always the same pointer,
     * and nearly always one added recently (a features answer adds some
     * 700 ids, a dozen of them distinct). */
    unsigned slot = recent_slot(id);
    if (r->recent[slot] == id)
        return;
    r->recent[slot] = id;   /* only a hint: it is in the list, or added below */
    for (int i = 0; i < r->n; i++)
        if (r->ids[i] == id)
            return;
    for (int i = 0; i < r->n; i++)
        if (strcmp(r->ids[i], id) == 0)
            return;
    if (r->n < ENC_MAX_RULES)   /* always: ids are distinct rules of the catalog */
        r->ids[r->n++] = id;
}

void enc_rules_add_all(enc_rules *r, const char *const *ids, size_t n)
{
    for (size_t i = 0; i < n; i++)
        enc_rules_add(r, ids[i]);
}

void enc_rules_write(jw *w, const enc_rules *r)
{
    jw_array(w);
    for (int i = 0; i < r->n; i++)
        jw_id(w, r->ids[i]);   /* rule ids need no escape */
    jw_array_end(w);
}

void enc_rule_ids(jw *w, const char *const *ids, size_t n)
{
    /* Written in place: ["id",...], each id once. The lists at hand (a
     * scoring's, engine/score_event.c) are distinct already, compared as
     * text; a repeat of the same pointer is still dropped here. Each id's
     * length found once (the first KNOWN_LENGTHS), then copied whole. */
    enum { KNOWN_LENGTHS = 32 };
    size_t max = 2, len[KNOWN_LENGTHS];
    for (size_t i = 0; i < n; i++) {
        size_t k = strlen(ids[i]);
        if (i < KNOWN_LENGTHS)
            len[i] = k;
        max += k + 3;
    }
    char *o = jw_raw_begin(w, max);
    if (o == NULL)
        return;
    *o++ = '[';
    for (size_t i = 0; i < n; i++) {
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = ids[j] == ids[i];
        if (seen)
            continue;
        if (o[-1] != '[')
            *o++ = ',';
        *o++ = '"';
        size_t k = i < KNOWN_LENGTHS ? len[i] : strlen(ids[i]);
        memcpy(o, ids[i], k);   /* rule ids need no escape */
        o += k;
        *o++ = '"';
    }
    *o++ = ']';
    jw_raw_end(w, o, true);
}
