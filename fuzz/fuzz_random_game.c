/* fuzz_random_game.c -- libFuzzer harness: POST /v1/games/random bodies.
 *
 * Owns nothing but the harness. The input is the request body; it goes
 * through svc_dispatch() like any request, so this covers the route's
 * reading of seed, players, expansions, options and turns, and, for every
 * body that reads as a setup, a whole game played by the engine's
 * generator (engine/random_game.c) and written out. Besides "does not
 * crash, hang or leak" it checks what the contract promises of every
 * answer (a status it names, a body of the stated length) and that the
 * engine never refuses a move it generated (that would be a 500). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_catalog.h"
#include "../service/service.h"
#include "fuzz_routes.h"

static cc_catalog catalog;
static svc_context ctx;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_catalog(&catalog, "fuzz_random_game");
    ctx.cat = &catalog;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    svc_response res;
    svc_dispatch(&ctx, "POST", "/v1/games/random", (const char *)data, size, &res);
    if (!fuzz_status_allowed(res.status)) {
        fprintf(stderr, "status %d is not one the contract names: %.300s\n", res.status,
                res.body ? res.body : "");
        abort();
    }
    if (res.len > 0 && res.body == NULL) {
        fprintf(stderr, "response claims %zu bytes but has no body\n", res.len);
        abort();
    }
    volatile unsigned char sum = 0;
    for (size_t i = 0; i < res.len; i++)
        sum ^= (unsigned char)res.body[i];
    (void)sum;
    svc_response_free(&res);
    return 0;
}
