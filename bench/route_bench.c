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
 * Usage: route_bench [--only ROUTE] [--iterations N]
 * ROUTE is one of validate, placements, deployments, score, features.
 * Without --iterations it prints µs per request (best of 7 batches of
 * about 0.2 s); with them it runs exactly N requests of each route asked
 * and prints nothing (bench/callgrind.sh: N = 11 minus N = 1). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../service/catalog/catalog_db.h"
#include "../service/service.h"

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
} route_case;

static void ask(const route_case *rc)
{
    svc_response res;
    svc_dispatch(rc->ctx, "POST", rc->path, rc->body, rc->len, &res);
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

/* Best of 7 batches of about 0.2 s each, in µs per request. */
static double time_route(const route_case *rc)
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
    n *= 4;
    double best = 1e30;
    for (int batch = 0; batch < 7; batch++) {
        double t0 = now_s();
        for (long i = 0; i < n; i++)
            ask(rc);
        double us = (now_s() - t0) * 1e6 / (double)n;
        if (us < best)
            best = us;
    }
    return best;
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    long iterations = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--iterations") == 0 && i + 1 < argc)
            iterations = strtol(argv[++i], NULL, 10);
        else
            die("unknown argument ", argv[i]);
    }
    static cc_catalog cat;
    char why[256];
    if (!catalog_load_default(&cat, why, sizeof why))
        die("cannot load the catalog: ", why);
    svc_context ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.cat = &cat;
    for (size_t r = 0; r < NROUTES; r++) {
        if (only && strcmp(only, route_names[r]) != 0)
            continue;
        route_case rc = { .ctx = &ctx };
        char file[96];
        snprintf(rc.path, sizeof rc.path, "/v1/%s", route_names[r]);
        snprintf(file, sizeof file, "bench/bodies/%s.json", route_names[r]);
        rc.body = read_file(file, &rc.len);
        if (iterations > 0) {
            for (long k = 0; k < iterations; k++)
                ask(&rc);
        } else {
            printf("route  %-11s %8.2f µs/request\n", route_names[r], time_route(&rc));
        }
        free(rc.body);
    }
    catalog_free(&cat);
    return 0;
}
