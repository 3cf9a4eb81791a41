/* gen_position.c -- the benchmark's 100-tile position, grown by the rules.
 *
 * Owns: writing bench/positions/p100.json and the request bodies of
 * bench/bodies/ (make bench-bodies). The position is grown the way a game
 * grows: tiles drawn at random from the real pile (base, Abbey & Mayor and
 * Hills & Sheep land tiles, 101 after the start tile), each put on a legal
 * placement chosen at random (engine/placement.h), a drawn tile with no
 * legal placement discarded, until 100 tiles stand. Then each of four
 * players puts its 7 meeples on distinct unoccupied features (roads, cities,
 * fields, monasteries), so every scoring rule has work to do. The result is
 * validated by the engine before it is written. The seed is fixed, so the
 * files are reproducible: regenerate only when the catalog changes.
 *
 * Usage: gen_position OUTDIR   (writes OUTDIR/positions/, OUTDIR/bodies/) */
#include <errno.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../engine/board.h"
#include "../engine/features.h"
#include "../engine/placement.h"
#include "../engine/validate.h"
#include "../service/catalog_db.h"

#define TARGET_TILES 100
#define NPLAYERS 4
#define SEED 20261121u

static const char *const player_names[NPLAYERS] = { "red", "blue", "green", "yellow" };
static const unsigned pile_sets = CC_EXP_BASE | CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP;

/* xorshift32: a fixed, portable sequence (rand() differs between libcs). */
static uint32_t rng_state = SEED;
static uint32_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return rng_state;
}
static int rng_below(int n) { return (int)(rng_next() % (uint32_t)n); }

static void die(const char *what)
{
    fprintf(stderr, "gen_position: %s\n", what);
    exit(1);
}

/* Every copy of every land tile in the chosen sets, minus the start tile. */
static int build_pile(const cc_catalog *cat, int *pile)
{
    int n = 0;
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        if (tt->is_abbey || !(tt->expansion & pile_sets))
            continue;
        for (int c = tt->is_start ? 1 : 0; c < tt->count; c++)
            pile[n++] = t;
    }
    for (int i = n - 1; i > 0; i--) {    /* Fisher-Yates */
        int j = rng_below(i + 1), tmp = pile[i];
        pile[i] = pile[j];
        pile[j] = tmp;
    }
    return n;
}

static void add_tile(cc_position *pos, cc_board *b, int type, int x, int y, int rot)
{
    cc_placed_tile *t = &pos->tiles[pos->ntiles++];
    t->type = type;
    t->x = x;
    t->y = y;
    t->rot = rot;
    t->owner = -1;
    cc_board_add(b, type, x, y, rot, -1);
}

/* Draw until TARGET_TILES stand; returns the index of the first pile tile
 * not drawn (a tile the placements body can ask about). */
static int grow(const cc_catalog *cat, cc_position *pos, cc_board *b, const int *pile, int npile)
{
    static cc_placement legal[CC_MAX_PLACEMENTS];
    int next = 0;
    while (pos->ntiles < TARGET_TILES) {
        if (next >= npile)
            die("the pile ran out before the target");
        int type = pile[next++];
        int n = cc_placements(b, type, legal, CC_MAX_PLACEMENTS);
        if (n == 0)
            continue;                      /* discarded, as the rules say */
        cc_placement p = legal[rng_below(n)];
        add_tile(pos, b, type, p.x, p.y, p.rot);
    }
    (void)cat;
    return next;
}

/* Meeples on distinct features, never on the last tile (the deployments
 * body asks about it). Rounds of players, as a game would deal them. */
static void deploy_meeples(cc_position *pos, const cc_features *f)
{
    static bool taken[CC_MAX_PARTS];
    int last = pos->ntiles - 1;
    for (int round = 0; round < CC_SUPPLY_MEEPLES; round++)
        for (int p = 0; p < NPLAYERS; p++) {
            for (int tries = 0; tries < 200; tries++) {
                int id = rng_below(f->nfeatures);
                const cc_feature *ft = &f->features[id];
                if (taken[id] || ft->name_tile == last)
                    continue;
                taken[id] = true;
                cc_figure *fig = &pos->figures[pos->nfigures++];
                memset(fig, 0, sizeof *fig);
                fig->player = p;
                fig->kind = CC_FIG_MEEPLE;
                fig->x = pos->tiles[ft->name_tile].x;
                fig->y = pos->tiles[ft->name_tile].y;
                fig->at = ft->name_at;
                break;
            }
        }
}

