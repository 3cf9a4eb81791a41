/* fuzz_dispatch.c -- libFuzzer harness: every route through svc_dispatch().
 *
 * Owns nothing but the harness. The first input byte picks the route (modulo
 * fuzz_routes.h), the rest is the request body; the last entry instead
 * treats the rest as a GET path, so tile ids and unknown routes are fuzzed
 * too. svc_dispatch() is the pure (method, path, body) -> response function
 * that service/http/http.c calls, so this covers decoding, validation, every
 * question's engine code and the encoder, without sockets.
 *
 * Besides "does not crash or leak" it checks what the contract promises of
 * every answer: a status the contract names, a body of the stated length,
 * and valid UTF-8 in the body (a PNG aside) and every header (issue 35). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_catalog.h"
#include "../service/render/render.h"
#include "../service/service.h"
#include "fuzz_routes.h"

static cc_catalog catalog;
static svc_context ctx;
static rd_atlas *atlas;

static void release(void)
{
    rd_atlas_free(atlas);
    atlas = NULL;
    rd_release_caches();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    fuzz_load_catalog(&catalog, "fuzz_dispatch");
    /* The document and the page are only served, never parsed: stand-ins
     * keep the harness independent of the build's embedding step. */
    static const char yaml[] = "openapi: 3.1.0\n";
    static const char html[] = "<!doctype html><title>docs</title>";
    ctx.cat = &catalog;
    ctx.openapi_yaml = yaml;
    ctx.openapi_len = sizeof yaml - 1;
    ctx.docs_html = html;
    ctx.docs_len = sizeof html - 1;
    /* Pictures: the tile geometry made once, as the service makes it at
     * start, and the fonts loaded before the first input (fontconfig keeps
     * process-wide caches, some of them out of LeakSanitizer's sight, which
     * would be charged to whichever input drew text first). Released at
     * exit, before LeakSanitizer looks. */
    atlas = rd_atlas_new(&catalog);
    ctx.atlas = atlas;
    static const char warm[] = "\xe0image/png\nwidth=64\n{\"position\": {\"players\": [\"a\", \"b\"], "
                               "\"tiles\": [{\"tile\": \"base.D\", \"x\": 0, \"y\": 0, \"rot\": 0}], "
                               "\"figures\": []}, \"show\": {\"last\": {\"x\": 0, \"y\": 0}}}";
    svc_response res;
    fuzz_dispatch_input(&ctx, (const uint8_t *)warm, sizeof warm - 1, &res);
    svc_response_free(&res);
    atexit(release);
    return 0;
}

/* Read the whole body so ASan proves len bytes really are there. */
static void touch_every_byte(const char *body, size_t len)
{
    volatile unsigned char sum = 0;
    for (size_t i = 0; i < len; i++)
        sum ^= (unsigned char)body[i];
    (void)sum;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    svc_response res;
    fuzz_dispatch_input(&ctx, data, size, &res);

    if (!fuzz_status_allowed(res.status)) {
        fprintf(stderr, "status %d is not one the contract names\n", res.status);
        abort();
    }
    const char *body = res.body ? res.body : res.static_body;
    if (res.len > 0 && body == NULL) {
        fprintf(stderr, "response claims %zu bytes but has no body\n", res.len);
        abort();
    }
    touch_every_byte(body, res.len);
    const char *bad = fuzz_not_utf8(&res);
    if (bad != NULL) {
        fprintf(stderr, "%s of a %d answer is not valid UTF-8\n", bad, res.status);
        abort();
    }
    svc_response_free(&res);
    return 0;
}
