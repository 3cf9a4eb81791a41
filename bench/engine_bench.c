/* engine_bench.c -- the engine alone, timed: microseconds per operation.
 *
 * Owns: the engine-only microbenchmark of `make bench` and the workload of
 * `make bench-callgrind`. It reads one request body (default
 * bench/bodies/placements.json: the 100-tile position and a tile to place),
 * then times, each in a loop on the same inputs:
 *   decode      JSON text -> cc_position (service/wire/decode.h), for scale
 *   validate    cc_validate: board + feature graph (every route pays this)
 *   board       cc_validate_board: the board and its checks without the
 *               feature graph (what a placements request pays)
 *   placements  cc_placements of the body's tile on the built board
 *               (goal: under 20 µs)
 *   final       cc_score_final on the whole board (goal: under 50 µs)
 *   import72    a whole base game (72 tiles, 71 turns) saved as a .jcz,
 *               imported as POST /v1/import/jcz does it: the strict parse,
 *               jcz_read, every turn replayed through cc_turn (goal: under
 *               50 ms). The game is played by engine/random_game.h (seed 1,
 *               two players) and written by service/jcz/jcz_write.h at start.
 *
 * A missed goal is reported, not fatal: on a busy machine the wall clock
 * lies, and bench/callgrind.sh's instruction counts are the figures to
 * compare. --strict makes a missed goal the exit status.
 *
 * Usage: engine_bench [BODY.json] [--only NAME] [--iterations N] [--strict]
 * Without --iterations each operation runs in batches of about 0.2 s and the
 * best batch is reported (the least disturbed by the other core's work).
 * With --only and --iterations it runs exactly N times and prints nothing
 * else: bench/callgrind.sh counts the instructions of N = 1 and N = 11 and
 * divides the difference by 10, so set-up cost cancels out. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/placement.h"
#include "../engine/random_game.h"
#include "../engine/scoring.h"
#include "../engine/validate.h"
#include "../service/catalog/catalog_db.h"
#include "../service/jcz/jcz_replay.h"
#include "../service/jcz/jcz_write.h"
#include "../service/wire/decode.h"

typedef struct {
    const cc_catalog *cat;
    char *text;              /* the body */
    size_t len;
    int tile;                /* catalog type to place */
    cc_position pos;
    cc_board board;
    cc_features features;
    cc_score_result score;
    cc_placement legal[CC_MAX_PLACEMENTS];
    char *jcz;               /* the whole game, as a .jcz */
    jcz_replay_result replayed;
    volatile int sink;       /* results go here so no loop is optimised away */
} bench;

static void die(const char *a, const char *b)
{
    fprintf(stderr, "engine_bench: %s%s\n", a, b ? b : "");
    exit(1);
}

static char *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        die("cannot open ", path);
    fseek(fp, 0, SEEK_END);
    long n = ftell(fp);
    rewind(fp);
    char *buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, fp) != (size_t)n)
        die("cannot read ", path);
    buf[n] = '\0';
    fclose(fp);
    *len = (size_t)n;
    return buf;
}

static void op_decode(bench *b)
{
    jr_doc doc;
    dec_lanes lanes;
    jr_obj root;
    cc_error err;
    dec_lanes_init(&lanes, b->cat);
    bool ok = dec_parse(b->text, b->len, &lanes, &doc, &root, &err) &&
              dec_position(&root, b->cat, &b->pos, &err);
    jr_doc_free(&doc);
    if (!ok)
        die("the body does not decode: ", err.detail);
}

static void op_validate(bench *b)
{
    cc_error err;
    if (!cc_validate(&b->pos, b->cat, &b->board, &b->features, &err))
        die("the position is not valid: ", err.detail);
}

static void op_board(bench *b)
{
    cc_error err;
    if (!cc_validate_board(&b->pos, b->cat, &b->board, &err))
        die("the position is not valid: ", err.detail);
}

static void op_placements(bench *b)
{
    b->sink = cc_placements(&b->board, b->tile, b->legal, CC_MAX_PLACEMENTS);
}

static void op_final(bench *b)
{
    cc_score_final(&b->pos, &b->features, &b->score);
    b->sink = b->score.nevents;
}