static json_object *position_json(const cc_catalog *cat, const cc_position *pos)
{
    json_object *o = json_object_new_object();
    json_object *exps = json_object_new_array();
    json_object_array_add(exps, json_object_new_string("abbey-mayor"));
    json_object_array_add(exps, json_object_new_string("hills-sheep"));
    json_object_object_add(o, "expansions", exps);
    json_object *players = json_object_new_array();
    for (int p = 0; p < pos->nplayers; p++)
        json_object_array_add(players, json_object_new_string(pos->players[p]));
    json_object_object_add(o, "players", players);
    json_object *tiles = json_object_new_array();
    for (int i = 0; i < pos->ntiles; i++) {
        const cc_placed_tile *t = &pos->tiles[i];
        json_object *jt = json_object_new_object();
        json_object_object_add(jt, "tile", json_object_new_string(cat->types[t->type].id));
        json_object_object_add(jt, "x", json_object_new_int(t->x));
        json_object_object_add(jt, "y", json_object_new_int(t->y));
        json_object_object_add(jt, "rot", json_object_new_int(90 * t->rot));
        json_object_array_add(tiles, jt);
    }
    json_object_object_add(o, "tiles", tiles);
    json_object *figs = json_object_new_array();
    for (int i = 0; i < pos->nfigures; i++) {
        const cc_figure *fg = &pos->figures[i];
        char at[8];
        json_object *jf = json_object_new_object();
        json_object_object_add(jf, "player", json_object_new_string(pos->players[fg->player]));
        json_object_object_add(jf, "kind", json_object_new_string(cc_figure_kind_name(fg->kind)));
        json_object_object_add(jf, "x", json_object_new_int(fg->x));
        json_object_object_add(jf, "y", json_object_new_int(fg->y));
        json_object_object_add(jf, "at", json_object_new_string(cc_loc_name(fg->at, at)));
        json_object_array_add(figs, jf);
    }
    json_object_object_add(o, "figures", figs);
    return o;
}

static void write_json(const char *dir, const char *name, json_object *obj, int flags)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    FILE *fp = fopen(path, "w");
    if (!fp)
        die(path);
    fputs(json_object_to_json_string_ext(obj, flags | JSON_C_TO_STRING_NOSLASHESCAPE), fp);
    fputc('\n', fp);
    if (fclose(fp) != 0)
        die(path);
    printf("wrote %s\n", path);
}

/* A body {"position": <copy>, ...extra members...}. */
static json_object *body_with(json_object *position)
{
    json_object *b = json_object_new_object();
    json_object *copy = NULL;
    json_object_deep_copy(position, &copy, NULL);
    json_object_object_add(b, "position", copy);
    return b;
}

static void make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        die(path);
}

int main(int argc, char **argv)
{
    if (argc != 2)
        die("usage: gen_position OUTDIR");
    cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why))
        die(why);

    cc_position *pos = calloc(1, sizeof *pos);
    cc_board *b = calloc(1, sizeof *b);
    cc_features *f = calloc(1, sizeof *f);
    int *pile = calloc(256, sizeof *pile);
    if (!pos || !b || !f || !pile)
        die("out of memory");
    cc_position_init(pos);
    pos->expansions = pile_sets;
    pos->nplayers = NPLAYERS;
    for (int p = 0; p < NPLAYERS; p++) {
        snprintf(pos->players[p], CC_NAME_MAX, "%s", player_names[p]);
        pos->abbeys[p] = 1;
    }
    cc_error err;
    int start = cc_catalog_find(&cat, "base.D");
    pos->tiles[pos->ntiles++] = (cc_placed_tile){ start, 0, 0, 0, -1 };
    if (!cc_board_build(b, &cat, pos, &err))
        die(err.detail);
    int npile = build_pile(&cat, pile);
    int next = grow(&cat, pos, b, pile, npile);

    if (!cc_validate(pos, &cat, b, f, &err))
        die(err.detail);
    deploy_meeples(pos, f);
    if (!cc_validate(pos, &cat, b, f, &err)) {
        fprintf(stderr, "%s: %s\n", err.pointer, err.detail);
        die("the grown position does not validate");
    }

    char dir[400];
    snprintf(dir, sizeof dir, "%s/positions", argv[1]);
    make_dir(dir);
    json_object *position = position_json(&cat, pos);
    write_json(dir, "p100", position, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED);

    snprintf(dir, sizeof dir, "%s/bodies", argv[1]);
    make_dir(dir);
    const cc_placed_tile *last = &pos->tiles[pos->ntiles - 1];
    const char *names[] = { "validate", "placements", "deployments", "score", "features" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        json_object *body = body_with(position);
        if (strcmp(names[i], "placements") == 0)
            json_object_object_add(body, "tile",
                                   json_object_new_string(cat.types[pile[next < npile ? next : 0]].id));
        if (strcmp(names[i], "deployments") == 0 || strcmp(names[i], "score") == 0) {
            json_object_object_add(body, "x", json_object_new_int(last->x));
            json_object_object_add(body, "y", json_object_new_int(last->y));
        }
        write_json(dir, names[i], body, JSON_C_TO_STRING_PLAIN);
        json_object_put(body);
    }
    json_object_put(position);
    printf("%d tiles, %d figures, %d features\n", pos->ntiles, pos->nfigures, f->nfeatures);
    free(pile);
    free(f);
    free(b);
    free(pos);
    catalog_free(&cat);
    return 0;
}
