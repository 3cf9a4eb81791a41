/* route_bench.c -- one whole question without HTTP: instructions per route.
 *
 * Owns: the route-level workload of `make bench-callgrind`. For each hot
 * route it sends the body of bench/bodies/<route>.json through
 * svc_dispatch() -- decoding, validation, the engine's question, the
 * answer written, everything the service does for a request except the
 * sockets -- and checks that the answer is 200. Instruction counts of
 * this do not depend on load, so they show where a route's time goes and
 * compare between commits; `make bench` gives the same routes over HTTP.
 *
 * Usage: route_bench [--only ROUTE] [--iterations N] [--lang CODE] [--body FILE] [--cold]
 *        route_bench --languages | --layouts [--cold]
 * ROUTE is one of validate, placements, deployments, score, features.
 * --lang asks in that language (?lang=CODE); --body sends FILE instead (with
 * --only: bench/layouts.sh's callgrind of one layout). --languages (make bench-lang,
 * issues 15 and 34) times placements and score in English (no lang=, no
 * header) against every language of the table (?lang=CODE; German also by
 * a browser's Accept-Language "de-DE,de;q=0.9,en;q=0.8"), in interleaved
 * rounds, best of each, and prints the ratios: a language must cost about
 * what English costs (within 5%).
 * --layouts (make bench-layouts, issue 37) does the same for placements on
 * one position in each layout of its folder (compact, Python's spacing,
 * pretty-printed, members reversed, UTF-8 names...), for the 67-tile
 * position of bench/bodies/layouts-67/ and the 100-tile one of
 * bench/bodies/layouts/: the ratios to compact.
 * Without --iterations it prints µs per request (best of 7 batches of
 * about 0.2 s); with them it runs exactly N requests of each route asked
 * and prints nothing (bench/callgrind.sh: N = 11 minus N = 1).
 * --cold writes over a buffer of COLD_BYTES before each request, so that
 * the request finds none of its code or data in the core's caches: what a
 * server's request meets when the kernel's network work and other
 * processes ran on the core since the one before (a loop of one request
 * keeps everything in L1 and L2, which no server sees). The time printed
 * leaves the writing out; bench/callgrind.sh counts the cache lines such a
 * request fetches from beyond L2 (issue 37, round 5). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../service/catalog/catalog_db.h"
#include "../service/service.h"
#include "../service/text/lang.h"

static const char *const route_names[] = {
    "validate", "placements", "deployments", "score", "features",
};
#define NROUTES (sizeof route_names / sizeof route_names[0])

static void die(const char *a, const char *b)
{
    fprintf(stderr, "route_bench: %s%s\n", a, b ? b : "");
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

typedef struct {
    const svc_context *ctx;
    char path[64];
    char *body;
    size_t len;
    const char *accept_language;   /* NULL: none */
} route_case;

/* --cold: twice the L2 of the cores measured (512 KB), in 64-byte lines. */
#define COLD_BYTES (2u << 20)
static unsigned char *cold;     /* NULL: requests run warm */

/* Every line of the cold buffer written, evicting what the caches held. */
static void evict_caches(void)
{
    for (size_t i = 0; i < COLD_BYTES; i += 64)
        ((volatile unsigned char *)cold)[i]++;
}

