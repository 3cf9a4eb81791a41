/* gen_position.c -- the benchmark's 100-tile position, grown by the rules.
 *
 * Owns: writing bench/positions/p100.json and the request bodies of
 * bench/bodies/ (make bench-bodies), and bench/positions/placements-67.json:
 * the placements question on a position grown the same way to 67 tiles
 * and 27 figures, the late game issue 37 measured, from which
 * bench/layouts.py writes bench/bodies/layouts-67/. It is not in
 * bench/bodies/, which holds one body per route (bench/bodies/ROUTE.json,
 * POST /v1/ROUTE: the profile's training and tools/soak.sh read it so).
 *
 * The board is grown by the tests' own grower (tests/support/random_board.h:
 * random legal tiles of base, Abbey & Mayor and Hills & Sheep, abbeys into
 * holes) to 100 tiles, then figures of
 * every kind the expansions allow (meeples, mayors, wagons, barns,
 * shepherds with flocks) are stood on random legal spots for four players,
 * so every scoring rule has work to do. The position is validated by the
 * engine and written by the service's own encoder (enc_position), exactly
 * as /v1/turn would answer it. Fixed seeds: the files are reproducible;
 * regenerate them only when the catalog or the grower changes.
 *
 * Bodies: validate and features {position}; placements adds a tile type
 * that still has copies left; deployments asks about the last tile placed
 * (x, y); score asks for the end-game scoring (final: true), the heaviest
 * scoring question.
 *
 * Usage: gen_position OUTDIR   (writes OUTDIR/positions/, OUTDIR/bodies/) */
#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../engine/validate.h"
#include "../service/catalog/catalog_db.h"
#include "../service/wire/encode_position.h"
#include "../tests/support/random_board.h"

#define TARGET_TILES 100
#define TARGET_FIGURES 40
#define LATE_GAME_TILES 67         /* issue 37's position */
#define LATE_GAME_FIGURES 27
#define NPLAYERS 4
#define GROW_SEED 20261121u
#define FIGURE_SEED 6u

static const char *const player_names[NPLAYERS] = { "red", "blue", "green", "yellow" };

static void die(const char *what, const char *why)
{
    fprintf(stderr, "gen_position: %s%s%s\n", what, why ? ": " : "", why ? why : "");
    exit(1);
}

static void make_dir(const char *path)
{
    if (mkdir(path, 0755) != 0 && errno != EEXIST)
        die(path, strerror(errno));
}

static void write_json(const char *dir, const char *name, json_object *obj, int flags)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.json", dir, name);
    FILE *fp = fopen(path, "w");
    if (!fp)
        die(path, strerror(errno));
    fputs(json_object_to_json_string_ext(obj, flags | JSON_C_TO_STRING_NOSLASHESCAPE), fp);
    fputc('\n', fp);
    if (fclose(fp) != 0)
        die(path, strerror(errno));
    printf("wrote %s\n", path);
}

/* A land tile type of the position's sets with a copy not on the board. */
static int spare_tile(const cc_catalog *cat, const cc_position *pos)
{
    for (int t = 0; t < cat->ntypes; t++) {
        const cc_tile_type *tt = &cat->types[t];
        if (tt->is_abbey || !(tt->expansion & pos->expansions))
            continue;
        int used = 0;
        for (int i = 0; i < pos->ntiles; i++)
            used += pos->tiles[i].type == t;
        if (used < tt->count)
            return t;
    }
    die("no tile type has a copy left", NULL);
    return -1;
}

/* {"position": <copy>} plus the members of one question. */
static json_object *body(json_object *position)
{
    json_object *b = json_object_new_object(), *copy = NULL;
    if (json_object_deep_copy(position, &copy, NULL) != 0)
        die("out of memory", NULL);
    json_object_object_add(b, "position", copy);
    return b;
}

/* pos: four players, base + Abbey & Mayor + Hills & Sheep, grown to
 * ntiles tiles and up to nfigures figures (fixed seeds), validated; b and
 * f are the validation's work space. Returns the figures stood. */