/* A whole base game, played and saved as the .jcz the import op reads. */
static void make_game(bench *b)
{
    cc_game_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.seed = 1;
    setup.nplayers = 2;
    snprintf(setup.players[0], CC_NAME_MAX, "Ann");
    snprintf(setup.players[1], CC_NAME_MAX, "Bob");
    cc_error err;
    cc_game *g = cc_game_new(b->cat, &setup, &err);
    jcz_writer *w = g ? jcz_writer_new(cc_game_position(g), b->cat, "bench", NULL, &err) : NULL;
    if (w == NULL)
        die("cannot start the game: ", err.detail);
    const cc_game_turn *t;
    while (cc_game_step(g, &t, &err) == 1) {
        bool ok = true;
        for (int i = 0; i < t->ndiscarded && ok; i++)
            ok = jcz_writer_discard(w, t->discarded[i], &err);
        if (ok)
            ok = t->moved ? jcz_writer_play(w, &t->move, &err) : jcz_writer_pass(w, &err);
        if (!ok)
            die("cannot save the game: ", err.detail);
    }
    jw out;
    jw_init(&out);
    jcz_writer_finish(w, &out);
    size_t len;
    b->jcz = jw_take(&out, &len);
    if (b->jcz == NULL)
        die("out of memory", NULL);
    jcz_writer_free(w);
    cc_game_free(g);
}

static void op_import72(bench *b)
{
    jr_doc doc;
    jr_obj root;
    cc_error err;
    jcz_game g;
    if (!dec_parse(b->jcz, strlen(b->jcz), NULL, &doc, &root, &err) ||
        !jcz_read(&root, b->cat, &g, &err) ||
        !jcz_replay(&g, b->cat, -1, NULL, NULL, NULL, &b->replayed, &err))
        die("the saved game does not import: ", err.detail);
    b->sink = b->replayed.turns;
    jcz_game_free(&g);
    jr_doc_free(&doc);
}

typedef struct {
    const char *name;
    void (*run)(bench *);
    double goal_us;          /* 0: no goal */
} op;

static const op ops[] = {
    { "decode", op_decode, 0 },
    { "validate", op_validate, 0 },
    { "board", op_board, 0 },
    { "placements", op_placements, 20 },
    { "final", op_final, 50 },
    { "import72", op_import72, 50000 },
};
#define NOPS (sizeof ops / sizeof ops[0])

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Best of 7 batches of about 0.2 s each, in µs per call. */
static double time_op(const op *o, bench *b)
{
    long n = 1;
    for (;;) {                              /* size a batch */
        double t0 = now_s();
        for (long i = 0; i < n; i++)
            o->run(b);
        if (now_s() - t0 > 0.05)
            break;
        n *= 2;
    }
    n *= 4;
    double best = 1e30;
    for (int batch = 0; batch < 7; batch++) {
        double t0 = now_s();
        for (long i = 0; i < n; i++)
            o->run(b);
        double us = (now_s() - t0) * 1e6 / (double)n;
        if (us < best)
            best = us;
    }
    return best;
}

static void load_tile(bench *b)
{
    jr_doc doc;
    jr_obj root;
    cc_error err;
    if (!dec_parse(b->text, b->len, NULL, &doc, &root, &err))
        die("the body is not JSON: ", err.detail);
    dec_text id = { "base.V", 6 };
    bool present;
    if (!dec_string(&root, "tile", "", false, &id, &present, &err))
        die("the body's tile: ", err.detail);
    b->tile = cc_catalog_find(b->cat, id.s);
    jr_doc_free(&doc);
    if (b->tile < 0)
        die("unknown tile ", id.s);
}

int main(int argc, char **argv)
{
    const char *path = "bench/bodies/placements.json", *only = NULL;
    long iterations = 0;
    bool strict = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc)
            iterations = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--strict") == 0)
            strict = true;
        else
            path = argv[i];
    }
    static cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why))
        die("cannot load the catalog: ", why);
    bench *b = calloc(1, sizeof *b);
    if (!b)
        die("out of memory", NULL);
    b->cat = &cat;
    b->text = read_file(path, &b->len);
    load_tile(b);
    op_decode(b);                 /* every op below needs the position ... */
    op_validate(b);               /* ... and the board and features */
    make_game(b);

    int failed = 0;
    for (size_t i = 0; i < NOPS; i++) {
        if (only && strcmp(only, ops[i].name) != 0)
            continue;
        if (iterations > 0) {
            for (long k = 0; k < iterations; k++)
                ops[i].run(b);
            continue;
        }
        double us = time_op(&ops[i], b);
        if (ops[i].goal_us > 0) {
            bool ok = us < ops[i].goal_us;
            failed |= !ok;
            printf("engine %-11s %8.2f µs/op   (goal < %.0f µs: %s)\n", ops[i].name, us,
                   ops[i].goal_us, ok ? "ok" : "MISSED");
        } else {
            printf("engine %-11s %8.2f µs/op\n", ops[i].name, us);
        }
    }
    if (iterations == 0 && !only)
        printf("(%d tiles, %d figures, %d features; %d legal placements of %s)\n",
               b->pos.ntiles, b->pos.nfigures, b->features.nfeatures,
               cc_placements(&b->board, b->tile, b->legal, CC_MAX_PLACEMENTS),
               cat.types[b->tile].id);
    free(b->jcz);
    free(b->text);
    free(b);
    catalog_free(&cat);
    return strict ? failed : 0;
}