static void ask(const route_case *rc)
{
    if (cold != NULL)
        evict_caches();
    svc_response res;
    svc_request req = { .method = "POST", .path = rc->path, .body = rc->body, .len = rc->len,
                        .content_type = "application/json",
                        .accept_language = rc->accept_language };
    svc_handle(rc->ctx, &req, &res);
    if (res.status != 200)
        die("a route did not answer 200: ", rc->path);
    svc_response_free(&res);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* How many requests make a batch of about 0.2 s. */
static long batch_size(const route_case *rc)
{
    long n = 1;
    for (;;) {
        double t0 = now_s();
        for (long i = 0; i < n; i++)
            ask(rc);
        if (now_s() - t0 > 0.05)
            break;
        n *= 2;
    }
    return n * 4;
}

/* One batch of n requests, in µs per request (with --cold, less the time
 * the evictions alone take). */
static double time_batch(const route_case *rc, long n)
{
    double t0 = now_s();
    for (long i = 0; i < n; i++)
        ask(rc);
    double t1 = now_s(), evicting = 0;
    if (cold != NULL) {
        for (long i = 0; i < n; i++)
            evict_caches();
        evicting = now_s() - t1;
    }
    return (t1 - t0 - evicting) * 1e6 / (double)n;
}

/* Best of 7 batches of about 0.2 s each, in µs per request. */
static double time_route(const route_case *rc)
{
    long n = batch_size(rc);
    double best = 1e30;
    for (int batch = 0; batch < 7; batch++) {
        double us = time_batch(rc, n);
        if (us < best)
            best = us;
    }
    return best;
}

#define MOST_CASES (TXT_LANGUAGES_MAX + 1)   /* every language, and German asked twice */

/* Interleaved rounds of cases[0..n) (a load change hits all alike; n at
 * most MOST_CASES), best batch of each, printed with its ratio to cases[0]. */
static void compare(const char *route, const route_case *cases, const char *const *names, int n)
{
    long batch = batch_size(&cases[0]);
    double best[MOST_CASES];
    for (int c = 0; c < n; c++)
        best[c] = 1e30;
    for (int round = 0; round < 15; round++)
        for (int c = 0; c < n; c++) {
            double us = time_batch(&cases[c], batch);
            if (us < best[c])
                best[c] = us;
        }
    for (int c = 0; c < n; c++)
        printf("%-14s %-23s %8.2f µs/request  ratio to %s %.3f\n", route, names[c], best[c],
               names[0], best[c] / best[0]);
}

/* --languages: for placements (no sentence: what a language adds is the
 * negotiation) and score (its explanations are sentences in the language),
 * English against every language of the table asked by ?lang=, and German
 * by a browser's Accept-Language too. */
static void compare_route(const svc_context *ctx, const char *route)
{
    char file[96];
    size_t len, nlang;
    snprintf(file, sizeof file, "bench/bodies/%s.json", route);
    char *body = read_file(file, &len);
    const txt_language *langs = txt_languages(&nlang);
    route_case cases[MOST_CASES] = { { .ctx = ctx } };
    char text[MOST_CASES][40];
    const char *names[MOST_CASES];
    int n = 0;
    for (size_t l = 0; l < nlang && n + 2 <= MOST_CASES; l++) {
        cases[n] = (route_case){ .ctx = ctx, .body = body, .len = len };
        if (l == 0) {
            snprintf(cases[n].path, sizeof cases[n].path, "/v1/%s", route);
            snprintf(text[n++], sizeof text[0], "en");
            continue;
        }
        snprintf(cases[n].path, sizeof cases[n].path, "/v1/%s?lang=%s", route, langs[l].code);
        snprintf(text[n++], sizeof text[0], "%s (?lang=%s)", langs[l].code, langs[l].code);
        if (strcmp(langs[l].code, "de") == 0) {
            cases[n] = (route_case){ .ctx = ctx, .body = body, .len = len,
                                     .accept_language = "de-DE,de;q=0.9,en;q=0.8" };
            snprintf(cases[n].path, sizeof cases[n].path, "/v1/%s", route);
            snprintf(text[n++], sizeof text[0], "de (Accept-Language)");
        }
    }
    for (int c = 0; c < n; c++)
        names[c] = text[c];
    compare(route, cases, names, n);
    free(body);
}

static void compare_languages(const svc_context *ctx)
{
    compare_route(ctx, "placements");
    compare_route(ctx, "score");
}

/* --layouts (issue 37): placements on one position in each layout of its
 * folder (bench/layouts.py), for both positions of bench/layouts.sh: the
 * issue's late game (67 tiles) and the heavier 100-tile one. */
static const char *const layout_names[] = {
    "compact", "python", "pretty", "reversed", "utf8", "python-utf8",
};
#define NLAYOUTS (int)(sizeof layout_names / sizeof layout_names[0])

static void compare_layouts_in(const svc_context *ctx, const char *dir, const char *label)
{
    route_case cases[NLAYOUTS];
    for (int c = 0; c < NLAYOUTS; c++) {
        char file[96];
        snprintf(file, sizeof file, "%s/%s.json", dir, layout_names[c]);
        cases[c] = (route_case){ .ctx = ctx, .path = "/v1/placements" };
        cases[c].body = read_file(file, &cases[c].len);
    }
    compare(label, cases, layout_names, NLAYOUTS);
    for (int c = 0; c < NLAYOUTS; c++)
        free(cases[c].body);
}

static void compare_layouts(const svc_context *ctx)
{
    compare_layouts_in(ctx, "bench/bodies/layouts-67", "placements 67");
    compare_layouts_in(ctx, "bench/bodies/layouts", "placements 100");
}

int main(int argc, char **argv)
{
    const char *only = NULL, *lang = NULL, *body = NULL;
    long iterations = 0;
    bool languages = false, layouts = false, want_cold = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc)
            iterations = strtol(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--body") == 0 && i + 1 < argc)
            body = argv[++i];
        else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            lang = argv[++i];
        else if (strcmp(argv[i], "--languages") == 0)
            languages = true;
        else if (strcmp(argv[i], "--layouts") == 0)
            layouts = true;
        else if (strcmp(argv[i], "--cold") == 0)
            want_cold = true;
        else
            die("unknown argument ", argv[i]);
    }
    if (want_cold && (cold = calloc(1, COLD_BYTES)) == NULL)
        die("no memory for --cold", NULL);
    static cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why))
        die("cannot load the catalog: ", why);
    svc_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.cat = &cat;
    if (languages || layouts) {
        if (languages)
            compare_languages(&ctx);
        else
            compare_layouts(&ctx);
        catalog_free(&cat);
        free(cold);
        return 0;
    }
    for (size_t r = 0; r < NROUTES; r++) {
        if (only && strcmp(only, route_names[r]) != 0)
            continue;
        route_case rc = { .ctx = &ctx };
        char file[96];
        snprintf(rc.path, sizeof rc.path, "/v1/%s%s%.20s", route_names[r], lang ? "?lang=" : "",
                 lang ? lang : "");
        snprintf(file, sizeof file, "bench/bodies/%s.json", route_names[r]);
        rc.body = read_file(body ? body : file, &rc.len);
        if (iterations > 0) {
            for (long k = 0; k < iterations; k++)
                ask(&rc);
        } else {
            printf("route  %-11s %8.2f µs/request\n", route_names[r], time_route(&rc));
        }
        free(rc.body);
    }
    catalog_free(&cat);
    free(cold);
    return 0;
}