static int grow_position(const cc_catalog *cat, int ntiles, int nfigures, cc_position *pos,
                         cc_board *b, cc_features *f)
{
    unsigned sets = CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP;
    cc_position_init(pos);
    pos->expansions = CC_EXP_BASE | sets;
    pos->nplayers = NPLAYERS;
    for (int p = 0; p < NPLAYERS; p++) {
        snprintf(pos->players[p], CC_NAME_MAX, "%s", player_names[p]);
        pos->abbeys[p] = 1;
    }
    if (rb_grow(pos, cat, ntiles, sets, GROW_SEED) != ntiles)
        die("the grower stopped short of the target", NULL);
    int nfig = rb_add_figures(pos, cat, nfigures, 0, FIGURE_SEED);
    cc_error err;
    if (!cc_validate(pos, cat, b, f, &err))
        die(err.pointer, err.detail);
    return nfig;
}

/* pos as the service's encoder writes it, read back by json-c to build the
 * request bodies around it (a cold tool, not the request path). */
static json_object *encoded(const cc_position *pos, const cc_catalog *cat)
{
    jw w;
    jw_init(&w);
    enc_position(&w, pos, cat);
    json_object *position = jw_failed(&w) ? NULL : json_tokener_parse(w.buf);
    jw_free(&w);
    if (!position)
        die("the position does not encode", NULL);
    return position;
}

/* {"position": <position>, "tile": <a type with a copy left>} */
static json_object *placements_body(json_object *position, const cc_catalog *cat,
                                    const cc_position *pos)
{
    json_object *q = body(position);
    json_object_object_add(q, "tile", json_object_new_string(cat->types[spare_tile(cat, pos)].id));
    return q;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        die("usage: gen_position OUTDIR", NULL);
    cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why))
        die("cannot load the catalog", why);
    cc_position *pos = calloc(1, sizeof *pos);
    cc_board *b = calloc(1, sizeof *b);
    cc_features *f = calloc(1, sizeof *f);
    if (!pos || !b || !f)
        die("out of memory", NULL);

    char dir[400];
    snprintf(dir, sizeof dir, "%s/positions", argv[1]);
    make_dir(argv[1]);
    make_dir(dir);
    int nfig = grow_position(&cat, LATE_GAME_TILES, LATE_GAME_FIGURES, pos, b, f);
    json_object *position = encoded(pos, &cat);
    json_object *q = placements_body(position, &cat, pos);
    write_json(dir, "placements-67", q, JSON_C_TO_STRING_PLAIN);
    json_object_put(q);
    json_object_put(position);
    printf("%d tiles, %d figures, %d features\n", pos->ntiles, nfig, f->nfeatures);

    nfig = grow_position(&cat, TARGET_TILES, TARGET_FIGURES, pos, b, f);
    position = encoded(pos, &cat);
    write_json(dir, "p100", position, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED);

    snprintf(dir, sizeof dir, "%s/bodies", argv[1]);
    make_dir(dir);
    const cc_placed_tile *last = &pos->tiles[pos->ntiles - 1];
    q = body(position);
    write_json(dir, "validate", q, JSON_C_TO_STRING_PLAIN);
    write_json(dir, "features", q, JSON_C_TO_STRING_PLAIN);
    json_object_put(q);
    q = placements_body(position, &cat, pos);
    write_json(dir, "placements", q, JSON_C_TO_STRING_PLAIN);
    json_object_put(q);
    q = body(position);
    json_object_object_add(q, "x", json_object_new_int(last->x));
    json_object_object_add(q, "y", json_object_new_int(last->y));
    write_json(dir, "deployments", q, JSON_C_TO_STRING_PLAIN);
    json_object_put(q);
    q = body(position);
    json_object_object_add(q, "final", json_object_new_boolean(1));
    write_json(dir, "score", q, JSON_C_TO_STRING_PLAIN);
    json_object_put(q);

    printf("%d tiles, %d figures, %d features\n", pos->ntiles, nfig, f->nfeatures);
    json_object_put(position);
    free(f);
    free(b);
    free(pos);
    catalog_free(&cat);
    return 0;
}
