/* render_bench.c -- how long a picture of the largest legal position takes.
 *
 * Owns: make bench-render. The position is grown by the tests' grower
 * (tests/support/random_board.h) with every expansion that has tiles (base,
 * Abbey & Mayor, Hills & Sheep, the shrines) for six players until no tile
 * is left that fits, abbeys in holes, then as many figures of every kind as
 * the supplies hold: the largest board the rules allow, and the most
 * figures. Then, with the release build, best of 7 batches:
 *   svg        the position alone
 *   svg-score  with its end-game scoring highlighted (every event's feature
 *              outlined and labelled: the heaviest picture /v1/render draws)
 *   png, png-score  the same as PNG at the default width
 * The SVG is the goal (< 5 ms: "a few milliseconds"); a PNG's time is
 * mostly zlib's, in proportion to the pixels.
 *
 * Usage: render_bench [--out DIR] [--only NAME --iterations N]
 *   --out DIR          also write the four pictures into DIR
 *   --only, --iterations  draw NAME N times untimed (for callgrind) */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../engine/scoring.h"
#include "../engine/validate.h"
#include "../service/catalog/catalog_db.h"
#include "../service/render/highlight.h"
#include "../service/render/render.h"
#include "../tests/support/random_board.h"

#define GROW_SEED 20261123u
#define FIGURE_SEED 9u
#define GOAL_SVG_US 5000.0

typedef struct {
    const cc_catalog *cat;
    cc_position pos;
    cc_board board;
    cc_features features;
    rd_highlight score;
    rd_atlas *atlas;
} bench;

static void die(const char *a, const char *b)
{
    fprintf(stderr, "render_bench: %s%s\n", a, b ? b : "");
    exit(1);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void render(bench *b, rd_format fmt, const rd_highlight *hl, rd_image *img)
{
    if (!rd_render(&b->pos, &b->features, hl, b->atlas, fmt, fmt == RD_PNG ? RD_PNG_DEFAULT_WIDTH : 0,
                   img))
        die("rd_render failed", NULL);
}

/* Best of 7 batches of about 0.2 s each, in µs per picture. */
static double time_render(bench *b, rd_format fmt, const rd_highlight *hl, size_t *bytes)
{
    rd_image img;
    long n = 1;
    for (;;) {
        double t0 = now_s();
        for (long i = 0; i < n; i++) {
            render(b, fmt, hl, &img);
            *bytes = img.len;
            rd_image_free(&img);
        }
        if (now_s() - t0 > 0.05)
            break;
        n *= 2;
    }
    n *= 4;
    double best = 1e30;
    for (int batch = 0; batch < 7; batch++) {
        double t0 = now_s();
        for (long i = 0; i < n; i++) {
            render(b, fmt, hl, &img);
            rd_image_free(&img);
        }
        double us = (now_s() - t0) * 1e6 / (double)n;
        if (us < best)
            best = us;
    }
    return best;
}

static void grow(bench *b)
{
    static const char *const names[] = { "red", "blue", "yellow", "black", "green", "pink" };
    unsigned sets = CC_EXP_ABBEY_MAYOR | CC_EXP_HILLS_SHEEP | CC_EXP_SHRINES;
    cc_position_init(&b->pos);
    b->pos.expansions = CC_EXP_BASE | sets;
    b->pos.nplayers = CC_MAX_PLAYERS;
    for (int p = 0; p < CC_MAX_PLAYERS; p++) {
        snprintf(b->pos.players[p], CC_NAME_MAX, "%s", names[p]);
        b->pos.abbeys[p] = 1;
        b->pos.scores[p][0] = 10 * p;
    }
    rb_grow(&b->pos, b->cat, CC_MAX_TILES, sets, GROW_SEED);
    rb_add_figures(&b->pos, b->cat, CC_MAX_FIGURES, 0, FIGURE_SEED);
    cc_error err;
    if (!cc_validate(&b->pos, b->cat, &b->board, &b->features, &err))
        die(err.pointer, err.detail);
    cc_score_result *r = malloc(sizeof *r);
    if (r == NULL)
        die("out of memory", NULL);
    cc_score_final(&b->pos, &b->features, r);
    rd_highlight_init(&b->score);
    if (!rd_show_score(&b->score, &b->pos, &b->features, r, true))
        die("out of memory", NULL);
    free(r);
}

static void write_picture(bench *b, const char *dir, const char *name, rd_format fmt,
                          const rd_highlight *hl)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, fmt == RD_PNG ? "png" : "svg");
    rd_image img;
    render(b, fmt, hl, &img);
    FILE *fp = fopen(path, "wb");
    if (!fp || fwrite(img.data, 1, img.len, fp) != img.len || fclose(fp) != 0)
        die(path, strerror(errno));
    rd_image_free(&img);
    printf("wrote %s\n", path);
}

int main(int argc, char **argv)
{
    const char *out = NULL, *only = NULL;
    long iterations = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--out") == 0)
            out = argv[i + 1];
        else if (strcmp(argv[i], "--only") == 0)
            only = argv[i + 1];
        else if (strcmp(argv[i], "--iterations") == 0)
            iterations = strtol(argv[i + 1], NULL, 10);
        else
            die("unknown option ", argv[i]);
    }
    static cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why))
        die("cannot load the catalog: ", why);
    bench *b = calloc(1, sizeof *b);
    if (!b)
        die("out of memory", NULL);
    b->cat = &cat;
    double t0 = now_s();
    b->atlas = rd_atlas_new(&cat);   /* as the service does at start */
    if (b->atlas == NULL)
        die("out of memory", NULL);
    printf("render atlas      %9.0f µs once, at start (%d tile types)\n", (now_s() - t0) * 1e6,
           cat.ntypes);
    grow(b);
    printf("(largest legal position: %d tiles, %d figures, %d features, %d players; "
           "its end-game scoring: %d highlights)\n",
           b->pos.ntiles, b->pos.nfigures, b->features.nfeatures, b->pos.nplayers, b->score.nmarks);
    struct {
        const char *name;
        rd_format fmt;
        const rd_highlight *hl;
    } runs[] = {
        { "svg", RD_SVG, NULL },
        { "svg-score", RD_SVG, &b->score },
        { "png", RD_PNG, NULL },
        { "png-score", RD_PNG, &b->score },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        if (only && strcmp(only, runs[i].name) != 0)
            continue;
        if (iterations > 0) {
            for (long k = 0; k < iterations; k++) {
                rd_image img;
                render(b, runs[i].fmt, runs[i].hl, &img);
                rd_image_free(&img);
            }
            continue;
        }
        size_t bytes = 0;
        double us = time_render(b, runs[i].fmt, runs[i].hl, &bytes);
        printf("render %-10s %9.0f µs/picture  %8zu bytes", runs[i].name, us, bytes);
        if (runs[i].fmt == RD_SVG)
            printf("   (goal < %.0f µs: %s)", GOAL_SVG_US, us < GOAL_SVG_US ? "ok" : "MISSED");
        else
            printf("   (%d px wide)", RD_PNG_DEFAULT_WIDTH);
        printf("\n");
        if (out)
            write_picture(b, out, runs[i].name, runs[i].fmt, runs[i].hl);
    }
    rd_highlight_free(&b->score);
    rd_atlas_free(b->atlas);
    free(b);
    catalog_free(&cat);
    rd_release_caches();
    return 0;
}
